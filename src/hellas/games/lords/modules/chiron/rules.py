"""Chiron: the Monster, his Training Quests and the Training cards.

Dark Ages rulebook, "Chiron".  The Training deck holds the Training Quests (Quest records with
the ``training`` reward, taken out of the Events deck at Game Preparation).  When Chiron appears
one goes to the first empty Quest slot (else the first Quest nobody is on is discarded; with a
Hero on every Quest it waits aside until a Quest is done).  A Training Quest's Token stands
where Chiron stands.  Completing it gives the Training card (a Combat Card record of kind
``training``): played through the base game's reusable-card points (``reusable``/``reuse``),
never discarded, marked used, charged again at Build Monument, outside the hand limit and no
Artifact; the Quest's reward is the vocabulary's ``training-card``, which this module writes.
When Chiron is slain the Training Quest in a slot is discarded; Heroes on it go back to his
Region.  His Special Attack and his reward, the Ashen Spear, are clauses in ``data.toml``.

Module state ``s.mod["chiron"]``: ``deck`` (Training Quests face down), ``aside``, ``out``
(discarded), ``owned`` and ``used`` (Training cards per seat).
"""

from __future__ import annotations

from typing import Any

from hellas.games.lords import effects
from hellas.games.lords.board import armies, land_regions
from hellas.games.lords.frames import BattleFrame, FxFrame, HuntFrame
from hellas.games.lords.fx_fight import monster_value
from hellas.games.lords.monster_phase import kill_chosen
from hellas.games.lords.phases import QUEST_SLOTS
from hellas.games.lords.state import LordsState

ID = "chiron"


def mod(s: LordsState) -> dict[str, Any]:
    """Return the module's state."""
    out: dict[str, Any] = s.mod[ID]
    return out


def chiron(s: LordsState) -> int:
    """Return Chiron's Monster index."""
    return s.content.monster("chiron").index


def training_cards(s: LordsState) -> list[int]:
    """Return the Training cards in play: Combat Cards of kind ``training`` (a pack may add)."""
    return [c.index for c in s.content.combat if c.kind == "training"]


def quest_of(s: LordsState, card: int) -> int:
    """Return the Training Quest that gives this Training card."""
    return s.content.quest(f"training-{s.content.combat[card].id}").index


def card_of(s: LordsState, quest: int) -> int:
    """Return the Training card a Training Quest gives (-1: not a Training Quest).

    A Training Quest is a Quest whose reward takes the Training card (``training-card``).
    """
    q = s.content.quests[quest]
    reward = s.content.reward(q.reward)
    if not any(name == "training-card" for c in reward.effects for name, _ in c.effects):
        return -1
    return s.content.card(q.id.removeprefix("training-")).index


# -- setup and the Training Quests ------------------------------------------------------------


def prepare(s: LordsState) -> None:
    """Game Preparation: the Training cards form their own face-down deck."""
    quests = [quest_of(s, c) for c in training_cards(s)]
    s.event_deck = [e for e in s.event_deck if e not in quests]  # a Quest's card is its index
    s.rng.shuffle(quests)
    s.mod[ID] = {
        "deck": quests,
        "aside": [],
        "out": [],
        "owned": [[] for _ in range(s.n)],
        "used": [[] for _ in range(s.n)],
    }


def event_count(s: LordsState) -> int:
    """Return the Training Quests held outside the Events deck and the Quest slots."""
    m = mod(s)
    return len(m["deck"]) + len(m["aside"]) + len(m["out"]) + sum(len(x) for x in m["owned"])


def monster_appears(s: LordsState, monster: int, number: int) -> list[int]:
    """When Chiron appears, the top Training card goes to the Quest slots."""
    if monster == chiron(s) and mod(s)["deck"]:
        place(s, mod(s)["deck"].pop())
    return []


