"""The twelve missions: starting monsters, arrivals after each defeat, special rules."""

from __future__ import annotations

import pytest

from hellas.games.legends import GAME
from hellas.games.legends.content import content
from hellas.games.legends.state import (
    CHIMERA,
    HADES,
    P_ACTION,
    P_MOVE_DISCARD,
    P_OVER,
    P_PLACE,
    P_RECOVER,
    P_RECOVER_DISCARD,
    SINGLE,
)

from .builders import (
    T,
    feed,
    first_alive,
    force_defeat,
    hand,
    keys,
    play,
    position,
    settle,
    slot,
)

# mission: (monsters at the start, {defeat number: arrivals}, final kind, finals)
SCHEDULE = {
    1: (3, {1: "M", 2: "M", 3: "M", 6: "C"}),
    2: (4, {1: "M", 5: "C"}),
    3: (3, {2: "MM", 4: "M", 6: "C"}),
    4: (4, {2: "MM", 4: "M", 6: "C"}),
    5: (4, {2: "MM", 4: "M", 6: "C"}),
    6: (4, {2: "MM", 4: "M", 6: "C"}),
    7: (4, {2: "MM", 4: "M", 6: "C"}),
    8: (5, {5: "CC"}),
    9: (3, {2: "MM", 5: "CC"}),
    10: (3, {1: "M", 2: "M", 3: "M", 4: "M", 5: "M", 6: "C"}),
    11: (2, {1: "M", 2: "M", 3: "M", 4: "M", 6: "C"}),
    12: (2, {1: "M", 2: "M", 3: "M", 4: "M", 6: "H"}),
}
KIND_LETTER = {SINGLE: "M", CHIMERA: "C", HADES: "H"}


@pytest.mark.parametrize("mission", range(1, 13))
def test_mission_starting_monsters_and_arrivals(mission: int) -> None:
    """Each mission's "Start with N monsters" and "Defeat k-th monster -> ..." lines."""
    start, arrivals = SCHEDULE[mission]
    s = GAME.new({"mission": mission, "players": 1, "difficulty": "human"}, mission)
    assert len(s.monsters) == start and all(m.kind == SINGLE for m in s.monsters)
    settle(s)
    seen: dict[int, str] = {}
    while s.result == 0:
        before = len(s.monsters)
        singles = [m for m in s.monsters if m.alive and m.kind == SINGLE]
        target = singles[0].name if singles else first_alive(s)
        force_defeat(s, target)
        settle(s)
        new = "".join(KIND_LETTER[m.kind] for m in s.monsters[before:])
        if new:
            seen[s.defeats] = new
    assert seen == arrivals
    assert s.result == 1
    used = sum(len(m.ids) for m in s.monsters)
    if mission in (8, 9):
        assert used == 9  # "In this mission, 9 of the 10 monster cards will be played."


def test_mission_1_note_no_monsters_after_4th_and_5th() -> None:
    """Mission 1 note: "no new monsters will come into play when the 4th and 5th monsters are
    beaten"."""
    assert content().mission(1).arrivals_after(4) == ()
    assert content().mission(1).arrivals_after(5) == ()
    assert content().mission(1).arrivals_after(6) == ("chimera",)


def test_mission_3_note_two_monsters_after_the_2nd() -> None:
    """Mission 3 note: "2 new monsters enter the game after the 2nd monster has been
    defeated"."""
    assert content().mission(3).arrivals_after(2) == ("monster", "monster")


def test_mission_4_the_last_single_may_outlive_the_chimera() -> None:
    """ "A mission is won when the last Chimera is defeated": in missions 4-7 seven monsters
    enter, so one can still be alive when the Chimera falls."""
    s = GAME.new({"mission": 4, "players": 1}, 3)
    settle(s)
    for _ in range(6):
        force_defeat(s, first_alive(s, SINGLE))
        settle(s)
    assert [m.kind for m in s.monsters if m.alive] == [SINGLE, CHIMERA]
    force_defeat(s, first_alive(s, CHIMERA))
    assert s.result == 1


def test_mission_8_both_chimeras_must_fall() -> None:
    """Mission 8: "After the 5th monster has been defeated, 2 Chimeras will come into play";
    the mission is won when the last Chimera is defeated."""
    s = GAME.new({"mission": 8, "players": 1}, 8)
    settle(s)
    for _ in range(5):
        force_defeat(s, first_alive(s))
        settle(s)
    chimeras = [m.name for m in s.monsters if m.alive]
    assert len(chimeras) == 2
    force_defeat(s, chimeras[0])
    assert s.result == 0
    settle(s)
    force_defeat(s, chimeras[1])
    assert s.result == 1


# -- mission 5: recover after a divine intervention ---------------------------------------


