"""The attacks of the abuse benchmark (``abuse_bench.py``), each a hostile client of its own.

Every attack is a coroutine ``attack(target, addresses, until, out)``: it attacks the server at
``target`` from the given source addresses (127.0.100.x and up, a range per phase, bound on
each socket) until the event loop's clock reaches ``until``, then undoes what would outlive it
(bot seats taken back, sockets closed) and returns.  ``out`` collects what the attacker saw -
answers by status, sockets held, figures such as "tables created by CSRF" - and the benchmark
prints it next to what the honest clients saw.  The benchmark runs each attack in a process of
its own (``--attack NAME``), so the attacker never takes the measuring process's interpreter
lock.

The HTTP client here is a few lines over asyncio streams (so every socket can be bound to a
source address, and TLS through the reverse proxy is the same code); WebSockets use the
``websockets`` library with ``local_addr``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import os
import random
import ssl
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.client import connect as ws_connect

AttackFn = Callable[["Target", list[str], float, Counter[str]], Awaitable[None]]
PASSWORD = "correct horse battery staple"  # the attackers' own accounts' password
REALMS = {"game": "realms", "options": {"players": 2}}
LEGENDS = {"game": "legends", "options": {"players": 3}}


@functools.cache
def insecure_context() -> ssl.SSLContext:
    """Return one TLS client context that trusts any certificate (made once: it is costly)."""
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return ctx


@dataclass(frozen=True)
class Target:
    """Where the server (or the reverse proxy in front of it) listens."""

    host: str
    port: int
    tls: bool = False

    @property
    def origin(self) -> str:
        """Return the server's own origin, as a browser would send it."""
        return f"{'https' if self.tls else 'http'}://{self.host}:{self.port}"

    @property
    def ws_base(self) -> str:
        """Return the base of WebSocket URLs."""
        return f"{'wss' if self.tls else 'ws'}://{self.host}:{self.port}"

    def context(self) -> ssl.SSLContext | None:
        """Return the TLS context (the proxy's certificate is self-signed: not verified)."""
        return insecure_context() if self.tls else None

    @staticmethod
    def parse(text: str) -> Target:
        """Return the target of ``http(s)://host:port``."""
        scheme, _, rest = text.partition("://")
        host, _, port = rest.rstrip("/").rpartition(":")
        return Target(host, int(port), scheme == "https")


# -- a small HTTP/1.1 client, bound to a source address ---------------------------------------


async def open_stream(
    t: Target, addr: str, timeout: float = 10.0
) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """Open a TCP (or TLS) connection from ``addr`` to the target."""
    return await asyncio.wait_for(
        asyncio.open_connection(t.host, t.port, local_addr=(addr, 0), ssl=t.context(), limit=2**22),
        timeout,
    )


def request_bytes(
    t: Target, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
) -> bytes:
    """Return an HTTP/1.1 request (``body``: JSON-encoded unless bytes)."""
    data = b"" if body is None else body if isinstance(body, bytes) else json.dumps(body).encode()
    head = {"Host": f"{t.host}:{t.port}", "Connection": "keep-alive"}
    if body is not None:
        head["Content-Type"] = "application/json"
        head["Content-Length"] = str(len(data))
    head.update(headers or {})
    lines = [f"{method} {path} HTTP/1.1", *(f"{k}: {v}" for k, v in head.items()), "", ""]
    return "\r\n".join(lines).encode() + data


async def read_response(reader: asyncio.StreamReader) -> tuple[int, dict[str, str], bytes]:
    """Read one response: its status, headers (lower-case names) and body."""
    status_line = await reader.readline()
    if not status_line:
        raise ConnectionResetError("closed without an answer")
    status = int(status_line.split()[1])
    headers: dict[str, str] = {}
    while (line := await reader.readline()) not in (b"\r\n", b"\n", b""):
        name, _, value = line.decode("latin-1").partition(":")
        headers[name.strip().lower()] = value.strip()
    if "content-length" in headers:
        body = await reader.readexactly(int(headers["content-length"]))
    elif headers.get("transfer-encoding", "").lower() == "chunked":
        parts = []
        while size := int((await reader.readline()).split(b";")[0], 16):
            parts.append(await reader.readexactly(size))
            await reader.readline()
        await reader.readline()
        body = b"".join(parts)
    else:
        body = await reader.read()
    return status, headers, body


