"""The Poseidon module and its simple mode (Dark Ages rulebook, "Poseidon"), rule by rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from hellas.core.conformance import random_game
from hellas.core.errors import ContentError
from hellas.games.lords import GAME, battle
from hellas.games.lords.board import take_control
from hellas.games.lords.content import configured, every_built
from hellas.games.lords.modules.poseidon.rules import fleet_index, port_regions, ports
from hellas.games.lords.state import LordsState

from ..helpers import R, clear_board, give_cards, keys, play, put, started
from .games import heuristic_games, random_games

PORTS = ("acarnania", "thessaly", "attica", "messenia", "laconia")


def game(modules: str = "poseidon", **kw: object) -> LordsState:
    """Two players (Heracles, Achilles) after setup, the board cleared, Heracles to act."""
    s = started(2, heroes=("heracles", "achilles"), starts=("epirus", "crete"), modules=modules)
    clear_board(s)
    give_cards(s, 0)
    give_cards(s, 1)
    return s


def ids(regions: list[int]) -> set[str]:
    by_index = {r.index: r.id for c in every_built() for r in c.regions}
    return {by_index[r] for r in regions}


def blessing(s: LordsState, seat: int, blessing_id: str) -> None:
    """Give a seat a Blessing card out of the deck."""
    b = s.content.blessing(blessing_id).index
    s.blessing_deck.remove(b)
    s.blessings[seat].append(b)
    s.cache = None


def battle_frame(s: LordsState) -> dict:
    return next(f for f in reversed(s.stack) if f["k"] == "battle")


# -- Poseidon Setup -------------------------------------------------------------------------------


def test_setup_monument_in_messenia_with_the_trident_under_it() -> None:
    """ "Place the Poseidon Monument in Messenia" and "Poseidon's God's Artifact card under"."""
    s = game()
    c = s.content
    god = c.god("poseidon")
    assert c.regions[god.site].id == "messenia" and god.artifact == "poseidons-trident"
    assert s.monument[god.index] == 1 and [g.id for g in c.gods][-1] == "poseidon"
    trident = c.artifact("poseidons-trident").index
    assert c.artifacts[trident].kind == "god" and s.artifact_owner[trident] == -1
    take_control(s, R("messenia"), 1)  # controlling the Monument's Region gives its Artifact
    assert s.artifact_owner[trident] == 1 and s.artifact_charged[trident]


def test_setup_port_tokens_in_the_five_regions() -> None:
    """ "Place 1 Port token ... in each of those Regions: Acarnania, Thessaly, Attica, ..."."""
    s = game()
    assert ids(ports(s)) == set(PORTS) and len(ports(s)) == 5
    assert s.mod["poseidon"]["ports"] == ports(s)
    assert GAME.new({"players": 4, "modules": "poseidon"}, 2).mod["poseidon"]["ports"] == ports(s)


def test_north_atlantis_gets_a_port_at_five_players_when_that_region_exists(
    tmp_path: Path,
) -> None:
    """ "5-6 players: North Atlantis (if you use Atlantis expansion)"."""
    (tmp_path / "heroes.toml").write_text(
        '[[hero]]\nnew = true\nid = "fifth"\nname = "Fifth"\nbonus = "strength+1"\n'
        'ability = "glory-for-artifacts"\nprovenance = "provisional"\n'
    )
    s = GAME.new({"players": 5, "modules": "poseidon", "content": str(tmp_path)}, 1)
    assert ids(ports(s)) == set(PORTS)  # no Atlantis board: the five Ports only
    (tmp_path / "map.toml").write_text(
        '[[region]]\nnew = true\nid = "north-atlantis"\nname = "North Atlantis"\nland = "brown"\n'
        'population = 2\ncity = "none"\nshrine = "none"\nborders = []\nsea_trails = []\n'
        'x = 30.0\ny = 20.0\nprovenance = "provisional"\n'
    )
    s = GAME.new({"players": 5, "modules": "poseidon", "content": str(tmp_path)}, 1)
    assert ids(ports(s)) == {*PORTS, "north-atlantis"}
    assert ids(port_regions(configured("poseidon"), "poseidon", 4)) == set(
        PORTS
    )  # 4 players: not placed


def test_only_the_legible_poseidon_blessings_join_the_deck() -> None:
    """ "Shuffle Poseidon Blessings into Blessing Deck": the 3 legible cards of 10."""
    s = game()
    c = s.content
    poseidon = sorted(b.id for b in c.blessings if b.god == "poseidon")
    assert poseidon == ["hegemony", "sea-raiders", "tyrant"]
    assert len(c.blessings) == 36 + 3
    assert sorted(s.blessing_deck) == [b.index for b in c.blessings]


def test_a_content_pack_adds_a_poseidon_blessing_to_the_deck(tmp_path: Path) -> None:
    """A pack with one more Poseidon Blessing (``new = true``): it enters the Blessing Deck."""
    (tmp_path / "blessings.toml").write_text(
        '[[blessing]]\nnew = true\nid = "from-the-box"\ngod = "poseidon"\nname = "From the Box"\n'
        'text = "A card typed in from the physical game."\nprovenance = "community"\n'
    )
    s = GAME.new({"players": 3, "modules": "poseidon", "content": str(tmp_path)}, 4)
    added = s.content.blessing("from-the-box").index
    assert added in s.blessing_deck and len(s.blessing_deck) == 36 + 3 + 1
    # no Poseidon: a clear error naming the module the card needs
    with pytest.raises(ContentError, match=r"'poseidon' is a God of the poseidon .*not in play"):
        GAME.new({"players": 3, "content": str(tmp_path)}, 4)


# -- Ports ------------------------------------------------------------------------------------


def test_hero_movement_crosses_from_port_to_port_as_one_region() -> None:
    """ "The Hero Movement Regular Action can be used to move a Hero from one Port to another.
    This counts as moving 1 Region."""
    s = game()
    p = s.current
    s.hero_at[p] = R("acarnania")
    s.attrs[p * s.na + 2] = 1  # Speed 1
    play(s, "hero-move")
    assert {"go:thessaly", "go:attica", "go:messenia", "go:laconia"} <= set(keys(s))
    assert s.stack[-1]["left"] == 1  # Speed 1
    play(s, "go:laconia")
    assert s.hero_at[p] == R("laconia") and s.stack[-1]["k"] == "turn"  # one Region spent
    s.hero_at[p] = R("epirus")
    s.regular = 0
    s.cache = None
    play(s, "hero-move")
    assert "go:laconia" not in keys(s)  # not a Port: only its neighbours


def test_march_and_hermes_power_cross_from_port_to_port() -> None:
    """ "The March Special Action can be used to move an Army from one Port to another";
    "Hermes' God Power can also be used ..."."""
    s = game()
    p = s.current
    put(s, "acarnania", p, 3, control=True)
    play(s, "march", "march:acarnania")
    assert {"to:laconia", "to:attica", "to:messenia", "to:thessaly"} <= set(keys(s))
    play(s, "to:laconia", "count:3")
    assert s.hoplites(R("laconia"), p) == 3
    s = game()
    p = s.current
    put(s, "laconia", p, 2, control=True)
    s.stack.append(
        {"k": "march", "stage": "from", "src": -1, "dst": -1, "limit": 2, "source": "hermes"}
    )
    s.cache = None
    play(s, "march:laconia")
    assert "to:acarnania" in keys(s)


def test_forced_march_may_use_a_port_as_one_of_its_two_regions() -> None:
    s = game()
    p = s.current
    blessing(s, p, "forced-march")
    put(s, "epirus", p, 2, control=True)
    play(s, "march", "march:epirus")
    assert "to:laconia" in keys(s)  # Epirus > Acarnania > (Port) Laconia


def test_hoplite_movement_cannot_go_from_port_to_port() -> None:
    """ "The Hoplite Movement Regular Action cannot be used to move Hoplites from one Port to
    another.\""""
    s = game()
    p = s.current
    put(s, "acarnania", p, 2, control=True)
    play(s, "hoplite-move")
    moves = {k for k in keys(s) if k.startswith("move:acarnania>")}
    assert moves == {"move:acarnania>epirus", "move:acarnania>aetolia"}


def test_monsters_cannot_move_from_port_to_port() -> None:
    """ "Monsters cannot move from one Port to another.\""""
    s = game()
    s.monster_at[0] = R("acarnania")
    s.stack.append({"k": "mmove", "m": 0})
    s.cache = None
    assert set(keys(s)) == {"mmove:epirus", "mmove:aetolia"}


