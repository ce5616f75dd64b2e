"""The Monster Phase: the Monster Die for every Monster, moves, Region Attacks, whose Hoplites die.

"The player who performed the 'Build Monument' Special Action rolls the Monster Die for every
Monster on the Map (in the order of his/her choosing)"; "If there is any additional decision
required (i.e. Chimera Regional Attack) active player decides."
"""

from __future__ import annotations

from hellas.games.lords import hooks
from hellas.games.lords.board import adjacent, armies, kill, neighbours, region_of, rid
from hellas.games.lords.cards import discard_combat
from hellas.games.lords.frames import (
    MmodeFrame,
    MmoveFrame,
    MonstersFrame,
    MtargetFrame,
    SphinxFrame,
    VictimFrame,
)
from hellas.games.lords.state import LordsState


def start_round_end(s: LordsState, builder: int) -> None:
    """After Build Monument: the Event Phase waits under the Monster Phase."""
    s.stack.append({"k": "event"})
    start_monster_phase(s)


def start_monster_phase(s: LordsState) -> None:
    """Push a Monster Phase (the active player rolls for every Monster on the Map)."""
    todo = [m.index for m in s.content.monsters if s.monster_at[m.index] >= 0]
    if todo:
        s.stack.append({"k": "monsters", "todo": todo})


def monsters_options(s: LordsState, f: MonstersFrame) -> list[str]:
    """Monster Phase: the builder picks which Monster rolls the Monster Die next."""
    return [f"monster:{s.content.monsters[m].id}" for m in f["todo"]]


def monsters_choose(s: LordsState, f: MonstersFrame, key: str) -> None:
    """Roll the Monster Die for the chosen Monster."""
    m = s.content.monster(key.partition(":")[2]).index
    f["todo"].remove(m)
    if not f["todo"]:
        s.stack.pop()
    if s.options.get("modules") and hooks.any_true(s, "monster_phase", m):
        return  # a module moves this Monster instead of the Monster Die (e.g. Talos)
    faces = s.content.die
    face = faces[s.rng.below(len(faces))]
    f.setdefault("log", []).append([m, face])
    if face == "action":
        region_attack(s, m)
    elif face == "move":
        s.stack.append({"k": "mmove", "m": m})
    elif face == "move-or-action":
        s.stack.append({"k": "mmode", "m": m})


def mmove_options(s: LordsState, f: MmoveFrame) -> list[str]:
    """Move the Monster to a neighbouring Region of the builder's choosing."""
    where = list(neighbours(s, s.monster_at[f["m"]]))
    if s.options.get("modules"):
        hooks.run(s, "monster_moves", f["m"], where)  # e.g. a Monster moving by Ports only
    return [f"mmove:{rid(s, r)}" for r in where]


def mmove_choose(s: LordsState, f: MmoveFrame, key: str) -> None:
    """Move the Monster."""
    s.stack.pop()
    s.monster_at[f["m"]] = region_of(s, key.partition(":")[2])


def mmode_options(s: LordsState, f: MmodeFrame) -> list[str]:
    """Move or Action: the builder decides."""
    return ["mode:move", "mode:action"]


def mmode_choose(s: LordsState, f: MmodeFrame, key: str) -> None:
    """Resolve the builder's pick."""
    s.stack.pop()
    if key == "mode:move":
        s.stack.append({"k": "mmove", "m": f["m"]})
    else:
        region_attack(s, f["m"])


def region_attack(s: LordsState, m: int) -> None:
    """Resolve a Monster's Region Attack (provisional; see data/monsters.toml).

    "If there is any additional decision required (i.e. Chimera Regional Attack) active
    player decides": whose Hoplites die and which neighbouring Region the Chimera strikes.
    """
    kind, n = s.content.monsters[m].attack
    region = s.monster_at[m]
    present = armies(s, region)
    if kind == "kill":
        kill_chosen(s, region, n)
    elif kind == "kill_each":
        for q in present:
            kill(s, region, q, n)
    elif kind == "kill_half":
        for q in present:
            kill(s, region, q, s.hoplites(region, q) // 2)
    elif kind == "kill_neighbours":
        around = [r for r in adjacent(s, region) if armies(s, r)]
        if len(around) > 1:
            s.stack.append({"k": "mtarget", "where": around, "n": n})
        elif around:
            kill_chosen(s, around[0], n)
        kill_chosen(s, region, n)
    elif kind == "discard_or_kill":
        for q in reversed(present):
            if s.hands[q]:
                s.stack.append({"k": "sphinx", "seat": q, "region": region})
            else:
                kill(s, region, q, 1)
    elif s.options.get("modules"):
        hooks.run(s, "region_attack", m)  # a module Monster's own Region Attack


def kill_chosen(s: LordsState, region: int, count: int, spare: int = -1) -> None:
    """Kill ``count`` Hoplites in ``region``, the active player picking whose, one at a time.

    ``spare``'s army is never touched; no decision is asked while only one army can lose.
    """
    f: VictimFrame = {"k": "victim", "region": region, "left": count, "spare": spare}
    if not _kill_auto(s, f):
        s.stack.append(f)


def _kill_auto(s: LordsState, f: VictimFrame) -> bool:
    """Kill what needs no decision; return whether nothing is left to decide."""
    region = f["region"]
    while f["left"] > 0:
        present = [q for q in armies(s, region) if q != f["spare"]]
        if len(present) > 1:
            return False
        if present:
            kill(s, region, present[0], f["left"])
        f["left"] = 0
    return True


def victim_options(s: LordsState, f: VictimFrame) -> list[str]:
    """Whose Hoplite dies next."""
    heroes = s.content.heroes
    region = f["region"]
    return [f"victim:{heroes[s.heroes[q]].id}" for q in armies(s, region) if q != f["spare"]]


def victim_choose(s: LordsState, f: VictimFrame, key: str) -> None:
    """Kill one Hoplite of the chosen army."""
    hero = key.partition(":")[2]
    q = next(q for q in range(s.n) if s.content.heroes[s.heroes[q]].id == hero)
    kill(s, f["region"], q, 1)
    f["left"] -= 1
    if _kill_auto(s, f):
        s.stack.pop()


def mtarget_options(s: LordsState, f: MtargetFrame) -> list[str]:
    """List the Chimera's second targets: neighbouring Regions with Hoplites."""
    return [f"mtarget:{rid(s, r)}" for r in f["where"]]


def mtarget_choose(s: LordsState, f: MtargetFrame, key: str) -> None:
    """Strike the chosen Region."""
    s.stack.pop()
    kill_chosen(s, region_of(s, key.partition(":")[2]), f["n"])


def sphinx_options(s: LordsState, f: SphinxFrame) -> list[str]:
    """Discard a Combat Card or lose a Hoplite."""
    cards = s.content.combat
    return ["lose"] + [f"discard:{cards[c].id}" for c in sorted(set(s.hands[f["seat"]]))]


def sphinx_choose(s: LordsState, f: SphinxFrame, key: str) -> None:
    """Resolve the Sphinx's demand."""
    s.stack.pop()
    if key == "lose":
        kill(s, f["region"], f["seat"], 1)
    else:
        discard_combat(s, f["seat"], s.content.card(key.partition(":")[2]).index)


def kill_enemies(s: LordsState, p: int, region: int, count: int) -> None:
    """Kill ``count`` enemy Hoplites in a Region; ``p`` picks whose."""
    kill_chosen(s, region, count, spare=p)
