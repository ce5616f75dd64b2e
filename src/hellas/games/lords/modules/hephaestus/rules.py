"""Hephaestus' rules besides the Relics: the Help card, the Hammer, Blessings, 5 Artifacts.

Dark Ages rulebook, "Hephaestus".  A Priest sent to Hephaestus' Monument raises Strength (our
ruling) and uses the Help card: at every level Reforge a Combat Card (full module), then by
level: I charge any 1 of your Artifacts; II draw an Artifact; III draw 2 and keep 1; IV-V draw
3 and keep 1 - the Artifact kept arrives used.  Hephaestus' Hammer charges 1 of your other
Artifacts.  Blessings: Charged by Fire, Forge-Temple, Votive Offering.  Neutral Artifacts:
Golden Goblet of Helios, Dragon Teeth, Palladium, Staff of Tiresias, Orpheus' Lyre.
"""

from __future__ import annotations

from typing import Any

from hellas.games.lords import artifacts, turn
from hellas.games.lords.board import has_blessing
from hellas.games.lords.cards import MAX_ATTRIBUTE, receive_blessing
from hellas.games.lords.content import Content
from hellas.games.lords.hunt import hunt_targets
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
from hellas.games.lords.monster_phase import kill_chosen
from hellas.games.lords.state import HUNT, RA_ARTIFACTS, RA_HERO, RA_HOPLITES, RA_PRAY, Frame
from hellas.games.lords.state import LordsState as S

GOBLET_ACTIONS = ("hero", "hoplites")  # and "hunt-<monster>"
TURN_ARTIFACTS = (HAMMER, "dragon-teeth", "orpheus-lyre")
# Charged by Fire and Forge-Temple are clauses of their Blessing records (``effects.py``)
BLESSING_KEYS = ("use:votive-offering",)
TURN_PREFIXES = ("goblet:", *(f"artifact:{a}" for a in TURN_ARTIFACTS), *BLESSING_KEYS)


def prepare_simple(s: S) -> None:
    """Create the simple mode's (empty) state: it keeps no Relics."""
    s.mod["hephaestus-simple"] = {}


# -- Prayer: the Help card ------------------------------------------------------------------------


def prayer(s: S, p: int, god_id: str) -> None:
    """Use the Help card for a Priest sent there: Reforge (full module), then the level's effect."""
    if god_id != GOD:
        return
    level = s.monument[s.content.god(GOD).index]
    if settings(mine(s))["reforge"] and relics_on(s):
        s.stack.append({"k": "hep-reforge", "seat": p, "relic": -1, "level": level})
        return
    level_effect(s, p, level)


def level_effect(s: S, p: int, level: int) -> None:
    """Apply the Help card's effect at a Monument level (after the Reforge)."""
    effect = settings(mine(s))["help"][level - 1]
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


def pick_options(s: S, f: Frame) -> list[str]:
    """Keep one of the Artifacts drawn (it arrives used)."""
    return [f"artifact-keep:{s.content.artifacts[a].id}" for a in f["cards"]]


def pick_choose(s: S, f: Frame, key: str) -> None:
    """Keep it, used; the others go back into the Neutral deck, shuffled."""
    s.stack.remove(f)
    a = artifact_index(s, key.partition(":")[2])
    s.artifact_owner[a] = f["seat"]
    s.artifact_charged[a] = False
    s.neutral_deck.extend(x for x in f["cards"] if x != a)
    s.rng.shuffle(s.neutral_deck)


def charge_options(s: S, f: Frame) -> list[str]:
    """Charge any 1 of your used Artifacts (the Hammer never charges itself)."""
    arts = s.content.artifacts
    out = [] if f["must"] else ["charge:none"]
    return out + [f"charge:{arts[a].id}" for a in uncharged(s, f["seat"], f.get("not", ""))]


def charge_choose(s: S, f: Frame, key: str) -> None:
    """Charge it."""
    s.stack.remove(f)
    arg = key.partition(":")[2]
    if arg != "none":
        s.artifact_charged[artifact_index(s, arg)] = True


# -- on one's turn: the Hammer, Dragon Teeth, Orpheus' Lyre, the Goblet, two Blessings ------------


