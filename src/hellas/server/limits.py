"""What one client may ask of the server: bot strength, body size, text fields, seeds.

Everything here refuses bad input with a :class:`~hellas.server.hub.ServerError` (a 4xx and a
clear message) before anything is stored, so a refused request changes nothing and no input
reaches the database that the database would refuse with an error of its own.
"""

from __future__ import annotations

import json
import unicodedata
from collections import OrderedDict
from collections.abc import Callable, Container
from typing import Any

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.engine import Engine
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from hellas.ai import make_bot
from hellas.core.errors import HellasError
from hellas.core.game import BotCost, Game
from hellas.server.addresses import client_key
from hellas.server.errors import ServerError
from hellas.server.shared_limits import SharedRate, shared_rate
from hellas.server.traffic import (
    BUCKETS_MAX,
    PAGE_DEFAULT,
    PAGE_MAX,
    Bucket,
    RateLimiter,
    Tarpit,
)

MAX_BODY = 64 * 1024  # bytes: every request body of the API is small JSON
MAX_NAME = 80  # characters of a table name (the column's width)
MAX_BOT_NAME = 40  # characters of a bot name (the seat columns' width)
SEED_LIMIT = 2**63  # seeds are whole numbers 0 <= seed < 2**63 (stored as text, 24 wide)
DEFAULT_MAX_ITERATIONS = 5000  # ISMCTS simulations a move: about 1 s of one core (Realms)
DEFAULT_MAX_SAMPLES = 64  # sampled deals a decision may draw (lookahead, improver, ISMCTS pool)
DEFAULT_BOT_BUDGET = 2.0  # seconds one bot move may think before it must answer
DEFAULT_BOT_MEMORY = 1024  # MiB of address space one bot worker may use
MIN_BOT_MEMORY = 256  # MiB: a warmed worker already maps ~160, so a lower ceiling starves it
# what an API request costs of its address's tokens (``--http-rate`` of them a second)
CHEAP_COST = 1.0  # answered from memory: a table in play, the games, a choice
LOAD_COST = 5.0  # may read the database: a table not in memory, accounts, chat pages
LIST_BASE, LIST_PER_ROW = 2.0, 0.1  # a lobby listing: 2 + limit/10 (12 for 100 tables)
HTTP_BATCH = 0.1  # of the burst, reserved at once from the shared bucket (PostgreSQL)
LOADING_PATHS = ("/api/my-tables", "/api/account", "/api/accounts/", "/api/leaderboard/")


def short(text: str, limit: int = 40) -> str:
    """Return ``text`` cut to ``limit`` characters (with an ellipsis): never echo a whole input."""
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def check_bot_spec(
    game: Game[Any],
    name: object,
    max_iterations: int = DEFAULT_MAX_ITERATIONS,
    max_samples: int = DEFAULT_MAX_SAMPLES,
) -> BotCost:
    """Return bot ``name``'s declared cost, or raise a clear 400 if a server won't seat it.

    The gate every bot passes at table creation, at a seat's hand-off and when a stored table
    resumes: a known, well-formed name, a declared cost (``BotCost``) within the server's
    iteration and sample limits, and no reading of hidden cards (reference bots are for
    simulation and research only).
    """
    if not isinstance(name, str) or not name:
        raise ServerError("bad-bot", "a bot name is text, e.g. 'bot' or 'ismcts:200'")
    if len(name) > MAX_BOT_NAME:
        raise ServerError("bad-bot", f"a bot name is at most {MAX_BOT_NAME} characters")
    try:
        bot = make_bot(game, name)
    except (HellasError, ValueError) as exc:
        raise ServerError("bad-bot", short(str(exc), 300)) from exc
    if not (name.isascii() and name.isprintable()):
        raise ServerError(
            "bad-bot", f"{short(name)!r}: bot names are plain letters, digits and ':'"
        )
    declared = getattr(bot, "cost", None)
    if declared is None:
        raise ServerError("bad-bot", f"{name!r} declares no cost, so no server can bound it")
    cost: BotCost = declared()
    if cost.reads_hidden:
        raise ServerError(
            "bad-bot",
            f"{name!r} is a reference bot that reads hidden cards: it plays in simulations and "
            "research only, never at a table",
        )
    for what, have, most, flag in (
        ("iterations", cost.iterations, max_iterations, "--max-bot-iterations"),
        ("samples", cost.samples, max_samples, "--max-bot-samples"),
    ):
        if have > most:
            raise ServerError(
                "bad-bot",
                f"{name!r} asks for {have} {what} per decision; this server allows at most "
                f"{most} (hellas serve {flag})",
            )
    return cost


def check_text(value: Any, field: str, limit: int) -> str:
    """Return ``value`` if it is text of at most ``limit`` storable characters, else raise."""
    if not isinstance(value, str):
        raise ServerError("bad-request", f"'{field}' must be text")
    if len(value) > limit:
        raise ServerError("bad-request", f"'{field}' is at most {limit} characters")
    if any(unicodedata.category(ch) in ("Cc", "Cs") for ch in value):
        raise ServerError("bad-request", f"'{field}' may not hold control characters")
    return value