async def http(
    t: Target,
    addr: str,
    method: str,
    path: str,
    body: Any = None,
    headers: dict[str, str] | None = None,
    timeout: float = 30.0,
) -> tuple[int, dict[str, str], bytes]:
    """Send one request on a fresh connection from ``addr``; return status, headers and body."""
    reader, writer = await open_stream(t, addr, timeout)
    try:
        writer.write(
            request_bytes(t, method, path, body, {"Connection": "close", **(headers or {})})
        )
        return await asyncio.wait_for(read_response(reader), timeout)
    finally:
        writer.close()
        with contextlib.suppress(Exception):
            await writer.wait_closed()


async def api(
    t: Target, addr: str, method: str, path: str, body: Any = None, **kw: Any
) -> tuple[int, Any]:
    """Send one API request; return its status and JSON answer (``None`` if not JSON)."""
    status, _headers, data = await http(t, addr, method, path, body, **kw)
    try:
        return status, json.loads(data)
    except ValueError:
        return status, None


def note(out: Counter[str], what: str, exc: BaseException) -> None:
    """Count a failure by its kind."""
    out[f"{what}: {type(exc).__name__}"] += 1


async def until_then(until: float) -> None:
    """Sleep until the loop's clock reads ``until``."""
    await asyncio.sleep(max(0.0, until - asyncio.get_running_loop().time()))


def left(until: float) -> float:
    """Return the seconds left before ``until``."""
    return until - asyncio.get_running_loop().time()


# -- bots that think: tables made of bots, each one's seat 0 taken back at the end -------------


async def bot_table(t: Target, addr: str, spec: dict[str, Any], bot: str, out: Counter[str]) -> Any:
    """Create a table of ``bot`` seats (seat 0 handed to it); return (id, token) or None."""
    players = spec["options"]["players"]
    body = {**spec, "seats": ["human"] + [bot] * (players - 1)}
    try:
        status, data = await api(t, addr, "POST", "/api/tables", body)
    except (OSError, TimeoutError, ValueError) as exc:
        note(out, "create", exc)
        return None
    out[f"create {status}"] += 1
    if status != 200:
        return None
    table, token = data["id"], data["you"]["token"]
    status, _ = await api(
        t, addr, "POST", f"/api/tables/{table}/seats/0/bot", {"token": token, "bot": bot}
    )
    out[f"hand to bot {status}"] += 1
    return table, token


async def take_back(t: Target, addr: str, tables: list[Any], out: Counter[str]) -> None:
    """Take every seat 0 back from its bot, so the tables stop thinking once the attack ends."""
    for table, token in tables:
        with contextlib.suppress(OSError, TimeoutError, ValueError):
            path = f"/api/tables/{table}/seats/0/bot"
            status, _ = await api(t, addr, "POST", path, {"token": token, "bot": ""})
            out[f"taken back {status}"] += 1


async def creators(t: Target, addrs: list[str], until: float, out: Counter[str]) -> None:
    """Each address creates a ``lookahead:64`` Realms table every 1.5 s."""
    made: list[tuple[str, Any]] = []

    async def one(addr: str) -> None:
        while left(until) > 0:
            got = await bot_table(t, addr, REALMS, "lookahead:64", out)
            if got:
                made.append((addr, got))
            await asyncio.sleep(min(1.5, max(0.0, left(until))))

    await asyncio.gather(*(one(a) for a in addrs))
    for addr, got in made:
        await take_back(t, addr, [got], out)


async def held_bots(
    t: Target,
    addrs: list[str],
    until: float,
    out: Counter[str],
    plan: list[tuple[dict[str, Any], str]],
) -> None:
    """Create the tables of ``plan`` (over the addresses) and let them think until the end."""
    made = []
    for k, (spec, bot) in enumerate(plan):
        addr = addrs[k % len(addrs)]
        got = await bot_table(t, addr, spec, bot, out)
        if got:
            made.append((addr, got))
    await until_then(until)
    for addr, got in made:
        await take_back(t, addr, [got], out)


async def cheap_bots(t: Target, addrs: list[str], until: float, out: Counter[str]) -> None:
    """Tables of ``lookahead:64`` and of ``improver`` bots (Realms), which ignored the budget."""
    plan = [(REALMS, "lookahead:64"), (REALMS, "improver")] * 2
    await held_bots(t, addrs, until, out, plan)