def _artifacts_open(s: S, f: Frame) -> bool:
    return not s.regular & RA_ARTIFACTS or bool(f["open"])


def turn_options(s: S, p: int, f: Frame) -> list[str]:
    """Return this module's offers in the turn menu."""
    out: list[str] = []
    if _artifacts_open(s, f):
        if artifacts.ready(s, p, HAMMER) and uncharged(s, p, HAMMER):
            out.append(f"artifact:{HAMMER}")
        here = s.hero_at[p]
        if (
            _owned(s, "dragon-teeth")
            and artifacts.ready(s, p, "dragon-teeth")
            and here >= 0
            and any(s.hoplites(here, q) for q in range(s.n))
        ):
            out.append("artifact:dragon-teeth")
        if _owned(s, "orpheus-lyre") and artifacts.ready(s, p, "orpheus-lyre") and s.blessing_deck:
            out.append("artifact:orpheus-lyre")
        if _owned(s, "golden-goblet") and artifacts.ready(s, p, "golden-goblet"):
            out += goblet_options(s, p)
    if has_blessing(s, p, "votive-offering") and not s.regular & RA_PRAY and _offerable(s, p):
        out.append("use:votive-offering")
    return out


def _owned(s: S, artifact_id: str) -> bool:
    return any(a.id == artifact_id for a in s.content.artifacts)


def _offerable(s: S, p: int) -> list[int]:
    arts = s.content.artifacts
    return [
        a
        for a in range(len(arts))
        if s.artifact_owner[a] == p and arts[a].kind in ("neutral", "monster")
    ]


def goblet_options(s: S, p: int) -> list[str]:
    """Golden Goblet of Helios with the action it is used before (Attribute > action)."""
    actions = []
    if not s.regular & RA_HERO and s.hero_at[p] >= 0:
        actions.append("hero")
    movable = any(s.hop[r * s.n + p] for r in range(len(s.control))) or p in s.fort
    if not s.regular & RA_HOPLITES and movable:
        actions.append("hoplites")
    if not s.used[p] >> HUNT & 1:
        actions += [f"hunt-{s.content.monsters[m].id}" for m in hunt_targets(s, p)]
    names = s.content.attributes
    return [
        f"goblet:{names[a]}>{act}"
        for act in actions
        for a in range(s.na)
        if s.attr(p, a) < MAX_ATTRIBUTE
    ]


