"""Content loading: data files inside a game package, read once and validated with clear errors.

Games keep their components (cards, monsters, missions, maps) as TOML files in
``games/<game>/data``.  The helpers here read such a file and check fields, naming the file,
the record and the field in every error, and merge *content packs* (folders of files in the same
format) over the built-in records by id.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from hellas.core.errors import ContentError

PACK = "pack"  # the provenance a content pack's records carry, whatever they claim
PROVENANCES = ("rulebook", "community", "provisional", PACK)


def read_package_toml(package: str, name: str) -> dict[str, Any]:
    """Read a TOML data file shipped inside ``package`` (e.g. ``hellas.games.legends.data``)."""
    text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(name, "", "", f"not valid TOML: {exc}") from exc


def read_toml_file(
    path: Path, max_bytes: int | None = None, max_depth: int | None = None
) -> dict[str, Any]:
    """Read a TOML file from disk (a content pack), with a clear error for every bad file.

    A folder or a device where the file belongs, bytes that are not UTF-8, text that is not
    TOML and (with the limits) a file over ``max_bytes`` or tables and arrays nested deeper than
    ``max_depth`` are each refused in one line naming the file.
    """
    source = str(path)
    try:
        if path.is_dir():
            raise ContentError(source, "", "", "is a folder where a TOML file belongs")
        if not path.is_file():
            raise ContentError(source, "", "", "is not a plain file (a device, a pipe ...)")
        size = path.stat().st_size
        if max_bytes is not None and size > max_bytes:
            raise ContentError(
                source, "", "", f"is {size} bytes; a content file may have {max_bytes} at most"
            )
        raw = path.read_bytes()
    except OSError as exc:
        raise ContentError(source, "", "", f"cannot read: {exc.strerror or exc}") from exc
    if max_bytes is not None and len(raw) > max_bytes:  # it grew since ``stat``
        raise ContentError(source, "", "", f"has more than {max_bytes} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ContentError(
            source, "", "", f"is not UTF-8 text (byte {exc.start} cannot be read); save it as UTF-8"
        ) from exc
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(source, "", "", f"not valid TOML: {exc}") from exc
    except RecursionError as exc:  # arrays or tables nested thousands deep
        raise ContentError(source, "", "", "its arrays or tables are nested too deeply") from exc
    if max_depth is not None and nesting(data) > max_depth:
        raise ContentError(
            source, "", "", f"its arrays and tables are nested more than {max_depth} deep"
        )
    return data


def nesting(value: Any) -> int:
    """Return how deeply tables and lists nest in ``value`` (a scalar: 0), without recursion."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, Mapping):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in children)
    return deepest


class Fields:
    """Typed access to one record's fields; every error names source, record and field."""

    def __init__(self, source: str, record: str, data: Any) -> None:
        if not isinstance(data, Mapping):
            raise ContentError(source, record, "", "expected a table of fields")
        self.source = source
        self.record = record
        self.data = data
        self._seen: set[str] = set()

    def error(self, field: str, problem: str) -> ContentError:
        """Return a ContentError about ``field`` of this record."""
        return ContentError(self.source, self.record, field, problem)

    def _get(self, field: str, default: Any) -> Any:
        self._seen.add(field)
        if field in self.data:
            return self.data[field]
        if default is _REQUIRED:
            raise self.error(field, "is missing")
        return default

    def text(self, field: str, default: Any = None) -> str:
        """Return a required (or defaulted) text field."""
        value = self._get(field, _REQUIRED if default is None else default)
        if not isinstance(value, str) or not value.strip():
            raise self.error(field, f"expected text, got {value!r}")
        return value

    def integer(self, field: str, lo: int | None = None, hi: int | None = None) -> int:
        """Return a required whole-number field within optional bounds."""
        value = self._get(field, _REQUIRED)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(field, f"expected a whole number, got {value!r}")
        if lo is not None and value < lo:
            raise self.error(field, f"must be at least {lo}, got {value}")
        if hi is not None and value > hi:
            raise self.error(field, f"must be at most {hi}, got {value}")
        return value

    def one_of(self, field: str, allowed: Sequence[str], default: str | None = None) -> str:
        """Return a text field restricted to ``allowed`` values."""
        value = self.text(field, default)
        if value not in allowed:
            raise self.error(field, f"{value!r} is not one of {', '.join(allowed)}")
        return value

    def items(self, field: str) -> list[Any]:
        """Return a required list field."""
        value = self._get(field, _REQUIRED)
        if not isinstance(value, list):
            raise self.error(field, f"expected a list, got {value!r}")
        return value

    def provenance(self) -> str:
        """Return the record's provenance, which every record must carry."""
        return self.one_of("provenance", PROVENANCES)

    def optional_text(self, field: str) -> str | None:
        """Return an optional text field or ``None``."""
        value = self._get(field, None)
        if value is None:
            return None
        if not isinstance(value, str):
            raise self.error(field, f"expected text, got {value!r}")
        return value

    def raw(self, field: str, default: Any = None) -> Any:
        """Return a field's value unchecked (the caller validates it), or ``default``."""
        return self._get(field, default)

    def flag(self, field: str, default: bool = False) -> bool:
        """Return an optional true/false field."""
        value = self._get(field, default)
        if not isinstance(value, bool):
            raise self.error(field, "expected true or false")
        return value

    def finish(self) -> None:
        """Raise if the record has fields nobody asked for (likely typos)."""
        unknown = sorted(set(self.data) - self._seen)
        if unknown:
            raise self.error(unknown[0], "is not a known field")


_REQUIRED = object()


def merge_by_id(
    base: Sequence[Mapping[str, Any]],
    overrides: Sequence[Mapping[str, Any]],
    source: str,
    key: str = "id",
) -> list[dict[str, Any]]:
    """Return ``base`` records with same-id records from a content pack replacing them."""
    merged = [dict(r) for r in base]
    index = {str(r.get(key)): i for i, r in enumerate(merged)}
    for record in overrides:
        if not isinstance(record, Mapping) or key not in record:
            raise ContentError(source, "", key, "every record in a content pack needs an id")
        rid = str(record[key])
        if rid in index:
            merged[index[rid]] = dict(record)
        else:
            raise ContentError(source, rid, key, "no built-in record has this id")
    return merged