# -- Fleet ------------------------------------------------------------------------------------


def test_fleet_is_a_fourth_attribute_starting_at_one() -> None:
    """ "Each player starts with a Fleet value of 1. The maximum value is 5.\""""
    s = game()
    assert s.content.attributes == ("leadership", "strength", "speed", "fleet")
    assert s.na == 4 and all(s.attr(q, fleet_index(s)) == 1 for q in range(s.n))


def test_praying_at_poseidon_raises_fleet_to_at_most_five() -> None:
    """A Priest at a Monument raises its Attribute (base rule): Poseidon's is the Fleet."""
    s = game()
    p = s.current
    a = fleet_index(s)
    for expected in (2, 3, 4, 5, 5):
        s.priests[p] = 1
        s.monument_priests = [[] for _ in s.monument_priests]
        s.regular = 0
        s.cache = None
        play(s, "pray:poseidon")
        assert s.attrs[p * s.na + a] == expected
    GAME.check_invariants(s)


def _port_battle(fleet: int, attackers: int, region: str = "laconia") -> tuple[LordsState, int]:
    """The current player attacks ``region`` (a Port unless told) from a neighbour."""
    s = game()
    p = s.current
    q = 1 - p
    src = "argolis" if region == "laconia" else "boeotia"
    put(s, src, p, attackers, control=True)
    put(s, region, q, 1, control=True)
    s.attrs[p * s.na] = 5  # Leadership 5: all of them move
    s.attrs[p * s.na + fleet_index(s)] = fleet
    give_cards(s, q, "trap-sword-1")  # the defender holds a card: the Battle waits for it
    play(s, "hoplite-move", *[f"move:{src}>{region}"] * attackers, "done")
    return s, p


