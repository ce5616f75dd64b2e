"""Every choice key Lords of Hellas can offer, with its stable index and a label."""

from __future__ import annotations

from hellas.core.game import ChoiceTable
from hellas.games.lords.content import Content
from hellas.games.lords.state import SPECIALS

MAX_WOUNDS = 12  # Wound symbols on one tray, Evolutions included
# the Special Actions by the names on the board, for "Build Monument, taking March once more ..."
SPECIAL_TITLES = {
    "recruit": "Recruit",
    "march": "March",
    "temple": "Build a Temple",
    "prepare": "Prepare",
    "usurp": "Usurp",
    "hunt": "Hunt",
}


def _entries(c: Content) -> list[tuple[str, str]]:
    regions = [(r.id, r.name) for r in c.regions]
    e: list[tuple[str, str]] = []
    e += [(f"hero:{h.id}", f"Choose {h.name}") for h in c.heroes]
    e += [(f"start:{i}", f"Start in {n} with 2 Hoplites") for i, n in regions]
    e += [(f"place:{i}", f"Put your Hero in {n}") for i, n in regions]
    e.append(("place:stay", "Leave your Hero where it is"))
    e += [(f"artifact:{a.id}", f"Use {a.name}: {a.effect}") for a in c.artifacts]
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
    e += [  # the 2-player rule: one used Special Action once more, before Build Monument
        (
            f"first:{SPECIALS[a]}",
            f"Build Monument, taking {SPECIAL_TITLES[SPECIALS[a]]} once more before it",
        )
        for a in range(len(SPECIALS))
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
        ("tactical:withdraw", "Tactical Withdrawal: withdraw now, with no Casualties of yours"),
        ("tactical:stay", "Tactical Withdrawal: stay in the Battle"),
    ]
    e += [(f"withdraw:{i}", f"Withdraw to {n}") for i, n in regions]
    e.append(("pass", "Pass (play no more Combat Cards in this Battle)"))
    for card in c.combat:
        deaths = f"{card.casualties} {'casualty' if card.casualties == 1 else 'casualties'}"
        text = f"{card.name} ({card.symbol}, Strength {card.strength}, {deaths})"
        e.append((f"card:{card.id}", f"Play {text}"))
        e.append((f"discard:{card.id}", f"Discard {text}"))
        e.append((f"keep:{card.id}", f"Keep {text}"))
        e.append((f"wrath:{card.id}", f"Hero's Wrath: discard {text}"))
        e.append((f"shoot:{card.id}", f"Shoot to Kill: discard {text}"))
        if card.kind != "deck":  # a reusable card (Relic ...): played, then marked used
            e.append((f"play:{card.id}", f"Play your {text} (it stays yours, used)"))
    e += [("wrath:none", "Do not use Hero's Wrath"), ("lose", "Lose a Hoplite instead")]
    e += [(f"hunt:{m.id}", f"Special Action: Hunt the {m.name}") for m in c.monsters]
    e.append(("end-attack", "Stop attacking (with no Wound dealt this round the Hunt ends)"))
    for card in c.combat:
        text = f"{card.name} ({card.symbol}, Strength {card.strength})"
        e.append((f"hit:{card.id}", f"Wound the Monster with {text}"))
        e.append((f"any:{card.id}", f"Use {text} for a Wound of any type"))
        e.append((f"with:{card.id}", f"... together with {text}"))
        e.append((f"shield:{card.id}", f"Defend with {text}: take 1 Injury, draw 1"))
    e += [(f"wound:{i}", f"Cover Wound symbol {i + 1} of the tray") for i in range(MAX_WOUNDS)]
    e += [
        (f"mattack:{a.id}", f"Make the Monster use {a.name} (Monster Attack)")
        for a in c.attack_cards
    ]
    e.append(("take", "Do not defend: suffer the Monster Attack, draw 1 Combat Card"))
    e += [
        ("reward:monster", "Take the Monster's Artifact"),
        ("reward:priest", "Take a Priest"),
        ("reward:artifact", "Take a Neutral Artifact"),
    ]
    e += [(f"strike:{m.id}", f"Wound the {m.name}") for m in c.monsters]
    e.append(("strike:none", "Kill 2 enemy Hoplites instead"))
    e.append(("quest:none", "Do not start the Quest"))
    e += [(f"quest:{k}", f"Start the Quest at Quest Step {k}") for k in (1, 2, 3)]
    e.append(("quest-step", "Move your Hero one Quest Step (instead of Hero Movement)"))
    e += [
        (f"quest-card:{q.id}", f"Discard the Quest card {q.name} for its reward") for q in c.quests
    ]
    e += [(f"artifact-keep:{a.id}", f"Keep {a.name}: {a.effect}") for a in c.artifacts]
    e += [(f"glory:{land}", f"Take the {land} Glory Token") for land in c.land_ids]
    e += [(f"to3:{a}", f"Raise {a.capitalize()} to 3") for a in c.attributes]
    e += [(f"untoken:{a}", f"Take the Used Action Token off {a.capitalize()}") for a in SPECIALS]
    for m in c.monsters:
        e += [(f"thread:{m.id}>{i}", f"Lead the {m.name} to {n}") for i, n in regions]
    e.append(("heracles:none", "Keep your Glory Tokens"))
    e += [
        (f"heracles:{land}", f"Give back the {land} Glory Token for 2 Neutral Artifacts (keep 1)")
        for land in c.land_ids
    ]
    e += [(f"recruit:{r.id}", f"Recruit a Hoplite in {r.name}") for r in c.regions if r.city]
    e += [
        (f"recruit-fortified:{r.id}", f"Recruit a Fortified Hoplite in {r.name}")
        for r in c.regions
        if r.city
    ]
    e += [(f"mobilize:{i}", f"Mobilization: 2 Hoplites in {n}") for i, n in regions]
    e += [(f"march:{i}", f"March from {n}") for i, n in regions]
    e += [(f"to:{i}", f"March to {n}") for i, n in regions]  # a whole sentence in the log
    e += [(f"murder:{i}", f"Murderous March: lose 2 Hoplites, go to {n}") for i, n in regions]
    e += [("prep:draw", "Draw a Combat Card"), ("prep:recruit", "Recruit a Hoplite by your Hero")]
    e += [(f"prep:heal-{a}", f"Heal your {a.capitalize()} Injury") for a in c.attributes]
    e += [(f"usurp:{k}", f"Recruit {k} Hoplite(s)") for k in range(4)]
    e += [(f"usurp-fortified:{k}", f"Recruit {k} Hoplite(s), one Fortified") for k in range(1, 4)]
    e += [(f"power:{i}", f"Recruit in {n}") for i, n in regions]
    e += [(f"power-fortified:{i}", f"Recruit in {n}, one Fortified") for i, n in regions]
    e += [(f"monster:{m.id}", f"Roll the Monster Die for the {m.name}") for m in c.monsters]
    e += [(f"mmove:{i}", f"Move the Monster to {n}") for i, n in regions]
    e += [("mode:move", "The Monster moves"), ("mode:action", "The Monster attacks its Region")]
    e += [(f"attr:{a}", f"Raise {a.capitalize()}") for a in c.attributes]
    e += [(f"zap:{h.id}", f"Thunder of Zeus strikes {h.name}") for h in c.heroes]
    e += [(f"victim:{h.id}", f"Kill a Hoplite of {h.name}'s army") for h in c.heroes]
    e += [(f"mtarget:{i}", f"The Monster strikes {n} too") for i, n in regions]
    e += [(f"injure:{a}", f"Take the Injury on {a.capitalize()}") for a in c.attributes]
    e += [(f"lower:{a}", f"Lower {a.capitalize()} by 1 for good") for a in c.attributes]
    for m in c.monsters:
        e += [(f"exile:{m.id}>{i}", f"Exile the {m.name} to {n}") for i, n in regions]
    for a in c.regions:
        e += [
            (f"fly:{a.id}>{b.id}", f"Move a Hoplite from {a.name} to {b.name}")
            for b in c.regions
            if b.index != a.index
        ]
    e.append(("fly:none", "Move no Hoplite"))
    # a "Use when ..." Artifact offered at its moment (Hades' Helmet, the Palladium): not used now
    e += [(f"keep-artifact:{a.id}", f"Keep {a.name} for later") for a in c.artifacts]
    return e


def table(c: Content) -> ChoiceTable:
    """Return the choice table of a game's content (built once per content value).

    The keys and their order follow the configured Regions, Heroes, cards, Monsters and
    Artifacts, so a content pack that adds records gets a table of its own; for a given
    configuration the table is always the same.
    """
    found: ChoiceTable | None = c.derived.get("table")
    if found is None:
        from hellas.games.lords.fx import entries  # noqa: PLC0415
        from hellas.games.lords.hooks import all_entries, modules_of  # noqa: PLC0415

        extra = all_entries(c, modules_of(",".join(c.modules)))
        rows = _entries(c) + extra
        known = {key for key, _ in rows}
        rows += [(key, label) for key, label in entries(c) if key not in known]
        found = c.derived["table"] = ChoiceTable(rows)
    return found
