"""The FastAPI application: lobby API, seats, WebSocket play, replays and the static pages."""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import time
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from hellas.ai import bot_names
from hellas.core.errors import HellasError
from hellas.games import REGISTRY
from hellas.server.hints import ask
from hellas.server.hub import HUMAN, Connection, Hub, ServerError, stored_hints
from hellas.server.limits import (
    CHOOSE,
    CLAIM,
    CREATE_TABLE,
    HINT,
    MAX_NAME,
    SEAT_BOT,
    BodyLimit,
    check_seed,
    check_text,
    parse_json,
    validation_error,
)
from hellas.server.sharing import join_path, my_tables, seat_path
from hellas.server.store import Store
from hellas.server.traffic import PAGE_DEFAULT, PAGE_MAX, RateLimiter, TrafficLimits
from hellas.server.wire import dumps
from hellas.server.workers import BotPool

WEB = Path(__file__).resolve().parent.parent / "web"
MAX_MESSAGE = 4096  # bytes: a choice message is tiny
log = logging.getLogger("hellas.server")


def error_body(exc: Exception) -> dict[str, Any]:
    """Return the JSON body of an error."""
    code = getattr(exc, "code", "bad-request")
    return {"type": "error", "code": code, "message": str(exc)}


def create_app(
    database_url: str,
    bot_delay: float = 0.3,
    public_url: str | None = None,
    bots: BotPool | None = None,
    traffic: TrafficLimits | None = None,
) -> FastAPI:
    """Return the Hellas web application backed by ``database_url``.

    ``public_url`` (checked by ``sharing.public_base``) is the address people reach the server
    at; links the API hands out start with it (else with the address of the request).
    """
    store = Store(database_url)
    hub = Hub(store, bot_delay=bot_delay, bots=bots)
    hub.traffic = traffic or TrafficLimits()
    creations = RateLimiter(hub.traffic.create_rate)  # per client address

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> Any:
        chores = start_chores(hub)  # bot tables resume and stale open tables close, meanwhile
        gc.freeze()  # what start-up built lives on: full collections skip it (shorter pauses)
        yield
        for chore in chores:
            chore.cancel()
        for table in list(hub.tables.values()):  # stop thinking bots at once
            if table.bot_task is not None:
                table.bot_task.cancel()
        hub.bots.close()
        store.close()

    app = FastAPI(title="Hellas", lifespan=lifespan)
    app.state.hub = hub
    app.add_middleware(BodyLimit)  # bodies are refused while they stream in, never buffered
    app.add_exception_handler(RequestValidationError, validation_error)  # 400, not 422
    app.mount("/static", StaticFiles(directory=WEB), name="static")

    def url(request: Request, path: str) -> str:
        """Return the absolute address of a site path, for links people send each other."""
        return (public_url or str(request.base_url).rstrip("/")) + path

    @app.exception_handler(HellasError)
    async def _hellas_error(_request: Request, exc: HellasError) -> JSONResponse:
        return JSONResponse(
            error_body(exc),
            status_code=getattr(exc, "status", 400),
            headers=getattr(exc, "headers", None),
        )

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

    @app.get("/how-to-play/{game_id}", include_in_schema=False)
    async def how_to_play_page(game_id: str) -> FileResponse:
        return FileResponse(WEB / "how-to-play.html")

    # -- API -------------------------------------------------------------------------------------

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        """Every registered game with its seats, option schema, bots and bot levels."""
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
                # what people pick: Easy/Normal/Hard(/Expert), each a bot and its budget
                "levels": [level.to_json() for level in g.bot_levels()],
            }
            for g in REGISTRY
        ]

    @app.post("/api/tables", openapi_extra=CREATE_TABLE)
    async def create_table(request: Request) -> dict[str, Any]:
        """Create a table: {game, options, seats: [human or bot], seed?, name?, private?, hints?}.

        A private table is never listed, and each human seat gets its own secret link.  Hints
        (the seat to act may ask the search bot for its top choices) are on by default with one
        human seat and off with more.
        """
        body = await _json_body(request)
        game = body.get("game")
        options = body.get("options", {})
        seats = body.get("seats")
        seed = body.get("seed")
        if not isinstance(game, str) or not isinstance(options, dict):
            raise ServerError("bad-request", "give 'game' (text) and 'options' (an object)")
        if not isinstance(seats, list) or not all(isinstance(x, str) for x in seats):
            raise ServerError("bad-request", "give 'seats': a list of 'human' or bot names")
        seed = check_seed(seed)
        name = check_text(body.get("name", ""), "name", MAX_NAME)
        private = body.get("private", False)
        if not isinstance(private, bool):
            raise ServerError("bad-request", "'private' must be true or false")
        hints = body.get("hints")
        if hints is not None and not isinstance(hints, bool):
            raise ServerError("bad-request", "'hints' must be true or false (or left out)")
        creations.check(request.client.host if request.client else "?")  # 429 when too many
        table, creator = await hub.create(game, options, seats, seed, name, private, hints)
        out: dict[str, Any] = {"id": table.id, "private": private, "seats": hub.seats_info(table)}
        out["hints"] = table.hints
        invites = creator.pop("invites", [])
        if creator:
            link = seat_path(table.id, creator["seat"], creator["token"])
            out["you"] = {**creator, "link": link, "url": url(request, link)}
        out["invites"] = []  # private: one secret link per other human seat, to send a friend
        for invite in invites:
            link = seat_path(table.id, invite["seat"], invite["token"])
            out["invites"].append({**invite, "link": link, "url": url(request, link)})
        out["join"] = [  # public: open seats anyone may take (the link holds no secret)
            {
                "seat": s.seat,
                "link": join_path(table.id, s.seat),
                "url": url(request, join_path(table.id, s.seat)),
            }
            for s in table.seats
            if s.kind == HUMAN and not s.claimed
        ]
        out["watch"] = f"/table/{table.id}"
        # the game's advice about these (valid) options, e.g. modules the rulebook keeps apart
        out["warnings"] = table.game.option_warnings(table.match.record.options)
        return out

    @app.get("/api/site")
    async def site(request: Request) -> dict[str, Any]:
        """Return the address people reach this server at (the base of links to send)."""
        return {"base": url(request, "")}

    @app.post("/api/my-tables")
    async def mine(request: Request) -> list[dict[str, Any]]:
        """Summarise the tables of the seats a browser holds: {seats: [{table, seat, token}]}."""
        body = await _json_body(request)
        return await my_tables(hub, body.get("seats"))

    @app.get("/api/tables")
    async def list_tables(
        status: str = "open", limit: int = PAGE_DEFAULT, offset: int = 0
    ) -> list[dict[str, Any]]:
        """Tables, newest first: ``open`` (free human seats), ``playing``, ``finished``, ``all``.

        One page at a time: ``limit`` tables (at most 100) after skipping ``offset``.
        """
        if status not in ("open", "playing", "finished", "all"):
            raise ServerError("bad-request", "status is open, playing, finished or all")
        if not 1 <= limit <= PAGE_MAX or not 0 <= offset <= 10**9:
            raise ServerError("bad-request", f"limit is 1 to {PAGE_MAX}; offset is 0 or more")
        finished = None if status == "all" else status == "finished"
        ttl = hub.traffic.open_table_ttl
        cutoff = time.time() - ttl if ttl else 0.0
        rows = await asyncio.to_thread(
            hub.store.list_tables, finished, limit, offset, status == "open", cutoff
        )
        out = []
        for r in rows:
            free = [s.seat for s in r.seats if s.kind == HUMAN and not s.claimed]
            health = hub.health(r)  # {"status": "unavailable", "reason": ...} for a broken one
            if status == "open" and (not free or health["status"] == "unavailable"):
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
                    "hints": stored_hints(r),
                    **health,
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
            "private": table.private,
            "closed": table.closed or None,
            "hints": table.hints,
        }

    @app.post("/api/tables/{table_id}/claim", openapi_extra=CLAIM)
    async def claim(table_id: str, request: Request) -> dict[str, Any]:
        """Take a free human seat: {seat} -> its secret token and link."""
        body = await _json_body(request)
        seat = body.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise ServerError("bad-request", "give the 'seat' number to claim")
        table = await hub.get(table_id)
        token = await hub.claim(table, seat)
        link = seat_path(table_id, seat, token)
        return {"seat": seat, "token": token, "link": link, "url": url(request, link)}

    @app.post("/api/tables/{table_id}/seats/{seat}/bot", openapi_extra=SEAT_BOT)
    async def seat_bot(table_id: str, seat: int, request: Request) -> dict[str, Any]:
        """Hand your seat to a bot ({token, bot}) or take it back ({token, bot: ""})."""
        body = await _json_body(request)
        token, bot = body.get("token"), body.get("bot", "")
        if not isinstance(token, str) or not isinstance(bot, str):
            raise ServerError("bad-request", "give 'token' and 'bot' (a bot name or '')")
        table = await hub.get(table_id)
        await hub.hand_to_bot(table, seat, token, bot)
        return {"seats": hub.seats_info(table)}

    @app.post("/api/tables/{table_id}/choose", openapi_extra=CHOOSE)
    async def choose(table_id: str, request: Request) -> dict[str, Any]:
        """Make a choice over HTTP: {seat, token, key, seq?} (the WebSocket does the same)."""
        body = await _json_body(request)
        table = await hub.get(table_id)
        seat = _seat_of(body)
        await hub.choose(table, seat, body.get("token"), body.get("key"), body.get("seq"))
        return {"seq": len(table.match.record.choices)}

    @app.post("/api/tables/{table_id}/hint", openapi_extra=HINT)
    async def hint(table_id: str, request: Request) -> dict[str, Any]:
        """Ask the search bot for your top 3 choices and their win chances: {seat, token}."""
        body = await _json_body(request)
        seat = _seat_of(body)
        token = body.get("token")
        if not isinstance(token, str):
            raise ServerError("bad-request", "give your seat's 'token'")
        table = await hub.get(table_id)
        return await ask(hub, table, seat, token)

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
        return await hub.replay_step(table, seat, token, step)

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
            await ws.send_text(dumps(message))

        conn = Connection(seat, ws.send_text)
        try:
            await hub.join(table, conn)  # its first message; a spectator over the cap is refused
        except HellasError as exc:
            await _refuse(ws, exc)
            return
        try:
            while True:
                frame = await ws.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                raw = frame.get("text")
                if raw is None:  # a binary frame
                    await send(error_body(ServerError("bad-message", "send JSON text frames")))
                    continue
                if len(raw.encode()) > MAX_MESSAGE:
                    await send(error_body(ServerError("too-large", "message too large")))
                    continue
                try:
                    msg = json.loads(raw)
                except (ValueError, RecursionError):
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
            await hub.leave(table, conn)

    return app


