"""Reading a Lords content pack's files within limits, before anything is built from them.

``content.load`` merges a pack's records over the built-in data; what it reads goes through
here first: each file whole and within the size and nesting limits (``read_pack_file``), each
table of records within its count with every id once, and every record marked as the pack's
(``check_records``, ``as_pack``).  The limits keep checking a pack, creating a table with it and
every view of that table small (docs/benchmarks.md, "Content packs").
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from hellas.core.content import PACK, PROVENANCES, read_toml_file
from hellas.core.errors import ContentError

# Limits on one content pack, so that checking it, creating a table with it and each view of
# that table stay small (docs/benchmarks.md, "Content packs"): the built-in data's largest file
# has 15 KB and its largest table 36 records.
MAX_FILE_BYTES = 128 * 1024  # one file of the pack
MAX_PACK_BYTES = 512 * 1024  # every file of the pack together
MAX_RECORDS = 100  # the records of one table ([[blessing]] ...) in one file
MAX_NEW_REGIONS = 10  # Regions a pack adds (the choice table grows with their square)
MAX_DEPTH = 10  # tables and arrays nested in one file (the built-in data needs 8)


def read_pack_file(path: Path) -> dict[str, Any]:
    """Read one file of a content pack within the limits (size, nesting), or refuse it."""
    return read_toml_file(path, MAX_FILE_BYTES, MAX_DEPTH)


def check_records(source: str, table: str, records: list[Any], label: str = "") -> None:
    """Check one table of a pack file: at most ``MAX_RECORDS`` records, each id once.

    Errors name a record as its kind's parser does: ``label`` and its id.
    """
    if len(records) > MAX_RECORDS:
        raise ContentError(
            source, "", table, f"has {len(records)} records; a pack may have {MAX_RECORDS} at most"
        )
    seen: set[str] = set()
    for r in records:
        if not isinstance(r, Mapping) or "id" not in r:
            raise ContentError(source, "", table, "every record in a content pack needs an id")
        rid = str(r["id"])
        if rid in seen:
            raise ContentError(
                source, f"{label} {rid}".strip(), "id", "appears twice in this file (one per id)"
            )
        seen.add(rid)


def as_pack(record: Any) -> Any:
    """Return a pack's record marked as the pack's: a known ``provenance`` becomes ``pack``.

    A missing or unknown one is left for the record's parser to refuse, naming the field.
    """
    if not isinstance(record, Mapping) or record.get("provenance") not in PROVENANCES:
        return record
    return {**record, "provenance": PACK}


def pack_bytes(path: Path) -> bytes:
    """Return a pack file's bytes, or refuse a folder, a device or a file over the limit."""
    try:
        if path.is_dir():
            raise ContentError(str(path), "", "", "is a folder where a TOML file belongs")
        if not path.is_file():
            raise ContentError(str(path), "", "", "is not a plain file (a device, a pipe ...)")
        if path.stat().st_size > MAX_FILE_BYTES:
            raise ContentError(
                str(path), "", "", f"has more than {MAX_FILE_BYTES} bytes (a pack file's limit)"
            )
        return path.read_bytes()[: MAX_FILE_BYTES + 1]
    except OSError as exc:
        raise ContentError(str(path), "", "", f"cannot read: {exc.strerror or exc}") from exc
