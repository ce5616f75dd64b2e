"""What the Hephaestus module and its simple mode share: which one is in play, its settings.

Both modes keep their state in ``s.mod[<module id>]``; the simple mode holds no Relics.  The
settings come from each mode's ``[module]`` table (the Help card by level, whether Prayer
Reforges, whether Relics are used).
"""

from __future__ import annotations

from typing import Any

from hellas.core.content import Fields
from hellas.games.lords.packs_modules import help_table
from hellas.games.lords.state import LordsState

FULL = "hephaestus"
SIMPLE = "hephaestus-simple"
GOD = "hephaestus"
HAMMER = "hephaestus-hammer"
HELP = ("charge", "draw-1", "draw-2", "draw-3")
RELIC_KINDS = ("relic", "lightning")


_BUILT_IN: dict[str, Any] = {}  # the modules' own settings, checked once


def settings(module_id: str, c: Any = None) -> dict[str, Any]:
    """Return a mode's checked ``[module]`` settings (a content pack's Help card over them).

    Checked once per content (``c``; ``None``: the module's own data).
    """
    derived = c.derived if c is not None else _BUILT_IN
    found: dict[str, Any] | None = derived.get(f"help:{module_id}")
    if found is None:
        found = derived[f"help:{module_id}"] = _read(module_id, c)
    return found


def _read(module_id: str, c: Any) -> dict[str, Any]:
    """Check a mode's ``[module]`` table (errors name the pack's file when it gives the card)."""
    source, raw = help_table(c, module_id)
    f = Fields(source if raw.get("from_pack") else f"{module_id} data.toml", "module", raw)
    pack = bool(f.raw("from_pack", False))
    levels = f.items("help")
    if len(levels) != 5 or not all(x in HELP for x in levels):
        raise f.error("help", f"5 levels, each one of {', '.join(HELP)}")
    out = {
        "help": tuple(levels),
        "reforge": f.flag("reforge"),
        "relics": f.flag("relics"),
        "side": f.text("side"),
        "offer": f.integer("offer", 1, 9) if "offer" in raw else 0,
        "provenance": f.provenance(),
        "from_pack": pack,
    }
    f.finish()
    return out


def mine(s: LordsState) -> str:
    """Return the id of the Hephaestus mode in play."""
    return FULL if FULL in s.mod else SIMPLE


def state(s: LordsState) -> dict[str, Any]:
    """Return the mode's own state."""
    found: dict[str, Any] = s.mod[mine(s)]
    return found


def relics_on(s: LordsState) -> bool:
    """Return whether Relics are used (the full module)."""
    return FULL in s.mod


def is_relic(s: LordsState, card: int) -> bool:
    """Return whether a Combat Card record is a Relic (a Lightning one included)."""
    return s.content.combat[card].kind in RELIC_KINDS


def lightning(s: LordsState, card: int) -> bool:
    """Return whether a Relic is a Lightning Relic."""
    return s.content.combat[card].kind == "lightning"


def artifact_index(s: LordsState, artifact_id: str) -> int:
    """Return an Artifact's index."""
    return s.content.artifact(artifact_id).index


def uncharged(s: LordsState, p: int, besides: str = "") -> list[int]:
    """Return ``p``'s used Artifacts (besides one of them), which a charge would refresh."""
    skip = artifact_index(s, besides) if besides else -1
    return [
        a
        for a in range(len(s.artifact_owner))
        if s.artifact_owner[a] == p and not s.artifact_charged[a] and a != skip
    ]
