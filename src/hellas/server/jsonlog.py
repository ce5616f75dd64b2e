"""The server's log lines: one per event, as text or JSON (``--log-json``), never a secret.

Every request and WebSocket gets a request id (the client's ``X-Request-ID`` when it is a short
plain word, else a fresh one, sent back in the response's ``X-Request-ID``) and, when its path
names a table, that table's id; ``RequestContext`` keeps both in context variables for the log
lines written while it is handled.  ``JsonFormatter`` writes each line as one JSON object: time,
level, logger, message, ``request`` and ``table`` (the ``table=ID`` a message names, else the
request's).  With JSON logs, ``hellas.access`` also logs one line per HTTP request (its path,
status and milliseconds).

Secrets (seat tokens, session cookies) are removed by *value*, not by the name they came under
(a client may write ``tok%65n=``, ``TOKEN=``, ``t[]=`` or put one in a path): ``redact`` replaces
every run of 20 or more URL-safe characters (``%XX`` escapes included) that is not a plain
identifier (a digit, or letters in no word-like order: every secret the server issues is one),
every query-string value over 16 characters, and what follows ``token=``, ``"token": `` and
``X-Seat-Token:``.  ``setup`` applies it where each log record is made (``setLogRecordFactory``),
so no handler, formatter or library logger (uvicorn's access and error lines included) ever
sees a secret, whatever the format.
"""

from __future__ import annotations

import contextvars
import json
import logging
import re
import secrets
import time
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Any
from urllib.parse import unquote

REQUEST: contextvars.ContextVar[str] = contextvars.ContextVar("hellas_request", default="")
TABLE: contextvars.ContextVar[str] = contextvars.ContextVar("hellas_table", default="")
SECRET = re.compile(r"""((?:token|x-seat-token)["']?\s*[=:]\s*["']?)[^\s&"',;}#]+""", re.I)
# a query-string value longer than any plain parameter (seat, step, limit, status...)
QUERY_VALUE = re.compile(r"""([?&;][^\s=&?#;"']{0,64}=)[^\s&;#"']{17,}""")
# a run of URL-safe characters (or their %XX escapes) as long as the shortest issued secret
RUN = re.compile(r"(?<![A-Za-z0-9_%-])(?:[A-Za-z0-9_-]|%[0-9A-Fa-f]{2}){20,}")
SECRET_LENGTHS = (24, 37, 43)  # seat tokens, accounts' seat tokens, session cookies
ONE_CASE = re.compile(r"[a-z_-]+|[A-Z_-]+")  # snake_case, SCREAMING_CASE
CAMEL = re.compile(r"[a-z]+|[A-Z]+|(?:[A-Z]+(?=[A-Z][a-z]))?[A-Z]?[a-z]{2,}(?:[A-Z][a-z]{2,})*")
HUMP = re.compile(r"[A-Z]?[a-z]+")  # a word of CamelCase (acronyms left out)
VOWEL = re.compile(r"[aeiouyAEIOUY]")
# a proxy's request id (nginx's $request_id: 32 hex digits) or a UUID: ids, not secrets
ID_SHAPE = re.compile(r"[0-9a-f]{32}|[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}", re.I)
HIDDEN = "[redacted]"
TABLE_IN_TEXT = re.compile(r"\btable=([A-Za-z0-9_-]{1,32})")
TABLE_IN_PATH = re.compile(r"^/(?:api/tables|ws|table|replay)/([A-Za-z0-9_-]{1,32})(?:/|$)")
GOOD_ID = re.compile(r"^[A-Za-z0-9._-]{1,64}$")
access = logging.getLogger("hellas.access")


def _plain_word(run: str) -> bool:
    """Return whether a long run reads as a name in code (``ws_per_message_deflate``), not a secret.

    Secrets are random: 24 or more characters drawn from 64 hold a digit, or (one in 60) letters
    whose case changes in no word-like order.  Names hold no digit, and their words are
    snake_case or CamelCase humps of two or more letters, long ones with a vowel.  A run exactly
    as long as an issued secret is one unless it is all one case.  About one secret in 10^5
    reads as a name: the query-value and ``token=`` rules cover the usual places for those.
    """
    text = unquote(run)
    if not text.isascii() or any(ch.isdigit() for ch in text):
        return False
    if ONE_CASE.fullmatch(text):
        return True
    if len(text) in SECRET_LENGTHS:
        return False
    for part in re.split(r"[_-]+", text):
        if part and not CAMEL.fullmatch(part):
            return False
        if any(len(w) >= 4 and not VOWEL.search(w) for w in HUMP.findall(part)):
            return False
    return True


def _hide_run(found: re.Match[str]) -> str:
    run = found.group(0)
    return run if ID_SHAPE.fullmatch(run) or _plain_word(run) else HIDDEN


