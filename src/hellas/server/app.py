"""The FastAPI application: the API and WebSocket routers, static pages, errors, background work.

``create_app`` wires one server together: the store, the hub with its bot pool and traffic
limits, the routes (``api``, ``sockets``), the body-size limit and the background chores
(``chores``), and the error handlers that answer every refusal in one JSON shape.
"""

from __future__ import annotations

import gc
import logging
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.requests import ClientDisconnect

from hellas.core.errors import HellasError
from hellas.server import account_api, api, gameweb, health, metrics, origin, social, sockets
from hellas.server.accounts import Accounts
from hellas.server.chores import start_chores
from hellas.server.cluster import DEFAULT_LEASE, Cluster
from hellas.server.connections import client_gone
from hellas.server.hub import Hub
from hellas.server.jsonlog import RequestContext
from hellas.server.limits import BodyLimit, RequestRate, validation_error
from hellas.server.packs import Packs
from hellas.server.pool import BotPool
from hellas.server.ratings import Ratings
from hellas.server.site import Site, address
from hellas.server.sockets import error_body
from hellas.server.store import Store
from hellas.server.traffic import Tarpit, TrafficLimits

log = logging.getLogger("hellas.server")


def create_app(
    database_url: str,
    bot_delay: float = 0.3,
    public_url: str | None = None,
    bots: BotPool | None = None,
    traffic: TrafficLimits | None = None,
    packs: str | None = None,
    lease_seconds: float = DEFAULT_LEASE,
    node: str = "",
) -> FastAPI:
    """Return the Hellas web application backed by ``database_url``.

    ``public_url`` (checked by ``sharing.public_base``) is the address people reach the server
    at; links the API hands out start with it (else with the address of the request).
    ``packs``: a folder of content packs the lobby offers (``server/packs.py``).
    ``lease_seconds``: with PostgreSQL, how long a table's bots stay with a silent process;
    ``node``: this process's name among them (``hellas serve``: host:port).
    (``server/cluster.py``).
    """
    store = Store(database_url)
    cluster = Cluster(store, lease_seconds, node)
    packs_offered = Packs.load(packs)
    hub = Hub(store, bot_delay, bots, traffic, packs_offered, cluster)
    parts = social.install(hub)  # settings, timers, chat and rematches (server/social.py)
    accounts = Accounts(store.engine)  # optional accounts, their ratings and campaigns
    ratings = Ratings(accounts)
    hub.on_finish.append(ratings.game_over)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> Any:
        if hub.bots.eager:
            hub.bots.start()  # the bot workers warm up while the server starts
        chores = start_chores(hub)  # bot tables resume and stale open tables close, meanwhile
        chores += hub.cluster.start()  # with PostgreSQL: notices, catch-up, leases
        chores += parts.chores()  # timed seats whose time ran out go to a bot
        gc.freeze()  # what start-up built lives on: full collections skip it (shorter pauses)
        yield
        for chore in chores:
            chore.cancel()
        await hub.close()
        store.close()

    app = FastAPI(title="Hellas", lifespan=lifespan)
    app.state.hub = hub
    app.state.site = Site.build(hub, public_url)
    app.state.readiness = health.Readiness()
    app.state.social = parts
    app.state.accounts = account_api.AccountSite(accounts, ratings)
    app.add_middleware(BodyLimit)  # bodies are refused while they stream in, never buffered
    app.add_middleware(origin.SameOrigin, public_url=public_url)  # no cross-site changes
    app.add_middleware(RequestContext)  # request and table ids for the log lines
    # a flood of API requests from one address is refused before any routing (the outermost)
    tarpit = app.state.tarpit = Tarpit(hub.traffic.refused_hold)  # refusals wait a moment
    app.add_middleware(
        RequestRate, rate=hub.traffic.http_rate, refused=hub.metrics.refuse, tarpit=tarpit
    )
    app.add_exception_handler(RequestValidationError, validation_error)  # 400, not 422
    app.add_exception_handler(HellasError, _hellas_error)
    app.add_exception_handler(ClientDisconnect, client_gone)  # a body timed out: one line
    app.add_exception_handler(Exception, _internal_error)
    app.include_router(gameweb.router)  # each game's web folder: before the /static mount
    app.mount("/static", StaticFiles(directory=api.WEB), name="static")
    app.include_router(api.router)
    app.include_router(sockets.router)
    app.include_router(health.router)
    app.include_router(metrics.router)
    app.include_router(social.router)
    app.include_router(account_api.router)
    return app


async def _hellas_error(request: Request, exc: Exception) -> JSONResponse:
    if getattr(exc, "status", 400) == 429:  # a limit refused it: counted for /metrics
        request.app.state.hub.metrics.refuse(getattr(exc, "code", "limit"))
        await request.app.state.tarpit.hold(address(request))  # a flood waits for its answer
    return JSONResponse(
        error_body(exc),
        status_code=getattr(exc, "status", 400),
        headers=getattr(exc, "headers", None),
    )


async def _internal_error(_request: Request, exc: Exception) -> JSONResponse:
    log.exception("internal error", exc_info=exc)
    body = {"type": "error", "code": "internal", "message": "internal server error (logged)"}
    return JSONResponse(body, status_code=500)
