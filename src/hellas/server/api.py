"""The HTTP API: games, the lobby's tables, seats, choices, hints, views, records and replays.

Each route reads its JSON body through ``limits.parse_json`` (a clear 400 for anything
malformed), reaches the hub through ``site.site_of`` and leaves the work to the hub; per-address
limits (table creations, replay steps, hints, "my tables" look-ups) answer 429 with
``Retry-After``.  Seat tokens travel in request bodies or the ``X-Seat-Token`` header, so that
URLs (which proxies log) need not carry them; the old ``?token=`` query still works.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, Response

from hellas.ai import bot_names
from hellas.core.compiled import engine_note, modules
from hellas.games import REGISTRY
from hellas.server import arrivals, names
from hellas.server.account_api import link_if_signed_in
from hellas.server.errors import ServerError
from hellas.server.hints import ask
from hellas.server.hub import Hub
from hellas.server.limits import (
    CHOOSE,
    CLAIM,
    CREATE_TABLE,
    HINT,
    MAX_NAME,
    SEAT_BOT,
    check_bot_spec,
    check_seed,
    check_text,
    parse_json,
)
from hellas.server.live import HUMAN, Connection, stored_hints
from hellas.server.settings import parse_mute, parse_pace
from hellas.server.shared_limits import check
from hellas.server.sharing import join_path, my_tables, seat_path
from hellas.server.site import address, site_of, token_of
from hellas.server.social import social_of
from hellas.server.timers import stand_in
from hellas.server.traffic import PAGE_DEFAULT, PAGE_MAX
from hellas.server.wire import dumps

WEB = Path(__file__).resolve().parent.parent / "web"
router = APIRouter()


async def _noop(_message: str) -> None:
    return None


async def _json_body(request: Request) -> dict[str, Any]:
    return parse_json(await request.body())  # BodyLimit has bounded its size


def _seat_of(body: dict[str, Any]) -> int:
    """Return the seat number a request body names, or raise a clear 400."""
    seat = body.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise ServerError("bad-request", "give your 'seat' number")
    return seat


def seatable_bots(game: Any) -> list[str]:
    """Return the bots a table of ``game`` may seat: never the ones that read hidden cards."""
    out = []
    for name in bot_names(game):
        try:
            check_bot_spec(game, name)
        except ServerError:
            continue
        out.append(name)
    return out


# -- pages -----------------------------------------------------------------------------------


@router.get("/", include_in_schema=False)
async def lobby_page() -> FileResponse:
    """Serve the lobby."""
    return FileResponse(WEB / "index.html")


@router.get("/table/{table_id}", include_in_schema=False)
async def table_page(table_id: str) -> FileResponse:
    """Serve a table (its seat, if any, is in the link's fragment)."""
    return FileResponse(WEB / "table.html")


@router.get("/replay/{table_id}", include_in_schema=False)
async def replay_page(table_id: str) -> FileResponse:
    """Serve a game's replay."""
    return FileResponse(WEB / "replay.html")


@router.get("/how-to-play/{game_id}", include_in_schema=False)
async def how_to_play_page(game_id: str) -> FileResponse:
    """Serve a game's rules in our own words."""
    return FileResponse(WEB / "how-to-play.html")


# -- games and tables ---------------------------------------------------------------------------


@router.get("/api/games")
async def games(request: Request) -> list[dict[str, Any]]:
    """Every game with its seats, options, bots, levels, packs offered and web modules."""
    packs = site_of(request).hub.packs
    return [
        {
            "id": g.meta.id,
            "title": g.meta.title,
            "summary": g.meta.summary,
            "min_seats": g.meta.min_seats,
            "max_seats": g.meta.max_seats,
            "seats_option": g.meta.seats_option,
            "options": g.meta.options.to_json(),
            "bots": seatable_bots(g),
            # what people pick: Easy/Normal/Hard(/Expert), each a bot and its budget
            "levels": [level.to_json() for level in g.bot_levels()],
            "packs": packs.listed(g.meta.id),
            # declared once in the game's package: rules version, talk, web modules and art
            "version": g.meta.version,
            "cooperative": g.meta.cooperative,
            "talk": g.meta.talk,
            "rated": g.meta.rated,  # and the other properties its metadata declares
            "score_kind": g.meta.score_kind,
            "campaign": g.meta.campaign,
            "web": g.meta.web.urls(g.meta.id),  # its own folder, served by gameweb.py
        }
        for g in REGISTRY
    ]


@router.post("/api/tables", openapi_extra=CREATE_TABLE)
async def create_table(request: Request) -> dict[str, Any]:
    """Create a table: {game, options, seats, seed?, name?, private?, hints?, pace?, ...}.

    A private table is never listed, and each human seat gets its own secret link.  Hints
    (the seat to act may ask the search bot for its top choices) are on by default with one
    human seat and off with more.  ``pace`` (untimed, live, relaxed, days or {per_move,
    reserve}) and ``mute_spectators`` are the table's settings (``server/settings.py``).
    """
    site = site_of(request)
    body = await _json_body(request)
    game = body.get("game")
    options = body.get("options", {})
    seats = body.get("seats")
    if not isinstance(game, str) or not isinstance(options, dict):
        raise ServerError("bad-request", "give 'game' (text) and 'options' (an object)")
    if not isinstance(seats, list) or not all(isinstance(x, str) for x in seats):
        raise ServerError("bad-request", "give 'seats': a list of 'human' or bot names")
    if len(seats) > 16 or len(options) > 32:
        raise ServerError("bad-request", "at most 16 seats and 32 options")
    seed = check_seed(body.get("seed"))
    name = check_text(body.get("name", ""), "name", MAX_NAME)
    private = body.get("private", False)
    if not isinstance(private, bool):
        raise ServerError("bad-request", "'private' must be true or false")
    hints = body.get("hints")
    if hints is not None and not isinstance(hints, bool):
        raise ServerError("bad-request", "'hints' must be true or false (or left out)")
    pace, mute = parse_pace(body.get("pace")), parse_mute(body.get("mute_spectators"))
    await check(site.creations, address(request))  # 429 when too many (every process)
    table, creator = await site.hub.create(
        game, options, seats, seed, name, private, hints, owner=address(request)
    )
    site.listings.clear()  # the lobby shows the new table at once
    arrivals.mark(table, creator.get("seat"))  # the creator is here; friends not yet
    await social_of(request).configure(table, pace, mute)  # pace, clocks, spectators' chat
    if creator:
        await link_if_signed_in(request, table, creator["seat"])  # "My tables" on any device
    return _created(request, table, creator, private)


def _created(
    request: Request, table: Any, creator: dict[str, Any], private: bool
) -> dict[str, Any]:
    """Return the answer to a table creation: seats, the creator's link, invitations, joins."""
    site = site_of(request)
    out: dict[str, Any] = {"id": table.id, "private": private}
    out["seats"] = site.hub.seats_info(table)
    out["hints"] = table.hints
    invites = creator.pop("invites", [])
    if creator:
        link = seat_path(table.id, creator["seat"], creator["token"])
        out["you"] = {**creator, "link": link, "url": site.url(request, link)}
    out["invites"] = []  # private: one secret link per other human seat, to send a friend
    for invite in invites:
        link = seat_path(table.id, invite["seat"], invite["token"])
        out["invites"].append({**invite, "link": link, "url": site.url(request, link)})
    out["join"] = [  # public: open seats anyone may take (the link holds no secret)
        {
            "seat": s.seat,
            "link": join_path(table.id, s.seat),
            "url": site.url(request, join_path(table.id, s.seat)),
        }
        for s in table.seats
        if s.kind == HUMAN and not s.claimed
    ]
    out["watch"] = f"/table/{table.id}"
    # the game's advice about these (valid) options, e.g. modules the rulebook keeps apart
    out["warnings"] = table.game.option_warnings(table.match.record.options)
    return out


@router.get("/api/site")
async def site_info(request: Request) -> dict[str, Any]:
    """Return the address people reach this server at (the base of links to send)."""
    return {"base": site_of(request).url(request, "")}


@router.get("/api/engine")
async def engine() -> dict[str, str]:
    """Return which engine runs and, while a compiled one builds, when it will be used."""
    return engine_note(modules(REGISTRY))


@router.post("/api/my-tables")
async def mine(request: Request) -> list[dict[str, Any]]:
    """Summarise the tables of the seats a browser holds: {seats: [{table, seat, token}]}."""
    site = site_of(request)
    body = await _json_body(request)
    entries = body.get("seats")
    if isinstance(entries, list) and any(
        not isinstance(e, dict) or e.get("table") not in site.hub.tables for e in entries
    ):
        await check(site.lookups, address(request))  # loading tables costs: limited
    return await my_tables(site.hub, entries)


@router.get("/api/tables", response_model=None)
async def list_tables(
    request: Request, status: str = "open", limit: int = PAGE_DEFAULT, offset: int = 0
) -> Response:
    """Tables, newest first: ``open`` (free human seats), ``playing``, ``finished``, ``all``.

    One page at a time: ``limit`` tables (at most 100) after skipping ``offset``.  Each
    distinct page is loaded at most once a second (``server/listing.py``) and costs its
    address several request tokens (``limits.request_cost``).
    """
    site = site_of(request)
    if status not in ("open", "playing", "finished", "all"):
        raise ServerError("bad-request", "status is open, playing, finished or all")
    if not 1 <= limit <= PAGE_MAX or not 0 <= offset <= 10**9:
        raise ServerError("bad-request", f"limit is 1 to {PAGE_MAX}; offset is 0 or more")
    page = await site.listings.get(
        (status, limit, offset), lambda: _listing(site.hub, status, limit, offset)
    )
    return Response(page, media_type="application/json")


async def _listing(hub: Hub, status: str, limit: int, offset: int) -> str:
    """Return one page of the lobby as JSON text, read from the database."""
    finished = None if status == "all" else status == "finished"
    ttl = hub.traffic.open_table_ttl
    cutoff = time.time() - ttl if ttl else 0.0
    rows = await asyncio.to_thread(
        hub.store.list_tables, finished, limit, offset, status == "open", cutoff
    )
    people = await asyncio.to_thread(names.listed, hub.store, [r.id for r in rows])
    out = []
    for r in rows:
        free = [s.seat for s in r.seats if s.kind == HUMAN and not s.claimed]
        game = REGISTRY.get(r.game) if r.game in REGISTRY.ids() else None
        health = hub.health(r)  # {"status": "unavailable", "reason": ...} for a broken one
        if status == "open" and (not free or health["status"] == "unavailable"):
            continue
        out.append(
            {
                "id": r.id,
                "game": r.game,
                "name": r.name,
                "options": hub.packs.public_options(r.game, r.options),
                "seats": [s.kind for s in r.seats],
                # who sits where, in words ("Ana", "Bea (guest)", "Normal bot"; "" free)
                "names": [names.listed_name(people.get((r.id, s.seat)), s, game) for s in r.seats],
                "free": free,
                "moves": r.move_count,
                "finished": r.finished,
                "hints": stored_hints(r),
                **health,
            }
        )
    return dumps(out)


@router.get("/api/tables/{table_id}")
async def table_info(table_id: str, request: Request) -> dict[str, Any]:
    """Return a table's public facts."""
    hub = site_of(request).hub
    table = await hub.get(table_id)
    outcome = table.game.outcome(table.match.state)
    return {
        "id": table.id,
        "game": table.game.meta.id,
        "name": table.name,
        "options": hub.packs.public_options(table.game.meta.id, table.match.record.options),
        "seats": hub.seats_info(table),
        "moves": len(table.match.record.choices),
        "outcome": outcome.to_json() if outcome else None,
        "private": table.private,
        "closed": table.closed or None,
        "hints": table.hints,
    }


# -- seats and choices --------------------------------------------------------------------------


@router.post("/api/tables/{table_id}/claim", openapi_extra=CLAIM)
async def claim(table_id: str, request: Request) -> dict[str, Any]:
    """Take a free human seat: {seat} -> its secret token and link."""
    site = site_of(request)
    body = await _json_body(request)
    seat = body.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise ServerError("bad-request", "give the 'seat' number to claim")
    table = await site.hub.get(table_id)
    token = await site.hub.claim(table, seat)
    site.listings.clear()  # the seat is no longer listed as free
    await arrivals.arrive(social_of(request).timers, table, seat)  # clocks: one fewer to wait
    await link_if_signed_in(request, table, seat)  # a signed-in player's seat follows them
    if table.seats[seat].account:
        await site.hub.send_seats(table)  # the others see the account's name
    link = seat_path(table_id, seat, token)
    return {"seat": seat, "token": token, "link": link, "url": site.url(request, link)}


@router.post("/api/tables/{table_id}/seats/{seat}/bot", openapi_extra=SEAT_BOT)
async def seat_bot(table_id: str, seat: int, request: Request) -> dict[str, Any]:
    """Hand your seat to a bot ({token, bot}) or take it back ({token, bot: ""})."""
    site = site_of(request)
    hub = site.hub
    body = await _json_body(request)
    token, bot = body.get("token"), body.get("bot", "")
    if not isinstance(token, str) or not isinstance(bot, str):
        raise ServerError("bad-request", "give 'token' and 'bot' (a bot name or '')")
    table = await hub.get(table_id)
    await hub.hand_to_bot(table, seat, token, bot)
    site.listings.clear()  # the lobby lists who sits where
    return {"seats": hub.seats_info(table)}


@router.post("/api/tables/{table_id}/start")
async def start_with_bots(table_id: str, request: Request) -> dict[str, Any]:
    """Start now (the creator: {seat, token}): every seat still waiting gets a Normal bot.

    A free seat is taken for the bot; an invited or rematch seat whose player has not come is
    handed to the bot, and its player takes it back with "Take my seat back" on arriving.
    """
    site = site_of(request)
    hub = site.hub
    body = await _json_body(request)
    seat, token = _seat_of(body), body.get("token")
    table = await hub.get(table_id)
    hub.check_token(table, seat, token)
    arrivals.check_starter(table, seat)
    arrivals.mark(table, seat)
    bot = stand_in(table.game)
    for other in arrivals.waiting(table, hub.online(table)):
        if not table.seats[other].claimed:
            try:
                await hub.claim(table, other)  # the bot's; nobody holds its token
            except ServerError:
                continue  # someone took it a moment ago: they are here
        await hub.set_driver(table, other, bot)
    site.listings.clear()
    await social_of(request).timers.update(table)
    return {"seats": hub.seats_info(table)}


@router.post("/api/tables/{table_id}/seats/{seat}/hello")
async def hello(table_id: str, seat: int, request: Request) -> dict[str, Any]:
    """Say who holds a seat ({token, name?}): a signed-in player's account, else a guest's name.

    The table page calls this whenever it opens a seat, whatever link led there (a public
    join, a private seat link, a rematch): signed in, the seat is linked to the account (its
    name shows, "My tables" lists it on every device, the game can be rated); a guest's
    ``name`` (``names.check_guest``) is shown as "Ana (guest)".  A seat already linked to an
    account keeps its account's name.
    """
    site = site_of(request)
    hub = site.hub
    body = await _json_body(request)
    token, raw = body.get("token"), body.get("name")
    table = await hub.get(table_id)
    hub.check_token(table, seat, token)
    before = (names.seat_name(table, table.seats[seat]), table.seats[seat].account)
    with contextlib.suppress(ServerError):  # linked to another account: it stays theirs
        await link_if_signed_in(request, table, seat)
    row = table.seats[seat]
    if not row.account and raw is not None:
        person = names.Person(names.check_guest(raw), True)
        if names.people(table).get(seat) != person:
            await names.name_seat(hub.store, table, seat, person)
    if (names.seat_name(table, row), row.account) != before:
        site.listings.clear()  # the lobby lists names too
        await hub.send_seats(table)
    return {
        "seat": seat,
        "name": names.seat_name(table, row),
        "account": names.account_name(table, row),
    }


@router.post("/api/tables/{table_id}/choose", openapi_extra=CHOOSE)
async def choose(table_id: str, request: Request) -> dict[str, Any]:
    """Make a choice over HTTP: {seat, token, key, seq?} (the WebSocket does the same)."""
    hub = site_of(request).hub
    body = await _json_body(request)
    table = await hub.get(table_id)
    seat = _seat_of(body)
    await hub.choose(table, seat, body.get("token"), body.get("key"), body.get("seq"))
    await arrivals.arrive(social_of(request).timers, table, seat)  # its token was good
    return {"seq": len(table.match.record.choices)}


@router.post("/api/tables/{table_id}/hint", openapi_extra=HINT)
async def hint(table_id: str, request: Request) -> dict[str, Any]:
    """Ask the search bot for your top 3 choices and their win chances: {seat, token}."""
    site = site_of(request)
    body = await _json_body(request)
    seat = _seat_of(body)
    token = body.get("token")
    if not isinstance(token, str):
        raise ServerError("bad-request", "give your seat's 'token'")
    table = await site.hub.get(table_id)
    return await ask(site.hub, table, seat, token, address(request), site.hints)


# -- views, records, replays --------------------------------------------------------------------


@router.get("/api/tables/{table_id}/view")
async def view(
    table_id: str, request: Request, seat: int | None = None, token: str | None = None
) -> Any:
    """Return a seat's (or a spectator's) current message, as the WebSocket sends it."""
    hub = site_of(request).hub
    table = await hub.get(table_id)
    hub.check_token(table, seat, token_of(request, token))
    await arrivals.arrive(social_of(request).timers, table, seat)  # the player opened it
    return await hub.snapshot(table, Connection(seat, _noop))


@router.get("/api/tables/{table_id}/record")
async def record(table_id: str, request: Request) -> dict[str, Any]:
    """Return the record of a finished game (choices included)."""
    table = await site_of(request).hub.get(table_id)
    if table.match.to_act() is not None:
        raise ServerError("not-finished", "the record is available once the game is over", 403)
    out = table.match.record.to_json()
    out["options"] = site_of(request).hub.packs.public_options(table.game.meta.id, out["options"])
    return out


@router.get("/api/tables/{table_id}/replay/{step}")
async def replay_step(
    table_id: str,
    step: int,
    request: Request,
    seat: int | None = None,
    token: str | None = None,
) -> Response:
    """Return the view at a step of the game (ongoing games: your own seat only)."""
    site = site_of(request)
    await check(site.replays, address(request))
    table = await site.hub.get(table_id)
    page = await site.hub.replay_step(table, seat, token_of(request, token), step)
    return Response(dumps(page), media_type="application/json")  # no walk through the encoder
