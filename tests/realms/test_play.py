"""Playing Fantasy Realms: setup, turns, the Afterlife's instant effects, the end, views."""

from __future__ import annotations

import pytest

from hellas.core.errors import IllegalChoice
from hellas.core.game import visible_events
from hellas.core.rng import Rng
from hellas.games.realms import GAME
from hellas.games.realms.content import deck
from hellas.games.realms.rules import cards
from hellas.games.realms.scoring import Table
from hellas.games.realms.solver import solve
from hellas.games.realms.state import (
    P_ALTAR,
    P_CORNUCOPIA,
    P_DISCARD,
    P_DRAW,
    P_FATES_NAME,
    P_ORACLE,
    P_OVER,
    RealmsState,
)


def idx(card: str) -> int:
    return deck().by_id(card).index


def start(players: int = 3, seed: int = 1, **options: object) -> RealmsState:
    return GAME.new({"players": players, **options}, seed)


def keys(s: RealmsState) -> list[str]:
    return [c.key for c in GAME.choices(s)]


def give(s: RealmsState, seat: int, card: str) -> None:
    """Put a specific card in a hand (swapped with a card from wherever it was)."""
    c = idx(card)
    if c in s.hands[seat]:
        return
    for place in (s.deck, s.discard, *s.hands, *s.afterlife):
        if c in place:
            i = place.index(c)
            place[i] = s.hands[seat][0]
            s.hands[seat][0] = c
            break
    s.hands[seat].sort()
    for q in range(s.n):
        s.hands[q].sort()
    s.cache = None


def test_setup_deals_seven_and_the_first_player_must_draw() -> None:
    """Setup: "Deal every player seven cards"; Gameplay: "The player who goes first must draw a
    card from the deck." """
    s = start(4)
    assert [len(h) for h in s.hands] == [7] * 4
    assert len(s.deck) == 79 - 28
    assert keys(s) == ["draw"]


def test_a_turn_draws_or_takes_then_discards() -> None:
    """Gameplay: "drawing the top card from the deck or taking any one faceup card from the
    discard area ... At the end of each turn, a player must discard a card"."""
    s = start(2)
    first = s.current
    GAME.apply(s, "draw")
    assert s.phase == P_DISCARD and len(s.hands[first]) == 8
    GAME.apply(s, next(k for k in keys(s) if k.startswith("discard:")))
    assert s.current != first and len(s.discard) == 1 and s.phase == P_DRAW
    assert f"take:{deck().cards[s.discard[0]].id}" in keys(s)
    GAME.apply(s, f"take:{deck().cards[s.discard[0]].id}")
    assert not s.discard and len(s.hands[s.current]) == 8


def test_taken_cards_are_known_to_everyone() -> None:
    s = start(3)
    GAME.apply(s, "draw")
    card = next(k for k in keys(s) if k.startswith("discard:"))
    GAME.apply(s, card)
    taker = s.current
    GAME.apply(s, "take:" + card.split(":")[1])
    for seat in range(3):
        if seat != taker:
            assert GAME.view(s, seat)["known"][str(taker)] == [card.split(":")[1]]


def test_game_ends_at_ten_cards_in_the_discard_area_and_scores() -> None:
    """End of game: "The game ends when there are ten cards in the central discard area." """
    s = start(3)
    while GAME.to_act(s) is not None:
        GAME.apply(s, "draw" if "draw" in keys(s) else keys(s)[0])
        if GAME.to_act(s) is not None and s.phase == P_DISCARD:
            GAME.apply(s, next(k for k in keys(s) if k.startswith("discard:")))
    assert s.phase == P_OVER and len(s.discard) == 10
    outcome = GAME.outcome(s)
    assert outcome is not None and max(outcome.scores) == outcome.scores[outcome.winners[0]]


def test_ties_go_to_the_lowest_total_base_value() -> None:
    """End of game: "In case of a tie, the hand with the lowest total base value (including
    afterlife) wins. If still a tie, the players share the victory." """
    from hellas.games.realms.rules import _finish  # noqa: PLC0415

    s = start(2)
    apollo_hand = ["apollo", "ares", "zeus", "hera", "athena", "hecate", "artemis"]
    s.hands = [sorted(idx(c) for c in apollo_hand), sorted(idx(c) for c in apollo_hand)]
    _finish(s, None)
    assert s.result is not None and s.result["winners"] == [0, 1]  # identical: shared
    s.hands[1] = sorted(
        idx(c) for c in ["apollo", "ares", "zeus", "hera", "athena", "hecate", "medusa"]
    )
    s.afterlife = [[], []]
    _finish(s, None)
    scores, bases = s.result["scores"], s.result["bases"]
    assert s.result["winners"] == [max(range(2), key=lambda q: (scores[q], -bases[q]))]


def test_afterlife_discard_adds_the_top_card_to_the_discard_area() -> None:
    """The Afterlife: "After discarding a card to your afterlife, add the top card of the deck
    directly to the Discard Area, face up." """
    s = start(2)
    p = s.current
    give(s, p, "hades")
    GAME.apply(s, "draw")
    top = s.deck[-1]
    events = GAME.apply(s, "afterlife:hades")
    assert s.afterlife[p] == [idx("hades")] and s.discard == [top]
    assert any("goes to the discard area" in e.text for e in events)


