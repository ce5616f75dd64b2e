"""The heuristic bot's knowledge of Chiron: Training cards and the Ashen Spear when losing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hellas.games.lords import battle
from hellas.games.lords.frames import BattleFrame, HuntFrame
from hellas.games.lords.state import LordsState

SPEAR = "artifact:ashen-spear"


def _losing(s: LordsState, seat: int, f: BattleFrame) -> bool:
    side = 0 if seat == f["att"] else 1
    mine, theirs = battle.strength(s, f, side), battle.strength(s, f, 1 - side)
    return not ((mine > theirs) if side == 0 else (mine >= theirs))


def _offered(s: LordsState, f: HuntFrame) -> int:
    """Return the Strength of the cards offered so far in a Hunt's defence."""
    cards = s.content.combat
    offered: int = sum(cards[c].strength for c in f["committed"])
    return offered + int(f.get("boost", 0))


def bot_choose(s: LordsState, seat: int, options: Sequence[Any]) -> Any:
    """Return the bot's choice for Chiron's frames and offers, or ``None``."""
    f = s.stack[-1]
    keys = [c.key for c in options]
    if f["k"] == "ch-artifact":  # give up the Neutral one, else the first
        neutral = [c for c in options if s.content.artifact(c.key[12:]).kind == "neutral"]
        return (neutral or list(options))[0]
    if f["k"] == "battle" and f["stage"] == "cards" and _losing(s, seat, f):
        if SPEAR in keys:
            return options[keys.index(SPEAR)]
        plays = [c for c in options if c.key.startswith("play:")]
        training = [c for c in plays if s.content.card(c.key[5:]).kind == "training"]
        if training:
            return max(training, key=lambda c: s.content.card(c.key[5:]).strength)
    if (
        f["k"] == "hunt"
        and SPEAR in keys
        and f["stage"] == "defend"
        and (_offered(s, f) + 2 >= f["strength"])
    ):
        return options[keys.index(SPEAR)]
    return None
