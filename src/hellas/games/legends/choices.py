"""Every choice key Legends of Hellas can offer, with its stable index and a label.

Keys are short, stable text (``fight:guile``, ``move:minotaur+lamia``, ``oracle.next:arms``)
that round-trip through records; the table numbers them once and for all for RL action masks.
"""

from __future__ import annotations

from itertools import combinations

from hellas.core.game import Choice, ChoiceTable
from hellas.games.legends.content import ATTRIBUTES, CARD_TITLES, CARD_TYPES, a_card, content


def _slot_names() -> list[tuple[str, str]]:
    """Return (key name, title) for every slot that can ever be on the table."""
    monsters = content().monsters
    out = [(m.id, f"the {m.name}") for m in monsters]
    for a, b in combinations(range(len(monsters)), 2):
        out.append(
            (
                f"{monsters[a].id}+{monsters[b].id}",
                f"the Chimera ({monsters[a].name} + {monsters[b].name})",
            )
        )
    out.append(("hades", "Hades"))
    return out


def _entries() -> list[tuple[str, str]]:
    c = content()
    slots = _slot_names()
    e: list[tuple[str, str]] = [("wait", "Wait: let another hero place their disc first")]
    e += [(f"place:{k}", f"Place your hero disc on {t}") for k, t in slots]
    e += [(f"move:{k}", f"Move to {t} (then discard 1 card)") for k, t in slots]
    e += [(f"fight:{a}", f"Fight: play {a_card(i)} card") for i, a in enumerate(ATTRIBUTES)]
    e += [
        (f"fight:divine={a}", f"Fight: play a divine intervention as {CARD_TITLES[i]}")
        for i, a in enumerate(ATTRIBUTES)
    ]
    e.append(("fight:slay", "Fight: play a divine intervention sideways to slay the monster"))
    e += [
        (f"special:{t}", f"Special ability: play {a_card(i)} card face-down as your colour")
        for i, t in enumerate(CARD_TYPES)
    ]
    e.append(("recover", "Recover: draw up to 5 cards, then discard 1"))
    e.append(("draw", "Draw a card"))
    e.append(("stop", "Stop drawing"))
    e += [(f"discard:{t}", f"Discard {a_card(i)} card") for i, t in enumerate(CARD_TYPES)]
    e += [(f"support:{h.id}", f"Support {h.name}: give them one or more cards") for h in c.heroes]
    e += [(f"give:{t}", f"Give {a_card(i)} card") for i, t in enumerate(CARD_TYPES)]
    e.append(("done", "Done giving cards"))
    e.append(("oracle", "Consult the Oracle: reveal the top 6 cards of the draw deck"))
    e += [
        (f"oracle.discard:{t}", f"Discard the revealed {CARD_TITLES[i]} card")
        for i, t in enumerate(CARD_TYPES)
    ]
    e += [
        (f"oracle.next:{t}", f"Put {a_card(i)} card back next (from the top)")
        for i, t in enumerate(CARD_TYPES)
    ]
    return e


TABLE = ChoiceTable(_entries())

WAIT = TABLE["wait"]
PLACE = {k: TABLE[f"place:{k}"] for k, _ in _slot_names()}
MOVE = {k: TABLE[f"move:{k}"] for k, _ in _slot_names()}
FIGHT = tuple(TABLE[f"fight:{a}"] for a in ATTRIBUTES)
DIVINE_AS = tuple(TABLE[f"fight:divine={a}"] for a in ATTRIBUTES)
SLAY = TABLE["fight:slay"]
SPECIAL = tuple(TABLE[f"special:{t}"] for t in CARD_TYPES)
RECOVER = TABLE["recover"]
DRAW = TABLE["draw"]
STOP = TABLE["stop"]
DISCARD = tuple(TABLE[f"discard:{t}"] for t in CARD_TYPES)
SUPPORT = tuple(TABLE[f"support:{h.id}"] for h in content().heroes)
GIVE = tuple(TABLE[f"give:{t}"] for t in CARD_TYPES)
DONE = TABLE["done"]
ORACLE = TABLE["oracle"]
ORACLE_DISCARD = tuple(TABLE[f"oracle.discard:{t}"] for t in CARD_TYPES)
ORACLE_NEXT = tuple(TABLE[f"oracle.next:{t}"] for t in CARD_TYPES)


def parse(choice: Choice) -> tuple[str, str]:
    """Split a key into its verb and argument (``"fight:guile"`` -> ``("fight", "guile")``)."""
    verb, _, arg = choice.key.partition(":")
    return verb, arg
