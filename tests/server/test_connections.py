"""Connections with budgets: caps per address and in all, header/body/idle timeouts, the tarpit.

Every test runs a real server process (``hellas serve``) and talks to it over real loopback
sockets.  A client's address is chosen by binding its socket to a source address of its own
(127.0.0.5, 127.0.0.7, ...: Linux routes all of 127/8 to the loopback), so one test can play an
attacker and a bystander at once.  Times are liveness bounds, many times what is expected.
"""

from __future__ import annotations

import json
import resource
import select
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from .conftest import Server, start_server, stop_server

LIVENESS = 15.0  # seconds: what "soon" may take on a loaded two-core machine


def dial(server: Server, source: str) -> socket.socket:
    """Return a TCP connection to ``server`` from the loopback address ``source``."""
    return socket.create_connection(
        ("127.0.0.1", server.port), timeout=LIVENESS, source_address=(source, 0)
    )


def seconds_until_closed(sock: socket.socket, limit: float, drip: bytes = b"") -> float | None:
    """Return how long the server took to close ``sock`` (None: still open after ``limit``).

    With ``drip``, one of its bytes is sent every 0.3 s meanwhile (a client trickling its
    request, which must not keep a connection alive past its deadline)."""
    began = time.monotonic()
    left = list(drip)
    while time.monotonic() - began < limit:
        ready, _w, _x = select.select([sock], [], [], 0.3)
        if ready:
            try:
                if not sock.recv(65536):
                    return time.monotonic() - began
            except (ConnectionResetError, TimeoutError):
                return time.monotonic() - began
        elif left:
            try:
                sock.sendall(bytes([left.pop(0)]))
            except (BrokenPipeError, ConnectionResetError):
                return time.monotonic() - began
    return None


def is_closed(sock: socket.socket) -> bool:
    """Return whether the server has closed ``sock`` (without waiting)."""
    ready, _w, _x = select.select([sock], [], [], 0)
    if not ready:
        return False
    try:
        return sock.recv(1, socket.MSG_PEEK) == b""
    except ConnectionResetError:
        return True


def status_from(server: Server, source: str, path: str = "/api/games") -> int:
    """GET ``path`` from the address ``source``; return the status (0: no answer)."""
    with dial(server, source) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
        data = b""
        try:
            while chunk := sock.recv(65536):
                data += chunk
        except (ConnectionResetError, TimeoutError):
            pass
    return int(data.split()[1]) if data.startswith(b"HTTP/1.1 ") else 0


def lines_about(server: Server, text: str) -> int:
    """Return how many lines of the server's log contain ``text``."""
    return sum(text in line for line in server.logged().splitlines())


@contextmanager
def descriptor_limit(soft: int) -> Iterator[None]:
    """Lower this process's soft file-descriptor limit (children inherit it) for a while."""
    was, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (was, hard))


def open_files_limit(pid: int) -> int:
    """Return the soft limit on open files of process ``pid``."""
    for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
        if line.startswith("Max open files"):
            return int(line.split()[3])
    raise AssertionError("no open-file limit in /proc")


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'hellas.db'}"


def test_one_address_holding_idle_sockets_locks_nobody_else_out(db: str) -> None:
    """One address opens far more idle sockets than the server has descriptors: past its cap
    each is closed at once, unread, so the server never runs out, another address is answered
    at once, and the log says so in one line (not one per connection)."""
    args = ["--max-connections", "150", "--max-address-http-connections", "8"]
    args += ["--idle-timeout", "120"]  # the held ones stay held for the whole test
    with descriptor_limit(256):  # the server's descriptors: 150 connections + 64 fit in 256
        server = start_server(db, args=args)
    attack: list[socket.socket] = []
    try:
        assert open_files_limit(server.proc.pid) == 256  # not raised: the caps fit
        for _ in range(300):
            attack.append(dial(server, "127.0.0.5"))
        assert status_from(server, "127.0.0.7") == 200  # another address is served
        deadline = time.monotonic() + LIVENESS
        while sum(not is_closed(s) for s in attack) > 8 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert sum(not is_closed(s) for s in attack) == 8  # the cap, held; the rest closed
        assert status_from(server, "127.0.0.5") == 0  # the attacker's next one too, unread
        assert status_from(server, "127.0.0.7") == 200
        assert lines_about(server, "refused a connection from 127.0.0.5") == 1  # once a minute
        assert "--max-address-http-connections" in server.logged()
    finally:
        for sock in attack:
            sock.close()
        stop_server(server)


