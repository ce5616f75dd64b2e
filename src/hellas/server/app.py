"""The FastAPI application: lobby API, seats, WebSocket play, replays and the static pages."""

from __future__ import annotations

import asyncio
import json
import logging
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from hellas.ai import bot_names
from hellas.core.errors import HellasError
from hellas.games import REGISTRY
from hellas.server.hub import HUMAN, Connection, Hub, ServerError
from hellas.server.store import Store

WEB = Path(__file__).resolve().parent.parent / "web"
MAX_MESSAGE = 4096  # bytes: a choice message is tiny
log = logging.getLogger("hellas.server")


def error_body(exc: Exception) -> dict[str, Any]:
    """Return the JSON body of an error."""
    code = getattr(exc, "code", "bad-request")
    return {"type": "error", "code": code, "message": str(exc)}


def create_app(database_url: str, bot_delay: float = 0.3) -> FastAPI:
    """Return the Hellas web application backed by ``database_url``."""
    store = Store(database_url)
    hub = Hub(store, bot_delay=bot_delay)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> Any:
        count = await hub.resume_all()
        log.info("resumed %d table(s)", count)
        yield
        store.close()

    app = FastAPI(title="Hellas", lifespan=lifespan)
    app.state.hub = hub
    app.mount("/static", StaticFiles(directory=WEB), name="static")

    @app.exception_handler(HellasError)
    async def _hellas_error(_request: Request, exc: HellasError) -> JSONResponse:
        return JSONResponse(error_body(exc), status_code=getattr(exc, "status", 400))

    @app.exception_handler(Exception)
    async def _internal_error(_request: Request, exc: Exception) -> JSONResponse:
        log.exception("internal error", exc_info=exc)
        body = {"type": "error", "code": "internal", "message": "internal server error (logged)"}
        return JSONResponse(body, status_code=500)

    # -- pages ---------------------------------------------------------------------------------

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(WEB / "index.html")

    @app.get("/table/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(WEB / "table.html")

    @app.get("/replay/{table_id}", include_in_schema=False)
    async def replay_page(table_id: str) -> FileResponse:
        return FileResponse(WEB / "replay.html")

    # -- API -------------------------------------------------------------------------------------

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        """Every registered game with its seats, option schema and bots."""
        return [
            {
                "id": g.meta.id,
                "title": g.meta.title,
                "summary": g.meta.summary,
                "min_seats": g.meta.min_seats,
                "max_seats": g.meta.max_seats,
                "seats_option": g.meta.seats_option,
                "options": g.meta.options.to_json(),
                "bots": bot_names(g),
            }
            for g in REGISTRY
        ]

    @app.post("/api/tables")
    async def create_table(request: Request) -> dict[str, Any]:
        """Create a table: {game, options, seats: ["human", "heuristic", ...], seed?, name?}."""
        body = await _json_body(request)
        game = body.get("game")
        options = body.get("options", {})
        seats = body.get("seats")
        seed = body.get("seed")
        if not isinstance(game, str) or not isinstance(options, dict):
            raise ServerError("bad-request", "give 'game' (text) and 'options' (an object)")
        if not isinstance(seats, list) or not all(isinstance(x, str) for x in seats):
            raise ServerError("bad-request", "give 'seats': a list of 'human' or bot names")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ServerError("bad-request", "'seed' must be a whole number")
        name = str(body.get("name", ""))[:80]
        table, creator = await hub.create(game, options, seats, seed, name)
        out: dict[str, Any] = {"id": table.id, "seats": hub.seats_info(table)}
        if creator:
            out["you"] = {**creator, "link": _link(table.id, creator["seat"], creator["token"])}
        out["join"] = [
            {"seat": s.seat, "link": f"/?join={table.id}&seat={s.seat}"}
            for s in table.seats
            if s.kind == HUMAN and not s.claimed
        ]
        out["watch"] = f"/table/{table.id}"
        return out

    @app.get("/api/tables")
    async def list_tables(status: str = "open") -> list[dict[str, Any]]:
        """Tables: ``open`` (free human seats), ``playing``, ``finished`` or ``all``."""
        if status not in ("open", "playing", "finished", "all"):
            raise ServerError("bad-request", "status is open, playing, finished or all")
        finished = None if status == "all" else status == "finished"
        rows = await asyncio.to_thread(hub.store.list_tables, finished)
        out = []
        for r in rows:
            free = [s.seat for s in r.seats if s.kind == HUMAN and not s.claimed]
            if status == "open" and not free:
                continue
            out.append(
                {
                    "id": r.id,
                    "game": r.game,
                    "name": r.name,
                    "options": r.options,
                    "seats": [s.kind for s in r.seats],
                    "free": free,
                    "moves": r.move_count,
                    "finished": r.finished,
                }
            )
        return out

    @app.get("/api/tables/{table_id}")
    async def table_info(table_id: str) -> dict[str, Any]:
        """Return a table's public facts."""
        table = await hub.get(table_id)
        outcome = table.game.outcome(table.match.state)
        return {
            "id": table.id,
            "game": table.game.meta.id,
            "name": table.name,
            "options": table.match.record.options,
            "seats": hub.seats_info(table),
            "moves": len(table.match.record.choices),
            "outcome": outcome.to_json() if outcome else None,
        }

    @app.post("/api/tables/{table_id}/claim")
    async def claim(table_id: str, request: Request) -> dict[str, Any]:
        """Take a free human seat: {seat} -> its secret token and link."""
        body = await _json_body(request)
        seat = body.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise ServerError("bad-request", "give the 'seat' number to claim")
        table = await hub.get(table_id)
        token = await hub.claim(table, seat)
        return {"seat": seat, "token": token, "link": _link(table_id, seat, token)}

    @app.post("/api/tables/{table_id}/seats/{seat}/bot")
    async def seat_bot(table_id: str, seat: int, request: Request) -> dict[str, Any]:
        """Hand your seat to a bot ({token, bot}) or take it back ({token, bot: ""})."""
        body = await _json_body(request)
        token, bot = body.get("token"), body.get("bot", "")
        if not isinstance(token, str) or not isinstance(bot, str):
            raise ServerError("bad-request", "give 'token' and 'bot' (a bot name or '')")
        table = await hub.get(table_id)
        await hub.hand_to_bot(table, seat, token, bot)
        return {"seats": hub.seats_info(table)}

    @app.post("/api/tables/{table_id}/choose")
    async def choose(table_id: str, request: Request) -> dict[str, Any]:
        """Make a choice over HTTP: {seat, token, key, seq?} (the WebSocket does the same)."""
        body = await _json_body(request)
        table = await hub.get(table_id)
        seat = body.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise ServerError("bad-request", "give your 'seat' number")
        await hub.choose(table, seat, body.get("token"), body.get("key"), body.get("seq"))
        return {"seq": len(table.match.record.choices)}

    @app.get("/api/tables/{table_id}/view")
    async def view(table_id: str, seat: int | None = None, token: str | None = None) -> Any:
        """Return a seat's (or a spectator's) current message, as the WebSocket sends it."""
        table = await hub.get(table_id)
        hub.check_token(table, seat, token)
        return hub.message(table, Connection(seat, _noop), recent=True)

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str) -> dict[str, Any]:
        """Return the record of a finished game (choices included)."""
        table = await hub.get(table_id)
        if table.match.to_act() is not None:
            raise ServerError("not-finished", "the record is available once the game is over", 403)
        return table.match.record.to_json()

    @app.get("/api/tables/{table_id}/replay/{step}")
    async def replay_step(
        table_id: str, step: int, seat: int | None = None, token: str | None = None
    ) -> dict[str, Any]:
        """Return the view at a step of the game (ongoing games: your own seat only)."""
        table = await hub.get(table_id)
        return hub.replay_step(table, seat, token, step)

    # -- WebSocket -------------------------------------------------------------------------------

    @app.websocket("/ws/{table_id}")
    async def play(ws: WebSocket, table_id: str) -> None:
        await ws.accept()
        params = ws.query_params
        try:
            seat = int(params["seat"]) if params.get("seat") not in (None, "") else None
        except ValueError:
            await _refuse(ws, ServerError("bad-seat", "seat must be a number"))
            return
        token = params.get("token")
        try:
            table = await hub.get(table_id)
            hub.check_token(table, seat, token)
        except HellasError as exc:
            await _refuse(ws, exc)
            return

        async def send(message: dict[str, Any]) -> None:
            await ws.send_text(json.dumps(message))

        conn = Connection(seat, send)
        table.connections.append(conn)
        try:
            await send(hub.message(table, conn, recent=True))
            await hub.broadcast(table, skip=conn)  # the others see who is online
            while True:
                raw = await ws.receive_text()
                if len(raw.encode()) > MAX_MESSAGE:
                    await send(error_body(ServerError("too-large", "message too large")))
                    continue
                try:
                    msg = json.loads(raw)
                except json.JSONDecodeError:
                    await send(error_body(ServerError("bad-json", "messages must be JSON")))
                    continue
                if not isinstance(msg, dict) or msg.get("type") not in ("choose", "ping", "state"):
                    await send(
                        error_body(
                            ServerError(
                                "bad-message", "send {type: 'choose', key, seq} or {type: 'ping'}"
                            )
                        )
                    )
                    continue
                if msg["type"] == "ping":
                    await send({"type": "pong"})
                    continue
                if msg["type"] == "state":
                    await send(hub.message(table, conn, recent=True))
                    continue
                try:
                    await hub.choose(table, seat, token, msg.get("key"), msg.get("seq"))
                except HellasError as exc:
                    await send(error_body(exc))
                    await send(hub.message(table, conn))
        except WebSocketDisconnect:
            pass
        finally:
            if conn in table.connections:
                table.connections.remove(conn)
            await hub.broadcast(table)

    return app


async def _noop(_message: dict[str, Any]) -> None:
    return None


async def _refuse(ws: WebSocket, exc: Exception) -> None:
    await ws.send_text(json.dumps(error_body(exc)))
    await ws.close(code=4403 if getattr(exc, "code", "") == "bad-token" else 4400)


async def _json_body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > 64 * 1024:
        raise ServerError("too-large", "request body too large", 413)
    try:
        body = json.loads(raw or b"{}")
    except json.JSONDecodeError as exc:
        raise ServerError("bad-json", f"the body must be JSON: {exc.msg}") from exc
    if not isinstance(body, dict):
        raise ServerError("bad-json", "the body must be a JSON object")
    return body


def _link(table_id: str, seat: int, token: str) -> str:
    return f"/table/{table_id}?seat={seat}&token={token}"
