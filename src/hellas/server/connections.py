"""Connections with budgets: how many sockets the server holds, per address and in all, how long.

uvicorn accepts every connection it is offered and waits for its bytes for as long as the client
likes; with a file-descriptor limit of 1024 one address holding 1,100 idle sockets locks every
other client out, and a request whose headers or body never finish is held forever.  This module
sits at the socket level, below the application and any parsing:

* ``Ledger`` counts open TCP connections server-wide and per client address (keyed with
  :func:`hellas.server.addresses.client_key`, so an IPv6 /64 is one address).  A connection over
  either cap is closed as soon as it is accepted: nothing is read, parsed or answered, and the
  refusal is counted (``Ledger.refused``, and in ``/metrics``) and logged at most once per
  address per minute.  A trusted proxy's own address (``--forwarded-allow-ips``) is exempt from
  the per-address cap (it carries many clients; the proxy enforces its own), never from the
  server-wide one.  With several processes on one PostgreSQL the per-address cap is meant for
  all of them together: each process allows its share (``Cluster.share``: the cap divided by
  the processes alive, counted at each lease renewal), so an address whose connections a load
  balancer spreads gets about the cap in all, not once per process [issue 47].
* ``BudgetedHttp`` (uvicorn's httptools protocol) and ``BudgetedWebSocket`` (uvicorn's websockets
  protocol) hold one ``Held`` place in the ledger per connection.  The place passes from the HTTP
  protocol to the WebSocket protocol at the upgrade (the transport is the same), so a connection
  is counted once and let go exactly once, whatever protocol it ends in.
* Timeouts: a new connection or a keep-alive one between requests may stay silent for
  ``idle_timeout`` seconds; once a request begins its headers must all arrive within
  ``header_timeout`` seconds, then its body within ``body_timeout`` seconds.  These are deadlines,
  not gaps between bytes: a client that trickles a byte at a time gains nothing.
* ``drop_current()`` closes the connection of the request being handled, unanswered: the tarpit
  (``traffic.Tarpit``) uses it past its caps, so a refusal never costs more than an answer.
* ``client_gone`` is the application's handler for a body that never arrived (the body timeout
  closed its connection, or the client hung up): one log line, not a traceback.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import time
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, ClassVar, cast

from starlette.requests import Request
from starlette.responses import Response
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from hellas.server.addresses import client_key

log = logging.getLogger("hellas.server.connections")
NOTE_EVERY = 60.0  # seconds between two log lines about one address
NOTES_MAX = 4096  # addresses remembered for that (the oldest are forgotten first)
CURRENT: ContextVar[Held | None] = ContextVar("hellas_connection", default=None)
PHASES = {  # the timeout a phase is held to: the flag that sets it, and what was late
    "idle": ("--idle-timeout", "sent nothing"),
    "header": ("--header-timeout", "did not finish its request headers"),
    "body": ("--body-timeout", "did not finish its request body"),
}


@dataclass(frozen=True)
class Budget:
    """The connection settings of one server (``hellas serve`` flags)."""

    max_connections: int = 896  # TCP connections held at once, server-wide
    per_address: int = 32  # TCP connections one client address may hold (0: no cap)
    header_timeout: float = 10.0  # seconds a request's headers may take, from its first byte
    body_timeout: float = 20.0  # seconds its body may take, once the headers are in
    idle_timeout: float = 5.0  # seconds a connection may stay silent between requests
    trusted: str = ""  # --forwarded-allow-ips: proxies exempt from the per-address cap


class Held:
    """One accepted connection's place in the ledger: let go exactly once, when it closes."""

    __slots__ = ("key", "ledger", "released", "transport", "waiter")

    def __init__(self, ledger: Ledger, key: str, transport: asyncio.Transport) -> None:
        self.ledger = ledger
        self.key = key
        self.transport = transport
        self.released = False
        self.waiter: asyncio.Future[None] | None = None  # set while drop() waits for the close

    def release(self) -> None:
        """Give the place back (a second call does nothing)."""
        if self.released:
            return
        self.released = True
        self.ledger.let_go(self.key)
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(None)

    async def drop(self) -> None:
        """Close the connection at once, unanswered, and return once it is gone."""
        if self.released:
            return
        if self.waiter is None:
            self.waiter = asyncio.get_running_loop().create_future()
        self.transport.abort()
        await asyncio.wait({self.waiter}, timeout=5.0)  # the transport reports its loss soon


async def drop_current() -> bool:
    """Close the connection of the request being handled, unanswered; False if there is none."""
    held = CURRENT.get()
    if held is None:
        return False
    await held.drop()
    return True


