"""The Legends heuristic bot: the rule-of-thumb policy applied to its own seat's information.

The bot never touches the true state: it asks the decision for a sample (a state consistent with
what its seat knows) and runs :func:`policy.choose` on it, which reads only the acting seat's
hand and the public table.  The honesty tests re-deal hidden cards and check its choice stays.
"""

from __future__ import annotations

from hellas.core.game import SampledPolicyBot
from hellas.games.legends.policy import choose


class HeuristicBot(SampledPolicyBot):
    """Rule-based Legends player: plays needed cards, slays wisely, moves to fit its hand."""

    name = "heuristic"
    policy = staticmethod(choose)
