"""The Hades module and its simple mode (Dark Ages rulebook, "Hades"), rule by rule."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from hellas.ai import make_bot
from hellas.core.conformance import random_game
from hellas.core.errors import OptionError
from hellas.core.game import Decision
from hellas.core.rng import Rng
from hellas.games.lords import GAME, battle
from hellas.games.lords.board import kill, move_army, population, settle_control, take_control
from hellas.games.lords.cards import receive_blessing
from hellas.games.lords.fx import removed
from hellas.games.lords.hooks import registered
from hellas.games.lords.hunt import hurt, hurt_choose, hurt_options
from hellas.games.lords.modules.hades.rules import joined, raise_index
from hellas.games.lords.monster_phase import kill_chosen
from hellas.games.lords.state import LordsState

from ..helpers import R, clear_board, give_cards, keys, play, put

HEROES = ("heracles", "achilles", "perseus", "helen")
STARTS = ("epirus", "crete", "elis", "boeotia")


def hades_game(
    players: int = 2,
    warriors: tuple[str, ...] = ("attica", "corinthia", "phocis", "arcadia"),
    modules: str = "hades",
    seed: int = 1,
) -> LordsState:
    """Play the setup: each player picks a Hero, places a Warrior, then the Hero."""
    s = GAME.new({"players": players, "modules": modules}, seed)
    for i in range(players):
        play(s, f"hero:{HEROES[i]}", f"hades-warrior:{warriors[i]}", f"start:{STARTS[i]}")
    s.cache = None
    return s


def board_game(**kw: object) -> LordsState:
    """Two players after setup with the board, the hands and the Warriors cleared."""
    s = hades_game(**kw)  # type: ignore[arg-type]
    clear_board(s)
    give_cards(s, 0)
    give_cards(s, 1)
    s.mod["hades"]["warriors"] = []
    return s


def warrior(s: LordsState, region: str) -> list[int]:
    """Put a Warrior of Hades in ``region`` and return it."""
    w = [R(region), -1]
    s.mod["hades"]["warriors"].append(w)
    s.cache = None
    return w


def blessing(s: LordsState, seat: int, blessing_id: str) -> None:
    """Give a seat a Blessing card out of the deck (without its on-receipt effect)."""
    b = s.content.blessing(blessing_id).index
    s.blessing_deck.remove(b)
    s.blessings[seat].append(b)
    s.cache = None


def under(s: LordsState) -> list[int]:
    return list(s.mod["hades"]["under"])


def reap(s: LordsState, monster: str) -> None:
    """Wound a Monster with Hades' Monument Power (the first open symbol when asked)."""
    play(s, f"hades-reap:{monster}")
    while s.stack[-1]["k"] == "strike-slot":
        play(s, keys(s)[0])


def march(s: LordsState, src: str, dst: str, count: int) -> None:
    play(s, "march", f"march:{src}", f"to:{dst}")
    if s.stack[-1]["k"] == "march":
        play(s, f"count:{count}")


# -- Hades Setup ----------------------------------------------------------------------------------


def test_setup_monument_in_messenia_with_the_helmet_under_it() -> None:
    """ "Place the Hades Monument in Messenia" and "Place Hades' Artifact card under" it."""
    s = hades_game()
    c = s.content
    god = c.god("hades")
    assert c.regions[god.site].id == "messenia" and god.artifact == "hades-helmet"
    assert s.monument[god.index] == 1 and god.provenance == "provisional"
    helmet = c.artifact("hades-helmet").index
    assert c.artifacts[helmet].kind == "god" and s.artifact_owner[helmet] == -1
    take_control(s, R("messenia"), 1)
    assert s.artifact_owner[helmet] == 1 and s.artifact_charged[helmet]


def test_setup_hades_blessings_are_shuffled_into_the_deck() -> None:
    """ "Shuffle Hades Blessings into Blessing Deck" (the two legible ones)."""
    s = hades_game()
    c = s.content
    hades = {b.index for b in c.blessings if b.god == "hades"}
    assert {c.blessings[b].id for b in hades} == {"price-of-victory", "temple-of-death"}
    assert hades <= set(s.blessing_deck)
    assert len(s.blessing_deck) == 38  # Zeus, Athena, Hermes 12 each, and Hades' 2