async def strong_bots(t: Target, addrs: list[str], until: float, out: Counter[str]) -> None:
    """Ten Legends tables of the strongest search bot allowed (``ismcts:5000``)."""
    await held_bots(t, addrs, until, out, [(LEGENDS, "ismcts:5000")] * 10)


# -- HTTP ------------------------------------------------------------------------------------


async def keep_asking(
    t: Target, addrs: list[str], until: float, out: Counter[str], ask: tuple[str, str, int]
) -> None:
    """Ask ``path`` in a loop on ``connections`` keep-alive sockets, each answer counted.

    ``ask`` is (path, label, connections); answers count as ``"<label> <status>"``.
    """
    path, label, connections = ask
    wire = request_bytes(t, "GET", path)

    async def one(addr: str) -> None:
        while left(until) > 0:
            try:
                reader, writer = await open_stream(t, addr)
            except (OSError, TimeoutError) as exc:
                note(out, "connect", exc)
                await asyncio.sleep(0.1)
                continue
            out["connected"] += 1
            try:
                while left(until) > 0:
                    writer.write(wire)
                    status, headers, _ = await asyncio.wait_for(read_response(reader), 30)
                    out[f"{label} {status}"] += 1
                    if headers.get("connection") == "close":
                        break
            except (OSError, TimeoutError, ValueError, asyncio.IncompleteReadError) as exc:
                note(out, label, exc)
            finally:
                writer.close()

    await asyncio.gather(*(one(addrs[k % len(addrs)]) for k in range(connections)))


async def listing(t: Target, addrs: list[str], until: float, out: Counter[str]) -> None:
    """64 keep-alive connections asking ``/api/tables?status=playing&limit=100`` in a loop."""
    await keep_asking(t, addrs, until, out, ("/api/tables?status=playing&limit=100", "listing", 64))


async def hold_sockets(
    t: Target,
    addrs: list[str],
    count: int,
    until: float,
    out: Counter[str],
    what: str,
    first: bytes = b"",
    drip: bytes = b"",
) -> None:
    """Open ``count`` connections (``first`` sent on each, then ``drip`` every 2 s) and hold them.

    At the end ``out`` says how many were opened and how many the server still held.
    """
    writers: list[asyncio.StreamWriter] = []

    async def one(k: int) -> None:
        try:
            reader, writer = await open_stream(t, addrs[k % len(addrs)], max(1.0, left(until)))
        except (OSError, TimeoutError) as exc:
            note(out, f"{what} connect", exc)
            return
        writers.append(writer)
        out[f"{what} opened"] += 1
        if first:
            writer.write(first)
        while left(until) > 0.5:
            try:
                got = await asyncio.wait_for(reader.read(4096), min(2.0, left(until) - 0.5))
            except TimeoutError:
                if drip:  # still open: the drip keeps it half-sent
                    writer.write(drip)
                continue
            if not got:  # the server closed it
                out[f"{what} closed by the server"] += 1
                return
            out[f"{what} answered"] += 1
        out[f"{what} held at the end"] += 1

    async def guarded(k: int) -> None:
        try:
            await one(k)
        except (OSError, ValueError) as exc:
            note(out, f"{what} lost", exc)

    tasks = []
    for k in range(count):  # in batches of 100, so the attack is under way soon
        tasks.append(asyncio.create_task(guarded(k)))
        if k % 100 == 99:
            await asyncio.sleep(0.05)
    await asyncio.gather(*tasks)
    for w in writers:
        w.close()
    out[f"{what} held at the end"] += 0


async def idle_sockets(t: Target, addrs: list[str], until: float, out: Counter[str]) -> None:
    """1,100 idle TCP connections (past a 1,024 file-descriptor limit), held."""
    await hold_sockets(t, addrs, 1100, until, out, "idle")


async def slow_clients(t: Target, addrs: list[str], until: float, out: Counter[str]) -> None:
    """2,000 connections sending headers a byte at a time and 1,000 sending a body so."""
    host = f"Host: {t.host}:{t.port}\r\n".encode()
    partial = b"GET /api/games HTTP/1.1\r\n" + host + b"X-Slow: "
    body = (
        b"POST /api/tables HTTP/1.1\r\n" + host
        + b"Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"
    )  # fmt: skip
    await asyncio.gather(
        hold_sockets(t, addrs, 2000, until, out, "partial header", partial, b"a"),
        hold_sockets(t, addrs, 1000, until, out, "slow body", body, b" "),
    )


