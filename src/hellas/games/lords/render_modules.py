"""The terminal rendering of the Dark Ages modules' view panels, for any module alike.

Each module's ``view`` hook gives a panel (``view["module_panels"][module_id]``): a title, public
lines, per-seat badges, map markers by Region, face-up cards and the viewing seat's own secrets.
This module draws every panel the same way; the map table shows the markers in its Sites column.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from hellas.games.lords.hooks import modules_of

# a glyph per marker kind the modules use; any other kind is shown by its label alone
MARKER_ICONS = {
    "port": "⚓",
    "gate": "Π",
    "warrior": "☠",
    "orichalkum": "◈",
    "factory": "⚙",
    "talos-home": "♜",
}


def _who(view: dict[str, Any], seat: Any) -> str:
    """Return a seat's display name, or "" for no seat."""
    players = view.get("players_info") or []
    if not isinstance(seat, int) or not 0 <= seat < len(players):
        return ""
    return f"{players[seat]['name']} (P{seat + 1})"


def marker_text(view: dict[str, Any], marker: dict[str, Any]) -> str:
    """Return one map marker in words: its icon, its label and the seat it belongs to."""
    kind = str(marker.get("kind", ""))
    label = str(marker.get("label") or kind.replace("-", " ").capitalize())
    icon = MARKER_ICONS.get(kind)
    owner = _who(view, marker.get("seat"))
    return f"{icon + ' ' if icon else ''}{label}{f' ({owner})' if owner else ''}"


def region_markers(view: dict[str, Any]) -> dict[str, list[str]]:
    """Return every module's map markers in words, by Region id."""
    out: dict[str, list[str]] = {}
    for panel in (view.get("module_panels") or {}).values():
        for region, markers in (panel.get("regions") or {}).items():
            out.setdefault(region, []).extend(marker_text(view, m) for m in markers)
    return out


def panel_body(view: dict[str, Any], panel: dict[str, Any]) -> Text:
    """Return one module panel's public lines, seat badges, cards and the viewer's secrets."""
    text = Text()

    def line(part: str, style: str = "") -> None:
        if text:
            text.append("\n")
        text.append(part, style=style)

    for fact in panel.get("lines") or []:
        line(str(fact))
    for seat, badges in enumerate(panel.get("players") or []):
        if badges:
            line(f"{_who(view, seat) or f'Player {seat + 1}'}: ", "bold")
            text.append(" · ".join(str(b) for b in badges))
    for card in panel.get("cards") or []:
        state = f" [{card['state']}]" if card.get("state") else ""
        badge = " [provisional]" if card.get("provisional") else ""
        line(f"{card.get('name') or card.get('id')}{badge}{state}", "bold")
        if card.get("text"):
            text.append(f" — {card['text']}")
    for secret in panel.get("private") or []:
        line(f"You: {secret}", "italic")
    if not text:
        text.append("nothing to show yet", style="dim")
    return text


def modules_title(view: dict[str, Any]) -> str:
    """Return the titles of the modules in play, comma-separated ("" for the base game)."""
    return ", ".join(m.title for m in modules_of(str(view.get("modules") or "")))


def module_panels(view: dict[str, Any]) -> list[RenderableType]:
    """Return a bordered box per module in play, in the order the view lists them."""
    out: list[RenderableType] = []
    for module_id, panel in (view.get("module_panels") or {}).items():
        title = str(panel.get("title") or module_id)
        out.append(Panel(Group(panel_body(view, panel)), title=title, title_align="left"))
    return out