def test_setup_each_player_places_a_warrior_when_choosing_then_deploys() -> None:
    """ "When Choosing their Hero, each player takes 1 Warrior of Hades and places it in any
    Region on the board. After placing the Warriors of Hades, the players deploy their Hoplites
    and Hero as normal." """
    s = GAME.new({"players": 2, "modules": "hades"}, 1)
    first = GAME.to_act(s)
    play(s, "hero:heracles")
    assert GAME.to_act(s) == first
    assert sorted(keys(s)) == sorted(f"hades-warrior:{r.id}" for r in s.content.regions)
    play(s, "hades-warrior:crete")  # any Region, even a Hero's future start
    assert keys(s)[0].startswith("start:") and s.mod["hades"]["warriors"] == [[R("crete"), -1]]
    play(s, "start:crete", "hero:achilles", "hades-warrior:crete", "start:epirus")
    assert s.mod["hades"]["warriors"] == [[R("crete"), -1], [R("crete"), -1]]
    assert s.stack[-1]["k"] == "turn"


def test_setup_gates_of_hades_in_each_heros_starting_region_after_all_are_placed() -> None:
    """ "After all Heroes are placed on the Board, before starting the game, each player
    places 1 Gate of Hades in the starting Region of their Hero." """
    s = GAME.new({"players": 3, "modules": "hades"}, 2)
    play(s, "hero:heracles", "hades-warrior:attica", "start:epirus")
    play(s, "hero:achilles", "hades-warrior:attica", "start:crete")
    assert s.mod["hades"]["gates"] == [-1, -1, -1]  # not before every Hero is placed
    play(s, "hero:perseus", "hades-warrior:attica", "start:elis")
    gates = s.mod["hades"]["gates"]
    assert sorted(gates) == sorted([R("epirus"), R("crete"), R("elis")])
    assert gates == s.hero_at


# -- Warriors of Hades ----------------------------------------------------------------------------


def test_warrior_raises_population_strength_by_one() -> None:
    """ "A Warrior of Hades increases the Population Strength of a Region he is in by 1." """
    s = board_game()
    p = s.current
    assert population(s, R("boeotia"), p) == 2
    warrior(s, "boeotia")
    warrior(s, "boeotia")
    assert population(s, R("boeotia"), p) == 4
    put(s, "boeotia", p, 3)
    settle_control(s, R("boeotia"))
    assert s.control[R("boeotia")] == -1  # 3 Hoplites no longer take a Population 4
    put(s, "boeotia", p, 1)
    settle_control(s, R("boeotia"))
    assert s.control[R("boeotia")] == p


def test_warriors_join_an_army_only_where_its_player_controls_the_region() -> None:
    """ "Warriors of Hades automatically join any Army in their Region if this Region is
    Controlled by that Army's player." """
    s = board_game()
    p = s.current
    w = warrior(s, "boeotia")
    put(s, "boeotia", p, 1)
    assert joined(s, w) == -1  # a Neutral Region: nobody's Warrior
    s.control[R("boeotia")] = 1 - p
    assert joined(s, w) == -1  # controlled by a player with no Army there
    s.control[R("boeotia")] = p
    assert joined(s, w) == p


def test_a_warrior_raises_population_for_every_player_the_army_it_joined_too() -> None:
    """ "A Warrior of Hades increases the Population Strength of a Region he is in by 1." -
    for everybody: the printed text exempts nobody, not even the Army the Warrior joined."""
    s = board_game()
    p = s.current
    w = warrior(s, "boeotia")
    put(s, "boeotia", p, 1, control=True)
    assert joined(s, w) == p
    assert population(s, R("boeotia"), p) == population(s, R("boeotia"), 1 - p) == 3


def test_a_warrior_in_a_start_region_raises_its_population_at_the_placing() -> None:
    """The flat +1 holds at Picking Heroes too ("If the Population Strength in that Region is 2
    or less, the player places his/her Control Token there"): a Warrior in Epirus
    (Population 2) keeps a starting army of 2 from taking it."""
    s = GAME.new({"players": 2, "modules": "hades"}, 1)
    play(s, "hero:heracles", "hades-warrior:epirus", "start:epirus")
    assert (
        s.control[R("epirus")] == -1
        and s.hoplites(R("epirus"), 0) + s.hoplites(R("epirus"), 1) == 2
    )
    play(s, "hero:achilles", "hades-warrior:macedonia", "start:crete")
    assert s.control[R("crete")] >= 0