def test_the_server_wide_cap_holds_and_every_place_is_given_back(db: str) -> None:
    """Connections count once whatever protocol they end in (HTTP, or a WebSocket after the
    upgrade) and are let go exactly once: past the server-wide cap a connection is closed unread,
    and once everything closes the server holds nothing but the request asking."""
    args = ["--max-connections", "12", "--max-address-http-connections", "8"]
    args += ["--idle-timeout", "120", "--create-rate", "0"]
    server = start_server(db, args=args)
    held: list[socket.socket] = []
    sockets = []
    try:
        body = {"game": "legends", "options": {"players": 2}, "seats": ["human", "human"]}
        table = server.post("/api/tables", body)[1]["id"]
        url = f"ws://127.0.0.1:{server.port}/ws/{table}"
        for _ in range(6):  # six WebSockets from one address: six connections
            ws = connect(url, sock=dial(server, "127.0.0.8"), open_timeout=LIVENESS)
            assert json.loads(ws.recv(timeout=LIVENESS))["type"] == "state"
            sockets.append(ws)
        held += [dial(server, "127.0.0.8") for _ in range(3)]  # 9 > 8: the last is refused
        held += [dial(server, "127.0.0.9") for _ in range(6)]  # 8 + 6 > 12: two refused
        expected = [False] * 2 + [True] + [False] * 4 + [True] * 2
        deadline = time.monotonic() + LIVENESS
        while [is_closed(s) for s in held] != expected and time.monotonic() < deadline:
            time.sleep(0.2)
        assert [is_closed(s) for s in held] == expected
        assert status_from(server, "127.0.0.10") == 0  # the server holds all it may
        for ws in sockets:
            ws.close()
        for sock in held:
            sock.close()
        deadline = time.monotonic() + LIVENESS
        figures = ""
        while time.monotonic() < deadline:
            figures = metrics(server)
            if "hellas_tcp_connections 1.0" in figures:
                break
            time.sleep(0.2)
        assert "hellas_tcp_connections 1.0" in figures  # the /metrics request itself: no leak
        assert 'hellas_tcp_refused_total{cap="address"} 1.0' in figures
        assert 'hellas_tcp_refused_total{cap="server"} 3.0' in figures
        # given back once each, not twice: a fresh crowd meets the same caps
        again = [dial(server, "127.0.0.8") for _ in range(9)]
        deadline = time.monotonic() + LIVENESS
        while not is_closed(again[-1]) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert [is_closed(s) for s in again] == [False] * 8 + [True]
        for sock in again:
            sock.close()
    finally:
        stop_server(server)


def metrics(server: Server) -> str:
    """Return the server's /metrics text (asked from 127.0.0.1)."""
    with dial(server, "127.0.0.1") as sock:
        sock.sendall(b"GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    return data.decode(errors="replace")


@pytest.fixture(scope="module")
def timed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose timeouts are a second each."""
    db = f"sqlite:///{tmp_path_factory.mktemp('timed') / 'hellas.db'}"
    args = ["--header-timeout", "1", "--body-timeout", "1", "--idle-timeout", "1"]
    server = start_server(db, args=args)
    yield server
    stop_server(server)


def test_partial_headers_are_closed_after_the_header_timeout(timed: Server) -> None:
    """A request whose headers never finish is closed after --header-timeout, even while it
    trickles a byte every 0.3 s (a deadline from its first byte, not a gap between bytes)."""
    with dial(timed, "127.0.0.11") as sock:
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
        took = seconds_until_closed(sock, LIVENESS, drip=b"X-Slow: " + b"a" * 100)
    assert took is not None, "headers that never finish were held open"
    assert lines_about(timed, "did not finish its request headers in 1 s (--header-timeout)")


def test_a_slow_body_is_closed_after_the_body_timeout(timed: Server) -> None:
    """A body that stalls (or trickles) is closed --body-timeout after its headers."""
    with dial(timed, "127.0.0.12") as sock:
        head = b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        sock.sendall(head + b'Content-Length: 500\r\n\r\n{"game": ')
        took = seconds_until_closed(sock, LIVENESS, drip=b" " * 100)
    assert took is not None, "a body that never finishes was held open"
    assert lines_about(timed, "did not finish its request body in 1 s (--body-timeout)")
    assert timed.get("/api/games")[0] == 200
    deadline = time.monotonic() + LIVENESS
    while (
        not lines_about(timed, "went away before its request body") and time.monotonic() < deadline
    ):
        time.sleep(0.2)
    assert lines_about(timed, "went away before its request body") == 1  # one line, and
    assert lines_about(timed, "Traceback") == 0  # no traceback (was two: 5 KB each)


def test_an_idle_connection_is_closed_after_the_idle_timeout(timed: Server) -> None:
    """A connection that never sends a byte, one kept alive after an answer, and one that
    sends only blank lines are each closed after --idle-timeout."""
    with dial(timed, "127.0.0.13") as silent:
        assert seconds_until_closed(silent, LIVENESS) is not None, "a silent socket was held"
    with dial(timed, "127.0.0.13") as kept:
        kept.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n")  # keep-alive
        assert kept.recv(65536).startswith(b"HTTP/1.1 200")
        assert seconds_until_closed(kept, LIVENESS) is not None, "an idle keep-alive was held"
    with dial(timed, "127.0.0.13") as blank:
        assert seconds_until_closed(blank, LIVENESS, drip=b"\r\n" * 50) is not None


def test_a_big_websocket_frame_closes_the_connection_unread(timed: Server) -> None:
    """A 60 KB frame (a client message is at most 4 KiB) closes the connection: 1009."""
    body = {"game": "legends", "options": {"players": 2}, "seats": ["human", "human"]}
    table = timed.post("/api/tables", body)[1]["id"]
    with connect(timed.ws(table), open_timeout=LIVENESS) as ws:
        assert json.loads(ws.recv(timeout=LIVENESS))["type"] == "state"
        ws.send(json.dumps({"type": "ping", "pad": "x" * 60_000}))
        with pytest.raises(ConnectionClosed) as closed:
            for _ in range(10):
                ws.recv(timeout=LIVENESS)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009


def test_past_the_tarpits_cap_a_refusal_is_a_hang_up_not_an_answer(db: str) -> None:
    """Behind a trusted proxy one client can hold more refused requests than the tarpit holds
    (256 per address); past that cap each is closed at once without an answer, never answered
    at once (which would invite the next request at once), and the held ones wait their hold."""
    args = ["--forwarded-allow-ips", "127.0.0.1", "--http-rate", "1", "--hold-refused", "6"]
    server = start_server(db, args=args)
    crowd: list[socket.socket] = []
    try:
        request = (
            b"GET /api/tables/nope HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 203.0.113.9\r\n\r\n"
        )
        began = time.monotonic()
        for _ in range(320):  # the proxy's own address is not capped per address
            sock = dial(server, "127.0.0.1")
            sock.sendall(request)
            crowd.append(sock)
        answers: dict[int, tuple[float, bytes]] = {}
        deadline = time.monotonic() + 2.5  # before any held refusal (6 s ± 25%) is answered
        while len(answers) < len(crowd) and time.monotonic() < deadline:
            waiting = [s for s in crowd if s.fileno() not in answers]
            ready, _w, _x = select.select(waiting, [], [], 0.2)
            for sock in ready:
                try:
                    data = sock.recv(65536)
                except ConnectionResetError:
                    data = b""
                answers[sock.fileno()] = (time.monotonic() - began, data)
        hung_up = [data for _at, data in answers.values() if data == b""]
        refused = [data for _at, data in answers.values() if b" 429 " in data[:20]]
        assert not refused, f"{len(refused)} refusals answered at once, past the tarpit's cap"
        assert len(hung_up) >= 320 - 256 - 10, f"only {len(hung_up)} hung up"  # 10: the burst
        assert lines_about(server, "Traceback") == 0
        time.sleep(6 * 1.25 + 1)  # the held ones: answered 429 after their hold
        held = [s for s in crowd if s.fileno() not in answers]
        later = [s.recv(65536) for s in held if select.select([s], [], [], LIVENESS)[0]]
        assert sum(b" 429 " in data[:20] for data in later) >= 200
    finally:
        for sock in crowd:
            sock.close()
        stop_server(server)


def serve(*flags: str, soft: int | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``hellas serve`` with ``flags`` (and a soft and hard descriptor limit of ``soft``)."""

    def limit() -> None:
        if soft is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (soft, soft))

    return subprocess.run(
        [sys.executable, "-m", "hellas.cli.main", "serve", "--port", "1", *flags],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        preexec_fn=limit,
    )


