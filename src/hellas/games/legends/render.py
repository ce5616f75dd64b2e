"""The terminal rendering of a Legends of Hellas view (Rich renderables, no game state).

It draws only what a view holds, so a seat's screen can never show another seat's hand.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

COLOURS = {
    "guile": "yellow",
    "speed": "cyan",
    "arms": "red",
    "strength": "green",
    "courage": "magenta",
    "divine": "bold white",
}
TITLES = {
    "guile": "Guile",
    "speed": "Speed",
    "arms": "Arms",
    "strength": "Strength",
    "courage": "Courage",
    "divine": "Divine",
}


def card_text(card: str | None, count: int = 1) -> Text:
    """Return a coloured card name (``None`` = a hidden card)."""
    if card is None:
        return Text("▮ hidden", style="dim")
    label = TITLES[card] + (f" ×{count}" if count > 1 else "")
    return Text(label, style=COLOURS[card])


def _join(parts: list[Text], sep: str = ", ") -> Text:
    out = Text()
    for i, p in enumerate(parts):
        if i:
            out.append(sep)
        out.append_text(p)
    return out


def _counts(counts: dict[str, int]) -> Text:
    if not counts:
        return Text("—", style="dim")
    return _join([card_text(k, v) for k, v in counts.items()])


def render(view: dict[str, Any]) -> RenderableType:
    """Return the table as seen by the view's seat."""
    seat = view["seat"]
    heroes = view["heroes"]
    mission = view["mission"]
    title = (
        f"Mission {mission['number']}: {mission['name']} · {view['difficulty']} · "
        f"turn {view['turn']}"
    )
    monsters = Table(title="Monsters", expand=True, title_justify="left")
    monsters.add_column("Monster")
    monsters.add_column("Needs")
    monsters.add_column("Cards played")
    monsters.add_column("Still required")
    monsters.add_column("Heroes")
    for m in view["monsters"]:
        if not m["alive"]:
            continue
        played = []
        for c in m["cards"]:
            if c["mode"] == "face-down":
                t = Text(f"face-down→{TITLES[c['as']]}", style=COLOURS[c["as"]] + " italic")
                if c["card"] is not None:
                    t.append(f" (your {TITLES[c['card']]})", style="dim")
                played.append(t)
            elif c["mode"] == "sideways":
                played.append(Text("Divine (sideways)", style="bold white"))
            elif c["card"] == "divine":
                played.append(Text(f"Divine→{TITLES[c['as']]}", style=COLOURS[c["as"]]))
            else:
                played.append(card_text(c["card"]))
        needs = _join([card_text(a, n) for a, n in m["need"].items()])
        who = ", ".join(heroes[q]["name"] for q in m["heroes_here"]) or "—"
        name = Text(m["title"][:1].upper() + m["title"][1:], style="bold")
        name.append(f"\n{m['played']}/{m['size']} cards", style="dim")
        if m["slayable"]:
            name.append("  ✦ divine slay possible", style="bold white")
        monsters.add_row(
            name,
            needs,
            _join(played) if played else Text("—", style="dim"),
            _counts(m["missing"]),
            who,
        )
    party = Table(title="Heroes", expand=True, title_justify="left")
    party.add_column("Seat")
    party.add_column("Hero")
    party.add_column("Colour")
    party.add_column("Disc on")
    party.add_column("Cards")
    party.add_column("You know they hold")
    names = {m["name"]: m["title"] for m in view["monsters"]}
    for h in heroes:
        marker = "▶ " if view["to_act"] == h["seat"] else "  "
        you = " (you)" if h["seat"] == seat else ""
        disc = names.get(h["disc"], "—") if h["disc"] else "(off the table)"
        state = " [broken]" if h["broken"] else ""
        known = _counts(h.get("known_cards", {})) if h["seat"] != seat else Text("")
        party.add_row(
            f"{marker}{h['seat'] + 1}",
            h["name"] + you + state,
            card_text(h["colour"]),
            disc,
            str(h["hand_size"]),
            known,
        )
    lines: list[RenderableType] = [monsters, party]
    info = Text()
    info.append(f"Draw deck: {view['deck']}")
    if view["deck_top"]:
        info.append("  (top, from the Oracle: ")
        info.append_text(_join([card_text(c) for c in view["deck_top"]]))
        info.append(")")
    info.append(
        f"   Discard pile: {view['discard']}   Monster deck: {view['monster_deck']}"
        f"   Defeated: {view['defeats']}   Divine interventions in deck: "
        f"{view['divine_in_deck']}"
    )
    lines.append(info)
    if view["oracle"]:
        o = Text("The Oracle shows: ", style="bold")
        o.append_text(_join([card_text(c) for c in view["oracle"]]))
        if view["oracle_order"]:
            o.append("   put back so far (from the top): ")
            o.append_text(_join([card_text(c) for c in view["oracle_order"]]))
        lines.append(o)
    if view["support"]:
        sup = view["support"]
        text = f"{heroes[sup['giver']]['name']} supports {heroes[sup['receiver']]['name']}"
        if sup["must_discard"]:
            text += f"; {heroes[sup['receiver']]['name']} must discard {sup['must_discard']}"
        lines.append(Text(text, style="bold"))
    if view["forced_recover"]:
        lines.append(
            Text(
                "Mission 5: a divine intervention was played, so this hero must Recover now.",
                style="bold",
            )
        )
    if seat is not None:
        hand = Text("Your hand: ", style="bold")
        hand.append_text(_counts(view["hand"] or {}))
        lines.append(hand)
    if view["result"]:
        lines.append(
            Text(view["reason"], style="bold green" if view["result"] == "won" else "bold red")
        )
    return Panel(Group(*lines), title=title, title_align="left")