def redact(text: str) -> str:
    """Return ``text`` with every secret (seat token, session) replaced by ``[redacted]``."""
    text = SECRET.sub(r"\1" + HIDDEN, text)
    text = QUERY_VALUE.sub(r"\1" + HIDDEN, text)
    return RUN.sub(_hide_run, text)


class _Shown:
    """An argument of a log record whose text held a secret: its redacted text, both ways."""

    def __init__(self, text: str, shown: str) -> None:
        self.text, self.shown = text, shown

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return self.shown


def _clean(arg: object) -> object:
    """Return one log argument without secrets (numbers as they are: ``%d`` still works)."""
    if isinstance(arg, str):
        return redact(arg)
    if arg is None or isinstance(arg, int | float):
        return arg
    try:
        text, shown = str(arg), repr(arg)
    except Exception:  # an object that cannot say what it is holds nothing we could print
        return arg
    clean, clean_shown = redact(text), redact(shown)
    return arg if (clean, clean_shown) == (text, shown) else _Shown(clean, clean_shown)


def scrub(record: logging.LogRecord) -> None:
    """Remove secrets from a record: its message, each argument, its exception and stack."""
    if isinstance(record.msg, str):
        record.msg = redact(record.msg)
    else:
        record.msg = _clean(record.msg)
    if isinstance(record.args, Mapping):
        record.args = {key: _clean(value) for key, value in record.args.items()}
    elif isinstance(record.args, tuple):
        record.args = tuple(_clean(arg) for arg in record.args)
    if record.exc_info and not record.exc_text:
        record.exc_text = logging.Formatter().formatException(record.exc_info)
    if record.exc_text:
        record.exc_text = redact(record.exc_text)
    if record.stack_info:
        record.stack_info = redact(record.stack_info)


def _redacting(made: Callable[..., logging.LogRecord]) -> Callable[..., logging.LogRecord]:
    """Return a log record factory that scrubs each record ``made`` makes."""

    def make(*args: Any, **kwargs: Any) -> logging.LogRecord:
        record = made(*args, **kwargs)
        scrub(record)
        return record

    make.hellas_redacts = True  # type: ignore[attr-defined]
    return make


class Redact(logging.Filter):
    """Remove seat tokens from a log record's message (and its exception) before any output."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite the record's message without tokens; keep every record."""
        record.msg = redact(record.getMessage())
        record.args = None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object a line: time, level, logger, message, request id, table id."""

    def format(self, record: logging.LogRecord) -> str:
        """Return the record as one line of JSON."""
        message = redact(record.getMessage())
        found = TABLE_IN_TEXT.search(message)
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": message,
            "request": redact(REQUEST.get()),  # ids a client chose (its header, a path) too
            "table": redact(found.group(1) if found else TABLE.get()),
        }
        if record.exc_info and not record.exc_text:
            record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            line["exception"] = redact(record.exc_text)
        return json.dumps(line, ensure_ascii=False)


def setup(as_json: bool) -> None:
    """Send the server's log lines (info and up) to standard error, as text or JSON.

    From here on every log record this process makes, whoever makes it, is scrubbed of
    secrets as it is made (``scrub``), before any handler of ours or uvicorn's formats it.
    """
    made = logging.getLogRecordFactory()
    if not getattr(made, "hellas_redacts", False):
        logging.setLogRecordFactory(_redacting(made))
    handler = logging.StreamHandler()
    handler.addFilter(Redact())
    if as_json:
        handler.setFormatter(JsonFormatter())
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s %(message)s"))
    root = logging.getLogger("hellas")
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    access.setLevel(logging.INFO if as_json else logging.WARNING)
    if as_json:  # uvicorn's own lines in the same shape (it is given no log config of its own)
        server = logging.getLogger("uvicorn")
        server.handlers[:] = [handler]
        server.setLevel(logging.WARNING)
        server.propagate = False


class RequestContext:
    """ASGI middleware: a request id and table id for each request's log lines."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """Handle one request or WebSocket with its ids set."""
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        given = ""
        for name, value in scope.get("headers", ()):
            if name == b"x-request-id":
                given = value.decode("latin-1")
                break
        request_id = given if GOOD_ID.match(given) else secrets.token_hex(8)
        path = scope.get("path", "")
        match = TABLE_IN_PATH.match(path)
        REQUEST.set(request_id)
        TABLE.set(match.group(1) if match else "")
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return
        began = time.perf_counter()
        status = 0

        async def sending(message: Any) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                headers = list(message.get("headers", []))
                headers.append((b"x-request-id", request_id.encode()))
                message = {**message, "headers": headers}
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            if access.isEnabledFor(logging.INFO):
                query = scope.get("query_string", b"").decode("latin-1")
                shown = path + ("?" + query if query else "")
                ms = (time.perf_counter() - began) * 1000
                access.info(
                    "request method=%s path=%s status=%d ms=%.1f",
                    scope.get("method", ""),
                    redact(shown)[:300],
                    status,
                    ms,
                )
