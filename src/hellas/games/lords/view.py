"""What each seat may know in Lords of Hellas, and determinization.

Everything on the board is public: Hoplites, control, Heroes, Attributes and Injuries,
Priests, Temples, Monuments, Artifacts, Blessings, Glory Tokens, Monsters and Quests, hand
sizes.  Hidden: the Combat Cards in other hands, the order of every deck, and the Blessings
being drafted (seen only by those they were passed to).
"""

from __future__ import annotations

from typing import Any

from hellas.core.rng import Rng
from hellas.games.lords import battle, hooks
from hellas.games.lords import hunt as hunt_rules
from hellas.games.lords.board import victory_counts
from hellas.games.lords.content import content
from hellas.games.lords.monsters import tray
from hellas.games.lords.quests import quest_region
from hellas.games.lords.rules import actor
from hellas.games.lords.state import SPECIALS, LordsState


def view(s: LordsState, seat: int | None) -> dict[str, Any]:
    """Return what ``seat`` may know (``None``: a spectator)."""
    c = content()
    over = s.result is not None
    players = []
    control = s.control
    whole: list[list[str]] = [[] for _ in range(s.n)]  # Lands owned whole (every Land counts)
    for land, land_regions in enumerate(c.lands):
        owner = control[land_regions[0]]
        if owner >= 0 and all(control[r] == owner for r in land_regions):
            whole[owner].append(c.land_ids[land])
    temples = [0] * s.n
    for where, built in enumerate(s.temples):
        if built and control[where] >= 0:
            temples[control[where]] += 1
    for q in range(s.n):
        hero = c.heroes[s.heroes[q]] if s.heroes[q] >= 0 else None
        players.append(
            {
                "seat": q,
                "hero": hero.id if hero else None,
                "name": hero.name if hero else f"Player {q + 1}",
                "at": c.regions[s.hero_at[q]].id if s.hero_at[q] >= 0 else None,
                "attributes": {a: s.attrs[q * s.na + i] for i, a in enumerate(c.attributes)},
                "injured": [a for i, a in enumerate(c.attributes) if s.injured[q] >> i & 1],
                "supply": s.supply[q],
                "priests": s.priests[q],
                "cards": len(s.hands[q]),
                "blessings": [c.blessings[b].id for b in s.blessings[q]],
                "used": [SPECIALS[a] for a in range(len(SPECIALS)) if s.used[q] >> a & 1],
                "glory": [c.land_ids[land] for land in range(len(s.glory)) if s.glory[land] == q],
                "lands": whole[q],
                "temples": temples[q],
                "slain": s.slain.count(q),
                "slain_monsters": [m.id for m in c.monsters if s.slain[m.index] == q],
                "quest": c.quests[s.questing[q]].id if s.questing[q] >= 0 else None,
                "quest_step": s.quest_step[q] if s.questing[q] >= 0 else 0,
                "quest_cards": [x.id for x in c.quests if s.quest_cards[x.index] == q],
            }
        )
    regions = []
    n = s.n
    quest_at: dict[int, str] = {}  # Region -> the first Quest whose Token stands there
    for q in s.quest_slots:
        quest_at.setdefault(quest_region(s, q), c.quests[q].id)
    monsters_at: dict[int, list[str]] = {}
    for m in c.monsters:
        if s.monster_at[m.index] >= 0:
            monsters_at.setdefault(s.monster_at[m.index], []).append(m.id)
    for r in c.regions:
        i = r.index
        regions.append(
            {
                "id": r.id,
                "control": s.control[i],
                "hoplites": s.hop[i * n : i * n + n],
                "fortified": s.fort[i],
                "temple": bool(s.temples[i]),
                "monsters": monsters_at.get(i, []),
                "quest": quest_at.get(i),
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
                "artifact_owner": s.artifact_owner[c.artifact(g.artifact).index],
                "artifact_charged": s.artifact_charged[c.artifact(g.artifact).index],
            }
            for g in c.gods
        },
        "activation": list(s.activation),
        "progress": progress(s),
        "temple_card": c.temples[s.temple_card].id,
        "temples_built": s.temples_built,
        "oracle": bool(s.oracle),
        "quests": [c.quests[q].id for q in s.quest_slots],
        "monsters": {
            m.id: {
                "at": c.regions[s.monster_at[m.index]].id if s.monster_at[m.index] >= 0 else None,
                "evolutions": [m.cards[x].evolve for x in s.evolutions[m.index]],
                "tray": [
                    {"symbol": w[0], "reward": w[1], "wounded": i in s.wounds[m.index]}
                    for i, w in enumerate(tray(s, m.index))
                ],
                "slain_by": s.slain[m.index],
            }
            for m in c.monsters
        },
        "decks": {
            "combat": len(s.combat_deck),
            "combat_discard": len(s.combat_discard),
            "blessings": len(s.blessing_deck),
            "events": len(s.event_deck),
            "monster_attacks": len(s.attack_deck),
            "monster_attack_discard": [c.attack_cards[a].id for a in s.attack_discard],
            "neutral_artifacts": len(s.neutral_deck),
        },
        "hand": [c.combat[x].id for x in s.hands[seat]] if seat is not None else None,
        "battle": _battle(s, frame) if frame and frame["k"] == "battle" else None,
        "draft": draft,
        "hunt": hunt_summary(s, seat),
        "artifacts": {
            a.id: {"owner": s.artifact_owner[a.index], "charged": s.artifact_charged[a.index]}
            for a in c.artifacts
            if s.artifact_owner[a.index] >= 0
        },
        "result": dict(s.result) if s.result else None,
        "modules": s.options.get("modules", ""),
        # each module's public facts (and the seat's own secrets), by module id
        "module_panels": hooks.panels(s, seat) if s.options.get("modules") else {},
    }
    if frame and frame["k"] == "artifact-pick" and seat == frame["seat"]:
        v["artifact_pick"] = [c.artifacts[a].id for a in frame["cards"]]
    if frame and frame["k"] == "owl" and seat == s.current:
        v["owl"] = [c.combat[x].id for x in frame["cards"]]
    return v