def test_fleet_example_fleet_4_with_3_hoplites_gives_plus_3() -> None:
    """ "For example, a player with a Fleet value of 4 and 3 Hoplites in the Battle would gain
    +3 Army Strength from their Fleet Attribute.\""""
    s, _p = _port_battle(fleet=4, attackers=3)
    f = battle_frame(s)
    assert battle.strength(s, f, 0) == 3 + 3
    assert battle.strength(s, f, 1) == 1 + 1  # the defender: Fleet 1, 1 Hoplite (Sparta)


def test_fleet_bonus_is_capped_by_the_fleet_value() -> None:
    """ "A player maximum Fleet bonus is equal to their Fleet Attribute.\""""
    s, _p = _port_battle(fleet=2, attackers=4)
    assert battle.strength(s, battle_frame(s), 0) == 4 + 2


def test_no_fleet_bonus_outside_a_port_region() -> None:
    """ "... in every Battle taking place in a Region with a Port": Corinthia has none."""
    s, _p = _port_battle(fleet=5, attackers=3, region="corinthia")
    assert battle.strength(s, battle_frame(s), 0) == 3


@pytest.mark.parametrize("modules", ["poseidon", "poseidon,hades"])
def test_fleet_and_raise_take_no_injury_so_a_fourth_injury_still_ends_the_hunt(
    modules: str,
) -> None:
    """Injuries: "In order to mark an Injury on a Hero, flip a chosen Attribute Token ... A Hero
    can receive three Injuries during Hunt (each one aimed at one of their Attributes). If the
    Hero receives a fourth Injury, Hunt ends."  Fleet is "marked by a Fleet token ... on the
    Fleet board" (Raise: "on the Underworld board"), not an Attribute Token of the Hero board:
    no Injury is offered on them, and the fourth Injury ends the Hunt as in the base game."""
    from hellas.games.lords import hunt  # noqa: PLC0415

    s = GAME.new({"players": 2, "modules": modules}, 2)
    while s.stack[-1]["k"] != "turn":  # the setup, with the first choices offered
        GAME.apply(s, GAME.choices(s)[0])
    p = s.current
    m = 3  # the Hydra
    s.monster_at[m] = s.hero_at[p]
    hunt.start_hunt(s, p, m)
    hunt.hurt(s, p, 3)
    for _ in range(3):
        offered = keys(s)
        assert offered and all(
            k in ("injure:leadership", "injure:strength", "injure:speed") for k in offered
        )
        play(s, offered[0])
    assert s.all_injured(p) and s.healthy(p) == 0
    f = next(f for f in s.stack if f["k"] == "hunt")
    hunt.hurt(s, p, 1)  # the fourth Injury
    assert f["ended"] == "failure"


