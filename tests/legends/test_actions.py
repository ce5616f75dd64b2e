"""Setup and the five actions of "Gameplay", each as written in the rulebook."""

from __future__ import annotations

import pytest

from hellas.core.errors import IllegalChoice, OptionError
from hellas.games.legends import GAME
from hellas.games.legends.content import DIFFICULTIES, content
from hellas.games.legends.state import (
    P_ACTION,
    P_MOVE_DISCARD,
    P_ORACLE_DISCARD,
    P_ORACLE_ORDER,
    P_OVER,
    P_PLACE,
    P_RECOVER_DISCARD,
    P_SETUP_PLACE,
    P_SUPPORT_DISCARD,
    P_SUPPORT_GIVE,
    P_VOLUNTEER,
)

from .builders import T, hand, keys, play, position, slot

# -- Starting a Mission ------------------------------------------------------------------------

DIVINE_TABLE = {
    "human": [3, 4, 4, 5, 6],
    "heroic": [2, 3, 3, 4, 5],
    "godlike": [1, 2, 2, 3, 4],
}


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
@pytest.mark.parametrize("players", range(1, 6))
def test_difficulty_table_divine_interventions(difficulty: str, players: int) -> None:
    """Starting a Mission: "The table above shows the number of divine intervention cards to
    shuffle into the draw deck, by player count and difficulty level." """
    s = GAME.new({"players": players, "difficulty": difficulty}, players)
    expected = DIVINE_TABLE[difficulty][players - 1]
    in_play = s.deck.count(T("divine")) + sum(s.hand(q)[T("divine")] for q in range(players))
    assert in_play == expected
    view = GAME.view(s, 0)
    assert view["divine_out_of_game"] == 6 - expected
    assert len(s.deck) + 4 * players == 55 + expected


def test_each_player_draws_four_cards() -> None:
    """Starting a Mission: "each player will draw 4 cards from the draw deck"."""
    s = GAME.new({"players": 5}, 1)
    assert s.hsize == [4] * 5


def test_setup_first_to_place_takes_the_first_turn_others_place_clockwise() -> None:
    """Starting a Mission: "any one player can decide to place their hero disc ... all other
    players must also place their discs in clockwise order"; Gameplay: "The first player to have
    placed their hero disc will also take the first turn of the mission." """
    s = GAME.new({"players": 4, "mission": 2}, 7)
    assert s.phase == P_VOLUNTEER and s.actor == 0
    play(s, "wait")
    assert s.actor == 1
    first = keys(s)[0]
    play(s, first)  # seat 1 volunteers
    assert s.phase == P_SETUP_PLACE and s.actor == 2
    play(s, keys(s)[1])
    assert s.actor == 3
    play(s, keys(s)[2])
    assert s.actor == 0
    play(s, keys(s)[3])
    assert s.phase == P_ACTION and s.actor == 1 and s.current == 1 and s.turn == 1
    assert min(s.discs) >= 0


def test_setup_wait_is_not_offered_to_the_last_seat_of_a_round() -> None:
    """If every other hero waited, the last one asked must place (someone has to go first)."""
    s = GAME.new({"players": 3}, 2)
    play(s, "wait", "wait")
    assert "wait" not in keys(s)
    solo = GAME.new({"players": 1}, 2)
    assert "wait" not in keys(solo)


# -- 1. Fight --------------------------------------------------------------------------------


def test_fight_only_with_the_monsters_attributes() -> None:
    """The Monsters: "the players must play action cards that match the symbols"."""
    s = position(monsters=["hydra"], hands={0: ["guile", "speed"], 1: ["arms"]})
    assert "fight:guile" not in keys(s) and "fight:speed" in keys(s)


def test_five_cards_must_include_both_attributes() -> None:
    """ "A monster is defeated once 5 action cards have been played next to it; those action
    cards must represent both of that monster's attributes." """
    s = position(
        monsters=[slot("hydra", ["speed", "speed", "speed"])],
        hands={0: ["speed", "courage"], 1: ["speed"]},
    )
    play(s, "fight:speed")  # 4 speed: still possible
    assert "fight:speed" not in keys(s)  # seat 1 may not make it impossible
    assert s.monsters[0].alive


