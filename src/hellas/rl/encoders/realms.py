"""The Fantasy Realms observation: one seat's view as a fixed vector.

Cards are multi-hot over the whole card list (base deck, then the promo and stand-in cards,
in ``content.deck()`` order), so position ``k`` of every card block is the same card.  Seats
are absolute; ``me`` marks the observing seat.  During the game other hands are hidden except
for the cards the seat is known to hold (``known``); once the game is over every hand is shown.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from hellas.games.realms.content import deck
from hellas.games.realms.state import PHASE_NAMES
from hellas.rl.encoders.base import (
    Encoder,
    Layout,
    View,
    multi_hot,
    one_hot,
    scale,
    seat_index,
    vocabulary,
)

TURN_CAP = 100
SCORE_CAP = 250
HAND_CAP = 10

IGNORED = frozenset({"game", "players", "endgame_choices", "scores"})  # prose / end details


class RealmsEncoder(Encoder):
    """Observation layout for Fantasy Realms (depends on the number of players only)."""

    def __init__(self, options: Mapping[str, Any]) -> None:
        n = self.n = int(options["players"])
        self.cards = vocabulary(c.id for c in deck().cards)
        k = self.k = len(self.cards)
        self.phases = vocabulary(PHASE_NAMES)
        lay = self.layout = Layout("realms")
        a = lay.add
        self.o_me = a("me", n, "one-hot: the observing seat")
        self.o_phase = a("phase", len(PHASE_NAMES), f"one-hot phase: {', '.join(PHASE_NAMES)}")
        self.o_turn = a("turn", 2, f"turn / {TURN_CAP} (clipped); 1 on the first turn")
        self.o_current = a("current", n, "one-hot: the seat whose turn it is")
        self.o_to_act = a("to_act", n, "one-hot: the seat to decide now (all zero at the end)")
        self.o_hand = a("hand", k, f"own hand: multi-hot over the {k} cards")
        self.o_score = a("score", 1, f"own hand's best score now / {SCORE_CAP} (clipped)")
        self.o_sizes = a("hand_sizes", n, f"cards in each hand / {HAND_CAP}")
        self.o_discard = a("discard", k, "discard area: multi-hot cards")
        self.o_deck = a("deck", 1, "cards left in the deck / total cards in play")
        self.o_after = a("afterlives", n * k, "each seat's Afterlife: n x multi-hot cards")
        self.o_known = a(
            "known", n * k, "cards I know each other seat holds: n x multi-hot (zero for me)"
        )
        self.o_oracle = a(
            "oracle", k + 1, "cards I see at the Oracle (multi-hot); cards being looked at / 5"
        )
        self.o_hands = a("hands", n * k, "every hand, once the game is over: n x multi-hot")
        self.o_result = a("winners", n, "the winning seats, once the game is over")

    def fill(self, out: np.ndarray, view: View) -> None:
        """Write the view's entries."""
        n, k, cards = self.n, self.k, self.cards
        one_hot(out, self.o_me, seat_index(view.get("seat"), n), n)
        one_hot(out, self.o_phase, self.phases.get(view["phase"]), len(self.phases))
        out[self.o_turn] = scale(view["turn"], TURN_CAP)
        out[self.o_turn + 1] = 1.0 if view["first_turn"] else 0.0
        one_hot(out, self.o_current, seat_index(view["current"], n), n)
        one_hot(out, self.o_to_act, seat_index(view["to_act"], n), n)
        if view.get("hand"):
            multi_hot(out, self.o_hand, view["hand"], cards)
        score = view.get("score")
        if score:
            out[self.o_score] = scale(score["score"], SCORE_CAP)
        for q, size in enumerate(view["hand_sizes"][:n]):
            out[self.o_sizes + q] = scale(size, HAND_CAP)
        multi_hot(out, self.o_discard, view["discard"], cards)
        out[self.o_deck] = scale(view["deck"], k)
        for q, afterlife in enumerate(view["afterlives"][:n]):
            multi_hot(out, self.o_after + q * k, afterlife, cards)
        for owner, held in view["known"].items():
            holder = seat_index(int(owner), n)
            if holder is not None:
                multi_hot(out, self.o_known + holder * k, held, cards)
        if view["oracle"]:
            multi_hot(out, self.o_oracle, view["oracle"], cards)
        out[self.o_oracle + k] = scale(view["oracle_count"], 5)
        if view["hands"]:
            for q, hand in enumerate(view["hands"][:n]):
                multi_hot(out, self.o_hands + q * k, hand, cards)
        result = view["result"]
        if result:
            for q in result.get("winners", ()):
                one_hot(out, self.o_result, seat_index(q, n), n)