# -- Help card and Trident ------------------------------------------------------------------------


def test_help_card_level_one_has_no_power() -> None:
    """Level I of the red-corner Help card: "—" (the Attribute still rises)."""
    s = game()
    p = s.current
    put(s, "laconia", p, 1, control=True)
    s.priests[p] = 1
    play(s, "pray:poseidon")
    assert s.stack[-1]["k"] == "turn" and s.hoplites(R("laconia"), p) == 1


def test_help_card_levels_two_to_five_recruit_at_a_port_you_control() -> None:
    """Levels II-V: "Recruit Hoplites in any 1 Region you control with a Port": as many as the
    Recruit Special Action there ("up to 2 Hoplites in every Region he/she controls with a City
    in it (or up to 4 Hoplites in Sparta)"), 1 at a Port without a City (Messenia)."""
    for region, n in (("attica", 2), ("laconia", 4), ("messenia", 1)):
        s = game()
        p = s.current
        for port in ("laconia", "attica", "messenia"):
            put(s, port, p, 1, control=True)
        put(s, "corinthia", p, 1, control=True)  # controlled, but no Port
        s.monument[s.content.god("poseidon").index] = 3
        s.priests[p] = 1
        play(s, "pray:poseidon")
        assert {k.partition(":")[2] for k in keys(s)} == {"laconia", "attica", "messenia"}
        play(s, f"power:{region}")
        assert s.hoplites(R(region), p) == 1 + n


def test_the_help_cards_plus_one_column_is_the_prayers_fleet_on_every_level() -> None:
    """The "+1 (Hoplite icon)" column is printed on every row, level I ("—") included: it is the
    +1 every Prayer gives the Monument's Attribute ("raise related Hero Attribute by 1 and use
    the Monument Power corresponding to its stated level"), Fleet here, read as on the Hades
    card; it is not a Recruit count (level I recruits nothing)."""
    from hellas.games.lords.modules.poseidon.rules import settings  # noqa: PLC0415

    assert settings("poseidon")["help"] == [False, True, True, True, True]
    for level in (1, 4):
        s = game()
        p = s.current
        put(s, "laconia", p, 1, control=True)
        s.monument[s.content.god("poseidon").index] = level
        s.priests[p] = 1
        play(s, "pray:poseidon")
        assert s.attrs[p * s.na + fleet_index(s)] == 2


def test_trident_kills_half_of_the_hoplites_rounding_up() -> None:
    """ "Choose a Region with a Port. Kill half of the Hoplites in that Region (rounding up).\""""
    s = game()
    p = s.current
    q = 1 - p
    take_control(s, R("messenia"), p)
    put(s, "attica", q, 5, control=True)
    put(s, "corinthia", q, 4, control=True)  # no Port: no target
    assert "artifact:poseidons-trident" in keys(s)
    play(s, "artifact:poseidons-trident")
    assert keys(s) == ["trident:attica"]
    play(s, "trident:attica")
    assert s.hoplites(R("attica"), q) == 2  # 5 -> 3 killed
    assert "artifact:poseidons-trident" not in keys(s)  # used until the next Build Monument


def test_trident_with_two_armies_the_user_picks_whose_hoplites_die() -> None:
    s = game()
    p = s.current
    q = 1 - p
    take_control(s, R("messenia"), p)
    put(s, "thessaly", q, 2, control=True)
    put(s, "thessaly", p, 1)
    play(s, "artifact:poseidons-trident", "trident:thessaly")  # 3 Hoplites: 2 die
    assert sorted(keys(s)) == ["victim:achilles", "victim:heracles"]
    enemy = s.content.heroes[s.heroes[q]].id
    play(s, f"victim:{enemy}", f"victim:{enemy}")
    assert s.hoplites(R("thessaly"), q) == 0 and s.hoplites(R("thessaly"), p) == 1


# -- Blessings --------------------------------------------------------------------------------


