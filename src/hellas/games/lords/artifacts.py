"""Artifacts: God's, Monster rewards and Neutral ones; each used once, then charged again.

"After being used, the Artifact cannot be used again until it is charged during the 'Build
Monument' Special Action used by any player."  Each Artifact has a window: on its owner's turn
(the Use Artifacts Regular Action), in a Battle (before any card, or while playing cards), or in
a Hunt.  The effects are named rules keyed by the Artifact's id (data/artifacts.toml).
"""

from __future__ import annotations

from hellas.games.lords.board import (
    add_hoplites,
    armies,
    enemies_in,
    gain_priest,
    neighbours,
    region_of,
    rid,
    take_control,
)
from hellas.games.lords.cards import discard_combat, draw_combat, enforce_limit
from hellas.games.lords.monster_phase import kill_chosen, start_monster_phase
from hellas.games.lords.quests import offer_neutral
from hellas.games.lords.state import SPECIALS, Frame, LordsState

TURN = (
    "thunder-of-zeus",
    "owl-of-athena",
    "boots-of-hermes",
    "adamant-tethers",
    "chimeras-fire",
    "eye-of-cyclops",
    "head-of-sphinx",
    "phemes-trumpet",
    "pandoras-box",
    "horn-of-plenty",
    "ambrosia",
    "ariadnes-thread",
)
# used in a Battle: before its first card, or (the others) whenever its owner may play a card
BATTLE_BEFORE = ("caduceus", "apollos-arrow", "harpe", "minotaurs-horn")
BATTLE_ANY = ("aegis", "medusas-blood", "eye-of-graeae")
HUNT_START = ("poison-arrows", "harpe")
HUNT_ANY = ("eye-of-graeae",)


def ready(s: LordsState, p: int, artifact_id: str) -> bool:
    """Return whether ``p`` owns this Artifact and it is charged."""
    a = s.content.artifact(artifact_id).index
    return s.artifact_owner[a] == p and s.artifact_charged[a]


def _ready_ids(s: LordsState, p: int) -> set[str]:
    """Return the ids of the charged Artifacts ``p`` owns (``ready`` for many at once)."""
    artifacts = s.content.artifacts
    charged = s.artifact_charged
    return {artifacts[a].id for a, q in enumerate(s.artifact_owner) if q == p and charged[a]}


def spend(s: LordsState, artifact_id: str) -> None:
    """Mark an Artifact used (until the next Build Monument)."""
    s.artifact_charged[s.content.artifact(artifact_id).index] = False


def turn_options(s: LordsState, p: int) -> list[str]:
    """Return the Artifacts ``p`` may use on their turn now (each with something to do)."""
    out: list[str] = []
    if p not in s.artifact_owner:  # most of the time: nothing to look through
        return out
    ready_ids = _ready_ids(s, p)
    here = s.hero_at[p]
    for artifact_id in TURN:
        if artifact_id not in ready_ids:
            continue
        if artifact_id in ("adamant-tethers", "chimeras-fire") and (
            here < 0 or not armies(s, here)
        ):
            continue
        if artifact_id == "eye-of-cyclops" and (here < 0 or not s.temples[here]):
            continue
        if artifact_id == "head-of-sphinx" and (
            here < 0 or s.control[here] >= 0 or enemies_in(s, here, p)
        ):
            continue
        if artifact_id == "phemes-trumpet" and not s.used[p] & (2 ** len(SPECIALS) - 1):
            continue
        if artifact_id == "pandoras-box" and all(m < 0 for m in s.monster_at):
            continue
        if artifact_id == "horn-of-plenty" and not _cities(s, p):
            continue
        if artifact_id == "boots-of-hermes" and s.questing[p] >= 0:
            continue  # a Hero on a Quest is off the board: nothing to place
        if artifact_id == "ambrosia" and not s.injured[p]:
            continue
        if artifact_id == "ariadnes-thread" and all(m < 0 for m in s.monster_at):
            continue
        out.append(f"artifact:{artifact_id}")
    return out


