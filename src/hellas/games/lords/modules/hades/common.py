"""Hades rules shared by the full and the simple mode: the Monument, the Helmet, the Blessings.

- Hades' Monument Power (the Help card, provisional reading): Wounds dealt to one chosen
  Monster, as many as the module's ``wounds`` table gives for the Monument's level.
- Hades' Helmet ("Use when your Hero suffers an Injury. Ignore that Injury": used at once, the
  first time its charged holder would be Injured), Price of Victory and Temple of Death:
  clauses of their records in the effect vocabulary.
"""

from __future__ import annotations

from typing import Any

from hellas.core.content import Fields
from hellas.games.lords.frames import HadesReapFrame
from hellas.games.lords.fx import removed
from hellas.games.lords.hunt import strike
from hellas.games.lords.packs_modules import help_table
from hellas.games.lords.state import LordsState

KEYS = ("hades", "hades-simple")  # the module whose state holds the shared counters


def store(s: LordsState) -> dict[str, Any]:
    """Return the Hades module's own state (full or simple mode)."""
    for key in KEYS:
        if key in s.mod:
            mine: dict[str, Any] = s.mod[key]
            return mine
    raise AssertionError("no Hades module in play")  # pragma: no cover


# -- the Monument Power ----------------------------------------------------------


def settings(module_id: str, c: Any = None) -> dict[str, Any]:
    """Return the checked Help card of a mode (a content pack's over the module's, if given).

    ``wounds``: the Wounds per Monument level I-V; checked once per content.
    """
    derived = c.derived if c is not None else _BUILT_IN
    found: dict[str, Any] | None = derived.get(f"help:{module_id}")
    if found is None:
        source, raw = help_table(c, module_id)
        f = Fields(source, "module", raw)
        wounds = f.items("wounds")
        if len(wounds) != 5 or not all(
            isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 5 for n in wounds
        ):
            raise f.error("wounds", "expected 5 whole numbers 0-5 (Wounds at Monument level I-V)")
        found = derived[f"help:{module_id}"] = {
            "wounds": tuple(wounds),
            "from_pack": bool(raw.get("from_pack")),
        }
    return found


_BUILT_IN: dict[str, Any] = {}  # the modules' own Help cards, checked once


def wounds_for_level(s: LordsState, module_id: str, level: int) -> int:
    """Return the Wounds Hades' Monument Power deals at a Monument level (1-5)."""
    return int(settings(module_id, s.content)["wounds"][level - 1])


def _wounds(n: int) -> str:
    return "no Wound" if not n else f"{n} Wound{'s' if n > 1 else ''} on one chosen Monster"


def help_card(s: LordsState, module_id: str) -> dict[str, Any]:
    """Return the Help card as a panel card: Wounds per level, the level reached, its source."""
    conf = settings(module_id, s.content)
    level = s.monument[s.content.god("hades").index]
    levels = "; ".join(
        f"{n}: {w}" for n, w in zip(("I", "II", "III", "IV", "V"), conf["wounds"], strict=True)
    )
    side = "grey" if module_id == "hades-simple" else "red"
    return {
        "id": "hades-help",
        "name": f"Hades Help card ({side} corner)"
        + (", the content pack's" if conf["from_pack"] else ""),
        "text": f"Prayer: Wounds on one chosen Monster by Monument level ({levels}).",
        "state": f"level {level}: {_wounds(conf['wounds'][level - 1])}",
    }


def prayer(s: LordsState, seat: int, god_id: str, module_id: str) -> None:
    """Apply Hades' Monument Power after a Prayer: Wound a chosen Monster (provisional)."""
    if god_id != "hades":
        return
    level = s.monument[s.content.god("hades").index]
    n = wounds_for_level(s, module_id, level)
    if n and any(m >= 0 for m in s.monster_at):
        s.stack.append({"k": "hades-reap", "seat": seat, "left": n, "m": -1})


def reap_options(s: LordsState, f: HadesReapFrame) -> list[str]:
    """List the Monsters to Wound (the first Wound picks one; the others follow on it)."""
    monsters = s.content.monsters
    if f["left"] <= 0:
        return []
    if f["m"] >= 0:
        return [f"hades-reap:{monsters[f['m']].id}"] if s.monster_at[f["m"]] >= 0 else []
    return [f"hades-reap:{m.id}" for m in monsters if s.monster_at[m.index] >= 0]


def reap_choose(s: LordsState, f: HadesReapFrame, key: str) -> None:
    """Deal one Wound to the chosen Monster (its symbol chosen next when there is a choice)."""
    m = s.content.monster(key.partition(":")[2]).index
    f["m"] = m
    f["left"] -= 1
    if f["left"] <= 0:
        s.stack.pop()
    strike(s, m)


# -- Hades Blessings --------------------------------------------------------------------------
# Price of Victory and Temple of Death are clauses of their Blessing records (``effects.py``):
# ``others-remove-hoplites``, ``draw`` after a Battle with ``dead-at-least = 2``, ``kill-other``.


def common_entries(c: Any) -> list[tuple[str, str]]:
    """Return the choice keys both modes use."""
    return [(f"hades-reap:{m.id}", f"Hades' Monument: Wound the {m.name}") for m in c.monsters]


def removed_line(s: LordsState) -> str:
    """Return the panel line about Hoplites removed from the game (or "" if none)."""
    gone = removed(s)
    if not any(gone):
        return ""
    heroes = s.content.heroes
    parts = [
        f"{heroes[s.heroes[q]].name if s.heroes[q] >= 0 else f'P{q + 1}'} {gone[q]}"
        for q in range(s.n)
        if gone[q]
    ]
    return "Removed from the game (Price of Victory): " + ", ".join(parts)
