"""Report tables that fit the terminal: headers are never cut, whatever the width.

Rich shortens a cell with "…" when a table cannot get its columns' narrowest widths (the longest
word of each header and cell).  ``fit_tables`` measures those widths first and, when the table
would not fit, abbreviates long header words (``heuristic`` -> ``heur.``) and prints a legend
under the table; if that is not enough it splits the columns into several tables, each
repeating the row labels.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pandas as pd
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from hellas.sim.report import column_label

LONG_WORD = 5  # header words longer than this may be abbreviated
EDGE = 3  # a column's padding and border


def cell(value: Any) -> str:
    """Return a report table cell's text (blank for a missing cell)."""
    if isinstance(value, float):
        return "" if math.isnan(value) else f"{value:.4g}"
    return str(value)


def _longest(text: str) -> int:
    return max((len(w) for w in text.split()), default=0)


def _need(labels: Sequence[str], columns: Sequence[Sequence[str]]) -> list[int]:
    """Return each column's narrowest width (its longest word) including the row labels."""
    return [
        max(_longest(label), *(_longest(c) for c in col)) + EDGE
        for label, col in zip(labels, columns, strict=True)
    ]


def _natural(labels: Sequence[str], columns: Sequence[Sequence[str]]) -> list[int]:
    """Return each column's width with nothing wrapped."""
    return [
        max(len(label), *(len(c) for c in col)) + EDGE
        for label, col in zip(labels, columns, strict=True)
    ]


def _share(need: list[int], natural: list[int], room: int) -> list[int]:
    """Return widths from ``need`` grown toward ``natural`` while the total stays in ``room``."""
    widths = list(need)
    spare = room - sum(widths)
    while spare > 0:
        short = [i for i, w in enumerate(widths) if w < natural[i]]
        if not short:
            break
        for i in short:
            if spare <= 0:
                break
            widths[i] += 1
            spare -= 1
    return widths


def abbreviate(labels: Sequence[str]) -> tuple[list[str], dict[str, str]]:
    """Return labels with long words shortened (``heur.``) and the legend of what was shortened."""
    legend: dict[str, str] = {}
    used: dict[str, str] = {}

    def short(word: str) -> str:
        if len(word) <= LONG_WORD or not any(ch.isalpha() for ch in word):
            return word
        if word in legend.values():
            return next(k for k, v in legend.items() if v == word)
        alias = word[:4] + "."
        k = 1
        while alias in used and used[alias] != word:
            alias = f"{word[:3]}{k}."
            k += 1
        used[alias] = word
        legend[alias] = word
        return alias

    return [" ".join(short(w) for w in label.split()) for label in labels], legend


def fit_tables(title: str, frame: pd.DataFrame, width: int) -> list[RenderableType]:
    """Return a report table (or several, with a legend) whose headers fit ``width``."""
    index_label = "/".join(str(n) for n in frame.index.names)
    rows = []
    for idx, *values in frame.astype(object).itertuples():  # keeps ints as ints
        label = " · ".join(str(i) for i in idx) if isinstance(idx, tuple) else str(idx)
        rows.append([label, *(cell(v) for v in values)])
    labels = [index_label, *(column_label(c) for c in frame.columns)]
    columns = [[r[i] for r in rows] for i in range(len(labels))]
    legend: dict[str, str] = {}
    if sum(_need(labels, columns)) + 1 > width:
        labels, legend = abbreviate(labels)
    need = _need(labels, columns)
    groups: list[list[int]] = [[]]
    used = need[0] + 1
    for i in range(1, len(labels)):
        if groups[-1] and used + need[i] > width:
            groups.append([])
            used = need[0] + 1
        groups[-1].append(i)
        used += need[i]
    natural = _natural(labels, columns)
    out: list[RenderableType] = []
    for part, group in enumerate(groups, 1):
        suffix = f" (part {part} of {len(groups)})" if len(groups) > 1 else ""
        table = Table(title=title + suffix, title_justify="left")
        picked = [0, *group]
        # fixed widths: Rich would otherwise shrink the widest columns below their longest word
        widths = _share([need[i] for i in picked], [natural[i] for i in picked], width - 1)
        table.add_column(labels[0], width=widths[0] - EDGE)
        for i, w in zip(group, widths[1:], strict=True):
            table.add_column(labels[i], justify="right", width=w - EDGE)
        for r in rows:
            table.add_row(r[0], *(r[i] for i in group))
        out.append(table)
    if legend:
        words = " · ".join(f"{k} = {v}" for k, v in legend.items())
        out.append(Text(f"Abbreviations: {words}", style="dim"))
    return [Group(*out)] if len(out) > 1 else out
