"""Reports from a results table: win rates with 95% intervals, and PNG charts.

For co-operative games (Legends) the table is one team's win rate per cell: rows are the game's
first layout option (mission), columns the others (difficulty x players).  For competitive games
(Realms) it is each seat's win rate per team, and each bot's win rate and mean score; a shared
victory counts as a share of a win.  Charts: a win-rate heatmap per team and the distribution of
the game's progress metric (monsters defeated for Legends), or score distributions.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import pandas as pd

from hellas.core.errors import HellasError
from hellas.core.options import OptionSchema
from hellas.sim.stats import sign_test, wilson

CLAIRVOYANT_NOTE = "clairvoyant bots read hidden cards: an upper bound, not a fair player"


@dataclass
class Report:
    """The text tables and the chart files of a report."""

    tables: list[tuple[str, pd.DataFrame]]
    charts: list[Path]
    cells: pd.DataFrame


def team_label(team: str) -> str:
    """Return a team's display name, flagging clairvoyant reference bots."""
    return f"{team} (clairvoyant: reads hidden cards)" if "clairvoyant" in team else team


def cell_rates(table: pd.DataFrame, keys: list[str]) -> pd.DataFrame:
    """Return n, wins, rate and the Wilson 95% interval for each group of ``keys``."""
    grouped = table.groupby(keys, dropna=False)["win"].agg(["count", "sum"]).reset_index()
    grouped = grouped.rename(columns={"count": "games", "sum": "wins"})
    intervals = [wilson(w, n) for w, n in zip(grouped["wins"], grouped["games"], strict=True)]
    grouped["rate"] = [i[0] for i in intervals]
    grouped["low"] = [i[1] for i in intervals]
    grouped["high"] = [i[2] for i in intervals]
    grouped["half_width"] = (grouped["high"] - grouped["low"]) / 2
    return grouped


def _text(cells: pd.DataFrame) -> pd.Series:
    """Return each cell's "win % ±half-width (games)" text."""
    return cells.apply(
        lambda r: f"{100 * r['rate']:5.1f} ±{100 * r['half_width']:4.1f} ({int(r['games'])})",
        axis=1,
    )


def _save(fig: Any, path: Path) -> Path:
    """Write a chart and free it."""
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def _histograms(
    groups: dict[str, pd.Series], bins: Any, xlabel: str, title: str, path: Path
) -> Path:
    """Draw one step histogram (share of games) per group and save it."""
    fig, ax = plt.subplots(figsize=(7, 4))
    for label, values in groups.items():
        ax.hist(values, bins=bins, histtype="step", density=True, linewidth=1.5, label=label)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("share of games")
    ax.set_title(title, fontsize=9)
    ax.legend(fontsize=7)
    return _save(fig, path)


def build(table: pd.DataFrame, out_dir: Path) -> Report:
    """Build the report tables and write the charts into ``out_dir``."""
    if table.empty:
        raise HellasError("the results table is empty")
    out_dir.mkdir(parents=True, exist_ok=True)
    from hellas.games import REGISTRY  # noqa: PLC0415

    games = sorted(table["game"].unique())
    tables: list[tuple[str, pd.DataFrame]] = []
    charts: list[Path] = []
    all_cells = []
    for game_id in games:
        game = REGISTRY.get(str(game_id))
        rows = table[table["game"] == game_id]
        if not game.meta.cooperative:
            rows = _label_settings(rows, [n for n in game.meta.options.names() if n != "players"])
            seat_cells = _competitive(rows, str(game_id), game.meta.title, out_dir, tables, charts)
            seat_cells.insert(0, "game", game_id)
            all_cells.append(seat_cells)
            continue
        layout = [c for c in game.meta.report_layout if c in rows.columns]
        keys = ["team", *layout]
        cells = cell_rates(rows, keys)
        cells.insert(0, "game", game_id)
        all_cells.append(cells)
        for team in sorted(rows["team"].unique()):
            mine = _in_option_order(cells[cells["team"] == team], game.meta.options, layout)
            pivot = _pivot(mine, layout)
            tables.append(
                (f"{game.meta.title}: win % ±95% half-width (games) — {team_label(team)}", pivot)
            )
            charts.append(
                _heatmap(
                    mine,
                    layout,
                    f"{game_id}-{_slug(team)}-winrate.png",
                    f"{game.meta.title} — {team_label(team)}",
                    out_dir,
                )
            )
        teams = sorted(rows["team"].unique())
        for i, first in enumerate(teams):
            for second in teams[i + 1 :]:
                paired = paired_table(rows, str(first), str(second), layout)
                if paired is not None:
                    tables.append(
                        (
                            f"{game.meta.title}: {team_label(str(first))} vs "
                            f"{team_label(str(second))} on the same deals",
                            paired,
                        )
                    )
        metric = game.meta.progress_metric
        if metric and metric in rows.columns:
            charts.append(
                _distribution(rows, metric, game.meta.title, out_dir, f"{game_id}-{metric}.png")
            )
    return Report(tables, charts, pd.concat(all_cells, ignore_index=True))


