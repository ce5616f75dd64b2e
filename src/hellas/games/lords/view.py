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
from hellas.games.lords.content import Content, configured
from hellas.games.lords.frames import BattleFrame, downward
from hellas.games.lords.monsters import tray
from hellas.games.lords.packs import pack_name
from hellas.games.lords.quests import quest_region
from hellas.games.lords.rules import actor
from hellas.games.lords.state import SPECIALS, LordsState
from hellas.games.lords.turn import march_plan


class _Lookups:
    """The content's ids and names as the view needs them, computed once per content."""

    def __init__(self, c: Content) -> None:
        self.content = c
        self.attributes = tuple(c.attributes)
        na = len(self.attributes)
        self.injured = [
            [a for i, a in enumerate(self.attributes) if mask >> i & 1] for mask in range(1 << na)
        ]
        self.injured_mask = (1 << na) - 1
        self.used = [
            [SPECIALS[a] for a in range(len(SPECIALS)) if mask >> a & 1]
            for mask in range(1 << len(SPECIALS))
        ]
        self.used_mask = (1 << len(SPECIALS)) - 1
        self.heroes = [(h.id, h.name) for h in c.heroes]
        self.region_ids = [r.id for r in c.regions]
        self.regions = [(r.id, r.index) for r in c.regions]
        self.blessing_ids = [b.id for b in c.blessings]
        self.quest_ids = [x.id for x in c.quests]
        self.quests = [(x.id, x.index) for x in c.quests]
        self.monsters = [(m.id, m.index) for m in c.monsters]
        self.gods = [(g.id, g.index, c.artifact(g.artifact).index) for g in c.gods]
        self.artifacts = [(a.id, a.index) for a in c.artifacts]
        self.combat_ids = [x.id for x in c.combat]
        self.temple_ids = [x.id for x in c.temples]
        self.attack_ids = [a.id for a in c.attack_cards]
        self.evolve = [[card.evolve for card in m.cards] for m in c.monsters]


def _lookups(c: Content) -> _Lookups:
    """Return the lookups of ``c`` (derived once, kept with the content value)."""
    found: _Lookups | None = c.derived.get("view")
    if found is None:
        found = c.derived["view"] = _Lookups(c)
    return found


def stand_ins(c: Content) -> dict[str, list[str]]:
    """Return the ids of ``c``'s provisional stand-in cards, by kind (derived once)."""
    found: dict[str, list[str]] | None = c.derived.get("stand_ins")
    if found is None:
        found = {
            "combat": [x.id for x in c.combat if x.stand_in],
            "blessings": [b.id for b in c.blessings if b.stand_in],
            "quests": [q.id for q in c.quests if q.stand_in],
        }
        found = {k: v for k, v in found.items() if v}
        c.derived["stand_ins"] = found
    return found


def pack_records(c: Content) -> dict[str, Any]:
    """Return the records a content pack adds or changes, by kind: id -> name and words."""
    found: dict[str, Any] | None = c.derived.get("pack_view")
    if found is None:
        core = configured(",".join(c.modules), printed_only=c.printed_only)
        records: dict[str, Any] = {}
        kinds = ("blessings", "combat", "artifacts", "quests", "heroes", "monsters")
        for kind in (*kinds, "attack_cards", "evolutions"):
            ours = {r.id: r for r in getattr(core, kind)}
            changed = {
                r.id: {"name": getattr(r, "name", r.id), "text": _words(c, kind, r)}
                # a Combat Card's face, for front ends that draw the card
                | (
                    {"strength": r.strength, "casualties": r.casualties, "symbol": r.symbol}
                    if kind == "combat"
                    else {}
                )
                for r in getattr(c, kind)
                if ours.get(r.id) != r
            }
            if changed:
                records[kind] = changed
        found = c.derived["pack_view"] = {
            "fingerprint": c.fingerprint,
            "name": pack_name(c.pack),  # front ends badge its records "from pack <name>"
            "records": records,
        }
    return found


def _words(c: Content, kind: str, record: Any) -> str:
    """Return what a card or piece does, in words (``describe``)."""
    from hellas.games.lords import describe  # noqa: PLC0415 - words for front ends

    if kind == "blessings":
        return describe.blessing(c, record.id)
    if kind == "combat":
        return describe.combat(record)
    if kind == "artifacts":
        return describe.artifact(c, record.id)
    if kind == "quests":
        return describe.quest(c, record.id)
    if kind == "heroes":
        return describe.hero(record)
    if kind == "attack_cards":
        return describe.attack_card(record)
    if kind == "evolutions":
        return describe.evolution(c, record.id)
    return describe.monster(c, record)


