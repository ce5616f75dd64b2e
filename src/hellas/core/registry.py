"""The registry of games: one entry per game, read by every front end.

Adding a game is adding one folder under ``hellas.games`` and one line in its registry list;
the CLI, the simulator and the conformance suite pick it up from here.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar

from hellas.core.errors import HellasError, quoted, suggest
from hellas.core.game import Game

if TYPE_CHECKING:
    from hellas.core.capabilities import Capability

C = TypeVar("C", bound="Capability")


class UnknownGame(HellasError):
    """A game id that is not registered."""


class Registry:
    """Games by id, in registration order."""

    def __init__(self, games: Iterable[Game[Any]] = ()) -> None:
        self._games: dict[str, Game[Any]] = {}
        for g in games:
            self.register(g)

    def register(self, game: Game[Any]) -> None:
        """Add a game; its id must be new."""
        if game.meta.id in self._games:
            raise ValueError(f"game {game.meta.id!r} is registered twice")
        self._games[game.meta.id] = game

    def unregister(self, game_id: str) -> None:
        """Remove a game (tests that register a game of their own put things back)."""
        self.get(game_id)  # raises UnknownGame with suggestions
        del self._games[game_id.strip().lower()]

    def get(self, game_id: object) -> Game[Any]:
        """Return the game with this id, or raise ``UnknownGame`` with suggestions."""
        if not isinstance(game_id, str):  # a game object or a number passed by mistake
            names = ", ".join(self._games)
            raise UnknownGame(
                f"a game is named by its id, a string (one of: {names}), "
                f"not {type(game_id).__name__}"
            )
        key = game_id.strip().lower()
        if key in self._games:
            return self._games[key]
        hint = suggest(key, self._games)
        did = f"; did you mean {hint[0]!r}?" if hint else ""
        raise UnknownGame(f"unknown game {quoted(game_id)}{did} Games: {', '.join(self._games)}")

    def capability(self, game_id: str, kind: type[C]) -> C:
        """Return the ``kind`` capability of the game ``game_id`` (its own or the default)."""
        from hellas.core.capabilities import capability  # noqa: PLC0415 - it imports game

        return capability(self.get(game_id), kind)

    def ids(self) -> list[str]:
        """Return the registered ids."""
        return list(self._games)

    def __iter__(self) -> Iterator[Game[Any]]:
        return iter(self._games.values())

    def __len__(self) -> int:
        return len(self._games)
