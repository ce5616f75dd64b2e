"""Quests: boarding a Quest Step after Hero Movement, one step per turn, rewards and Glory.

Rulebook, Quests: "To start a Quest, a player must finish his/her Hero Movement in a Region with
a Quest Token and meet the requirements for starting the Quest from any Step."  Then, "instead of
a Hero Movement, the player can move the Hero along the Quest Steps by one position"; reaching
the third step completes it: the Hero returns to the Quest's Region, its reward, the Glory Token
of that Land, and the Quest Token leaves the Map.  A Quest cannot be abandoned.  While on a Quest
the Hero is off the Map (``hero_at`` is -1).  A reward is a ``[[reward]]`` record of the effect
vocabulary: its ``completed`` clauses run now; a ``kept`` clause keeps the Quest card, to be
discarded on a later turn for it.
"""

from __future__ import annotations

from hellas.games.lords import fx, hooks
from hellas.games.lords.board import temples_controlled
from hellas.games.lords.frames import (
    ArtifactPickFrame,
    GloryFrame,
    QuestStartFrame,
    TothreeFrame,
    TurnFrame,
)
from hellas.games.lords.state import LordsState

NEUTRAL_PICK = 3  # "Draw 3 Neutral Artifacts, keep one and shuffle others back"


def quest_region(s: LordsState, quest: int) -> int:
    """Return the Region where a Quest's Token stands (a module's Quest may follow a Monster)."""
    if s.options.get("modules"):
        moved = hooks.collect(s, "quest_region", quest)
        if moved:
            return int(moved[0])
    return s.content.quests[quest].region


def quest_here(s: LordsState, region: int) -> int:
    """Return the Quest whose Token stands in ``region`` (or -1)."""
    return next((q for q in s.quest_slots if quest_region(s, q) == region), -1)


def meets(s: LordsState, p: int, quest: int, step: int) -> bool:
    """Return whether ``p`` meets the requirement of Quest Step ``step`` (1-3) now."""
    c = s.content
    for need, n in c.quests[quest].steps[step - 1]:
        if need in c.attributes:
            ok = s.attr(p, c.attributes.index(need)) >= n
        elif need in ("priests", "sacrifice"):
            ok = s.priests[p] >= n
        elif need == "injuries":
            ok = s.healthy(p) >= n
        elif need == "discard":
            ok = len(s.hands[p]) >= n
        elif need == "cities":
            ok = sum(1 for r in c.regions if r.city and s.control[r.index] == p) >= n
        elif need == "temples":
            ok = temples_controlled(s, p) >= n
        elif need.startswith("show-"):  # Combat Cards of a symbol, shown to everyone
            ok = sum(1 for x in s.hands[p] if c.combat[x].symbol == need[5:]) >= n
        else:  # artifacts
            ok = s.artifact_owner.count(p) >= n
        if not ok:
            return False
    return True


def after_hero_movement(s: LordsState, p: int) -> None:
    """Offer to board the Quest whose Token is where the Hero ended its movement."""
    quest = quest_here(s, s.hero_at[p])
    if quest >= 0 and any(meets(s, p, quest, k) for k in (1, 2, 3)):
        s.stack.append({"k": "quest-start", "quest": quest})


def start_options(s: LordsState, f: QuestStartFrame) -> list[str]:
    """Board the Quest at a step whose requirement holds, or not."""
    p = s.current
    return ["quest:none"] + [f"quest:{k}" for k in (1, 2, 3) if meets(s, p, f["quest"], k)]


def start_choose(s: LordsState, f: QuestStartFrame, key: str) -> None:
    """Pay the step's costs and put the Hero on it (the third step completes the Quest)."""
    s.stack.pop()
    arg = key.partition(":")[2]
    if arg == "none":
        return
    p = s.current
    step = int(arg)
    quest = f["quest"]
    s.questing[p] = quest
    s.quest_step[p] = step
    s.hero_at[p] = -1  # the Hero stands on the Quest card
    if step == 3:
        complete(s, p)
    for need, n in s.content.quests[quest].steps[step - 1]:
        if need == "sacrifice":
            s.priests[p] -= n
        elif need == "injuries":
            s.stack.append({"k": "hurt", "seat": p, "left": n})
        elif need == "discard":
            s.stack.append({"k": "discard", "seat": p, "limit": len(s.hands[p]) - n})


def advance_step(s: LordsState, p: int) -> None:
    """Move the Hero one Quest Step (instead of Hero Movement)."""
    s.quest_step[p] += 1
    if s.quest_step[p] >= 3:
        complete(s, p)


