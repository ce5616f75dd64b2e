"""The Legends heuristic bot: the rule-of-thumb policy applied to its own seat's information.

The bot never touches the true state: it asks the decision for a sample (a state consistent with
what its seat knows) and runs :func:`policy.choose` on it, which reads only the acting seat's
hand and the public table.  The honesty tests re-deal hidden cards and check its choice stays.
"""

from __future__ import annotations

from typing import Any

from hellas.core.game import Choice, Decision
from hellas.core.rng import Rng
from hellas.games.legends.policy import choose


class HeuristicBot:
    """Rule-based Legends player: plays needed cards, slays wisely, moves to fit its hand."""

    name = "heuristic"

    def choose(self, decision: Decision[Any], rng: Rng) -> Choice:
        """Return the policy's choice on a sample of this seat's information."""
        if len(decision.choices) == 1:
            return decision.choices[0]
        sample = decision.sample(rng)
        picked = choose(sample, rng)
        for c in decision.choices:
            if c.key == picked.key:
                return c
        raise AssertionError(f"policy chose {picked.key}, not legal")  # pragma: no cover
