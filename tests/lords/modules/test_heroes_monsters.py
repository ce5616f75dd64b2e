"""Heroes and Monsters (Dark Ages): every sentence of the module's section, one test each."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from hellas.cli.main import app
from hellas.core.conformance import random_game
from hellas.core.rng import Rng
from hellas.games.lords import GAME
from hellas.games.lords.monster_phase import region_attack
from hellas.games.lords.phases import start_draft
from hellas.games.lords.state import LordsState

from ..helpers import R, clear_board, evolve, give_cards, keys, play, put, started
from ..test_hunt import attacks_next, top
from .games import heuristic_games, random_games

MODS = "heroes-monsters"
TYPHON, PYTHON = 7, 8  # after the 7 base Monsters


def hm(
    players: int = 3, heroes: tuple[str, ...] = ("heracles", "achilles", "perseus"), **kw: Any
) -> LordsState:
    """A started game with the module, the given Heroes picked in picking order."""
    return started(players, heroes=heroes, modules=MODS, **kw)


def seat_of(s: LordsState, hero: str) -> int:
    return next(q for q in range(s.n) if s.content.heroes[s.heroes[q]].id == hero)


def hunt_scene(monster: int, strength: int = 1) -> tuple[LordsState, int]:
    """The player to act stands with ``monster``; one sword card is drawn to wound it first."""
    s = hm()
    p = s.current
    clear_board(s)
    s.monster_at[monster] = s.hero_at[p]
    give_cards(s, p)
    s.attrs[p * 3 + 1] = strength
    top(s, "wild-attack-sword-3")
    return s, p


# -- setup -----------------------------------------------------------------------------------


def test_setup_adds_the_monster_cards_to_the_event_deck_and_the_heroes_to_the_pool() -> None:
    """Setup: "shuffle the additional Monster Cards into the Event Deck"; "Heroes are chosen
    as usual - you just have larger pool to choose from"."""
    base = GAME.new({"players": 3}, 1)
    s = GAME.new({"players": 3, "modules": MODS}, 1)
    total = len(s.event_deck) + len(s.event_discard) + len(s.quest_slots)
    assert total == len(base.event_deck) + len(base.event_discard) + len(base.quest_slots) + 4
    assert {"hero:cassandra", "hero:odysseus"} <= set(keys(s))
    assert [m.id for m in s.content.monsters][TYPHON:] == ["typhon", "python"]


# -- Cassandra -------------------------------------------------------------------------------


def test_cassandra_starts_with_one_hoplite_and_control_whatever_the_population() -> None:
    """Cassandra's Starting Bonus: "starts with 1 Hoplite. Place a Control Token in your
    starting Region regardless of its Population Strength." (Thessaly: Population 4)"""
    s = hm(heroes=("cassandra", "achilles", "perseus"), starts=("thessaly", "crete", "elis"))
    q = seat_of(s, "cassandra")
    assert s.hoplites(R("thessaly"), q) == 1 and s.supply[q] == 14
    assert s.control[R("thessaly")] == q
    other = seat_of(s, "perseus")  # Elis, Population 4: the usual rule, no control
    assert s.control[R("elis")] == -1 and s.hoplites(R("elis"), other) == 2


def _draft(s: LordsState, cassandra: int, starter: int) -> None:
    start_draft(s, starter)
    s.cache = None
    while s.stack[-1]["k"] == "draft":
        play(s, keys(s)[0])


def test_cassandra_draws_an_extra_blessing_after_any_draft_and_may_swap_it() -> None:
    """Cassandra's Special Ability: "After any Blessing Draft, draw 1 additional Blessing Card.
    You may swap that card with the Blessing Card you got during the Draft" - even in a Draft
    another player started."""
    s = hm(heroes=("cassandra", "achilles", "perseus"), starts=("thessaly", "crete", "elis"))
    q = seat_of(s, "cassandra")
    extra = s.blessing_deck[-(s.n + 2)]  # under the n + 1 cards of the Draft
    _draft(s, q, (q + 1) % s.n)
    f = s.stack[-1]
    assert f["k"] == "hm-cassandra" and f["card"] == extra and GAME.to_act(s) == q
    drafted = s.blessings[q][-1]
    assert sorted(keys(s)) == ["hm-cassandra:discard", "hm-cassandra:swap"]
    name = s.content.blessings[extra].name
    assert any(name in line for line in GAME.view(s, q)["module_panels"][MODS]["private"])
    for other in (None, *(x for x in range(s.n) if x != q)):
        assert not GAME.view(s, other)["module_panels"][MODS]["private"]
    other = (q + 1) % s.n  # no leak: another seat's sample re-deals her extra card
    assert len({GAME.determinize(s, other, Rng(k)).stack[-1]["card"] for k in range(20)}) > 1
    assert GAME.view(GAME.determinize(s, other, Rng(3)), other) == GAME.view(s, other)
    assert GAME.determinize(s, q, Rng(3)).stack[-1]["card"] == extra
    play(s, "hm-cassandra:swap")
    assert extra in s.blessings[q] and drafted not in s.blessings[q]
    assert drafted not in s.blessing_deck  # discarded, as a Draft's unused card