def place(s: LordsState, quest: int) -> None:
    """Put a Training Quest in the first empty Quest slot, or make room, or set it aside."""
    if len(s.quest_slots) < QUEST_SLOTS:
        s.quest_slots.append(quest)
        return
    free = [q for q in s.quest_slots if q not in s.questing]  # no Hero on it
    if free:
        first = free[0]
        s.quest_slots.remove(first)
        if card_of(s, first) >= 0:
            mod(s)["out"].append(first)
        else:
            s.event_discard.append(first)  # a Quest's Events card is its index
        s.quest_slots.append(quest)
        return
    mod(s)["aside"].append(quest)  # "It will become available when the first Quest is done"


def quest_region(s: LordsState, quest: int) -> list[int]:
    """Return Chiron's Region for a Training Quest (its Token stands with him)."""
    if card_of(s, quest) >= 0 and s.monster_at[chiron(s)] >= 0:
        return [s.monster_at[chiron(s)]]
    return []


def quest_done(s: LordsState, seat: int, quest: int) -> bool:
    """Keep a done Training Quest out of the discard; else free a slot for one set aside.

    The Training Quest's reward gives the card (``training-card``).
    """
    m = mod(s)
    if card_of(s, quest) >= 0:
        return True
    if m["aside"] and len(s.quest_slots) < QUEST_SLOTS:
        s.quest_slots.append(m["aside"].pop())
    return False


def training_card(s: LordsState, f: FxFrame, seat: int, _: bool) -> None:
    """Give the Training card of the Quest just done to its Hero; deal the next one.

    The reward ``training-card``.
    """
    m = mod(s)
    card = card_of(s, int(f["quest"]))
    m["owned"][seat].append(card)  # "places it next to their Hero Board"
    if m["deck"] and s.monster_at[chiron(s)] >= 0:
        place(s, m["deck"].pop())  # "place a new Training card in the Quest slot"


effects.register("training-card", training_card)


def monster_slain(s: LordsState, monster: int, seat: int, region: int) -> None:
    """Chiron slain: the Training card is discarded, its Heroes back in his Region."""
    if monster != chiron(s):
        return
    m = mod(s)
    for quest in [q for q in s.quest_slots if card_of(s, q) >= 0] + m["aside"]:
        if quest in s.quest_slots:
            s.quest_slots.remove(quest)
        m["out"].append(quest)
        for q in range(s.n):
            if s.questing[q] == quest:
                s.questing[q] = -1
                s.quest_step[q] = 0
                s.hero_at[q] = region
    m["aside"] = []


# -- Training cards: reusable Combat Cards ----------------------------------------------------


def reusable(s: LordsState, seat: int, frame: BattleFrame | HuntFrame) -> list[int]:
    """Return ``seat``'s charged Training cards."""
    m = mod(s)
    return [c for c in m["owned"][seat] if c not in m["used"][seat]]


def reuse(s: LordsState, seat: int, card: int, frame: BattleFrame | HuntFrame) -> list[int]:
    """Mark a Training card played or spent used ("as an Artifact"); it takes effect."""
    m = mod(s)
    if card not in m["owned"][seat] or card in m["used"][seat]:
        return []
    m["used"][seat].append(card)
    return [card]


def monument_built(s: LordsState, seat: int, god_id: str) -> None:
    """Training cards are charged "as normal Artifacts, during the Build Monument"."""
    mod(s)["used"] = [[] for _ in range(s.n)]


# -- Chiron the Monster -----------------------------------------------------------------------


def region_attack(s: LordsState, m: int) -> None:
    """Wounded: kill 1 Hoplite in each Region of his Land (2 Evolved); else heal every Hero."""
    kind, _n = s.content.monsters[m].attack
    if kind != "kill_land_or_heal":
        return
    land = land_regions(s, s.content.regions[s.monster_at[m]].land)
    if s.wounds[m]:
        count = 1 + sum(monster_value(s, m, "region-attack-plus"))  # Laconia: "kill 2 Hoplites"
        for r in land:
            if armies(s, r):
                kill_chosen(s, r, count)
        return
    for q in range(s.n):  # "Heal 1 Injury on each Hero in this Land"
        if s.hero_at[q] in land and s.injured[q]:
            if s.injured[q] & (s.injured[q] - 1):
                s.stack.append({"k": "heal", "seat": q})  # its player picks which
            else:
                s.injured[q] = 0
