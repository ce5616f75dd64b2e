"""Hidden information: a seat's view holds its own hand, the public table and what it saw."""

from __future__ import annotations

import json

from hellas.core.game import visible_events
from hellas.core.rng import Rng
from hellas.games.legends import GAME
from hellas.games.legends.state import FACE_DOWN

from .builders import T, play, position


def test_view_holds_own_hand_only() -> None:
    s = GAME.new({"players": 3}, 4)
    for seat in range(3):
        v = GAME.view(s, seat)
        text = json.dumps(v)
        assert v["hand"] == {
            k: n
            for k, n in zip(
                ("guile", "speed", "arms", "strength", "courage", "divine"),
                s.hand(seat),
                strict=True,
            )
            if n
        }
        assert "hands" not in text and "deck_order" not in text
        assert all(h["hand_size"] == 4 for h in v["heroes"])
    spectator = GAME.view(s, None)
    assert spectator["hand"] is None
    assert all("known_cards" not in h for h in spectator["heroes"])


def test_view_is_unchanged_when_hidden_cards_are_redealt() -> None:
    """Everything a seat cannot know can change without its view changing."""
    s = GAME.new({"players": 4, "mission": 6}, 9)
    rng = Rng(1)
    while GAME.to_act(s) is not None and s.turn < 30:
        for seat in range(4):
            other = GAME.determinize(s, seat, rng)
            assert GAME.view(other, seat) == GAME.view(s, seat)
        cs = GAME.choices(s)
        GAME.apply(s, cs[rng.below(len(cs))])


def test_determinize_really_redeals_other_hands_and_the_deck() -> None:
    s = GAME.new({"players": 3}, 4)
    rng = Rng(3)
    hands = {tuple(GAME.determinize(s, 0, rng).hands[6:]) for _ in range(20)}
    decks = {tuple(GAME.determinize(s, 0, rng).deck) for _ in range(20)}
    assert len(hands) > 10 and len(decks) > 10
    mine = {tuple(GAME.determinize(s, 0, rng).hands[:6]) for _ in range(20)}
    assert mine == {tuple(s.hands[:6])}


def test_oracle_cards_are_public_and_followed_into_hands() -> None:
    """The Oracle's cards are "in view of all players"; whoever then draws them is seen."""
    s = position(
        players=3,
        monsters=["hydra"],
        hands={0: ["speed"], 1: ["courage"], 2: ["arms"]},
        heroes=["atalanta", "hercules", "perseus"],
        deck_top=["guile", "speed", "arms", "strength", "courage", "divine"],
    )
    play(
        s,
        "oracle",
        "oracle.discard:guile",
        "oracle.next:divine",
        "oracle.next:arms",
        "oracle.next:speed",
        "oracle.next:strength",
    )
    play(s, "recover", "draw", "draw", "stop")  # seat 1 draws divine and arms
    for seat in (0, 2):
        assert GAME.view(s, seat)["heroes"][1]["known_cards"] == {"arms": 1, "divine": 1}
    assert GAME.view(s, 0)["deck_top"] == ["speed", "strength", "courage"]
    assert {"from_top": 0, "card": "guile"} in GAME.view(s, 2)["discard_known"]


def test_gifts_are_known_to_giver_and_receiver_only() -> None:
    s = position(
        players=3,
        monsters=["hydra"],
        hands={0: ["guile", "arms"], 1: ["speed"], 2: ["courage"]},
        heroes=["atalanta", "hercules", "perseus"],
    )
    events = play(s, "support:hercules", "give:guile", "done")
    assert GAME.view(s, 0)["heroes"][1]["known_cards"] == {"guile": 1}
    assert GAME.view(s, 2)["heroes"][1]["known_cards"] == {}
    assert GAME.view(s, 0)["gifts"][0]["card"] == "guile"
    assert GAME.view(s, 1)["gifts"][0]["card"] == "guile"
    assert GAME.view(s, 2)["gifts"][0]["card"] is None
    assert all("Guile" not in e.text for e in visible_events(events, 2))
    assert any("Guile" in e.text for e in visible_events(events, 0))
    play(s, "discard:speed")  # the receiver discards face-down
    # the giver cannot tell which card went: its knowledge drops to what is certain
    assert GAME.view(s, 0)["heroes"][1]["known_cards"] == {}


def test_face_down_card_is_hidden_from_others() -> None:
    s = position(
        players=2,
        monsters=["griffin"],
        hands={0: ["courage"], 1: ["arms"]},
        heroes=["atalanta", "hercules"],
    )
    play(s, "special:courage")
    mine = GAME.view(s, 0)["monsters"][0]["cards"][0]
    theirs = GAME.view(s, 1)["monsters"][0]["cards"][0]
    assert mine == {"seat": 0, "card": "courage", "as": "guile", "mode": "face-down"}
    assert theirs == {"seat": 0, "card": None, "as": "guile", "mode": "face-down"}
    assert s.monsters[0].cards[0][3] == FACE_DOWN


def test_draw_events_name_the_card_only_to_the_drawer() -> None:
    s = position(
        players=2, monsters=["hydra"], hands={0: ["speed"], 1: ["courage"]}, deck_top=["divine"]
    )
    events = play(s, "recover", "draw")
    assert any("Divine" in e.text for e in visible_events(events, 0))
    assert not any("Divine" in e.text for e in visible_events(events, 1))
    assert not any("Divine" in e.text for e in visible_events(events, None))


def test_no_choice_reveals_a_hand() -> None:
    """Nothing in any interface lets a player reveal a hand: no such choice exists."""
    assert not [k for k in GAME.table if "reveal" in k or "show" in k]


def test_discarder_knows_own_discards() -> None:
    s = position(players=2, monsters=["hydra"], hands={0: ["speed", "arms"], 1: ["courage"]})
    play(s, "recover", "stop", "discard:arms")
    assert GAME.view(s, 0)["discard_known"][0] == {"from_top": 0, "card": "arms"}
    assert GAME.view(s, 1)["discard_known"] == []
    assert s.discard[-1] == T("arms")


def test_determinize_keeps_known_totals_equal_to_the_known_bounds() -> None:
    """``known_sum`` of a sample, worked out from the layers it keeps, is the plain total."""
    for players, mission in ((2, 6), (3, 1), (4, 7), (5, 12)):
        s = GAME.new({"players": players, "mission": mission}, players)
        rng = Rng(players + 20)
        while GAME.to_act(s) is not None and s.turn < 40:
            for seat in range(players):
                t = GAME.determinize(s, seat, rng)
                assert t.known_sum == [
                    sum(
                        sum(t.known[t.known_index(obs, r) : t.known_index(obs, r) + 6])
                        for obs in range(players + 1)
                        if obs != r
                    )
                    for r in range(players)
                ]
            cs = GAME.choices(s)
            GAME.apply(s, cs[rng.below(len(cs))])
