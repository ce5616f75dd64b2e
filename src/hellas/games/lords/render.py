"""The terminal rendering of a Lords of Hellas view: the map as a table, grouped by Land."""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from hellas.core.errors import HellasError, suggest
from hellas.games.lords import describe
from hellas.games.lords.content import Content, built, every_built
from hellas.games.lords.render_modules import module_panels, modules_title, region_markers
from hellas.games.lords.terminal import phrase, turn_key

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


def view_content(view: dict[str, Any]) -> Content:
    """Return the content a view's game plays with (its modules and content pack)."""
    return built(
        str(view.get("modules") or ""),
        str(view.get("pack_fingerprint") or ""),
        bool(view.get("printed_only")),
    )


def _texts(
    c: Content,
    title: str,
    kind: str,
    ids: list[str],
    provisional: Sequence[str] = (),
    pack: Collection[str] = (),
) -> RenderableType:
    """Return cards as ``Name: what it does`` lines under a title (stand-ins, pack cards badged)."""
    out = Text(f"{title}:", style="bold")
    if not ids:
        out.append(" none", style="dim")
    for card_id in ids:
        if kind == "combat":
            card = c.card(card_id)
            name, words = card.name, describe.combat(card)
        else:
            name, words = c.blessing(card_id).name, describe.blessing(c, card_id)
        out.append("\n  ")
        out.append(name, style="bold")
        if card_id in provisional:
            out.append(" [provisional]", style="yellow")
        if card_id in pack:  # a content pack's card, not the rulebook's (issue 50, item 9)
            out.append(" [pack]", style="cyan")
        out.append(f" — {words}", style="")
    return out


def explain(name: str) -> str:
    """Return what a named Lords card or piece does (the ``card NAME`` command); unknown: raise.

    Every content built in this process is searched (the core box, each module set, each
    content pack of a game being played), so a pack's new cards are found too.
    """
    wanted = _norm(name)
    found: list[tuple[str, str]] = []
    for c in every_built():
        found += _pieces(c)
    lines = []
    for title, words in found:
        line = f"{title}: {words}"
        if _norm(title) == wanted and line not in lines:
            lines.append(line)
    if not lines:
        hint = suggest(name.strip(), sorted({t for t, _ in found}))
        did = f"; did you mean {' or '.join(repr(h) for h in hint)}?" if hint else ""
        raise HellasError(f"no card or piece called {name.strip()!r}{did}")
    return "\n".join(lines)


def _pieces(c: Content) -> list[tuple[str, str]]:
    """Return every card and piece of ``c`` with its words."""
    found: list[tuple[str, str]] = []
    found += [(x.name, describe.combat(x)) for x in c.combat]
    found += [(b.name, describe.blessing(c, b.id)) for b in c.blessings]
    found += [(a.name, describe.artifact(c, a.id)) for a in c.artifacts]
    found += [(m.name, describe.monster(c, m)) for m in c.monsters]
    found += [(q.name, describe.quest(c, q.id)) for q in c.quests]
    found += [(h.name, describe.hero(h)) for h in c.heroes]
    found += [(g.name, describe.god(c, g.id)) for g in c.gods]
    found += [(a.name, describe.attack_card(a)) for a in getattr(c, "attack_cards", ())]
    return found


def _norm(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "", text.lower())


