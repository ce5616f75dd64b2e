"""Lords of Hellas at the terminal: one narrative line per step, and when to redraw the board.

``hellas play`` looks these hooks up on the game's renderer module (``render.py`` re-exports
them): ``phrase`` turns a run of one player's steps into a sentence ("Heracles (P2) marches 2
Hoplites Crete → Euboea"); ``turn_key`` says when a new turn starts, the only time the big
board is drawn again for a human seat (``board`` at the prompt draws it on request).
"""

from __future__ import annotations

import re
from typing import Any

MARCH_FROM = re.compile(r"^March from (.+)$")
MARCH_TO = re.compile(r"^(?:March|\.\.\.) to (.+)$")  # "... to" in older records' words
COUNT = re.compile(r"^(\d+) Hoplites?$")
MOVE_ONE = re.compile(r"^Move a Hoplite from (.+) to (.+)$")
HERO_TO = re.compile(r"^Move your Hero to (.+)$")
SKIPPED = ("Special Action: March", "Hoplite Movement", "Hero Movement")  # said by what follows
SILENT = ("Done", "Stop moving")  # the end of a movement says nothing


def _hoplites(n: int) -> str:
    return f"{n} Hoplite{'s' if n != 1 else ''}"


def phrase(who: str, deeds: list[str]) -> str | None:
    """Return one player's run of steps as a sentence, or None to leave it as it is."""
    parts: list[tuple[bool, str]] = []  # (told as a verb, text)
    moved: dict[tuple[str, str], int] = {}  # Hoplites moved one by one, counted per route
    i = 0
    while i < len(deeds):
        deed = deeds[i]
        start = MARCH_FROM.match(deed)
        if start and i + 2 < len(deeds):
            to, count = MARCH_TO.match(deeds[i + 1]), COUNT.match(deeds[i + 2])
            if to and count:
                n = _hoplites(int(count.group(1)))
                parts.append((True, f"marches {n} {start.group(1)} → {to.group(1)}"))
                i += 3
                continue
        one, hero = MOVE_ONE.match(deed), HERO_TO.match(deed)
        if one:
            route = (one.group(1), one.group(2))
            if route not in moved:
                parts.append((True, f"moves:{route[0]}:{route[1]}"))
            moved[route] = moved.get(route, 0) + 1
        elif hero:
            parts.append((True, f"moves their Hero to {hero.group(1)}"))
        elif deed in SILENT:
            pass
        elif deed not in SKIPPED or i + 1 == len(deeds):
            parts.append((False, deed))
        i += 1
    if not any(verb for verb, _ in parts):
        return None
    texts = []
    for verb, text in parts:
        said = text
        if text.startswith("moves:"):
            _, src, dst = text.split(":", 2)
            said = f"moves {_hoplites(moved[(src, dst)])} {src} → {dst}"
        texts.append((verb, said))
    if all(verb for verb, _ in texts):
        return (f"{who} " if who else "") + ", then ".join(t for _, t in texts)
    said = " · ".join(t[0].upper() + t[1:] if verb else t for verb, t in texts)
    return f"{who}: {said}" if who else said


def turn_key(view: dict[str, Any]) -> Any:
    """Return what changes when a new turn starts (the board is drawn again then)."""
    return (view.get("turn"), view.get("current"))