def paired_table(
    rows: pd.DataFrame, first: str, second: str, layout: list[str]
) -> pd.DataFrame | None:
    """Compare two teams on the games they played with the same options and seed.

    One row per value of the first layout key and one for all: paired games, each team's win %,
    the games only one of them won, the exact sign-test p-value, and the cells (of the whole
    layout) in which each team won more of the paired games.  None when no game is paired.
    """
    if not layout:
        return None
    keys = [*layout, "seed"]
    a = rows[rows["team"] == first][[*keys, "win"]]
    b = rows[rows["team"] == second][[*keys, "win"]]
    both = a.merge(b, on=keys, suffixes=("_a", "_b"))
    if both.empty:
        return None
    both["a_only"] = both["win_a"].astype(bool) & ~both["win_b"].astype(bool)
    both["b_only"] = both["win_b"].astype(bool) & ~both["win_a"].astype(bool)

    def summary(part: pd.DataFrame) -> dict[str, Any]:
        cells = part.groupby(layout)[["a_only", "b_only"]].sum()
        a_only, b_only = int(part["a_only"].sum()), int(part["b_only"].sum())
        return {
            "games": len(part),
            f"{first} %": round(100 * part["win_a"].mean(), 1),
            f"{second} %": round(100 * part["win_b"].mean(), 1),
            f"only {first}": a_only,
            f"only {second}": b_only,
            "p (sign test)": f"{sign_test(a_only, b_only):.2g}",
            f"cells {first} ahead": int((cells["a_only"] > cells["b_only"]).sum()),
            f"cells {second} ahead": int((cells["b_only"] > cells["a_only"]).sum()),
        }

    head = layout[0]
    out = {str(value): summary(part) for value, part in both.groupby(head)}
    out["all"] = summary(both)
    frame = pd.DataFrame.from_dict(out, orient="index")
    frame.index.name = head
    return frame


def _label_settings(rows: pd.DataFrame, names: list[str]) -> pd.DataFrame:
    """Name, in each row's team, the options that differ between rows (e.g. the modules)."""
    varying = [n for n in names if n in rows.columns and rows[n].nunique(dropna=False) > 1]
    if not varying:
        return rows

    def label(r: pd.Series) -> str:
        parts = [f"{n}={'none' if pd.isna(r[n]) or r[n] == '' else r[n]}" for n in varying]
        return f"{r['team']} · {' '.join(parts)}"

    return rows.assign(team=rows.apply(label, axis=1))


def seat_rows(rows: pd.DataFrame) -> pd.DataFrame:
    """Return one row per (game, seat): the seat's bot, its score and its share of the win."""
    out = []
    for _, r in rows.iterrows():
        bots = str(r["seats"]).split("/")
        winners = [int(float(w)) for w in str(r["winners"]).split("/") if w not in ("", "nan")]
        for seat, bot in enumerate(bots):
            out.append(
                {
                    "team": r["team"],
                    "players": len(bots),
                    "seat": seat + 1,
                    "bot": bot,
                    "score": r.get(f"score_{seat}"),
                    "win": (1.0 / len(winners)) if seat in winners else 0.0,
                }
            )
    return pd.DataFrame(out)


