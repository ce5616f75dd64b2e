"""Artifacts: whether one is ready, using one up, and the procedures their effects ask.

"After being used, the Artifact cannot be used again until it is charged during the 'Build
Monument' Special Action used by any player."  What each Artifact does, and when it may be used
(the Use Artifacts Regular Action, before or during a Battle, in a Hunt, by itself), is its
record's clauses (``effects``, run by ``fx``); the decisions those effects ask are here: which
Used Action Token comes off, where a Monster is led, the cards an Eye of Graeae swaps, and
Heracles' Glory Token for Neutral Artifacts (a Hero's ability).
"""

from __future__ import annotations

from hellas.games.lords.board import neighbours, region_of, rid
from hellas.games.lords.cards import discard_combat, draw_combat
from hellas.games.lords.frames import GraeaeFrame, HeraclesFrame, ThreadFrame, UntokenFrame
from hellas.games.lords.quests import offer_neutral
from hellas.games.lords.state import SPECIALS, LordsState


def ready(s: LordsState, p: int, artifact_id: str) -> bool:
    """Return whether ``p`` owns this Artifact and it is charged."""
    a = s.content.artifact(artifact_id).index
    return s.artifact_owner[a] == p and s.artifact_charged[a]


def spend(s: LordsState, artifact_id: str) -> None:
    """Mark an Artifact used (until the next Build Monument)."""
    s.artifact_charged[s.content.artifact(artifact_id).index] = False


def untoken_options(s: LordsState, f: UntokenFrame) -> list[str]:
    """Pheme's Trumpet: the Special Action whose Used Action Token comes off."""
    used = s.used[s.current]
    return [f"untoken:{SPECIALS[a]}" for a in range(len(SPECIALS)) if used >> a & 1]


def untoken_choose(s: LordsState, f: UntokenFrame, key: str) -> None:
    """Take the token off."""
    s.stack.pop()
    s.used[s.current] &= ~(1 << SPECIALS.index(key.partition(":")[2]))


def within(s: LordsState, region: int, steps: int = 2) -> list[int]:
    """Return the Regions 1 to ``steps`` steps away."""
    out = {region}
    for _ in range(steps):
        out |= {t for r in out for t in neighbours(s, r)}
    out.discard(region)
    return sorted(out)


def thread_options(s: LordsState, f: ThreadFrame) -> list[str]:
    """Lead a Monster (Ariadne's Thread): which one, and where it goes (1 to N Regions)."""
    monsters = s.content.monsters
    steps = int(f.get("n", 2))
    return [
        f"thread:{monsters[m].id}>{rid(s, r)}"
        for m in range(len(monsters))
        if s.monster_at[m] >= 0
        for r in within(s, s.monster_at[m], steps)
    ]


def thread_choose(s: LordsState, f: ThreadFrame, key: str) -> None:
    """Move the Monster."""
    s.stack.pop()
    monster_id, _, region_id = key.partition(":")[2].partition(">")
    s.monster_at[s.content.monster(monster_id).index] = region_of(s, region_id)


def graeae_options(s: LordsState, f: GraeaeFrame) -> list[str]:
    """Eye of Graeae: discard cards one at a time, then draw as many."""
    cards = s.content.combat
    return ["done"] + [f"discard:{cards[c].id}" for c in sorted(set(s.hands[f["seat"]]))]


def graeae_choose(s: LordsState, f: GraeaeFrame, key: str) -> None:
    """Discard one more, or draw back the same number."""
    seat = f["seat"]
    if key == "done":
        s.stack.pop()
        draw_combat(s, seat, f["n"])
        return
    discard_combat(s, seat, s.content.card(key.partition(":")[2]).index)
    f["n"] += 1


def heracles_options(s: LordsState, f: HeraclesFrame) -> list[str]:
    """Heracles: discard a Glory Token for 2 Neutral Artifacts (keep 1), or not."""
    p = s.current
    return ["heracles:none"] + [
        f"heracles:{s.content.land_ids[land]}" for land in range(len(s.glory)) if s.glory[land] == p
    ]


def heracles_choose(s: LordsState, f: HeraclesFrame, key: str) -> None:
    """Give the token back and draw."""
    s.stack.pop()
    arg = key.partition(":")[2]
    if arg == "none":
        return
    s.glory[s.content.land_ids.index(arg)] = -1
    offer_neutral(s, s.current, 2)