def test_each_warrior_adds_one_army_strength_to_the_army_it_joined() -> None:
    """ "Each Warrior of Hades add +1 Army Strength to the Army they joined." """
    s = board_game()
    p, q = s.current, 1 - s.current
    put(s, "attica", p, 4, control=True)
    put(s, "corinthia", q, 4, control=True)
    warrior(s, "corinthia")
    warrior(s, "corinthia")
    give_cards(s, q, "trap-sword-1")  # so that the Battle waits for the defender
    play(s, "hoplite-move", "move:attica>corinthia")
    f = s.stack[-1]
    assert f["k"] == "battle"
    assert battle.strength(s, f, 1) == 4 + 2  # the defender's two Warriors
    assert battle.strength(s, f, 0) == 1


def test_warriors_move_freely_with_the_army_they_joined() -> None:
    """ "Warriors of Hades can freely (do not count them as Hoplites) move with the Army they
    joined." """
    s = board_game()
    p = s.current
    s.attrs[p * s.na] = 5
    put(s, "attica", p, 3, control=True)
    a, b = warrior(s, "attica"), warrior(s, "attica")
    # Hoplite Movement, one Hoplite at a time; the Warriors may stay behind
    play(s, "hoplite-move", "move:attica>corinthia")
    assert s.stack[-1]["k"] == "hades-escort"
    assert keys(s) == ["hades-escort:0", "hades-escort:1", "hades-escort:2"]
    play(s, "hades-escort:0", "done")
    assert a[0] == b[0] == R("attica")
    # a March: one goes along, not counted as a Hoplite
    march(s, "attica", "boeotia", 2)
    assert keys(s) == ["hades-escort:0", "hades-escort:1", "hades-escort:2"]
    play(s, "hades-escort:1")
    assert sorted([a[0], b[0]]) == sorted([R("attica"), R("boeotia")])
    assert s.hoplites(R("boeotia"), p) == 2 and s.hoplites(R("attica"), p) == 0
    assert s.control[R("boeotia")] == p


def test_warriors_go_along_with_hermes_power_moves() -> None:
    """Hermes' Monument Power moves an Army like a March: its Warriors may follow."""
    s = board_game()
    p = s.current
    put(s, "attica", p, 2, control=True)
    w = warrior(s, "attica")
    s.monument[s.content.god("hermes").index] = 2
    s.priests[p] = 1
    s.cache = None
    play(s, "pray:hermes", "march:attica", "to:boeotia")
    if s.stack[-1]["k"] == "march":
        play(s, "count:2")
    play(s, "hades-escort:1")
    assert w == [R("boeotia"), -1] and joined(s, w) == p


def test_no_escort_offered_from_a_region_its_army_does_not_control() -> None:
    """Only Warriors that joined the moving Army may go along."""
    s = board_game()
    p = s.current
    put(s, "attica", p, 3)  # Neutral: the Warrior there joined nobody
    warrior(s, "attica")
    march(s, "attica", "boeotia", 2)
    assert s.stack[-1]["k"] == "turn"
    assert s.mod["hades"]["warriors"] == [[R("attica"), -1]]


def test_warriors_entering_an_enemy_army_stay_with_it_until_the_battle_ends() -> None:
    """ "When an Army including Warriors of Hades enters a Region containing another player's
    Army, they remain with the moving Army at least until the end of the Battle." And "After a
    Battle, Warriors of Hades always remains in the Region Battle took place, even if its owner
    Hoplites withdraw or were all killed." """
    s = board_game()
    p, q = s.current, 1 - s.current
    put(s, "attica", p, 2, control=True)
    put(s, "corinthia", q, 5, control=True)
    w = warrior(s, "attica")
    give_cards(s, q, "trap-sword-1")
    march(s, "attica", "corinthia", 2)
    play(s, "hades-escort:1")
    f = s.stack[-1]
    assert f["k"] == "battle" and w == [R("corinthia"), p]
    assert joined(s, w) == p  # with the attacker in the enemy's Region
    assert battle.strength(s, f, 0) == 2 + 1
    # the attacker loses (3 against 4) and withdraws to Attica; the Warrior stays
    while s.stack[-1]["k"] == "battle":
        play(s, keys(s)[0])
    assert s.hoplites(R("corinthia"), p) == 0 and s.hoplites(R("attica"), p) == 1
    assert w == [R("corinthia"), -1] and joined(s, w) == q