def render(view: dict[str, Any]) -> RenderableType:
    """Return the board as seen by the view's seat."""
    c = view_content(view)
    seat = view["seat"]
    board = Table(
        title=_header(view),
        title_justify="left",
        expand=True,
    )
    for col in ("Land", "Region", "Pop", "Sites", "Control", "Hoplites", "Heroes / Monsters"):
        board.add_column(col)
    board.add_column("Neighbours", style="dim")
    heroes_at: dict[str, list[int]] = {}
    for p in view["players_info"]:
        if p["at"]:
            heroes_at.setdefault(p["at"], []).append(p["seat"])
    regions = {r["id"]: r for r in view["regions"]}
    markers = region_markers(view)  # the modules' map markers (ports, gates ...)
    for land in c.land_ids:  # a module may add Lands (Atlantis)
        for r in (x for x in c.regions if c.land_ids[x.land] == land):
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
            sites += markers.get(r.id, [])
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
                Text(land, style=LAND_STYLE.get(land, "cyan")),
                r.name,
                str(r.population),
                ", ".join(sites),
                _seat(view, rv["control"]),
                army,
                who,
                ", ".join(c.regions[n].name for n in r.neighbours),
            )
    players = Table(title="Players", title_justify="left", expand=True)
    short = {"leadership": "L", "strength": "S", "speed": "Sp"}  # others: a module's (Fleet)
    attr_names = "/".join(short.get(a, a.capitalize()) for a in c.attributes)
    for col in ("Player", attr_names, "Supply", "Priests", "Cards", "Glory", "Blessings", "Used"):
        players.add_column(col)
    for col in ("Artifacts", "Quest", "Slain"):
        players.add_column(col)
    owned = _artifacts(view)
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
            ", ".join(c.blessing(b).name for b in p["blessings"]) or "—",
            ", ".join(p["used"]) or "—",
            ", ".join(owned.get(p["seat"], [])) or "—",
            _quest(c, p),
            ", ".join(c.monster(m).name for m in p.get("slain_monsters", [])) or "—",
        )
    parts: list[RenderableType] = [board, players, progress_table(view), monster_table(view)]
    parts += module_panels(view)
    parts.append(
        Text(
            f"Temple card: {view['temple_card']} ({view['temples_built']} built). "
            + describe.oracle(next(x.oracle for x in c.temples if x.id == view["temple_card"]))
            + (" The Oracle of Delphi stands." if view["oracle"] else ""),
            style="dim",
        )
    )
    if view["battle"]:
        parts.append(battle_text(view))
    if view.get("hunt"):
        parts.append(hunt_text(view))
    if view.get("draft") and view["draft"]["cards"]:
        parts.append(
            _texts(
                c,
                "Blessings offered to you",
                "blessing",
                view["draft"]["cards"],
                view.get("provisional", {}).get("blessings", ()),
                view.get("pack", {}).get("records", {}).get("blessings", {}),
            )
        )
    if seat is not None:
        parts.append(
            _texts(
                c,
                "Your Combat Cards",
                "combat",
                view["hand"] or [],
                view.get("provisional", {}).get("combat", ()),
                view.get("pack", {}).get("records", {}).get("combat", {}),
            )
        )
        parts.append(Text("Type 'card NAME' to read any card, Monster or Quest.", style="dim"))
    if view.get("owl"):
        parts.append(_texts(c, "Owl of Athena drew", "combat", view["owl"]))
    if view["result"]:
        parts.append(Text(view["result"]["text"], style="bold green"))
    modules = modules_title(view)
    title = f"Lords of Hellas · {modules}" if modules else "Lords of Hellas"
    return Panel(Group(*parts), title=title, title_align="left")


