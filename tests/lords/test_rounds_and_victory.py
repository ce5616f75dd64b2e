"""Build Monument and the round's end, Monster and Event Phases, drafts, victory conditions."""

from __future__ import annotations

from pathlib import Path

import pytest

from hellas.core.errors import ContentError
from hellas.games.lords import GAME
from hellas.games.lords.board import check_victory, land_regions
from hellas.games.lords.content import LANDS, base, load
from hellas.games.lords.monster_phase import region_attack
from hellas.games.lords.phases import event_card, event_phase

from .helpers import R, clear_board, evolve, keys, play, put, started


def test_build_monument_resets_the_round() -> None:
    """Build Monument: "All Priests are removed from all Monuments ... The player using this
    Special Action (and only that player) receives as many Priests as the number of Temples
    he/she controls ... All players remove their Used Action Tokens and charge their Artifacts.
    Proceed with the Monster Phase and Event Phase."."""
    s = started(3, starts=("epirus", "crete", "elis"))
    p = s.current
    clear_board(s)
    s.monument_priests[0] = [0, 1]
    s.used = [5, 3, 1]
    s.artifact_charged = [False, False, False]
    for r in ("epirus", "crete"):
        s.temples[R(r)] = 1
        s.control[R(r)] = p
    events_before = len(s.event_deck) + len(s.event_discard)
    play(s, "monument:zeus")
    while s.stack and s.stack[-1]["k"] in ("monsters", "mmove", "mmode", "sphinx"):
        play(s, keys(s)[0])
    assert s.monument[0] == 2 and s.monument_priests[0] == []
    assert s.priests[p] == 2 and s.used == [0, 0, 0] and all(s.artifact_charged)
    assert s.current != p  # the round ended and play went on
    assert len(s.event_deck) + len(s.event_discard) <= events_before  # an Event was drawn


def test_monster_phase_rolls_the_die_for_every_monster() -> None:
    """Monster Phase: "rolls the Monster Die for every Monster on the Map (in the order of
    his/her choosing)"."""
    s = started(2)
    clear_board(s)
    s.monster_at[0] = R("attica")
    s.monster_at[3] = R("crete")
    play(s, "monument:athena")
    assert s.stack[-1]["k"] == "monsters"
    assert sorted(keys(s)) == ["monster:cerberus", "monster:hydra"]
    rolled = 0
    while s.stack and s.stack[-1]["k"] in ("monsters", "mmove", "mmode", "sphinx"):
        if s.stack[-1]["k"] == "monsters":
            rolled += 1
        play(s, keys(s)[0])
    assert rolled == 2


def test_monster_move_goes_to_a_neighbouring_region() -> None:
    """Monster Die: "Move: The player who performed the 'Build Monument' Special Action must
    move the Monster to adjacent Region of his/her choosing."."""
    s = started(2)
    s.stack.append({"k": "mmove", "m": 0})
    s.monster_at[0] = R("attica")
    s.cache = None
    assert sorted(keys(s)) == sorted(
        f"mmove:{s.content.regions[r].id}" for r in s.content.regions[R("attica")].neighbours
    )


def test_region_attacks_kill_hoplites() -> None:
    """Region Attack (provisional values): the Cyclops kills up to 3 Hoplites, the active
    player picking whose; Medusa halves every army."""
    s = started(2)
    clear_board(s)
    put(s, "attica", 0, 4)
    put(s, "attica", 1, 2)
    s.monster_at[2] = R("attica")  # Cyclops: kill 3
    region_attack(s, 2)
    s.cache = None
    while s.stack[-1]["k"] == "victim":
        play(s, keys(s)[0])
    assert s.hoplites(R("attica"), 0) + s.hoplites(R("attica"), 1) == 3
    s.monster_at[4] = R("attica")  # Medusa: halve
    region_attack(s, 4)
    assert s.hoplites(R("attica"), 0) + s.hoplites(R("attica"), 1) <= 2


