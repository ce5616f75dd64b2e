"""Progress of a ``hellas simulate`` sweep: games done, rate (games/s) and time left.

On a terminal it is a live Rich bar.  When the output goes to a file or a pipe (a batch job, a
CI log) a live bar prints nothing useful, so it writes a plain line every ``interval`` seconds
or every ``step`` of the sweep, whichever comes first, and one at the end.  The rate counts only
the games played by this run (not the ones a resumed sweep skipped), so the time left is honest.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)


def clock_text(seconds: float) -> str:
    """Return ``1:02:03`` / ``2:03`` for a number of seconds (``?`` when unknown)."""
    if math.isnan(seconds) or math.isinf(seconds) or seconds < 0:
        return "?"
    s = round(seconds)
    hours, rest = divmod(s, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class SweepProgress:
    """Reports a sweep's progress; use ``started`` and ``row`` as the run's callbacks."""

    def __init__(
        self,
        console: Console,
        out: Path,
        *,
        interval: float = 10.0,
        step: float = 0.05,
        clock: Callable[[], float] = time.monotonic,
        live: bool | None = None,
    ) -> None:
        self.console = console
        self.out = out
        self.interval = interval
        self.step = step
        self.clock = clock
        self.live = console.is_terminal if live is None else live
        self.total = 0
        self.skipped = 0
        self.done = 0
        self.played = 0
        self.start = clock()
        self.last_time = self.start
        self.last_done = 0
        self.bar: Progress | None = None
        self.job: TaskID | None = None

    def __enter__(self) -> SweepProgress:
        if self.live:
            self.bar = Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("{task.fields[rate]}"),
                TimeElapsedColumn(),
                TextColumn("ETA {task.fields[eta]}"),
                console=self.console,
            )
            self.bar.__enter__()
            self.job = self.bar.add_task("games", total=None, rate="", eta="?")
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self.bar is not None:
            self.bar.__exit__(kind, exc, tb)
        elif self.played and self.last_done != self.done:
            self._line()

    def rate(self) -> float:
        """Return games per second played by this run so far (0 before the first)."""
        elapsed = self.clock() - self.start
        return self.played / elapsed if elapsed > 0 else 0.0

    def eta(self) -> float:
        """Return the seconds left at the current rate (NaN when unknown)."""
        rate = self.rate()
        return (self.total - self.done) / rate if rate > 0 else float("nan")

    def started(self, total: int, skipped: int) -> None:
        """Begin (or, for a sweep played in rounds, continue) with ``total`` games in all."""
        first = self.total == 0 and self.done == 0
        self.total = total
        self.done = max(self.done, skipped)
        if first:
            self.skipped = skipped
            if skipped:
                self.console.print(f"resuming: {skipped} games already in {self.out}")
            if not self.live:
                self.console.print(f"{total} games to play ({total - skipped} left)")
        if self.bar is not None and self.job is not None:
            self.bar.update(self.job, total=total, completed=self.done)

    def row(self, _row: Any = None) -> None:
        """Count one finished game."""
        self.done += 1
        self.played += 1
        if self.bar is not None and self.job is not None:
            self.bar.update(
                self.job,
                completed=self.done,
                rate=f"{self.rate():.3g} games/s",
                eta=clock_text(self.eta()),
            )
            return
        now = self.clock()
        every = max(1, math.ceil(self.total * self.step)) if self.total else 0
        due = now - self.last_time >= self.interval
        if due or (every and self.done - self.last_done >= every) or self.done == self.total:
            self._line()

    def _line(self) -> None:
        """Print one plain progress line."""
        now = self.clock()
        share = f" ({100 * self.done / self.total:.0f}%)" if self.total else ""
        self.console.print(
            f"games {self.done}/{self.total}{share} · {self.rate():.3g} games/s · "
            f"elapsed {clock_text(now - self.start)} · ETA {clock_text(self.eta())}",
            highlight=False,
        )
        self.last_time = now
        self.last_done = self.done
