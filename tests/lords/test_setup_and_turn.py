"""Lords of Hellas: game preparation, hero picks, the turn, movement, prayer and actions."""

from __future__ import annotations

import pytest

from hellas.core.errors import IllegalChoice
from hellas.games.lords import GAME
from hellas.games.lords.board import population
from hellas.games.lords.state import MARCH, RECRUIT

from .helpers import R, clear_board, give_cards, keys, play, put, seat_of, started


def test_preparation_draws_seven_events_quests_and_unique_monsters() -> None:
    """Game Preparation 8: "Draw 7 cards from the Events Deck ... Once the third Quest Card
    has been placed ... ignore subsequent Quest Cards ... If the drawn Monster Card shows a
    Monster which is already on the board, ignore this card and draw another." """
    for seed in range(30):
        s = GAME.new({"players": 3}, seed)
        on_map = [m for m in s.monster_at if m >= 0]
        assert len(s.quest_slots) <= 3
        assert len(on_map) + len(s.quest_slots) <= 7
        assert len(s.event_deck) + len(s.quest_slots) == 9 + 14
        assert all(len(h) == 1 for h in s.hands)  # "Every player draws a Combat Card"


def test_heroes_are_picked_counter_clockwise_and_the_last_placer_starts() -> None:
    """Picking Heroes 4-6: the starting player picks and places, then counter-clockwise;
    "The last player to choose and place his/her Hero on the board will begin the game." """
    s = GAME.new({"players": 4}, 5)
    first = s.stack[-1]["order"][0]
    order = []
    for hero, region in zip(
        ("heracles", "perseus", "achilles", "helen"),
        ("epirus", "crete", "elis", "boeotia"),
        strict=True,
    ):
        order.append(GAME.to_act(s))
        play(s, f"hero:{hero}")
        assert f"start:{region}" in keys(s)
        play(s, f"start:{region}")
    assert order == [first, (first - 1) % 4, (first - 2) % 4, (first - 3) % 4]
    # Helen placed last: her Neutral Artifact pick comes before the first turn
    assert s.stack[-1]["k"] == "artifact-pick" and GAME.to_act(s) == order[-1]
    play(s, keys(s)[0])
    assert s.current == order[-1] and [f["k"] for f in s.stack] == ["turn"]


def test_start_control_only_with_population_two_or_less_and_no_shared_region() -> None:
    """Picking Heroes 5-6: "If the Population Strength in that Region is 2 or less, the player
    places his/her Control Token there"; "cannot place ... in a Region which already contains
    another Hero"."""
    s = GAME.new({"players": 2}, 1)
    play(s, "hero:heracles", "start:thessaly")  # Population 4: no control
    play(s, "hero:achilles")
    assert "start:thessaly" not in keys(s)
    play(s, "start:epirus")  # Population 2: control
    assert s.control[R("thessaly")] == -1 and s.control[R("epirus")] >= 0
    assert s.hoplites(R("thessaly"), seat_of(s, "heracles")) == 2


def test_starting_bonuses() -> None:
    """Heroes' starting bonuses (docs/rules/lords.md): Heracles +1 Strength, Achilles +1 Speed,
    Perseus the Glory Token of his starting Land."""
    s = started(3, heroes=("heracles", "achilles", "perseus"), starts=("epirus", "crete", "elis"))
    assert s.attrs[seat_of(s, "heracles") * 3 + 1] == 2
    assert s.attrs[seat_of(s, "achilles") * 3 + 2] == 2
    assert s.glory[s.content.regions[R("elis")].land] == seat_of(s, "perseus")


def test_regular_actions_once_each_then_one_special_action() -> None:
    """Course of the Game: "a player can perform a given Regular Action only once", then
    "must perform one of the available Special Actions"."""
    s = started(2)
    p = s.current
    play(s, "hero-move", "stop")
    assert "hero-move" not in keys(s)
    play(s, "hoplite-move", "done")
    assert "hoplite-move" not in keys(s)
    play(s, "prepare", "prep:draw", "prep:draw")
    assert s.current != p and s.used[p] >> 3 & 1


def test_hero_movement_up_to_speed() -> None:
    """Hero Movement: "as many Regions as indicated by his/her Speed Attribute"."""
    s = started(2, heroes=("achilles", "heracles"))  # Achilles: Speed 2
    p = s.current
    assert s.attr(p, 2) in (1, 2)
    speed = s.attr(p, 2)
    play(s, "hero-move")
    for _ in range(speed):
        play(s, next(k for k in keys(s) if k.startswith("go:")))
    assert s.stack[-1]["k"] == "turn"


