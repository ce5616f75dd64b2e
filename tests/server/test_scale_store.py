"""The store under load, in process: group commit, lazy loading at start, cached replays.

Real SQLite files and the real application (run by Starlette's test client); no mocks.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
import time
import warnings
from pathlib import Path
from typing import Any

from hellas.core.game import Game
from hellas.core.record import Record, replay
from hellas.games import REGISTRY
from hellas.server.app import create_app
from hellas.server.commits import GroupCommitter
from hellas.server.live import CHECKPOINT
from hellas.server.replays import ReplayCache
from hellas.server.store import Store

with warnings.catch_warnings():  # starlette's note about a future httpx package
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


def new_tables(store: Store, game_id: str, seats: list[str], count: int) -> list[str]:
    game = REGISTRY.get(game_id)
    options = game.validate_options({"players": len(seats)})
    return [
        store.create_table(game.meta.id, game.meta.version, options, seed, seats)
        for seed in range(count)
    ]


def test_group_commit_stores_many_tables_in_few_transactions(tmp_path: Path) -> None:
    path = tmp_path / "group.db"
    store = Store(f"sqlite:///{path}")
    ids = new_tables(store, "legends", ["human", "human"], 40)
    committer = GroupCommitter(store)
    blocker = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    blocker.execute("BEGIN IMMEDIATE")  # hold the write lock: the writes queue up meanwhile
    threading.Timer(0.5, blocker.execute, ["COMMIT"]).start()

    async def write_all() -> list[Any]:
        await asyncio.gather(*(committer.move(t, 0, "first", 0) for t in ids))
        return await asyncio.gather(
            committer.move(ids[0], 0, "again", 1),  # step 0 is taken: fails alone
            committer.move(ids[1], 1, "second", 1),
            committer.finish(ids[2]),
            return_exceptions=True,
        )

    try:
        results = asyncio.run(write_all())
    finally:
        blocker.close()
    assert committer.commits <= 5 < len(ids)  # one flush carried many tables' choices
    assert isinstance(results[0], Exception) and results[1:] == [None, None]
    with sqlite3.connect(path) as check:  # all committed, as each await returned
        rows = check.execute("SELECT table_id, seq, key FROM hellas_moves").fetchall()
        finished = check.execute("SELECT id FROM hellas_tables WHERE finished").fetchall()
    assert sorted(rows) == sorted([(t, 0, "first") for t in ids] + [(ids[1], 1, "second")])
    assert finished == [(ids[2],)]
    store.close()


def test_only_tables_with_bots_are_loaded_at_start(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'lazy.db'}"
    store = Store(url)
    waiting = new_tables(store, "legends", ["human", "human"], 30)
    (bots,) = new_tables(store, "realms", ["random", "random"], 1)
    store.close()
    app = create_app(url, bot_delay=0.0)
    with TestClient(app) as client:
        hub = app.state.hub
        deadline = time.time() + 120
        while time.time() < deadline:
            table = hub.tables.get(bots)
            if table is not None and table.match.record.choices:
                break  # resumed in the background, and its bots play on
            time.sleep(0.05)
        else:
            raise AssertionError("the bot table was not resumed")
        assert not set(waiting) & set(hub.tables)  # nobody asked for them: not loaded
        status = client.get(f"/api/tables/{waiting[3]}").status_code
        assert status == 200 and waiting[3] in hub.tables  # loaded on first use
        assert not set(waiting[4:]) & set(hub.tables)


class ThreadNoting(ReplayCache):
    """A replay cache that notes the threads its pages are built in."""

    def __init__(self) -> None:
        super().__init__()
        self.threads: set[int] = set()

    def page(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        self.threads.add(threading.get_ident())
        return super().page(*args, **kwargs)


def test_replays_are_built_off_the_event_loop_and_cached(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'replay.db'}"
    app = create_app(url, bot_delay=0.0)
    cache = app.state.hub.replays = ThreadNoting()
    game: Game[Any] = REGISTRY.get("realms")
    with TestClient(app) as client:
        body = {"game": "realms", "options": {"players": 2}, "seats": ["random", "random"]}
        table = client.post("/api/tables", json=body).json()["id"]
        deadline = time.time() + 120
        while client.get(f"/api/tables/{table}/record").status_code != 200:
            assert time.time() < deadline, "the bots did not finish"
            time.sleep(0.05)
        record = Record.from_json(client.get(f"/api/tables/{table}/record").json())
        steps = range(0, len(record.choices) + 1, 3)
        pages = [client.get(f"/api/tables/{table}/replay/{k}").json() for k in steps]
        assert cache.built == len(steps)
        again = client.get(f"/api/tables/{table}/replay/{steps[-2]}").json()
        assert cache.built == len(steps) and again == pages[-2]  # served from the cache
        loop_thread = client.portal.call(threading.get_ident)  # type: ignore[union-attr]
    assert cache.threads and loop_thread not in cache.threads
    for k, page in zip(steps, pages, strict=True):
        # a finished game's public replay reveals every hand (issue 35)
        assert page["view"] == json.loads(json.dumps(game.reveal(replay(game, record, k))))


def test_the_replay_cache_steps_forward_from_its_last_state() -> None:
    game: Game[Any] = REGISTRY.get("legends")
    options = game.validate_options({"players": 3})
    state = game.new(options, 5)
    keys = []
    for _ in range(60):
        choice = game.choices(state)[0]
        keys.append(choice.key)
        game.step(state, choice)
    record = Record(game.meta.id, game.meta.version, options, 5, keys)
    cache = ReplayCache(pages=8, states=4)
    start = {0: game.new(options, 5)}
    for k in range(len(keys) + 1):
        page = cache.page("t", game, record, k, 1, start)
        assert page["view"] == game.view(replay(game, record, k), 1)
    assert len(cache._pages) == 8 and len(cache._states) == 4  # bounded, oldest dropped
    assert cache.built == len(keys) + 1
    assert cache.applied == len(keys)  # one move a page: each step starts from the one before


def test_a_replay_step_starts_from_the_nearest_checkpoint() -> None:
    """Asking steps in any order replays at most a checkpoint's worth of moves per page."""
    game: Game[Any] = REGISTRY.get("legends")
    options = game.validate_options({"players": 2})
    state = game.new(options, 9)
    keys: list[str] = []
    checkpoints = {0: state.copy()}
    while game.to_act(state) is not None and len(keys) < 200:
        choice = game.choices(state)[-1]
        keys.append(choice.key)
        game.step(state, choice)
        if len(keys) % CHECKPOINT == 0:
            checkpoints[len(keys)] = state.copy()
    record = Record(game.meta.id, game.meta.version, options, 9, keys)
    cache = ReplayCache(pages=1024, states=1)
    order = list(range(len(keys), -1, -7))  # backwards, skipping: no page follows its last
    for k in order:
        page = cache.page("t", game, record, k, None, checkpoints)
        assert page["view"] == game.view(replay(game, record, k), None)
    assert cache.applied <= len(order) * (CHECKPOINT - 1)
