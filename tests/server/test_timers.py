"""Timers: paces, the reserve, a timed-out seat handed to a bot and taken back, and kill -9.

The clocks are stored rows (``hellas_clocks``), so a deadline survives a server killed with
``kill -9``: the restarted server's chore finds it and hands the seat to the stand-in bot;
its owner takes it back with the usual "Take my seat back".
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import update

from hellas.games import REGISTRY
from hellas.server import arrivals
from hellas.server.hub import Hub
from hellas.server.settings import PACES, Pace
from hellas.server.social import install
from hellas.server.store import MOVES, Store
from hellas.server.timers import CHECK_EVERY, load_clocks, stand_in

from .conftest import Server, start_server, stop_server
from .test_persistence import backends, database

PER_MOVE = 3.0  # seconds a decision may take at the tables of these tests


def wait_for(check: Any, what: str, bound: float = 60.0) -> Any:
    """Return ``check()``'s first true answer, polling up to a generous liveness bound."""
    deadline = time.time() + bound
    while time.time() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError(f"{what} did not happen within {bound:g} s")


def timed_table(server: Server, pace: Any, game: str = "lords") -> tuple[str, str]:
    body = {
        "game": game,
        "options": {"players": 2},
        "seats": ["human", "heuristic"],
        "seed": 4,
        "pace": pace,
    }
    status, data = server.post("/api/tables", body)
    assert status == 200, data
    return data["id"], data["you"]["token"]


def my_view(server: Server, table: str, token: str) -> dict[str, Any]:
    status, view = server.get(f"/api/tables/{table}/view?seat=0&token={token}")
    assert status == 200, view
    return view  # type: ignore[no-any-return]


def my_clock(view: dict[str, Any]) -> dict[str, Any]:
    return next(c for c in view["clock"]["seats"] if c["seat"] == 0)  # type: ignore[no-any-return]


def handed_to_bot(server: Server, table: str, token: str) -> dict[str, Any] | None:
    view = my_view(server, table, token)
    return view if view["seats"][0]["driver"] != "human" else None


def test_paces_are_checked(server: Server) -> None:
    for bad in ("fast", {"per_move": 1}, {"per_move": "60"}, {"per_move": 60, "x": 1}, 5, True):
        body = {"game": "realms", "options": {"players": 2}, "seats": ["human", "greedy"]}
        status, err = server.post("/api/tables", {**body, "pace": bad})
        assert status == 400 and err["code"] == "bad-pace", bad
    table, token = timed_table(server, "days")
    view = my_view(server, table, token)
    assert view["pace"] == PACES["days"].to_json()
    clock = my_clock(view)
    left = clock["deadline"] - view["clock"]["now"]
    assert 0 < left <= 86400 + 2 * 86400  # a day a decision plus two days' reserve
    _s, untimed = server.post(
        "/api/tables", {"game": "realms", "options": {"players": 2}, "seats": ["human", "greedy"]}
    )
    view = my_view(server, untimed["id"], untimed["you"]["token"])
    assert view["pace"] is None and "clock" not in view  # today's behaviour: no clock at all


def test_a_timed_out_seat_goes_to_the_bot_and_comes_back(tmp_path: Path) -> None:
    server = start_server(f"sqlite:///{tmp_path / 'timers.db'}", bot_delay=0.5)
    try:
        table, token = timed_table(server, {"per_move": PER_MOVE, "reserve": 0})
        view = wait_for(lambda: handed_to_bot(server, table, token), "the hand-off")
        assert view["seats"][0]["driver"] == stand_in(REGISTRY.get("lords"))
        assert my_clock(view)["timed_out"] is True and my_clock(view)["reserve"] == 0
        assert "time ran out" in server.logged()
        status, _r = server.post(f"/api/tables/{table}/seats/0/bot", {"token": token, "bot": ""})
        assert status == 200
        back = my_view(server, table, token)
        assert back["seats"][0]["driver"] == "human" and my_clock(back)["timed_out"] is False
        # the owner's clock runs again (on their next decision), with no reserve left
        mine = wait_for(
            lambda: (v := my_view(server, table, token))["choices"] and v, "the owner's turn"
        )
        assert 0 < my_clock(mine)["deadline"] - mine["clock"]["now"] <= PER_MOVE + 1
        # and runs out again: the bot takes over once more
        wait_for(lambda: handed_to_bot(server, table, token), "the second hand-off")
    finally:
        stop_server(server)


@pytest.mark.parametrize("kind", backends())
def test_timers_survive_kill_9(kind: str, tmp_path: Path) -> None:
    db = database(kind, tmp_path, "timers")
    first = start_server(db)
    try:
        short, short_token = timed_table(first, {"per_move": PER_MOVE, "reserve": 0})
        long, long_token = timed_table(first, "days")
        clock = my_clock(my_view(first, short, short_token))
        days = my_clock(my_view(first, long, long_token))
    finally:
        stop_server(first, hard=True)  # kill -9, before the short deadline
    time.sleep(max(0.0, clock["deadline"] - time.time()) + 0.5)  # it passes while nobody runs
    second = start_server(db)
    try:
        view = wait_for(lambda: handed_to_bot(second, short, short_token), "the hand-off")
        assert my_clock(view)["timed_out"] is True
        later = my_view(second, long, long_token)
        assert my_clock(later)["deadline"] == days["deadline"]  # the stored deadline, unchanged
        assert later["seats"][0]["driver"] == "human"
        status, _r = second.post(
            f"/api/tables/{short}/seats/0/bot", {"token": short_token, "bot": ""}
        )
        assert status == 200 and handed_to_bot(second, short, short_token) is None
    finally:
        stop_server(second)