def test_attacking_army_with_warriors_kills_one_enemy_hoplite_before_the_battle() -> None:
    """ "Army with any number of Warriors of Hades kills 1 enemy Hoplite before the Battle
    when attacking." """
    s = board_game()
    p, q = s.current, 1 - s.current
    put(s, "attica", p, 3, control=True)
    put(s, "corinthia", q, 3, control=True)
    warrior(s, "attica")
    warrior(s, "attica")
    give_cards(s, q, "trap-sword-1")  # so that the Battle waits for the defender
    march(s, "attica", "corinthia", 3)
    play(s, "hades-escort:2")
    f = s.stack[-1]
    # one kill, however many Warriors, before any card is played
    assert f["k"] == "battle" and f["played"] == [[], []]
    assert s.hoplites(R("corinthia"), q) == 2 and under(s)[q] == 1
    assert battle.strength(s, f, 0) == 3 + 2


def test_defending_warriors_kill_nobody_before_the_battle() -> None:
    """Only an attacking Army kills before the Battle."""
    s = board_game()
    p, q = s.current, 1 - s.current
    put(s, "attica", p, 2, control=True)
    put(s, "corinthia", q, 1, control=True)
    warrior(s, "corinthia")
    s.attrs[p * s.na] = 2
    give_cards(s, q, "trap-sword-1")
    play(s, "hoplite-move", "move:attica>corinthia", "move:attica>corinthia")
    f = s.stack[-1]
    assert f["k"] == "battle" and s.hoplites(R("corinthia"), p) == 2
    assert battle.strength(s, f, 1) == 2


def test_warriors_cannot_die_and_are_not_hoplites() -> None:
    """ "Warriors of Hades are not considered as Hoplites. They cannot die and are not
    affected by effects affecting Hoplites." """
    s = board_game()
    p = s.current
    put(s, "attica", p, 2, control=True)
    w = warrior(s, "attica")
    kill(s, R("attica"), p, 2)
    kill_chosen(s, R("attica"), 3)
    assert s.hoplites(R("attica"), p) == 0 and w == [R("attica"), -1]
    assert s.mod["hades"]["warriors"] == [w] and joined(s, w) == -1
    GAME.check_invariants(s)


# -- Underworld Board ---------------------------------------------------------------------------


def test_every_killed_hoplite_goes_to_the_underworld_not_the_supply() -> None:
    """ "Regardless of how they were killed (Region Attack, Casualty, etc.) all killed
    Hoplites are placed on the Underworld board." """
    s = board_game()
    p, q = s.current, 1 - s.current
    put(s, "attica", p, 3, control=True)
    put(s, "crete", q, 4, control=True)
    supply = list(s.supply)
    kill_chosen(s, R("attica"), 1)  # a Monster's Region Attack
    move_army(s, q, R("crete"), -1)  # an army with nowhere to withdraw
    expected = [0, 0]
    expected[p], expected[q] = 1, 4
    assert under(s) == expected
    assert s.supply == supply
    GAME.check_invariants(s)
    s.mod["hades"]["under"][p] -= 1  # a Hoplite lost track of: the count no longer adds up
    with pytest.raises(AssertionError, match="15"):
        GAME.check_invariants(s)


def test_battle_casualties_go_to_the_underworld() -> None:
    """Casualty: the loser's Hoplites go to the Underworld too."""
    s = board_game()
    p, q = s.current, 1 - s.current
    put(s, "attica", p, 4, control=True)
    put(s, "corinthia", q, 1, control=True)
    s.attrs[p * s.na] = 2
    play(s, "hoplite-move", "move:attica>corinthia", "move:attica>corinthia")
    assert s.control[R("corinthia")] == p and under(s)[q] == 1
    assert s.supply[q] == 15 - 1


# -- Raise ------------------------------------------------------------------------------------


def test_raise_is_a_basic_attribute_starting_at_one_up_to_five() -> None:
    """ "Raise is a new, additional Attribute"; "Each player starts with a Raise value of 1.
    The maximum value is 5." Hades' Monument raises it (our ruling)."""
    s = board_game()
    p = s.current
    a = raise_index(s)
    assert s.content.attributes[a] == "raise" and s.na == 4
    assert [s.attrs[q * s.na + a] for q in range(2)] == [1, 1]
    s.attrs[p * s.na + a] = 4
    for _ in range(2):
        s.priests[p] = 1
        s.monument_priests[s.content.god("hades").index] = []
        s.regular = 0
        s.cache = None
        play(s, "pray:hades")
    assert s.attrs[p * s.na + a] == 5
    assert GAME.view(s, None)["module_panels"]["hades"]["raise"][p] == 5


# -- Gates of Hades and Resurrection ---------------------------------------------------------------


