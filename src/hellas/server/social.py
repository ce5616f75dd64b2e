"""Tables people come back to: wiring settings, timers, chat and rematches into one server.

``install`` gives a hub what these need when it loads a table (its settings, clocks and
rematch, in that order) and returns the ``Social`` parts the routes use; ``router`` holds their
HTTP routes: asking for a rematch, reading a table's chat, hiding a message.  Chat messages
themselves travel over the table's WebSocket (``sockets.py`` hands them to ``Chat.post``).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, Request

from hellas.server import rematch, settings
from hellas.server.account_api import accounts_of
from hellas.server.chat import Chat, messages
from hellas.server.hub import Hub
from hellas.server.limits import parse_json
from hellas.server.live import LiveTable
from hellas.server.settings import Pace
from hellas.server.shared_limits import check
from hellas.server.site import address, site_of
from hellas.server.timers import Timers, run

router = APIRouter()


@dataclass
class Social:
    """One server's chat and timers."""

    hub: Hub
    chat: Chat
    timers: Timers

    async def configure(self, table: LiveTable, pace: Pace | None, mute: bool) -> None:
        """Store a new table's settings, put them in its messages and start its clocks."""
        await asyncio.to_thread(settings.save, self.hub.store, table.id, pace, mute)
        settings.apply(table, pace, mute)
        if pace is not None:
            await self.timers.start(table)

    def chores(self) -> list[asyncio.Task[None]]:
        """Start the background work of these parts (the timers' chore)."""
        return [asyncio.create_task(run(self.timers))]


def install(hub: Hub) -> Social:
    """Give ``hub`` the settings, clocks and rematch of each table it loads; return the parts."""

    async def load_settings(table: LiveTable) -> None:
        await settings.attach(hub.store, table)

    async def load_rematch(table: LiveTable) -> None:
        await rematch.attach(hub.store, table)

    hub.on_load.append(load_settings)
    timers = Timers(hub)  # after the settings: the clocks need the pace
    hub.on_load.append(load_rematch)
    return Social(hub, Chat(hub), timers)


def social_of(request: Any) -> Social:
    """Return the social parts of the server a request (or WebSocket) reached."""
    social: Social = request.app.state.social
    return social


@router.post("/api/tables/{table_id}/rematch")
async def ask_rematch(table_id: str, request: Request) -> dict[str, Any]:
    """Ask for a rematch of a finished table: {seat, token} -> the new table and your link."""
    hub = site_of(request).hub
    body = parse_json(await request.body())
    table = await hub.get(table_id)
    new_id = await rematch.rematch(hub, table, body.get("seat"), body.get("token"))
    await _link_accounts(request, table, new_id)
    answer = rematch.answer(new_id, body["seat"], body["token"])
    answer["url"] = site_of(request).url(request, answer["link"])
    return answer


async def _link_accounts(request: Request, table: LiveTable, new_id: str) -> None:
    """Link each seat of the rematch to the account its old seat had (its tokens open it too)."""
    linked = [row for row in table.seats if row.account]
    if not linked:
        return
    books = accounts_of(request).accounts
    fresh = await site_of(request).hub.get(new_id)
    for row in linked:
        token_hash = await asyncio.to_thread(books.link, row.account, new_id, row.seat)
        seat = fresh.seats[row.seat]
        seat.account, seat.account_hash = row.account, token_hash


@router.get("/api/tables/{table_id}/chat")
async def chat_messages(table_id: str, request: Request) -> dict[str, Any]:
    """Return a table's chat, oldest first (hidden messages without their words), and its rules."""
    hub = site_of(request).hub
    await check(social_of(request).chat.reads, address(request))  # each page is a query
    table = await hub.get(table_id)
    found = await asyncio.to_thread(messages, hub.store, table.id)
    return {"table": table.id, "talk": table.extras.get("talk"), "messages": found}


@router.post("/api/tables/{table_id}/chat/hide")
async def hide(table_id: str, request: Request) -> dict[str, Any]:
    """Hide a message of your table's chat (its creator only): {seat, token, id}."""
    hub = site_of(request).hub
    body = parse_json(await request.body())
    table = await hub.get(table_id)
    await check(social_of(request).chat.addresses, address(request))
    await social_of(request).chat.hide(table, body.get("seat"), body.get("token"), body.get("id"))
    return {"hidden": body["id"]}