def test_event_phase_quests_monsters_evolutions_and_slain() -> None:
    """Event Phase: a Quest goes to a free slot (else discarded); a Monster already on the Map
    Evolves; one not on the Map appears; a slain one is discarded and another card drawn."""
    s = started(2)
    s.quest_slots = [0, 1, 2]
    quest = 3
    s.event_deck.append(quest)
    assert "slots are full" in event_phase(s) and s.quest_slots == [0, 1, 2]
    s.quest_slots = [0, 1]
    s.event_deck.append(quest)
    event_phase(s)
    assert s.quest_slots == [0, 1, 3]
    card = len(s.content.quests) + 2 * 1  # Chimera, card 1
    kind, m, number = event_card(s, card)
    assert (kind, m, number) == ("monster", 1, 0)
    s.monster_at[1] = -1
    s.event_deck.append(card)
    assert "appears" in event_phase(s) and s.monster_at[1] == s.content.monsters[1].cards[0][0]
    s.event_deck.append(card)
    assert "Evolves" in event_phase(s) and s.evolutions[1] == [0]
    assert s.event_discard.count(card) == 1  # the appearance's; the Evolve card stays by the tray
    s.slain[0] = 1
    s.monster_at[0] = -1
    s.event_deck.extend([quest, len(s.content.quests)])  # Cerberus (slain), then the quest
    text = event_phase(s)
    assert "Quest" in text and s.monster_at[0] == -1


def test_evolved_chimera_kills_an_entering_hoplite() -> None:
    """Chimera's Evolution (community text): "Any time Hoplites enter a Region with Chimera in
    it, kill one of them." """
    s = started(2)
    p = s.current
    clear_board(s)
    put(s, "boeotia", p, 2, control=True)
    s.monster_at[1] = R("attica")
    evolve(s, 1, 0)  # the Chimera's "kills-entering-hoplite" Evolve card
    s.attrs[p * 3] = 2
    play(s, "hoplite-move", "move:boeotia>attica", "done")
    assert s.hoplites(R("attica"), p) == 0


def test_blessing_draft_players_plus_one_counter_clockwise() -> None:
    """Blessing Cards: "draws an amount of Blessing Cards equal to the numbers of players +1,
    picks one, and passes the rest to the player to the right (counter-clockwise). Continue
    this process until all players have drawn a card from the draft then discard the unused
    card." """
    s = started(3, starts=("epirus", "crete", "elis"))
    p = s.current
    clear_board(s)
    s.control[R("epirus")] = p
    s.temple_card = 0  # drafts at the 2nd, 4th, 6th, 8th Temple
    s.temples_built = 1
    deck = len(s.blessing_deck)
    play(s, "temple:epirus")
    assert s.stack[-1]["k"] == "draft" and len(s.stack[-1]["cards"]) == 4
    pickers = []
    while s.stack[-1]["k"] == "draft":
        from hellas.games.lords.rules import actor  # noqa: PLC0415

        pickers.append(actor(s))
        play(s, keys(s)[0])
    assert pickers == [p, (p - 1) % 3, (p - 2) % 3]
    assert len(s.blessing_deck) == deck - 4 and sum(len(b) for b in s.blessings) == 3


def own_land(s: object, seat: int, land: str) -> None:
    for r in land_regions(s, LANDS.index(land)):
        s.control[r] = seat  # type: ignore[attr-defined]


def test_warlord_two_lands_three_in_two_player_games() -> None:
    """Warlord of Hellas: "Control of 2 Lands ... In a 2 Player game, you need to control 3
    Lands." """
    s = started(3, starts=("epirus", "crete", "elis"))
    clear_board(s)
    own_land(s, 0, "red")
    own_land(s, 0, "green")
    assert check_victory(s)["condition"] == "warlord"  # type: ignore[index]
    t = started(2)
    clear_board(t)
    own_land(t, 0, "red")
    own_land(t, 0, "green")
    assert check_victory(t) is None
    own_land(t, 0, "brown")
    assert check_victory(t)["winner"] == 0  # type: ignore[index]
    # the Lands are named in board order (red, yellow, blue, green, brown)
    text = check_victory(t)["text"]  # type: ignore[index]
    assert text == "Warlord of Hellas: controls the red, green, brown Lands"


def test_warlord_blue_land_does_not_count_with_three_players() -> None:
    """Warlord of Hellas: "In a 3 Player Game, controlling blue Land does not count"."""
    s = started(3, starts=("epirus", "crete", "elis"))
    clear_board(s)
    own_land(s, 1, "blue")
    own_land(s, 1, "red")
    assert check_victory(s) is None
    u = started(4, starts=("epirus", "crete", "elis", "boeotia"))
    clear_board(u)
    own_land(u, 1, "blue")
    own_land(u, 1, "red")
    assert check_victory(u)["winner"] == 1  # type: ignore[index]
    assert "blue" in check_victory(u)["text"]  # type: ignore[index]
    own_land(s, 1, "green")  # three players: red and green win, the blue Land is not named
    assert check_victory(s)["text"] == "Warlord of Hellas: controls the red, green Lands"  # type: ignore[index]