def test_resurrection_brings_raise_hoplites_to_a_gate_or_the_pool() -> None:
    """ "Take a number of your Hoplites equal to your Raise Attribute from the Underworld board
    and place them in a Region with a Gate of Hades or in your Hoplite Pool." """
    s = board_game()
    p = s.current
    s.mod["hades"]["gates"] = [R("boeotia"), R("argolis")]
    put(s, "attica", p, 5, control=True)
    kill(s, R("attica"), p, 5)
    assert under(s)[p] == 5
    assert "hades-rise:pool" in keys(s)
    assert {"hades-rise:boeotia", "hades-rise:argolis"} <= set(keys(s))
    s.attrs[p * s.na + raise_index(s)] = 3
    play(s, "hades-rise:boeotia")
    assert s.hoplites(R("boeotia"), p) == 3 and under(s)[p] == 2
    assert s.control[R("boeotia")] == p  # 3 Hoplites take a Population 2 Region
    assert not any(k.startswith("hades-rise") for k in keys(s))  # once a turn
    s.mod["hades"]["rose"] = 0
    s.cache = None
    supply = s.supply[p]
    play(s, "hades-rise:pool")  # only 2 are left to take
    assert under(s)[p] == 0 and s.supply[p] == supply + 2


def test_resurrection_not_offered_with_an_empty_underworld_and_takes_at_most_raise() -> None:
    """Nothing to take back: no Resurrection; Raise 2 takes 2 of the 3 in the Underworld."""
    s = board_game()
    p = s.current
    assert not any(k.startswith("hades-rise") for k in keys(s))
    put(s, "attica", p, 3, control=True)
    kill(s, R("attica"), p, 3)
    s.attrs[p * s.na + raise_index(s)] = 2
    s.cache = None
    play(s, "hades-rise:pool")
    assert under(s)[p] == 1


def test_resurrection_may_start_a_battle() -> None:
    """ "You may start a Battle that way." (From nowhere: a lost Battle kills them all.)"""
    s = board_game()
    p, q = s.current, 1 - s.current
    s.mod["hades"]["gates"] = [R("boeotia"), R("boeotia")]
    put(s, "boeotia", q, 3, control=True)
    put(s, "attica", p, 2, control=True)
    kill(s, R("attica"), p, 2)
    give_cards(s, q, "trap-sword-1")
    play(s, "hades-rise:boeotia")  # Raise 1: one Hoplite against three
    f = s.stack[-1]
    assert f["k"] == "battle" and (f["att"], f["def"], f["origins"]) == (p, q, [])
    play(s, "pass")
    assert s.control[R("boeotia")] == q and s.hoplites(R("boeotia"), p) == 0
    assert under(s)[p] == 2  # lost, with no Region to withdraw to: back to the Underworld


def test_gate_regions_are_shared_by_every_player() -> None:
    """ "a Region with a Gate of Hades": any player's Gate."""
    s = board_game()
    p = s.current
    s.mod["hades"]["gates"] = [R("argolis"), R("argolis")]
    put(s, "attica", p, 1, control=True)
    kill(s, R("attica"), p, 1)
    assert keys(s).count("hades-rise:argolis") == 1


# -- Hades Help Card and Hades' Helmet ------------------------------------------------------------


def test_help_card_wounds_a_chosen_monster_by_monument_level() -> None:
    """Help card rows II-V: "[combat icon] with a chosen Monster" (our reading: a Wound of the
    Monster; levels IV and V two Wounds on the same Monster; level I nothing)."""
    s = board_game()
    p = s.current
    g = s.content.god("hades").index
    hydra, medusa = s.content.monster("hydra").index, s.content.monster("medusa").index
    s.monster_at[hydra] = R("argolis")
    s.monster_at[medusa] = R("phocis")
    s.priests[p] = 2
    s.cache = None
    play(s, "pray:hades")  # level I: no power
    assert s.stack[-1]["k"] == "turn" and s.wounds[hydra] == []
    s.monument[g] = 4
    s.monument_priests[g] = []
    s.regular = 0
    s.cache = None
    play(s, "pray:hades")
    assert sorted(keys(s)) == ["hades-reap:hydra", "hades-reap:medusa"]
    reap(s, "hydra")
    assert keys(s) == ["hades-reap:hydra"]  # the second Wound: the same Monster
    reap(s, "hydra")
    assert len(s.wounds[hydra]) == 2 and s.wounds[medusa] == []