def test_cassandra_may_discard_the_extra_blessing() -> None:
    """ "... or discard it": she keeps the drafted Blessing."""
    s = hm(heroes=("cassandra", "achilles", "perseus"), starts=("thessaly", "crete", "elis"))
    q = seat_of(s, "cassandra")
    _draft(s, q, q)
    extra, drafted = s.stack[-1]["card"], s.blessings[q][-1]
    play(s, "hm-cassandra:discard")
    assert drafted in s.blessings[q] and extra not in s.blessings[q]
    assert extra not in s.blessing_deck


def test_a_draft_without_cassandra_draws_no_extra_blessing() -> None:
    s = hm()
    deck = len(s.blessing_deck)
    _draft(s, -1, s.current)
    assert len(s.blessing_deck) == deck - (s.n + 1)
    assert not any(f["k"] == "hm-cassandra" for f in s.stack)


# -- Odysseus --------------------------------------------------------------------------------


def test_odysseus_may_start_apart_from_his_hoplites() -> None:
    """Odysseus' Starting Bonus: "At the beginning of the game, Odysseus may be placed in a
    different Region than your starting Hoplites." He is the last to place here, so the game
    begins only after his decision."""
    s = GAME.new({"players": 2, "modules": MODS}, 3)
    play(s, "hero:heracles", "start:epirus", "hero:odysseus", "start:crete")
    q = seat_of(s, "odysseus")
    assert s.stack[-1]["k"] == "hm-odysseus" and GAME.to_act(s) == q
    assert "place:epirus" not in keys(s) and "place:stay" in keys(s)  # Heracles stands there
    play(s, "place:laconia")
    assert s.hero_at[q] == R("laconia") and s.hoplites(R("crete"), q) == 2
    assert s.control[R("crete")] == q  # Population 2: the usual starting control
    assert s.stack[-1]["k"] == "turn" and s.current == q and [f["k"] for f in s.stack] == ["turn"]


def test_odysseus_lowers_the_population_of_a_city_region_he_stands_in() -> None:
    """Odysseus' Special Ability: "When Odysseus is in a Region with a City/Sparta, that
    Region's Population Strength is lowered by 1 for you." Not for other players, nor without
    a City."""
    from hellas.games.lords.board import population  # noqa: PLC0415

    s = GAME.new({"players": 2, "modules": MODS}, 3)
    play(s, "hero:heracles", "start:epirus", "hero:odysseus", "start:crete", "place:stay")
    q = seat_of(s, "odysseus")
    other = 1 - q
    s.hero_at[q] = R("thessaly")  # Population 4, a City
    assert population(s, R("thessaly"), q) == 3 and population(s, R("thessaly"), other) == 4
    s.hero_at[q] = R("phocis")  # no City
    assert population(s, R("phocis"), q) == 5
    s.hero_at[q] = R("laconia")  # Sparta
    assert population(s, R("laconia"), q) == 4


def test_odysseus_arriving_takes_a_neutral_city_his_hoplites_now_hold() -> None:
    """Neutral Regions are taken with Hoplites equal to the Population Strength: with Odysseus
    there, 3 Hoplites take Thessaly (Population 4) when he ends his movement there."""
    s = GAME.new({"players": 2, "modules": MODS}, 3)
    play(s, "hero:heracles", "start:epirus", "hero:odysseus", "start:crete", "place:macedonia")
    q = seat_of(s, "odysseus")
    put(s, "thessaly", q, 3)
    s.current = q
    assert s.control[R("thessaly")] == -1
    play(s, "hero-move", "go:thessaly")  # Speed 1: one step ends the movement
    assert s.control[R("thessaly")] == q


# -- Typhon ----------------------------------------------------------------------------------


def test_typhon_special_attack_discards_a_blessing_and_lowers_an_attribute() -> None:
    """Typhon's Special Attack: "Discard any 1 Blessing Card. The Hero loses 1 in any 1
    Attribute." (the hunter picks both; the loss is for good)"""
    s, p = hunt_scene(TYPHON)
    s.blessings[p] = [0, 1]
    s.blessing_deck = [b for b in s.blessing_deck if b > 1]
    s.attrs[p * 3 : p * 3 + 3] = [3, 1, 2]
    attacks_next(s, "special-attack-3", "attack-4")
    play(s, "hunt:typhon", "hit:wild-attack-sword-3", "end-attack", "mattack:special-attack-3")
    play(s, "take")
    assert s.stack[-1]["k"] == "lower" and sorted(keys(s)) == ["lower:leadership", "lower:speed"]
    play(s, "lower:speed")
    assert s.attrs[p * 3 : p * 3 + 3] == [3, 1, 1]
    b = s.content.blessings
    assert sorted(keys(s)) == sorted(f"hm-blessing:{b[x].id}" for x in (0, 1))
    play(s, f"hm-blessing:{b[1].id}")
    assert s.blessings[p] == [0]