def test_favored_of_the_gods_five_temples() -> None:
    """Favored of the Gods: "Control of 5 Regions with Temples." (the Oracle counts)"""
    s = started(2)
    clear_board(s)
    for r in ("epirus", "chalkidiki", "aetolia", "corinthia"):
        s.temples[R(r)] = 1
        s.control[R(r)] = 1
    assert check_victory(s) is None
    s.temples[R("phocis")] = 1
    s.control[R("phocis")] = 1
    assert check_victory(s)["condition"] == "favored"  # type: ignore[index]


def test_king_of_kings_three_special_actions_after_the_fifth_level() -> None:
    """King of Kings: "A player who builds the final part of a Monument takes the Monument
    Activation Card and places 3 of his Used Action Tokens on it ... Once the last token is
    taken, the player who controls the Region with the first fully built Monument wins."."""
    s = started(3, starts=("epirus", "crete", "elis"))
    p = s.current
    s.monument[0] = 4
    play(s, "monument:zeus")
    assert s.activation == [p, 3, 0]
    prefer = (
        "prepare",
        "prep:",
        "recruit",
        "march",
        "monument",
        "monster:",
        "mmove:",
        "mode:",
        "done",
        "count:",
        "to:",
        "march:",
        "bless:",
        "discard:",
        "lose",
        "place:",
    )
    while GAME.to_act(s) is not None and s.activation[1] > 0:
        options = keys(s)
        play(s, next((k for k in options if k.startswith(prefer)), options[0]))
        s.control[R("thessaly")] = 2  # seat 2 holds Thessaly when the last token goes
    assert s.result is not None and s.result["condition"] == "king"
    assert s.result["winner"] == 2


def test_king_of_kings_is_ignored_with_two_players() -> None:
    """King of Kings: "In a 2 Player game, ignore this victory condition."."""
    s = started(2)
    s.monument[0] = 4
    play(s, "monument:zeus")
    assert s.activation == []


def test_two_player_build_monument_rule() -> None:
    """2 players: "Before using the 'Build Monument' Special Action, a player can choose one of
    the Special Actions already used ... and use it before 'Build Monument'"."""
    s = started(2)
    p = s.current
    s.used[p] = 1 << 3  # Prepare already used
    s.cache = None
    assert "first:prepare" in keys(s) and "prepare" not in keys(s)
    play(s, "first:prepare", "prep:draw", "prep:draw")
    assert all(k.startswith("monument:") for k in keys(s))  # then Build Monument
    play(s, keys(s)[0])
    assert s.current != p or s.stack[-1]["k"] != "turn"


def test_content_pack_overrides_by_id_and_is_validated(tmp_path: Path) -> None:
    """Content packs: files of the same format override records by id, with clear errors."""
    (tmp_path / "monsters.toml").write_text(
        '[die]\nfaces = ["action"]\nprovenance = "rulebook"\n\n'
        '[[monster]]\nid = "cyclops"\nname = "Cyclops"\nartifact = "eye-of-cyclops"\n'
        'wounds = ["mace", "bow+priest"]\nspecial = {injure = 1}\n'
        'attack = {kill = 5}\ncards = [{spawn = "acarnania", evolve = "attack-plus-1"},'
        ' {spawn = "euboea", evolve = "wounds", wounds = ["axe"]}]\nprovenance = "rulebook"\n'
    )
    pack = load(tmp_path)
    assert pack.die == ("action",)
    cyclops = next(m for m in pack.monsters if m.id == "cyclops")
    assert cyclops.attack == ("kill", 5) and cyclops.wounds == (("mace", ""), ("bow", "priest"))
    assert cyclops.cards[1].wounds == (("axe", ""),)
    (tmp_path / "monsters.toml").write_text(
        '[[monster]]\nid = "cyclops"\nname = "Cyclops"\nartifact = "eye-of-cyclops"\n'
        'wounds = ["mace"]\nspecial = {injure = 1}\n'
        'attack = {smash = 5}\ncards = []\nprovenance = "rulebook"\n'
    )
    with pytest.raises(ContentError, match=r"monster cyclops.*'attack'.*smash"):
        load(tmp_path)
    (tmp_path / "monsters.toml").write_text(
        '[[monster]]\nid = "cyclops"\nname = "Cyclops"\nartifact = "eye-of-cyclops"\n'
        'wounds = ["laser"]\nspecial = {injure = 1}\n'
        'attack = {kill = 5}\ncards = []\nprovenance = "rulebook"\n'
    )
    with pytest.raises(ContentError, match=r"monster cyclops.*'wounds'.*laser"):
        load(tmp_path)
    (tmp_path / "monsters.toml").unlink()
    (tmp_path / "map.toml").write_text('[[region]]\nid = "atlantis"\n')
    with pytest.raises(ContentError, match="no built-in record has this id"):
        load(tmp_path)
    (tmp_path / "map.toml").unlink()
    (tmp_path / "dragons.toml").write_text("")
    with pytest.raises(ContentError, match="unknown file"):
        load(tmp_path)