def test_oracle_at_delphi_puts_chosen_cards_on_the_bottom() -> None:
    """The Afterlife example: "Oracle at Delphi ... look at the top five cards of the deck and
    put any number of them on the bottom of the deck. Then put the rest back on top in their
    original order." """
    s = start(2)
    p = s.current
    give(s, p, "oracle-at-delphi")
    GAME.apply(s, "draw")
    top5 = list(reversed(s.deck[-5:]))
    events = GAME.apply(s, "afterlife:oracle-at-delphi")
    assert s.phase == P_ORACLE and s.look == top5
    assert GAME.view(s, p)["oracle"] == [deck().cards[i].id for i in top5]
    assert GAME.view(s, 1 - p)["oracle"] is None
    assert not any("top of the deck" in e.text for e in visible_events(events, 1 - p))
    GAME.apply(s, f"bottom:{deck().cards[top5[1]].id}")
    GAME.apply(s, "keep")
    assert s.deck[0] == top5[1]
    kept = [c for c in top5 if c != top5[1]]
    assert s.discard == [kept[0]]  # the new top card went to the discard area
    assert list(reversed(s.deck[-3:])) == kept[1:4]


def test_cornucopia_draws_two_and_discards_two() -> None:
    """The Afterlife: "If a card effect adds cards to the Discard Area, (such as the Cornucopia
    and the Fates), you do not have to add an additional card." """
    s = start(2)
    p = s.current
    give(s, p, "cornucopia")
    GAME.apply(s, "draw")
    GAME.apply(s, "afterlife:cornucopia")
    assert s.phase == P_CORNUCOPIA and len(s.hands[p]) == 9
    GAME.apply(s, next(k for k in keys(s) if k.startswith("discard:")))
    GAME.apply(s, next(k for k in keys(s) if k.startswith("discard:")))
    assert len(s.discard) == 2 and len(s.hands[p]) == 7 and s.current != p


def test_the_fates_take_a_named_card() -> None:
    s = start(2)
    p = s.current
    give(s, p, "the-fates")
    GAME.apply(s, "draw")
    GAME.apply(s, "afterlife:the-fates")
    GAME.apply(s, next(k for k in keys(s) if k.startswith("discard:")))
    assert s.phase == P_FATES_NAME
    before = set(s.hands[p])
    GAME.apply(s, "name:monster")
    new = set(s.hands[p]) - before
    assert len(new) == 1 and deck().cards[new.pop()].suit == 4
    assert len(s.discard) == 1 and len(s.hands[p]) == 7


def test_sacrificial_altar_sends_a_hero_and_draws() -> None:
    s = start(2)
    p = s.current
    give(s, p, "sacrificial-altar")
    give(s, p, "achilles")
    GAME.apply(s, "draw")
    GAME.apply(s, "afterlife:sacrificial-altar")
    assert s.phase == P_ALTAR and "altar:achilles" in keys(s)
    GAME.apply(s, "altar:achilles")
    assert idx("achilles") in s.afterlife[p] and len(s.hands[p]) == 7
    assert len(s.discard) == 1


def test_only_afterlife_cards_go_to_the_afterlife() -> None:
    s = start(2)
    GAME.apply(s, "draw")
    hand = s.hands[s.current]
    for card in hand:
        c = deck().cards[card]
        assert (f"afterlife:{c.id}" in keys(s)) == c.afterlife_icon
    with pytest.raises(IllegalChoice):
        GAME.apply(s, "afterlife:zeus")


def test_views_hide_hands_and_the_deck() -> None:
    s = start(4)
    for seat in range(4):
        v = GAME.view(s, seat)
        assert v["hand"] == [deck().cards[i].id for i in s.hands[seat]]
        assert v["hands"] is None and isinstance(v["deck"], int)
    assert GAME.view(s, None)["hand"] is None


def test_manual_endgame_lets_each_player_choose() -> None:
    rng = Rng(4)
    for seed in range(30):
        s = start(2, seed=seed, endgame="manual")
        while GAME.to_act(s) is not None and s.phase != 7:
            cs = GAME.choices(s)
            GAME.apply(s, cs[rng.below(len(cs))])
        if s.phase == 7:
            assert GAME.view(s, 0)["hands"] is not None  # hands are revealed for scoring
            while GAME.to_act(s) is not None:
                GAME.apply(s, GAME.choices(s)[0])
            assert s.result is not None and s.result["choices"]
            return
    pytest.fail("no game with an endgame decision")


def test_manual_endgame_still_resolves_automatic_effects_for_seats_without_decisions() -> None:
    """A seat with no endgame decision scores what the solver scores (automatic kills, ...)."""
    rng = Rng(9)
    checked = 0
    for seed in range(40):
        s = start(4, seed=seed, endgame="manual")
        while GAME.to_act(s) is not None:
            cs = GAME.choices(s)
            GAME.apply(s, cs[rng.below(len(cs))])
        assert s.result is not None
        for seat in range(4):
            if not s.endgame[seat]:
                table = Table(
                    [cards()[i] for i in s.hands[seat]], [cards()[i] for i in s.afterlife[seat]]
                )
                assert s.result["scores"][seat] == solve(table).score, (seed, seat)
                checked += 1
    assert checked > 30
