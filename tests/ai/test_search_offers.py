"""What a game offers search reaches the bots as typed capabilities, never as probed attributes.

Issue 51: ISMCTS used to look for ``game.win_chance``, ``game.search_kernel`` and a ``rng`` on
each sampled state, and the server's workers for ``bot.seconds``.  Now a game's ``SearchHints``
returns its chance estimate, its rule kernel and whether its states carry a generator, and a
bot whose budget a server sets is a ``Budgeted`` bot.  Nim (tests/nim) gets each here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from hellas.ai import make_bot
from hellas.ai.ismcts import ISMCTSBot
from hellas.core.capabilities import SearchHints, SearchKernel, capability
from hellas.core.game import Budgeted, Decision
from hellas.core.rng import Rng
from hellas.games import REGISTRY
from tests.nim import NimGame, NimState


class ChancyHints(SearchHints):
    """Nim's hints: a fixed chance estimate and a kernel that counts its calls."""

    def __init__(self, game: NimGame) -> None:
        super().__init__(game)
        self.kernel_calls = 0

    def chance(self) -> Callable[[Any, int], float]:
        """Return an estimate of a quarter everywhere."""
        return lambda _s, _seat: 0.25

    def kernel(self) -> SearchKernel:
        """Return the game's own methods, counting the legal-choice calls."""
        game = self.game

        def legal(s: NimState) -> Any:
            self.kernel_calls += 1
            return game.choices(s)

        return SearchKernel(game._apply, False, game.to_act, legal, game.evaluate)


class ChancyNim(NimGame):
    """Nim that offers search a chance estimate and a rule kernel."""

    def __init__(self) -> None:
        super().__init__()
        self.hints = ChancyHints(self)

    def capabilities(self) -> Mapping[type, Any]:
        """Return its search hints."""
        return {SearchHints: self.hints}


def test_ismcts_reads_the_chance_and_the_kernel_from_the_capability() -> None:
    game = ChancyNim()
    state = game.new({"players": 2, "heap": 9}, 1)
    bot = ISMCTSBot(iterations=60)
    assessed = bot.assess(Decision(game, state, 0), Rng(2))
    assert assessed and all(a.win_chance == 0.25 for a in assessed)
    assert game.hints.kernel_calls > 0


def test_each_game_says_whether_its_states_carry_a_generator() -> None:
    """The conformance of the declaration: ``seeded_states`` matches the states."""
    for game in [*REGISTRY, NimGame()]:
        state = game.new({}, 1)
        assert capability(game, SearchHints).seeded_states == isinstance(
            getattr(state, "rng", None), Rng
        ), game.meta.id


def test_search_bots_are_budgeted_and_policies_are_not() -> None:
    legends = REGISTRY.get("legends")
    assert isinstance(make_bot(legends, "ismcts:50"), Budgeted)
    assert isinstance(make_bot(legends, "lookahead"), Budgeted)
    assert not isinstance(make_bot(legends, "heuristic"), Budgeted)