def turn_choose(s: S, f: Frame, p: int, key: str) -> None:
    """Apply one of this module's turn-menu choices."""
    verb, _, arg = key.partition(":")
    if verb == "goblet":
        _goblet(s, f, p, arg)
        return
    if verb == "artifact":
        s.regular |= RA_ARTIFACTS
        f["open"] = True
        artifacts.spend(s, arg)
        if arg == HAMMER:
            s.stack.append({"k": "hep-charge", "seat": p, "must": True, "not": HAMMER})
        elif arg == "dragon-teeth":
            here = s.hero_at[p]
            total = sum(s.hoplites(here, q) for q in range(s.n))
            kill_chosen(s, here, (total + 1) // 2)  # "half", rounded up
        elif arg == "orpheus-lyre":
            s.stack.append({"k": "hep-lyre", "seat": p, "card": s.blessing_deck.pop()})
        return
    s.regular |= RA_PRAY  # Votive Offering: "Instead of performing a Prayer Action"
    s.stack.append({"k": "hep-votive", "seat": p, "artifact": -1})


def _goblet(s: S, f: Frame, p: int, arg: str) -> None:
    """Count the chosen Attribute 1 higher (max 5) while the action begins, then as before."""
    name, _, action = arg.partition(">")
    a = s.content.attributes.index(name)
    s.regular |= RA_ARTIFACTS
    artifacts.spend(s, "golden-goblet")
    i = p * s.na + a
    value, injured = s.attrs[i], s.injured[p] >> a & 1
    s.attrs[i] = min(MAX_ATTRIBUTE, s.attr(p, a) + 1)
    s.injured[p] &= ~(1 << a)
    if action == "hero":
        turn.turn_choose(s, f, "hero-move")
    elif action == "hoplites":
        turn.turn_choose(s, f, "hoplite-move")
    else:
        turn.turn_choose(s, f, f"hunt:{action[5:]}")
    s.attrs[i] = value
    s.injured[p] |= injured << a


def votive_options(s: S, f: Frame) -> list[str]:
    """Votive Offering: the Artifact given up, then the Attribute raised for good."""
    if f["artifact"] < 0:
        return [f"votive:{s.content.artifacts[a].id}" for a in _offerable(s, f["seat"])]
    names = s.content.attributes
    p = f["seat"]
    low = [a for a in range(s.na) if s.attrs[p * s.na + a] < MAX_ATTRIBUTE]
    return [f"attr:{names[a]}" for a in (low or range(s.na))]


def votive_choose(s: S, f: Frame, key: str) -> None:
    """Discard the Artifact (it leaves the game), then raise the Attribute."""
    verb, _, arg = key.partition(":")
    if verb == "votive":
        a = artifact_index(s, arg)
        s.artifact_owner[a] = -1
        s.artifact_charged[a] = True
        f["artifact"] = a
        return
    s.stack.remove(f)
    i = f["seat"] * s.na + s.content.attributes.index(arg)
    s.attrs[i] = min(MAX_ATTRIBUTE, s.attrs[i] + 1)


def lyre_options(s: S, f: Frame) -> list[str]:
    """Orpheus' Lyre: give up one of your Blessings to keep the drawn one, or discard it."""
    bless = s.content.blessings
    return ["lyre:none"] + [f"lyre:{bless[b].id}" for b in s.blessings[f["seat"]]]


def lyre_choose(s: S, f: Frame, key: str) -> None:
    """Swap, or discard the drawn Blessing (discarded Blessings leave the game)."""
    s.stack.remove(f)
    arg = key.partition(":")[2]
    if arg == "none":
        return
    s.blessings[f["seat"]].remove(s.content.blessing(arg).index)
    receive_blessing(s, f["seat"], f["card"])


# -- Blessings and Artifacts at other moments ---------------------------------------------------


def battle_lost(s: S, f: Frame, loser: int) -> bool:
    """Palladium: the defender losing in a City/Sparta Region makes the attacker withdraw."""
    if (
        mine(s) == "hephaestus"
        and loser == f["def"]
        and s.content.regions[f["region"]].city
        and artifacts.ready(s, loser, "palladium")
    ):
        artifacts.spend(s, "palladium")  # used at once: keeping the Region never hurts
        return True
    return False


def hunt_options(s: S, f: Frame) -> list[str]:
    """Staff of Tiresias (while attacking), and the Relics' own uses."""
    out = relics.hunt_options(s, f)
    if (
        f["stage"] == "attack"
        and not f.get("own_pick")
        and _owned(s, "staff-of-tiresias")
        and artifacts.ready(s, f["seat"], "staff-of-tiresias")
    ):
        out.append("artifact:staff-of-tiresias")
    return out


def hunt_play(s: S, f: Frame, key: str) -> bool:
    """Staff of Tiresias: the hunter picks the next Monster Attack card; or a Relic's use."""
    if key == "artifact:staff-of-tiresias":
        artifacts.spend(s, "staff-of-tiresias")
        f["own_pick"] = True
        return True
    return relics.hunt_play(s, f, key)


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
    # "charge:<artifact>" keys are the effect frames' (``fx.entries``)
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
    conf = settings(mid)
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
            "name": f"Hephaestus Help card ({conf['side']} corner)",
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
        elif f["k"] == "hep-lyre" and t.blessing_deck:
            pool = sorted([*t.blessing_deck, f["card"]])
            rng.shuffle(pool)
            f["card"] = pool.pop()
            t.blessing_deck = pool


PROCEDURES = {
    "hep-reforge": (relics.reforge_options, relics.reforge_choose),
    "hep-wound": (relics.wound_options, relics.wound_choose),
    "hep-pick": (pick_options, pick_choose),
    "hep-charge": (charge_options, charge_choose),
    "hep-votive": (votive_options, votive_choose),
    "hep-lyre": (lyre_options, lyre_choose),
}
