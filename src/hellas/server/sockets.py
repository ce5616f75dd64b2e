"""The WebSocket a table page plays through: authentication, messages, and their limits.

``/ws/{table}?seat=K`` opens a seat's connection, ``/ws/{table}`` a spectator's.  A seat proves
itself in its first message, ``{"type": "auth", "token": T}`` (within ``AUTH_SECONDS``), so the
secret never appears in a URL; ``?token=T`` in the URL still works for old clients.  Then the
client sends ``choose`` (``key``, ``seq``), ``state`` (the current message again, served from
the table's cache) or ``ping``.  Each connection has a token bucket: a client that sends faster
than the server's ``ws_rate`` (after a burst) is told why and closed with ``TOO_MANY``.  A choice
that lands gives its token back - a game played fast is play, not traffic, and it ends - so
only ``state``, ``ping`` and refused messages count.  Caps on
spectators, connections per seat and per address refuse a connection before it joins.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.websockets import WebSocketDisconnected

from hellas.core.errors import HellasError
from hellas.server import arrivals
from hellas.server.errors import ServerError, clip
from hellas.server.hub import Hub
from hellas.server.live import Connection, LiveTable
from hellas.server.site import address, admit_socket, site_of
from hellas.server.social import social_of
from hellas.server.traffic import Bucket
from hellas.server.wire import dumps

MAX_MESSAGE = 4096  # bytes: a choice message is tiny
AUTH_SECONDS = 10.0  # how long a seat's connection may take to send its token
TOO_MANY = 4429  # close code: over the message rate, or a cap
CLOSE_CODES = {"bad-token": 4403, "too-many-spectators": TOO_MANY, "too-many-connections": TOO_MANY}
KINDS = ("choose", "ping", "state", "auth", "chat")  # the messages a client may send
# a client that went away: its socket closed under a receive or a send (never a traceback);
# SENDING adds the OSError of a send on a socket the server has not finished opening
GONE = (WebSocketDisconnect, WebSocketDisconnected)
SENDING = (*GONE, OSError)
router = APIRouter()
log = logging.getLogger("hellas.server")


def error_body(exc: Exception) -> dict[str, Any]:
    """Return the JSON body of an error (its message clipped: never over 80 characters of input)."""
    code = getattr(exc, "code", "bad-request")
    return {"type": "error", "code": code, "message": clip(str(exc))}


async def refuse(ws: WebSocket, exc: Exception) -> None:
    """Send the error that refuses a connection, and close it with a matching code."""
    code = CLOSE_CODES.get(getattr(exc, "code", ""), 4400)
    if code == TOO_MANY:  # [metrics, issue 38] a cap refused it
        site_of(ws).hub.metrics.refuse(getattr(exc, "code", "limit"))
        await ws.app.state.tarpit.hold(address(ws))  # a crowd of sockets waits, as 429s do
    await last_words(ws, json.dumps(error_body(exc)), code)


async def last_words(ws: WebSocket, text: str, code: int, reason: str = "") -> None:
    """Send a closing message and close; a client already gone is left (one debug line)."""
    try:
        await ws.send_text(text)
        await ws.close(code=code, reason=reason)
    except SENDING as exc:
        gone(ws, exc)


def gone(ws: WebSocket, exc: BaseException) -> None:
    """Log, in one debug line, that a client went away while the server was talking to it."""
    what = getattr(exc, "code", "") or type(exc).__name__
    log.debug("websocket client %s left (%s) path=%s", address(ws), what, ws.url.path[:80])


@router.websocket("/ws/{table_id}")
async def play(ws: WebSocket, table_id: str) -> None:
    """Play or watch one table over a WebSocket."""
    site = site_of(ws)
    hub = site.hub
    if not await admit_socket(ws):  # past its address's connect rate: refused unopened
        return
    try:
        await ws.accept()
    except SENDING as exc:  # the client left during its handshake
        gone(ws, exc)
        return
    params = ws.query_params
    try:
        seat = int(params["seat"]) if params.get("seat") not in (None, "") else None
    except ValueError:
        await refuse(ws, ServerError("bad-seat", "seat must be a number"))
        return
    try:
        token = params.get("token") or (await _auth(ws) if seat is not None else None)
        table = await hub.get(table_id)
        hub.check_token(table, seat, token)
    except HellasError as exc:
        await refuse(ws, exc)
        return
    except GONE as exc:
        gone(ws, exc)
        return

    async def close(code: int, reason: str) -> None:
        await ws.close(code=code, reason=reason)

    conn = Connection(seat, ws.send_text, address(ws), close=close)
    conn.start()
    try:
        await hub.join(table, conn)  # its first message; one over a cap is refused
    except HellasError as exc:
        conn.stop()
        await refuse(ws, exc)
        return
    try:
        await arrivals.arrive(social_of(ws).timers, table, seat)  # [issue 48] clocks wait
        await _listen(ws, hub, table, conn, token)
    except GONE as exc:
        gone(ws, exc)
    finally:
        await hub.leave(table, conn)


async def _auth(ws: WebSocket) -> str:
    """Return the token of a seat's first message, ``{"type": "auth", "token": T}``."""
    try:
        frame = await asyncio.wait_for(ws.receive(), AUTH_SECONDS)
    except TimeoutError as exc:
        raise ServerError("bad-token", f"send your seat's token within {AUTH_SECONDS:g} s") from exc
    if frame["type"] == "websocket.disconnect":
        raise WebSocketDisconnect
    raw = frame.get("text") or ""
    try:
        msg = json.loads(raw) if len(raw) <= MAX_MESSAGE else None
    except (ValueError, RecursionError):
        msg = None
    if (
        not isinstance(msg, dict)
        or msg.get("type") != "auth"
        or not isinstance(msg.get("token"), str)
    ):
        raise ServerError("bad-token", "a seat's first message is {type: 'auth', token}")
    token: str = msg["token"]
    return token


