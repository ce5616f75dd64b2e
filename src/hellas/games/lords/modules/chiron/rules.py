"""Chiron: the Monster, his Training Quests, the Training cards and the Ashen Spear.

Dark Ages rulebook, "Chiron".  The Training deck holds the Training Quests (Quest records with
the ``training`` reward, taken out of the Events deck at Game Preparation).  When Chiron appears
one goes to the first empty Quest slot (else the first Quest nobody is on is discarded; with a
Hero on every Quest it waits aside until a Quest is done).  A Training Quest's Token stands
where Chiron stands.  Completing it gives the Training card (a Combat Card record of kind
``training``): played through the base game's reusable-card points (``reusable``/``reuse``),
never discarded, marked used, charged again at Build Monument, outside the hand limit and no
Artifact.  When Chiron is slain the Training Quest in a slot is discarded; Heroes on it go back
to his Region.

Module state ``s.mod["chiron"]``: ``deck`` (Training Quests face down), ``aside``, ``out``
(discarded), ``owned`` and ``used`` (Training cards per seat).
"""

from __future__ import annotations

from typing import Any

from hellas.games.lords import hunt
from hellas.games.lords.artifacts import ready, spend
from hellas.games.lords.board import armies, land_regions
from hellas.games.lords.monster_phase import kill_chosen
from hellas.games.lords.monsters import evolved
from hellas.games.lords.phases import QUEST_SLOTS
from hellas.games.lords.state import Frame, LordsState

ID = "chiron"
SPEAR = "ashen-spear"
SPEAR_BONUS = 2  # "Add +2 to its value"


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
    """Return the Training card a Training Quest gives (-1: not a Training Quest)."""
    q = s.content.quests[quest]
    if q.reward != "training":
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
    """Give a done Training Quest's card to its Hero and deal the next; else free the aside."""
    m = mod(s)
    card = card_of(s, quest)
    if card >= 0:
        m["owned"][seat].append(card)  # "places it next to their Hero Board"
        if m["deck"] and s.monster_at[chiron(s)] >= 0:
            place(s, m["deck"].pop())  # "place a new Training card in the Quest slot"
        return True
    if m["aside"] and len(s.quest_slots) < QUEST_SLOTS:
        s.quest_slots.append(m["aside"].pop())
    return False


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


def reusable(s: LordsState, seat: int, frame: Frame) -> list[int]:
    """Return ``seat``'s charged Training cards."""
    m = mod(s)
    return [c for c in m["owned"][seat] if c not in m["used"][seat]]


def reuse(s: LordsState, seat: int, card: int, frame: Frame) -> list[int]:
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


def special_attack(s: LordsState, f: Frame, kind: str, n: int) -> None:
    """Chiron's Special Attack: "Discard 1 Artifact (if you have any)" (the hunter picks)."""
    if kind != "discard-artifact":
        return
    p = f["seat"]
    owned = [a for a in range(len(s.artifact_owner)) if s.artifact_owner[a] == p]
    if len(owned) == 1:
        discard_artifact(s, owned[0])
    elif owned:
        s.stack.append({"k": "ch-artifact", "seat": p})


def discard_artifact(s: LordsState, a: int) -> None:
    """Discard an Artifact: a Neutral one under the Neutral deck; the others leave play.

    A God's Artifact goes back under its Monument: whoever next takes control of that Region
    takes it (the base rule for God's Artifacts).
    """
    s.artifact_owner[a] = -1
    s.artifact_charged[a] = True
    if s.content.artifacts[a].kind == "neutral":
        s.neutral_deck.insert(0, a)


def artifact_options(s: LordsState, f: Frame) -> list[str]:
    """List the Artifacts the hunter may discard."""
    artifacts = s.content.artifacts
    return [
        f"ch-artifact:{artifacts[a].id}"
        for a in range(len(s.artifact_owner))
        if s.artifact_owner[a] == f["seat"]
    ]


def artifact_choose(s: LordsState, f: Frame, key: str) -> None:
    """Discard it."""
    s.stack.remove(f)
    discard_artifact(s, s.content.artifact(key.partition(":")[2]).index)


def region_attack(s: LordsState, m: int) -> None:
    """Wounded: kill 1 Hoplite in each Region of his Land (2 Evolved); else heal every Hero."""
    kind, _n = s.content.monsters[m].attack
    if kind != "kill_land_or_heal":
        return
    land = land_regions(s, s.content.regions[s.monster_at[m]].land)
    if s.wounds[m]:
        count = 2 if evolved(s, m, "region-attack-kills-2") else 1  # Laconia: "kill 2 Hoplites"
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


# -- the Ashen Spear --------------------------------------------------------------------------


def battle_options(s: LordsState, f: Frame, seat: int) -> list[str]:
    """Offer the Ashen Spear on its owner's card turn, with a card played or in hand."""
    side = 0 if seat == f["att"] else 1
    if (
        f["stage"] == "cards"
        and ready(s, seat, SPEAR)
        and (f["played"][side] or s.hands[seat] or reusable(s, seat, f))
    ):
        return [f"artifact:{SPEAR}"]
    return []


def battle_play(s: LordsState, f: Frame, seat: int, key: str) -> bool:
    """Use the Ashen Spear: +2 to the value of a card its owner plays in this Battle."""
    if key != f"artifact:{SPEAR}":
        return False
    spend(s, SPEAR)
    f.setdefault("ch_spear", [False, False])[0 if seat == f["att"] else 1] = True
    return True


def army_strength(s: LordsState, f: Frame, side: int) -> int:
    """Return the Ashen Spear's +2 once its side has played a Combat Card in this Battle."""
    return SPEAR_BONUS if f.get("ch_spear", [False, False])[side] and f["played"][side] else 0


def hunt_options(s: LordsState, f: Frame) -> list[str]:
    """Offer the Ashen Spear while defending, once a card is offered."""
    if f["stage"] == "defend" and f["committed"] and ready(s, f["seat"], SPEAR):
        return [f"artifact:{SPEAR}"]
    return []


def hunt_play(s: LordsState, f: Frame, key: str) -> bool:
    """Use the Ashen Spear: the offered card is worth 2 more (the defence may be enough now)."""
    if key != f"artifact:{SPEAR}" or f["stage"] != "defend":
        return False
    spend(s, SPEAR)
    f["boost"] = int(f.get("boost", 0)) + SPEAR_BONUS
    hunt.settle_defence(s, f)
    return True