def test_divine_slay_needs_one_of_each_attribute() -> None:
    """Divine interventions slay "using fewer than 5 action cards" once each attribute is in."""
    s = position(monsters=[slot("hydra", ["speed"])], hands={0: ["divine"], 1: ["speed"]})
    assert "fight:slay" not in keys(s)
    s2 = position(
        monsters=[slot("hydra", ["speed", "courage"])], hands={0: ["divine"], 1: ["speed"]}
    )
    play(s2, "fight:slay")
    assert not s2.monsters[0].alive


# -- 2. Move ---------------------------------------------------------------------------------


def test_move_discards_one_card() -> None:
    """Move: "Whenever you move your hero disc from one monster card to another, you must
    discard 1 action card from your hand onto the discard pile face-down." """
    s = position(monsters=["hydra", "griffin"], hands={0: ["guile", "arms"], 1: ["speed"]})
    play(s, "move:griffin")
    assert s.discs[0] == 1 and s.phase == P_MOVE_DISCARD
    play(s, "discard:arms")
    assert hand(s, 0) == {"guile": 1} and s.discard[-1] == T("arms") and s.actor == 1


def test_move_needs_a_card_and_another_monster() -> None:
    """Move costs a card, so a hero with no card cannot move; there must be another monster."""
    s = position(monsters=["hydra", "griffin"], hands={0: [], 1: ["speed"]})
    assert not any(k.startswith("move:") for k in keys(s))
    s2 = position(monsters=["hydra"], hands={0: ["speed"], 1: ["speed"]})
    assert not any(k.startswith("move:") for k in keys(s2))


# -- 3. Recover -------------------------------------------------------------------------------


def test_recover_draws_up_to_five_then_discards_one() -> None:
    """Recover: "Draw ... so that you hold up to 5 action cards ... No matter how many cards you
    draw, you must then discard a card". With 4 cards only one can be drawn."""
    s = position(monsters=["hydra"], hands={0: ["arms", "arms", "guile", "guile"], 1: ["speed"]})
    play(s, "recover", "draw")
    assert s.phase == P_RECOVER_DISCARD and s.hsize[0] == 5
    play(s, "discard:guile")
    assert s.hsize[0] == 4


def test_recover_drawing_nothing_still_discards() -> None:
    """ "No matter how many cards you draw" includes none."""
    s = position(monsters=["hydra"], hands={0: ["arms"], 1: ["speed"]})
    play(s, "recover", "stop", "discard:arms")
    assert s.hsize[0] == 0


def test_recover_with_an_empty_deck_goes_straight_to_the_discard() -> None:
    """Ruling: Recover on an empty draw deck draws nothing and discards one card."""
    s = position(monsters=["hydra"], hands={0: ["arms", "guile"], 1: ["speed"]}, deck_size=0)
    play(s, "recover")
    assert s.phase == P_RECOVER_DISCARD


# -- 4. Support -------------------------------------------------------------------------------


def test_support_gives_cards_and_receiver_discards_down_to_four() -> None:
    """Support: "Give one or more cards from your hand to a fellow player ... The receiving
    player must then discard at least 1 card ... and continue discarding until they hold no more
    than 4 cards." """
    s = position(
        players=3,
        monsters=["hydra", "griffin"],
        hands={0: ["guile", "strength", "arms"], 1: ["speed", "speed", "courage"], 2: ["arms"]},
        heroes=["atalanta", "hercules", "perseus"],
        discs={0: 0, 1: 1, 2: 0},
    )
    play(s, "support:hercules")
    assert s.phase == P_SUPPORT_GIVE and "done" not in keys(s)  # one or more
    play(s, "give:guile", "give:strength")
    play(s, "done")
    assert s.phase == P_SUPPORT_DISCARD and s.actor == 1 and s.support_left == 1
    play(s, "discard:speed")
    assert s.hsize[1] == 4 and s.actor == 1 and s.current == 1 and s.phase == P_ACTION


def test_support_receiver_over_four_discards_more_than_one() -> None:
    """ "... continue discarding until they hold no more than 4 cards"."""
    s = position(players=2, monsters=["hydra"], hands={0: ["guile"] * 4, 1: ["speed"] * 4})
    play(s, "support:hercules", "give:guile", "give:guile", "give:guile", "give:guile")
    assert s.phase == P_SUPPORT_DISCARD and s.support_left == 4  # giving all ends giving
    for _ in range(4):
        play(s, keys(s)[0])
    assert s.hsize == [0, 4]