def test_helmet_ignores_an_injury_once() -> None:
    """ "Hades' Helmet (God's Artifact) - Use when your Hero suffers an Injury. Ignore that
    Injury." (issue 50: offered at each Injury, used only when its owner picks it)"""
    s = board_game()
    p = s.current
    take_control(s, R("messenia"), p)
    s.stack.append({"k": "hurt", "seat": p, "left": 2})
    s.cache = None
    assert "artifact:hades-helmet" in keys(s)
    play(s, "artifact:hades-helmet")
    assert s.injured[p] == 0  # ignored, and the Helmet is spent
    assert not s.artifact_charged[s.content.artifact("hades-helmet").index]
    assert "artifact:hades-helmet" not in keys(s)
    play(s, "injure:speed")
    assert s.injured[p] == 1 << 2
    s.artifact_charged = [True] * len(s.artifact_charged)  # recharged by Build Monument
    s.stack.append({"k": "injure", "seat": p})  # e.g. Thunder of Zeus
    s.cache = None
    play(s, "artifact:hades-helmet")
    assert s.injured[p] == 1 << 2
    q = 1 - p
    s.stack.append({"k": "injure", "seat": q})  # not the Helmet's owner
    s.cache = None
    assert "artifact:hades-helmet" not in keys(s)
    play(s, "injure:leadership")
    assert s.injured[q] == 1


def test_helmet_ignores_a_fourth_injury_that_would_end_a_hunt() -> None:
    """The Helmet also saves a Hunt from "a fourth Injury" of a Hero Injured everywhere: its
    owner is asked, use it or keep it (keeping it, the Hunt ends)."""
    s = board_game()
    p = s.current
    take_control(s, R("messenia"), p)
    s.injured[p] = (1 << s.na) - 1
    hunt = {"k": "hunt", "ended": ""}
    s.stack.append(hunt)
    hurt(s, p, 1)
    frame = s.stack[-1]
    assert frame["k"] == "hurt"
    assert sorted(hurt_options(s, frame)) == ["artifact:hades-helmet", "keep-artifact:hades-helmet"]
    hurt_choose(s, frame, "artifact:hades-helmet")
    assert hunt["ended"] == "" and s.stack[-1] is hunt
    hurt(s, p, 1)  # the Helmet is spent now
    assert hunt["ended"] == "failure"


# -- Hades Blessings ---------------------------------------------------------------------------


def test_price_of_victory_on_receipt_others_remove_two_hoplites_for_good() -> None:
    """ "When you receive this Blessing, each other player must remove 2 Hoplites from their
    supply (or from the board if they are all in play). Removed Hoplites cannot be brought back
    into play." """
    s = board_game(players=3)
    p = s.current
    q, r = [x for x in range(3) if x != p]
    put(s, "crete", r, 12, control=True)  # one left in supply: the other from the board
    put(s, "attica", r, 2, control=True)
    supply = list(s.supply)
    b = s.content.blessing("price-of-victory").index
    s.blessing_deck.remove(b)
    receive_blessing(s, p, b)
    assert s.supply[p] == supply[p]
    assert s.supply[q] == supply[q] - 2
    # "must remove": the owner picks the Hoplite on the board (here the small army in Attica)
    assert s.supply[r] == 0 and s.stack[-1] == {"k": "fx-remove", "seat": r, "left": 1}
    s.cache = None
    assert GAME.to_act(s) == r and keys(s) == ["remove:attica", "remove:crete"]
    play(s, "remove:attica")
    assert s.hoplites(R("attica"), r) == 1 and s.hoplites(R("crete"), r) == 12
    assert removed(s) == [0 if x == p else 2 for x in range(3)]
    GAME.check_invariants(s)


def test_price_of_victory_draws_a_card_after_a_battle_with_two_dead() -> None:
    """ "After a Battle in which you took part, if at least 2 Hoplites were killed, draw 1
    Combat Card." """
    s = board_game()
    p, q = s.current, 1 - s.current
    blessing(s, q, "price-of-victory")
    put(s, "attica", p, 4, control=True)
    put(s, "corinthia", q, 1, control=True)
    play(s, "hoplite-move", "move:attica>corinthia")
    assert len(s.hands[q]) == 0  # 1 dead (the loser's extra Casualty): no card
    put(s, "boeotia", q, 2, control=True)
    warrior(s, "attica")
    march(s, "attica", "boeotia", 3)
    play(s, "hades-escort:1")
    # 2 dead: 1 killed by the Warrior before the Battle, 1 the loser's Casualty
    assert len(s.hands[q]) == 1 and under(s)[q] == 2


