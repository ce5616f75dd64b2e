"""The HTTP routes of accounts: sign-up, sign-in, sign-out, linked seats, profiles, leaderboards.

Sessions ride in one cookie, ``hellas_session``: HttpOnly (scripts never read it), SameSite=Lax
(other sites' forms and scripts never send it with a POST) and Secure whenever the server is
reached over https (directly, through a trusted proxy's forwarded scheme, or because
``--public-url`` says https).  A sign-in also leaves a ``hellas_device`` cookie that lets this
device past the throttles others' wrong passwords set off (``signins.py``).  Sign-ups are
limited per address; with PostgreSQL both limits are shared by every server process
(``shared_limits.py``), and a seat linked here is announced to the others (a ``link``
notice).  Passwords are hashed and checked on the hashing pool (``hashing.py``), never on the
threads moves and views use; the database part runs in a thread as usual.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import FileResponse

from hellas.games import REGISTRY
from hellas.server.accounts import (
    PASSWORD_MAX,
    Account,
    Accounts,
    check_name,
    check_password,
    lookup_key,
)
from hellas.server.addresses import client_key
from hellas.server.errors import ServerError
from hellas.server.hashing import Hashing
from hellas.server.hub import LiveTable
from hellas.server.limits import parse_json
from hellas.server.names import Person, name_seat
from hellas.server.ratings import Ratings, rated_games
from hellas.server.shared_limits import check, shared_rate
from hellas.server.signins import (
    DEVICE_COOKIE,
    DEVICE_DAYS,
    DEVICE_PATH,
    SigninGuard,
    device_cookie,
    device_of,
)
from hellas.server.site import LINK_NOTICE, address, site_of
from hellas.server.traffic import RateLimiter, TrafficError

COOKIE = "hellas_session"
WEB = Path(__file__).resolve().parent.parent / "web"
WEB_PAGES = {"profile": "profile.html", "leaderboard": "leaderboard.html"}
router = APIRouter()


@dataclass
class AccountSite:
    """The accounts of one server and the limits on asking them."""

    accounts: Accounts
    ratings: Ratings
    signups: RateLimiter | None = None  # per address (shared by every process: PostgreSQL)
    guard: SigninGuard | None = None  # sign-in throttles (signins.py), made when not given
    hashing: Hashing | None = None  # made from the accounts' hasher when not given

    def __post_init__(self) -> None:
        engine = self.accounts.engine
        if self.signups is None:
            local = RateLimiter(5.0, "too-many-signups", "new accounts")
            self.signups = shared_rate(engine, "signup", local)  # fails open: a local limit
        if self.guard is None:
            self.guard = SigninGuard.over(engine)
        if self.hashing is None:
            self.hashing = Hashing(self.accounts.hasher)

    @property
    def throttles(self) -> SigninGuard:
        """Return the sign-in throttles (always there once built)."""
        assert self.guard is not None
        return self.guard

    @property
    def hashes(self) -> Hashing:
        """Return the hashing pool (always there once built)."""
        assert self.hashing is not None
        return self.hashing


async def _json_only(request: Request) -> dict[str, Any]:
    """Return the JSON body of an account request; refuse any other kind of body.

    A page on another site can make a browser send a form (``text/plain`` included) here, but
    never ``application/json`` without this server's consent: no one is signed in, signed out
    or linked by someone else's page.
    """
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise ServerError("bad-request", "send the request as application/json", 415)
    return parse_json(await request.body())


def accounts_of(request: Any) -> AccountSite:
    """Return the accounts of the server a request reached."""
    found: AccountSite = request.app.state.accounts
    return found


async def signed_in(request: Request) -> Account | None:
    """Return the account whose session cookie came with the request, or None."""
    value = request.cookies.get(COOKIE)
    if not value:
        return None
    return await asyncio.to_thread(accounts_of(request).accounts.session, value)


async def link_if_signed_in(request: Request, table: LiveTable, seat: int) -> None:
    """Link a seat just claimed (or created) to the signed-in account, if any."""
    account = await signed_in(request)
    if account is not None:
        await _link(request, account, table, seat)


async def _link(request: Request, account: Account, table: LiveTable, seat: int) -> None:
    """Link a seat to an account in the database, in the live table and on other processes.

    The other processes that hold the table in memory hear a ``link`` notice and read the
    seat's account again (``site.relink``): the account's own token works there at once.
    """
    books = accounts_of(request).accounts
    token_hash = await asyncio.to_thread(books.link, account.id, table.id, seat)
    row = table.seats[seat]
    row.account, row.account_hash = account.id, token_hash
    hub = site_of(request).hub  # [names, issue 48] the seat goes by the account's name
    await name_seat(hub.store, table, seat, Person(account.name, guest=False))
    await hub.cluster.publish(table.id, LINK_NOTICE, seat)  # [issue 47] other processes


def _secure(request: Request) -> bool:
    """Return whether the session cookie must be Secure (the server is reached over https)."""
    public = site_of(request).public_url or ""
    return request.url.scheme == "https" or public.startswith("https:")


def _start(request: Request, response: Response, account: Account) -> dict[str, Any]:
    """Set a new session's cookie and a device cookie on ``response``; return what pages show."""
    books = accounts_of(request).accounts
    value = books.open_session(account)
    secure = _secure(request)
    response.set_cookie(
        COOKIE, value, max_age=30 * 86400, httponly=True, samesite="lax", secure=secure, path="/"
    )
    response.set_cookie(
        DEVICE_COOKIE,
        device_cookie(books.device_secret, account.id),
        max_age=DEVICE_DAYS * 86400,
        httponly=True,
        samesite="lax",
        secure=secure,
        path=DEVICE_PATH,
    )
    return {"name": account.name}


# -- pages -------------------------------------------------------------------------------------


