"""A simple, honest heuristic bot for Legends of Hellas.

It reads only its seat's view and the legal choices: it plays cards its monster still needs,
slays with a divine intervention when it can, moves to a monster its hand fits, keeps its hand
full while the deck lasts, and discards the card least useful on the table.
"""

from __future__ import annotations

from typing import Any

from hellas.core.game import Choice, Decision
from hellas.core.rng import Rng

_TYPES = ("guile", "speed", "arms", "strength", "courage", "divine")


class HeuristicBot:
    """Rule-based Legends player that sees only its own view."""

    name = "heuristic"

    def choose(self, decision: Decision[Any], rng: Rng) -> Choice:
        """Return the choice the rules of thumb prefer (ties broken by ``rng``)."""
        v = decision.view()
        scored = [(self._score(v, c.key), rng.random(), c) for c in decision.choices]
        scored.sort(key=lambda x: (x[0], x[1]), reverse=True)
        return scored[0][2]

    # -- scoring ------------------------------------------------------------------------------

    def _score(self, v: dict[str, Any], key: str) -> float:
        verb, _, arg = key.partition(":")
        me = v["heroes"][v["seat"]]
        hand: dict[str, int] = v["hand"] or {}
        alive = [m for m in v["monsters"] if m["alive"]]
        here = next((m for m in alive if m["name"] == me["disc"]), None)
        deck = v["deck"]
        if verb in ("place", "move"):
            target = next(m for m in alive if m["name"] == arg)
            fit = _fit(target, hand)
            crowd = len(target["heroes_here"])
            base = fit * 3 - crowd
            if verb == "move":
                return base - 6 - (_fit(here, hand) * 3 if here else 0)
            return base
        if key == "wait":
            return 0.5
        if verb == "fight":
            if arg == "slay":
                return 50.0
            if arg.startswith("divine="):
                attr = arg[7:]
                missing = here["missing"].get(attr, 0) if here else 0
                return 8.0 + missing
            missing = here["missing"].get(arg, 0) if here else 0
            return 30.0 + 5 * missing
        if verb == "special":
            value = _usefulness(v, arg)
            return 12.0 - 4 * value
        if key == "recover":
            size = me["hand_size"]
            return 20.0 - 5 * size if deck > 0 else 1.0
        if key == "draw":
            reserve = 2 * v["players"]
            return 10.0 if deck > reserve or me["hand_size"] < 2 else -1.0
        if key == "stop":
            return 0.0
        if verb in ("discard", "give", "oracle.discard"):
            value = _usefulness(v, arg)
            return 10.0 - value if verb != "give" else value - 2
        if key == "done":
            return 1.0
        if verb == "support":
            return -5.0
        if key == "oracle":
            return -3.0
        if verb == "oracle.next":
            return _usefulness(v, arg)
        return 0.0


def _fit(monster: dict[str, Any] | None, hand: dict[str, int]) -> int:
    """Return how many cards of ``hand`` could help ``monster``."""
    if monster is None:
        return 0
    return sum(hand.get(a, 0) for a in monster["need"]) + hand.get("divine", 0)


def _usefulness(v: dict[str, Any], card: str) -> float:
    """Return how useful a card type is on the table now (higher is more useful)."""
    if card == "divine":
        return 10.0
    value = 0.0
    for m in v["monsters"]:
        if m["alive"] and card in m["need"]:
            value += 1.0 + m["missing"].get(card, 0)
    return value