def test_temple_of_death_kills_a_hoplite_of_another_player() -> None:
    """ "When you perform the Build Temple Special Action, choose and kill 1 Hoplite from any 1
    other player." """
    s = board_game()
    p, q = s.current, 1 - s.current
    blessing(s, p, "temple-of-death")
    put(s, "corinthia", p, 1, control=True)
    put(s, "crete", q, 2, control=True)
    put(s, "elis", q, 1, control=True)
    play(s, "temple:corinthia")
    hero = s.content.heroes[s.heroes[q]].id
    assert sorted(keys(s)) == sorted([f"kill-other:crete>{hero}", f"kill-other:elis>{hero}"])
    play(s, f"kill-other:elis>{hero}")
    assert s.hoplites(R("elis"), q) == 0 and under(s)[q] == 1


def test_a_content_pack_adds_a_missing_hades_blessing(tmp_path: Path) -> None:
    """One of the 8 illegible Hades Blessings typed in by an owner (``new = true``)."""
    (tmp_path / "blessings.toml").write_text(
        '[[blessing]]\nnew = true\nid = "from-the-box"\ngod = "hades"\nname = "From the Box"\n'
        'text = "A card typed in from the physical game."\nprovenance = "community"\n'
    )
    s = GAME.new({"players": 2, "modules": "hades", "content": str(tmp_path)}, 4)
    added = s.content.blessing("from-the-box").index
    assert added in s.blessing_deck and len(s.blessing_deck) == 36 + 2 + 1
    s = GAME.new({"players": 2, "modules": "hades-simple", "content": str(tmp_path)}, 4)
    assert s.content.blessing("from-the-box").index in s.blessing_deck


# -- Hades Simple Mode --------------------------------------------------------------------------


def test_simple_mode_hades_replaces_zeus_in_thessaly() -> None:
    """ "During Setup, place the Hades Monument in Thessaly, instead of the Zeus Monument."
    Zeus' Blessings leave with his Monument; Hades' join the deck."""
    s = GAME.new({"players": 2, "modules": "hades-simple"}, 1)
    c = s.content
    assert [g.id for g in c.gods] == ["athena", "hermes", "hades"]
    assert c.regions[c.god("hades").site].id == "thessaly"
    assert c.god("hades").artifact == "hades-helmet"
    assert c.attributes == ("leadership", "strength", "speed")
    assert not any(b.god == "zeus" for b in c.blessings)
    assert {b.id for b in c.blessings if b.god == "hades"} == {
        "price-of-victory",
        "temple-of-death",
    }
    assert len(s.blessing_deck) == 26
    take_control(s, R("thessaly"), 0)
    assert s.artifact_owner[c.artifact("hades-helmet").index] == 0


def test_simple_mode_has_no_warriors_raise_gates_or_underworld() -> None:
    """ "Warriors of Hades, Rise tokens, Gate of Hades tokens and Underworld board components
    and rules are not used." """
    s = GAME.new({"players": 2, "modules": "hades-simple"}, 1)
    play(s, "hero:heracles")
    assert keys(s)[0].startswith("start:")  # no Warrior to place
    play(s, "start:epirus", "hero:achilles", "start:crete")
    p = s.current
    clear_board(s)
    put(s, "attica", p, 3, control=True)
    supply = s.supply[p]
    kill(s, R("attica"), p, 2)
    assert s.supply[p] == supply + 2  # back to the supply
    assert not any(k.startswith("hades-rise") for k in keys(s))
    s.priests[p] = 1
    s.cache = None
    strength = s.attrs[p * s.na + 1]
    play(s, "pray:hades")
    assert s.attrs[p * s.na + 1] == min(5, strength + 1)  # Zeus' Attribute (our ruling)


def test_simple_mode_help_card_power() -> None:
    """ "Take the Hades Help card - use the side marked with a gray corner" (not transcribed:
    the red side's stand-in, a Wound on a chosen Monster from level II)."""
    s = GAME.new({"players": 2, "modules": "hades-simple"}, 1)
    play(s, "hero:heracles", "start:epirus", "hero:achilles", "start:crete")
    p = s.current
    cyclops = s.content.monster("cyclops").index
    s.monster_at = [-1] * len(s.monster_at)
    s.monster_at[cyclops] = R("thessaly")
    s.monument[s.content.god("hades").index] = 2
    s.priests[p] = 1
    s.cache = None
    play(s, "pray:hades")
    assert keys(s) == ["hades-reap:cyclops"]
    reap(s, "cyclops")
    assert len(s.wounds[cyclops]) == 1


