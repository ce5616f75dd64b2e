"""Records and matches: ``{game, version, options, seed, choices}`` that replay a game exactly.

Save/load, undo, golden playthroughs, bug reports and the replay viewer are all records.  A
:class:`Match` is a game in progress together with its record; undo replays the record to an
earlier length, so it can never disagree with the rules.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic

from hellas.core.errors import HellasError, RecordError, quoted
from hellas.core.game import Choice, Event, Game, S

_RECORD_FIELDS = ("game", "version", "options", "seed", "choices")


@dataclass
class Record:
    """Everything needed to replay a game: game id, version, options, seed, choice keys."""

    game: str
    version: str
    options: dict[str, Any]
    seed: int
    choices: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """Return the record as plain JSON data."""
        return {
            "game": self.game,
            "version": self.version,
            "options": dict(self.options),
            "seed": self.seed,
            "choices": list(self.choices),
        }

    def dumps(self) -> str:
        """Return the record as a JSON document."""
        return json.dumps(self.to_json(), indent=1)

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """Read a record from JSON data, with a clear error for every malformed field."""
        if not isinstance(data, Mapping):
            raise RecordError("a record must be a JSON object")
        missing = [f for f in _RECORD_FIELDS if f not in data]
        if missing:
            raise RecordError(f"record is missing {', '.join(missing)}")
        extra = sorted(set(data) - set(_RECORD_FIELDS))
        if extra:
            raise RecordError(f"record has unknown fields {', '.join(extra)}")
        if not isinstance(data["game"], str) or not isinstance(data["version"], str):
            raise RecordError("record 'game' and 'version' must be text")
        if not isinstance(data["options"], Mapping):
            raise RecordError("record 'options' must be an object")
        seed = data["seed"]
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise RecordError("record 'seed' must be a whole number")
        choices = data["choices"]
        if not isinstance(choices, list) or not all(isinstance(c, str) for c in choices):
            raise RecordError("record 'choices' must be a list of choice keys")
        return cls(data["game"], data["version"], dict(data["options"]), seed, list(choices))

    @classmethod
    def loads(cls, text: str) -> Record:
        """Read a record from a JSON document."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"not a JSON record: {exc}") from exc
        return cls.from_json(data)

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """Read a record from a file."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"cannot read {path}: {exc.strerror or exc}") from exc
        return cls.loads(text)

    def save(self, path: str | Path) -> None:
        """Write the record to a file."""
        Path(path).write_text(self.dumps() + "\n", encoding="utf-8")


def version_problem(game: Game[Any], version: str) -> str:
    """Return why a record of ``game`` made at rules ``version`` does not replay here, or ""."""
    if version == game.meta.version:
        return ""
    return (
        f"was made with {game.meta.id} rules version {quoted(version)}; "
        f"this is version {game.meta.version}"
    )


def start(game: Game[S], record: Record) -> S:
    """Return ``record``'s game before its first choice, once its game and version are checked.

    Every path that reads a record (``play --load``, ``replay``, ``explain --record``, the
    terminal's ``load``) starts here, so an older record is refused, never replayed wrongly.
    """
    if record.game != game.meta.id:
        raise RecordError(f"record is for {quoted(record.game)}, not {game.meta.id!r}")
    problem = version_problem(game, record.version)
    if problem:
        raise RecordError(f"record {problem}")
    return game.new(record.options, record.seed)


def replay(game: Game[S], record: Record, upto: int | None = None) -> S:
    """Return the state after the first ``upto`` choices of ``record`` (all by default)."""
    state = start(game, record)
    keys = record.choices if upto is None else record.choices[:upto]
    for i, key in enumerate(keys):
        try:
            game.step(state, key)
        except HellasError as exc:
            raise RecordError(f"choice {i + 1} of the record does not replay: {exc}") from exc
    return state


class Match(Generic[S]):
    """A game in progress: the state plus the record that reproduces it."""

    def __init__(self, game: Game[S], options: Mapping[str, Any], seed: int) -> None:
        self.game = game
        validated = game.validate_options(options)
        self.record = Record(game.meta.id, game.meta.version, validated, seed, [])
        self.state: S = game.new(validated, seed)

    @classmethod
    def from_record(cls, game: Game[S], record: Record) -> Match[S]:
        """Rebuild a match by replaying a record."""
        state = replay(game, record)
        match = cls.__new__(cls)
        match.game = game
        match.record = Record(
            record.game, record.version, dict(record.options), record.seed, list(record.choices)
        )
        match.state = state
        return match

    def to_act(self) -> int | None:
        """Return the seat to act, or ``None`` when the game is over."""
        return self.game.to_act(self.state)

    def apply(self, choice: Any) -> list[Event]:
        """Apply a choice (object or key), record it and return the events."""
        return self.apply_legal(self.game.resolve(self.state, choice))

    def apply_legal(self, legal: Choice) -> list[Event]:
        """Apply a choice ``Game.resolve`` returned for this state, record it, return the events.

        The choice is resolved once, by the caller (the server resolves it before storing it).
        """
        events = self.game._apply(self.state, legal, True)
        self.record.choices.append(legal.key)
        return events

    def undo(self, k: int = 1) -> None:
        """Take back the last ``k`` choices by replaying the record."""
        if k < 1 or k > len(self.record.choices):
            raise RecordError(f"cannot undo {k} choice(s); {len(self.record.choices)} made")
        self.record.choices = self.record.choices[:-k]
        self.state = replay(self.game, self.record)