def story(view: dict[str, Any], details: dict[str, Any]) -> list[str]:
    """Return the end of a mission in words: Victory or Defeat and the mission's figures."""
    mission = view["mission"]
    won = view["result"] == "won"
    heroes = len(view["heroes"])
    divine = sum(
        1
        for m in view["monsters"]
        for c in m["cards"]
        if c["card"] == "divine" or c["mode"] == "sideways"
    )
    abilities = sum(1 for h in view["heroes"] if h["broken"])
    return [
        f"{'Victory!' if won else 'Defeat.'} Mission {mission['number']}: {mission['name']} "
        f"({view['difficulty'].capitalize()}, {heroes} hero{'es' if heroes > 1 else ''}).",
        f"Monsters defeated {view['defeats']} · final monsters "
        f"{view['finals_defeated']}/{mission['finals']} · cards left in the deck {view['deck']} · "
        f"divine interventions used {divine} · special abilities used {abilities} · "
        f"turns {details.get('turns', view['turn'])}",
    ]


SPECIAL_RULES = {
    "none": "No special rule.",
    "recover-after-divine": (
        "A hero who plays a divine intervention on a monster must Recover at once, before "
        "the next turn or any new monster."
    ),
    "cycle-through-deck": (
        "After a divine intervention on a monster, that hero puts their whole hand face down "
        "under the draw deck, shuffled, and draws as many cards from the top."
    ),
    "cycle-through-discard": (
        "After a divine intervention on a monster, that hero puts their whole hand face down "
        "under the discard pile, shuffled, and draws as many from the top of the discard pile."
    ),
    "divine-blocks-arrivals": (
        "While fewer than 6 monsters have entered, a monster defeated by a divine intervention "
        "is not replaced; if that keeps the 6th monster out, the mission is lost."
    ),
}


def rules(view: dict[str, Any]) -> list[str]:
    """Return the mission and its special rule in words (shown at the start and on 'rules')."""
    mission = view["mission"]
    special = SPECIAL_RULES.get(mission["special"], "This mission has a special rule.")
    finals = mission["finals"]
    return [
        f"Mission {mission['number']}: {mission['name']} ({str(view['difficulty']).capitalize()}).",
        f"Special rule: {special}",
        f"Win by defeating the final monster{'s' if finals > 1 else ''} ({finals}); nobody "
        "may talk about the cards in their hand.",
    ]
