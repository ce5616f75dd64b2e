"""Hephaestus' rules besides the Relics: the Help card, the Hammer, Blessings, 5 Artifacts.

Dark Ages rulebook, "Hephaestus".  A Priest sent to Hephaestus' Monument raises Strength (our
ruling) and uses the Help card: at every level Reforge a Combat Card (full module), then by
level: I charge any 1 of your Artifacts; II draw an Artifact; III draw 2 and keep 1; IV-V draw
3 and keep 1 - the Artifact kept arrives used.  The cards (Hephaestus' Hammer, the Blessings
Charged by Fire, Forge-Temple and Votive Offering, the Neutral Artifacts Golden Goblet of
Helios, Dragon Teeth, Palladium, Staff of Tiresias and Orpheus' Lyre) are records of
``data.toml`` in the effect vocabulary; this module keeps the Help card, Relics and its panel.
"""

from __future__ import annotations

from typing import Any

from hellas.games.lords import fx_effects, fx_fight
from hellas.games.lords.content import Content
from hellas.games.lords.frames import HepChargeFrame, HepPickFrame
from hellas.games.lords.hooks import proc
from hellas.games.lords.modules.hephaestus import relics
from hellas.games.lords.modules.hephaestus.common import (
    GOD,
    HAMMER,
    RELIC_KINDS,
    artifact_index,
    mine,
    relics_on,
    settings,
    state,
    uncharged,
)
from hellas.games.lords.state import LordsState as S

GOBLET_ACTIONS = ("hero", "hoplites")  # and "hunt-<monster>"


def prepare_simple(s: S) -> None:
    """Create the simple mode's (empty) state: it keeps no Relics."""
    s.mod["hephaestus-simple"] = {}


# -- Prayer: the Help card ------------------------------------------------------------------------


def prayer(s: S, p: int, god_id: str) -> None:
    """Use the Help card for a Priest sent there: Reforge (full module), then the level's effect."""
    if god_id != GOD:
        return
    level = s.monument[s.content.god(GOD).index]
    if settings(mine(s), s.content)["reforge"] and relics_on(s):
        s.stack.append({"k": "hep-reforge", "seat": p, "relic": -1, "level": level})
        return
    level_effect(s, p, level)


def level_effect(s: S, p: int, level: int) -> None:
    """Apply the Help card's effect at a Monument level (after the Reforge)."""
    effect = settings(mine(s), s.content)["help"][level - 1]
    if effect == "charge":
        if uncharged(s, p):
            s.stack.append({"k": "hep-charge", "seat": p, "must": False})
        return
    count = min(int(effect.partition("-")[2]), len(s.neutral_deck))
    drawn = [s.neutral_deck.pop() for _ in range(count)]
    if len(drawn) == 1:
        s.artifact_owner[drawn[0]] = p
        s.artifact_charged[drawn[0]] = False  # "(it is used)"
    elif drawn:
        s.stack.append({"k": "hep-pick", "seat": p, "cards": sorted(drawn)})


def pick_options(s: S, f: HepPickFrame) -> list[str]:
    """Keep one of the Artifacts drawn (it arrives used)."""
    return [f"artifact-keep:{s.content.artifacts[a].id}" for a in f["cards"]]


def pick_choose(s: S, f: HepPickFrame, key: str) -> None:
    """Keep it, used; the others go back into the Neutral deck, shuffled."""
    s.stack.remove(f)
    a = artifact_index(s, key.partition(":")[2])
    s.artifact_owner[a] = f["seat"]
    s.artifact_charged[a] = False
    s.neutral_deck.extend(x for x in f["cards"] if x != a)
    s.rng.shuffle(s.neutral_deck)


def charge_options(s: S, f: HepChargeFrame) -> list[str]:
    """Charge any 1 of your used Artifacts (the Hammer never charges itself)."""
    arts = s.content.artifacts
    out = [] if f["must"] else ["charge:none"]
    return out + [f"charge:{arts[a].id}" for a in uncharged(s, f["seat"], f.get("not", ""))]


def charge_choose(s: S, f: HepChargeFrame, key: str) -> None:
    """Charge it."""
    s.stack.remove(f)
    arg = key.partition(":")[2]
    if arg != "none":
        s.artifact_charged[artifact_index(s, arg)] = True


# -- the choice table, the view, hidden cards ---------------------------------------------------