def _cities(s: LordsState, p: int) -> list[int]:
    return [r.index for r in s.content.regions if r.city and s.control[r.index] == p]


def use_on_turn(s: LordsState, p: int, artifact_id: str) -> None:
    """Use an Artifact on one's turn."""
    spend(s, artifact_id)
    here = s.hero_at[p]
    if artifact_id == "owl-of-athena":
        before = list(s.hands[p])
        draw_combat(s, p, 2)
        drawn = list(s.hands[p])
        for c in before:
            drawn.remove(c)
        if len(drawn) == 2:
            s.stack.append({"k": "owl", "cards": drawn})
        else:
            enforce_limit(s, p)
    elif artifact_id == "boots-of-hermes":
        s.stack.append({"k": "boots"})
    elif artifact_id == "thunder-of-zeus":
        targets = [q for q in range(s.n) if q != p and not s.all_injured(q)]
        if targets or any(m >= 0 for m in s.monster_at):
            s.stack.append({"k": "thunder"})
    elif artifact_id == "adamant-tethers":
        kill_chosen(s, here, 3)
    elif artifact_id == "chimeras-fire":
        kill_chosen(s, here, 1)
    elif artifact_id == "eye-of-cyclops":
        gain_priest(s, p)
    elif artifact_id == "head-of-sphinx":
        take_control(s, here, p)
        add_hoplites(s, here, p, 1)
    elif artifact_id == "phemes-trumpet":
        s.stack.append({"k": "untoken"})
    elif artifact_id == "pandoras-box":
        start_monster_phase(s)
    elif artifact_id == "horn-of-plenty":
        s.stack.append({"k": "power-recruit", "n": 2, "cities": True})
    elif artifact_id == "ambrosia":
        s.injured[p] = 0
    elif artifact_id == "ariadnes-thread":
        s.stack.append({"k": "thread"})


def untoken_options(s: LordsState, f: Frame) -> list[str]:
    """Pheme's Trumpet: the Special Action whose Used Action Token comes off."""
    used = s.used[s.current]
    return [f"untoken:{SPECIALS[a]}" for a in range(len(SPECIALS)) if used >> a & 1]


def untoken_choose(s: LordsState, f: Frame, key: str) -> None:
    """Take the token off."""
    s.stack.pop()
    s.used[s.current] &= ~(1 << SPECIALS.index(key.partition(":")[2]))


def within_two(s: LordsState, region: int) -> list[int]:
    """Return the Regions 1 or 2 steps away."""
    out = set(neighbours(s, region))
    for r in list(out):
        out |= set(neighbours(s, r))
    out.discard(region)
    return sorted(out)


def thread_options(s: LordsState, f: Frame) -> list[str]:
    """Ariadne's Thread: a Monster and where it goes (1 or 2 Regions)."""
    monsters = s.content.monsters
    return [
        f"thread:{monsters[m].id}>{rid(s, r)}"
        for m in range(len(monsters))
        if s.monster_at[m] >= 0
        for r in within_two(s, s.monster_at[m])
    ]


def thread_choose(s: LordsState, f: Frame, key: str) -> None:
    """Move the Monster."""
    s.stack.pop()
    monster_id, _, region_id = key.partition(":")[2].partition(">")
    s.monster_at[s.content.monster(monster_id).index] = region_of(s, region_id)


# -- Battles and Hunts --------------------------------------------------------------------------


def battle_options(s: LordsState, f: Frame, seat: int) -> list[str]:
    """Return the Artifacts ``seat`` may use in this Battle now."""
    out: list[str] = []
    if seat not in s.artifact_owner:
        return out
    ready_ids = _ready_ids(s, seat)
    before = f["first"] < 0
    for artifact_id in BATTLE_BEFORE + BATTLE_ANY:
        if artifact_id not in ready_ids or (artifact_id in BATTLE_BEFORE and not before):
            continue
        if artifact_id == "apollos-arrow" and (
            s.hero_at[seat] < 0 or f["region"] not in neighbours(s, s.hero_at[seat])
        ):
            continue
        if artifact_id == "minotaurs-horn" and (seat != f["def"] or not _horn_sources(s, f)):
            continue
        if artifact_id == "caduceus":
            other = f["def"] if seat == f["att"] else f["att"]
            if not s.hands[other]:
                continue
        if artifact_id == "eye-of-graeae" and not s.hands[seat]:
            continue
        out.append(f"artifact:{artifact_id}")
    return out