def _battle(s: LordsState, f: dict[str, Any]) -> dict[str, Any]:
    """Return the public facts of the Battle in progress with each side's Army Strength."""
    out = battle.summary(f)
    out["strength"] = [battle.strength(s, f, 0), battle.strength(s, f, 1)]
    return out


def hunt_summary(s: LordsState, seat: int | None) -> dict[str, Any] | None:
    """Return the public facts of the Hunt in progress.

    The two Monster Attack cards drawn are shown only to the player to the hunter's left,
    who picks one.
    """
    f = next((f for f in reversed(s.stack) if f["k"] == "hunt"), None)
    if f is None:
        return None
    c = content()
    picker = hunt_rules.picker(s, f)
    out: dict[str, Any] = {
        "hunter": f["seat"],
        "monster": c.monsters[f["m"]].id,
        "stage": f["stage"],
        "picker": picker,
        "dealt": list(f["dealt"]),
        "attack": c.attack_cards[f["attack"]].id if f["attack"] >= 0 else None,
        "strength": f["strength"] if f["attack"] >= 0 else None,
        "committed": [c.combat[x].id for x in f["committed"]],
        "ended": f["ended"],
        "drawn": len(f["drawn"]),
    }
    if seat == picker and f["drawn"]:
        out["drawn_cards"] = [c.attack_cards[a].id for a in f["drawn"]]
    return out


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
    hunt = next((i for i in range(len(s.stack) - 1, -1, -1) if s.stack[i]["k"] == "hunt"), -1)
    hidden: list[int] = []
    if hunt >= 0 and seat != hunt_rules.picker(s, s.stack[hunt]):
        hidden = list(s.stack[hunt]["drawn"])  # the picker's two cards
    attacks = sorted(s.attack_deck + hidden)
    rng.shuffle(attacks)
    if hidden:
        t.stack[hunt]["drawn"] = attacks[: len(hidden)]
        attacks = attacks[len(hidden) :]
    t.attack_deck = attacks
    picking: list[int] = []
    if s.stack and s.stack[-1]["k"] == "artifact-pick" and seat != s.stack[-1]["seat"]:
        picking = list(s.stack[-1]["cards"])  # Neutral Artifacts only their drawer has seen
    neutral = sorted(s.neutral_deck + picking)
    rng.shuffle(neutral)
    if picking:
        t.stack[-1]["cards"] = sorted(neutral[: len(picking)])
        neutral = neutral[len(picking) :]
    t.neutral_deck = neutral
    if s.options.get("modules"):
        hooks.run(t, "determinize", s, seat, rng)  # re-deal what the modules hide
    t.rng = Rng(rng.next64())
    t.cache = None
    return t


def progress(s: LordsState) -> list[dict[str, Any]]:
    """Return each seat's public progress toward every victory, counted as the victory check counts.

    ``[have, need]`` for Warlord (Lands owned whole), Favored (Temple Regions controlled) and
    Monster Slayer (Monsters slain); ``king``: the Activation tokens its builder still takes.
    """
    lands, temples, slain, lands_needed = victory_counts(s)
    act = s.activation
    return [
        {
            "seat": q,
            "warlord": [len(lands[q]), lands_needed],
            "favored": [temples[q], 5],
            "slayer": [slain[q], 3],
            "king": act[1] if len(act) >= 3 and act[0] == q else None,
        }
        for q in range(s.n)
    ]
