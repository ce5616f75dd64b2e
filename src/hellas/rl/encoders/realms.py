"""The Fantasy Realms observation: one seat's view as a fixed vector.

Cards are multi-hot over the whole card list (base deck, then the promo and stand-in cards,
in ``content.deck()`` order), so position ``k`` of every card block is the same card.  Seats
are absolute; ``me`` marks the observing seat.  During the game other hands are hidden except
for the cards the seat is known to hold (``known``); once the game is over every hand is shown.

The default observation holds what the seat knows (hand, discard area, Afterlives, counts,
phase); the hand's exact best score and its card-by-card terms are derived by the solver, not
seen, so they are an opt-in extra (``extras=("score",)`` on the environments), computed only
when asked and written after the default fields (the default layout is a prefix of it).

``fill`` writes the vector from the seat's view; ``fill_state`` writes the same vector from
the state, reading exactly what ``view.view`` shows that seat (the score extra through the
view's own cached ``breakdown``), and is what the environments use;
``tests/rl/test_state_encoders.py`` proves the two equal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from hellas.games.realms.content import deck
from hellas.games.realms.state import P_ENDGAME, P_ORACLE, P_OVER, PHASE_NAMES, RealmsState
from hellas.games.realms.view import breakdown
from hellas.rl.encoders.base import (
    Encoder,
    Layout,
    View,
    multi_hot,
    mypyc_attr,
    one_hot,
    scale,
    seat_index,
    vocabulary,
)

TURN_CAP = 100
SCORE_CAP = 250
HAND_CAP = 10
TERM_CAP = 100  # a card's base, bonus or penalty in the score extra

# prose / end details; "score" is read only with the score extra (derived, not seen)
IGNORED = frozenset({"game", "players", "endgame_choices", "scores", "score"})
# opt-in observation extras: name -> what it adds (the environments' ``extras`` keyword)
EXTRAS = {
    "score": "the own hand's exact best score and each card's base, bonus and penalty "
    "(the solver's card-by-card explanation, as the view shows it)",
}


@mypyc_attr(allow_interpreted_subclasses=True)
class RealmsEncoder(Encoder):
    """Observation layout for Fantasy Realms (depends on the number of players only)."""

    reads_state = True

    def __init__(self, options: Mapping[str, Any], extras: Sequence[str] = ()) -> None:
        n = self.n = int(options["players"])
        self.scored = "score" in extras
        self.cards = vocabulary(c.id for c in deck().cards)
        self.names = vocabulary(c.name for c in deck().cards)  # the score lines name cards
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
        self.o_score = self.o_terms = -1
        if self.scored:
            self.o_score = a(
                "score",
                2,
                f"extra 'score': own hand's best score now / {SCORE_CAP} (clipped); "
                f"Afterlife cost / {SCORE_CAP}",
            )
            self.o_terms = a(
                "score_terms",
                3 * k,
                f"extra 'score': per card in my hand or Afterlife, its base, bonus and "
                f"-penalty / {TERM_CAP} (clipped): 3 x multi-valued over the {k} cards",
            )

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
        if self.scored and view.get("score"):
            self._fill_score(out, view["score"])

    def _fill_score(self, out: np.ndarray, report: Mapping[str, Any]) -> None:
        """Write the score extra from the view's score report (total, cost, card lines)."""
        k, names = self.k, self.names
        out[self.o_score] = scale(report["score"], SCORE_CAP)
        out[self.o_score + 1] = scale(-report["afterlife_penalty"], SCORE_CAP)
        for line in report["lines"]:
            c = names.get(line["card"])
            if c is None:
                continue
            out[self.o_terms + c] = scale(line["base"], TERM_CAP)
            out[self.o_terms + k + c] = scale(line["bonus"], TERM_CAP)
            out[self.o_terms + 2 * k + c] = scale(-line["penalty"], TERM_CAP)

    def fill_state(self, out: np.ndarray, s: RealmsState, seat: int) -> None:
        """Write what ``fill`` writes from ``seat``'s view, straight from the state."""
        n, k = self.n, self.k
        w: Any = out.data  # a memoryview: cheaper per write than numpy indexing, same float32
        if 0 <= seat < n:
            w[self.o_me + seat] = 1.0
        w[self.o_phase + s.phase] = 1.0
        w[self.o_turn] = scale(s.turn, TURN_CAP)
        if s.first_turn:
            w[self.o_turn + 1] = 1.0
        if 0 <= s.current < n:
            w[self.o_current + s.current] = 1.0
        if s.phase != P_OVER and 0 <= s.actor < n:
            w[self.o_to_act + s.actor] = 1.0
        hand = s.hands[seat]
        for c in hand:
            w[self.o_hand + c] = 1.0
        for q in range(n):
            w[self.o_sizes + q] = scale(len(s.hands[q]), HAND_CAP)
        for c in s.discard:
            w[self.o_discard + c] = 1.0
        w[self.o_deck] = scale(len(s.deck), k)
        for q in range(n):
            base = self.o_after + q * k
            for c in s.afterlife[q]:
                w[base + c] = 1.0
            if q != seat:
                base = self.o_known + q * k
                for c in s.known[seat][q]:
                    w[base + c] = 1.0
        if seat == s.current and s.phase == P_ORACLE:
            for c in s.look:
                w[self.o_oracle + c] = 1.0
        w[self.o_oracle + k] = scale(len(s.look), 5)
        if s.phase in (P_ENDGAME, P_OVER):
            for q in range(n):
                base = self.o_hands + q * k
                for c in s.hands[q]:
                    w[base + c] = 1.0
        if s.result:
            for q in s.result.get("winners", ()):
                if 0 <= q < n:
                    w[self.o_result + q] = 1.0
        if self.scored and 0 <= seat < n:  # only when asked: the solver's work
            report = breakdown(
                s.hands[seat], s.afterlife[seat], manual=s.phase == P_ENDGAME, s=s, seat=seat
            )
            self._fill_score(out, report)