def test_simple_mode_keeps_the_helmet_and_the_blessings() -> None:
    """Simple mode: "Place Hades' Artifact card under the Hades Monument", Blessings shuffled."""
    s = GAME.new({"players": 2, "modules": "hades-simple"}, 1)
    play(s, "hero:heracles", "start:epirus", "hero:achilles", "start:crete")
    p = s.current
    take_control(s, R("thessaly"), p)
    s.stack.append({"k": "injure", "seat": p})
    s.cache = None
    play(s, "artifact:hades-helmet")
    assert s.injured[p] == 0
    b = s.content.blessing("price-of-victory").index
    s.blessing_deck.remove(b)
    receive_blessing(s, p, b)
    assert removed(s)[1 - p] == 2
    GAME.check_invariants(s)


def test_hades_modes_exclude_each_other_and_hephaestus_simple() -> None:
    """A full module and its simple mode; two simple modes replacing Zeus."""
    with pytest.raises(OptionError, match="cannot be used together"):
        GAME.new({"players": 2, "modules": "hades,hades-simple"}, 1)
    with pytest.raises(OptionError, match="cannot be used together"):
        GAME.new({"players": 2, "modules": "hades-simple,hephaestus-simple"}, 1)


# -- Poseidon and Hades together -----------------------------------------------------------------


def test_poseidon_and_hades_share_messenia() -> None:
    """Both full modes put their Monument on Messenia's free place (our ruling: both stand
    there; Messenia's controller holds both God's Artifacts; a warning, not a refusal)."""
    assert registered()["poseidon"].hooks  # both modules are built: nothing to skip
    warnings = GAME.option_warnings({"players": 2, "modules": "poseidon,hades"})
    assert any("expansion-icon" in w for w in warnings)
    s = hades_game(modules="poseidon,hades")
    c = s.content
    assert c.attributes == ("leadership", "strength", "speed", "fleet", "raise") and s.na == 5
    assert c.god("poseidon").site == c.god("hades").site == R("messenia")
    take_control(s, R("messenia"), 0)
    for a in ("poseidons-trident", "hades-helmet"):
        assert s.artifact_owner[c.artifact(a).index] == 0
    assert s.attrs[raise_index(s) :: s.na] == [1, 1]
    for seed in range(3):
        random_game(
            GAME, {"players": 2 + seed, "modules": "poseidon,hades", "turn_limit": 40}, seed
        )


# -- Views, bots and whole games -----------------------------------------------------------------


def test_view_panel_shows_underworld_raise_gates_and_warriors() -> None:
    """The panel: public facts only, the same for every seat and spectators."""
    s = hades_game()
    p = s.current
    kill(s, s.hero_at[p], p, 1)
    panel = GAME.view(s, None)["module_panels"]["hades"]
    assert panel["title"] == "Hades" and panel["underworld"][p] == 1
    assert panel["players"][p] == ["Raise 1", "Underworld 1"]
    kinds = Counter(m["kind"] for ms in panel["regions"].values() for m in ms)
    assert kinds == {"warrior": 2, "gate": 2}
    assert panel["regions"]["attica"][0]["label"].startswith("Warrior of Hades")
    for seat in range(2):
        assert GAME.view(s, seat)["module_panels"]["hades"] == panel


@pytest.mark.parametrize("modules", ["hades", "hades-simple"])
def test_random_games_keep_every_invariant(modules: str) -> None:
    """20 random games to a turn limit: invariants, replay, views and determinization."""
    for seed in range(20):
        players = 2 + seed % 3
        options = {"players": players, "modules": modules, "turn_limit": 40}
        random_game(GAME, options, seed, deep=seed % 7 == 0)


@pytest.mark.parametrize("modules", ["hades", "hades-simple"])
def test_heuristic_games_use_the_hades_actions(modules: str) -> None:
    """5 heuristic games with invariants after every step; the bot places Warriors, sends
    them along, and resurrects."""
    used: Counter[str] = Counter()
    for seed in range(5):
        s = GAME.new({"players": 3 + seed % 2, "modules": modules, "turn_limit": 80}, seed)
        bot = make_bot(GAME, "heuristic")
        step = 0
        while GAME.to_act(s) is not None:
            c = bot.choose(Decision(GAME, s, GAME.to_act(s)), Rng(step))
            used[c.key.partition(":")[0]] += 1
            GAME.apply(s, c.key)
            GAME.check_invariants(s)
            step += 1
        assert s.result is not None
    assert used["hades-reap"] > 0  # Priests sent to Hades' Monument use its power
    if modules == "hades":
        assert used["hades-warrior"] == 17 and used["hades-rise"] > 0 and used["hades-escort"] > 0