def _competitive(
    rows: pd.DataFrame,
    game_id: str,
    title: str,
    out_dir: Path,
    tables: list[tuple[str, pd.DataFrame]],
    charts: list[Path],
) -> pd.DataFrame:
    """Win rates by seat and by bot, and score distributions, for competitive games."""
    seats = seat_rows(rows)
    by_seat = cell_rates(seats, ["team", "players", "seat"])
    text = _text(by_seat)
    tables.append(
        (
            f"{title}: win % by seat ±95% half-width (games; a shared win counts as a share)",
            by_seat.assign(text=text).pivot_table(
                index=["team", "players"], columns="seat", values="text", aggfunc="first"
            ),
        )
    )
    by_bot = cell_rates(seats, ["players", "bot"])
    means = seats.groupby(["players", "bot"])["score"].mean().reset_index(name="mean_score")
    by_bot = by_bot.merge(means, on=["players", "bot"])
    text = _text(by_bot) + by_bot["mean_score"].map(lambda m: f"  mean score {m:.1f}")
    tables.append(
        (
            f"{title}: win % by bot (all seats)",
            by_bot.assign(text=text).pivot_table(
                index="bot", columns="players", values="text", aggfunc="first"
            ),
        )
    )
    scores = {
        team_label(bot): seats[seats["bot"] == bot]["score"].dropna()
        for bot in sorted(seats["bot"].unique())
    }
    title_scores = f"{title}: score distribution by bot"
    charts.append(
        _histograms(scores, 30, "final score", title_scores, out_dir / f"{game_id}-scores.png")
    )
    path = out_dir / f"{game_id}-seats.png"
    fig, ax = plt.subplots(figsize=(7, 4))
    for team in sorted(by_seat["team"].unique()):
        mine = by_seat[by_seat["team"] == team].sort_values(["players", "seat"])
        labels = [f"{p}p s{s}" for p, s in zip(mine["players"], mine["seat"], strict=True)]
        ax.errorbar(
            labels,
            mine["rate"],
            yerr=[
                (mine["rate"] - mine["low"]).clip(lower=0),
                (mine["high"] - mine["rate"]).clip(lower=0),
            ],
            fmt="o",
            capsize=3,
            label=team_label(team),
        )
    ax.set_ylabel("win rate")
    ax.set_ylim(0, 1)
    ax.tick_params(axis="x", labelrotation=60, labelsize=7)
    ax.set_title(f"{title}: win rate by seat (95% intervals)", fontsize=9)
    ax.legend(fontsize=7)
    charts.append(_save(fig, path))
    return by_seat


def _slug(text: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in text).strip("-")


def _in_option_order(cells: pd.DataFrame, options: OptionSchema, layout: list[str]) -> pd.DataFrame:
    """Return ``cells`` with each layout option that lists choices ordered as the game lists them.

    Tables and charts then read human, heroic, godlike rather than alphabetically.
    """
    out = cells.copy()
    for spec in options.specs:
        if spec.name not in layout or spec.choices is None:
            continue
        values = out[spec.name].astype(str)
        order = [c for c in spec.choices if c in set(values)]
        if len(order) == values.nunique():  # every value is a listed choice: the game's order
            out[spec.name] = pd.Categorical(values, categories=order, ordered=True)
    return out


def _pivot(cells: pd.DataFrame, layout: list[str]) -> pd.DataFrame:
    frame = cells.assign(text=_text(cells))
    if len(layout) >= 2:
        return frame.pivot_table(
            index=layout[0], columns=layout[1:], values="text", aggfunc="first", observed=True
        )
    if layout:
        return frame.set_index(layout)[["text"]]
    return frame[["text"]]


def _heatmap(cells: pd.DataFrame, layout: list[str], name: str, title: str, out_dir: Path) -> Path:
    path = out_dir / name
    if len(layout) >= 2:
        grid = cells.pivot_table(index=layout[0], columns=layout[1:], values="rate", observed=True)
    else:
        grid = cells.set_index(layout or ["team"])[["rate"]]
    fig, ax = plt.subplots(
        figsize=(max(6, 0.8 * grid.shape[1] + 2), max(3, 0.45 * grid.shape[0] + 1.5))
    )
    image = ax.imshow(grid.to_numpy(dtype=float), vmin=0, vmax=1, cmap="viridis", aspect="auto")
    ax.set_xticks(range(grid.shape[1]))
    ax.set_xticklabels([column_label(c) for c in grid.columns], rotation=60, ha="right", fontsize=7)
    ax.set_yticks(range(grid.shape[0]))
    ax.set_yticklabels([str(i) for i in grid.index], fontsize=8)
    ax.set_ylabel(str(grid.index.name or ""))
    for (i, j), value in pd.DataFrame(grid.to_numpy(dtype=float)).stack().items():
        ax.text(
            j,
            i,
            f"{100 * value:.0f}",
            ha="center",
            va="center",
            fontsize=6,
            color="white" if value < 0.6 else "black",
        )
    fig.colorbar(image, ax=ax, label="win rate")
    ax.set_title(title, fontsize=9)
    return _save(fig, path)


def column_label(column: Any) -> str:
    """Return a table column's label (multi-level columns joined by spaces)."""
    if isinstance(column, tuple):
        return " ".join(str(c) for c in column)
    return str(column)


def _distribution(rows: pd.DataFrame, metric: str, title: str, out_dir: Path, name: str) -> Path:
    low, high = int(rows[metric].min()), int(rows[metric].max())
    bins = [x - 0.5 for x in range(low, high + 2)]
    groups = {
        team_label(team): rows[rows["team"] == team][metric]
        for team in sorted(rows["team"].unique())
    }
    label = metric.replace("_", " ")
    return _histograms(groups, bins, label, f"{title}: {label}", out_dir / name)