def _horn_sources(s: LordsState, f: Frame) -> list[int]:
    dfn = f["def"]
    return [r for r in neighbours(s, f["region"]) if s.hop[r * s.n + dfn]]


def battle_use(s: LordsState, f: Frame, seat: int, artifact_id: str) -> None:
    """Use an Artifact in a Battle (its effect is counted when the Battle resolves)."""
    spend(s, artifact_id)
    side = 0 if seat == f["att"] else 1
    if artifact_id == "caduceus":
        other = f["def"] if side == 0 else f["att"]
        s.stack.append({"k": "discard", "seat": other, "limit": len(s.hands[other]) - 1})
    elif artifact_id == "apollos-arrow":
        f["bonus"][side] += 2
    elif artifact_id == "harpe":
        draw_combat(s, seat, 1)
    elif artifact_id == "minotaurs-horn":
        for r in _horn_sources(s, f):  # "any number": all of them come
            count = s.hop[r * s.n + seat]
            s.hop[r * s.n + seat] -= count
            s.hop[f["region"] * s.n + seat] += count
    elif artifact_id == "aegis":
        f.setdefault("aegis", [0, 0])[side] = 2
    elif artifact_id == "medusas-blood":
        f.setdefault("blood", [0, 0])[side] = 1
    elif artifact_id == "eye-of-graeae":
        s.stack.append({"k": "graeae", "seat": seat, "n": 0})


def hunt_options(s: LordsState, f: Frame) -> list[str]:
    """Return the Artifacts the hunter may use now."""
    p = f["seat"]
    out = []
    for artifact_id in HUNT_START + HUNT_ANY:
        if not ready(s, p, artifact_id) or (artifact_id in HUNT_START and not f["first"]):
            continue
        if artifact_id == "eye-of-graeae" and not s.hands[p]:
            continue
        out.append(f"artifact:{artifact_id}")
    return list(dict.fromkeys(out))


def hunt_use(s: LordsState, f: Frame, artifact_id: str) -> bool:
    """Use an Artifact in a Hunt; return whether it deals a Wound of any type (the Hunt's)."""
    p = f["seat"]
    spend(s, artifact_id)
    if artifact_id == "poison-arrows":
        draw_combat(s, p, 1)
        return True
    if artifact_id == "harpe":
        draw_combat(s, p, 1)
    elif artifact_id == "eye-of-graeae":
        s.stack.append({"k": "graeae", "seat": p, "n": 0})
    return False


def graeae_options(s: LordsState, f: Frame) -> list[str]:
    """Eye of Graeae: discard cards one at a time, then draw as many."""
    cards = s.content.combat
    return ["done"] + [f"discard:{cards[c].id}" for c in sorted(set(s.hands[f["seat"]]))]


def graeae_choose(s: LordsState, f: Frame, key: str) -> None:
    """Discard one more, or draw back the same number."""
    seat = f["seat"]
    if key == "done":
        s.stack.pop()
        draw_combat(s, seat, f["n"])
        return
    discard_combat(s, seat, s.content.card(key.partition(":")[2]).index)
    f["n"] += 1


def heracles_options(s: LordsState, f: Frame) -> list[str]:
    """Heracles: discard a Glory Token for 2 Neutral Artifacts (keep 1), or not."""
    p = s.current
    return ["heracles:none"] + [
        f"heracles:{s.content.land_ids[land]}" for land in range(len(s.glory)) if s.glory[land] == p
    ]


def heracles_choose(s: LordsState, f: Frame, key: str) -> None:
    """Give the token back and draw."""
    s.stack.pop()
    arg = key.partition(":")[2]
    if arg == "none":
        return
    s.glory[s.content.land_ids.index(arg)] = -1
    offer_neutral(s, s.current, 2)
