"""The server's log lines: one per event, as text or JSON (``--log-json``), never a seat token.

Every request and WebSocket gets a request id (the client's ``X-Request-ID`` when it is a short
plain word, else a fresh one, sent back in the response's ``X-Request-ID``) and, when its path
names a table, that table's id; ``RequestContext`` keeps both in context variables for the log
lines written while it is handled.  ``JsonFormatter`` writes each line as one JSON object: time,
level, logger, message, ``request`` and ``table`` (the ``table=ID`` a message names, else the
request's).  ``Redact`` removes seat tokens from every line and exception, whatever the format:
``token=...``, ``"token": "..."`` and ``X-Seat-Token: ...`` (old links carried the token in the
query).  With JSON logs, ``hellas.access`` also logs one line per HTTP request (its path with
the token removed, status and milliseconds).
"""

from __future__ import annotations

import contextvars
import json
import logging
import re
import secrets
import time
from datetime import UTC, datetime
from typing import Any

REQUEST: contextvars.ContextVar[str] = contextvars.ContextVar("hellas_request", default="")
TABLE: contextvars.ContextVar[str] = contextvars.ContextVar("hellas_table", default="")
SECRET = re.compile(r"""((?:token|x-seat-token)["']?\s*[=:]\s*["']?)[^\s&"',;}#]+""", re.I)
TABLE_IN_TEXT = re.compile(r"\btable=([A-Za-z0-9_-]{1,32})")
TABLE_IN_PATH = re.compile(r"^/(?:api/tables|ws|table|replay)/([A-Za-z0-9_-]{1,32})(?:/|$)")
GOOD_ID = re.compile(r"^[A-Za-z0-9._-]{1,64}$")
access = logging.getLogger("hellas.access")


def redact(text: str) -> str:
    """Return ``text`` with every seat token replaced by ``[redacted]``."""
    return SECRET.sub(r"\1[redacted]", text)


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
            "request": REQUEST.get(),
            "table": found.group(1) if found else TABLE.get(),
        }
        if record.exc_info and not record.exc_text:
            record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            line["exception"] = redact(record.exc_text)
        return json.dumps(line, ensure_ascii=False)


def setup(as_json: bool) -> None:
    """Send the server's log lines (info and up) to standard error, as text or JSON."""
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