async def tarpit(t: Target, addrs: list[str], until: float, out: Counter[str]) -> None:
    """700 connections asking, as fast as answered, what the server refuses (past its rate)."""
    await keep_asking(t, addrs, until, out, ("/api/tables/nosuchtable", "answer", 700))


# -- WebSockets ------------------------------------------------------------------------------


async def ws_churn(t: Target, addrs: list[str], until: float, out: Counter[str]) -> None:
    """~230 WebSocket connects a second (each asks 'state' 5 times), and 60 KB frames."""
    _s, data = await api(t, addrs[0], "POST", "/api/tables", {**REALMS, "seats": ["human"] * 2})
    if not isinstance(data, dict) or "id" not in data:
        out["no table to churn on"] += 1
        return
    url = f"{t.ws_base}/ws/{data['id']}"
    big = json.dumps({"type": "chat", "text": "x" * 60_000})

    async def one(k: int) -> None:
        addr = addrs[k % len(addrs)]
        started = asyncio.get_running_loop().time()
        n = 0
        while left(until) > 0:
            n += 1
            try:
                async with ws_connect(
                    url, local_addr=(addr, 0), ssl=t.context(), open_timeout=10, max_size=2**22
                ) as ws:
                    out["connected"] += 1
                    if n % 5 == 1:
                        await ws.send(big)
                        out["60 KB frames sent"] += 1
                    else:
                        for _ in range(5):
                            await ws.send('{"type":"state"}')
                    with contextlib.suppress(TimeoutError):
                        first = json.loads(await asyncio.wait_for(ws.recv(), 2))
                        out[f"first message {first.get('type')}"] += 1
            except Exception as exc:  # every way a refused connect ends is counted
                note(out, "ws", exc)
            # pace: 60 loops at most 230/60 connects a second each
            pace = n * 60 / 230
            await asyncio.sleep(max(0.0, started + pace - asyncio.get_running_loop().time()))

    began = asyncio.get_running_loop().time()
    await asyncio.gather(*(one(k) for k in range(60)))
    spent = asyncio.get_running_loop().time() - began
    out["connects a second"] = round(out["connected"] / max(spent, 0.1))


# -- accounts --------------------------------------------------------------------------------


def unique(prefix: str) -> str:
    """Return a fresh account name."""
    return f"{prefix}{time.monotonic_ns() % 10**10}"


async def signups(t: Target, addrs: list[str], until: float, out: Counter[str]) -> None:
    """Every address: 5 sign-ups and 10 wrong sign-ins at once, again every 4 s (within limits)."""

    async def one(addr: str, k: int) -> None:
        while left(until) > 0:
            jobs = [
                api(
                    t,
                    addr,
                    "POST",
                    "/api/account/signup",
                    {"name": unique(f"s{k}x{j}"), "password": PASSWORD},
                )
                for j in range(5)
            ]
            jobs += [
                api(
                    t,
                    addr,
                    "POST",
                    "/api/account/signin",
                    {"name": unique(f"w{k}x{j}"), "password": "wrong"},
                )
                for j in range(10)
            ]
            for answer in await asyncio.gather(*jobs, return_exceptions=True):
                if isinstance(answer, BaseException):
                    note(out, "account", answer)
                else:
                    out[f"answer {answer[0]}"] += 1
            await asyncio.sleep(min(4.0, max(0.0, left(until))))

    await asyncio.gather(*(one(a, k) for k, a in enumerate(addrs)))


async def signups_24(t: Target, addrs: list[str], until: float, out: Counter[str]) -> None:
    """24 sign-ups at once, each from an address of its own, again every 4 s."""
    many = [f"127.0.5.{k + 1}" for k in range(24)]
    while left(until) > 0:
        jobs = [
            api(
                t,
                a,
                "POST",
                "/api/account/signup",
                {"name": unique(f"m{k}x"), "password": PASSWORD},
            )
            for k, a in enumerate(many)
        ]
        for answer in await asyncio.gather(*jobs, return_exceptions=True):
            out["failed" if isinstance(answer, BaseException) else f"answer {answer[0]}"] += 1
        await asyncio.sleep(min(4.0, max(0.0, left(until))))