def test_typhon_region_attack_kills_half_of_each_army_rounding_up() -> None:
    """Typhon's Region Attack: "Kill half of the Hoplites in the Region (rounding up)"."""
    s = hm()
    clear_board(s)
    put(s, "boeotia", 0, 3)
    put(s, "boeotia", 1, 4)
    put(s, "boeotia", 2, 1)
    s.monster_at[TYPHON] = R("boeotia")
    region_attack(s, TYPHON)
    assert [s.hoplites(R("boeotia"), q) for q in range(3)] == [1, 2, 0]


def test_aitne_kills_one_hoplite_in_every_region() -> None:
    """Typhon's reward, Aitne: "Kill 1 Hoplite in each Region on the board." Where several
    armies stand, the user picks whose."""
    s = hm()
    clear_board(s)
    p = s.current
    other = (p + 1) % 3
    put(s, "epirus", p, 2)
    put(s, "crete", other, 1)
    put(s, "elis", p, 1)
    put(s, "elis", other, 2)
    a = s.content.artifact("aitne").index
    s.artifact_owner[a] = p
    play(s, "artifact:aitne")
    assert s.stack[-1]["k"] == "victim"
    play(s, f"victim:{s.content.heroes[s.heroes[other]].id}")
    assert (s.hoplites(R("epirus"), p), s.hoplites(R("crete"), other)) == (1, 0)
    assert (s.hoplites(R("elis"), p), s.hoplites(R("elis"), other)) == (1, 1)
    assert not s.artifact_charged[a] and "artifact:aitne" not in keys(s)


def test_achaea_typhon_evolve_raises_every_monsters_attack_cards() -> None:
    """Event card Achaea (Typhon): "Until Typhon leaves play, the Strength of the Attack Cards
    of all monsters in play is raised by 1" - a Hydra Hunt is harder while Typhon stands."""
    s, _p = hunt_scene(3)
    s.monster_at[TYPHON] = R("achaea")
    evolve(s, TYPHON, 0)
    attacks_next(s, "attack-3", "attack-4")
    play(s, "hunt:hydra", "hit:wild-attack-sword-3", "end-attack", "mattack:attack-3")
    assert s.stack[-1]["strength"] == 4
    s, _p = hunt_scene(3)
    evolve(s, TYPHON, 0)  # Typhon is not in play: no effect
    attacks_next(s, "attack-3", "attack-4")
    play(s, "hunt:hydra", "hit:wild-attack-sword-3", "end-attack", "mattack:attack-3")
    assert s.stack[-1]["strength"] == 3


def test_typhon_and_python_event_cards_spawn_regions() -> None:
    """Event cards: Achaea (Typhon); Inner Circle (Typhon) "or Boeotia - if The Lost City is
    not used"; Phocis (Python); Lesbos (Python) "or Phocis - if City of Steel is not used"."""
    from hellas.games.lords.monsters import appear  # noqa: PLC0415

    s = hm()
    clear_board(s)
    assert [appear(s, TYPHON, k) for k in (0, 1)] == [R("achaea"), R("boeotia")]
    assert [appear(s, PYTHON, k) for k in (0, 1)] == [R("phocis"), R("phocis")]


def test_inner_circle_typhon_spawns_in_the_inner_circle_with_the_lost_city() -> None:
    """ "Inner Circle (Typhon) - or Boeotia - if The Lost City is not used": with Atlantis the
    card puts Typhon in the Inner Circle."""
    from hellas.games.lords.monsters import appear  # noqa: PLC0415

    s = GAME.new({"players": 5, "modules": "poseidon,atlantis,heroes-monsters"}, 1)
    typhon = s.content.monster("typhon").index
    s.monster_at[typhon] = -1
    assert appear(s, typhon, 1) == s.content.region("inner-circle").index
    assert appear(s, typhon, 0) == s.content.region("achaea").index


# -- Python ----------------------------------------------------------------------------------