def test_content_pack_through_the_game_option(tmp_path: Path) -> None:
    (tmp_path / "gods.toml").write_text(
        '[[god]]\nid = "zeus"\nname = "Zeus"\nsite = "thessaly"\nattribute = "strength"\n'
        'artifact = "thunder-of-zeus"\npowers = [{draw = 1}, {draw = 1}, {draw = 2}, {draw = 2}'
        ', {draw = 3}]\nprovenance = "rulebook"\n'
    )
    s = GAME.new({"players": 2, "content": str(tmp_path)}, 1)
    assert s.content.gods[0].powers[0] == ("draw", 1)
    assert s.options["content"] == str(tmp_path)
    assert base().gods[0].powers[0] is None  # the core box's content is untouched


def test_a_content_pack_may_add_a_fifth_hero_for_five_seats(tmp_path: Path) -> None:
    """Modules and packs may add records (``new = true``); a fifth Hero allows five seats, and
    the choice table is built for that configuration."""
    from hellas.core.errors import OptionError  # noqa: PLC0415
    from hellas.core.rng import Rng  # noqa: PLC0415

    with pytest.raises(OptionError, match="5 players need as many Heroes"):
        GAME.new({"players": 5}, 1)
    builtin_size = len(GAME.table)
    (tmp_path / "heroes.toml").write_text(
        '[[hero]]\nid = "odysseus"\nname = "Odysseus"\nbonus = "leadership+1"\n'
        'ability = "place-after-prepare"\nprovenance = "provisional"\nnew = true\n'
    )
    s = GAME.new({"players": 5, "content": str(tmp_path), "turn_limit": 150}, 2)
    assert "hero:odysseus" in GAME.choice_table(s) and len(GAME.choice_table(s)) > builtin_size
    other = GAME.new({"players": 2}, 1)  # another table in the same process, no pack
    rng = Rng(5)
    while GAME.to_act(s) is not None:
        choices = GAME.choices(s)
        GAME.apply(s, choices[rng.below(len(choices))])
        GAME.view(s, 0)
    GAME.check_invariants(s)
    assert s.n == 5 and len(set(s.heroes)) == 5
    assert "hero:odysseus" not in GAME.choice_table(other)
    assert len(GAME.choice_table(other)) == builtin_size
    (tmp_path / "heroes.toml").write_text(
        '[[hero]]\nid = "heracles"\nname = "Heracles"\nbonus = "strength+1"\n'
        'ability = "glory-for-artifacts"\nprovenance = "rulebook"\nnew = true\n'
    )
    with pytest.raises(ContentError, match="exists already"):
        load(tmp_path)