def test_tyrant_adds_two_while_controlling_more_regions() -> None:
    """Tyrant: "if you control more Regions than your opponent, add +2 to your Army Strength"."""
    s, p = _port_battle(fleet=1, attackers=3, region="corinthia")
    blessing(s, p, "tyrant")
    f = battle_frame(s)
    assert battle.strength(s, f, 0) == 3  # one Region each (Boeotia, Corinthia)
    s.control[R("epirus")] = p
    assert battle.strength(s, f, 0) == 3 + 2


def test_hegemony_draws_a_card_at_the_start_of_the_turn_with_a_whole_land() -> None:
    """Hegemony: "At the beginning of each of your Turns, if you control all the Regions of a
    Land, draw 1 Combat Card.\""""
    s = game()
    p = s.current
    blessing(s, p, "hegemony")
    from hellas.games.lords.turn import start_turn  # noqa: PLC0415

    s.stack.pop()
    start_turn(s, p)
    assert len(s.hands[p]) == 0
    for r in s.content.lands[s.content.land_ids.index("brown")]:
        s.control[r] = p
    s.stack.pop()
    start_turn(s, p)
    assert len(s.hands[p]) == 1


def test_sea_raiders_moves_one_more_hoplite_across_a_sea_trail() -> None:
    """Sea Raiders: "During a Hoplite Movement Action, you may move an additional Hoplite
    using a Sea Trail.\""""
    s = game()
    p = s.current
    put(s, "attica", p, 3, control=True)
    assert "searaid" not in keys(s)
    blessing(s, p, "sea-raiders")
    assert "searaid" in keys(s)
    play(s, "searaid")  # Leadership 1, plus the Sea Raider
    sea = [k for k in keys(s) if k.startswith("searaid:")]
    assert sea == ["searaid:attica>crete"]  # Attica's only Sea Trail
    play(s, "move:attica>boeotia")
    assert not any(k.startswith("move:") for k in keys(s))  # Leadership spent
    play(s, "searaid:attica>crete")
    assert s.stack[-1]["k"] == "turn"
    assert s.hoplites(R("crete"), p) == 1 and s.hoplites(R("boeotia"), p) == 1
    assert "hoplite-move" not in keys(s) and "searaid" not in keys(s)  # one Hoplite Movement


# -- simple mode ------------------------------------------------------------------------------


def test_simple_mode_replaces_athena_by_poseidon_in_attica() -> None:
    """ "During Setup, place the Poseidon Monument in Attica, instead of the Athena Monument.\""""
    s = game("poseidon-simple")
    c = s.content
    assert [g.id for g in c.gods] == ["zeus", "hermes", "poseidon"]
    assert c.regions[c.god("poseidon").site].id == "attica"
    assert not any(b.god == "athena" for b in c.blessings)
    assert sorted(b.id for b in c.blessings if b.god == "poseidon") == [
        "hegemony",
        "sea-raiders",
        "tyrant",
    ]
    assert ids(ports(s)) == set(PORTS) and "poseidon-simple" in s.mod


def test_simple_mode_has_no_fleet_and_prayer_raises_leadership() -> None:
    """ "Fleet components and rules are not used.\""""
    s = game("poseidon-simple")
    p = s.current
    assert "fleet" not in s.content.attributes and s.na == 3
    put(s, "laconia", p, 1, control=True)
    s.priests[p] = 1
    play(s, "pray:poseidon")
    assert s.attr(p, 0) == 2
    s, _p = _simple_port_battle()
    assert battle.strength(s, battle_frame(s), 0) == 3  # no Fleet bonus in a Port


def _simple_port_battle() -> tuple[LordsState, int]:
    s = game("poseidon-simple")
    p = s.current
    put(s, "argolis", p, 3, control=True)
    put(s, "laconia", 1 - p, 1, control=True)
    s.attrs[p * s.na] = 5
    give_cards(s, 1 - p, "trap-sword-1")
    play(s, "hoplite-move", *["move:argolis>laconia"] * 3, "done")
    return s, p


