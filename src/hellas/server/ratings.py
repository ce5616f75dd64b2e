"""What a finished game leaves on its players' accounts: results, ratings, campaigns.

The hub calls ``Ratings.game_over`` once a table's last choice is stored.  Each seat linked to
an account gets a result row (its place, whether it won).  A game its metadata declares
``rated`` moves ratings only when *every* seat is a human with an account, each a different
one; ratings come from OpenSkill's Plackett-Luce model (a multi-player Bayesian
rating: ``mu`` and its uncertainty ``sigma``).  People see the conservative ``mu - 3 sigma``
on a familiar scale, ``1500 + 40 (mu - 3 sigma)`` rounded (a newcomer starts at 1500), marked
"provisional" until ``SETTLED`` rated games.  A campaign game (``GameMeta.campaign``; its
``Campaign`` capability places a finished game on its grid: Legends' mission and difficulty)
records each account's step, level and result (won or lost) for the profile's campaign grid.
Nothing here names a game: what a game offers comes from the registry.  A table is counted once
(``SCORED``), whatever happens after.

An account deleted while its game went on (``hellas accounts delete``, perhaps from another
process) is no longer there when the game ends: its seat counts as a guest's.  No result,
rating or campaign row names it, the live seat forgets it, and the other accounts are rated
among themselves only if at least two of them remain (a two-player game is then unrated).

A rated game cannot be voided (``forfeits.py``): a bot playing a seat no longer makes the game
unrated; a player whose seat a bot played at any time in the game's second half (handed over,
or their clock ran out) loses it for the ratings - placed last, never among the winners.
A seat linked on another server process (PostgreSQL) counts: the links are read from the
database when the game ends.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import and_, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from hellas.core.capabilities import Campaign, capability
from hellas.core.errors import HellasError
from hellas.core.game import Game
from hellas.games import REGISTRY
from hellas.server.accounts import (
    ACCOUNTS,
    CAMPAIGN,
    RATINGS,
    RESULTS,
    SCORED,
    Account,
    Accounts,
    linked_seats,
)
from hellas.server.forfeits import forfeited, history
from hellas.server.live import HUMAN, LiveTable
from hellas.server.names import forget as forget_name
from hellas.server.store import TABLES

BASE, SCALE = 1500, 40  # the shown rating: BASE + SCALE * (mu - 3 sigma), rounded
SETTLED = 10  # rated games after which a rating is no longer "provisional"


@dataclass(frozen=True)
class Finished:
    """What ``game_over`` needs of a finished table (taken on the event loop, used in a thread)."""

    table_id: str
    game: str
    accounts: list[str]  # per seat: the linked account, "" for none
    countable: bool  # every seat a human with its own account
    winners: list[int]
    scores: list[float]
    mission: int | None = None  # a campaign game's step (from 1) ...
    difficulty: str | None = None  # ... its level ...
    won: bool | None = None  # ... and whether it was won
    total: int = 0  # moves the game took (its half: forfeits.py)
    bots_at_end: tuple[int, ...] = ()  # seats a bot played when the game ended


def places(winners: list[int], scores: list[float]) -> list[int]:
    """Return each seat's place: winners first (tied), then by score (ties share a place)."""
    keys = [(q in winners, scores[q] if q < len(scores) else 0.0) for q in range(len(scores))]
    return [1 + sum(1 for other in keys if other > mine) for mine in keys]


def facts(table: LiveTable) -> Finished | None:
    """Return the facts of a finished table worth keeping, or None if no account sat there."""
    outcome = table.game.outcome(table.match.state)
    if outcome is None:
        return None
    accounts = [s.account if s.kind == HUMAN else "" for s in table.seats]
    if not any(accounts):
        return None
    countable = (
        all(s.kind == HUMAN and s.account for s in table.seats)
        and len(set(accounts)) == len(accounts)
        and table.game.meta.rated
    )
    mission = difficulty = won = None
    if table.game.meta.campaign:  # public facts: where the game stands in the campaign
        view = table.game.view(table.match.state, None)
        step = capability(table.game, Campaign).result(view, outcome)
        if step is not None:
            mission, difficulty, won = step.step, step.level, step.won
    return Finished(
        table.id,
        table.game.meta.id,
        accounts,
        countable,
        list(outcome.winners),
        [float(x) for x in outcome.scores],
        mission,
        difficulty,
        won,
        len(table.match.record.choices),
        tuple(s.seat for s in table.seats if s.kind == HUMAN and s.bot),
    )