def test_a_slow_decision_draws_on_the_reserve(tmp_path: Path) -> None:
    """Stored clocks: what a decision takes past ``per_move`` comes off the seat's reserve."""

    async def scenario() -> None:
        store = Store(f"sqlite:///{tmp_path / 'reserve.db'}")
        hub = Hub(store)
        social = install(hub)
        table, creator = await hub.create(
            "realms", {"players": 2}, ["human", "human"], 3, "", private=True
        )
        for here in (0, 1):  # both players are at the table: the clocks start (arrivals.py)
            arrivals.mark(table, here)
        await social.configure(table, Pace("custom", 60.0, 100.0), False)
        seat = table.match.to_act()
        assert seat is not None
        started = load_clocks(store, table.id)[seat]
        assert started["deadline"] == pytest.approx(started["since"] + 160.0)
        key = table.game.choices(table.match.state)[0].key
        async with table.lock:
            await hub._commit(table, seat, key)  # a move, its clock stopped 90 s after it began
        await social.timers.update(table, now=started["since"] + 90.0)
        stored = load_clocks(store, table.id)
        assert stored[seat]["reserve"] == pytest.approx(70.0)  # 30 s past the 60 allowed
        nxt = table.match.to_act()
        assert nxt is not None
        # the next decision's clock starts at once: the same seat's (its reserve now 70 s) or
        # the other seat's (a full reserve)
        left = 70.0 if nxt == seat else 100.0
        assert stored[nxt]["deadline"] == pytest.approx(started["since"] + 90.0 + 60.0 + left)
        if nxt != seat:
            assert stored[seat]["deadline"] is None
        assert creator["seat"] == 0
        await hub.close()
        store.close()

    asyncio.run(scenario())


def test_a_stop_between_a_move_and_its_clocks_is_dated_by_the_stored_move(
    tmp_path: Path,
) -> None:
    """After a crash that stored a move but not the clocks, the moves' ``at`` date them."""

    async def scenario() -> None:
        store = Store(f"sqlite:///{tmp_path / 'crash.db'}")
        hub = Hub(store)
        social = install(hub)
        table, _creator = await hub.create(
            "realms", {"players": 2}, ["human", "human"], 3, "", private=True
        )
        for here in (0, 1):  # both players are at the table: the clocks start (arrivals.py)
            arrivals.mark(table, here)
        await social.configure(table, Pace("custom", 60.0, 100.0), False)
        seat = table.match.to_act()
        assert seat is not None
        started = load_clocks(store, table.id)[seat]
        key = table.game.choices(table.match.state)[0].key
        async with table.lock:
            await hub._commit(table, seat, key)  # stored; the server "dies" before the clocks
        moved = started["since"] + 90.0  # say the move was stored 90 s into the decision
        with store.engine.begin() as conn:
            conn.execute(
                update(MOVES).where(MOVES.c.table_id == table.id, MOVES.c.seq == 0).values(at=moved)
            )
        await hub.close()
        again = Hub(store)  # a new server over the same database
        install(again)
        live = await again.get(table.id)
        stored = load_clocks(store, table.id)
        assert stored[seat]["reserve"] == pytest.approx(70.0)  # ended at the move, not now
        nxt = live.match.to_act()
        assert nxt is not None
        left = 70.0 if nxt == seat else 100.0
        assert stored[nxt]["since"] == pytest.approx(moved)  # began when the move was made
        assert stored[nxt]["deadline"] == pytest.approx(moved + 60.0 + left)
        await again.close()
        store.close()

    asyncio.run(scenario())


def test_a_free_seat_s_clock_waits_until_someone_takes_it(server: Server) -> None:
    body = {"game": "realms", "options": {"players": 2}, "seats": ["human", "human"], "seed": 6}
    status, data = server.post("/api/tables", {**body, "pace": {"per_move": PER_MOVE}})
    assert status == 200, data
    table, token = data["id"], data["you"]["token"]
    for _ in range(10):  # the creator plays until the free seat is to decide
        view = my_view(server, table, token)
        if view["to_act"] == 1:
            break
        key = view["choices"][0]["key"]
        server.post(f"/api/tables/{table}/choose", {"seat": 0, "token": token, "key": key})
    view = my_view(server, table, token)
    assert view["to_act"] == 1 and not view["seats"][1]["claimed"]
    assert all(c["deadline"] is None for c in view["clock"]["seats"])  # nobody's clock runs
    time.sleep(PER_MOVE + 2 * CHECK_EVERY)  # longer than a decision may take
    assert my_view(server, table, token)["seats"][1]["driver"] == "human"  # not handed on
    _s, claimed = server.post(f"/api/tables/{table}/claim", {"seat": 1})
    view = my_view(server, table, token)
    running = [c for c in view["clock"]["seats"] if c["deadline"] is not None]
    assert [c["seat"] for c in running] == [1]  # taken: its clock starts now
    assert claimed["token"]