def test_support_receiver_with_few_cards_still_discards_one() -> None:
    """Ruling: "at least 1" holds even when the receiver holds 4 or fewer afterwards."""
    s = position(players=2, monsters=["hydra"], hands={0: ["guile"], 1: []})
    play(s, "support:hercules", "give:guile")
    assert s.support_left == 1
    play(s, "discard:guile")
    assert s.hsize == [0, 0]


def test_support_is_not_available_solo() -> None:
    """Support needs "a fellow player"."""
    s = position(players=1, monsters=["hydra"], hands={0: ["speed"]})
    assert not any(k.startswith("support:") for k in keys(s))


# -- 5. Consult the Oracle -------------------------------------------------------------------


def test_oracle_reveals_six_discards_one_returns_five_in_chosen_order() -> None:
    """Consult the Oracle: "Draw the top 6 action cards ... Choose and discard one of those
    cards, face-down, and then return the remaining 5 cards to the top of the draw deck in any
    order of your choosing." """
    s = position(
        players=2,
        monsters=["hydra"],
        hands={0: ["speed"], 1: ["courage"]},
        deck_top=["guile", "speed", "arms", "strength", "courage", "divine"],
    )
    play(s, "oracle")
    assert s.phase == P_ORACLE_DISCARD
    assert sorted(s.oracle) == list(range(6))
    play(s, "oracle.discard:guile")
    assert s.phase == P_ORACLE_ORDER
    play(s, "oracle.next:courage", "oracle.next:divine", "oracle.next:speed", "oracle.next:arms")
    assert s.actor == 1  # the last card goes back by itself
    top = list(reversed(s.deck[-5:]))
    assert top == [T("courage"), T("divine"), T("speed"), T("arms"), T("strength")]
    assert s.discard[-1] == T("guile")
    for seat in (0, 1):  # "in view of all players"
        assert GAME.view(s, seat)["deck_top"] == ["courage", "divine", "speed", "arms", "strength"]


def test_oracle_with_fewer_than_six_cards_reveals_what_is_left() -> None:
    """Ruling: with fewer than 6 cards the Oracle reveals them all."""
    s = position(players=2, monsters=["hydra"], hands={0: ["speed"], 1: ["courage"]}, deck_size=2)
    play(s, "oracle")
    assert len(s.oracle) == 2 and not s.deck


def test_oracle_not_offered_on_an_empty_deck() -> None:
    """Ruling: there is no Oracle to consult when the draw deck is empty."""
    s = position(players=2, monsters=["hydra"], hands={0: ["speed"], 1: ["courage"]}, deck_size=0)
    assert "oracle" not in keys(s)


# -- turn order, discs, winning and losing ------------------------------------------------


def test_play_continues_clockwise() -> None:
    """Gameplay: "play will continue to the next player in clockwise order"."""
    s = position(
        players=3,
        monsters=["hydra"],
        hands={0: ["speed"], 1: ["speed"], 2: ["speed"]},
        heroes=["atalanta", "hercules", "perseus"],
    )
    for seat in (0, 1, 2, 0):
        assert s.actor == seat
        play(
            s,
            "recover",
            "stop",
            "discard:speed"
            if s.hsize[seat] and s.hand(seat)[T("speed")]
            else "discard:" + next(iter(hand(s, seat))),
        )
        if seat == 2:
            break


def test_leaving_a_defeated_monster_is_a_move_with_its_discard() -> None:
    """Ruling 8 (default): discs on a defeated monster come off; leaving it is the Move action
    ("whenever you move your hero disc from one monster card to another, you must discard 1
    action card"), so the owner cannot fight that turn and pays the discard."""
    s = position(
        players=2,
        mission=1,
        monsters=[slot("hydra", ["speed"] * 4), "griffin", "lamia"],
        hands={0: ["courage"], 1: ["speed", "guile"]},
    )
    play(s, "fight:courage")
    assert s.discs == [-1, -1]
    assert s.phase == P_ACTION and s.actor == 1
    assert {"move:griffin", "move:lamia", "recover", "oracle", "support:atalanta"} <= set(keys(s))
    assert not any(k.startswith(("fight:", "special:", "place:")) for k in keys(s))
    turn = s.turn
    play(s, "move:griffin")
    assert s.phase == P_MOVE_DISCARD and s.discs[1] == 1
    play(s, "discard:guile")
    assert hand(s, 1) == {"speed": 1} and s.turn == turn + 1 and s.actor == 0
    # seat 0 holds no cards: it cannot move (nothing to discard) and recovers instead
    assert s.discs[0] == -1 and "recover" in keys(s)
    assert not any(k.startswith(("move:", "fight:", "place:")) for k in keys(s))