class Ratings:
    """Results, ratings and campaigns of the accounts in one database."""

    def __init__(self, accounts: Accounts) -> None:
        self.accounts = accounts
        self.engine = accounts.engine
        self.model = PlackettLuce()

    async def game_over(self, table: LiveTable) -> None:
        """Keep (the hub's game-over hook) what the finished game means for its accounts.

        The seats' links are read from the database first: a seat linked on another server
        process counts even if this process never heard the notice.
        """
        links = await asyncio.to_thread(linked_seats, self.engine, table.id)
        for seat in table.seats:
            if not seat.account and seat.seat in links:
                seat.account, seat.account_hash = links[seat.seat]
        found = facts(table)
        if found is None:
            return
        gone = await asyncio.to_thread(self.record, found) or set()
        for seat in table.seats:  # a deleted account's seat is a guest's from now on
            if seat.account and seat.account in gone:
                seat.account, seat.account_hash = "", ""
                forget_name(table, seat.seat)  # nor is it named any more

    def record(self, f: Finished) -> set[str] | None:
        """Store a finished game's results (ratings, campaign); None if it was counted before.

        Returns the accounts of the game that no longer exist (deleted meanwhile): they are
        left out of everything stored.
        """
        now = time.time()
        try:
            with self.engine.begin() as conn:
                # written first: with SQLite the transaction holds the write lock from here on
                conn.execute(insert(SCORED).values(table_id=f.table_id, rated=f.countable, at=now))
                lost = set()
                if f.countable:  # a bot in the second half loses the game (forfeits.py)
                    handoffs = history(conn, f.table_id)
                    lost = forfeited(len(f.accounts), f.total, handoffs, set(f.bots_at_end))
                place = forfeit_places(places(f.winners, f.scores), lost)
                winners = list(f.winners)
                if lost:  # the winners less who forfeited (if none is left, the best others)
                    winners = [q for q in range(len(place)) if place[q] == 1 and q not in lost]
                alive = _alive(conn, f.accounts)
                accounts = [a if a in alive else "" for a in f.accounts]
                seated = [(a, place[q]) for q, a in enumerate(accounts) if a]
                rated = f.countable and len(seated) >= 2
                if rated != f.countable:
                    conn.execute(
                        update(SCORED).where(SCORED.c.table_id == f.table_id).values(rated=rated)
                    )
                for seat, account in enumerate(accounts):
                    if account:
                        conn.execute(
                            insert(RESULTS).values(
                                account=account,
                                table_id=f.table_id,
                                seat=seat,
                                game=f.game,
                                place=place[seat],
                                players=len(f.accounts),
                                won=seat in winners,
                                rated=rated,
                                at=now,
                            )
                        )
                if rated:
                    self._rate(conn, f.game, seated)
                if f.mission is not None and f.difficulty is not None:
                    for account in sorted(alive):
                        self._campaign(conn, account, f, now)
        except IntegrityError:
            return None  # this table was counted already
        return {a for a in f.accounts if a} - alive

    def _rate(self, conn: Any, game: str, seated: list[tuple[str, int]]) -> None:
        """Move the ratings of a countable game's accounts, each with its place (a transaction)."""
        names = [account for account, _place in seated]
        current = {
            r.account: r
            for r in conn.execute(
                select(RATINGS).where(RATINGS.c.game == game, RATINGS.c.account.in_(names))
            ).all()
        }
        teams = []
        for account in names:
            row = current.get(account)
            rating = (
                self.model.rating(mu=row.mu, sigma=row.sigma, name=account)
                if row is not None
                else self.model.rating(name=account)
            )
            teams.append([rating])
        rated = self.model.rate(teams, ranks=[float(p) for _a, p in seated])
        for account, team in zip(names, rated, strict=True):
            new = team[0]
            if account in current:
                conn.execute(
                    update(RATINGS)
                    .where(RATINGS.c.account == account, RATINGS.c.game == game)
                    .values(mu=new.mu, sigma=new.sigma, games=current[account].games + 1)
                )
            else:
                conn.execute(
                    insert(RATINGS).values(
                        account=account, game=game, mu=new.mu, sigma=new.sigma, games=1
                    )
                )

    @staticmethod
    def _campaign(conn: Any, account: str, f: Finished, now: float) -> None:
        """Count a campaign step won or lost for an account (the caller's transaction)."""
        where = and_(
            CAMPAIGN.c.account == account,
            CAMPAIGN.c.difficulty == f.difficulty,
            CAMPAIGN.c.mission == f.mission,
        )
        row = conn.execute(select(CAMPAIGN).where(where)).first()
        won, lost = (1, 0) if f.won else (0, 1)
        if row is None:
            conn.execute(
                insert(CAMPAIGN).values(
                    account=account,
                    difficulty=f.difficulty,
                    mission=f.mission,
                    won=won,
                    lost=lost,
                    at=now,
                )
            )
        else:
            conn.execute(
                update(CAMPAIGN)
                .where(where)
                .values(won=row.won + won, lost=row.lost + lost, at=now)
            )

    # -- what pages show ----------------------------------------------------------------------

    def shown(self, mu: float, sigma: float) -> int:
        """Return the rating people see: the conservative estimate on a 1500-based scale."""
        return shown_rating(mu, sigma)

    def profile(self, account: Account, history: int = 50) -> dict[str, Any]:
        """Return an account's public page: ratings, recent games and campaigns."""
        with self.engine.connect() as conn:
            ratings = conn.execute(
                select(RATINGS).where(RATINGS.c.account == account.id).order_by(RATINGS.c.game)
            ).all()
            games = conn.execute(
                select(RESULTS, TABLES.c.name)
                .join(TABLES, TABLES.c.id == RESULTS.c.table_id, isouter=True)
                .where(RESULTS.c.account == account.id)
                .order_by(RESULTS.c.at.desc())
                .limit(history)
            ).all()
            campaign = conn.execute(select(CAMPAIGN).where(CAMPAIGN.c.account == account.id)).all()
        cells = {(r.difficulty, r.mission): r for r in campaign}
        return {
            "name": account.name,
            "since": account.created,
            "ratings": [
                {
                    "game": r.game,
                    "rating": self.shown(r.mu, r.sigma),
                    "provisional": r.games < SETTLED,
                    "games": r.games,
                }
                for r in ratings
            ],
            "history": [
                {
                    "table": g.table_id,
                    "name": g.name or "",
                    "game": g.game,
                    "seat": g.seat,
                    "place": g.place,
                    "players": g.players,
                    "won": g.won,
                    "rated": g.rated,
                    "at": g.at,
                    "result": result_words(g.game, g.won, g.place, g.players),
                }
                for g in games
            ],
            "campaigns": [campaign_grid(game, cells) for game in campaign_games()],
        }

    def leaderboard(self, game: str, limit: int = 50) -> list[dict[str, Any]]:
        """Return the best-rated accounts of a game, best first."""
        shown = RATINGS.c.mu - 3 * RATINGS.c.sigma
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(ACCOUNTS.c.name, RATINGS.c.mu, RATINGS.c.sigma, RATINGS.c.games)
                .join(ACCOUNTS, ACCOUNTS.c.id == RATINGS.c.account)
                .where(RATINGS.c.game == game)
                .order_by(shown.desc(), ACCOUNTS.c.name_key)
                .limit(limit)
            ).all()
        return [
            {
                "place": i + 1,
                "name": r.name,
                "rating": self.shown(r.mu, r.sigma),
                "provisional": r.games < SETTLED,
                "games": r.games,
            }
            for i, r in enumerate(rows)
        ]


