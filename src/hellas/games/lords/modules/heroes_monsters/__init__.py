"""The Heroes and Monsters module of Lords of Hellas: Dark Ages.

Cassandra, Odysseus, Typhon, Python and their Event cards: the hooks, frames, choice keys, view
panel and bot knowledge (the rules themselves are in ``rules.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hellas.core.rng import Rng
from hellas.games.lords import fx_effects, fx_fight
from hellas.games.lords.hooks import Module, proc, register
from hellas.games.lords.modules.heroes_monsters import rules
from hellas.games.lords.modules.heroes_monsters.bot import bot_choose
from hellas.games.lords.monsters import evolve_names
from hellas.games.lords.state import LordsState


def entries(c: Any) -> list[tuple[str, str]]:
    """Return the module's choice keys: Cassandra's decision and Typhon's Blessing discard."""
    out = [
        ("hm-cassandra:swap", "Cassandra: keep the extra Blessing, discard the drafted one"),
        ("hm-cassandra:discard", "Cassandra: discard the extra Blessing"),
    ]
    out += [(f"hm-blessing:{b.id}", f"Typhon: discard the Blessing {b.name}") for b in c.blessings]
    return out


def view(s: LordsState, seat: int | None) -> dict[str, Any]:
    """Return the module's panel: the Heroes' abilities, the Evolved Monsters, a private draw."""
    c = s.content
    lines = []
    for m in c.monsters:
        names = evolve_names(s, m.index) if s.monster_at[m.index] >= 0 else []
        if "all-attacks-plus-1" in names:
            lines.append(f"{m.name} Evolved: every Monster Attack card +1 Strength")
        if "attack-draws-3" in names:
            lines.append(f"{m.name} Evolved: its controller draws 3 Monster Attack cards")
    badges: list[list[str]] = []
    for q in range(s.n):
        ability = c.heroes[s.heroes[q]].ability if s.heroes[q] >= 0 else ""
        badges.append(
            ["Extra Blessing after Drafts"]
            if ability == "extra-blessing"
            else ["City Population -1 where he stands"]
            if ability == "city-population-minus-1"
            else []
        )
    private = []
    extra = None  # the Blessing Cassandra drew, by id (only she sees it)
    for f in s.stack:
        if f["k"] == "hm-cassandra" and f["seat"] == seat:
            b = c.blessings[f["card"]]
            private.append(f"Extra Blessing drawn: {b.name} ({b.text})")
            extra = b.id
    return {
        "title": "Heroes and Monsters",
        "lines": lines,
        "players": badges,
        "regions": {},
        "cards": [],
        "private": private,
        "extra_blessing": extra,
    }


def determinize(t: LordsState, s: LordsState, seat: int, rng: Rng) -> None:
    """Re-deal Cassandra's extra Blessing for every other seat (it is hers alone to see)."""
    for f in t.stack:
        if f["k"] == "hm-cassandra" and f["seat"] != seat:
            pool = sorted([*t.blessing_deck, f["card"]])
            rng.shuffle(pool)
            f["card"] = pool.pop()
            t.blessing_deck = pool


def invariants(s: LordsState) -> None:
    """Cassandra's extra Blessing is neither held nor in the Blessing deck."""
    held = {b for hand in s.blessings for b in hand} | set(s.blessing_deck)
    for f in s.stack:
        if f["k"] == "hm-cassandra" and f["card"] in held:
            raise AssertionError("Cassandra's extra Blessing is also elsewhere")


MODULE = register(
    Module(
        id="heroes-monsters",
        title="Heroes and Monsters",
        summary="Cassandra, Odysseus, Typhon and Python",
        expansion_icon=False,
        requires=(),
        excludes=(),
        players=(),
        hooks={
            "start_placed": rules.start_placed,
            "draft_done": rules.draft_done,
            "population": rules.population_change,
            "after_hero_move": rules.after_hero_move,
            "monster_appears": rules.monster_appears,
            "region_attack": rules.region_attack,
            "view": view,
            "determinize": determinize,
            "invariants": invariants,
        },
        procedures={
            "hm-cassandra": proc(rules.cassandra_options, rules.cassandra_choose),
            "hm-odysseus": proc(rules.odysseus_options, rules.odysseus_choose),
            "hm-python": proc(rules.python_options, rules.python_choose),
            # the decisions its cards ask, in the effect vocabulary's rules (the base game runs
            # them; listed here as this module's, for observation encoders)
            "hm-blessing": proc(fx_fight.blessing_options, fx_fight.blessing_choose),
            "hm-omphalos": proc(fx_effects.recruit_at_options, fx_effects.recruit_at_choose),
        },
        entries=entries,
        bot_choose=bot_choose,
    )
)

__all__: Sequence[str] = ("MODULE",)