def entries(c: Content) -> list[tuple[str, str]]:
    """Return this module's choice keys for the configured content."""
    e = [("reforge:none", "Reforge nothing")]
    for card in c.combat:
        if card.kind in RELIC_KINDS:
            e.append((f"reforge:{card.id}", f"Reforge into the Relic {card.name}"))
            e.append((f"relic-any:{card.id}", f"{card.name} with 1 more bow card: any Wound"))
            e.append((f"relic-shield:{card.id}", f"Defend with {card.name} (draw 1)"))
        elif card.kind == "deck":
            e.append((f"smelt:{card.id}", f"Discard {card.name} ({card.symbol}) to Reforge"))
    # "charge:<artifact>" keys are the effect frames' (``fx.entries``); the cards' own words:
    e += [(f"votive:{a.id}", f"Give up {a.name} (Votive Offering)") for a in c.artifacts]
    e.append(("lyre:none", "Discard the Blessing drawn"))
    e += [(f"lyre:{b.id}", f"Give up {b.name} to keep the Blessing drawn") for b in c.blessings]
    actions = [*GOBLET_ACTIONS, *(f"hunt-{m.id}" for m in c.monsters)]
    words = {"hero": "Hero Movement", "hoplites": "Hoplite Movement"}
    for a in c.attributes:
        for act in actions:
            what = words.get(act) or f"Hunt the {c.monster(act[5:]).name}"
            e.append((f"goblet:{a}>{act}", f"Golden Goblet: {a.capitalize()} +1 for {what}"))
    return e


def view(s: S, seat: int | None) -> dict[str, Any]:
    """Hephaestus' panel: the Monument, the Help card, the Relics, private draws."""
    c = s.content
    mid = mine(s)
    conf = settings(mid, c)
    god = c.god(GOD)
    level = s.monument[god.index]
    hammer = artifact_index(s, HAMMER)
    owner = s.artifact_owner[hammer]
    holder = c.heroes[s.heroes[owner]].name if owner >= 0 and s.heroes[owner] >= 0 else "nobody"
    lines = [
        f"Hephaestus' Monument in {c.regions[god.site].name}, level {level}",
        f"Hephaestus' Hammer: {holder}"
        + ("" if owner < 0 or s.artifact_charged[hammer] else " (used)"),
    ]
    if relics_on(s) and state(s)["held"]:
        m = state(s)
        lines.append(f"Relic deck: {len(m['deck'])}; Lightning deck: {len(m['lightning'])}")
    reforge = "Reforge a Combat Card, then " if conf["reforge"] else ""
    levels = "; ".join(f"{n}: {_help_words(e)}" for n, e in zip(LEVELS, conf["help"], strict=True))
    cards = [
        {
            "id": "hephaestus-help",
            "name": f"Hephaestus Help card ({conf['side']} corner)"
            + (", the content pack's" if conf["from_pack"] else ""),
            "text": f"Prayer: {reforge}by level {levels} (an Artifact kept arrives used).",
            "state": f"level {level}: {reforge}{_help_words(conf['help'][level - 1])}",
        }
    ]
    private: list[str] = []
    drawn: list[str] = []  # the seat's own draws, by id (what ``private`` says in words)
    drawn_blessing = None
    for f in s.stack:
        if f.get("seat") != seat or seat is None:
            continue
        if f["k"] == "hep-pick":
            private.append("Artifacts drawn: " + ", ".join(c.artifacts[a].name for a in f["cards"]))
            drawn += [c.artifacts[a].id for a in f["cards"]]
        elif f["k"] == "hep-lyre":
            private.append(f"Blessing drawn: {c.blessings[f['card']].name}")
            drawn_blessing = c.blessings[f["card"]].id
    return {
        "title": "Hephaestus" if relics_on(s) else "Hephaestus (simple mode)",
        "lines": lines,
        "players": relics.badges(s),
        "regions": {},
        "cards": cards + relics.relic_cards(s),
        "private": private,
        "relics": relics.public(s),
        "drawn_artifacts": drawn,
        "drawn_blessing": drawn_blessing,
    }


LEVELS = ("I", "II", "III", "IV", "V")


def _help_words(effect: str) -> str:
    """Return a Help card level's effect in words."""
    if effect == "charge":
        return "charge any 1 of your Artifacts"
    n = effect.partition("-")[2]
    return "draw an Artifact" if n == "1" else f"draw {n} Artifacts, keep 1"


def determinize(t: S, s: S, seat: int, rng: Any) -> None:
    """Re-deal what only one seat has seen: Artifacts drawn to pick from, a Lyre's Blessing."""
    relics.determinize(t, s, seat, rng)
    for f in t.stack:
        if f.get("seat") == seat:
            continue
        if f["k"] == "hep-pick":
            pool = sorted(t.neutral_deck + f["cards"])
            rng.shuffle(pool)
            f["cards"] = sorted(pool[: len(f["cards"])])
            t.neutral_deck = pool[len(f["cards"]) :]


PROCEDURES = {
    "hep-reforge": proc(relics.reforge_options, relics.reforge_choose),
    "hep-pick": proc(pick_options, pick_choose),
    "hep-charge": proc(charge_options, charge_choose),
    # the decisions this module's cards ask, in the effect vocabulary's rules (the base game
    # runs them; listed here as this module's, for observation encoders)
    "hep-votive": proc(fx_effects.votive_options, fx_effects.votive_choose),
    "hep-lyre": proc(fx_effects.lyre_options, fx_effects.lyre_choose),
    "hep-wound": proc(fx_fight.wound_options, fx_fight.wound_choose),
}
