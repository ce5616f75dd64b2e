"""The terminal rendering of a Lords of Hellas view: the map as a table, grouped by Land."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from hellas.games.lords.content import LANDS, content

SEAT_STYLE = ("bold red", "bold blue", "bold green", "bold yellow")
LAND_STYLE = {
    "red": "red",
    "yellow": "yellow",
    "blue": "blue",
    "green": "green",
    "brown": "dark_orange3",
}


def _seat(view: dict[str, Any], q: int) -> Text:
    if q < 0:
        return Text("—", style="dim")
    return Text(view["players_info"][q]["name"], style=SEAT_STYLE[q % 4])


def render(view: dict[str, Any]) -> RenderableType:
    """Return the board as seen by the view's seat."""
    c = content()
    seat = view["seat"]
    board = Table(
        title=f"Turn {view['turn']} — {view['players_info'][view['current']]['name']} to play",
        title_justify="left",
        expand=True,
    )
    for col in ("Land", "Region", "Pop", "Sites", "Control", "Hoplites", "Heroes / Monsters"):
        board.add_column(col)
    heroes_at: dict[str, list[int]] = {}
    for p in view["players_info"]:
        if p["at"]:
            heroes_at.setdefault(p["at"], []).append(p["seat"])
    regions = {r["id"]: r for r in view["regions"]}
    for land in LANDS:
        for r in (x for x in c.regions if LANDS[x.land] == land):
            rv = regions[r.id]
            sites = []
            if r.city:
                sites.append("Sparta" if r.city == 2 else "City")
            if r.shrine:
                built = "Temple" if rv["temple"] else ("Shrine" if r.shrine == 1 else "Delphi site")
                sites.append("Oracle" if r.shrine == 2 and rv["temple"] else built)
            for g in c.gods:
                if g.site == r.index:
                    sites.append(f"{g.name} L{view['monuments'][g.id]['level']}")
            if rv["quest"]:
                sites.append("Quest")
            army = Text()
            for q, k in enumerate(rv["hoplites"]):
                total = k + (1 if rv["fortified"] == q else 0)
                if total:
                    if army:
                        army.append(" ")
                    army.append(f"{total}", style=SEAT_STYLE[q % 4])
                    if rv["fortified"] == q:
                        army.append("(F)", style="dim")
            who = Text()
            for q in heroes_at.get(r.id, []):
                who.append_text(_seat(view, q))
                who.append(" ")
            for m in rv["monsters"]:
                who.append(f"⚠ {m.capitalize()} ", style="bold magenta")
            board.add_row(
                Text(land, style=LAND_STYLE[land]),
                r.name,
                str(r.population),
                ", ".join(sites),
                _seat(view, rv["control"]),
                army,
                who,
            )
    players = Table(title="Players", title_justify="left", expand=True)
    for col in ("Player", "L/S/Sp", "Supply", "Priests", "Cards", "Glory", "Blessings", "Used"):
        players.add_column(col)
    for p in view["players_info"]:
        attrs = "/".join(str(v) for v in p["attributes"].values())
        if p["injured"]:
            attrs += " (injured: " + ", ".join(p["injured"]) + ")"
        players.add_row(
            _seat(view, p["seat"]),
            attrs,
            str(p["supply"]),
            str(p["priests"]),
            str(p["cards"]),
            ", ".join(p["glory"]) or "—",
            ", ".join(p["blessings"]) or "—",
            ", ".join(p["used"]) or "—",
        )
    parts: list[RenderableType] = [board, players]
    if view["battle"]:
        b = view["battle"]
        parts.append(
            Text(
                f"Battle in {b['region']}: attacker {b['attacker'] + 1}, defender "
                f"{b['defender'] + 1}; cards played {b['played']}",
                style="bold",
            )
        )
    if view.get("draft") and view["draft"]["cards"]:
        parts.append(Text("Blessings offered to you: " + ", ".join(view["draft"]["cards"])))
    if seat is not None:
        parts.append(
            Text("Your Combat Cards: " + (", ".join(view["hand"]) or "none"), style="bold")
        )
    if view.get("owl"):
        parts.append(Text("Owl of Athena drew: " + ", ".join(view["owl"])))
    if view["result"]:
        parts.append(Text(view["result"]["text"], style="bold green"))
    return Panel(Group(*parts), title="Lords of Hellas", title_align="left")