async def csrf(t: Target, addrs: list[str], until: float, out: Counter[str]) -> None:
    """A page on another port posts text/plain as a signed-in victim: tables made must be 0."""
    victim = "127.0.6.1"
    status, headers, _ = await http(
        t, victim, "POST", "/api/account/signup", {"name": unique("victim"), "password": PASSWORD}
    )
    cookie = headers.get("set-cookie", "").split(";")[0]
    out[f"victim signed up {status}"] += 1
    foreign = f"{'https' if t.tls else 'http'}://{t.host}:{t.port + 1}"
    forged = {
        "Content-Type": "text/plain",
        "Origin": foreign,
        "Referer": foreign + "/",
        "Sec-Fetch-Site": "same-site",
        "Cookie": cookie,
    }
    table_body = json.dumps({**LEGENDS, "seats": ["human"] * 3}).encode()
    _s, made = await api(t, victim, "POST", "/api/tables", {**LEGENDS, "seats": ["human"] * 3})
    claim_path = (
        f"/api/tables/{made['id']}/claim" if isinstance(made, dict) and "id" in made else ""
    )
    seat = 1
    while left(until) > 0:  # the victim's browser sends each forged request: its address
        with contextlib.suppress(OSError, TimeoutError, ValueError):
            status, _h, _b = await http(t, victim, "POST", "/api/tables", table_body, forged)
            out[f"forged create {status}"] += 1
            out["CSRF tables created"] += status == 200
        if claim_path and seat < 3:
            with contextlib.suppress(OSError, TimeoutError, ValueError):
                body = json.dumps({"seat": seat}).encode()
                status, _h, _b = await http(t, victim, "POST", claim_path, body, forged)
                out[f"forged claim {status}"] += 1
                out["CSRF seats claimed"] += status == 200
                seat += status == 200
        await asyncio.sleep(min(0.5, max(0.0, left(until))))
    out["CSRF tables created"] += 0
    out["CSRF seats claimed"] += 0


async def signin_ms(t: Target, addr: str, name: str, password: str) -> tuple[int, float]:
    """Sign in once; return the status and the milliseconds it took."""
    began = time.perf_counter()
    status, _ = await api(
        t, addr, "POST", "/api/account/signin", {"name": name, "password": password}
    )
    return status, 1000 * (time.perf_counter() - began)


async def lockout(t: Target, addrs: list[str], until: float, out: Counter[str]) -> None:
    """Wrong passwords for one name from the attack's addresses; can the owner still sign in?

    Also times sign-ins of an unknown name against a known name's wrong password (enumeration).
    """
    owner_addr, owner = "127.0.7.1", unique("owner")
    await api(t, owner_addr, "POST", "/api/account/signup", {"name": owner, "password": PASSWORD})
    probe = unique("probe")
    await api(t, "127.0.7.2", "POST", "/api/account/signup", {"name": probe, "password": PASSWORD})
    wrong = {"name": owner, "password": "wrong password"}

    async def guess(addr: str) -> None:
        with contextlib.suppress(OSError, TimeoutError, ValueError):
            status, _ = await api(t, addr, "POST", "/api/account/signin", wrong)
            out[f"wrong password {status}"] += 1

    await asyncio.gather(*(guess(addrs[k % len(addrs)]) for k in range(5)))  # 5 at once
    k = 5
    while left(until) > 0:  # then one more a second, and the owner tries each time
        await guess(addrs[k % len(addrs)])
        k += 1
        status, _ms = await signin_ms(t, owner_addr, owner, PASSWORD)
        out["owner tried"] += 1
        out["owner signed in"] += status == 200
        await asyncio.sleep(min(1.0, max(0.0, left(until))))
    out["owner signed in"] += 0
    status, _ms = await signin_ms(t, owner_addr, owner, PASSWORD)  # and once the phase is over
    out["owner signed in after the phase"] = int(status == 200)
    known, unknown = [], []
    for k in range(3):  # after the phase; each from an address of its own (no address limit)
        known.append((await signin_ms(t, f"127.0.7.{10 + k}", probe, "wrong password"))[1])
        unknown.append((await signin_ms(t, f"127.0.7.{20 + k}", unique("nobody"), "x" * 12))[1])
    out["enumeration: unknown name ms"] = round(sorted(unknown)[1])
    out["enumeration: known name ms"] = round(sorted(known)[1])