def test_caps_that_do_not_fit_the_descriptor_limit_are_refused_at_start() -> None:
    """With ``ulimit -n 256`` (soft and hard) the default caps do not fit: one line, exit 2."""
    done = serve(soft=256)
    said = done.stdout + done.stderr
    assert done.returncode == 2, said
    assert "--max-connections" in said and "256" in said and "Traceback" not in said, said
    assert len(said.strip().splitlines()) == 1, said


def test_the_soft_descriptor_limit_is_raised_when_the_caps_need_it(db: str) -> None:
    """A soft limit of 256 under a higher hard limit is raised to fit --max-connections."""
    with descriptor_limit(256):
        server = start_server(db, args=["--max-connections", "500"])
    try:
        assert open_files_limit(server.proc.pid) >= 500 + 64
    finally:
        stop_server(server)


def test_a_number_too_large_for_a_float_is_refused_in_one_short_line() -> None:
    """``--max-spectators 1000…0`` (401 digits) is out of range, not an OverflowError, and the
    refusal echoes a short prefix of it, not the whole input."""
    done = serve("--max-spectators", "1" + "0" * 400)
    said = done.stdout + done.stderr
    assert done.returncode == 2 and "--max-spectators" in said and "Traceback" not in said
    assert len(said.strip().splitlines()) == 1 and "0" * 81 not in said, said


def test_every_numeric_flag_of_serve_has_a_range() -> None:
    """A flag added later cannot forget its floor and ceiling: each number of ``hellas serve``
    is in ``RANGES`` (checked before anything starts) or is a duration in ``DURATIONS``."""
    import inspect  # noqa: PLC0415

    from hellas.cli.serve import DURATIONS, RANGES, serve  # noqa: PLC0415

    numbers = {
        name
        for name, parameter in inspect.signature(serve, eval_str=True).parameters.items()
        if parameter.annotation.__origin__ in (int, float)
    }
    assert numbers == set(RANGES), numbers ^ set(RANGES)
    assert all(least < most for least, most in RANGES.values())
    assert set(DURATIONS) <= set(inspect.signature(serve).parameters)
