"""The terminal rendering of a Fantasy Realms view (Rich renderables, no game state)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from hellas.games.realms.content import SUITS, deck
from hellas.games.realms.describe import summary
from hellas.games.realms.lookup import find_card
from hellas.games.realms.rules import END_DISCARDS

SUIT_STYLE = {
    "god": "yellow",
    "hero": "cyan",
    "item": "magenta",
    "location": "green",
    "monster": "red",
    "quest": "blue",
}


def card_text(card_id: str) -> Text:
    """Return a card's name, base value and tags, coloured by suit."""
    c = deck().by_id(card_id)
    suit = SUITS[c.suit]
    tags = ", ".join(c.tag_names())
    text = Text(c.name, style=f"bold {SUIT_STYLE[suit]}")
    text.append(
        f" ({suit} {c.base}{'; ' + tags if tags else ''}"
        f"{'; ⇢afterlife' if c.afterlife_icon else ''})",
        style="dim",
    )
    return text


def explain(name: str) -> str:
    """Return a card's facts and effect in words (the ``card NAME`` command); unknown: raise."""
    return summary(find_card(deck(), name))


def _cards(ids: list[str]) -> Text:
    if not ids:
        return Text("—", style="dim")
    out = Text()
    for i, card_id in enumerate(ids):
        if i:
            out.append(" · ")
        out.append_text(card_text(card_id))
    return out


def score_table(score: dict[str, Any], title: str) -> Table:
    """Return the card-by-card breakdown of a score."""
    table = Table(title=title, title_justify="left", expand=True)
    table.add_column("Card")
    table.add_column("Where")
    table.add_column("Base", justify="right")
    table.add_column("Bonus", justify="right")
    table.add_column("Penalty", justify="right")
    table.add_column("Total", justify="right")
    table.add_column("Notes")
    for line in score["lines"]:
        table.add_row(
            line["card"],
            line["place"],
            str(line["base"]),
            str(line["bonus"]),
            str(line["penalty"]),
            str(line["total"]),
            "; ".join(line["notes"]),
        )
    table.add_row("Afterlife", "", "", "", "", str(score["afterlife_penalty"]), "−10 per card")
    table.add_row(
        "[bold]Total", "", "", "", "", f"[bold]{score['score']}", ""
    )  # the endgame choices are told in words in the caption, never by their keys
    if score.get("endgame"):
        table.caption = "Endgame: " + " ".join(score["endgame"])
        table.caption_justify = "left"
    return table


def render(view: dict[str, Any]) -> RenderableType:
    """Return the table as seen by the view's seat."""
    seat = view["seat"]
    parts: list[RenderableType] = []
    info = Text(
        f"Deck: {view['deck']}   Discard area: {len(view['discard'])}/{END_DISCARDS}   "
        f"Turn {view['turn']}, Player {view['current'] + 1} to play"
    )
    if view["first_turn"]:
        info.append("  (the first player must draw from the deck)")
    parts.append(info)
    parts.append(Text("Discard area: ").append_text(_cards(view["discard"])))
    for q, after in enumerate(view["afterlives"]):
        label = "your" if q == seat else f"Player {q + 1}'s"
        line = Text(f"{label} Afterlife ({view['hand_sizes'][q]} cards in hand): ")
        line.append_text(_cards(after))
        known = view["known"].get(str(q))
        if known:
            line.append("  — you know they hold: ")
            line.append_text(_cards(known))
        parts.append(line)
    if view["oracle"]:
        parts.append(Text("The Oracle shows (top first): ").append_text(_cards(view["oracle"])))
    if seat is not None:
        parts.append(Text("Your hand: ", style="bold").append_text(_cards(view["hand"] or [])))
        parts.append(Text("Type 'card NAME' to read what a card does.", style="dim"))
        parts.append(
            score_table(
                view["score"],
                f"Your hand would score {view['score']['score']} now (best endgame choices)",
            )
        )
    if view.get("scores"):
        for q, sc in enumerate(view["scores"]):
            parts.append(score_table(sc, f"Player {q + 1}: {sc['score']}"))
        winners = view["result"]["winners"]
        parts.append(
            Text("Winner(s): " + ", ".join(f"Player {w + 1}" for w in winners), style="bold green")
        )
    return Panel(Group(*parts), title="Fantasy Realms: Greek Legends", title_align="left")


def story(view: dict[str, Any], details: dict[str, Any]) -> list[str]:
    """Return the end in words: every player ranked by score, with the hand that scored it."""
    result = view.get("result") or {}
    scores: list[int] = list(result.get("scores") or [])
    hands = view.get("hands") or [[] for _ in scores]
    order = sorted(range(len(scores)), key=lambda q: (-scores[q], q))
    places = ("1st", "2nd", "3rd", "4th", "5th", "6th")
    breakdowns = view.get("scores") or []
    lines = []
    for rank, q in enumerate(order):
        cards = ", ".join(deck().by_id(c).name for c in hands[q])
        lines.append(
            f"{places[rank]}  Player {q + 1}: {scores[q]} points" + (f" ({cards})" if cards else "")
        )
        if q < len(breakdowns):  # every final hand, card by card
            lines += _card_lines(breakdowns[q])
    return lines


def _card_lines(score: dict[str, Any]) -> list[str]:
    """Return a scored hand's cards, one line each: total, and base, bonus and penalty."""
    out = []
    for line in score["lines"]:
        parts = [f"base {line['base']}"]
        if line["bonus"]:
            parts.append(f"bonus {line['bonus']:+d}")
        if line["penalty"]:
            parts.append(f"penalty {line['penalty']:+d}")
        where = "" if line["place"] in ("hand", "") else f" [{line['place']}]"
        notes = f" — {'; '.join(line['notes'])}" if line["notes"] else ""
        out.append(f"     {line['card']}{where}: {line['total']} ({', '.join(parts)}){notes}")
    if score["afterlife_penalty"]:
        out.append(f"     Afterlife: {score['afterlife_penalty']}")
    return out