def test_free_replace_option_keeps_the_old_reading() -> None:
    """With ``free_replace`` the owner places the disc free of charge, then takes an action."""
    s = position(
        players=2,
        mission=1,
        monsters=[slot("hydra", ["speed"] * 4), "griffin", "lamia"],
        hands={0: ["courage"], 1: ["speed", "guile"]},
        free_replace=True,
    )
    play(s, "fight:courage")
    assert s.discs == [-1, -1]
    assert s.phase == P_PLACE and s.actor == 1
    assert all(k.startswith("place:") for k in keys(s))
    play(s, "place:griffin")
    assert s.phase == P_ACTION and hand(s, 1) == {"speed": 1, "guile": 1}
    assert GAME.state_from_json(GAME.state_to_json(s)).free_replace


def test_empty_hand_and_empty_deck_loses() -> None:
    """Winning or Losing: "if a player ever holds no action cards in their hand AND has to draw
    from the depleted draw pile, the mission is lost ... even if other players still have cards
    in their hands." """
    s = position(players=2, monsters=["hydra"], hands={0: ["speed"], 1: []}, deck_size=0)
    play(s, "fight:speed")
    assert s.phase == P_OVER and s.result == -1
    assert GAME.outcome(s) is not None and GAME.outcome(s).scores == (0.0, 0.0)


def test_empty_deck_but_cards_in_hand_the_mission_can_still_be_won() -> None:
    """Winning or Losing: "if the draw pile is depleted but the players can still take turns
    with the cards in their hands, the mission may still be won." """
    s = position(
        players=2,
        monsters=[
            slot("minotaur+lamia", ["arms", "arms", "strength", "courage", "courage", "courage"])
        ],
        hands={0: ["strength"], 1: ["arms"]},
        deck_size=0,
    )
    play(s, "fight:strength")
    assert s.result == 0 and s.actor == 1
    play(s, "fight:arms")
    assert s.result == 1 and GAME.outcome(s).winners == (0, 1)


def test_illegal_choice_lists_what_is_legal_and_changes_nothing() -> None:
    """Bad input gets a clear error and changes nothing."""
    s = position(monsters=["hydra"], hands={0: ["speed"], 1: ["courage"]})
    before = s.to_json()
    with pytest.raises(IllegalChoice) as err:
        GAME.apply(s, "fight:guile")
    assert "fight:speed" in str(err.value) and "not legal now" in str(err.value)
    with pytest.raises(IllegalChoice, match="unknown key"):
        GAME.apply(s, "dance")
    assert s.to_json() == before


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 6}, "at most 5"),
        ({"mission": 13}, "at most 12"),
        ({"difficulty": "easy"}, "not one of"),
        ({"heroes": "atalanta,zeus,jason"}, "unknown hero"),
        ({"players": 2, "heroes": "jason,jason"}, "different hero"),
        ({"players": 2, "heroes": "jason"}, "names 1 heroes for 2"),
        ({"hero_colours": "jason=purple"}, "HERO=ATTRIBUTE"),
        ({"misson": 2}, "did you mean 'mission'"),
    ],
)
def test_bad_options_get_clear_errors(options: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        GAME.new(options, 1)


def test_hero_colours_option_changes_the_special_ability() -> None:
    """Hero colours are a game option (docs/rules/legends.md lists the defaults)."""
    s = position(
        players=2,
        monsters=["hydra"],
        hands={0: ["guile"], 1: ["arms"]},
        heroes=["jason", "atalanta"],
        hero_colours=["jason=speed"],
    )
    assert "special:guile" in keys(s)
    s2 = position(
        players=2,
        monsters=["hydra"],
        hands={0: ["guile"], 1: ["arms"]},
        heroes=["jason", "atalanta"],
        hero_colours=["jason=arms"],
    )
    assert "special:guile" not in keys(s2)
    assert content().hero("atalanta").colour == T("guile")