def rated_games() -> list[str]:
    """Return the ids of the registered games whose metadata declares them rated."""
    return [g.meta.id for g in REGISTRY if g.meta.rated]


def campaign_games() -> list[Game[Any]]:
    """Return the registered games played as campaigns (``GameMeta.campaign``)."""
    return [g for g in REGISTRY if g.meta.campaign]


def campaign_grid(game: Game[Any], cells: dict[tuple[str, int], Any]) -> dict[str, Any]:
    """Return a campaign's grid for a profile: its levels, steps and each cell's status.

    The campaign rows hold a level and a step, not the game: the store keeps one campaign
    (the first registered campaign game's; docs/architecture.md).
    """
    campaign = capability(game, Campaign)
    steps = campaign.steps()
    return {
        "game": game.meta.id,
        "title": campaign.title,
        "noun": campaign.step_noun,
        "levels": [{"id": level, "title": title} for level, title in campaign.levels()],
        "steps": list(steps),
        "cells": {
            level: [
                {
                    "step": m,
                    "status": _status(cells.get((level, m))),
                    "won": cells[(level, m)].won if (level, m) in cells else 0,
                    "lost": cells[(level, m)].lost if (level, m) in cells else 0,
                }
                for m in range(1, len(steps) + 1)
            ]
            for level, _title in campaign.levels()
        },
    }


def result_words(game_id: str, won: bool, place: int, players: int) -> str:
    """Return a finished game's result for a profile: ``Place 2 of 3``, ``Mission won``."""
    try:
        game = REGISTRY.get(game_id)
    except HellasError:  # a game no longer registered: its places are still known
        game = None
    if game is not None and game.meta.score_kind == "team":
        noun = capability(game, Campaign).step_noun
        return f"{noun} {'won' if won else 'lost'}"
    return "Won" if won else f"Place {place} of {players}"


def shown_rating(mu: float, sigma: float) -> int:
    """Return a rating as people see it: ``BASE + SCALE * (mu - 3 sigma)``, a whole number."""
    return round(BASE + SCALE * (mu - 3 * sigma))


def forfeit_places(place: list[int], lost: set[int]) -> list[int]:
    """Return the places with every forfeited seat last (tied), the others moved up."""
    if not lost:
        return place
    kept = [(p, q) for q, p in enumerate(place) if q not in lost]
    out = list(place)
    for q in range(len(place)):
        if q in lost:
            out[q] = len(kept) + 1
        else:
            out[q] = 1 + sum(1 for p, _other in kept if p < place[q])
    return out


def _alive(conn: Connection, accounts: list[str]) -> set[str]:
    """Return which of ``accounts`` still exist, their rows locked until the transaction ends.

    The lock orders this against ``Accounts.delete`` (which locks the row first): a deletion
    either comes after, and removes what is stored here, or before, and is seen here.
    """
    linked = sorted({a for a in accounts if a})
    if not linked:
        return set()
    query = select(ACCOUNTS.c.id).where(ACCOUNTS.c.id.in_(linked)).with_for_update()
    return set(conn.execute(query).scalars().all())


def _status(cell: Any) -> str:
    """Return a campaign cell's status: won (ever), lost (only lost) or not played."""
    if cell is None:
        return "not-played"
    return "won" if cell.won else "lost"
