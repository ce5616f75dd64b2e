"""Reaching tables from elsewhere: seat links, the address to send friends, "my tables".

A seat link carries its secret token, in the link's fragment (``#seat=K&token=T``), which
browsers keep to themselves.  Every other link grants no seat by itself: watching
needs nothing, and an open seat of a public table goes once, to whoever claims it first.
Links the server hands out are absolute when it knows the address people use to reach it
(``hellas serve --public-url``).  The LAN address hint asks the operating system which
interface routes outwards, without sending a single packet.
"""

from __future__ import annotations

import ipaddress
import socket
from typing import Any
from urllib.parse import urlsplit

from hellas.core.errors import HellasError
from hellas.server.errors import ServerError
from hellas.server.hub import HUMAN, Hub
from hellas.server.names import seat_name

MAX_MINE = 50  # seats one "my tables" request may ask about
ANY_HOST = ("0.0.0.0", "::", "")  # the names of "every interface"
# where a route lookup points: TEST-NET-1 (RFC 5737; the default route), then each private range
# One documentation-only address (TEST-NET-1): the kernel picks the default route for it.
ROUTE_PROBES = ("192.0.2.1",)


def seat_path(table_id: str, seat: int, token: str) -> str:
    """Return the path of a seat's secret link: the token rides in the fragment.

    Browsers never send a fragment to the server (nor to a proxy that logs requests), so the
    secret stays on the player's machine; the page reads it and proves the seat to the server
    in the WebSocket's first message.  Old links with ``?seat=K&token=T`` keep working.
    """
    return f"/table/{table_id}#seat={seat}&token={token}"


def join_path(table_id: str, seat: int) -> str:
    """Return the path that claims an open seat of a public table (no secret in it)."""
    return f"/?join={table_id}&seat={seat}"


def public_base(url: str) -> str:
    """Check a ``--public-url`` (http(s)://host[:port][/prefix]); return it without a final /."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"--public-url must look like http://my.address:8000, not {url!r}")
    if parts.query or parts.fragment:
        raise ValueError("--public-url takes no ?query or #fragment")
    try:
        parts.port  # noqa: B018 - raises for a port that is not a number
    except ValueError as exc:
        raise ValueError(f"--public-url has a bad port: {exc}") from exc
    return url.strip().rstrip("/")


def lan_address() -> str | None:
    """Return this machine's address on its local network, or None if it has none.

    ``connect`` on a UDP socket only asks the kernel which route and source address it would
    use: no datagram is sent and no name is looked up, so finding the address makes no traffic.
    """
    for target in ROUTE_PROBES:
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
                probe.connect((target, 9))
                address = probe.getsockname()[0]
        except OSError:
            continue  # no route that way
        ip = ipaddress.ip_address(address)
        if not (ip.is_loopback or ip.is_unspecified or ip.is_link_local):
            return str(address)
    return None


def startup_lines(host: str, port: int, public_url: str | None, lan: str | None) -> list[str]:
    """Return what ``hellas serve`` prints about who can reach it and which address to send."""
    if public_url:
        return [f"Send friends this address: {public_url}/ (links the server gives use it)."]
    if host in ANY_HOST:
        if lan:
            return [
                f"Friends on your network can open http://{lan}:{port}/ (this machine's LAN "
                f"address; the firewall must let TCP port {port} in).",
                "For friends elsewhere, forward the port on your router and pass "
                "--public-url http://YOUR.PUBLIC.ADDRESS:PORT so the links are right.",
            ]
        return [
            "Listening on every interface, but no LAN address was found; pass --public-url "
            "with the address friends should use."
        ]
    if host in ("127.0.0.1", "localhost", "::1"):
        return [
            "Only this machine can reach it. To play with friends: --host 0.0.0.0 (and "
            "--public-url; see 'Playing with friends' in the README)."
        ]
    return [f"Send friends this address: http://{host}:{port}/"]


async def my_tables(hub: Hub, entries: Any) -> list[dict[str, Any]]:
    """Summarise the tables behind seats a browser remembers: [{table, seat, token}, ...].

    Each answer names the game, the table, its status and whose turn it is - only for a seat
    whose token is right; any other entry comes back with ``status: "unknown"`` and nothing
    else, so the request reveals nothing a wrong token could not already learn.
    """
    if not isinstance(entries, list) or len(entries) > MAX_MINE:
        raise ServerError("bad-request", f"give 'seats': a list of at most {MAX_MINE} entries")
    out = []
    for entry in entries:
        if not isinstance(entry, dict):
            raise ServerError("bad-request", "each seat is {table, seat, token}")
        table_id, seat, token = entry.get("table"), entry.get("seat"), entry.get("token")
        if not isinstance(table_id, str) or isinstance(seat, bool) or not isinstance(seat, int):
            raise ServerError("bad-request", "each seat is {table, seat, token}")
        if not isinstance(token, str) or len(table_id) > 32 or not 0 <= seat < 64:
            raise ServerError("bad-request", "each seat is {table, seat, token}")  # none echoed
        try:
            table = await hub.get(table_id)
            hub.check_token(table, seat, token)
        except HellasError:
            out.append({"table": table_id, "seat": seat, "status": "unknown"})
            continue
        to_act = table.match.to_act()
        outcome = table.game.outcome(table.match.state)
        if outcome is not None:
            status = "finished"
        elif to_act == seat and table.seat_driver(seat) == HUMAN:
            status = "your-turn"
        else:
            status = "waiting"
        clocks = (table.extras.get("clock") or {}).get("seats", [])
        clock = next((c for c in clocks if c["seat"] == seat), None)
        out.append(
            {
                "table": table.id,
                "seat": seat,
                "status": status,
                "deadline": clock["deadline"] if clock else None,  # a timed table's, running
                "timed_out": bool(clock and clock["timed_out"]),
                "rematch": (table.extras.get("rematch") or {}).get("table"),  # a finished one's
                "game": table.game.meta.id,
                "title": table.game.meta.title,
                "name": table.name,
                "private": table.private,
                "to_act": to_act,
                # the name of the person to act ("Ana", "Bea (guest)"; "" unnamed or a bot seat)
                "to_act_name": ""
                if to_act is None or table.seats[to_act].kind != HUMAN
                else seat_name(table, table.seats[to_act]),
                "driver": None if to_act is None else table.seat_driver(to_act),
                "moves": len(table.match.record.choices),
                "winners": list(outcome.winners) if outcome else [],
                "link": seat_path(table.id, seat, token),
            }
        )
    return out