async def _listen(
    ws: WebSocket, hub: Hub, table: LiveTable, conn: Connection, token: str | None
) -> None:
    """Answer the client's messages until it leaves (or sends too many)."""
    limits = hub.traffic
    bucket = Bucket(limits.ws_rate, max(1, limits.ws_burst))
    chat = social_of(ws).chat
    talk = chat.bucket()  # chat has a stricter allowance of its own (server/chat.py)
    while True:
        frame = await ws.receive()
        if frame["type"] == "websocket.disconnect":
            return
        if not bucket.take():
            too_many = ServerError(
                "too-many-messages",
                f"more than {limits.ws_rate:g} messages a second: this connection is closed",
                429,
            )
            hub.metrics.refuse(too_many.code)  # [metrics, issue 38]
            await last_words(ws, dumps(error_body(too_many)), TOO_MANY, "too many messages")
            return
        msg = _parse(frame)
        if isinstance(msg, ServerError):
            await conn.deliver(dumps(error_body(msg)))
        elif msg["type"] == "ping":
            await conn.deliver('{"type":"pong"}')
        elif msg["type"] == "state":
            await conn.deliver(await hub.current(table, conn))
        elif msg["type"] == "auth":
            continue  # already authenticated
        elif msg["type"] == "chat":
            try:
                await chat.post(table, conn, talk, msg)
            except HellasError as exc:
                await conn.deliver(dumps(error_body(exc)))
        else:
            try:
                await hub.choose(table, conn.seat, token, msg.get("key"), msg.get("seq"))
                bucket.refund()  # a move that lands is play, not traffic: only refusals count
            except HellasError as exc:
                await conn.deliver(dumps(error_body(exc)))
                await conn.deliver(await hub.current(table, conn))


def _parse(frame: Any) -> dict[str, Any] | ServerError:
    """Return a client's message, or the error that answers a malformed one."""
    raw = frame.get("text")
    if raw is None:  # a binary frame
        return ServerError("bad-message", "send JSON text frames")
    if len(raw) > MAX_MESSAGE:
        return ServerError("too-large", "message too large")
    try:
        msg = json.loads(raw)
    except (ValueError, RecursionError):
        return ServerError("bad-json", "messages must be JSON")
    if not isinstance(msg, dict) or msg.get("type") not in (
        "choose",
        "ping",
        "state",
        "auth",
        "chat",
    ):
        return ServerError("bad-message", "send {type: 'choose', key, seq} or {type: 'ping'}")
    return msg