def complete(s: LordsState, p: int) -> None:
    """Finish the Quest: the Hero back on the Map, the reward, the Land's Glory Token."""
    c = s.content
    quest = s.questing[p]
    region = quest_region(s, quest)
    for q in range(s.n):  # everyone on this Quest steps off it, the finisher included
        if s.questing[q] == quest:
            s.questing[q] = -1
            s.quest_step[q] = 0
            s.hero_at[q] = region
    s.quest_slots.remove(quest)
    s.glory[c.regions[region].land] = p
    reward = c.reward(c.quests[quest].reward)
    if s.options.get("modules") and hooks.any_true(s, "quest_done", p, quest):
        pass  # a module took the card (e.g. a Training card goes to its Hero)
    elif reward.kept:
        s.quest_cards[quest] = p  # "Keep this card"
    else:
        s.event_discard.append(quest)
    _reward(s, p, quest, "completed")


def _reward(s: LordsState, p: int, quest: int, trigger: str) -> None:
    """Run a Quest's reward clauses of ``trigger`` (``completed`` or ``kept``) for ``p``."""
    reward = s.content.reward(s.content.quests[quest].reward).index
    for clause in fx.index(s.content).rewards.get(reward, {}).get(trigger, ()):
        if fx.holds(s, p, clause, {}):
            fx.run(s, p, clause.effects, {"quest": quest})


def offer_neutral(s: LordsState, p: int, count: int) -> None:
    """Draw ``count`` Neutral Artifacts to keep one; the others go back, shuffled."""
    drawn = [s.neutral_deck.pop() for _ in range(min(count, len(s.neutral_deck)))]
    if len(drawn) == 1:
        s.artifact_owner[drawn[0]] = p
        s.artifact_charged[drawn[0]] = True
    elif drawn:
        s.stack.append({"k": "artifact-pick", "seat": p, "cards": sorted(drawn)})


def pick_options(s: LordsState, f: ArtifactPickFrame) -> list[str]:
    """Keep one of the Neutral Artifacts drawn."""
    artifacts = s.content.artifacts
    return [f"artifact-keep:{artifacts[a].id}" for a in f["cards"]]


def pick_choose(s: LordsState, f: ArtifactPickFrame, key: str) -> None:
    """Keep it; shuffle the others back into the Neutral deck."""
    s.stack.pop()
    a = s.content.artifact(key.partition(":")[2]).index
    s.artifact_owner[a] = f["seat"]
    s.artifact_charged[a] = True
    s.neutral_deck.extend(x for x in f["cards"] if x != a)
    s.rng.shuffle(s.neutral_deck)


def glory_options(s: LordsState, f: GloryFrame) -> list[str]:
    """Capture Cretan Bull: a Glory Token nobody holds."""
    return [f"glory:{s.content.land_ids[land]}" for land in f["lands"] if s.glory[land] < 0]


def glory_choose(s: LordsState, f: GloryFrame, key: str) -> None:
    """Take it."""
    s.stack.pop()
    s.glory[s.content.land_ids.index(key.partition(":")[2])] = s.current


def to3_options(s: LordsState, f: TothreeFrame) -> list[str]:
    """Cattle of Geryon: the Attribute raised to 3."""
    p = s.current
    names = s.content.attributes
    return [f"to3:{names[a]}" for a in range(s.na) if s.attrs[p * s.na + a] < 3]


def to3_choose(s: LordsState, f: TothreeFrame, key: str) -> None:
    """Raise it to 3."""
    s.stack.pop()
    p = s.current
    a = s.content.attributes.index(key.partition(":")[2])
    s.attrs[p * s.na + a] = 3


def card_options(s: LordsState, p: int) -> list[str]:
    """Return the kept Quest cards ``p`` may discard now for their effect."""
    quests = s.content.quests
    return [f"quest-card:{quests[q].id}" for q in range(len(quests)) if s.quest_cards[q] == p]


def use_card(s: LordsState, p: int, quest_id: str, turn: TurnFrame) -> None:
    """Discard a kept Quest card for its reward's ``kept`` clause (e.g. Aid to Atlas)."""
    quest = s.content.quest(quest_id)
    s.quest_cards[quest.index] = -1
    s.event_discard.append(quest.index)
    _reward(s, p, quest.index, "kept")


__all__ = ["advance_step", "after_hero_movement", "card_options", "offer_neutral", "use_card"]
