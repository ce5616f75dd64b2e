"""Faults that heal on their own, with several server processes over PostgreSQL (issue 47).

One test per fault: a PostgreSQL restart under load (a private server of the test's own, so no
other test's database goes away) breaks no table and every table moves again with no request;
a lease leaves the database only through a clean unload; a bot failure that is not the
database's is retried after a fresh load and only a repeat marks the table unavailable; two
processes with alike names (one host name, one port, two loopback addresses) neither collide
nor expire each other's leases, and a duplicate name is never ready; a process frozen past a
deadline cannot write back an older clock; a damaged clock row stops only its own table.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import shutil
import sqlite3
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from hellas.server import arrivals, chores
from hellas.server.cluster import Cluster
from hellas.server.errors import ServerError
from hellas.server.hub import Hub
from hellas.server.live import LiveTable
from hellas.server.settings import Pace
from hellas.server.social import install
from hellas.server.store import Store
from hellas.server.timers import load_clocks

from .conftest import Server, free_port, fresh_pg_database, postgres_url, start_server, stop_server
from .test_cluster import BOUND, LEASE, bot_table, finished, metric, moves, sql, until

# -- a private PostgreSQL server, restarted by the test ----------------------------------------


@dataclass
class PrivatePg:
    """A PostgreSQL server of this test module alone (initdb in a temporary folder)."""

    bin: Path
    data: Path
    port: int
    run_as: list[str]

    @property
    def url(self) -> str:
        """Return the SQLAlchemy URL of its ``postgres`` database."""
        return f"postgresql+psycopg://hellas@127.0.0.1:{self.port}/postgres"

    def ctl(self, *args: str) -> None:
        """Run pg_ctl on it (start, stop)."""
        done = subprocess.run(
            [*self.run_as, str(self.bin / "pg_ctl"), "-D", str(self.data), "-w", *args],
            capture_output=True,
            text=True,
            timeout=BOUND,
            check=False,
        )
        if done.returncode:
            raise RuntimeError(f"pg_ctl {args[-1]} failed: {done.stdout} {done.stderr}")

    def start(self) -> None:
        """Start the server (it listens on 127.0.0.1 at its port)."""
        options = f"-p {self.port} -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off"
        self.ctl("-l", str(self.data / "server.log"), "-o", options, "start")

    def stop(self) -> None:
        """Stop the server at once (every session is cut, as in a restart)."""
        self.ctl("-m", "fast", "stop")


def private_pg_server(where: Path) -> PrivatePg:
    """Create and start a private PostgreSQL server in ``where``; skip if none can be made."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    if not found:
        pytest.skip("no PostgreSQL programs (initdb) on this machine")
    bin_dir = found[-1].parent
    data = where / f"pg-{secrets.token_hex(3)}"
    data.mkdir(parents=True)
    run_as: list[str] = []
    if os.getuid() == 0:  # PostgreSQL refuses root: the postgres account (scripts/postgres.sh)
        run_as = ["runuser", "-u", "postgres", "--"]
        where.chmod(0o711)  # the account must reach the folder
        shutil.chown(data, "postgres")
        data.chmod(0o700)
    subprocess.run(
        [*run_as, str(bin_dir / "initdb"), "-D", str(data), "-U", "hellas", "--auth=trust"],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        timeout=BOUND,
    )
    server = PrivatePg(bin_dir, data, free_port(), run_as)
    server.start()
    return server


@pytest.fixture
def private_pg() -> Iterator[PrivatePg]:
    if postgres_url() is None:
        pytest.skip("no PostgreSQL configured (set HELLAS_TEST_PG_URL; ./check does)")
    # a folder of its own under /tmp: pytest's base folder is closed to the postgres account
    where = Path(tempfile.mkdtemp(prefix="hellas-pg-"))
    try:
        server = private_pg_server(where)
        try:
            yield server
        finally:
            with contextlib.suppress(RuntimeError):  # already stopped
                server.stop()
    finally:
        shutil.rmtree(where, ignore_errors=True)


def status_of(server: Server, table: str) -> int:
    """Return the HTTP status of a table's API answer."""
    return server.get(f"/api/tables/{table}")[0]


