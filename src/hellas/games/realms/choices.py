"""Every choice key Fantasy Realms can offer, numbered once and for all.

Turn keys: ``draw``, ``take:CARD``, ``discard:CARD``, ``afterlife:CARD``, the Oracle at Delphi's
``bottom:CARD`` / ``keep``, the Fates' ``name:SUIT-OR-TAG``, the Sacrificial Altar's
``altar:HERO`` / ``altar:none``.  Endgame keys (manual endgame) are the solver's decision keys,
such as ``clear:moly=pomegranate`` or ``add:athena=theseus/clever``.
"""

from __future__ import annotations

from hellas.core.game import ChoiceTable
from hellas.games.realms.content import HERO, MONSTER, SUITS, TAGS, deck


def _of(name: str) -> str:
    """Return a card name in the possessive: "Athena's", "Winged Sandals'"."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _entries() -> list[tuple[str, str]]:
    cards = deck().cards
    ids = [c.id for c in cards]
    name = {c.id: c.name for c in cards}
    heroes = [c.id for c in cards if c.suit == HERO]
    e: list[tuple[str, str]] = [("draw", "Draw the top card of the deck")]
    e += [(f"take:{i}", f"Take {name[i]} from the discard area") for i in ids]
    e += [(f"discard:{i}", f"Discard {name[i]} to the discard area") for i in ids]
    e += [(f"afterlife:{i}", f"Discard {name[i]} to your Afterlife") for i in ids]
    e += [(f"bottom:{i}", f"Put {name[i]} on the bottom of the deck") for i in ids]
    e.append(("keep", "Put the rest back on top in their order"))
    e += [(f"name:{w}", f"Name {w.capitalize()}") for w in (*SUITS, *TAGS)]
    e += [(f"altar:{h}", f"Send {name[h]} to the Afterlife and draw a replacement") for h in heroes]
    e.append(("altar:none", "Send no Hero to the Afterlife"))
    # -- the endgame's decisions (manual endgame) --
    for c in cards:
        if c.clear_bonus:
            e.append((f"clear:{c.id}=none", f"Do not use {_of(c.name)} power to clear a penalty"))
            e += [
                (f"clear:{c.id}={t.id}", f"{c.name} clears the penalty of {t.name}")
                for t in cards
                if t.has_penalty
                and t.id != c.id
                and (c.clear_bonus == "any-penalty" or t.suit == MONSTER)
            ]
        if c.clear_penalty:
            e.append((f"resolve:{c.id}", f"Resolve {_of(c.name)} penalty now"))
        if c.add_tag:
            e.append((f"add:{c.id}=none", f"Do not use {_of(c.name)} power to add a tag"))
            e += [
                (f"add:{c.id}={h}/{t}", f"{c.name} adds {t.capitalize()} to {name[h]}")
                for h in heroes
                for b, t in enumerate(TAGS)
                if c.add_tag >> b & 1
            ]
        if c.omega:
            e.append((f"omega:{c.id}", f"Resolve {_of(c.name)} endgame penalty now"))
            if c.omega.kind == "defeat":
                e.append((f"face:{c.id}=stop", f"Let a Hero able to defeat {c.name} face it"))
                e += [
                    (f"face:{c.id}={h}", f"Send {name[h]} to face {c.name} (and die)")
                    for h in heroes
                ]
    e += [(f"dionysus:{h}", f"Dionysus strips {_of(name[h])} tags and bonus") for h in heroes]
    e += [(f"heracles:{h}", f"Heracles sends {name[h]} to the Afterlife") for h in heroes]
    e += [
        (f"pomegranate:{c.id}", f"The Pomegranate sends {c.name} to the Afterlife")
        for c in cards
        if c.suit == 0
    ]
    e.append(("helm:none", "Do not use the Helm of Hades"))
    e += [(f"helm:{h}", f"The Helm of Hades saves {name[h]}") for h in heroes]
    return e


TABLE = ChoiceTable(_entries())
