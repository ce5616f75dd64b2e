"""A lobby that stays fresh (issue 48): tables nobody moved at for their lifetime are closed.

Tables played over days close after ``--abandon-after`` without a move, live ones (under an
hour a decision) after ``--abandon-live-after``; a closed table leaves the open list, its seats
can no longer be joined and its page says why.  The lifetimes are flags with a range.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from hellas.server import settings
from hellas.server.abandon import abandon
from hellas.server.hub import Hub
from hellas.server.settings import PACES
from hellas.server.store import Store

from .conftest import Server, start_server, stop_server

HOUR = 3600.0


def test_each_pace_has_its_lifetime(tmp_path: Path) -> None:
    """Live tables close after the short lifetime, the others after the long one; 0 is never."""

    async def scenario() -> None:
        store = Store(f"sqlite:///{tmp_path / 'abandon.db'}")
        hub = Hub(store)
        made: dict[str, str] = {}
        for name, pace in (("untimed", None), ("live", PACES["live"]), ("days", PACES["days"])):
            table, _c = await hub.create("realms", {"players": 2}, ["human", "human"], 1, "")
            settings.save(store, table.id, pace, False)
            made[name] = table.id
        now = time.time()
        assert abandon(store, now + 5 * HOUR, 72 * HOUR, 6 * HOUR) == {}  # all fresh yet
        closed = abandon(store, now + 7 * HOUR, 72 * HOUR, 6 * HOUR)
        assert list(closed) == [made["live"]]
        assert closed[made["live"]] == "this table was closed: nobody moved for 6 h"
        assert abandon(store, now + 100 * HOUR, 0, 0) == {}  # both off: nothing closes
        later = abandon(store, now + 73 * HOUR, 72 * HOUR, 6 * HOUR)
        assert sorted(later) == sorted([made["untimed"], made["days"]])
        assert set(later.values()) == {"this table was closed: nobody moved for 3 days"}
        await hub.close()
        store.close()

    asyncio.run(scenario())


def _open_ids(server: Server) -> list[str]:
    status, listed = server.get("/api/tables?status=open")
    assert status == 200, listed
    return [t["id"] for t in listed]


def test_a_quiet_live_table_leaves_the_lobby(tmp_path: Path) -> None:
    args = ["--abandon-live-after", "2s", "--abandon-after", "1h", "--open-table-ttl", "0"]
    server = start_server(f"sqlite:///{tmp_path / 'fresh.db'}", args=args)
    try:
        body: dict[str, Any] = {"game": "realms", "options": {"players": 2}, "seed": 3}
        body["seats"] = ["human", "human"]
        _s, live = server.post("/api/tables", {**body, "pace": "live"})
        _s, slow = server.post("/api/tables", body)
        assert {live["id"], slow["id"]} <= set(_open_ids(server))
        deadline = time.time() + 60  # a generous liveness bound (the chore looks every second)
        while live["id"] in _open_ids(server) and time.time() < deadline:
            time.sleep(0.5)
        assert live["id"] not in _open_ids(server)
        assert slow["id"] in _open_ids(server)  # over days: an hour is nothing
        _s, info = server.get(f"/api/tables/{live['id']}")
        assert info["closed"] == "this table was closed: nobody moved for 2 s"
        status, err = server.post(f"/api/tables/{live['id']}/claim", {"seat": 1})
        assert status == 410 and err["code"] == "closed"  # no "Join" where nobody plays
        assert "closed 1 abandoned table(s)" in server.logged()
    finally:
        stop_server(server)


def test_the_lifetimes_are_checked_at_start() -> None:
    for flag, value in (("--abandon-after", "400d"), ("--abandon-live-after", "soon")):
        done = subprocess.run(
            [sys.executable, "-m", "hellas.cli.main", "serve", flag, value],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode != 0
        assert flag in done.stdout + done.stderr