def view(s: LordsState, seat: int | None) -> dict[str, Any]:
    """Return what ``seat`` may know (``None``: a spectator)."""
    c = s.content
    k = _lookups(c)
    over = s.result is not None
    players = []
    control = s.control
    n = s.n
    whole: list[list[str]] = [[] for _ in range(n)]  # Lands owned whole (every Land counts)
    for land, land_regions in enumerate(c.lands):
        owner = control[land_regions[0]]
        if owner >= 0 and all(control[r] == owner for r in land_regions):
            whole[owner].append(c.land_ids[land])
    won, temples, slain, needed = victory_counts(s)  # counted as the victory check counts
    # per-seat tallies, each in one pass over the state (in content order, as listed before)
    glory: list[list[str]] = [[] for _ in range(n)]
    for land, owner in enumerate(s.glory):
        if 0 <= owner < n:
            glory[owner].append(c.land_ids[land])
    slain_ids: list[list[str]] = [[] for _ in range(n)]
    for mid, mi in k.monsters:
        owner = s.slain[mi]
        if 0 <= owner < n:
            slain_ids[owner].append(mid)
    quest_cards: list[list[str]] = [[] for _ in range(n)]
    for qid, qi in k.quests:
        owner = s.quest_cards[qi]
        if 0 <= owner < n:
            quest_cards[owner].append(qid)
    attributes, na, nattr = k.attributes, s.na, len(k.attributes)
    blessing_ids, region_ids = k.blessing_ids, k.region_ids
    for q in range(n):
        h = s.heroes[q]
        hero = k.heroes[h] if h >= 0 else None
        questing = s.questing[q]
        players.append(
            {
                "seat": q,
                "hero": hero[0] if hero else None,
                "name": hero[1] if hero else f"Player {q + 1}",
                "at": region_ids[s.hero_at[q]] if s.hero_at[q] >= 0 else None,
                "attributes": dict(zip(attributes, s.attrs[q * na : q * na + nattr], strict=True)),
                "injured": list(k.injured[s.injured[q] & k.injured_mask]),
                "supply": s.supply[q],
                "priests": s.priests[q],
                "cards": len(s.hands[q]),
                "blessings": [blessing_ids[b] for b in s.blessings[q]],
                "used": list(k.used[s.used[q] & k.used_mask]),
                "glory": glory[q],
                "lands": whole[q],
                "temples": temples[q],
                "slain": slain[q],
                "slain_monsters": slain_ids[q],
                "quest": k.quest_ids[questing] if questing >= 0 else None,
                "quest_step": s.quest_step[q] if questing >= 0 else 0,
                "quest_cards": quest_cards[q],
            }
        )
    regions = []
    quest_at: dict[int, str] = {}  # Region -> the first Quest whose Token stands there
    for x in s.quest_slots:
        quest_at.setdefault(quest_region(s, x), k.quest_ids[x])
    monsters_at: dict[int, list[str]] = {}
    for mid, mi in k.monsters:
        if s.monster_at[mi] >= 0:
            monsters_at.setdefault(s.monster_at[mi], []).append(mid)
    hop, fort = s.hop, s.fort
    for rid, i in k.regions:
        regions.append(
            {
                "id": rid,
                "control": control[i],
                "hoplites": hop[i * n : i * n + n],
                "fortified": fort[i],
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
            "cards": [blessing_ids[b] for b in f["cards"]]
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
            gid: {
                "level": s.monument[gi],
                "priests": list(s.monument_priests[gi]),
                "artifact_owner": s.artifact_owner[ai],
                "artifact_charged": s.artifact_charged[ai],
            }
            for gid, gi, ai in k.gods
        },
        "activation": list(s.activation),
        "progress": _progress(s, [len(x) for x in won], temples, slain, needed),
        "temple_card": k.temple_ids[s.temple_card],
        "temples_built": s.temples_built,
        "oracle": bool(s.oracle),
        "quests": [k.quest_ids[x] for x in s.quest_slots],
        "monsters": _monsters(s, k),
        "decks": {
            "combat": len(s.combat_deck),
            "combat_discard": len(s.combat_discard),
            "blessings": len(s.blessing_deck),
            "events": len(s.event_deck),
            "monster_attacks": len(s.attack_deck),
            "monster_attack_discard": [k.attack_ids[a] for a in s.attack_discard],
            "neutral_artifacts": len(s.neutral_deck),
        },
        "hand": [k.combat_ids[x] for x in s.hands[seat]] if seat is not None else None,
        "battle": _battle(s, frame) if frame and frame["k"] == "battle" else None,
        "draft": draft,
        "hunt": hunt_summary(s, seat),
        "artifacts": {
            aid: {"owner": s.artifact_owner[ai], "charged": s.artifact_charged[ai]}
            for aid, ai in k.artifacts
            if s.artifact_owner[ai] >= 0
        },
        "result": dict(s.result) if s.result else None,
        "modules": s.options.get("modules", ""),
        # the content pack in play (its fingerprint names it for renderers), "" for none
        "pack_fingerprint": c.fingerprint,
        "printed_only": c.printed_only,
        # the provisional stand-in cards of this game, by kind (front ends show a badge)
        "provisional": stand_ins(c),
        # each module's public facts (and the seat's own secrets), by module id
        "module_panels": hooks.panels(s, seat) if s.options.get("modules") else {},
    }
    if c.pack:  # the pack's own cards in words, for front ends whose tables lack them
        v["pack"] = pack_records(c)
    if frame and frame["k"] == "artifact-pick" and seat == frame["seat"]:
        v["artifact_pick"] = [c.artifacts[a].id for a in frame["cards"]]
    if frame and frame["k"] == "march" and frame["stage"] == "from" and seat == actor(s):
        v["march_plan"] = march_plan(s, frame)  # the whole March, for a board built by clicks
    if frame and frame["k"] == "owl" and seat == s.current:
        v["owl"] = [k.combat_ids[x] for x in frame["cards"]]
    return v