def test_a_database_restart_breaks_no_table_and_bots_play_on_unasked(
    private_pg: PrivatePg,
) -> None:
    """Row 1 and 2: a restart is a passing fault; every table moves again with no request."""
    db = fresh_pg_database(private_pg.url)
    args = ["--lease-seconds", LEASE, "--create-rate", "0", "--bot-workers", "1"]
    server = start_server(db, bot_delay=0.3, args=args)
    try:
        tables = [bot_table(server, seed) for seed in (51, 52, 53)]
        until(lambda: all(len(moves(db, t)) >= 3 for t in tables), "the bots play")
        private_pg.stop()
        time.sleep(3.0)  # every bot loop meets the missing database meanwhile
        private_pg.start()
        back = time.monotonic()
        at_restart = {t: len(moves(db, t)) for t in tables}
        until(
            lambda: all(len(moves(db, t)) > at_restart[t] or finished(db, t) for t in tables),
            "every table moves again with no request",
        )
        print(f"every table moved again {time.monotonic() - back:.1f} s after the restart")
        for table in tables:
            assert status_of(server, table) == 200  # never marked unavailable
        leased = {r[0] for r in sql(db, "SELECT table_id FROM hellas_leases")}
        unfinished = [t for t in tables if not finished(db, t)]
        assert set(unfinished) <= leased  # no lease row was deleted by the errors
        assert "table unavailable" not in server.logged()
    finally:
        stop_server(server)


def test_a_lease_leaves_the_database_only_by_a_clean_unload(pg_db: str) -> None:
    """Row 3: a table that left memory through an error keeps its (lapsing) lease row."""

    async def scenario() -> None:
        store = Store(pg_db)
        hub = Hub(store, cluster=Cluster(store, 60.0))
        try:
            made = [
                await hub.create("legends", {"players": 2}, ["human"] * 2, s, "") for s in (1, 2)
            ]
            failed, idle = (table for table, _creator in made)
            for table in (failed, idle):
                assert await hub.cluster.acquire(table.id)
            await hub._break(failed, "a fault of the test")  # the error path
            hub.tables[idle.id].used = 0.0
            assert idle.id in hub.unload_idle(now=time.monotonic() + 3600)  # the clean way
            await hub.cluster.renew()
            rows = dict(sql(pg_db, "SELECT table_id, owner FROM hellas_leases"))
            assert failed.id in rows  # kept: it lapses and stays the mark of a table in play
            assert idle.id not in rows  # handed back
            assert failed.id not in hub.cluster.held  # no longer renewed
        finally:
            await hub.close()
            store.close()

    asyncio.run(scenario())


