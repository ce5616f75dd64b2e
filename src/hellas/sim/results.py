"""Result tables: append rows to CSV as games finish, resume after an interruption, Parquet.

A CSV file grows one flushed line per finished game, so stopping a sweep (Ctrl-C, a killed
machine) loses at most the game in flight; a torn last line is ignored when resuming.  For a
``.parquet`` target the rows collect in ``<target>.partial.csv`` and become Parquet at the end.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pandas as pd

from hellas.core.errors import HellasError


def _partial(path: Path) -> Path:
    return path.with_name(path.name + ".partial.csv") if path.suffix == ".parquet" else path


def results_exist(path: Path) -> bool:
    """Return whether a results table (or its partial CSV) is there."""
    return path.exists() or _partial(path).exists()


def read_rows(path: Path) -> pd.DataFrame:
    """Read a results table (CSV or Parquet, plus any partial CSV); empty if none exists."""
    frames = []
    if path.suffix == ".parquet" and path.exists():
        frames.append(pd.read_parquet(path))
    partial = _partial(path)
    if partial.exists() and partial.stat().st_size:
        text = partial.read_text(encoding="utf-8")
        if not text.endswith("\n"):
            text = text[: text.rfind("\n") + 1]  # drop a torn last line
        if text.strip():
            frames.append(pd.read_csv(io.StringIO(text)))
    if not frames:
        return pd.DataFrame()
    return pd.concat(frames, ignore_index=True)


class RowWriter:
    """Appends rows to the (partial) CSV, flushing each one."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.target = _partial(path)
        self.columns: list[str] = []
        self._file: io.TextIOWrapper | None = None
        self._writer: csv.DictWriter[str] | None = None

    def write(self, row: dict[str, Any]) -> None:
        """Append one row."""
        if self._writer is None:
            exists = self.target.exists() and self.target.stat().st_size > 0
            if exists:
                _trim_torn_line(self.target)
                with self.target.open(encoding="utf-8") as f:
                    header = f.readline().strip().split(",")
                self.columns = header
            else:
                self.columns = list(row)
            self.target.parent.mkdir(parents=True, exist_ok=True)
            self._file = self.target.open("a", encoding="utf-8", newline="")
            self._writer = csv.DictWriter(
                self._file, fieldnames=self.columns, extrasaction="ignore"
            )
            if not exists:
                self._writer.writeheader()
        self._writer.writerow(row)
        assert self._file is not None
        self._file.flush()

    def close(self) -> None:
        """Close the file."""
        if self._file is not None:
            self._file.close()
            self._file = None
            self._writer = None

    def finish(self) -> None:
        """Close, and for a Parquet target write the Parquet file and drop the partial CSV."""
        self.close()
        if self.path.suffix == ".parquet":
            table = read_rows(self.path)
            table.to_parquet(self.path, index=False, compression="zstd")  # results/ stays small
            self.target.unlink(missing_ok=True)


def _trim_torn_line(path: Path) -> None:
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        path.write_bytes(data[: data.rfind(b"\n") + 1])


def finished_keys(table: pd.DataFrame) -> set[tuple[str, int]]:
    """Return the (cell, index) pairs already in a table."""
    if table.empty:
        return set()
    return set(zip(table["cell"].astype(str), table["index"].astype(int), strict=True))


def check_target(path: Path) -> None:
    """Reject output paths Hellas cannot write."""
    if path.suffix not in (".csv", ".parquet"):
        raise HellasError(f"results must be a .csv or .parquet file, got {path}")