def test_hoplite_movement_leadership_limit_and_no_double_moves() -> None:
    """Hoplite Movement: "a maximum number of Hoplites ... equal to the level of their
    Leadership"; "No Hoplite can move twice"."""
    s = started(2)
    p = s.current
    clear_board(s)
    put(s, "boeotia", p, 3, control=True)
    s.attrs[p * 3] = 2
    play(s, "hoplite-move", "move:boeotia>attica")
    assert not any(k.startswith("move:attica>") for k in keys(s))  # it already moved
    play(s, "move:boeotia>phocis")
    assert s.stack[-1]["k"] != "hoplites"  # Leadership 2 spent


def test_neutral_region_needs_population_strength() -> None:
    """Map: "Population Strength ... determines the number of Hoplites the player needs to take
    control of the Region"."""
    s = started(2)
    p = s.current
    clear_board(s)
    put(s, "boeotia", p, 4, control=True)
    s.attrs[p * 3] = 5
    assert population(s, R("attica"), p) == 5
    play(s, "hoplite-move", "move:boeotia>attica", "move:boeotia>attica", "done")
    assert s.control[R("attica")] == -1
    play(s, "prepare", "prep:draw", "prep:draw")
    s2 = started(2)
    q = s2.current
    clear_board(s2)
    put(s2, "attica", q, 2, control=True)
    s2.attrs[q * 3] = 2
    play(s2, "hoplite-move", "move:attica>corinthia", "move:attica>corinthia")
    assert s2.control[R("corinthia")] == q  # Population 2 reached


def test_entering_an_empty_enemy_region_takes_it_without_battle() -> None:
    """Hoplite Movement: "Moving Hoplites into a Region controlled by an enemy, but without
    Hoplites, results in taking control ... This is not a Battle"."""
    s = started(2)
    p = s.current
    q = 1 - p
    clear_board(s)
    put(s, "attica", p, 2, control=True)
    s.control[R("corinthia")] = q
    play(s, "hoplite-move", "move:attica>corinthia")  # Leadership 1: movement ends
    assert s.control[R("corinthia")] == p


def test_fortify_counts_as_movement_and_only_in_own_city() -> None:
    """Hoplite Movement: "Fortify a Hoplite in each Region they control which contains a City
    or Sparta. Treat that City as another Region for movement"."""
    s = started(2)
    p = s.current
    clear_board(s)
    put(s, "attica", p, 2, control=True)
    put(s, "euboea", p, 1)
    s.attrs[p * 3] = 1
    play(s, "hoplite-move")
    assert "fortify:attica" in keys(s) and "fortify:euboea" not in keys(s)
    play(s, "fortify:attica")
    assert s.fort[R("attica")] == p and s.stack[-1]["k"] == "turn"


def test_recruit_two_per_city_four_in_sparta_one_fortified() -> None:
    """Recruit: "up to 2 Hoplites in every Region he/she controls with a City in it (or up to 4
    Hoplites in Sparta). ... one of the recruited Hoplites may be Recruited already
    Fortified"."""
    s = started(2)
    p = s.current
    clear_board(s)
    s.control[R("laconia")] = p
    s.control[R("attica")] = p
    play(
        s,
        "recruit",
        "recruit-fortified:laconia",
        "recruit:laconia",
        "recruit:laconia",
        "recruit:laconia",
    )
    assert "recruit:laconia" not in keys(s)
    assert "recruit-fortified:attica" in keys(s)
    play(s, "recruit:attica", "recruit:attica")
    assert s.hoplites(R("laconia"), p) == 4 and s.fort[R("laconia")] == p
    assert s.hoplites(R("attica"), p) == 2 and s.used[p] >> RECRUIT & 1


def test_fifteen_hoplite_limit() -> None:
    """Recruit: "The maximum number of Hoplites available is 15 per player."."""
    s = started(2)
    p = s.current
    clear_board(s)
    put(s, "epirus", p, 14, control=True)
    s.control[R("laconia")] = p
    play(s, "recruit", "recruit:laconia")
    assert s.supply[p] == 0 and s.stack[-1]["k"] != "recruit"


