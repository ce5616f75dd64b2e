"""Nim, the smallest game on the Hellas contract: take 1-3 stones; who takes the last one wins.

It proves that a new game touches only its own package plus one registry line (CONTRIBUTING.md,
"Adding a game"): the tests register it with ``REGISTRY.register(GAME)`` and play it through the
CLI, the server, the browser, the simulator and RL.  It uses the optional features a real game
does, each declared in its ``GameMeta`` or returned as a capability, never named by a front end:
it is ``rated`` (two accounts' ratings move), played as a ``campaign`` (``offers.NimCampaign``),
explains its positions (``offers.NimPresentation``), names an RL encoder (``encoder.py``) and
brings its own browser pieces in ``web/`` (a renderer, help, lobby pickers, a tile, styles).

It lives among the tests, so the public lobby never shows it: only a server started with
``python -m tests.nim.serve`` (the hellas command plus the one registry line) offers it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from hellas.core.game import ChoiceTable, Event, Game, GameMeta, Outcome, View, WebModules
from hellas.core.options import OptionSchema, OptionSpec
from hellas.core.rng import Rng
from tests.nim.offers import offers

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
    rated=True,
    campaign=True,
    web=WebModules(  # in tests/nim/web/, served at /static/games/nim/
        renderer="render.js",
        help="help.js",
        pickers="pickers.js",
        art="art.js",
        styles="style.css",
    ),
)


@dataclass
class NimState:
    """The heap, the players and whose turn it is (``None``: over, ``last`` took the last).

    ``start`` is the heap the game began with (the campaign's step).
    """

    heap: int
    n: int
    turn: int | None = 0
    last: int = -1
    start: int = 0

    def copy(self) -> NimState:
        """Return an independent copy."""
        return NimState(self.heap, self.n, self.turn, self.last, self.start)

    def to_json(self) -> dict[str, Any]:
        """Return the state as JSON data."""
        return {
            "heap": self.heap,
            "n": self.n,
            "turn": self.turn,
            "last": self.last,
            "start": self.start,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> NimState:
        """Rebuild a state from ``to_json``."""
        return cls(data["heap"], data["n"], data["turn"], data["last"], data["start"])


class NimGame(Game[NimState]):
    """Nim on the contract: no hidden information, so determinizing is copying."""

    meta, state_class = META, NimState
    table = ChoiceTable((f"take:{k}", f"Take {k}") for k in (1, 2, 3))

    def new(self, options: Mapping[str, Any], seed: int) -> NimState:
        """Return the starting heap."""
        o = self.validate_options(options)
        return NimState(o["heap"], o["players"], start=o["heap"])

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
        return {"heap": s.heap, "start": s.start, "players": s.n, "to_act": s.turn, "seat": seat}

    def outcome(self, s: NimState) -> Outcome | None:
        """Return the winner once the heap is empty."""
        if s.turn is not None:
            return None
        scores = tuple(1.0 if q == s.last else 0.0 for q in range(s.n))
        return Outcome(scores, (s.last,), f"Seat {s.last + 1} took the last stone.")

    def determinize(self, s: NimState, seat: int, rng: Rng) -> NimState:
        """Return a copy: nothing is hidden."""
        return s.copy()

    def capabilities(self) -> Mapping[type, Any]:
        """Return its explanation and its campaign (``offers.py``)."""
        return offers(self)


GAME = NimGame()
