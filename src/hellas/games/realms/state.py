"""The Fantasy Realms state: cards are integers (indices into the deck), hands are lists.

The deck is a list with its top at the end and a parallel list of who has seen each position
(the Oracle at Delphi).  ``known`` holds, for every observer (and the public, observer ``n``),
the cards it knows each other seat holds (taken from the discard area, revealed by the Fates,
seen at the Oracle).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hellas.core.game import Choice
from hellas.core.rng import Rng

(
    P_DRAW,
    P_DISCARD,
    P_ORACLE,
    P_CORNUCOPIA,
    P_FATES_DISCARD,
    P_FATES_NAME,
    P_ALTAR,
    P_ENDGAME,
    P_OVER,
) = range(9)
PHASE_NAMES = (
    "draw",
    "discard",
    "oracle",
    "cornucopia",
    "fates-discard",
    "fates-name",
    "altar",
    "endgame",
    "over",
)


class RealmsState:
    """Everything about one game of Fantasy Realms in progress."""

    __slots__ = (
        "actor",
        "added",
        "afterlife",
        "cache",
        "current",
        "deck",
        "deck_seen",
        "discard",
        "endgame",
        "endgame_seat",
        "first_turn",
        "hands",
        "known",
        "look",
        "manual",
        "n",
        "options",
        "phase",
        "pool",
        "result",
        "rng",
        "turn",
    )

    n: int
    options: dict[str, Any]
    pool: tuple[int, ...]
    rng: Rng
    deck: list[int]
    deck_seen: list[int]
    discard: list[int]
    hands: list[list[int]]
    afterlife: list[list[int]]
    known: list[list[list[int]]]
    current: int
    actor: int
    phase: int
    turn: int
    first_turn: bool
    look: list[int]
    added: int
    manual: bool
    endgame: list[list[str]]
    endgame_seat: int
    result: dict[str, Any] | None
    cache: list[Choice] | None

    def copy(self) -> RealmsState:
        """Return an independent copy."""
        t = RealmsState()
        t.n = self.n
        t.options = self.options
        t.pool = self.pool
        t.rng = Rng(self.rng.state)
        t.deck = self.deck[:]
        t.deck_seen = self.deck_seen[:]
        t.discard = self.discard[:]
        t.hands = [h[:] for h in self.hands]
        t.afterlife = [a[:] for a in self.afterlife]
        t.known = [[k[:] for k in row] for row in self.known]
        t.current = self.current
        t.actor = self.actor
        t.phase = self.phase
        t.turn = self.turn
        t.first_turn = self.first_turn
        t.look = self.look[:]
        t.added = self.added
        t.manual = self.manual
        t.endgame = [e[:] for e in self.endgame]
        t.endgame_seat = self.endgame_seat
        t.result = self.result
        t.cache = self.cache
        return t

    def to_json(self) -> dict[str, Any]:
        """Return the whole state as JSON data."""
        return {
            "n": self.n,
            "options": dict(self.options),
            "pool": list(self.pool),
            "rng": self.rng.state,
            "deck": list(self.deck),
            "deck_seen": list(self.deck_seen),
            "discard": list(self.discard),
            "hands": [list(h) for h in self.hands],
            "afterlife": [list(a) for a in self.afterlife],
            "known": [[list(k) for k in row] for row in self.known],
            "current": self.current,
            "actor": self.actor,
            "phase": self.phase,
            "turn": self.turn,
            "first_turn": self.first_turn,
            "look": list(self.look),
            "added": self.added,
            "manual": self.manual,
            "endgame": [list(e) for e in self.endgame],
            "endgame_seat": self.endgame_seat,
            "result": self.result,
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> RealmsState:
        """Rebuild a state from ``to_json`` output."""
        t = cls()
        t.n = int(d["n"])
        t.options = dict(d["options"])
        t.pool = tuple(d["pool"])
        t.rng = Rng(int(d["rng"]))
        t.deck = list(d["deck"])
        t.deck_seen = list(d["deck_seen"])
        t.discard = list(d["discard"])
        t.hands = [list(h) for h in d["hands"]]
        t.afterlife = [list(a) for a in d["afterlife"]]
        t.known = [[list(k) for k in row] for row in d["known"]]
        t.current = int(d["current"])
        t.actor = int(d["actor"])
        t.phase = int(d["phase"])
        t.turn = int(d["turn"])
        t.first_turn = bool(d["first_turn"])
        t.look = list(d["look"])
        t.added = int(d["added"])
        t.manual = bool(d["manual"])
        t.endgame = [list(e) for e in d["endgame"]]
        t.endgame_seat = int(d["endgame_seat"])
        t.result = d["result"]
        t.cache = None
        return t

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RealmsState) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]