async def _noop(_message: str) -> None:
    return None


async def _refuse(ws: WebSocket, exc: Exception) -> None:
    await ws.send_text(json.dumps(error_body(exc)))
    code = getattr(exc, "code", "")
    await ws.close(code={"bad-token": 4403, "too-many-spectators": 4429}.get(code, 4400))


def start_chores(hub: Hub) -> list[asyncio.Task[None]]:
    """Start the server's background work: resuming bot tables, closing stale open tables."""
    return [asyncio.create_task(_resume(hub)), asyncio.create_task(_expire_open_tables(hub))]


async def _resume(hub: Hub) -> None:
    count = await hub.resume_all()
    log.info("resumed %d table(s) with bots", count)


async def _expire_open_tables(hub: Hub) -> None:
    ttl = hub.traffic.open_table_ttl
    if not ttl:
        return
    while True:
        try:
            closed = await hub.expire()
            if closed:
                log.info("closed %d open table(s) nobody joined", len(closed))
        except Exception:
            log.exception("closing stale open tables failed; trying again later")
        await asyncio.sleep(min(max(ttl / 4, 1.0), 300.0))


def _seat_of(body: dict[str, Any]) -> int:
    """Return the seat number a request body names, or raise a clear 400."""
    seat = body.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise ServerError("bad-request", "give your 'seat' number")
    return seat


async def _json_body(request: Request) -> dict[str, Any]:
    return parse_json(await request.body())  # BodyLimit has bounded its size