def check_seed(seed: Any) -> int | None:
    """Return a valid seed (or None for a random one), else raise a clear 400."""
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        raise ServerError(
            "bad-request", f"'seed' must be a whole number from 0 to {SEED_LIMIT - 1}"
        )
    return seed


def parse_json(raw: bytes) -> dict[str, Any]:
    """Return the JSON object in a request body, or raise a 400 that says what is wrong."""
    try:
        body = json.loads(raw or b"{}")
    except UnicodeDecodeError as exc:
        raise ServerError("bad-json", "the body must be UTF-8 text") from exc
    except json.JSONDecodeError as exc:
        raise ServerError("bad-json", f"the body must be JSON: {exc.msg}") from exc
    except (RecursionError, ValueError) as exc:  # nested too deep, or a number too long
        raise ServerError("bad-json", "the body is JSON this server does not accept") from exc
    if not isinstance(body, dict):
        raise ServerError("bad-json", "the body must be a JSON object")
    return body


def request_schema(properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    """Return a route's ``openapi_extra`` documenting its JSON body (the route checks it)."""
    schema = {"type": "object", "properties": properties, "required": required}
    content = {"application/json": {"schema": schema}}
    return {"requestBody": {"required": True, "content": content}}


TEXT = {"type": "string"}
WHOLE = {"type": "integer"}
CREATE_TABLE = request_schema(
    {
        "game": {**TEXT, "maxLength": 32},
        "options": {"type": "object"},
        "seats": {"type": "array", "items": {**TEXT, "maxLength": MAX_BOT_NAME}},
        "seed": {**WHOLE, "minimum": 0, "maximum": SEED_LIMIT - 1},
        "name": {**TEXT, "maxLength": MAX_NAME},
        "private": {"type": "boolean"},
        "hints": {"type": "boolean"},
    },
    ["game", "seats"],
)
CLAIM = request_schema({"seat": WHOLE}, ["seat"])
SEAT_BOT = request_schema({"token": TEXT, "bot": {**TEXT, "maxLength": MAX_BOT_NAME}}, ["token"])
HINT = request_schema({"seat": WHOLE, "token": TEXT}, ["seat", "token"])
CHOOSE = request_schema(
    {"seat": WHOLE, "token": TEXT, "key": TEXT, "seq": WHOLE}, ["seat", "token", "key"]
)


async def validation_error(_request: Request, exc: Exception) -> JSONResponse:
    """Answer a malformed path or query parameter with a 400 in the API's error format."""
    problems = exc.errors() if isinstance(exc, RequestValidationError) else []
    where = ", ".join(
        f"{'.'.join(str(p) for p in e.get('loc', ())[1:])}: {e.get('msg', 'invalid')}"
        for e in problems[:3]
    )
    body = {"type": "error", "code": "bad-request", "message": where or "malformed request"}
    return JSONResponse(body, status_code=400)


def _error(code: str, message: str, status: int) -> tuple[int, bytes]:
    body = {"type": "error", "code": code, "message": message}
    return status, json.dumps(body).encode()


class BodyLimit:
    """ASGI middleware: refuse an HTTP request body over ``limit`` bytes as it streams in.

    A declared ``Content-Length`` over the limit is refused before any of the body is read;
    an undeclared (chunked) body is counted chunk by chunk and refused once it passes the limit,
    so the server never holds more than about ``limit`` bytes of one request.
    """

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on, refusing its body if it is or grows too large."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        refusal = None
        if declared is not None:
            if not declared.isdigit():
                refusal = _error("bad-request", "Content-Length must be a number", 400)
            elif int(declared) > self.limit:
                refusal = _error("too-large", f"request body over {self.limit} bytes", 413)
        if refusal is not None:
            status, payload = refusal
            await send(
                {
                    "type": "http.response.start",
                    "status": status,
                    "headers": [
                        (b"content-type", b"application/json"),
                        (b"content-length", str(len(payload)).encode()),
                        (b"connection", b"close"),
                    ],
                }
            )
            await send({"type": "http.response.body", "body": payload})
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise ServerError("too-large", f"request body over {self.limit} bytes", 413)
            return message

        async def closing(message: Message) -> None:
            if message["type"] == "http.response.start" and seen > self.limit:
                headers = [*message.get("headers", []), (b"connection", b"close")]
                message = {**message, "headers": headers}  # the rest of the body stays unread
            await send(message)

        await self.app(scope, counted, closing)


def listing_cost(query: bytes) -> float:
    """Return what a lobby listing costs: more tokens the more tables it may hold."""
    limit = PAGE_DEFAULT
    for part in query.split(b"&"):
        name, _, value = part.partition(b"=")
        if name == b"limit":  # anything but a small number is refused by the route: priced high
            limit = int(value) if value.isdigit() and len(value) <= 3 else PAGE_MAX
    return LIST_BASE + LIST_PER_ROW * min(max(limit, 1), PAGE_MAX)


def request_cost(scope: Scope, live: Container[str] | None = None) -> float:
    """Return the tokens an API request costs: a few for a listing or a database read, else 1.

    ``live``: the ids of the tables in memory (a table route on any other id loads the table,
    or looks for it, in the database); None counts every table route as a load.
    """
    path: str = scope["path"]
    method = scope.get("method", "GET")
    if path in ("/api/tables", "/api/tables/"):
        return listing_cost(scope.get("query_string", b"")) if method == "GET" else CHEAP_COST
    if path.startswith(LOADING_PATHS):
        return LOAD_COST
    if path.startswith("/api/tables/"):
        table, _, rest = path[len("/api/tables/") :].partition("/")
        if live is None or table not in live or (rest == "chat" and method == "GET"):
            return LOAD_COST
    return CHEAP_COST


def _live_tables(scope: Scope) -> Container[str] | None:
    """Return the ids of the tables the application holds in memory (None: not known)."""
    hub = getattr(getattr(scope.get("app"), "state", None), "hub", None)
    tables = getattr(hub, "tables", None)
    return tables if isinstance(tables, Container) else None


class RequestRate:
    """ASGI middleware: at most ``rate`` tokens of API requests a second per client.

    Each request costs tokens by what it may make the server do (``request_cost``): one for
    what is answered from memory, several for a lobby listing or anything that may read the
    database, so one address cannot spend a core on listings however it spreads them.
    Clients are keyed by ``client_key`` (an IPv6 /64 counts as one).  Bursts of ``burst``
    tokens pass; the rest are answered 429 (after the tarpit's hold), before any routing,
    body or database work.  The specific limits (tables, hints, replay steps) say what each
    request may do; this one bounds what a flood of requests of any kind costs the server: a
    refused request costs a bucket look-up, not a trip through the application.  Pages and
    static files are not counted (a page load fetches many at once); WebSockets have their
    own limits.

    With PostgreSQL the buckets are shared by every server process (``shared_limits.py``):
    each process reserves a tenth of the burst at a time, so an address gets one allowance
    however many processes it spreads its requests over.  If the database cannot be asked, the
    limit fails open to this process's own buckets: requests (and so moves) never wait on it.
    """

    def __init__(
        self,
        app: ASGIApp,
        rate: float = 0.0,
        burst: float = 0.0,
        refused: Callable[[str], None] | None = None,
        tarpit: Tarpit | None = None,
    ) -> None:
        self.app = app
        self.rate = rate
        self.burst = burst or 4 * rate
        self.tarpit = tarpit or Tarpit(0.0)  # refusals wait here a moment before they go
        self.buckets: OrderedDict[str, Bucket] = OrderedDict()  # least recently seen first
        self.refused = 0
        self.on_refuse = refused  # [metrics, issue 38] told the code of each refusal
        self.shared: SharedRate | None = None  # with PostgreSQL: made at the first request
        self.looked = False  # whether the application's database was looked for yet

    def allow(self, address: str, cost: float = CHEAP_COST) -> bool:
        """Spend ``cost`` of ``address``'s tokens; return whether it had them."""
        bucket = self.buckets.get(address)
        if bucket is None:
            bucket = self.buckets[address] = Bucket(self.rate, self.burst)
            while len(self.buckets) > BUCKETS_MAX:
                self.buckets.popitem(last=False)
        else:
            self.buckets.move_to_end(address)
        return bucket.take(cost=cost)

    def _find_shared(self, scope: Scope) -> SharedRate | None:
        """Return the shared buckets of the application's database (None: SQLite, or no hub)."""
        self.looked = True
        store = getattr(
            getattr(getattr(scope.get("app"), "state", None), "hub", None), "store", None
        )
        engine = getattr(store, "engine", None)
        if isinstance(engine, Engine) and engine.dialect.name == "postgresql":
            per_second = RateLimiter(self.rate * 60, "too-many-requests", "requests", self.burst)
            self.shared = shared_rate(engine, "http", per_second, self.burst * HTTP_BATCH)
        return self.shared

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Refuse the request if its address is over its rate; pass it on otherwise."""
        if self.rate <= 0 or scope["type"] != "http" or not scope["path"].startswith("/api/"):
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        where = client_key(client[0] if client else None)  # an IPv6 /64 is one client
        cost = request_cost(scope, _live_tables(scope))
        shared = self.shared if self.looked else self._find_shared(scope)
        wait = None if shared is None else await shared.spend(where, cost)
        if self.allow(where, cost) if wait is None else wait <= 0:
            await self.app(scope, receive, send)
            return
        self.refused += 1
        await self.tarpit.hold(where)
        if self.on_refuse is not None:
            self.on_refuse("too-many-requests")
        status, payload = _error(
            "too-many-requests",
            f"too many requests from your address (at most {self.rate:g} a second, a listing "
            "counting as several); slow down",
            429,
        )
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(payload)).encode()),
            (b"retry-after", b"1"),
        ]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": payload})