# -- the earlier rounds' attacks (issue 36 and before), kept so nothing regresses unseen ------


async def costly(t: Target, addrs: list[str], until: float, out: Counter[str]) -> None:
    """``lookahead:99999`` tables asked for again and again (each refused with a 400)."""
    body = {**REALMS, "seats": ["lookahead:99999"] * 2}

    async def one(addr: str) -> None:
        while left(until) > 0:
            try:
                status, _ = await api(t, addr, "POST", "/api/tables", body)
                out[f"create {status}"] += 1
            except (OSError, TimeoutError, ValueError) as exc:
                note(out, "create", exc)
                await asyncio.sleep(0.1)

    await asyncio.gather(*(one(addrs[k % len(addrs)]) for k in range(4)))


async def hints(t: Target, addrs: list[str], until: float, out: Counter[str]) -> None:
    """12 tables with hints on, 10 clients each asking for a hint as fast as answered."""
    tables = []
    for k in range(12):
        body = {"game": "legends", "options": {"players": 2}, "seats": ["human", "bot"]}
        _s, made = await api(
            t, addrs[k % len(addrs)], "POST", "/api/tables", {**body, "hints": True}
        )
        if isinstance(made, dict) and "id" in made:
            tables.append((addrs[k % len(addrs)], made["id"], made["you"]["token"]))

    async def one(addr: str, table: str, token: str) -> None:
        while left(until) > 0:
            try:
                path = f"/api/tables/{table}/hint"
                status, _ = await api(t, addr, "POST", path, {"seat": 0, "token": token})
                out[f"hint {status}"] += 1
            except (OSError, TimeoutError, ValueError) as exc:
                note(out, "hint", exc)
                await asyncio.sleep(0.1)

    await asyncio.gather(*(one(*table) for table in tables for _ in range(10)))


def flooding(kind: str) -> AttackFn:
    """Return an attack: spectators sending ``{type: kind}`` as fast as they can, reconnecting."""

    async def flood(t: Target, addrs: list[str], until: float, out: Counter[str]) -> None:
        body = {**REALMS, "seats": ["human", "human"]}
        _s, made = await api(t, addrs[0], "POST", "/api/tables", body)
        if not isinstance(made, dict) or "id" not in made:
            out["no table to flood"] += 1
            return
        message = json.dumps({"type": kind})

        async def one(addr: str) -> None:
            while left(until) > 0:
                try:
                    async with ws_connect(
                        f"{t.ws_base}/ws/{made['id']}", local_addr=(addr, 0), ssl=t.context(),
                        open_timeout=10, max_size=2**22,
                    ) as ws:  # fmt: skip
                        out["connected"] += 1
                        while left(until) > 0:
                            await ws.send(message)
                            out["sent"] += 1
                            with contextlib.suppress(TimeoutError):
                                await asyncio.wait_for(ws.recv(), 0.001)
                except Exception as exc:  # a close (4429) or a refusal: counted, then again
                    note(out, "flood", exc)
                    await asyncio.sleep(0.05)

        await asyncio.gather(*(one(a) for a in addrs))

    return flood


async def seat_crowd(t: Target, addrs: list[str], until: float, out: Counter[str]) -> None:
    """500 WebSockets asked for on one seat, 50 at a time, the kept ones held to the end."""
    body = {"game": "legends", "options": {"players": 2}, "seats": ["human", "bot"]}
    _s, made = await api(t, addrs[0], "POST", "/api/tables", body)
    if not isinstance(made, dict) or "id" not in made:
        out["no seat to crowd"] += 1
        return
    url = f"{t.ws_base}/ws/{made['id']}?seat=0"
    auth = json.dumps({"type": "auth", "token": made["you"]["token"]})
    kept: list[Any] = []

    async def opener(k: int) -> None:
        for _ in range(10):
            if left(until) <= 0:
                return
            try:
                ws = await ws_connect(
                    url, local_addr=(addrs[k % len(addrs)], 0), ssl=t.context(), open_timeout=10
                )
                await ws.send(auth)
                first = json.loads(await asyncio.wait_for(ws.recv(), 10))
                out[f"first message {first.get('type')}"] += 1
                if first.get("type") == "state":
                    kept.append(ws)
                else:
                    await ws.close()
            except Exception as exc:  # refused or closed: counted
                note(out, "crowd", exc)

    await asyncio.gather(*(opener(k) for k in range(50)))
    out["kept"] = len(kept)
    await until_then(until)
    for ws in kept:
        with contextlib.suppress(Exception):
            await ws.close()


