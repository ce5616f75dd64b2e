"""The Lords view as written before its speed-ups (per-content lookups, tray tables): the reference.

``tests/rl/test_views.py`` checks that ``hellas.games.lords.view.view`` gives exactly this on
every view of random games, with and without Dark Ages modules.
"""

from __future__ import annotations

from typing import Any

from hellas.games.lords import hooks
from hellas.games.lords.monsters import tray
from hellas.games.lords.quests import quest_region
from hellas.games.lords.rules import actor
from hellas.games.lords.state import SPECIALS, LordsState
from hellas.games.lords.turn import march_plan
from hellas.games.lords.view import _battle, hunt_summary, progress, stand_ins


def view(s: LordsState, seat: int | None) -> dict[str, Any]:
    """Return what ``seat`` may know, as the view was first written."""
    c = s.content
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
        "pack_fingerprint": c.fingerprint,
        "printed_only": c.printed_only,
        "provisional": stand_ins(c),
        # each module's public facts (and the seat's own secrets), by module id
        "module_panels": hooks.panels(s, seat) if s.options.get("modules") else {},
    }
    if frame and frame["k"] == "artifact-pick" and seat == frame["seat"]:
        v["artifact_pick"] = [c.artifacts[a].id for a in frame["cards"]]
    if frame and frame["k"] == "march" and frame["stage"] == "from" and seat == actor(s):
        v["march_plan"] = march_plan(s, frame)  # (added with the board's March, issue 34)
    if frame and frame["k"] == "owl" and seat == s.current:
        v["owl"] = [c.combat[x].id for x in frame["cards"]]
    return v