@router.get("/profile/{name}", include_in_schema=False)
async def profile_page(name: str) -> FileResponse:
    """Serve a player's profile page."""
    return FileResponse(WEB / WEB_PAGES["profile"])


@router.get("/leaderboard", include_in_schema=False)
async def leaderboard_page() -> FileResponse:
    """Serve the leaderboards."""
    return FileResponse(WEB / WEB_PAGES["leaderboard"])


# -- signing up, in and out -------------------------------------------------------------------


@router.post("/api/account/signup")
async def signup(request: Request, response: Response) -> dict[str, Any]:
    """Create an account {name, password} and sign in."""
    books = accounts_of(request)
    body = await _json_only(request)
    assert books.signups is not None
    await check(books.signups, client_key(address(request)))
    name, password = check_name(body.get("name")), check_password(body.get("password"))
    if await asyncio.to_thread(books.accounts.find, name) is not None:  # no hash for nothing
        raise ServerError("name-taken", f"the name {name!r} is taken", 409)
    hashed = await books.hashes.hash(password)
    account = await asyncio.to_thread(books.accounts.insert, name, hashed)
    return await asyncio.to_thread(_start, request, response, account)


@router.post("/api/account/signin")
async def signin(request: Request, response: Response) -> dict[str, Any]:
    """Sign in with {name, password}; wrong passwords slow the name's guessers, not its owner.

    A name without an account costs the same password check as one with (no enumeration).
    """
    books = accounts_of(request)
    body = await _json_only(request)
    name, password = body.get("name"), body.get("password")
    where = client_key(address(request))
    claimed = device_of(books.accounts.device_secret, request.cookies.get(DEVICE_COOKIE))
    guard = books.throttles
    await guard.address_check(where, claimed is not None)
    wrong = ServerError("bad-credentials", "wrong name or password", 401)
    key = lookup_key(name)
    if key is None:  # no account can have such a name: nothing to look up or check
        raise wrong
    key = key[:60]
    found = await asyncio.to_thread(books.accounts.credentials, name)
    device = None
    if claimed is not None:
        if found is not None and found[0].id == claimed[0]:
            device = claimed[1]  # the owner's device: others' wrong passwords never stop it
        else:  # a device of another account counts as any other client here
            await guard.address_check(where, False)
    await guard.check(key, where, device)
    right = False
    if isinstance(password, str) and len(password) <= PASSWORD_MAX:
        right = await books.hashes.verify(found[1] if found else None, password)
    if not right or found is None:
        await guard.failed(key, where, device)
        raise wrong
    account, stored = found
    await guard.succeeded(key, where, device)
    if isinstance(password, str) and books.accounts.hasher.check_needs_rehash(stored):
        # the parameters moved on: upgrade it (a busy pool leaves it to the next sign-in)
        with contextlib.suppress(TrafficError):
            fresh = await books.hashes.hash(password)
            await asyncio.to_thread(books.accounts.store_hash, account.id, fresh)
    return await asyncio.to_thread(_start, request, response, account)


@router.post("/api/account/signout")
async def signout(request: Request, response: Response) -> dict[str, Any]:
    """End this browser's session."""
    await _json_only(request)
    value = request.cookies.get(COOKIE)
    await asyncio.to_thread(accounts_of(request).accounts.close_session, value)
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")
    return {"name": None}


@router.get("/api/account")
async def whoami(request: Request) -> dict[str, Any]:
    """Return the signed-in account's name (``null`` when signed out)."""
    account = await signed_in(request)
    return {"name": account.name if account else None}


# -- seats linked to the account --------------------------------------------------------------


async def _required(request: Request) -> Account:
    account = await signed_in(request)
    if account is None:
        raise ServerError("signed-out", "sign in first", 401)
    return account


@router.get("/api/account/seats")
async def seats(request: Request) -> list[dict[str, Any]]:
    """Return the seats linked to the signed-in account, with its own token for each."""
    account = await _required(request)
    return await asyncio.to_thread(accounts_of(request).accounts.seats_of, account.id)


@router.post("/api/account/link")
async def link(request: Request) -> dict[str, Any]:
    """Link a seat this browser holds ({table, seat, token}) to the signed-in account."""
    account = await _required(request)
    body = await _json_only(request)
    table_id, seat, token = body.get("table"), body.get("seat"), body.get("token")
    if not isinstance(table_id, str) or isinstance(seat, bool) or not isinstance(seat, int):
        raise ServerError("bad-request", "give {table, seat, token}")
    hub = site_of(request).hub
    table = await hub.get(table_id)
    hub.check_token(table, seat, token)
    await _link(request, account, table, seat)
    return {"table": table_id, "seat": seat}


# -- profiles and leaderboards ----------------------------------------------------------------


@router.get("/api/accounts/{name}")
async def profile(name: str, request: Request) -> dict[str, Any]:
    """Return a player's public profile: ratings, recent games, Legends campaign."""
    books = accounts_of(request)
    account = await asyncio.to_thread(books.accounts.find, name[:200])
    if account is None:
        raise ServerError("no-account", "there is no player of that name", 404)
    out = await asyncio.to_thread(books.ratings.profile, account)
    titles = {g.meta.id: g.meta.title for g in REGISTRY}
    out["titles"] = titles
    return out


@router.get("/api/leaderboard/{game_id}")
async def leaderboard(game_id: str, request: Request) -> dict[str, Any]:
    """Return a competitive game's best-rated players."""
    if game_id not in rated_games():
        raise ServerError("bad-request", f"leaderboards: {', '.join(rated_games())}", 404)
    rows = await asyncio.to_thread(accounts_of(request).ratings.leaderboard, game_id)
    return {"game": game_id, "title": REGISTRY.get(game_id).meta.title, "players": rows}
