"""``/healthz`` (the process answers) and ``/readyz`` (it can serve: database, notices, leases).

A load balancer or an orchestrator asks these.  ``/readyz`` runs one ``SELECT 1`` at most once
a second however often it is asked (the answer is kept that long), within a time bound, and
asks the cluster whether it hears the other processes and keeps its leases renewed; it answers
503 with the reason when anything is wrong.  Neither says anything about any table.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from sqlalchemy import text

if TYPE_CHECKING:
    from hellas.server.hub import Hub

KEEP = 1.0  # seconds a readiness answer is reused
DB_TIMEOUT = 5.0  # seconds the database may take to answer
router = APIRouter()


class Readiness:
    """The last readiness answer of one server, and the lock that makes one check at a time."""

    def __init__(self) -> None:
        self.lock = asyncio.Lock()
        self.at = -KEEP
        self.answer: tuple[int, dict[str, Any]] = (503, {})

    async def check(self, hub: Hub) -> tuple[int, dict[str, Any]]:
        """Return (status, body): 200 when the database answers, the cluster is well, bots warm."""
        async with self.lock:
            if time.monotonic() - self.at < KEEP:
                return self.answer
            body: dict[str, Any] = {"status": "ready"}
            try:
                await asyncio.wait_for(asyncio.to_thread(_ping, hub), DB_TIMEOUT)
                body["database"] = "ok"
            except Exception as exc:
                body["status"], body["database"] = (
                    "not ready",
                    f"unreachable ({type(exc).__name__})",
                )
            ok, why = hub.cluster.ready()
            body["cluster"] = why
            warm, bots = hub.bots.ready()  # a cold bot worker would miss its first deadline
            body["bots"] = bots
            if not (ok and warm):
                body["status"] = "not ready"
            self.answer = (200 if body["status"] == "ready" else 503, body)
            self.at = time.monotonic()
            return self.answer


def _ping(hub: Hub) -> None:
    with hub.store.engine.connect() as conn:
        conn.execute(text("SELECT 1"))


@router.get("/healthz", include_in_schema=False)
async def healthz() -> dict[str, str]:
    """Answer while the process runs."""
    return {"status": "alive"}


@router.get("/readyz", include_in_schema=False)
async def readyz(request: Request) -> JSONResponse:
    """Answer 200 when this process can serve (database reachable, cluster well), else 503."""
    readiness: Readiness = request.app.state.readiness
    status, body = await readiness.check(request.app.state.hub)
    return JSONResponse(body, status_code=status)