def test_a_content_pack_may_attach_a_land_and_regions(tmp_path: Path) -> None:
    """Lands and Regions are data: a pack adds a Land with a Region bordering Laconia (the
    border written on both sides), and a game plays to its end on that board."""
    from hellas.core.content import read_package_toml  # noqa: PLC0415
    from hellas.core.rng import Rng  # noqa: PLC0415

    laconia = next(
        dict(r)
        for r in read_package_toml("hellas.games.lords.data", "map.toml")["region"]
        if r["id"] == "laconia"
    )
    laconia["borders"] = [*laconia["borders"], "atlantis"]
    lines = [
        '[[land]]\nid = "sunken"\nname = "the sunken Land"\nprovenance = "provisional"\n'
        "new = true\n"
    ]
    lines.append(
        '[[region]]\nid = "atlantis"\nname = "Atlantis"\nland = "sunken"\npopulation = 1\n'
        'city = "city"\nshrine = "shrine"\nborders = ["laconia"]\nsea_trails = []\n'
        'x = 0.0\ny = 30.0\nprovenance = "provisional"\nnew = true\n'
    )
    body = "\n".join(f"{k} = {_toml(v)}" for k, v in laconia.items())
    lines.append(f"[[region]]\n{body}\n")
    (tmp_path / "map.toml").write_text("\n".join(lines))
    pack = load(tmp_path)
    assert pack.land_ids[-1] == "sunken" and pack.regions[-1].id == "atlantis"
    assert pack.lands[-1] == (len(pack.regions) - 1,)
    s = GAME.new({"players": 3, "content": str(tmp_path), "turn_limit": 200}, 3)
    GAME.apply(s, keys(s)[0])  # a Hero; then it may start in Atlantis
    assert "start:atlantis" in keys(s)
    assert len(s.glory) == 6 and len(s.control) == 20
    rng = Rng(3)
    while GAME.to_act(s) is not None:
        choices = GAME.choices(s)
        GAME.apply(s, choices[rng.below(len(choices))])
    GAME.check_invariants(s)
    assert len(base().regions) == 19  # the core box's content is untouched


def _toml(value: object) -> str:
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return str(value)


def test_a_content_pack_may_add_an_attribute(tmp_path: Path) -> None:
    """Attributes are data: a module's fourth Attribute (Fleet) gets its token, its Injury and
    its choices; a game plays to its end with it."""
    from hellas.core.rng import Rng  # noqa: PLC0415

    (tmp_path / "heroes.toml").write_text(
        '[[attribute]]\nid = "fleet"\nname = "Fleet"\nprovenance = "provisional"\nnew = true\n'
    )
    s = GAME.new({"players": 3, "content": str(tmp_path), "turn_limit": 150}, 6)
    assert s.na == 4 and len(s.attrs) == 12 and "injure:fleet" in GAME.choice_table(s)
    view = GAME.view(s, 0)
    assert view["players_info"][0]["attributes"] == {
        "leadership": 1,
        "strength": 1,
        "speed": 1,
        "fleet": 1,
    }
    s.injured[0] = 0b0111
    assert not s.all_injured(0)
    s.injured[0] = 0
    rng = Rng(6)
    while GAME.to_act(s) is not None:
        choices = GAME.choices(s)
        GAME.apply(s, choices[rng.below(len(choices))])
    GAME.check_invariants(s)
    assert base().attributes == (
        "leadership",
        "strength",
        "speed",
    )  # the core box's content is untouched


def test_a_content_pack_may_add_a_god(tmp_path: Path) -> None:
    """Gods are data: a module's fourth god (Poseidon) brings a Monument on the free site, its
    God's Artifact and Prayers; the choice table grows with it and a game plays to its end."""
    from hellas.core.rng import Rng  # noqa: PLC0415

    (tmp_path / "gods.toml").write_text(
        '[[god]]\nid = "poseidon"\nname = "Poseidon"\nsite = "messenia"\n'
        'attribute = "speed"\nartifact = "poseidons-trident"\n'
        "powers = [{}, {move = 2}, {move = 2}, {move = 3}, {move = 3}]\n"
        'provenance = "provisional"\nnew = true\n\n'
        '[[artifact]]\nid = "poseidons-trident"\nname = "Poseidon\'s Trident"\n'
        'effect = "(the module\'s rule)"\nprovenance = "provisional"\nnew = true\n'
    )
    s = GAME.new({"players": 3, "content": str(tmp_path), "turn_limit": 150}, 8)
    assert len(s.monument) == 4 and "pray:poseidon" in GAME.choice_table(s)
    assert "monument:poseidon" in GAME.choice_table(s)
    rng = Rng(8)
    while GAME.to_act(s) is not None:
        choices = GAME.choices(s)
        GAME.apply(s, choices[rng.below(len(choices))])
    GAME.check_invariants(s)
    assert [g.id for g in base().gods] == [
        "zeus",
        "athena",
        "hermes",
    ]  # the core box's content is untouched
