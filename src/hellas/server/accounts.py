"""Optional player accounts: names, argon2 password hashes, sessions and seats linked to them.

Nobody needs an account to play: a seat link is enough.  A player who signs up gets a session
cookie; the database keeps only the SHA-256 hash of the session id and the argon2 hash of the
password (``argon2-cffi``).  A seat claimed (or created) while signed in is *linked* to the
account: the seat row remembers the account and the hash of the account's own token for that
seat, an HMAC of the account, table and seat under a random secret this database keeps.  So any
device the player signs in on gets the same working seat link back ("My tables") while the
database still holds no usable token.  Results, ratings and campaigns live in
``ratings.py``; the routes in ``account_api.py``; the host's command in ``cli/accounts.py``.

The methods here are blocking database work (run them in a thread).  The server's routes hash
and check passwords on the hashing pool of ``hashing.py``, never here; only the host's command
(one person at a time) hashes in place, through ``create`` and ``set_password``.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import re
import secrets
import time
import unicodedata
from dataclasses import dataclass
from typing import Any

from argon2 import PasswordHasher
from sqlalchemy import (
    Boolean,
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    delete,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from hellas.server.errors import ServerError
from hellas.server.store import SEATS, TABLES, hash_token

ACCOUNT_METADATA = MetaData()
ACCOUNTS = Table(
    "hellas_accounts",
    ACCOUNT_METADATA,
    Column("id", String(32), primary_key=True),
    Column("name", String(40), nullable=False),
    Column("name_key", String(40), nullable=False, unique=True),  # case-folded: one "Ana"
    Column("password", String(200), nullable=False),  # argon2 hash ($argon2id$...)
    Column("created", Float, nullable=False),
)
SESSIONS = Table(
    "hellas_sessions",
    ACCOUNT_METADATA,
    Column("id_hash", String(64), primary_key=True),  # SHA-256 of the cookie's value
    Column("account", String(32), nullable=False, index=True),
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False),
)
SECRETS = Table(
    "hellas_site_secrets",
    ACCOUNT_METADATA,
    Column("name", String(40), primary_key=True),
    Column("value", String(128), nullable=False),
)
RESULTS = Table(  # one row per account seat of a finished game (ratings.py writes them)
    "hellas_account_games",
    ACCOUNT_METADATA,
    Column("account", String(32), primary_key=True),
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("game", String(32), nullable=False),
    Column("place", Integer, nullable=False),  # 1 = first (winners share 1)
    Column("players", Integer, nullable=False),
    Column("won", Boolean, nullable=False),
    Column("rated", Boolean, nullable=False),
    Column("at", Float, nullable=False),
)
RATINGS = Table(
    "hellas_ratings",
    ACCOUNT_METADATA,
    Column("account", String(32), primary_key=True),
    Column("game", String(32), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
)
SCORED = Table(  # finished tables already counted: counting twice is impossible
    "hellas_scored_tables",
    ACCOUNT_METADATA,
    Column("table_id", String(32), primary_key=True),
    Column("rated", Boolean, nullable=False),
    Column("at", Float, nullable=False),
)
CAMPAIGN = Table(  # a campaign game's steps (Legends: missions) by level (difficulty)
    "hellas_campaign",
    ACCOUNT_METADATA,
    Column("account", String(32), primary_key=True),
    Column("difficulty", String(16), primary_key=True),
    Column("mission", Integer, primary_key=True),
    Column("won", Integer, nullable=False),
    Column("lost", Integer, nullable=False),
    Column("at", Float, nullable=False),
)

NAME_MIN, NAME_MAX = 2, 24
PASSWORD_MIN, PASSWORD_MAX = 8, 200  # the hash's work does not grow with length; still bounded
SESSION_DAYS = 30
SESSIONS_PER_ACCOUNT = 20  # the oldest are dropped past this
NAME_RE = re.compile(r"^[^\W_][\w .'-]*$")


@dataclass(frozen=True)
class Account:
    """A signed-up player (never the password hash)."""

    id: str
    name: str
    created: float


def check_name(name: Any) -> str:
    """Return a valid account name (trimmed), else raise a clear 400."""
    if not isinstance(name, str):
        raise ServerError("bad-request", "give your account 'name' (text)")
    text = unicodedata.normalize("NFC", name.strip())
    if not NAME_MIN <= len(text) <= NAME_MAX or not NAME_RE.match(text):
        raise ServerError(
            "bad-name",
            f"a name is {NAME_MIN} to {NAME_MAX} letters, digits, spaces, dots, dashes or "
            "apostrophes, starting with a letter or digit",
        )
    return text


def check_password(password: Any) -> str:
    """Return an acceptable password, else raise a clear 400."""
    if not isinstance(password, str):
        raise ServerError("bad-request", "give a 'password' (text)")
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise ServerError(
            "bad-password", f"a password is {PASSWORD_MIN} to {PASSWORD_MAX} characters"
        )
    return password


def name_key(name: str) -> str:
    """Return the form of a name that must be unique (case and width folded)."""
    return unicodedata.normalize("NFKC", name).casefold()


def lookup_key(name: Any) -> str | None:
    """Return the key to look a typed name up by, or None if no account could have it.

    Control characters (a NUL, which PostgreSQL refuses in text) and overlong input never
    reach the database.
    """
    if not isinstance(name, str) or len(name) > 200:
        return None
    if any(unicodedata.category(ch) in ("Cc", "Cs") for ch in name):
        return None
    return name_key(name.strip())


class Accounts:
    """The accounts kept in a server's database (blocking calls: run them in a thread)."""

    def __init__(self, engine: Engine, hasher: PasswordHasher | None = None) -> None:
        self.engine = engine
        self.hasher = hasher or PasswordHasher()
        ACCOUNT_METADATA.create_all(engine)
        self._secret = self._site_secret("seat-links")
        self.device_secret = self._site_secret("device-cookies")  # signs devices (signins.py)

    def _site_secret(self, name: str) -> bytes:
        """Return one of this database's random secrets (made once, the first time asked)."""
        query = select(SECRETS.c.value).where(SECRETS.c.name == name)
        with self.engine.connect() as conn:
            found = conn.execute(query).scalar()
        if found is None:
            # another server process on the same database may make it first: theirs is kept
            with contextlib.suppress(IntegrityError), self.engine.begin() as conn:
                conn.execute(insert(SECRETS).values(name=name, value=secrets.token_hex(32)))
        with self.engine.connect() as conn:
            stored = conn.execute(query).scalar_one()
        return bytes.fromhex(stored)

    # -- accounts ---------------------------------------------------------------------------

    def create(self, name: Any, password: Any) -> Account:
        """Create an account, hashing here (the host's command); raise a 409 if it is taken."""
        name, password = check_name(name), check_password(password)
        return self.insert(name, self.hasher.hash(password))

    def insert(self, name: str, hashed: str) -> Account:
        """Store a new account of a checked name and a password hash; 409 if the name is taken."""
        account = Account(secrets.token_hex(8), name, time.time())
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    insert(ACCOUNTS).values(
                        id=account.id,
                        name=name,
                        name_key=name_key(name),
                        password=hashed,
                        created=account.created,
                    )
                )
        except IntegrityError as exc:
            raise ServerError("name-taken", f"the name {name!r} is taken", 409) from exc
        return account

    def find(self, name: str) -> Account | None:
        """Return the account of a name (any case), or None."""
        key = lookup_key(name)
        if key is None:
            return None
        with self.engine.connect() as conn:
            row = conn.execute(select(ACCOUNTS).where(ACCOUNTS.c.name_key == key)).first()
        return None if row is None else Account(row.id, row.name, row.created)

    def get(self, account_id: str) -> Account | None:
        """Return an account by id, or None."""
        with self.engine.connect() as conn:
            row = conn.execute(select(ACCOUNTS).where(ACCOUNTS.c.id == account_id)).first()
        return None if row is None else Account(row.id, row.name, row.created)

    def credentials(self, name: Any) -> tuple[Account, str] | None:
        """Return the account of a typed name and its stored hash, or None if there is none."""
        key = lookup_key(name)
        if key is None:
            return None
        with self.engine.connect() as conn:
            row = conn.execute(select(ACCOUNTS).where(ACCOUNTS.c.name_key == key)).first()
        return None if row is None else (Account(row.id, row.name, row.created), row.password)

    def store_hash(self, account_id: str, hashed: str) -> None:
        """Replace an account's password hash by a fresh one of the same password (rehash)."""
        with self.engine.begin() as conn:
            conn.execute(
                update(ACCOUNTS).where(ACCOUNTS.c.id == account_id).values(password=hashed)
            )

    def set_password(self, name: str, password: Any) -> None:
        """Give an account a new password and end its sessions; raise if there is none."""
        password = check_password(password)
        account = self.find(name)
        if account is None:
            raise ServerError("no-account", f"there is no account {name!r}", 404)
        hashed = self.hasher.hash(password)
        with self.engine.begin() as conn:
            conn.execute(
                update(ACCOUNTS).where(ACCOUNTS.c.id == account.id).values(password=hashed)
            )
            conn.execute(delete(SESSIONS).where(SESSIONS.c.account == account.id))

    def delete(self, name: str) -> Account:
        """Delete an account, its sessions, results, ratings and campaign; unlink its seats.

        The games themselves stay (other players' records); the seats forget the account, so
        a seat of an unfinished game plays on as a guest's (its own link still opens it), and a
        game finished later leaves no result or rating to the account (``ratings.py`` checks).
        The account's row is locked first: a game's result stored at the same moment either
        comes before (and is deleted here) or after (and finds the account gone).
        """
        account = self.find(name)
        if account is None:
            raise ServerError("no-account", f"there is no account {name!r}", 404)
        with self.engine.begin() as conn:
            conn.execute(select(ACCOUNTS.c.id).where(ACCOUNTS.c.id == account.id).with_for_update())
            for table in (SESSIONS, RESULTS, RATINGS, CAMPAIGN):
                conn.execute(delete(table).where(table.c.account == account.id))
            conn.execute(
                update(SEATS)
                .where(SEATS.c.account == account.id)
                .values(account=None, account_hash=None)
            )
            conn.execute(delete(ACCOUNTS).where(ACCOUNTS.c.id == account.id))
        return account

    def listing(self) -> list[dict[str, Any]]:
        """Return every account with its creation time and counts (for the host's command)."""
        games = (
            select(func.count())
            .where(RESULTS.c.account == ACCOUNTS.c.id)
            .scalar_subquery()
            .label("games")
        )
        seats = (
            select(func.count())
            .where(SEATS.c.account == ACCOUNTS.c.id)
            .scalar_subquery()
            .label("seats")
        )
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(ACCOUNTS.c.name, ACCOUNTS.c.created, games, seats).order_by(
                    ACCOUNTS.c.name_key
                )
            ).all()
        return [
            {"name": r.name, "created": r.created, "games": r.games, "seats": r.seats} for r in rows
        ]

    # -- sessions ---------------------------------------------------------------------------

    def open_session(self, account: Account) -> str:
        """Start a session; return the cookie value (only its hash is stored)."""
        value = secrets.token_urlsafe(32)
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(delete(SESSIONS).where(SESSIONS.c.expires < now))
            conn.execute(
                insert(SESSIONS).values(
                    id_hash=hash_token(value),
                    account=account.id,
                    created=now,
                    expires=now + SESSION_DAYS * 86400,
                )
            )
            kept = (
                select(SESSIONS.c.id_hash)
                .where(SESSIONS.c.account == account.id)
                .order_by(SESSIONS.c.created.desc())
                .limit(SESSIONS_PER_ACCOUNT)
            )
            conn.execute(
                delete(SESSIONS).where(
                    SESSIONS.c.account == account.id, SESSIONS.c.id_hash.not_in(kept)
                )
            )
        return value

    def session(self, value: Any) -> Account | None:
        """Return the account a session cookie belongs to (None: absent, wrong or expired)."""
        if not isinstance(value, str) or not value or len(value) > 200:
            return None
        with self.engine.connect() as conn:
            row = conn.execute(
                select(ACCOUNTS)
                .join(SESSIONS, SESSIONS.c.account == ACCOUNTS.c.id)
                .where(SESSIONS.c.id_hash == hash_token(value), SESSIONS.c.expires > time.time())
            ).first()
        return None if row is None else Account(row.id, row.name, row.created)

    def close_session(self, value: Any) -> None:
        """End a session (signing out); an unknown one is ignored."""
        if isinstance(value, str) and value and len(value) <= 200:
            with self.engine.begin() as conn:
                conn.execute(delete(SESSIONS).where(SESSIONS.c.id_hash == hash_token(value)))

    # -- seats linked to accounts -----------------------------------------------------------

    def seat_token(self, account_id: str, table_id: str, seat: int) -> str:
        """Return the account's own token for a seat (the same on every device)."""
        message = f"{account_id}:{table_id}:{seat}".encode()
        digest = hmac.new(self._secret, message, hashlib.sha256).digest()
        return "a" + digest[:18].hex()

    def link(self, account_id: str, table_id: str, seat: int) -> str:
        """Link a claimed human seat to an account; return the account token's hash.

        A seat is linked to one account: linking it again to another one is refused, and so is
        linking it to an account deleted meanwhile.
        """
        token_hash = hash_token(self.seat_token(account_id, table_id, seat))
        with self.engine.begin() as conn:
            alive = select(ACCOUNTS.c.id).where(ACCOUNTS.c.id == account_id).with_for_update()
            if conn.execute(alive).first() is None:
                raise ServerError("no-account", "that account no longer exists", 404)
            done = conn.execute(
                update(SEATS)
                .where(
                    SEATS.c.table_id == table_id,
                    SEATS.c.seat == seat,
                    SEATS.c.kind == "human",
                    SEATS.c.claimed.is_(True),
                    (SEATS.c.account.is_(None)) | (SEATS.c.account == account_id),
                )
                .values(account=account_id, account_hash=token_hash)
            )
            if done.rowcount != 1:
                raise ServerError(
                    "linked-elsewhere", f"seat {seat + 1} is linked to another account", 409
                )
        return token_hash

    def seats_of(self, account_id: str, limit: int = 50) -> list[dict[str, Any]]:
        """Return the account's linked seats, newest tables first: [{table, seat, token}]."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(SEATS.c.table_id, SEATS.c.seat)
                .join(TABLES, TABLES.c.id == SEATS.c.table_id)
                .where(SEATS.c.account == account_id)
                .order_by(TABLES.c.finished, TABLES.c.created.desc())
                .limit(limit)
            ).all()
        return [
            {"table": r.table_id, "seat": r.seat, "token": self.seat_token(account_id, *r)}
            for r in rows
        ]


def linked_seats(engine: Engine, table_id: str) -> dict[int, tuple[str, str]]:
    """Return a table's seats linked to accounts: {seat: (account, account token's hash)}."""
    query = select(SEATS.c.seat, SEATS.c.account, SEATS.c.account_hash).where(
        SEATS.c.table_id == table_id, SEATS.c.account.is_not(None)
    )
    with engine.connect() as conn:
        return {
            int(r.seat): (str(r.account), str(r.account_hash or "")) for r in conn.execute(query)
        }