def test_a_bot_failure_is_retried_after_a_fresh_load_and_only_a_repeat_breaks(
    pg_db: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Row 1: one failure is retried (the table plays on); a repeat marks it, with its reason."""

    async def scenario() -> None:
        store = Store(pg_db)
        hub = Hub(store, bot_delay=0.05, cluster=Cluster(store, 60.0))
        failures = {"left": 1}

        async def flaky(table: LiveTable) -> None:  # a feature's hook that fails as told
            if failures["left"] > 0 and len(table.match.record.choices) >= 2:
                failures["left"] -= 1
                raise RuntimeError("a passing fault of a feature")

        hub.on_change.append(flaky)
        healing = asyncio.create_task(chores.heal(hub))
        try:
            table, _c = await hub.create("legends", {"players": 2}, ["heuristic"] * 2, 5, "")
            deadline = time.monotonic() + BOUND
            while len(table.match.record.choices) < 6 and table.match.to_act() is not None:
                assert time.monotonic() < deadline, "the table never moved on after one failure"
                await asyncio.sleep(0.1)
            assert table.id not in hub.broken and failures["left"] == 0
            failures["left"] = 10**6  # now it fails every time: after the fresh load, for good
            other, _c = await hub.create("legends", {"players": 2}, ["heuristic"] * 2, 6, "")
            while other.id not in hub.broken:
                assert time.monotonic() < deadline, "a repeating failure never marked the table"
                await asyncio.sleep(0.1)
            reason = hub.broken[other.id]
            assert "RuntimeError" in reason and "a passing fault of a feature" in reason
            with pytest.raises(ServerError) as refused:
                await hub.get(other.id)
            assert refused.value.status == 409 and str(refused.value) == reason
            said = [r.getMessage() for r in caplog.records]
            assert len([m for m in said if "table unavailable" in m and other.id in m]) == 1
        finally:
            healing.cancel()
            await hub.close()
            store.close()

    with caplog.at_level(logging.INFO):
        asyncio.run(scenario())


# -- alike names -----------------------------------------------------------------------------


def test_two_processes_with_alike_names_never_collide(pg_db: str) -> None:
    """Row 4: one host name and port on two addresses; no shared bots, no expired leases."""
    port = free_port()
    args = ["--lease-seconds", LEASE, "--create-rate", "0", "--bot-workers", "1"]
    a = start_server(pg_db, port=port, bot_delay=0.2, args=args)
    b: Server | None = None
    try:
        on_a = [bot_table(a, seed) for seed in (61, 62, 63)]
        until(lambda: all(moves(pg_db, t) for t in on_a), "A's bots play")
        b = start_server(pg_db, port=port, bot_delay=0.2, args=[*args, "--host", "127.0.0.2"])
        b.url = f"http://127.0.0.2:{port}"  # start_server waited on A's address: wait on B's
        until(lambda: ready(b), "B answers and is ready")
        on_b = [bot_table(b, seed) for seed in (64, 65)]
        every = on_a + on_b
        until(lambda: all(len(moves(pg_db, t)) >= 6 or finished(pg_db, t) for t in every), "play")
        assert metric(a, "hellas_cluster_conflicts_total") == 0  # never both at one table
        assert metric(b, "hellas_cluster_conflicts_total") == 0
        owners = {t: o for t, o in sql(pg_db, "SELECT table_id, owner FROM hellas_leases")}
        assert len({owners[t] for t in on_b if t in owners} & {owners[t] for t in on_a}) == 0
        stop_server(a)  # SIGTERM: A's leases are handed back, B's are left alone
        left = sql(
            pg_db,
            "SELECT count(*) FROM hellas_leases WHERE table_id = ANY(%s) "
            "AND expires > extract(epoch from clock_timestamp())",
            [t for t in on_b if not finished(pg_db, t)],
        )[0][0]
        assert left == len([t for t in on_b if not finished(pg_db, t)])
    finally:
        stop_server(a)
        if b is not None:
            stop_server(b)


def ready(server: Server) -> bool:
    try:
        with urllib.request.urlopen(server.url + "/readyz", timeout=10) as r:
            return r.status == 200
    except OSError:
        return False


def test_a_duplicate_name_is_never_ready(pg_db: str) -> None:
    """Row 4: names differ at every start; a session that finds its name taken is not ready."""

    async def scenario() -> None:
        store = Store(pg_db)
        first, second = Cluster(store, 60.0, "host:8000"), Cluster(store, 60.0, "host:8000")
        assert first.node != second.node  # alike names given: unique names made
        assert first.node.startswith("host:8000") and len(first.node) <= 40
        for cluster in (first, second):
            cluster.attach(Hub(store, cluster=cluster))
        second.node = first.node  # a duplicate all the same (as two alike old-style names)
        tasks = first.start()
        try:
            deadline = time.monotonic() + BOUND
            while not first.ready()[0]:
                assert time.monotonic() < deadline, "the first never ready"
                await asyncio.sleep(0.05)
            tasks += second.start()
            while not second.listening:
                assert time.monotonic() < deadline, "the second never listening"
                await asyncio.sleep(0.05)
            await asyncio.sleep(0.5)
            ok, why = second.ready()
            assert not ok and "name" in why
        finally:
            for task in tasks:
                task.cancel()
            await first.close()
            await second.close()
            store.close()

    asyncio.run(scenario())


# -- clocks ----------------------------------------------------------------------------------


def test_a_frozen_process_cannot_undo_a_newer_clock(pg_db: str) -> None:
    """Row 5: B, frozen while A timed a seat out, resumes; the stored timed_out stays."""

    async def scenario() -> None:
        store_a, store_b = Store(pg_db), Store(pg_db)
        hub_a = Hub(store_a, bot_delay=30.0, cluster=Cluster(store_a, 60.0))
        hub_b = Hub(store_b, bot_delay=30.0, cluster=Cluster(store_b, 60.0))
        social_a, _social_b = install(hub_a), install(hub_b)
        try:
            table_a, _c = await hub_a.create(
                "realms", {"players": 2}, ["human", "human"], 3, "", private=True
            )
            for here in (0, 1):
                arrivals.mark(table_a, here)
            await social_a.configure(table_a, Pace("custom", 60.0, 0.0), False)
            seat = table_a.match.to_act()
            assert seat is not None
            table_b = await hub_b.get(table_a.id)  # B's copy: the clock runs (then B freezes)
            deadline = load_clocks(store_a, table_a.id)[seat]["deadline"]
            handed = await social_a.timers.enforce(now=deadline + 1.0)  # A: time ran out
            assert handed == [(table_a.id, seat)]
            assert load_clocks(store_a, table_a.id)[seat]["timed_out"] is True
            await hub_b.cluster.refresh(table_b)  # B resumes and hears of the hand-off
            assert table_b.seats[seat].bot  # B saw it: its clocks were brought up to date
            stored = load_clocks(store_a, table_a.id)[seat]
            assert stored["timed_out"] is True  # not written back to false by the older copy
            assert stored["deadline"] is None
        finally:
            await hub_a.close()
            await hub_b.close()
            store_a.close()
            store_b.close()

    asyncio.run(scenario())


def damaged_clock_stops_only_its_table(
    url: str, damage: Any, says: str, caplog: pytest.LogCaptureFixture, fresh: bool = False
) -> None:
    """Damage one table's running clock row with ``damage(table_id)``; every other timer fires
    in the same pass, the damaged table is unavailable with a reason that ``says`` why, the
    next pass passes over it without an error, and it is logged once.  ``fresh``: the pass is
    run by a process that starts after the damage (it reads both tables from the database)."""

    async def scenario() -> None:
        store = Store(url)
        hub = Hub(store, bot_delay=30.0)
        social = install(hub)
        stores = [store]
        try:
            made = []
            for seed in (3, 4):
                table, _c = await hub.create(
                    "realms", {"players": 2}, ["human", "human"], seed, "", private=True
                )
                for here in (0, 1):
                    arrivals.mark(table, here)
                await social.configure(table, Pace("custom", 60.0, 0.0), False)
                made.append(table)
            damaged, healthy = made
            damage(damaged.id)
            if fresh:  # this process stops (its leases go) and a new one takes the tables
                await hub.close()
                stores.append(Store(url))
                hub = Hub(stores[-1], bot_delay=30.0)
                social = install(hub)
            later = time.time() + 3600
            handed = await social.timers.enforce(now=later)
            assert handed == [(healthy.id, healthy.match.to_act())]  # handed, in the same pass
            reason = hub.broken[damaged.id]
            assert "clock" in reason and says in reason, reason
            with pytest.raises(ServerError) as refused:
                await hub.get(damaged.id)
            assert refused.value.status == 409 and "clock" in str(refused.value)
            assert await social.timers.enforce(now=later) == []  # the next pass: no error
            marked = [r for r in caplog.records if "table unavailable" in r.getMessage()]
            assert len(marked) == 1
        finally:
            await hub.close()
            for each in stores:
                each.close()

    with caplog.at_level(logging.INFO):
        asyncio.run(scenario())


def test_a_damaged_clock_row_stops_only_its_own_table(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Row 6 on SQLite: ``UPDATE hellas_clocks SET seat='x', deadline=1``; every other timer
    fires (PostgreSQL's typed column refuses this damage: its own rows are below)."""
    path = tmp_path / "damaged.db"

    def damage(table_id: str) -> None:
        with sqlite3.connect(path) as conn:
            conn.execute(
                "UPDATE hellas_clocks SET seat = 'x', deadline = 1 "
                "WHERE table_id = ? AND deadline IS NOT NULL",
                (table_id,),
            )

    damaged_clock_stops_only_its_table(f"sqlite:///{path}", damage, "'x'", caplog)


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ("seat = 99, deadline = 1", "no seat 99"),  # a seat the table does not have
        ("reserve = 'NaN', deadline = 1", "reserve is not a finite number"),
        ("since = '-Infinity', deadline = 1", "since is not a finite number"),
    ],
)
def test_a_damaged_clock_row_stops_only_its_own_table_on_postgresql(
    pg_db: str, change: str, says: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Row 6 on PostgreSQL: damage its typed columns let through.  Before, a due row for a seat
    the table lacks was read again every second and never named; a NaN reserve timed out."""

    def damage(table_id: str) -> None:
        sql(
            pg_db,
            f"UPDATE hellas_clocks SET {change} WHERE table_id = %s AND deadline IS NOT NULL",
            table_id,
        )

    damaged_clock_stops_only_its_table(pg_db, damage, says, caplog, fresh=True)