class Ledger:
    """The open TCP connections of one server, in all and per client address."""

    def __init__(self, budget: Budget, share: Callable[[int], int] | None = None) -> None:
        self.budget = budget
        # [issue 47] this process's part of the per-address cap (``Cluster.share``: the cap
        # divided by the processes alive on one PostgreSQL); alone, the whole cap
        self.share: Callable[[int], int] = share or _whole
        self.open = 0
        self.by_address: Counter[str] = Counter()
        self.refused: Counter[str] = Counter()  # "server" / "address": connections closed unread
        self.timed_out: Counter[str] = Counter()  # "idle" / "header" / "body"
        self.most = 0  # the most connections held at once
        self.noted: OrderedDict[str, tuple[float, int]] = OrderedDict()  # key -> (at, unsaid)
        self.trust = _trusted_networks(budget.trusted)

    def admit(self, transport: asyncio.Transport) -> Held | None:
        """Count a new connection and return its place, or None if a cap refuses it."""
        peer = transport.get_extra_info("peername")
        host = peer[0] if isinstance(peer, tuple) and peer else None
        key = client_key(host if isinstance(host, str) else None)
        budget = self.budget
        if self.open >= budget.max_connections:
            self._refuse(key, "server", f"the server holds {self.open} (--max-connections)")
            return None
        held_here = self.by_address[key]
        cap = self.share(budget.per_address)
        if cap and held_here >= cap and not self.trusts(host):
            text = f"it holds {held_here} (--max-address-http-connections, {cap} here)"
            self._refuse(key, "address", text)
            return None
        self.open += 1
        self.by_address[key] = held_here + 1
        self.most = max(self.most, self.open)
        return Held(self, key, transport)

    def let_go(self, key: str) -> None:
        """Forget one connection of ``key``."""
        self.open -= 1
        left = self.by_address[key] - 1
        if left > 0:
            self.by_address[key] = left
        else:
            del self.by_address[key]

    def trusts(self, host: Any) -> bool:
        """Return whether ``host`` is a trusted proxy (exempt from the per-address cap)."""
        if self.trust is None:
            return True  # --forwarded-allow-ips '*'
        if not self.trust or not isinstance(host, str):
            return False
        try:
            ip = ipaddress.ip_address(host.split("%", 1)[0])
        except ValueError:
            return False
        return any(ip in network for network in self.trust)

    def timed_out_at(self, key: str, phase: str) -> None:
        """Count (and note, once a minute per address) a connection closed for being late."""
        self.timed_out[phase] += 1
        flag, late = PHASES[phase]
        seconds = {
            "idle": self.budget.idle_timeout,
            "header": self.budget.header_timeout,
            "body": self.budget.body_timeout,
        }[phase]
        self._note(key, f"closed a connection from {key}: it {late} in {seconds:g} s ({flag})")

    def _refuse(self, key: str, cap: str, why: str) -> None:
        """Count a connection refused by ``cap`` and note it (once a minute per address)."""
        self.refused[cap] += 1
        self._note(key, f"refused a connection from {key}: {why}")

    def _note(self, key: str, text: str) -> None:
        """Log ``text`` unless ``key`` was logged less than a minute ago (then count it)."""
        now = time.monotonic()
        at, unsaid = self.noted.get(key, (-NOTE_EVERY, 0))
        if now - at < NOTE_EVERY:
            self.noted[key] = (at, unsaid + 1)
            return
        more = f" (and {unsaid} more in the last minute)" if unsaid else ""
        log.warning("%s%s", text, more)
        self.noted[key] = (now, 0)
        self.noted.move_to_end(key)
        while len(self.noted) > NOTES_MAX:
            self.noted.popitem(last=False)

    def collect(self) -> Iterator[Any]:
        """Yield the ledger's figures for Prometheus (a collector of the metrics registry)."""
        from prometheus_client.core import (  # noqa: PLC0415
            CounterMetricFamily,
            GaugeMetricFamily,
        )

        held = GaugeMetricFamily("hellas_tcp_connections", "TCP connections held (HTTP and WS)")
        held.add_metric([], self.open)
        yield held
        refused = CounterMetricFamily(
            "hellas_tcp_refused", "Connections closed unread by a cap", labels=["cap"]
        )
        for cap in ("server", "address"):
            refused.add_metric([cap], self.refused[cap])
        yield refused
        late = CounterMetricFamily(
            "hellas_tcp_timed_out", "Connections closed by a timeout", labels=["phase"]
        )
        for phase in PHASES:
            late.add_metric([phase], self.timed_out[phase])
        yield late

    def describe(self) -> list[Any]:
        """Return no descriptions: the figures are read when Prometheus asks."""
        return []


def _whole(cap: int) -> int:
    """Return a cap unchanged (one process holds all of it)."""
    return cap


def _trusted_networks(text: str) -> list[ipaddress.IPv4Network | ipaddress.IPv6Network] | None:
    """Return the networks ``--forwarded-allow-ips`` names (None: ``*``, every address)."""
    networks = []
    for item in (part.strip() for part in text.split(",")):
        if item == "*":
            return None
        try:
            networks.append(ipaddress.ip_network(item, strict=False))
        except ValueError:
            continue  # a host name or a socket path: it never matches a peer address
    return networks


