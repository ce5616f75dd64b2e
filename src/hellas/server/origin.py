"""Requests that change something come from this server's own pages, or from no page at all.

A page of another site, or of another port of this host (the same *site* to a browser, so
``SameSite`` cookies still go with it), can make a signed-in visitor's browser send a
``text/plain`` or form POST here without asking anyone: a table made, a seat claimed and linked
to the visitor's account (cross-site request forgery).  ``SameOrigin`` refuses that before any
routing.  Every request that may change state (POST, PUT, PATCH, DELETE) must

- carry a JSON body (``Content-Type: application/json``), which another origin cannot send
  without this server's consent (a CORS preflight this server never grants).  A request with
  no body at all (no Content-Type, no length or 0, not chunked) passes this rule: no form or
  script sends one with effect, and every route that needs a field refuses it by itself;
- name this server as where it came from when it names anything: a browser sends ``Origin``
  on every POST (else ``Referer`` says), and its scheme, host and port must be the server's
  own: the ``Host`` the request was sent to with the scheme it came in by (a trusted proxy's
  ``X-Forwarded-Proto`` only as uvicorn's ``--forwarded-allow-ips`` applies it), or the
  ``--public-url``.  ``Sec-Fetch-Site: cross-site`` is refused outright, ``same-site`` unless
  the origin is the server's own.

Clients that are not browsers (the command line, bots, tests, scripts) send no ``Origin`` and
no ``Referer``; they pass with a JSON body, as before: forging a request needs a victim's
browser, and a browser always says where a POST comes from.  Refusals are 403 (the origin) or
415 (the body's kind) in the server's one JSON error shape.
"""

from __future__ import annotations

import json
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Receive, Scope, Send

UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})
DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}
ECHO = 80  # characters of a header at most in a refusal
Origin = tuple[str, str, int]  # scheme, host, port


def origin_of(url: str) -> Origin | None:
    """Return (scheme, host, port) of an absolute URL or origin, or None if it has none."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").rstrip(".")
    if scheme not in DEFAULT_PORTS or not host:
        return None
    return scheme, host, port if port is not None else DEFAULT_PORTS[scheme]


def own_origins(scope: Scope, headers: dict[bytes, bytes], public: str | None) -> set[Origin]:
    """Return the origins the server answers a request as: its Host and scheme, the public URL."""
    scheme = str(scope.get("scheme", "http"))
    host = headers.get(b"host", b"").decode("latin-1")
    if not host and scope.get("server"):
        server_host, server_port = scope["server"]
        host = f"{server_host}:{server_port}"
    return {o for o in (origin_of(f"{scheme}://{host}"), origin_of(public or "")) if o}


def refusal(scope: Scope, public: str | None) -> tuple[int, str, str] | None:
    """Return (status, code, message) refusing a state-changing request, or None if it may go."""
    headers = {k.lower(): v for k, v in scope.get("headers") or []}
    claimed = headers.get(b"origin") or headers.get(b"referer")
    fetch_site = headers.get(b"sec-fetch-site", b"").decode("latin-1").strip().lower()
    if claimed is not None:
        text = claimed.decode("latin-1")
        if origin_of(text) not in own_origins(scope, headers, public):
            shown = text[:ECHO]
            return 403, "cross-origin", f"refused: this request came from another page ({shown})"
    if fetch_site == "cross-site" or (fetch_site == "same-site" and claimed is None):
        return 403, "cross-origin", "refused: this request came from another site's page"
    kind = headers.get(b"content-type")
    if kind is None:
        length = headers.get(b"content-length", b"0").strip()
        if length in (b"", b"0") and b"transfer-encoding" not in headers:
            return None  # no body at all
        return 415, "bad-request", "send the request body as application/json"
    if kind.split(b";")[0].strip().lower() != b"application/json":
        return 415, "bad-request", "send the request body as application/json"
    return None


class SameOrigin:
    """ASGI middleware: refuse a state-changing request from another origin or without JSON."""

    def __init__(self, app: ASGIApp, public_url: str | None = None) -> None:
        self.app = app
        self.public_url = public_url
        self.refused = 0  # requests refused (for tests)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass a safe or well-formed request on; answer any other at once."""
        if scope["type"] != "http" or scope.get("method", "GET") not in UNSAFE:
            await self.app(scope, receive, send)
            return
        found = refusal(scope, self.public_url)
        if found is None:
            await self.app(scope, receive, send)
            return
        self.refused += 1
        status, code, message = found
        payload = json.dumps({"type": "error", "code": code, "message": message}).encode()
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(payload)).encode()),
        ]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": payload})