def test_simple_mode_grey_help_card_recruits_at_a_port() -> None:
    s = game("poseidon-simple")
    p = s.current
    put(s, "laconia", p, 1, control=True)
    s.monument[s.content.god("poseidon").index] = 5
    s.priests[p] = 1
    play(s, "pray:poseidon", "power:laconia")
    assert s.hoplites(R("laconia"), p) == 1 + 4  # Sparta: the grey side's level V (provisional)
    take_control(s, R("attica"), p)  # Attica's God's Artifact is now the Trident
    c = s.content
    assert s.artifact_owner[c.artifact("poseidons-trident").index] == p
    assert s.artifact_owner[c.artifact("owl-of-athena").index] == -1


# -- views, bots, whole games ---------------------------------------------------------------------


def test_view_panel_shows_ports_fleet_and_the_help_card() -> None:
    s = game()
    p = s.current
    s.attrs[p * s.na + fleet_index(s)] = 3
    v = GAME.view(s, p)
    panel = v["module_panels"]["poseidon"]
    assert set(panel["regions"]) == set(PORTS)
    assert panel["players"][p] == ["Fleet 3"] and panel["fleet"][1 - p] == 1
    assert panel["private"] == [] and panel["cards"][0]["id"] == "poseidon-help"
    assert v["players_info"][p]["attributes"]["fleet"] == 3
    simple = GAME.view(game("poseidon-simple"), None)["module_panels"]["poseidon-simple"]
    assert "fleet" not in simple and simple["title"] == "Poseidon (simple mode)"


@pytest.mark.parametrize("modules", ["poseidon", "poseidon-simple"])
def test_random_games_keep_every_invariant(modules: str) -> None:
    """~20 random games per mode (to a turn limit), invariants after every step."""
    random_games(modules, range(10), turn_limit=60)


def test_heuristic_games_use_poseidon_and_keep_every_invariant() -> None:
    """5 heuristic games per mode: the bot prays at Poseidon, uses the Trident, Sea Raiders."""
    used: set[str] = set()
    for modules in ("poseidon", "poseidon-simple"):
        chosen = heuristic_games(modules, range(5), players=4, turn_limit=80)
        used |= {k.partition(":")[0] if k.startswith("trident") else k for k in chosen}
    assert {"pray:poseidon", "artifact:poseidons-trident", "trident", "searaid"} <= used


@pytest.mark.parametrize("modules", ["poseidon", "poseidon-simple", "poseidon,hades"])
def test_conformance_no_leak_determinism_replay(modules: str) -> None:
    for seed in range(2):
        random_game(
            GAME,
            {"players": 3, "modules": modules, "turn_limit": 30},
            seed,
            deep=seed == 0,
        )


def test_with_atlantis_north_atlantis_has_a_port_and_counts_as_one() -> None:
    """With the Atlantis board (5 players) the sixth Port is in North Atlantis."""
    s = GAME.new({"players": 5, "modules": "poseidon,atlantis"}, 1)
    assert ids(ports(s)) == {*PORTS, "north-atlantis"}
    from hellas.games.lords import board  # noqa: PLC0415

    assert R("north-atlantis") in board.links(s, R("acarnania"), "hero")
    assert R("north-atlantis") not in board.neighbours(s, R("acarnania"))


def test_bad_module_settings_are_refused_clearly(tmp_path: Path) -> None:
    """A Help card typed into a pack (modules/poseidon.toml) is read by the module's own reader:
    a bad one is refused naming the file and the field (issue 50, item 11)."""
    (tmp_path / "modules").mkdir()
    card = tmp_path / "modules" / "poseidon.toml"
    card.write_text("[module]\nhelp = [1, 2]\n", encoding="utf-8")
    with pytest.raises(ContentError, match="expected 5 true/false"):
        configured("poseidon", tmp_path)
    card.write_text("[module]\nporst = []\n", encoding="utf-8")
    with pytest.raises(ContentError, match="field 'porst': a pack gives only the poseidon Help"):
        configured("poseidon", tmp_path)


def test_the_bot_prays_at_poseidon_for_a_recruit_at_its_port() -> None:
    from hellas.games.lords.modules.poseidon.bots import bot_choose  # noqa: PLC0415

    s = game()
    p = s.current
    put(s, "laconia", p, 1, control=True)
    s.priests[p] = 1
    options = GAME.choices(s)
    assert bot_choose(s, p, options) is None  # level I: nothing to gain
    s.monument[s.content.god("poseidon").index] = 2
    s.cache = None
    assert bot_choose(s, p, GAME.choices(s)).key == "pray:poseidon"
