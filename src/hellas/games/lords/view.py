"""What each seat may know in Lords of Hellas, and determinization.

Everything on the board is public: Hoplites, control, Heroes, Attributes and Injuries,
Priests, Temples, Monuments, Artifacts, Blessings, Glory Tokens, Monsters and Quests, hand
sizes.  Hidden: the Combat Cards in other hands, the order of every deck, and the Blessings
being drafted (seen only by those they were passed to).
"""

from __future__ import annotations

from typing import Any

from hellas.core.rng import Rng
from hellas.games.lords import battle
from hellas.games.lords.board import lands_controlled, temples_controlled
from hellas.games.lords.content import ATTRIBUTES, LANDS, content
from hellas.games.lords.rules import actor
from hellas.games.lords.state import SPECIALS, LordsState


def view(s: LordsState, seat: int | None) -> dict[str, Any]:
    """Return what ``seat`` may know (``None``: a spectator)."""
    c = content()
    over = s.result is not None
    players = []
    for q in range(s.n):
        hero = c.heroes[s.heroes[q]] if s.heroes[q] >= 0 else None
        players.append(
            {
                "seat": q,
                "hero": hero.id if hero else None,
                "name": hero.name if hero else f"Player {q + 1}",
                "at": c.regions[s.hero_at[q]].id if s.hero_at[q] >= 0 else None,
                "attributes": {a: s.attrs[q * 3 + i] for i, a in enumerate(ATTRIBUTES)},
                "injured": [a for i, a in enumerate(ATTRIBUTES) if s.injured[q] >> i & 1],
                "supply": s.supply[q],
                "priests": s.priests[q],
                "cards": len(s.hands[q]),
                "blessings": [c.blessings[b].id for b in s.blessings[q]],
                "used": [SPECIALS[a] for a in range(len(SPECIALS)) if s.used[q] >> a & 1],
                "glory": [LANDS[land] for land in range(len(LANDS)) if s.glory[land] == q],
                "lands": [LANDS[land] for land in lands_controlled(s, q)],
                "temples": temples_controlled(s, q),
                "slain": s.slain.count(q),
            }
        )
    regions = []
    for r in c.regions:
        regions.append(
            {
                "id": r.id,
                "control": s.control[r.index],
                "hoplites": [s.hop[r.index * s.n + q] for q in range(s.n)],
                "fortified": s.fort[r.index],
                "temple": bool(s.temples[r.index]),
                "monsters": [m.id for m in c.monsters if s.monster_at[m.index] == r.index],
                "quest": next(
                    (c.quests[q].id for q in s.quest_slots if c.quests[q].region == r.index), None
                ),
            }
        )
    draft = None
    if s.stack and s.stack[-1]["k"] == "draft":
        f = s.stack[-1]
        seen = f["order"][: f["i"] + 1]
        draft = {
            "order": list(f["order"]),
            "turn": f["i"],
            "cards": [c.blessings[b].id for b in f["cards"]]
            if seat is not None and seat in seen
            else None,
            "count": len(f["cards"]),
        }
    frame = s.stack[-1] if s.stack else None
    v: dict[str, Any] = {
        "game": "lords",
        "seat": seat,
        "players": s.n,
        "turn": s.turn,
        "current": s.current,
        "to_act": None if over or not s.stack else actor(s),
        "procedure": frame["k"] if frame else None,
        "players_info": players,
        "regions": regions,
        "monuments": {
            g.id: {
                "level": s.monument[g.index],
                "priests": list(s.monument_priests[g.index]),
                "artifact_owner": s.artifact_owner[g.index],
                "artifact_charged": s.artifact_charged[g.index],
            }
            for g in c.gods
        },
        "activation": list(s.activation),
        "temple_card": c.temples[s.temple_card].id,
        "temples_built": s.temples_built,
        "oracle": bool(s.oracle),
        "quests": [c.quests[q].id for q in s.quest_slots],
        "monsters": {
            m.id: {
                "at": c.regions[s.monster_at[m.index]].id if s.monster_at[m.index] >= 0 else None,
                "evolutions": list(s.evolutions[m.index]),
                "slain_by": s.slain[m.index],
            }
            for m in c.monsters
        },
        "decks": {
            "combat": len(s.combat_deck),
            "combat_discard": len(s.combat_discard),
            "blessings": len(s.blessing_deck),
            "events": len(s.event_deck),
        },
        "hand": [c.combat[x].id for x in s.hands[seat]] if seat is not None else None,
        "battle": battle.summary(frame) if frame and frame["k"] == "battle" else None,
        "draft": draft,
        "result": dict(s.result) if s.result else None,
    }
    if frame and frame["k"] == "owl" and seat == s.current:
        v["owl"] = [c.combat[x].id for x in frame["cards"]]
    return v


def determinize(s: LordsState, seat: int, rng: Rng) -> LordsState:
    """Re-deal other hands with the unseen Combat deck; shuffle every deck; new future."""
    t = s.copy()
    pool = list(s.combat_deck)
    for q in range(s.n):
        if q != seat:
            pool.extend(s.hands[q])
    owl_cards: list[int] = []
    if s.stack and s.stack[-1]["k"] == "owl" and seat != s.current:
        owl_cards = list(s.stack[-1]["cards"])  # already in the pool with that hand
    pool.sort()
    rng.shuffle(pool)
    pos = 0
    for q in range(s.n):
        if q == seat:
            continue
        size = len(s.hands[q]) - (len(owl_cards) if q == s.current else 0)
        t.hands[q] = sorted(pool[pos : pos + size])
        pos += size
    if owl_cards:
        drawn = pool[pos : pos + len(owl_cards)]
        pos += len(owl_cards)
        t.hands[s.current] = sorted(t.hands[s.current] + drawn)
        t.stack[-1]["cards"] = drawn
    t.combat_deck = pool[pos:]
    draft_hidden: list[int] = []
    if s.stack and s.stack[-1]["k"] == "draft":
        f = s.stack[-1]
        if seat not in f["order"][: f["i"] + 1]:
            draft_hidden = list(f["cards"])
    bless = sorted(s.blessing_deck + draft_hidden)
    rng.shuffle(bless)
    if draft_hidden:
        t.stack[-1]["cards"] = sorted(bless[: len(draft_hidden)])
        bless = bless[len(draft_hidden) :]
    t.blessing_deck = bless
    events = sorted(s.event_deck)
    rng.shuffle(events)
    t.event_deck = events
    t.rng = Rng(rng.next64())
    t.cache = None
    return t