def test_mission_5_divine_intervention_forces_recover_before_next_player() -> None:
    """Mission 5: "Any player who uses a divine intervention action card to fight a monster
    must immediately perform the RECOVER action before the next player takes a turn"."""
    s = position(
        players=2,
        mission=5,
        monsters=["hydra", "griffin", "lamia", "cyclops"],
        hands={0: ["divine", "arms"], 1: ["speed"]},
    )
    play(s, "fight:divine=speed")
    assert s.phase == P_RECOVER and s.actor == 0 and s.forced
    play(s, "draw", "draw", "draw", "draw")
    assert s.phase == P_RECOVER_DISCARD  # 5 cards: drawing stops by itself
    play(s, "discard:arms")
    assert s.actor == 1 and s.phase == P_ACTION and not s.forced


def test_mission_5_recover_comes_before_the_new_monsters() -> None:
    """Mission 5: "... or before a new monster is put into play." """
    s = position(
        players=2,
        mission=5,
        monsters=[slot("hydra", ["speed", "courage"]), "griffin", "lamia", "cyclops"],
        hands={0: ["divine"], 1: ["speed"]},
    )
    s.defeats = 1  # the Hydra will be the 2nd defeated monster: 2 new monsters come
    play(s, "fight:slay")
    assert s.phase == P_RECOVER and len(s.monsters) == 4
    play(s, "draw", "stop")
    assert len(s.monsters) == 4
    play(s, keys(s)[0])
    assert len(s.monsters) == 6


def test_mission_5_rule_does_not_apply_to_the_chimera() -> None:
    """Mission 5: "This rule doesn't apply when fighting the Chimera." """
    s = position(
        players=2,
        mission=5,
        monsters=["minotaur+lamia"],
        hands={0: ["divine", "arms"], 1: ["speed"]},
    )
    play(s, "fight:divine=arms")
    assert s.actor == 1 and s.phase == P_ACTION


def test_mission_5_forced_recover_with_no_cards_and_empty_deck_loses() -> None:
    """Mission 5 with "Winning or Losing": holding no cards and having to draw from the
    depleted draw pile loses the mission."""
    s = position(
        players=2,
        mission=5,
        monsters=["hydra", "griffin"],
        hands={0: ["divine"], 1: ["speed"]},
        deck_size=0,
    )
    play(s, "fight:divine=speed")
    assert s.phase == P_OVER and s.result == -1


# -- missions 6 and 7: hands cycle ----------------------------------------------------------


def test_mission_6_hand_goes_under_the_draw_deck_and_is_redrawn() -> None:
    """Mission 6: "put all cards in their hand face-down under the draw deck in a random order
    and then draw the same number of cards from the top of the draw deck." """
    s = position(
        players=2,
        mission=6,
        monsters=["hydra", "griffin"],
        hands={0: ["divine", "guile", "guile", "strength"], 1: ["speed"]},
        deck_top=["arms", "arms", "courage"],
    )
    play(s, "fight:divine=speed")
    assert hand(s, 0) == {"arms": 2, "courage": 1}
    assert sorted(s.deck[:3]) == [T("guile"), T("guile"), T("strength")]
    assert s.actor == 1


def test_mission_7_hand_goes_under_the_discard_pile_and_top_is_drawn() -> None:
    """Mission 7: "put all cards in their hand face-down under the discard pile in a random
    order and then draw the same number of cards from the top of the discard pile." """
    s = position(
        players=2,
        mission=7,
        monsters=["hydra", "griffin"],
        hands={0: ["divine", "guile", "strength"], 1: ["speed", "arms"]},
    )
    s.discard = [T("courage"), T("speed"), T("arms")]  # arms on top
    s.dmask = [0, 0, 0]
    for t in s.discard:
        s.deck.remove(t)
    play(s, "fight:divine=courage")
    assert hand(s, 0) == {"arms": 1, "speed": 1}
    assert sorted(s.discard) == sorted([T("courage"), T("guile"), T("strength")])
    assert s.discard[0] in (T("guile"), T("strength"))  # the old hand lies underneath


def test_mission_7_discarder_learns_who_draws_their_discard() -> None:
    """Mission 7 knowledge: whoever discarded a card knows who draws it from the pile."""
    s = position(
        players=2,
        mission=7,
        monsters=["hydra", "griffin"],
        hands={0: ["divine", "guile"], 1: ["speed", "arms"]},
        to_act=1,
    )
    play(s, "recover", "stop", "discard:arms")  # seat 1 discards arms: it knows it is on top
    play(s, "fight:divine=speed")  # seat 0 cycles: draws the arms from the pile
    assert GAME.view(s, 1)["heroes"][0]["known_cards"] == {"arms": 1}
    assert GAME.view(s, 0)["hand"] == {"arms": 1}


# -- mission 10: divine interventions block arrivals ---------------------------------------


def test_mission_10_divine_defeat_brings_no_replacement() -> None:
    """Mission 10: "If any of the first 5 monsters is defeated by a divine intervention card, no
    new monster will come into play to replace it"."""
    s = GAME.new({"mission": 10, "players": 1, "difficulty": "human"}, 10)
    settle(s)
    force_defeat(s, first_alive(s), divine=True)
    assert s.entered == 3 and sum(m.alive for m in s.monsters) == 2
    settle(s)
    force_defeat(s, first_alive(s))
    assert s.entered == 4