class BudgetedHttp(HttpToolsProtocol):
    """uvicorn's HTTP/1.1 protocol, counted in the ledger and held to the timeouts."""

    ledger: ClassVar[Ledger]
    websocket: ClassVar[type[BudgetedWebSocket]]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.held: Held | None = None
        self.refused = False
        self.phase = "idle"  # idle, header, body, app (no timeout), ws (upgraded)
        self.timed = ""  # the phase the timer runs for
        self.timer: asyncio.TimerHandle | None = None
        self.timeout_keep_alive = self.ledger.budget.idle_timeout  # type: ignore[assignment]
        if self.ws_protocol_class is not None:
            self.ws_protocol_class = self.websocket

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        """Take a place in the ledger, or close at once, unread, when a cap refuses it."""
        transport = cast(asyncio.Transport, transport)
        held = self.ledger.admit(transport)
        if held is None:
            self.refused = True
            transport.abort()
            return
        self.held = held
        super().connection_made(transport)
        self._watch()  # silent from the start: idle

    def connection_lost(self, exc: Exception | None) -> None:
        """Give the place back (unless it passed to a WebSocket) and stop the timer."""
        if self.refused:
            return  # nothing of uvicorn's was set up
        self._stop()
        if self.held is not None:
            self.held.release()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        """Parse as uvicorn does, then hold the phase reached to its deadline."""
        super().data_received(data)
        if self.phase != "ws":
            self._watch()

    def on_message_begin(self) -> None:
        """Note a request's first byte: its headers are now due."""
        super().on_message_begin()
        self.phase = "header"

    def on_headers_complete(self) -> None:
        """Note the headers are in: the body is now due."""
        self.phase = "body"
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        """Note the request is whole: no deadline while the application answers."""
        answered = self.cycle is not None and self.cycle.response_complete  # answered early
        self.phase = "idle" if answered else "app"
        super().on_message_complete()

    def on_response_complete(self) -> None:
        """Note the answer is sent: silence from now on is idleness."""
        queued = bool(self.pipeline)  # a pipelined request starts now: the application has it
        super().on_response_complete()
        if self.phase == "app" and not queued and not self.transport.is_closing():
            self.phase = "idle"
            self._watch()

    def timeout_keep_alive_handler(self) -> None:
        """Close a connection idle for ``idle_timeout`` seconds (uvicorn's timer), and count it."""
        if not self.transport.is_closing() and self.held is not None:
            self.ledger.timed_out_at(self.held.key, "idle")
        super().timeout_keep_alive_handler()

    def _start_asgi_task(self, cycle: Any, app: Any) -> None:
        """Start the application with this connection as the current one (for the tarpit)."""
        token = CURRENT.set(self.held)
        try:
            super()._start_asgi_task(cycle, app)
        finally:
            CURRENT.reset(token)

    def handle_websocket_upgrade(self) -> None:
        """Hand this connection's place to the WebSocket protocol that takes the transport over."""
        self._stop()
        self.phase = "ws"
        held, self.held = self.held, None
        token = CURRENT.set(held)
        try:
            super().handle_websocket_upgrade()
        finally:
            CURRENT.reset(token)
        protocol = self.transport.get_protocol()
        if isinstance(protocol, BudgetedWebSocket) and held is not None:
            protocol.held = held  # it gives the place back when the connection closes
        elif held is not None:
            held.release()  # not ours (a misconfiguration): never leave a place taken forever

    def _watch(self) -> None:
        """Run the timer of the current phase: a deadline from the phase's start, not a gap."""
        phase = self.phase
        if phase == self.timed:
            return
        self._stop()
        seconds = getattr(self.ledger.budget, f"{phase}_timeout", None)
        if seconds is not None:  # idle, header, body (not while the application answers)
            self.timed = phase
            self.timer = self.loop.call_later(seconds, self._late, phase)

    def _stop(self) -> None:
        """Cancel the phase's timer."""
        self.timed = ""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def _late(self, phase: str) -> None:
        """Count a passed deadline and close the connection at once."""
        self.timer = None
        if self.transport.is_closing():
            return
        if self.held is not None:
            self.ledger.timed_out_at(self.held.key, phase)
        self.transport.abort()


class BudgetedWebSocket(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, given its connection's place in the ledger at the upgrade."""

    held: Held | None = None

    def connection_lost(self, exc: Exception | None) -> None:
        """Give the connection's place back."""
        if self.held is not None:
            self.held.release()
        super().connection_lost(exc)


async def client_gone(request: Request, _exc: Exception) -> Response:
    """Note in one line a client gone before its body arrived (a timeout, a hang-up)."""
    log.info("a client went away before its request body arrived (%s)", request.url.path[:80])
    return Response(status_code=400)  # nobody to send it to: the connection is closed


def protocols(ledger: Ledger) -> tuple[type[BudgetedHttp], type[BudgetedWebSocket]]:
    """Return the HTTP and WebSocket protocol classes for uvicorn, counted in ``ledger``."""

    class WebSocket(BudgetedWebSocket):
        pass

    class Http(BudgetedHttp):
        pass

    Http.ledger = ledger
    Http.websocket = WebSocket
    return Http, WebSocket