def test_march_moves_any_number_except_fortified() -> None:
    """March: "move any number of their Hoplites from one Region to a single neighboring Region.
    Fortified Hoplites cannot be relocated with this action."."""
    s = started(2)
    p = s.current
    clear_board(s)
    put(s, "attica", p, 4, control=True, fortified=True)
    play(s, "march", "march:attica", "to:corinthia")
    assert keys(s) == ["count:1", "count:2", "count:3"]
    play(s, "count:3")
    assert s.hoplites(R("corinthia"), p) == 3 and s.fort[R("attica")] == p
    assert s.used[p] >> MARCH & 1


def test_build_temple_priest_and_oracle_bonus() -> None:
    """Build Temple: "places a Temple stand on the Shrine slot and adds one Priest"; "If a
    player builds the Oracle of Delphi he/she receives the additional rewards"."""
    s = started(2)
    p = s.current
    clear_board(s)
    s.control[R("phocis")] = p
    s.temple_card = 3  # Oracle: draw Combat Cards up to the limit
    play(s, "temple:phocis")
    assert s.temples[R("phocis")] and s.oracle and s.priests[p] == 1
    assert len(s.hands[p]) == 4


def test_priest_limit_four() -> None:
    """Build Temple: "Each player can control a maximum of 4 Priests."."""
    from hellas.games.lords.board import gain_priest  # noqa: PLC0415

    s = started(2)
    p = s.current
    assert gain_priest(s, p, 6) == 4 and s.priests[p] == 4


def test_prayer_raises_the_attribute_and_uses_the_power() -> None:
    """Priests: "After placing the Priest, a player should immediately raise related Hero
    Attribute by 1 and use the Monument Power corresponding to its stated level."."""
    s = started(2)
    p = s.current
    s.priests[p] = 2
    s.monument[0] = 2  # Zeus level 2: draw 1 (provisional power)
    before = len(s.hands[p])
    strength = s.attrs[p * 3 + 1]
    play(s, "pray:zeus")
    assert s.attrs[p * 3 + 1] == strength + 1 and len(s.hands[p]) == before + 1
    assert not any(k.startswith("pray:") for k in keys(s))  # "only 1 Priest total"


def test_prepare_two_picks_and_recruit_by_the_hero() -> None:
    """Prepare: "choose any two from these available options (a single option can also be
    chosen twice)"; Recruit one Hoplite where the Hero is (not where enemies stand)."""
    s = started(2, heroes=("heracles", "achilles"))
    p = s.current
    here = s.hero_at[p]
    before = s.hoplites(here, p)
    play(s, "prepare", "prep:recruit", "prep:recruit")
    assert s.hoplites(here, p) == before + 2


def test_usurp_takes_control_enemies_withdraw_glory_kept() -> None:
    """Usurp: "take control over that Region and can Recruit 1 Hoplite ... All enemy Hoplites
    must withdraw ... but suffer no losses ... does not cause a player to lose the Glory
    Token"."""
    s = started(2)
    p = s.current
    q = 1 - p
    clear_board(s)
    s.hero_at[p] = R("attica")
    land = s.content.regions[R("attica")].land
    s.glory[land] = p
    put(s, "attica", q, 3, control=True)
    s.control[R("boeotia")] = q
    play(s, "usurp")
    assert s.control[R("attica")] == p
    if s.stack[-1]["k"] == "withdraw":
        play(s, keys(s)[0])
    play(s, "usurp:1")
    assert s.hoplites(R("attica"), p) == 1 and s.hoplites(R("attica"), q) == 0
    assert sum(s.hoplites(r, q) for r in range(19)) == 3  # no losses
    assert s.glory[land] == p


def test_gods_artifact_passes_with_control_charged() -> None:
    """God's Artifacts: "once any other player takes control over a Region with a Monument ...
    that player immediately takes God's Artifacts ... This Artifact is charged for the new
    controller."."""
    s = started(2)
    p = s.current
    q = 1 - p
    clear_board(s)
    s.control[R("attica")] = q
    s.artifact_owner[1] = q
    s.artifact_charged[1] = False
    put(s, "boeotia", p, 1, control=True)
    play(s, "hoplite-move", "move:boeotia>attica")
    assert s.artifact_owner[1] == p and s.artifact_charged[1]
    assert "artifact:owl-of-athena" in keys(s)


def test_illegal_choices_are_refused() -> None:
    s = started(2)
    before = s.to_json()
    with pytest.raises(IllegalChoice):
        GAME.apply(s, "usurp")
    assert s.to_json() == before
    give_cards(s, s.current, "charge-sickle-4")