def test_mission_10_three_divine_defeats_lose_immediately() -> None:
    """Mission 10: "If defeating monsters by the use of divine intervention cards prevents the
    6th monster from entering play, the mission is immediately lost." """
    s = GAME.new({"mission": 10, "players": 1, "difficulty": "human"}, 11)
    settle(s)
    force_defeat(s, first_alive(s), divine=True)
    settle(s)
    force_defeat(s, first_alive(s), divine=True)
    assert s.result == 0  # still possible: 3 entered + 3 triggers left
    settle(s)
    force_defeat(s, first_alive(s), divine=True)
    assert s.result == -1 and "6th monster" in s.reason


def test_mission_10_rule_stops_once_six_monsters_entered() -> None:
    """Mission 10: "this rule applies until there are 6 monsters in play"."""
    s = GAME.new({"mission": 10, "players": 1, "difficulty": "human"}, 12)
    settle(s)
    for _ in range(3):
        force_defeat(s, first_alive(s))
        settle(s)
    assert s.entered == 6
    force_defeat(s, first_alive(s), divine=True)
    assert s.entered == 7


# -- mission 12: Hades ---------------------------------------------------------------------


def test_mission_12_hades_three_cards_ten_actions_six_attributes() -> None:
    """Mission 12: "Hades comes into play as a Chimera consisting of 3 monster cards, and 10
    action cards are needed to defeat him. He can only be defeated by a divine intervention card
    once a minimum of 1 action card has been played for each of his 6 attributes. Hero discs
    must be placed on Hades' central monster card." """
    hades = slot("minotaur+lamia+cyclops")
    assert hades.size == 10 and sum(hades.need) == 6
    s = position(players=1, mission=12, monsters=[hades], hands={0: ["divine", "arms"]})
    s.defeats = 6
    assert "fight:slay" not in keys(s)
    for card in ["arms", "arms", "strength", "courage", "courage", "guile"]:
        feed(s, 0, card)
        play(s, f"fight:{card}")
    assert "fight:slay" in keys(s) and s.monsters[0].played == 6
    play(s, "fight:slay")
    assert s.result == 1
    assert GAME.view(s, 0)["monsters"][0]["title"] == "Hades"


def test_mission_12_hades_is_reached_as_any_monster() -> None:
    """Mission 12: "Hero discs must be placed on Hades' central monster card." is the same kind
    of sentence as the general rule "With Chimeras, hero discs must be placed at the centerpoint
    of the 2 Chimera cards": it says where on Hades' three cards a disc stands, not that reaching
    him is free. Issue 50 item 0 (rules 1.3): after the 6th defeat every disc is off the table
    and reaching Hades is a Move with its discard (ruling 8), or a free placement under
    ``free_replace``; rules 1.2 put every disc on Hades at no cost."""
    for free_replace in (False, True):
        s = GAME.new({"mission": 12, "players": 3, "free_replace": free_replace}, 5)
        settle(s)
        while not any(m.kind == HADES for m in s.monsters):
            force_defeat(s, first_alive(s))
        hades = next(i for i, m in enumerate(s.monsters) if m.kind == HADES)
        assert s.discs == [-1, -1, -1]  # nobody stands on Hades for free
        p = s.actor
        legal = keys(s)
        assert not any(k.startswith("fight:") for k in legal)
        if free_replace:
            assert s.phase == P_PLACE and legal == ["place:hades"]
            play(s, "place:hades")
            assert s.discs[p] == hades
            continue
        assert s.phase == P_ACTION and "move:hades" in legal
        before = s.hsize[p]
        assert before >= 1
        play(s, "move:hades")
        if s.phase == P_MOVE_DISCARD:
            play(s, keys(s)[0])
        assert s.discs[p] == hades and s.hsize[p] == before - 1


def test_chimera_arrival_keeps_ruling_8() -> None:
    """ "With Chimeras, hero discs must be placed at the centerpoint of the 2 Chimera cards" is
    where a disc stands on a Chimera (the rule against hints), not a placement: after the 6th
    defeat of mission 1 every disc is off the table and reaching the Chimera is a Move."""
    s = GAME.new({"mission": 1, "players": 2}, 3)
    settle(s)
    while not any(m.kind == CHIMERA for m in s.monsters):
        force_defeat(s, first_alive(s))
    assert s.discs == [-1, -1] and s.phase == P_ACTION
    chimera = first_alive(s, CHIMERA)
    assert f"move:{chimera}" in keys(s) or not s.hsize[s.actor]
    assert not any(k.startswith(("fight:", "place:")) for k in keys(s))


def test_chimera_disc_has_one_place() -> None:
    """ "With Chimeras, hero discs must be placed at the centerpoint of the 2 Chimera cards":
    one placement choice per Chimera."""
    s = position(
        players=2,
        monsters=["minotaur+lamia", "hydra"],
        hands={0: ["arms"], 1: ["speed"]},
        discs={0: 1, 1: 1},
    )
    assert [k for k in keys(s) if k.startswith("move:")] == ["move:minotaur+lamia"]
