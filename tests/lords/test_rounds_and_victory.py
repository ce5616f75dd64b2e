"""Build Monument and the round's end, Monster and Event Phases, drafts, victory conditions."""

from __future__ import annotations

from pathlib import Path

import pytest

from hellas.core.errors import ContentError
from hellas.games.lords import GAME
from hellas.games.lords.board import check_victory, land_regions
from hellas.games.lords.content import LANDS, content, load
from hellas.games.lords.phases import event_card, event_phase, region_attack

from .helpers import R, clear_board, keys, play, put, started


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
        f"mmove:{content().regions[r].id}" for r in content().regions[R("attica")].neighbours
    )


def test_region_attacks_kill_hoplites() -> None:
    """Region Attack (provisional values): the Cyclops kills up to 3 Hoplites, largest army
    first; Medusa halves every army."""
    s = started(2)
    clear_board(s)
    put(s, "attica", 0, 4)
    put(s, "attica", 1, 2)
    s.monster_at[2] = R("attica")  # Cyclops: kill 3
    region_attack(s, 2)
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
    card = len(content().quests) + 2 * 1  # Chimera, card 1
    kind, m, number = event_card(card)
    assert (kind, m, number) == ("monster", 1, 0)
    s.monster_at[1] = -1
    s.event_deck.append(card)
    assert "appears" in event_phase(s) and s.monster_at[1] == content().monsters[1].cards[0][0]
    s.event_deck.append(card)
    assert "Evolves" in event_phase(s) and s.evolutions[1] == ["kills-entering-hoplite"]
    s.slain[0] = 1
    s.monster_at[0] = -1
    s.event_deck.extend([quest, len(content().quests)])  # Cerberus (slain), then the quest
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
    s.evolutions[1] = ["kills-entering-hoplite"]
    s.attrs[p * 3] = 2
    play(s, "hoplite-move", "move:boeotia>attica")
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
    for r in land_regions(LANDS.index(land)):
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
        'attack = {kill = 5}\ncards = [{spawn = "acarnania", evolve = "hunt-strength"},'
        ' {spawn = "euboea", evolve = "wounds"}]\nprovenance = "rulebook"\n'
    )
    pack = load(tmp_path)
    assert pack.die == ("action",)
    assert next(m for m in pack.monsters if m.id == "cyclops").attack == ("kill", 5)
    (tmp_path / "monsters.toml").write_text(
        '[[monster]]\nid = "cyclops"\nname = "Cyclops"\nartifact = "x"\n'
        'attack = {smash = 5}\ncards = []\nprovenance = "rulebook"\n'
    )
    with pytest.raises(ContentError, match=r"monster cyclops.*'attack'.*smash"):
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
    try:
        s = GAME.new({"players": 2, "content": str(tmp_path)}, 1)
        assert content().gods[0].powers[0] == ("draw", 1)
        assert s.options["content"] == str(tmp_path)
    finally:
        GAME.new({"players": 2}, 1)  # back to the built-in data
    assert content().gods[0].powers[0] is None
