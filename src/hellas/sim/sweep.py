"""Sweeps: a grid of game options x teams of bots x games per cell, expanded into tasks.

Every task's seed is derived by hashing the base seed, the cell's options and the game number,
so a task plays the same game whatever backend, worker or order runs it, every team meets the
same deals (a paired comparison), and an interrupted sweep resumes by skipping finished tasks.
"""

from __future__ import annotations

import hashlib
import itertools
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hellas.ai import make_bot
from hellas.core.errors import HellasError, OptionError
from hellas.core.game import Game


@dataclass(frozen=True)
class Task:
    """One game of a sweep: its cell (options + team), number within the cell, and seed."""

    game: str
    options: Mapping[str, Any]
    team: str
    index: int
    seed: int

    @property
    def cell(self) -> str:
        """Return a stable text key of the cell (options and team)."""
        return cell_key(self.options, self.team)

    def key(self) -> tuple[str, int]:
        """Return the identity used to skip finished tasks on resume."""
        return (self.cell, self.index)


def cell_key(options: Mapping[str, Any], team: str) -> str:
    """Return the stable key of a cell."""
    return json.dumps({"options": dict(options), "team": team}, sort_keys=True)


def derive_seed(base: int, cell: str, index: int) -> int:
    """Return a 63-bit seed from the base seed and a task's identity (stable everywhere)."""
    digest = hashlib.sha256(f"{base}|{cell}|{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def parse_values(text: str) -> list[str]:
    """Parse ``1-12``, ``2,4`` or ``human,heroic`` into a list of values."""
    out: list[str] = []
    for raw in text.split(","):
        part = raw.strip()
        if not part:
            continue
        lo, dash, hi = part.partition("-")
        if dash and lo.strip().isdigit() and hi.strip().isdigit():
            a, b = int(lo), int(hi)
            if a > b:
                raise OptionError(f"empty range {part!r}")
            out.extend(str(v) for v in range(a, b + 1))
        else:
            out.append(part)
    if not out:
        raise OptionError(f"no values in {text!r}")
    return out


@dataclass
class Sweep:
    """A grid of option values, teams of bots, games per cell and a base seed."""

    game: Game[Any]
    grid: dict[str, list[str]]
    teams: list[str]
    games: int
    seed: int = 0
    fixed: dict[str, Any] = field(default_factory=dict)

    def cells(self) -> list[tuple[dict[str, Any], str]]:
        """Return every (validated options, team) cell, checking each one."""
        names = list(self.grid)
        cells = []
        for values in itertools.product(*(self.grid[n] for n in names)):
            raw = {**self.fixed, **dict(zip(names, values, strict=True))}
            options = self.game.validate_options(raw)
            seats = self.game.meta.seats(options)
            for team in self.teams:
                seat_bots(self.game, team, seats)
                cells.append((options, team))
        return cells

    def tasks(self, counts: Mapping[str, int] | None = None) -> list[Task]:
        """Return every task of the sweep in a stable order.

        ``counts`` (cell key -> games) overrides ``games`` per cell: precision-targeted sweeps
        ask for games 0..k-1 of each cell, k growing until the cell is precise enough.
        """
        out = []
        for options, team in self.cells():
            # The seed ignores the team: every team plays the same deals (paired comparison).
            deal = json.dumps(dict(options), sort_keys=True)
            games = self.games if counts is None else counts.get(cell_key(options, team), 0)
            for i in range(games):
                out.append(
                    Task(self.game.meta.id, options, team, i, derive_seed(self.seed, deal, i))
                )
        return out


def team_seats(team: str, seats: int) -> list[str]:
    """Return the bot of each seat: ``heuristic`` fills every seat; ``a/b/c`` names each."""
    names = [n.strip().lower() for n in team.split("/") if n.strip()]
    if len(names) == 1:
        names = names * seats
    if len(names) != seats:
        raise OptionError(f"team {team!r} names {len(names)} seats for {seats} players")
    return names


def seat_bots(game: Game[Any], team: str, seats: int) -> list[str]:
    """Return the bot of each seat, checking that the game has every bot named."""
    names = team_seats(team, seats)
    for name in names:
        try:
            make_bot(game, name)
        except HellasError as exc:
            raise OptionError(f"team {team!r}: {exc}") from exc
    return names


def sweep_from_flags(
    game: Game[Any], flags: Mapping[str, str], teams: Sequence[str], games: int, seed: int
) -> Sweep:
    """Build a sweep from ``--name values`` game flags (values may be lists or ranges)."""
    grid: dict[str, list[str]] = {}
    fixed: dict[str, Any] = {}
    for name, text in flags.items():
        spec = game.meta.options.get(name)
        if spec.kind == "list":
            fixed[name] = text
        else:
            grid[name] = parse_values(text)
    if games < 1:
        raise OptionError("--games must be at least 1")
    if not teams:
        raise OptionError("name at least one team of bots with --bots")
    return Sweep(game, grid, list(teams), games, seed, fixed)