def test_python_special_attack_injures_and_ends_the_hunt_below_strength_4() -> None:
    """Python's Special Attack: "Deal 1 Injury. If the Hero's Strength Attribute is lower than
    4, immediately end the Hunt." """
    for strength, ends in ((3, True), (4, False)):
        s, _p = hunt_scene(PYTHON, strength=strength)
        attacks_next(s, "special-attack-3", "attack-4")
        play(s, "hunt:python", "hit:wild-attack-sword-3", "end-attack", "mattack:special-attack-3")
        play(s, "take", "injure:leadership")
        hunts = [f for f in s.stack if f["k"] == "hunt"]
        if ends:  # over (its extra Injury is asked next)
            assert not hunts and s.stack[-1]["k"] == "hurt"
        else:
            assert hunts[0]["stage"] == "attack"


def test_python_region_attack_kills_one_then_moves_to_a_shrine_without_temple() -> None:
    """Python's Region Attack: "Kill 1 Hoplite. Move Python to any Region with a Shrine (but
    without a Temple)." The active player picks where."""
    s = hm()
    clear_board(s)
    put(s, "phocis", 0, 2)
    s.monster_at[PYTHON] = R("phocis")
    s.temples[R("epirus")] = 1
    region_attack(s, PYTHON)
    s.cache = None
    assert s.hoplites(R("phocis"), 0) == 1
    where = {k[6:] for k in keys(s)}
    shrines = {r.id for r in s.content.regions if r.shrine} - {"phocis", "epirus"}
    assert where == shrines
    play(s, "mmove:crete")
    assert s.monster_at[PYTHON] == R("crete")


def test_python_bars_build_temple_in_its_region() -> None:
    """Python's Passive: "Players cannot use Build Temple action in Region with Python"."""
    s = hm()
    p = s.current
    clear_board(s)
    put(s, "epirus", p, 2, control=True)
    assert "temple:epirus" in keys(s)
    s.monster_at[PYTHON] = R("epirus")
    s.cache = None
    assert "temple:epirus" not in keys(s)


def test_omphalos_recruits_up_to_two_hoplites_in_phocis_without_enemies() -> None:
    """Python's reward, Omphalos: "Recruit up to 2 Hoplites in Phocis (if there are no enemy
    Hoplites)"."""
    s = hm()
    p = s.current
    clear_board(s)
    a = s.content.artifact("omphalos").index
    s.artifact_owner[a] = p
    put(s, "phocis", (p + 1) % 3, 1)
    assert "artifact:omphalos" not in keys(s)
    clear_board(s)
    put(s, "phocis", p, 3)
    assert "artifact:omphalos" in keys(s)
    play(s, "artifact:omphalos")
    assert sorted(keys(s)) == ["count:1", "count:2"]
    play(s, "count:2")
    assert s.hoplites(R("phocis"), p) == 5 and s.control[R("phocis")] == p  # Population 5


def test_phocis_python_evolve_draws_three_monster_attack_cards() -> None:
    """Event card Phocis (Python): "During a Hunt, the player controlling Python draws 3
    Monster Attack cards and chooses 1 to play." """
    s, p = hunt_scene(PYTHON, strength=5)
    evolve(s, PYTHON, 0)
    attacks_next(s, "attack-3", "attack-4", "attack-5")
    play(s, "hunt:python", "hit:wild-attack-sword-3", "end-attack")
    assert GAME.to_act(s) == (p + 1) % 3
    assert sorted(keys(s)) == ["mattack:attack-3", "mattack:attack-4", "mattack:attack-5"]
    play(s, "mattack:attack-5")
    assert len(s.attack_discard) == 2


# -- whole games -----------------------------------------------------------------------------


def test_random_games_with_the_module_keep_every_invariant() -> None:
    """20 random games (2-4 players, a turn limit) with the invariants checked at every step."""
    random_games(MODS, range(20))


def test_heuristic_games_pick_and_use_the_new_heroes() -> None:
    """5 heuristic games (each seat on its own sample) to the end or a turn limit: Cassandra
    and Odysseus get picked, and their decisions taken."""
    chosen = heuristic_games(MODS, range(5), players=4, turn_limit=60)
    assert chosen["hero:cassandra"] and chosen["hero:odysseus"]
    assert sum(n for k, n in chosen.items() if k.startswith("hm-cassandra:"))


def test_conformance_no_leak_determinism_and_replay() -> None:
    """The contract checks (deep: views unchanged by re-dealing hidden cards) with the module."""
    for seed in range(3):
        random_game(GAME, {"players": 3, "modules": MODS, "turn_limit": 30}, seed, deep=seed == 0)


def test_simulate_with_the_module_from_the_command_line(tmp_path: Path) -> None:
    """``hellas simulate lords --modules heroes-monsters --games 4`` plays and records 4 games."""
    out = tmp_path / "hm.csv"
    args = ["simulate", "lords", "--modules", MODS, "--games", "4", "--bots", "random"]
    result = CliRunner().invoke(app, [*args, "--turn-limit", "40", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert len(out.read_text().strip().splitlines()) == 5  # a header and 4 games
