"""Every choice key Lords of Hellas can offer, with its stable index and a label."""

from __future__ import annotations

from hellas.core.game import ChoiceTable
from hellas.games.lords.content import ATTRIBUTES, content
from hellas.games.lords.state import HUNT, SPECIALS


def _entries() -> list[tuple[str, str]]:
    c = content()
    regions = [(r.id, r.name) for r in c.regions]
    e: list[tuple[str, str]] = []
    e += [(f"hero:{h.id}", f"Choose {h.name}") for h in c.heroes]
    e += [(f"start:{i}", f"Start in {n} with 2 Hoplites") for i, n in regions]
    e += [(f"place:{i}", f"Put your Hero in {n}") for i, n in regions]
    e.append(("place:stay", "Leave your Hero where it is"))
    gods = {g.artifact: g for g in c.gods}
    e += [(f"artifact:{a.id}", f"Use {a.name}: {a.effect}") for a in c.artifacts if a.id in gods]
    e += [(f"pray:{g.id}", f"Send a Priest to the Monument of {g.name}") for g in c.gods]
    e += [("hero-move", "Hero Movement"), ("hoplite-move", "Hoplite Movement")]
    for b in c.blessings:
        e.append((f"alt:{b.id}", f"{b.name}: {b.text}"))
        e.append((f"use:{b.id}", f"{b.name}: {b.text}"))
        e.append((f"bless:{b.id}", f"Take the Blessing {b.name}: {b.text}"))
    e += [
        ("recruit", "Special Action: Recruit"),
        ("march", "Special Action: March"),
        ("prepare", "Special Action: Prepare"),
        ("usurp", "Special Action: Usurp"),
    ]
    e += [(f"temple:{i}", f"Special Action: Build a Temple in {n}") for i, n in regions]
    e += [(f"monument:{g.id}", f"Special Action: Build the Monument of {g.name}") for g in c.gods]
    e.append(("monument:rest", "Special Action: Build Monument (all are complete: a new round)"))
    e += [
        (f"first:{SPECIALS[a]}", f"First use {SPECIALS[a].capitalize()} again, then Build Monument")
        for a in range(HUNT)
    ]
    e += [(f"go:{i}", f"Move your Hero to {n}") for i, n in regions]
    e += [("stop", "Stop moving"), ("done", "Done")]
    for r in c.regions:
        for t in r.neighbours:
            e.append(
                (
                    f"move:{r.id}>{c.regions[t].id}",
                    f"Move a Hoplite from {r.name} to {c.regions[t].name}",
                )
            )
    e += [
        (f"fortify:{r.id}", f"Fortify a Hoplite in the City of {r.name}")
        for r in c.regions
        if r.city
    ]
    e += [
        (f"unfortify:{r.id}", f"Move the Fortified Hoplite out of {r.name}'s City")
        for r in c.regions
        if r.city
    ]
    e += [(f"battle:{i}", f"Fight the Battle in {n} now") for i, n in regions]
    e += [("response:none", "Bring no Hoplites"), ("reinforce:none", "Bring no Hoplites")]
    e += [(f"response:{i}", f"Response Force: bring Hoplites from {n}") for i, n in regions]
    e += [(f"reinforce:{i}", f"Reinforcements from {n}") for i, n in regions]
    e += [(f"count:{k}", f"{k} Hoplite{'s' if k > 1 else ''}") for k in range(1, 16)]
    e += [
        ("master:sacrifice", "Master Plan: sacrifice a Priest for +3"),
        ("master:keep", "Keep your Priest"),
    ]
    e += [(f"withdraw:{i}", f"Withdraw to {n}") for i, n in regions]
    e.append(("pass", "Pass (play no more Combat Cards in this Battle)"))
    for card in c.combat:
        text = f"{card.name} ({card.symbol}, Strength {card.strength}, {card.casualties} casualty)"
        e.append((f"card:{card.id}", f"Play {text}"))
        e.append((f"discard:{card.id}", f"Discard {text}"))
        e.append((f"keep:{card.id}", f"Keep {text}"))
        e.append((f"wrath:{card.id}", f"Hero's Wrath: discard {text}"))
        e.append((f"shoot:{card.id}", f"Shoot to Kill: discard {text}"))
    e += [("wrath:none", "Do not use Hero's Wrath"), ("lose", "Lose a Hoplite instead")]
    e += [(f"recruit:{r.id}", f"Recruit a Hoplite in {r.name}") for r in c.regions if r.city]
    e += [
        (f"recruit-fortified:{r.id}", f"Recruit a Fortified Hoplite in {r.name}")
        for r in c.regions
        if r.city
    ]
    e += [(f"mobilize:{i}", f"Mobilization: 2 Hoplites in {n}") for i, n in regions]
    e += [(f"march:{i}", f"March from {n}") for i, n in regions]
    e += [(f"to:{i}", f"... to {n}") for i, n in regions]
    e += [(f"murder:{i}", f"Murderous March: lose 2 Hoplites, go to {n}") for i, n in regions]
    e += [("prep:draw", "Draw a Combat Card"), ("prep:recruit", "Recruit a Hoplite by your Hero")]
    e += [(f"prep:heal-{a}", f"Heal your {a.capitalize()} Injury") for a in ATTRIBUTES]
    e += [(f"usurp:{k}", f"Recruit {k} Hoplite(s)") for k in range(4)]
    e += [(f"usurp-fortified:{k}", f"Recruit {k} Hoplite(s), one Fortified") for k in range(1, 4)]
    e += [(f"power:{i}", f"Recruit in {n}") for i, n in regions]
    e += [(f"power-fortified:{i}", f"Recruit in {n}, one Fortified") for i, n in regions]
    e += [(f"monster:{m.id}", f"Roll the Monster Die for the {m.name}") for m in c.monsters]
    e += [(f"mmove:{i}", f"Move the Monster to {n}") for i, n in regions]
    e += [("mode:move", "The Monster moves"), ("mode:action", "The Monster attacks its Region")]
    e += [(f"attr:{a}", f"Raise {a.capitalize()}") for a in ATTRIBUTES]
    e += [(f"zap:{h.id}", f"Thunder of Zeus strikes {h.name}") for h in c.heroes]
    e += [(f"injure:{a}", f"Take the Injury on {a.capitalize()}") for a in ATTRIBUTES]
    for m in c.monsters:
        e += [(f"exile:{m.id}>{i}", f"Exile the {m.name} to {n}") for i, n in regions]
    for a in c.regions:
        e += [
            (f"fly:{a.id}>{b.id}", f"Move a Hoplite from {a.name} to {b.name}")
            for b in c.regions
            if b.index != a.index
        ]
    e.append(("fly:none", "Move no Hoplite"))
    return e


TABLE = ChoiceTable(_entries())