def _monsters(s: LordsState, k: _Lookups) -> dict[str, Any]:
    """Return every Monster's place, Evolutions, tray and slayer."""
    out = {}
    region_ids, monster_at, slain = k.region_ids, s.monster_at, s.slain
    for mid, mi in k.monsters:
        wounds = s.wounds[mi]
        at = monster_at[mi]
        out[mid] = {
            "at": region_ids[at] if at >= 0 else None,
            "evolutions": [k.evolve[mi][x] for x in s.evolutions[mi]],
            "tray": [
                {"symbol": w[0], "reward": w[1], "wounded": i in wounds}
                for i, w in enumerate(tray(s, mi))
            ],
            "slain_by": slain[mi],
        }
    return out


def _battle(s: LordsState, f: BattleFrame) -> dict[str, Any]:
    """Return the public facts of the Battle in progress with each side's Army Strength."""
    out = battle.summary(s, f)
    out["strength"] = [battle.strength(s, f, 0), battle.strength(s, f, 1)]
    return out


def hunt_summary(s: LordsState, seat: int | None) -> dict[str, Any] | None:
    """Return the public facts of the Hunt in progress.

    The two Monster Attack cards drawn are shown only to the player to the hunter's left,
    who picks one.
    """
    f = next((f for f in downward(s.stack) if f["k"] == "hunt"), None)
    if f is None:
        return None
    c = s.content
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
        owl = t.stack[-1]
        assert owl["k"] == "owl"
        owl["cards"] = drawn
    t.combat_deck = pool[pos:]
    draft_hidden: list[int] = []
    draft = s.stack[-1] if s.stack else None
    if draft is not None and draft["k"] == "draft" and seat not in draft["order"][: draft["i"] + 1]:
        draft_hidden = list(draft["cards"])
    bless = sorted(s.blessing_deck + draft_hidden)
    rng.shuffle(bless)
    top = t.stack[-1] if t.stack else None
    if draft_hidden and top is not None and top["k"] == "draft":
        top["cards"] = sorted(bless[: len(draft_hidden)])
        bless = bless[len(draft_hidden) :]
    t.blessing_deck = bless
    for i, f in enumerate(s.stack):  # a Blessing drawn to keep or not (draw-blessing): its own
        if f["k"] == "hep-lyre" and f["seat"] != seat and t.blessing_deck:
            pool = sorted([*t.blessing_deck, f["card"]])
            rng.shuffle(pool)
            lyre = t.stack[i]
            assert lyre["k"] == "hep-lyre"  # the copy's frame at the same place
            lyre["card"] = pool.pop()
            t.blessing_deck = pool
    events = sorted(s.event_deck)
    rng.shuffle(events)
    t.event_deck = events
    hunt = next((i for i in range(len(s.stack) - 1, -1, -1) if s.stack[i]["k"] == "hunt"), -1)
    hidden: list[int] = []
    h = s.stack[hunt] if hunt >= 0 else None
    if h is not None and h["k"] == "hunt" and seat != hunt_rules.picker(s, h):
        hidden = list(h["drawn"])  # the picker's two cards
    attacks = sorted(s.attack_deck + hidden)
    rng.shuffle(attacks)
    th = t.stack[hunt] if hunt >= 0 else None
    if hidden and th is not None and th["k"] == "hunt":
        th["drawn"] = attacks[: len(hidden)]
        attacks = attacks[len(hidden) :]
    t.attack_deck = attacks
    picking: list[int] = []
    pick = s.stack[-1] if s.stack else None
    if pick is not None and pick["k"] == "artifact-pick" and seat != pick["seat"]:
        picking = list(pick["cards"])  # Neutral Artifacts only their drawer has seen
    neutral = sorted(s.neutral_deck + picking)
    rng.shuffle(neutral)
    tpick = t.stack[-1] if t.stack else None
    if picking and tpick is not None and tpick["k"] == "artifact-pick":
        tpick["cards"] = sorted(neutral[: len(picking)])
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
    lands, temples, slain, needed = victory_counts(s)
    return _progress(s, [len(x) for x in lands], temples, slain, needed)


def _progress(
    s: LordsState, lands: list[int], temples: list[int], slain: list[int], needed: int
) -> list[dict[str, Any]]:
    """Return ``progress`` from the per-seat counts of Lands, Temple Regions and Monsters."""
    act = s.activation
    return [
        {
            "seat": q,
            "warlord": [lands[q], needed],
            "favored": [temples[q], 5],
            "slayer": [slain[q], 3],
            "king": act[1] if len(act) >= 3 and act[0] == q else None,
        }
        for q in range(s.n)
    ]