def _hunt_lines(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """Return what two views say of a Hunt: its start, each Monster Attack, its end."""
    c = view_content(after)
    was, now = before.get("hunt"), after.get("hunt")
    lines = []
    if now and (not was or was["monster"] != now["monster"]):
        where = after["monsters"][now["monster"]]["at"]
        place = f" in {c.region(where).name}" if where else ""
        lines.append(
            f"{_who(after, now['hunter'])} hunts the {c.monster(now['monster']).name}{place}."
        )
    if now and was and was["stage"] == "pick" and now["stage"] != "pick" and now["attack"]:
        lines.append(
            f"The {c.monster(now['monster']).name} attacks {_who(after, now['hunter'])} with "
            f"{_attack_name(c, now['attack'])} (Strength {now['strength']}), "
            f"picked by {_who(after, now['picker'])}."
        )
    if was and (not now or now["monster"] != was["monster"]):
        name = c.monster(was["monster"]).name
        m_now = after["monsters"][was["monster"]]
        if m_now["slain_by"] == was["hunter"]:
            lines.append(f"{_who(after, was['hunter'])} slays the {name}.")
        else:
            total = sum(w["wounded"] for w in m_now["tray"])
            lines.append(
                f"{_who(after, was['hunter'])}'s Hunt of the {name} fails "
                f"({total} of {len(m_now['tray'])} Wounds dealt)."
            )
    return lines


def _header(view: dict[str, Any]) -> str:
    """Return the board's title: the turn and who plays (who chooses, during setup)."""
    acting = view.get("to_act")
    if acting is not None and (acting != view["current"] or view.get("procedure") == "setup"):
        return f"Turn {view['turn']} — {_name(view, acting)} to choose"
    return f"Turn {view['turn']} — {_name(view, view['current'])} to play"


def _name(view: dict[str, Any], q: int) -> str:
    p = view["players_info"][q]
    return f"{p['name']} (P{q + 1})" if p["hero"] is None else str(p["name"])


def _artifacts(view: dict[str, Any]) -> dict[int, list[str]]:
    """Return each seat's Artifacts as ``Name (ready)`` / ``Name (used)``."""
    c = view_content(view)
    out: dict[int, list[str]] = {}
    for a_id, a in view.get("artifacts", {}).items():
        state = "ready" if a["charged"] else "used"
        out.setdefault(a["owner"], []).append(f"{c.artifact(a_id).name} ({state})")
    return out


def _quest(c: Content, p: dict[str, Any]) -> str:
    """Return a player's Quest in progress and step, and the Quest cards kept."""
    text = f"{c.quest(p['quest']).name} step {p['quest_step']}/3" if p.get("quest") else "—"
    kept = p.get("quest_cards") or []
    if kept:
        text += " · kept: " + ", ".join(c.quest(q).name for q in kept)
    return text


def progress_table(view: dict[str, Any]) -> Table:
    """Return the table of each player's progress toward each victory."""
    table = Table(title="Victory progress", title_justify="left", expand=True)
    for col in ("Player", "Warlord (Lands)", "Favored (Temples)", "Monster Slayer", "King"):
        table.add_column(col)
    for row in view["progress"]:
        king = "—" if row["king"] is None else f"{row['king']} token(s) to take"
        table.add_row(
            _seat(view, row["seat"]),
            "{}/{}".format(*row["warlord"]),
            "{}/{}".format(*row["favored"]),
            "{}/{}".format(*row["slayer"]),
            king,
        )
    return table


def _tray(m: dict[str, Any]) -> str:
    """Return a Monster's tray: ``[x]`` for a Wound dealt, ``[ ]`` for one still open."""
    return " ".join(f"[{'x' if w['wounded'] else ' '}]{w['symbol']}" for w in m["tray"])


def monster_table(view: dict[str, Any]) -> Table:
    """Return the Monsters on the board: where, their trays' Wounds, their Evolutions."""
    c = view_content(view)
    table = Table(title="Monsters", title_justify="left", expand=True)
    for col in ("Monster", "Region", "Wounds", "Evolutions"):
        table.add_column(col)
    for m_id, m in view["monsters"].items():
        if m["at"] is None:
            continue
        table.add_row(
            c.monster(m_id).name,
            c.region(m["at"]).name,
            Text(_tray(m)),
            ", ".join(m["evolutions"]) or "—",
        )
    return table


def battle_text(view: dict[str, Any]) -> Text:
    """Return the Battle in progress: who fights where, the cards played, Army Strength."""
    c = view_content(view)
    b = view["battle"]
    att, dfn = b["attacker"], b["defender"]
    text = Text(f"Battle in {c.region(b['region']).name}: ", style="bold")
    text.append_text(_seat(view, att))
    text.append(" attacks ")
    text.append_text(_seat(view, dfn))
    for side, q in enumerate((att, dfn)):
        cards = ", ".join(c.card(x).name for x in b["played"][side]) or "no cards"
        strength = b.get("strength")
        power = f" — Army Strength {strength[side]}" if strength else ""
        text.append(f"\n  {_name(view, q)}: {cards}{power}")
    return text


def hunt_text(view: dict[str, Any]) -> Text:
    """Return the Hunt in progress: hunter, Monster, its tray, the Monster Attack card."""
    c = view_content(view)
    h = view["hunt"]
    m = view["monsters"][h["monster"]]
    text = Text("Hunt: ", style="bold")
    text.append_text(_seat(view, h["hunter"]))
    text.append(f" hunts the {c.monster(h['monster']).name} (stage: {h['stage']})")
    text.append(f"\n  Wounds: {_tray(m)}")
    if h["committed"]:
        text.append("\n  Cards committed: " + ", ".join(c.card(x).name for x in h["committed"]))
    if h["attack"]:
        text.append(
            f"\n  Monster Attack: {_attack_name(c, h['attack'])} (Strength {h['strength']})"
        )
    if h.get("drawn_cards"):
        text.append("\n  You pick the Monster Attack card:", style="bold magenta")
        for a_id in h["drawn_cards"]:
            card = next(a for a in c.attack_cards if a.id == a_id)
            text.append(f"\n    {card.name} — {describe.attack_card(card)}")
    elif h["drawn"]:
        text.append(
            f"\n  {_name(view, h['picker'])} picks one of {h['drawn']} Monster Attack cards"
        )
    return text


def _attack_name(c: Content, a_id: str) -> str:
    return next(a.name for a in c.attack_cards if a.id == a_id)


def _who(view: dict[str, Any], q: int) -> str:
    return f"{view['players_info'][q]['name']} (P{q + 1})"


def _armies(view: dict[str, Any]) -> dict[str, list[int]]:
    """Return each Region's Hoplites per seat, Fortified ones included."""
    out = {}
    for rv in view["regions"]:
        counts = list(rv["hoplites"])
        if rv["fortified"] >= 0:
            counts[rv["fortified"]] += 1
        out[rv["id"]] = counts
    return out


def _hoplites(n: int) -> str:
    return f"{n} Hoplite{'s' if n != 1 else ''}"


def narrate(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """Return what two successive public views reveal: battle results and Hoplites killed."""
    c = view_content(after)
    was, now = _armies(before), _armies(after)
    seats = range(len(after["players_info"]))
    lost = [sum(was[r][q] for r in was) - sum(now[r][q] for r in now) for q in seats]
    lines = []
    fought = before.get("battle")
    current = after.get("battle")
    if fought and (not current or current["region"] != fought["region"]):
        where = fought["region"]
        att, dfn = fought["attacker"], fought["defender"]
        control = next(rv["control"] for rv in after["regions"] if rv["id"] == where)
        if control not in (att, dfn):
            control = att if now[where][att] else (dfn if now[where][dfn] else -1)
        result = f"{_who(after, control)} wins" if control >= 0 else "no army is left"
        losses = [f"{_who(after, q)} {lost[q]}" for q in (att, dfn) if lost[q] > 0]
        lines.append(
            f"Battle in {c.region(where).name}: {result}"
            + (f"; Hoplites lost: {', '.join(losses)}." if losses else ".")
        )
        for q in (att, dfn):
            lost[q] = 0
    lines += _hunt_lines(before, after)
    for q in seats:
        if lost[q] <= 0:
            continue
        drops = {r: was[r][q] - now[r][q] for r in was if was[r][q] > now[r][q]}
        where = max(drops, key=lambda r: drops[r]) if drops else ""
        place = c.region(where).name if where else "the board"
        monsters: list[str] = next(
            (rv["monsters"] for rv in after["regions"] if rv["id"] == where), []
        )
        if monsters:
            names = ", ".join(c.monster(m).name for m in monsters)
            them = (
                f"The {names} in {place} kills"
                if len(monsters) == 1
                else (f"The Monsters in {place} ({names}) kill")
            )
            lines.append(f"{them} {_hoplites(lost[q])} of {_who(after, q)}.")
        else:
            lines.append(f"{_who(after, q)} loses {_hoplites(lost[q])} in {place}.")
    return lines


VICTORIES = {
    "warlord": "Warlord of Hellas",
    "favored": "Favored of the Gods",
    "slayer": "Monster Slayer",
    "king": "King of Kings",
}


def story(view: dict[str, Any], details: dict[str, Any]) -> list[str]:
    """Return the end in words: who won, by which victory, on which turn; everyone's progress."""
    result = view.get("result") or {}
    winner = int(result.get("winner", -1))
    turns = details.get("turns", view["turn"])
    if winner >= 0:
        victory = VICTORIES.get(str(result.get("condition")), "victory")
        lines = [f"{_name(view, winner)} won by {victory} on turn {turns}."]
    else:
        lines = [f"No winner after {turns} turns."]
    for row in view["progress"]:
        lines.append(
            f"{_name(view, row['seat'])}: Lands {row['warlord'][0]}/{row['warlord'][1]} · "
            f"Temples {row['favored'][0]}/{row['favored'][1]} · "
            f"Monsters slain {row['slayer'][0]}/{row['slayer'][1]}"
        )
    return lines


__all__ = ["explain", "narrate", "phrase", "render", "story", "turn_key"]
