"""Option schemas: the typed, documented settings a game accepts (mission, players, ...).

Every front end reads the same schema from a game's metadata: the CLI turns it into flags, the
server into a form.  ``validate`` checks raw values (strings from a command line or JSON values)
and returns a complete, typed options dictionary or raises one ``OptionError`` naming every
problem.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hellas.core.errors import OptionError, quoted, suggest

Options = dict[str, Any]
MAX_DIGITS = 18  # the longest whole number an option takes (every bound is far below it)
MAX_BITS = 60  # 2**60 has 19 digits: a longer JSON number is refused before it is printed
MAX_TEXT = 1024  # characters of a text option (a folder's path, a list of module names)
WHOLE = re.compile(r"-?[0-9]+")  # ASCII digits only (int() also reads other scripts' digits)


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option: its name, type, default, allowed values and a line of help."""

    name: str
    kind: str  # "int", "str", "bool" or "list" (a comma-separated list of strings)
    default: Any
    help: str
    choices: tuple[str, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    local_only: bool = False  # names files on this machine: the server refuses other values
    legacy: bool = False  # kept for old commands and records; forms do not offer it

    def to_json(self) -> dict[str, Any]:
        """Return the spec as plain JSON data (for the server's forms)."""
        return {
            "name": self.name,
            "kind": self.kind,
            "default": self.default,
            "help": self.help,
            "choices": list(self.choices) if self.choices is not None else None,
            "minimum": self.minimum,
            "maximum": self.maximum,
            "local_only": self.local_only,
            "legacy": self.legacy,
        }


def _whole(raw: Any) -> int:
    """Return a whole number from a JSON number or its digits; ``ValueError`` otherwise.

    No option needs more than ``MAX_DIGITS`` digits: a longer one is refused before Python
    converts it (which costs time and, past 4,300 digits, fails) or repeats it in a message.
    """
    if isinstance(raw, bool):
        raise ValueError("expected a whole number")
    if isinstance(raw, int):
        if raw.bit_length() > MAX_BITS:
            raise ValueError(f"expected a whole number of at most {MAX_DIGITS} digits")
        return raw
    text = raw.strip() if isinstance(raw, str) else ""
    if not WHOLE.fullmatch(text):
        raise ValueError(f"expected a whole number, got {quoted(raw)}")
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"expected a whole number of at most {MAX_DIGITS} digits")
    return int(text)


def _convert(spec: OptionSpec, raw: Any) -> Any:
    """Convert one raw value to the spec's type or raise ``ValueError`` with a reason."""
    if spec.kind == "int":
        value: Any = _whole(raw)
        if spec.minimum is not None and value < spec.minimum:
            raise ValueError(f"must be at least {spec.minimum}, got {quoted(value)}")
        if spec.maximum is not None and value > spec.maximum:
            raise ValueError(f"must be at most {spec.maximum}, got {quoted(value)}")
        return value
    if spec.kind == "bool":
        if isinstance(raw, bool):
            return raw
        text = str(raw).strip().lower()
        if text in ("1", "true", "yes", "on"):
            return True
        if text in ("0", "false", "no", "off"):
            return False
        raise ValueError(f"expected true or false, got {quoted(raw)}")
    if isinstance(raw, str) and len(raw) > MAX_TEXT:
        raise ValueError(f"takes at most {MAX_TEXT} characters")
    if spec.kind == "str":
        if not isinstance(raw, str):
            raise ValueError(f"expected text, got {quoted(raw)}")
        value = raw.strip() if spec.local_only else raw.strip().lower()  # paths keep their case
        if spec.choices is not None and value not in spec.choices:
            hint = suggest(value, spec.choices)
            did = f" (did you mean {hint[0]!r}?)" if hint else ""
            raise ValueError(f"{quoted(raw)} is not one of {', '.join(spec.choices)}{did}")
        return value
    if spec.kind == "list":
        if isinstance(raw, str):
            items = [p.strip().lower() for p in raw.split(",") if p.strip()]
        elif isinstance(raw, list | tuple):
            items = [str(p).strip().lower() for p in raw]
        else:
            raise ValueError(f"expected a comma-separated list, got {quoted(raw)}")
        if spec.choices is not None:  # each item must be one of the choices
            for item in items:
                if item not in spec.choices:
                    hint = suggest(item, spec.choices)
                    did = f" (did you mean {hint[0]!r}?)" if hint else ""
                    raise ValueError(f"{quoted(item)} is not one of {', '.join(spec.choices)}{did}")
        return items
    raise ValueError(f"unknown option kind {spec.kind!r}")


@dataclass(frozen=True)
class OptionSchema:
    """The ordered list of options a game accepts."""

    specs: tuple[OptionSpec, ...] = field(default_factory=tuple)

    def names(self) -> list[str]:
        """Return the option names in schema order."""
        return [s.name for s in self.specs]

    def get(self, name: str) -> OptionSpec:
        """Return the spec called ``name`` or raise ``OptionError`` with suggestions."""
        for s in self.specs:
            if s.name == name:
                return s
        hint = suggest(name, self.names())
        did = f"; did you mean {hint[0]!r}?" if hint else ""
        raise OptionError(
            f"unknown option {quoted(name)}{did} Known options: {', '.join(self.names())}"
        )

    def defaults(self) -> Options:
        """Return every option at its default value."""
        return {
            s.name: (list(s.default) if isinstance(s.default, list) else s.default)
            for s in self.specs
        }

    def validate(self, raw: Mapping[str, Any]) -> Options:
        """Return complete typed options from raw values, or raise one ``OptionError``."""
        problems: list[str] = []
        known = {s.name: s for s in self.specs}
        for name in raw:
            if name not in known:
                hint = suggest(name, known)
                did = f" (did you mean {hint[0]!r}?)" if hint else ""
                problems.append(f"unknown option {quoted(name)}{did}")
        out = self.defaults()
        for name, value in raw.items():
            spec = known.get(name)
            if spec is None or value is None:
                continue
            try:
                out[name] = _convert(spec, value)
            except ValueError as exc:
                problems.append(f"option {quoted(name)}: {exc}")
        if problems:
            more = f"; and {len(problems) - 5} more" if len(problems) > 5 else ""
            raise OptionError("; ".join(problems[:5]) + more)
        return out

    def to_json(self) -> list[dict[str, Any]]:
        """Return the schema as plain JSON data."""
        return [s.to_json() for s in self.specs]


def parse_assignments(pairs: Sequence[str]) -> dict[str, str]:
    """Parse ``["mission=3", "players=2"]`` into a dict, with clear errors."""
    out: dict[str, str] = {}
    for pair in pairs:
        if "=" not in pair:
            raise OptionError(f"expected NAME=VALUE, got {quoted(pair)}")
        name, value = pair.split("=", 1)
        out[name.strip().replace("-", "_")] = value
    return out
