"""The heuristic bot's Hephaestus knowledge: Reforge through Prayer, Relics in play, the rest.

Called on the bot's own determinized sample (Relics, Artifacts and the board are public; the
bot's own hand is its own), before the base heuristic; ``None`` leaves a decision to it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hellas.games.lords import battle, fx
from hellas.games.lords.effects import Clause
from hellas.games.lords.modules.hephaestus.common import GOD, relics_on
from hellas.games.lords.modules.hephaestus.relics import reforge_targets
from hellas.games.lords.state import LordsState


def _worth(s: LordsState, card_id: str) -> float:
    """Return what a Combat Card (or Relic) is worth keeping: Strength less Casualties."""
    c = s.content.card(card_id)
    return c.strength - 0.5 * c.casualties


def _battle(s: LordsState, seat: int, options: Sequence[Any], keys: list[str]) -> Any:
    """Play a Relic when losing (it comes back charged at the next Build Monument)."""
    f = s.stack[-1]
    assert f["k"] == "battle"  # called for a Battle's decision only
    if f["stage"] != "cards":
        return None
    plays = [c for c in options if c.key.startswith("play:")]
    if not plays:
        return None
    side = 0 if seat == f["att"] else 1
    mine, theirs = battle.strength(s, f, side), battle.strength(s, f, 1 - side)
    if (mine > theirs) if side == 0 else (mine >= theirs):
        return None  # winning: the base bot passes
    other = f["played"][1 - side]

    def gain(key: str) -> float:
        card = s.content.card(key[5:])
        if fx.card_passive(s.content, card.index, "copy-enemy-card"):  # e.g. the Mirror Shield
            return _worth(s, s.content.combat[other[-1]].id) if other else -1.0
        return card.strength + _attribute_bonus(s, seat, card.effects) - 0.5 * card.casualties

    best = max(plays, key=lambda c: gain(c.key))
    return best if gain(best.key) > 0 else None


def _attribute_bonus(s: LordsState, seat: int, clauses: tuple[Clause, ...]) -> int:
    """Return what a card's Army Strength from an Attribute adds (e.g. Eurytus' Bow's Strength)."""
    names = s.content.attributes
    return sum(
        s.attr(seat, names.index(str(value)))
        for clause in clauses
        if clause.when == "battle-strength"
        for name, value in clause.effects
        if name == "army-strength-attribute"
    )


def bot_choose(s: LordsState, seat: int, options: Sequence[Any]) -> Any:
    """Return the heuristic's choice for Hephaestus' frames and offers, or ``None``."""
    f = s.stack[-1]
    keys = [c.key for c in options]
    if f["k"] == "hep-reforge":
        if f["relic"] >= 0:  # give up the weakest card of the symbol
            return min(options, key=lambda c: _worth(s, c.key[6:]))
        relics = [c for c in options if c.key != "reforge:none"]
        return max(relics, key=lambda c: _worth(s, c.key[8:])) if relics else options[0]
    if f["k"] in ("hep-charge", "hep-pick", "hep-fire", "hep-wound"):
        useful = [c for c in options if c.key != "charge:none"]
        return useful[0] if useful else options[0]
    if f["k"] == "hep-votive":
        if f["artifact"] < 0:  # give up a used Artifact first
            return min(
                options, key=lambda c: s.artifact_charged[s.content.artifact(c.key[7:]).index]
            )
        return min(options, key=lambda c: s.attr(seat, s.content.attributes.index(c.key[5:])))
    if f["k"] == "hep-lyre":
        return options[keys.index("lyre:none")]
    if f["k"] == "battle":
        return _battle(s, seat, options, keys)
    if f["k"] == "hunt" and f["stage"] == "defend" and not f["committed"]:
        for c in options:
            if c.key.startswith("relic-shield:"):
                return c  # a free defence that comes back charged
        return None
    if f["k"] == "turn":
        pray = f"pray:{GOD}"
        if pray in keys and relics_on(s) and reforge_targets(s, seat):
            return options[keys.index(pray)]
        for key in ("use:votive-offering", "artifact:hephaestus-hammer", "use:charged-by-fire"):
            if key in keys:
                return options[keys.index(key)]
    return None
