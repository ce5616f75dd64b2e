"""Nim, the smallest game on the Hellas contract: take 1-3 stones; who takes the last one wins.

It proves that a new game touches only its own package plus one registry line (CONTRIBUTING.md,
"Adding a game"): the tests register it with ``REGISTRY.register(GAME)`` and play it through the
CLI, the server, the browser's generic renderer, the simulator and RL.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from hellas.core.game import ChoiceTable, Event, Game, GameMeta, Outcome, View
from hellas.core.options import OptionSchema, OptionSpec
from hellas.core.rng import Rng

OPTIONS = OptionSchema(
    (
        OptionSpec("players", "int", 2, "players (2-3)", minimum=2, maximum=3),
        OptionSpec("heap", "int", 10, "stones at the start", minimum=1, maximum=50),
    )
)
META = GameMeta(
    "nim",
    "Nim",
    "1.0",
    2,
    3,
    OPTIONS,
    "none",
    "Take 1-3 stones; the last one wins.",
    encoder="tests.nim.encoder:NimEncoder",
    max_decisions=50,
)


@dataclass
class NimState:
    """The heap, the players and whose turn it is (``None``: over, ``last`` took the last)."""

    heap: int
    n: int
    turn: int | None = 0
    last: int = -1

    def copy(self) -> NimState:
        """Return an independent copy."""
        return NimState(self.heap, self.n, self.turn, self.last)

    def to_json(self) -> dict[str, Any]:
        """Return the state as JSON data."""
        return {"heap": self.heap, "n": self.n, "turn": self.turn, "last": self.last}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> NimState:
        """Rebuild a state from ``to_json``."""
        return cls(data["heap"], data["n"], data["turn"], data["last"])


class NimGame(Game[NimState]):
    """Nim on the contract: no hidden information, so determinizing is copying."""

    meta, state_class = META, NimState
    table = ChoiceTable((f"take:{k}", f"Take {k}") for k in (1, 2, 3))

    def new(self, options: Mapping[str, Any], seed: int) -> NimState:
        """Return the starting heap."""
        o = self.validate_options(options)
        return NimState(o["heap"], o["players"])

    def to_act(self, s: NimState) -> int | None:
        """Return whose turn it is."""
        return s.turn

    def choices(self, s: NimState) -> list[Any]:
        """Return the takes the heap allows."""
        return [] if s.turn is None else [self.table.at(k) for k in range(min(3, s.heap))]

    def _apply(self, s: NimState, choice: Any, log: bool) -> list[Event]:
        k, s.last = choice.index + 1, s.turn if s.turn is not None else -1
        s.heap -= k
        s.turn = None if s.heap == 0 else (s.last + 1) % s.n
        return [Event("take", f"Seat {s.last + 1} takes {k}.")] if log else []

    def view(self, s: NimState, seat: int | None) -> View:
        """Return the whole (public) state."""
        return {"heap": s.heap, "players": s.n, "to_act": s.turn, "seat": seat}

    def outcome(self, s: NimState) -> Outcome | None:
        """Return the winner once the heap is empty."""
        if s.turn is not None:
            return None
        scores = tuple(1.0 if q == s.last else 0.0 for q in range(s.n))
        return Outcome(scores, (s.last,), f"Seat {s.last + 1} took the last stone.")

    def determinize(self, s: NimState, seat: int, rng: Rng) -> NimState:
        """Return a copy: nothing is hidden."""
        return s.copy()


GAME = NimGame()
