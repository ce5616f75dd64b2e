"""An experiment behind docs/benchmarks.md: can denial or tempo beat the greedy Realms bot?

    python scripts/realms_tactics.py LAMBDA TAU SAMPLES DEALS

plays DEALS 2-player deals twice (the experimental bot in each seat) against greedy.  The bot is
greedy, plus: discarding a card to the discard area costs LAMBDA x the opponents' expected gain
from it, and taking one earns it (denial), averaged over SAMPLES determinizations of the hidden
hands; actions that advance the game-end clock (drawing, discarding to the area) earn
TAU x tanh(lead / 15) (tempo: hurry when ahead, stall when behind).  Prints the experimental
bot's wins with a 95% interval.  It reads only its own seat's information (samples).
"""

from __future__ import annotations

import math
import sys
from typing import Any

from hellas.core.game import Choice, Decision
from hellas.core.rng import Rng
from hellas.games.realms import bots as rb
from hellas.games.realms.game import GAME
from hellas.games.realms.rules import cards
from hellas.games.realms.state import P_DISCARD, P_DRAW, RealmsState


def _hand_value(s: RealmsState, seat: int) -> int:
    return rb.best_seven(s.hands[seat], s.afterlife[seat])


def opponent_terms(
    samples: list[RealmsState], seat: int, card_ids: list[int]
) -> tuple[dict[int, float], float]:
    """Return each card's mean gain to the best-placed opponent, and the seat's mean lead."""
    gains = dict.fromkeys(card_ids, 0.0)
    lead = 0.0
    for t in samples:
        best_other = -1e9
        for q in range(t.n):
            if q == seat:
                continue
            valuer = rb._Valuer(t.afterlife[q])
            base = valuer.value(t.hands[q])
            best_other = max(best_other, base)
            for c in card_ids:
                gains[c] += max(0.0, valuer.best_after(t.hands[q], c) - base) / len(samples)
        lead += (_hand_value(t, seat) - best_other) / len(samples)
    return gains, lead


class Tactician:
    """Greedy with denial and tempo terms (see the module docstring)."""

    name = "tactician"

    def __init__(self, lam: float, tau: float, samples: int) -> None:
        self.lam, self.tau, self.samples = lam, tau, samples

    def choose(self, d: Decision[Any], rng: Rng) -> Choice:
        """Return the experimental bot's choice."""
        if len(d.choices) == 1:
            return d.choices[0]
        first = d.sample(rng)
        if first.phase not in (P_DRAW, P_DISCARD):
            return d.follow(rb.greedy_choice, rng)
        samples = [first] + [d.sample(rng) for _ in range(self.samples - 1)]
        p = d.seat
        hand = first.hands[p]
        valuer = rb._Valuer(first.afterlife[p])
        cs = cards()
        scored: list[tuple[float, Choice]] = []
        if first.phase == P_DISCARD:
            ids = [cs[rb.card_index(c.key)].index for c in d.choices]
            gains, lead = opponent_terms(samples, p, ids)
            tempo = self.tau * math.tanh(lead / 15.0)
            for c, card in zip(d.choices, ids, strict=True):
                rest = [x for x in hand if x != card]
                if c.key.startswith("discard:"):
                    value = valuer.value(rest) - self.lam * gains[card] + tempo
                else:  # to the Afterlife
                    bonus = rb.INSTANT_BONUS.get(cs[card].instant or "", 0.0)
                    value = valuer.value(rest, (*valuer.afterlife, card)) + bonus
                scored.append((value, c))
            return max(scored, key=lambda x: x[0])[1]
        takes = [
            (c, cs[rb.card_index(c.key)].index) for c in d.choices if c.key.startswith("take:")
        ]
        gains, lead = opponent_terms(samples, p, [card for _, card in takes])
        tempo = self.tau * math.tanh(lead / 15.0)
        unknown = rb.unknown_cards(first, p)
        picks = (
            [unknown[rng.below(len(unknown))] for _ in range(rb.DRAW_SAMPLES)] if unknown else []
        )
        for c in d.choices:
            if c.key == "draw" and picks:
                scored.append(
                    (sum(valuer.best_after(hand, x) for x in picks) / len(picks) + tempo, c)
                )
        for c, card in takes:
            scored.append((valuer.best_after(hand, card) - 0.5 + self.lam * gains[card], c))
        if not scored:
            return d.follow(rb.greedy_choice, rng)
        return max(scored, key=lambda x: x[0])[1]


def play(seed: int, seat: int, bot: Tactician) -> float:
    """Play one 2-player deal with the experimental bot in ``seat``; return its share of wins."""
    s = GAME.new({"players": 2}, seed)
    rng = Rng(seed * 7 + seat)
    greedy = rb.GreedyBot()
    while (to_act := GAME.to_act(s)) is not None:
        player = bot if to_act == seat else greedy
        GAME.apply(s, player.choose(Decision(GAME, s, to_act), rng))
    out = GAME.outcome(s)
    assert out is not None
    return (1.0 / len(out.winners)) if seat in out.winners else 0.0


def main(argv: list[str]) -> int:
    """Run the experiment from the command line."""
    if len(argv) != 4:
        print(__doc__)
        return 2
    lam, tau, samples, deals = float(argv[0]), float(argv[1]), int(argv[2]), int(argv[3])
    bot = Tactician(lam, tau, samples)
    wins = sum(play(1000 + deal, seat, bot) for deal in range(deals) for seat in (0, 1))
    n = 2 * deals
    p = wins / n
    half = 1.96 * math.sqrt(p * (1 - p) / n)
    label = f"lambda={lam} tau={tau} samples={samples}"
    print(f"{label}: {wins:g}/{n} = {100 * p:.1f}% ± {100 * half:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
