"""The Atlantis panel of the view: the Factory, Talos, the Siren's Heroes and the board's shape.

Everything here is public.  The ``board`` field carries the Atlantis Regions' names,
coordinates, borders and Sea Trails so a front end can draw the board beside the main map
(the view's ``regions`` list already holds their Hoplites, control and Monsters).
"""

from __future__ import annotations

from typing import Any

from hellas.games.lords.content import Content
from hellas.games.lords.modules.atlantis.rules import ID, controller, factory_region, mine, talos
from hellas.games.lords.state import LordsState


def board(c: Content) -> dict[str, Any]:
    """Return the Atlantis Land's Regions (with coordinates) and the Sea Trails leaving it."""
    land = c.land_ids.index(ID)
    regions = []
    trails = []
    for r in c.regions:
        if r.land != land:
            continue
        regions.append(
            {
                "id": r.id,
                "name": r.name,
                "x": r.x,
                "y": r.y,
                "population": r.population,
                "city": r.city > 0,
                "shrine": r.shrine > 0,
                "borders": [c.regions[n].id for n in r.neighbours if n not in r.sea],
                "sea_trails": [c.regions[n].id for n in r.sea],
                "provenance": r.provenance,
            }
        )
        trails += [[r.id, c.regions[n].id] for n in r.sea if c.regions[n].land != land]
    return {"land": ID, "regions": regions, "sea_trails": trails}


def panel(s: LordsState, seat: int | None) -> dict[str, Any]:
    """Return the Atlantis panel (public facts only)."""
    c = s.content
    data = mine(s)
    ic = c.regions[factory_region(s)]
    names = [c.heroes[h].name if h >= 0 else f"Player {q + 1}" for q, h in enumerate(s.heroes)]
    lines = []
    owner = controller(s)
    t = talos(s)
    if not data["factory"]:
        lines.append(f"The Factory is not built: the controller of {ic.name} may build it.")
    elif s.slain[t] >= 0:
        lines.append(f"The Factory stands in {ic.name}; Talos was slain by {names[s.slain[t]]}.")
    else:
        who = names[owner] if owner >= 0 else "nobody (it rolls the Monster Die)"
        lines.append(f"The Factory stands in {ic.name}; Talos is controlled by {who}.")
    if data["captives"]:
        held = ", ".join(names[q] for q in data["captives"])
        lines.append(f"The Siren holds {held} until the next Build Monument (back in Euboea).")
    players: list[list[str]] = [[] for _ in range(s.n)]
    if owner >= 0:
        players[owner].append("Talos")
        if data["talos_used"] and owner == s.current:
            players[owner][-1] = "Talos (acted)"
    for q in data["captives"]:
        players[q].append("Siren's captive")
    holder = s.control[ic.index]
    marker: dict[str, Any] = {
        "kind": "factory" if data["factory"] else "talos-home",
        "seat": holder if data["factory"] and holder >= 0 else None,
        "label": "The Factory (a Temple)" if data["factory"] else "Factory site",
    }
    return {
        "title": "Atlantis",
        "lines": lines,
        "players": players,
        "regions": {ic.id: [marker]},
        "cards": [],
        "private": [],
        "factory": bool(data["factory"]),
        "talos_controller": owner,
        "talos_acted": bool(data["talos_used"]),
        "captives": list(data["captives"]),
        "board": board(s.content),
    }