async def replays(t: Target, addrs: list[str], until: float, out: Counter[str]) -> None:
    """8 clients asking random steps of a long finished Lords game ($HELLAS_BENCH_REPLAY)."""
    table, _, total = os.environ.get("HELLAS_BENCH_REPLAY", "").partition(":")
    if not total:
        out["no long game to replay"] += 1
        return
    rng = random.Random(1)

    async def one(addr: str) -> None:
        while left(until) > 0:
            try:
                step = rng.randrange(int(total))
                status, _h, _b = await http(t, addr, "GET", f"/api/tables/{table}/replay/{step}")
                out[f"replay {status}"] += 1
            except (OSError, TimeoutError, ValueError) as exc:
                note(out, "replay", exc)
                await asyncio.sleep(0.1)

    await asyncio.gather(*(one(addrs[k % len(addrs)]) for k in range(8)))


# name -> (what it is, the function, how many addresses it comes from unless spread, spreadable)
ATTACKS: dict[str, tuple[str, AttackFn, int, bool]] = {
    "creators": ("a lookahead:64 table every 1.5 s per address", creators, 2, True),
    "cheap-bots": ("lookahead:64 and improver tables", cheap_bots, 1, True),
    "strong-bots": ("10 tables of ismcts:5000", strong_bots, 1, True),
    "listing": ("64 connections on the playing listing", listing, 1, True),
    "idle-sockets": ("1,100 idle sockets", idle_sockets, 1, True),
    "slow-clients": ("2,000 partial headers + 1,000 slow bodies", slow_clients, 1, True),
    "tarpit": ("700 connections of refused requests", tarpit, 1, True),
    "ws-churn": ("WebSocket churn ~230/s and 60 KB frames", ws_churn, 1, True),
    "signups": ("5 sign-ups + 10 wrong sign-ins per address", signups, 1, True),
    "signups-24": ("24 sign-ups from 24 addresses", signups_24, 24, False),
    "csrf": ("text/plain posts from a foreign Origin", csrf, 1, False),  # the victim's address
    "lockout": ("wrong passwords for one name", lockout, 20, False),
    # the earlier rounds' attacks
    "costly": ("lookahead:99999 tables asked again and again", costly, 1, True),
    "hints": ("hint spam: 12 tables x 10 clients", hints, 1, True),
    "flood-state": ("spectators flooding 'state'", flooding("state"), 1, True),
    "flood-ping": ("spectators flooding 'ping'", flooding("ping"), 1, True),
    "seat-crowd": ("500 WebSockets on one seat, 50 at a time", seat_crowd, 1, True),
    "replays": ("8 clients on random replay steps", replays, 1, True),
}
ISSUE_46 = [
    "creators", "cheap-bots", "strong-bots", "listing", "idle-sockets", "slow-clients", "tarpit",
    "ws-churn", "signups", "signups-24", "csrf", "lockout",
]  # fmt: skip


def attack_addresses(count: int, phase: int = 0) -> list[str]:
    """Return the ``count`` source addresses of the attack of phase ``phase`` (127.0.100+p.x).

    Each phase attacks from addresses of its own, so no limit an earlier phase spent (the
    create rate of an address, say) weighs on the next.
    """
    return [f"127.0.{100 + phase % 150}.{k + 1}" for k in range(count)]


async def run_attack(
    name: str, target: Target, count: int, seconds: float, phase: int = 0
) -> Counter[str]:
    """Run attack ``name`` from ``count`` addresses for ``seconds``; return what it saw."""
    out: Counter[str] = Counter()
    until = asyncio.get_running_loop().time() + seconds
    fn = ATTACKS[name][1]
    addrs = attack_addresses(count, phase)
    try:
        await asyncio.wait_for(fn(target, addrs, until, out), seconds + 60)
    except TimeoutError:
        out["attack overran its time"] += 1
    return out
