"""The abuse benchmark's checks: the issue's rows that are a yes or no with a figure, not a load.

Run by ``abuse_bench.py`` after its load phases (``--checks``), each against the server the
phases used (through the proxy when there is one) or a server of its own: an account deleted
mid-game, a token in the log, pings then a close, a 3,000-digit option, killed search workers,
fresh workers on a loaded machine, and out-of-range flags.  Each returns ``{"check", "ok",
"figure"}``: ``ok`` is whether the server did what issue 46 asks, ``figure`` what was seen.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from abuse_attacks import PASSWORD, Target, api, http, unique
from tests.server.conftest import ROOT, Server, free_port, start_server, stop_server
from websockets.asyncio.client import connect as ws_connect

Check = dict[str, Any]


def check(name: str, ok: bool, figure: str) -> Check:
    """Return one check's row."""
    return {"check": name, "ok": ok, "figure": figure}


def tree(root: int) -> dict[int, int]:
    """Return ``{pid: parent}`` of ``root`` and every process below it (from /proc)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, ValueError, IndexError):
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                parents[int(entry.name)] = int(fields[1])
    below, grew = {root: parents.get(root, 0)}, True
    while grew:
        grew = False
        for pid, parent in parents.items():
            if parent in below and pid not in below:
                below[pid] = parent
                grew = True
    return below


# -- 12: an account deleted mid-game ---------------------------------------------------------


async def _signup(t: Target, addr: str, name: str) -> str:
    """Create an account; return its session cookie (``name=value``)."""
    status, headers, body = await http(
        t, addr, "POST", "/api/account/signup", {"name": name, "password": PASSWORD}
    )
    assert status == 200, (status, body[:200])
    return headers.get("set-cookie", "").split(";")[0]


async def _move(t: Target, addr: str, table: str, tokens: dict[int, str]) -> bool:
    """Make the first choice of whichever seat is to choose; return False once the game ended."""
    for seat, token in tokens.items():
        path = f"/api/tables/{table}/view?seat={seat}"
        _s, view = await api(t, addr, "GET", path, headers={"X-Seat-Token": token})
        if isinstance(view, dict) and view.get("outcome"):
            return False
        if isinstance(view, dict) and view.get("choices"):
            move = {"seat": seat, "token": token, "key": view["choices"][0]["key"]}
            await api(t, addr, "POST", f"/api/tables/{table}/choose", move)
            return True
    await asyncio.sleep(0.05)
    return True


async def deleted_mid_game(t: Target, server: Server) -> Check:
    """Two accounts play Realms; one is deleted mid-game: does the result move a rating?"""
    ana, bo = unique("ana"), unique("bo")
    a_cookie = await _signup(t, "127.0.8.1", ana)
    b_cookie = await _signup(t, "127.0.8.2", bo)
    body = {"game": "realms", "options": {"players": 2}, "seats": ["human", "human"]}
    _s, made = await api(t, "127.0.8.1", "POST", "/api/tables", body, headers={"Cookie": a_cookie})
    table = made["id"]
    path = f"/api/tables/{table}/claim"
    _s, claimed = await api(t, "127.0.8.2", "POST", path, {"seat": 1}, headers={"Cookie": b_cookie})
    tokens = {0: made["you"]["token"], 1: claimed["token"]}
    for _ in range(4):
        await _move(t, "127.0.8.1", table, tokens)
    command = [sys.executable, "-m", "hellas.cli.main", "accounts", "delete", bo, "--yes"]
    gone = subprocess.run(
        [*command, "--db", server.db],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    if gone.returncode != 0:
        return check("account deleted mid-game", False, f"delete failed: {gone.stdout[-120:]}")
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and await _move(t, "127.0.8.1", table, tokens):
        pass
    _s, info = await api(t, "127.0.8.1", "GET", f"/api/tables/{table}")
    _s, profile = await api(t, "127.0.8.1", "GET", f"/api/accounts/{ana}")
    _s, board = await api(t, "127.0.8.1", "GET", "/api/leaderboard/realms")
    rated = len(profile.get("ratings", [])) if isinstance(profile, dict) else -1
    names = [p["name"] for p in board.get("players", [])] if isinstance(board, dict) else []
    ended = isinstance(info, dict) and bool(info.get("outcome"))
    figure = (
        f"game ended: {'yes' if ended else 'no'}; the opponent's ratings: {rated}; "
        f"deleted name on the leaderboard: {'yes' if bo in names else 'no'}"
    )
    return check("account deleted mid-game", ended and rated == 0 and bo not in names, figure)


# -- 13-15: logs and input -------------------------------------------------------------------


async def token_in_log(t: Target, server: Server) -> Check:
    """``GET .../view?seat=0&tok%65n=TOKEN``: is it accepted, and does the log show the token?"""
    body = {"game": "legends", "options": {"players": 2}, "seats": ["human", "human"]}
    _s, made = await api(t, "127.0.8.3", "POST", "/api/tables", body)
    token = made["you"]["token"]
    status, _ = await api(
        t, "127.0.8.3", "GET", f"/api/tables/{made['id']}/view?seat=0&tok%65n={token}"
    )
    await asyncio.sleep(0.5)
    shown = token in server.logged()
    return check(
        "tok%65n= token in the log",
        not shown,
        f"answer {status}; token in the log: {'yes' if shown else 'no'}",
    )


async def pings_then_close(t: Target, server: Server) -> Check:
    """Five spectators each send 40 pings and drop the connection: tracebacks in the log?"""
    body = {"game": "legends", "options": {"players": 2}, "seats": ["human", "human"]}
    _s, made = await api(t, "127.0.8.4", "POST", "/api/tables", body)
    before = server.logged()
    for k in range(10):
        async with ws_connect(
            f"{t.ws_base}/ws/{made['id']}", local_addr=("127.0.8.4", 0), ssl=t.context()
        ) as ws:
            for _ in range(40):
                await ws.send('{"type":"ping"}')
            if k % 2:
                ws.transport.abort()  # gone without a closing handshake
            # (else: closed politely while the pongs are still being sent)
    await asyncio.sleep(1.5)
    after = server.logged()[len(before) :]
    tracebacks = after.count("Traceback")
    figure = f"tracebacks: {tracebacks}; {len(after.splitlines())} log lines, {len(after)} bytes"
    return check("40 pings then close", tracebacks == 0, figure)


async def long_echo(t: Target, server: Server) -> Check:
    """A 3,000-digit option (as a string and as a number): how much of it does the error echo?"""
    digits = "7" * 3000
    head = b'{"game": "legends", "seats": ["human", "human"], "options": {"players": '
    longest, statuses = 0, []
    for raw in (head + f'"{digits}"}}}}'.encode(), head + digits.encode() + b"}}"):
        status, _h, answer = await http(t, "127.0.8.5", "POST", "/api/tables", raw)
        statuses.append(status)
        runs = re.findall(rb"7{2,}", answer)
        longest = max([longest, *(len(r) for r in runs)])
    figure = f"answers {statuses}; longest echo {longest} characters"
    return check("3,000-digit option", longest <= 80 and all(s == 400 for s in statuses), figure)


# -- 16-17: bot workers ----------------------------------------------------------------------


async def bot_tables(t: Target, addr: str, bot: str, count: int) -> list[str]:
    """Create ``count`` all-bot Legends tables (seat 0 handed over); return their ids."""
    ids = []
    for _ in range(count):
        body = {"game": "legends", "options": {"players": 2}, "seats": ["human", bot]}
        _s, made = await api(t, addr, "POST", "/api/tables", body)
        if isinstance(made, dict) and "id" in made:
            seat = {"token": made["you"]["token"], "bot": bot}
            await api(t, addr, "POST", f"/api/tables/{made['id']}/seats/0/bot", seat)
            ids.append(made["id"])
    return ids


async def policy_answers(t: Target, seconds: float) -> None:
    """Keep the policy worker answering: a new table of policy bots every half second."""
    end = time.monotonic() + seconds
    k = 0
    while time.monotonic() < end:
        await bot_tables(t, f"127.0.9.{k % 8 + 1}", "bot", 1)
        k += 1
        await asyncio.sleep(0.5)


STARTED = re.compile(r"bot worker started number=\d+ pid=(\d+) lane=search")


async def killed_workers(t: Target, server: Server, seconds: float = 12.0) -> Check:
    """Kill every search worker as soon as it starts, for 12 s, while the policy bot answers.

    A pool that backs off replaces them a few times (pauses 0.5, 1, 2, 4 s...); issue 46 saw 27.
    """
    await bot_tables(t, "127.0.8.6", "ismcts:200", 2)  # the search workers have work
    await asyncio.sleep(1.0)
    policy = asyncio.create_task(policy_answers(t, seconds + 1))
    seen: set[int] = set()
    killed = 0
    for _ in range(200):  # the pool starts its workers with its first job
        if STARTED.search(server.logged()):
            break
        await asyncio.sleep(0.1)
    start = len(STARTED.findall(server.logged()))
    if not start:
        return check("killed search workers", False, "no 'lane=search' start lines in the log")
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        alive = tree(server.proc.pid)
        for pid in map(int, STARTED.findall(server.logged())):
            if pid in alive and pid not in seen:
                seen.add(pid)
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
                    killed += 1
        await asyncio.sleep(0.1)
    restarts = len(STARTED.findall(server.logged())) - start
    await policy
    figure = f"restarts in {seconds:g} s: {restarts} ({killed} killed)"
    return check("killed search workers", restarts <= 10, figure)


def fresh_workers(seconds: float = 30.0) -> Check:
    """A fresh server on a machine kept busy: how many of its first bot moves fell back?"""
    burn = "import time\nend = time.time() + %f\nwhile time.time() < end: pass\n" % (seconds + 30)
    burners = [subprocess.Popen([sys.executable, "-c", burn]) for _ in range(os.cpu_count() or 2)]
    first, moves, fell = math.nan, 0, 0
    try:
        with tempfile.TemporaryDirectory() as tmp:
            server = start_server(f"sqlite:///{Path(tmp) / 'fresh.db'}")
            try:
                t = Target("127.0.0.1", server.port)
                began = time.monotonic()
                tables = asyncio.run(bot_tables(t, "127.0.8.7", "ismcts:200", 3))
                while time.monotonic() - began < seconds and moves < 6:  # the first few moves
                    time.sleep(0.2)
                    moves = sum(server.get(f"/api/tables/{x}")[1].get("moves", 0) for x in tables)
                    if moves and math.isnan(first):
                        first = time.monotonic() - began
                fell = server.logged().count("bot fallback")
            finally:
                stop_server(server)
    finally:
        for b in burners:
            b.kill()
            b.wait()
    figure = f"fallbacks {fell} of the first {moves} moves; the first after {first:.1f} s"
    return check("fresh workers on a loaded host", fell == 0 and moves > 0, figure)


# -- 18: flags -------------------------------------------------------------------------------


def bad_flag(flag: str, value: str) -> Check:
    """Start ``hellas serve`` with an out-of-range flag: refused with one line, no traceback?"""
    with tempfile.TemporaryDirectory() as tmp:
        port = str(free_port()) if flag != "--port" else value
        cmd = [sys.executable, "-m", "hellas.cli.main", "serve", "--db", f"sqlite:///{tmp}/f.db"]
        cmd += ["--port", port] if flag == "--port" else ["--port", port, flag, value]
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        try:
            out, _ = proc.communicate(timeout=15)
            rc: int | None = proc.returncode
        except subprocess.TimeoutExpired:
            proc.kill()
            out, _ = proc.communicate()
            rc = None
    text = out.decode(errors="replace")
    lines = [line for line in text.splitlines() if line.strip()]
    traceback = "Traceback" in text
    shown = "still running after 15 s" if rc is None else f"exit {rc}"
    figure = f"{shown}; traceback: {'yes' if traceback else 'no'}; {len(lines)} line(s)"
    ok = rc == 2 and not traceback and len(lines) <= 2
    return check(f"{flag} {value}", ok, figure)


def run_checks(t: Target, server: Server) -> list[Check]:
    """Run every check; the ones that kill workers or need a machine of their own last."""

    async def on_server() -> list[Check]:
        out = []
        for fn in (deleted_mid_game, token_in_log, pings_then_close, long_echo, killed_workers):
            try:
                out.append(await fn(t, server))
            except Exception as exc:  # a check that cannot run says so, and the others go on
                out.append(
                    check(fn.__name__, False, f"could not run: {type(exc).__name__} {exc}"[:120])
                )
            print(f"  checked: {out[-1]['check']}", file=sys.stderr)
        return out

    rows = asyncio.run(on_server())
    rows.append(log_json_token_check())
    rows.append(fresh_workers())
    rows.append(bad_flag("--port", "70000"))
    rows.append(bad_flag("--bot-budget", "1e308"))
    return rows


def log_json_token_check() -> Check:
    """The token check again on a server of its own that logs every request as JSON."""
    with tempfile.TemporaryDirectory() as tmp:
        server = start_server(f"sqlite:///{Path(tmp) / 'log.db'}", args=["--log-json"])
        try:
            row = asyncio.run(token_in_log(Target("127.0.0.1", server.port), server))
        finally:
            stop_server(server)
    row["check"] += " (--log-json)"
    return row
