"""Search bots read what a game offers search through its ``SearchHints`` capability.

A game may supply its own capability object (``Game.capabilities``) instead of overriding the
Game's optional members; the ISMCTS and lookahead bots must then use it.  Nim (tests/nim) has
no rollout policy of its own: here a capability gives it one, and both bots are seen using it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from hellas.ai import make_bot
from hellas.core.capabilities import SearchHints
from hellas.core.game import Choice, Decision
from hellas.core.rng import Rng
from tests.nim import NimGame, NimState


class CountingHints(SearchHints):
    """Nim's search hints: take what leaves a multiple of 4 (the winning policy), counted."""

    def __init__(self, game: NimGame) -> None:
        super().__init__(game)
        self.calls: dict[str, int] = {}

    def _count(self, name: str) -> None:
        self.calls[name] = self.calls.get(name, 0) + 1

    def rollout_policy(self) -> Callable[[Any, Rng], Choice] | None:
        """Return the take that leaves a multiple of 4 (or one stone)."""
        self._count("rollout_policy")
        game = self.game

        def policy(s: NimState, _rng: Rng) -> Choice:
            legal = game.choices(s)
            return legal[(s.heap % 4 or 1) - 1] if len(legal) >= (s.heap % 4 or 1) else legal[0]

        return policy

    def worth_searching(self, s: Any) -> bool:
        """Search every decision."""
        self._count("worth_searching")
        return True

    def rollout_value(self, s: Any, seat: int) -> float:
        """Return the finished game's value for ``seat``."""
        self._count("rollout_value")
        return super().rollout_value(s, seat)


class HintedNim(NimGame):
    """Nim that supplies its search hints as a capability object."""

    def __init__(self) -> None:
        super().__init__()
        self.hints = CountingHints(self)

    def capabilities(self) -> Mapping[type, Any]:
        """Return the counting search hints."""
        return {SearchHints: self.hints}


def test_ismcts_and_lookahead_search_with_the_games_own_capability() -> None:
    for name in ("ismcts:50", "lookahead"):
        game = HintedNim()
        state = game.new({"players": 2, "heap": 10}, 1)
        bot = make_bot(game, name)
        choice = bot.choose(Decision(game, state, 0), Rng(3))
        assert choice.key == "take:2", name  # 10 - 2 = 8, a multiple of 4
        calls = game.hints.calls
        assert calls.get("rollout_policy", 0) >= 1, (name, calls)
        assert calls.get("worth_searching", 0) >= 1, (name, calls)
        assert calls.get("rollout_value", 0) >= 1, (name, calls)
