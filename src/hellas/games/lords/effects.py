"""The card effect vocabulary: typed triggers, conditions and effects, as data the rules run.

Every card that does something carries ``effects``: a list of clauses, each

    {when = "<trigger>", if = {<condition> = <value>, ...}, do = [{<effect> = <value>}, ...]}

``when`` says at which point of the rules the clause runs (or under which choice it is offered),
``if`` (optional) what must hold then, ``do`` what happens, in order.  The kinds of cards and
where they keep their clauses: Blessings, Artifacts, Combat Cards (Relics, Training cards),
Constructs and Opportunity cards (``effects``), Monster Attack cards (``effects``), a Monster's
Special Attack (``special``), Evolutions (``[[evolution]]`` records), Quest rewards
(``[[reward]]`` records) and Heroes' bonuses and abilities (``[[ability]]`` records).  The
rules call the trigger points (``fx.py``); nothing there knows a card by name, so a new card of
these kinds is a record, not code.  Every name and value is checked when the content is read,
with errors naming file, record and field (``effects[0].do[1]``).

The tables below are the documentation of the vocabulary (``docs/rules/lords-content-packs.md``
lists them); ``describe`` turns clauses into sentences for cards that bring no words.  A module
adds an effect or condition only it can run (``HOOKED``: the Trojan Horse's March, Sea Raiders,
the Trident, the Siren's capture ...) by registering its code at import (``register``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hellas.core.content import Fields

# -- triggers: trigger -> (meaning, the card kinds that may use it) ----------------------------

B, A, C = "blessing", "artifact", "card"  # Blessings, Artifacts, Combat Cards (Relics ...)
K, OP = "construct", "opportunity"
T, S, E, R = "attack", "special", "evolution", "reward"
H = "hero"  # a Hero's starting bonus and special ability ([[ability]] of heroes.toml)
TRIGGERS: dict[str, tuple[str, tuple[str, ...]]] = {
    "received": ("when you receive the card", (B,)),
    "turn-start": ("at the beginning of each of your turns", (B, H)),
    "action": ("as a choice on your turn, while its conditions hold", (B, K, OP)),
    "instead-hero-move": ("instead of your Hero Movement", (B,)),
    "instead-hoplite-move": ("instead of your Hoplite Movement", (B,)),
    "instead-prayer": ("instead of your Prayer", (B,)),
    "special-action": ("as a Special Action", (B,)),
    "use": ("with the Use Artifacts Regular Action", (A,)),
    "passive": ("while you hold the card (a rule it changes)", (B, C, H)),
    "after-hero-move": ("after your Hero Movement", (B, H)),
    "after-march": ("after your March (its Region: the one the Army left)", (B, H)),
    "prepare-done": ("after your Prepare Special Action", (B, H)),
    "temple-built": ("when you perform the Build Temple Special Action", (B, H)),
    "monument-built": ("whenever any player builds a Monument", (B, H)),
    "attacked": ("before a Battle in which you defend, first of all", (B, H)),
    "battle-start": ("before a Battle you fight", (B, H)),
    "battle-before": ("in a Battle you fight, before its first Combat Card", (A,)),
    "battle-use": ("in a Battle you fight, whenever you may play a card", (A,)),
    "battle-strength": ("while Army Strength is counted in a Battle you fight", (B, C, H)),
    "battle-played": ("when you play the card in a Battle", (C,)),
    "card-played": ("after you play a Combat Card in a Battle", (B, H)),
    "battle-won": ("when you win a Battle", (B, H)),
    "battle-lost": ("when you lose a Battle (use the Artifact then, or keep it)", (A,)),
    "after-battle": ("after a Battle you fought", (B, C)),
    "hunt-start": ("when you start a Hunt", (B, H)),
    "hunt-attack": ("while you attack in a Hunt (a Blessing: once per Hunt)", (B, A, C)),
    "hunt-defend": ("while you defend in a Hunt (a Blessing: once per Hunt)", (B, A, C)),
    "hunt-defended-with": ("when the card defends against a Monster Attack", (C,)),
    "injured": ("when your Hero suffers an Injury (use the Artifact then, or keep it)", (A,)),
    "undefended": ("when the hunter does not defend against the Monster Attack", (T, S, E)),
    "attack-strength": ("while a Monster Attack card's Strength is counted", (E,)),
    "hunt-allowed": ("when a Hero would Hunt the Monster: it may only if these hold", (E,)),
    "monster": ("while the Evolve card lies by the Monster (a rule it changes)", (E,)),
    "completed": ("when you complete the Quest", (R,)),
    "kept": ("when you discard the Quest card you kept, on a later turn", (R,)),
    # a Hero's: while the game is set up (only the effects that name these triggers)
    "hero-chosen": ("when you choose the Hero", (H,)),
    "hero-placed": ("when you place the Hero and its Hoplites at the start", (H,)),
}
# offers: the triggers whose clause is a choice, and the prefix of its key (``<prefix>:<id>``;
# an Artifact's is always ``artifact:<id>``); ``kept`` is offered as ``quest-card:<quest id>``
OFFERS = {
    "action": "use",
    "instead-hero-move": "alt",
    "instead-hoplite-move": "alt",
    "instead-prayer": "use",
    "special-action": "use",
    "use": "artifact",
    "battle-before": "artifact",
    "battle-use": "artifact",
    "hunt-attack": "use",
    "hunt-defend": "use",
}

# -- value kinds -------------------------------------------------------------------------------
# int: a whole number 0-20; flag: true/false; symbol: a Combat Card symbol; attribute: an
# Attribute id; amount: a number or an Attribute id (your Hero's value of it); reach: a number
# of Regions or "any"; place: {region = "<id>", most = N}; attributes: a list of Attribute ids
KINDS = ("int", "flag", "symbol", "attribute", "amount", "reach", "place", "attributes")

# -- conditions: name -> (value kind, meaning); "N"/"X" stand for the value --------------------
CONDITIONS: dict[str, tuple[str, str]] = {
    "controls-more-regions": ("flag", "you control more Regions than your opponent"),
    "controls-a-land": ("flag", "you control every Region of a Land"),
    "dead-at-least": ("int", "at least N Hoplites were killed in this Battle"),
    "attacking": ("flag", "you are the attacker"),
    "hero-in-region": ("flag", "your Hero stands in the Battle's Region"),
    "hero-next-to-battle": ("flag", "your Hero stands next to the Battle's Region"),
    "outnumbered": ("flag", "your opponent has more Hoplites than you in the Battle's Region"),
    "fortified-here": ("flag", "your Fortified Hoplite stands in the Battle's Region"),
    "city-battle": ("flag", "the Battle's Region has a City or Sparta"),
    "priests-at-least": ("int", "you have at least N Priests in your Priest Pool"),
    "healthy-at-least": ("int", "your Hero can take at least N more Injuries"),
    "injured": ("flag", "your Hero has an Injury"),
    "cards-at-most": ("int", "you hold at most N Combat Cards"),
    "supply-at-least": ("int", "you have at least N Hoplites in your supply"),
    "used-artifact": ("flag", "you hold an Artifact that is not charged"),
    "used-token": ("flag", "a Used Action Token lies on one of your Special Actions"),
    "holds-symbol": ("symbol", "you hold a Combat Card with the symbol X"),
    "hero-at-temple": ("flag", "your Hero stands in a Region with a Temple"),
    "hero-region-neutral": ("flag", "your Hero stands in a Neutral Region"),
    "enemies-with-hero": ("flag", "enemy Hoplites stand in your Hero's Region"),
    "hunt-start": ("flag", "the Hunt is at its start (no attack made yet)"),
    "defending-with-cards": ("flag", "you have offered cards against this Monster Attack"),
    "wounds-at-least": ("int", "the Monster has at least N Wounds"),
    "first-attack": ("flag", "it is the Hunt's first Monster Attack"),
}
# <attribute>-at-least / <attribute>-below: your Hero's value now (an Injured one counts 1)
ATTRIBUTE_CONDITIONS = ("-at-least", "-below")

# -- effects: name -> (value kind, triggers it may run at, meaning) -----------------------------
# general: every trigger at which things happen (not the counted ones, nor a Monster's)
COUNTED = ("battle-strength", "passive", "attack-strength", "hunt-allowed", "monster")
BATTLE = ("attacked", "battle-start", "battle-before", "battle-use", "card-played", "battle-won")
HUNT = ("hunt-start", "hunt-attack", "hunt-defend", "hunt-defended-with")
# the triggers whose clause answers the rules at once (an Artifact used by itself): only their
# own effects (``swap-winner``, ``ignore-injury``)
ANSWERS = ("battle-lost", "injured")
# while the game is set up: a decision there is the placing player's, taken before play begins
SETUP = ("hero-chosen", "hero-placed")
GENERAL = tuple(
    t for t in TRIGGERS if t not in (*COUNTED, *ANSWERS, *SETUP, "undefended", "battle-played")
)
# on its holder's own turn, out of Battles and Hunts: an effect whose decision the player whose
# turn it is takes (a Region to Recruit in, where a Hero goes ...)
OWN = (
    "turn-start",
    "action",
    "instead-hero-move",
    "instead-hoplite-move",
    "instead-prayer",
    "special-action",
    "use",
    "after-hero-move",
    "after-march",
    "prepare-done",
    "temple-built",
    "completed",
    "kept",
)
EFFECTS: dict[str, tuple[str, tuple[str, ...], str]] = {
    # cards, Priests, the Hero
    "draw": ("int", (*GENERAL, "undefended"), "draw N Combat Cards"),
    "draw-keep": ("int", OWN, "draw N Combat Cards and keep 1 of them"),
    "redraw": ("flag", GENERAL, "discard any of your Combat Cards, then draw as many"),
    "discard-symbol": ("symbol", GENERAL, "discard a Combat Card with the symbol X (you pick)"),
    "priest": ("int", (*GENERAL, *SETUP), "add N Priests to your Priest Pool"),
    "sacrifice-priest": ("int", GENERAL, "sacrifice N Priests from your Priest Pool"),
    "injure-self": ("int", (*GENERAL, "undefended"), "your Hero takes N Injuries (you pick)"),
    "heal": ("int", GENERAL, "heal N of your Hero's Injuries (you pick each)"),
    "recover": ("int", GENERAL, "heal N Injuries (you pick only among several)"),
    "heal-all": ("flag", GENERAL, "heal every Injury of your Hero"),
    "raise": ("attribute", (*GENERAL, *SETUP, "undefended"), "raise your Hero's X by 1 (max 5)"),
    "raise-attribute": ("int", GENERAL, "raise N times one Attribute of your choice by 1"),
    "attribute-to-3": ("flag", OWN, "raise one of your Attributes below 3 to 3"),
    "lower-attribute": ("attribute", GENERAL, "lower your Hero's X by 1 for good (not below 1)"),
    "offer-artifact": (
        "flag",
        GENERAL,
        "give up a Neutral or Monster Artifact: +1 to an Attribute",
    ),
    "draw-blessing": ("flag", GENERAL, "draw a Blessing: keep it for one of yours, or discard it"),
    "attribute-for-action": (
        "int",
        ("use",),
        "one Attribute counts N higher while a Hero Movement, Hoplite Movement or Hunt begins",
    ),
    # Artifacts and tokens
    "charge-artifact": ("int", GENERAL, "charge N of your other used Artifacts (you pick)"),
    "may-charge-artifact": ("int", GENERAL, "you may charge N of your other used Artifacts"),
    "neutral-artifacts": ("int", (*GENERAL, *SETUP), "draw N Neutral Artifacts and keep 1"),
    "glory-for-artifacts": (
        "flag",
        ("turn-start",),
        "you may give back one of your Glory Tokens: draw 2 Neutral Artifacts and keep 1",
    ),
    "glory-of-hero-land": ("flag", SETUP, "take the Glory Token of your Hero's Land"),
    "untoken": ("int", GENERAL, "take up to N Used Action Tokens off your Special Actions"),
    "reset-tokens": ("flag", GENERAL, "take every Used Action Token off your Special Actions"),
    "extra-special": ("int", OWN, "take N more Special Actions this turn"),
    "glory-token": ("int", OWN, "take a Glory Token nobody holds"),
    # Hoplites and Regions
    "recruit-hero": ("int", GENERAL, "Recruit N Hoplites in your Hero's Region (no enemy there)"),
    "recruit-controlled": ("int", OWN, "Recruit N Hoplites in one Region you control"),
    "recruit-city": ("int", OWN, "Recruit N Hoplites in one City or Sparta you control"),
    "recruit-each-city": ("int", GENERAL, "Recruit N Hoplites in every City or Sparta you control"),
    "recruit-there": ("int", GENERAL, "Recruit N Hoplites in the trigger's Region"),
    "recruit-at": ("place", GENERAL, "Recruit up to N Hoplites in a Region (no enemy there)"),
    "move-hoplite": ("reach", OWN, "move one Hoplite up to N Regions"),
    "take-hero-region": ("flag", GENERAL, "take control of your Hero's Region (enemies withdraw)"),
    "kill-other": ("int", GENERAL, "kill N Hoplites of other players (you pick whose, where)"),
    "kill-with-hero": ("int", OWN, "kill N Hoplites in your Hero's Region (you pick whose)"),
    "kill-half-with-hero": ("flag", OWN, "kill half the Hoplites (rounded up) with your Hero"),
    "kill-everywhere": ("int", OWN, "kill N Hoplites in every Region (you pick whose)"),
    "wrath": (
        "int",
        OWN,
        "you may discard a Combat Card: kill N enemy Hoplites with your Hero",
    ),
    "shoot": (
        "int",
        OWN,
        "discard a bow card: kill N enemies with your Hero, or Wound a Monster",
    ),
    "others-remove-hoplites": (
        "int",
        GENERAL,
        "every other player removes N Hoplites from the game (supply first, then their pick)",
    ),
    # Heroes and Monsters on the map
    "place-hero": ("flag", OWN, "put your Hero in any Region"),
    "may-place-hero": ("flag", OWN, "you may put your Hero in any Region"),
    "bars-enemy-hoplites": (
        "flag",
        ("passive",),
        "enemy Hoplites may not enter your Hero's Region unless their own Hero is there",
    ),
    "injure-or-wound": ("flag", OWN, "an enemy Hero takes an Injury, or a Monster a Wound"),
    "exile-monster": ("flag", OWN, "move a Monster from your Hero's Region to any Region"),
    "lead-monster": ("int", OWN, "move a Monster on the Map 1 to N Regions"),
    "monster-phase": ("flag", OWN, "run one more Monster Phase now, deciding every Monster"),
    "hunt": ("flag", OWN, "start a Hunt (a Monster your Hero can hunt)"),
    "hunt-exhausted": ("flag", ("special-action",), "Hunt although its token is down: 1 Injury"),
    # Battles
    "army-strength": ("int", ("battle-strength",), "+N Army Strength"),
    "army-strength-attribute": (
        "attribute",
        ("battle-strength",),
        "+ your Hero's value of X (an Injured one counts 1) to Army Strength",
    ),
    "army-strength-per-card": ("int", ("battle-strength",), "+N per Combat Card you played"),
    "army-strength-lower": (
        "attributes",
        ("battle-strength",),
        "+ the lower of your Hero's X (an Injured one counts 1) to Army Strength",
    ),
    "battle-bonus": ("int", ("battle-before", "battle-use"), "+N Army Strength in this Battle"),
    "card-bonus": ("int", ("battle-use",), "+N to the Combat Card you play in this Battle"),
    "kill-opponent": ("int", BATTLE, "kill N of your opponent's Hoplites in the Battle"),
    "opponent-discard": ("int", BATTLE, "your opponent discards N Combat Cards (their pick)"),
    "opponent-discard-to": ("int", (*BATTLE, "after-battle"), "your opponent discards down to N"),
    "opponent-casualties": ("int", ("battle-played",), "your opponent adds N to their Casualties"),
    "gather-defenders": ("flag", BATTLE, "your Hoplites next to the Battle all move into it"),
    "save-hoplites": ("int", BATTLE, "N of your Hoplites are not killed in this Battle"),
    "casualty-swing": ("int", BATTLE, "ignore N of your Casualties, or add N to your opponent's"),
    "priest-for-strength": ("int", ("card-played",), "you may sacrifice a Priest for +N"),
    "last-card": ("flag", ("battle-played",), "your opponent may play 1 more card, then both pass"),
    "swap-winner": ("flag", ("battle-lost",), "your enemy withdraws instead and takes nothing"),
    "ignore-first-casualties": ("flag", ("passive",), "your first card's Casualties do not count"),
    "attacker-plays-at-most": (
        "int",
        ("passive",),
        "defending: your attacker plays N cards at most",
    ),
    "extra-card-after-pass": ("flag", ("passive",), "once both passed, you may play one more card"),
    "defend-reinforce": (
        "amount",
        ("passive",),
        "defending: bring up to N Hoplites from a neighbour",
    ),
    "copy-enemy-card": ("flag", ("passive",), "played in a Battle, it copies your opponent's last"),
    # rules it changes while you hold it
    "hand-limit": ("int", ("passive",), "your Combat Card limit is N"),
    "population": ("int", ("passive",), "every Region's Population Strength is N lower for you"),
    "usurp-recruits": ("int", ("passive",), "Usurp Recruits up to N Hoplites"),
    "recruit-also": (
        "int",
        ("passive",),
        "Recruit: also Recruit N Hoplites in a Region you control",
    ),
    "march-reach": ("int", ("passive",), "March may move the Army up to N Regions"),
    "march-anywhere-for": ("int", ("passive",), "March: kill N of the Army to go to any Region"),
    "ignore-injury": ("flag", ("injured",), "your Hero does not suffer the Injury"),
    # Hunts
    "wound-with-card": (
        "symbol",
        ("hunt-attack",),
        "with 1 more Combat Card (symbol X): a Wound of any type",
    ),
    "wound-any": ("int", ("hunt-start", "hunt-attack"), "deal N Wounds of any type to the Monster"),
    "wound-symbol": ("symbol", HUNT, "deal a Wound of the symbol X to the Monster"),
    "defence-attribute": ("attribute", ("hunt-defend",), "add your Hero's X to your defence"),
    "defence-bonus": ("int", ("hunt-defend",), "+N to your defence against the Monster Attack"),
    "defend": ("int", ("hunt-defend",), "defend against the Monster Attack; draw N Combat Cards"),
    "pick-attack": ("flag", ("hunt-start", "hunt-attack"), "you pick the next Monster Attack card"),
    # a Monster Attack not defended (with the trigger undefended); the Injuries come last
    "end-hunt": ("flag", ("undefended",), "the Hunt ends at once"),
    "lower-highest": ("int", ("undefended",), "your Hero's highest Attribute drops by N for good"),
    "lower-any": ("int", ("undefended",), "one Attribute of your choice drops by N for good"),
    "discard-to": ("amount", ("undefended",), "discard down to N Combat Cards"),
    "discard-half": ("flag", ("undefended",), "discard half of your Combat Cards (rounded up)"),
    "discard-random": ("int", ("undefended",), "discard N Combat Cards at random"),
    "discard-blessing": ("flag", ("undefended",), "discard one of your Blessings"),
    "discard-artifact": ("flag", ("undefended",), "discard one of your Artifacts"),
    "heal-wound": ("int", ("undefended",), "the Monster heals N Wounds (the last dealt)"),
    "monster-special": ("flag", ("undefended",), "the Monster's Special Attack strikes"),
    # what an Evolve card changes for its Monster
    "attack-strength": ("int", ("attack-strength",), "+N to the Monster Attack card's Strength"),
    "all-attack-strength": ("int", ("monster",), "every Monster Attack card +N while it is out"),
    "attack-draws": ("int", ("monster",), "N more Monster Attack cards to pick from"),
    "hunt-draws": ("attribute", ("monster",), "a Hunt against it draws as many cards as X"),
    "region-attack-plus": ("int", ("monster",), "its Region Attack kills N more Hoplites"),
    "monster-passive": ("symbol", ("monster",), "it gains the passive ability X"),
    # a module's own (``HOOKED``)
    "march-to-city": ("int", ("action",), "March to a neighbouring City/Sparta, +N in its Battle"),
    "sea-raid": ("int", ("instead-hoplite-move",), "Hoplite Movement: N more Hoplites by sea"),
    "kill-half-in-port": ("flag", ("use",), "pick a Port: half of its Hoplites die, rounded up"),
    "capture": ("flag", ("undefended",), "your Hero is held on the Siren's tray"),
    "talos": ("flag", ("undefended",), "Talos' Special Attack"),
    "training-card": ("flag", ("completed",), "you take the Training card"),
}
# the effects and conditions a module writes: name -> (modules, one of them in play; card kinds)
HOOKED: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "march-to-city": (("orichalkum",), (K,)),
    "sea-raid": (("poseidon", "poseidon-simple"), (B,)),
    "kill-half-in-port": (("poseidon", "poseidon-simple"), (A,)),
    "hero-in-port": (("poseidon", "poseidon-simple"), (A, B, K, OP)),
    "capture": (("atlantis",), (S, T)),
    "talos": (("atlantis",), (S, T)),
    "training-card": (("chiron",), (R,)),
}
CONDITIONS["hero-in-port"] = ("flag", "your Hero stands in a Region with a Port")
# The short form of a Monster Attack's effects (a Special Attack or an Attack card), a table such
# as ``{injure = 1, end = 1}``: name -> (effect, its value or None for N, condition or None).
# Each entry is an ``undefended`` clause of its own; the words use these names (texts.toml).
SHORT: dict[str, tuple[str, Any, str | None]] = {
    "injure": ("injure-self", None, None),
    "end": ("end-hunt", True, None),
    "end-if-injured": ("end-hunt", True, "injured"),
    "lower-highest": ("lower-highest", None, None),
    "discard-to-speed": ("discard-to", "speed", None),
    "discard-half": ("discard-half", True, None),
    "discard-random": ("discard-random", None, None),
    "heal-wound": ("heal-wound", None, None),
    "special": ("monster-special", True, None),
    "capture": ("capture", True, None),
    "talos": ("talos", True, None),
    "discard-blessing": ("discard-blessing", True, None),
    "lower-any": ("lower-any", None, None),
    "end-if-strength-below": ("end-hunt", True, "strength-below"),
    "discard-artifact": ("discard-artifact", True, None),
}
Runner = Callable[[Any, Any, int, Any], None]  # (state, fx frame, seat, value)
_HOOKS: dict[str, Callable[..., Any]] = {}


@dataclass(frozen=True, slots=True)
class Clause:
    """One ``{when, if, do}`` clause of a card (``key``/``label``: an offer's own choice)."""

    when: str
    conditions: tuple[tuple[str, Any], ...]
    effects: tuple[tuple[str, Any], ...]
    key: str = ""  # the choice key it is offered under, when not the default <prefix>:<id>
    label: str = ""  # that key's words


@dataclass(frozen=True)
class Known:
    """What values may name when a record is read: Attributes, Regions, the modules in play.

    ``keys``: whether a clause may name its own choice key (the built-in cards whose saved games
    use one; a pack's card is offered under its card's key).
    """

    attributes: tuple[str, ...] = ("leadership", "strength", "speed")
    regions: tuple[str, ...] = ()
    modules: tuple[str, ...] = ()
    passives: tuple[str, ...] = ()
    keys: bool = True


def register(name: str, runner: Callable[..., Any]) -> None:
    """Give a module's effect or condition (``HOOKED``) its code."""
    _HOOKS[name] = runner


def hook(name: str) -> Callable[..., Any]:
    """Return a module's code for its effect or condition (registered at the module's import)."""
    found = _HOOKS.get(name)
    if found is None:
        raise AssertionError(f"{name!r} has no rule in this game's modules")
    return found


def _value(f: Fields, where: str, name: str, kind: str, value: Any, known: Known) -> Any:
    """Check one value of ``kind``; errors name the field."""
    if kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise f.error(where, f"{name} needs int, got {value!r}")
        if not 0 <= value <= 20:
            raise f.error(where, f"{name} needs a whole number 0-20, got {value!r}")
        return value
    if kind == "flag":
        if not isinstance(value, bool):
            raise f.error(where, f"{name} needs bool (true or false), got {value!r}")
        return value
    if kind == "reach" and value == "any":
        return value
    if kind in ("amount", "reach") and isinstance(value, int) and not isinstance(value, bool):
        return _value(f, where, name, "int", value, known)
    if kind == "attributes":
        if not isinstance(value, list) or len(value) < 2 or len(set(map(str, value))) < len(value):
            raise f.error(where, f'{name} needs two or more Attributes, e.g. ["speed", "strength"]')
        return tuple(_value(f, where, name, "attribute", v, known) for v in value)
    if kind == "place":
        if not isinstance(value, Mapping) or set(value) != {"region", "most"}:
            raise f.error(where, f'{name} needs {{region = "<id>", most = N}}, got {value!r}')
        if known.regions and value["region"] not in known.regions:
            raise f.error(where, f"{name}: unknown region {value['region']!r}")
        most = _value(f, where, name, "int", value["most"], known)
        return (str(value["region"]), most)
    if not isinstance(value, str) or not value:
        wanted = {
            "symbol": "str",
            "attribute": "an Attribute",
            "amount": "a number or an Attribute",
        }
        raise f.error(where, f"{name} needs {wanted.get(kind, kind)}, got {value!r}")
    if kind in ("attribute", "amount") and value not in known.attributes:
        raise f.error(where, f"{name}: unknown Attribute {value!r} ({', '.join(known.attributes)})")
    if name == "monster-passive" and known.passives and value not in known.passives:
        raise f.error(where, f"{name}: unknown passive {value!r} ({', '.join(known.passives)})")
    return value


def _condition(f: Fields, where: str, name: str, value: Any, known: Known) -> Any:
    """Check a condition's name and value."""
    spec = CONDITIONS.get(name)
    if spec is None:
        attribute = next(
            (name[: -len(end)] for end in ATTRIBUTE_CONDITIONS if name.endswith(end)), ""
        )
        if attribute not in known.attributes:
            listed = ", ".join([*CONDITIONS, "<attribute>-at-least", "<attribute>-below"])
            raise f.error(where, f"unknown condition (known: {listed})")
        spec = ("int", "")
    return _value(f, where, name, spec[0], value, known)


def _hooked(f: Fields, where: str, name: str, kind: str, known: Known) -> None:
    """Refuse a module's own effect on a card of another kind, or without its module."""
    if name not in HOOKED:
        return
    modules, kinds = HOOKED[name]
    if kind not in kinds:
        raise f.error(where, f"{name} is a {modules[0]} card's own effect, not this card's")
    if known.modules and not set(modules) & set(known.modules):
        raise f.error(where, f"{name} needs the {modules[0]} module in play")


def parse(f: Fields, field: str, kind: str, known: Known | None = None) -> tuple[Clause, ...]:
    """Read and check a record's clauses (``kind``: the card kind, for its triggers).

    Errors name the clause and effect by position, e.g. ``effects[0].do[1]``.
    """
    known = known or Known()
    raw = f.raw(field, [])
    if isinstance(raw, Mapping) and kind in (T, S):
        raw = _short(f, field, raw)
    if not isinstance(raw, list):
        raise f.error(field, "expected a list of {when, if, do} clauses")
    out: list[Clause] = []
    triggers = [t for t, (_, kinds) in TRIGGERS.items() if kind in kinds]
    for i, clause in enumerate(raw):
        where = f"{field}[{i}]"
        if not isinstance(clause, Mapping):
            raise f.error(where, "expected a table {when = ..., if = {...}, do = [...]}")
        unknown = sorted(set(clause) - {"when", "if", "do", "key", "label"})
        if unknown:
            raise f.error(f"{where}.{unknown[0]}", "is not a clause field (when, if, do)")
        when = clause.get("when")
        if when not in triggers:
            raise f.error(
                f"{where}.when", f"unknown trigger {when!r} (known: {', '.join(triggers)})"
            )
        conditions = clause.get("if", {})
        if not isinstance(conditions, Mapping):
            raise f.error(f"{where}.if", "expected a table of conditions")
        checked = []
        for name, value in conditions.items():
            at = f"{where}.if.{name}"
            _hooked(f, at, name, kind, known)
            checked.append((name, _condition(f, at, name, value, known)))
        todo = clause.get("do", [] if when == "hunt-allowed" else None)
        if not isinstance(todo, list) or (not todo and when != "hunt-allowed"):
            raise f.error(f"{where}.do", "expected a list of effects, e.g. [{draw = 1}]")
        effects = []
        for j, effect in enumerate(todo):
            at = f"{where}.do[{j}]"
            if not isinstance(effect, Mapping) or len(effect) != 1:
                raise f.error(at, "expected one effect, e.g. {draw = 1}")
            ((name, value),) = effect.items()
            if name not in EFFECTS:
                raise f.error(at, f"unknown effect {name!r} (known: {', '.join(EFFECTS)})")
            value_kind, triggers_ok, _ = EFFECTS[name]
            _hooked(f, at, name, kind, known)
            if when not in triggers_ok:
                raise f.error(at, f"{name} cannot run {TRIGGERS[str(when)][0]} ({when})")
            effects.append((name, _value(f, at, name, value_kind, value, known)))
        key, label = clause.get("key", ""), clause.get("label", "")
        if (key or label) and not known.keys:
            raise f.error(f"{where}.key", "a card's choice is offered under the card's own key")
        if not isinstance(key, str) or not isinstance(label, str) or (key and not label):
            raise f.error(f"{where}.key", "a key is text with its label (the choice's words)")
        if key and when not in OFFERS:
            raise f.error(f"{where}.key", f"only a choice has a key ({', '.join(OFFERS)})")
        if when in OFFERS and not key and any(c.when == when and not c.key for c in out):
            raise f.error(f"{where}.when", f"a card makes one {when} choice (one clause)")
        if when == "passive" and checked:
            raise f.error(f"{where}.if", "a passive clause has no conditions")
        out.append(Clause(str(when), tuple(checked), tuple(effects), key, label))
    return tuple(out)


def _short(f: Fields, field: str, raw: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Return the clauses a short-form table of Monster Attack effects stands for."""
    out = []
    for name, given in raw.items():
        if name not in SHORT:
            raise f.error(field, f"unknown kind {name!r} (known: {', '.join(SHORT)})")
        value = int(given) if isinstance(given, bool) else given
        if not isinstance(value, int) or value < 0:
            raise f.error(field, f"{name} needs a whole number, got {value!r}")
        effect, fixed, condition = SHORT[name]
        clause: dict[str, Any] = {"when": "undefended"}
        if condition is not None:
            clause["if"] = {condition: True if condition == "injured" else value}
        clause["do"] = [{effect: value if fixed is None else fixed}]
        out.append(clause)
    return out


def short_name(clause: Clause, effect: str, value: Any) -> tuple[str, Any]:
    """Return the short-form name of one effect of an ``undefended`` clause, and its N.

    ("", None) when it has none (a condition or value the short form does not write).
    """
    conditions = dict(clause.conditions)
    for name, (full, fixed, condition) in SHORT.items():
        if full != effect or (fixed is not None and fixed != value):
            continue
        if condition is None and not conditions:
            return name, (value if fixed is None else None)
        if condition is not None and set(conditions) == {condition}:
            n = conditions[condition]
            return name, (None if isinstance(n, bool) else n)
    return "", None


def _words(text: str, value: Any) -> str:
    """Return a meaning with its value in place of N (a number) or X (a name)."""
    if isinstance(value, tuple) and all(isinstance(v, str) for v in value):  # Attributes
        return re.sub(r"\bX\b", " and ".join(value), text)
    if isinstance(value, tuple):  # a place: (region, most)
        return re.sub(r"\bN\b", str(value[1]), text.replace("a Region", value[0]))
    return re.sub(r"\b[NX]\b", str(value), text)


def describe_effect(name: str, value: Any) -> str:
    """Return one effect in words (its meaning, with its value)."""
    return _words(EFFECTS[name][2], value) if name in EFFECTS else name


def describe_condition(name: str, value: Any) -> str:
    """Return one condition in words."""
    if name in CONDITIONS:
        return _words(CONDITIONS[name][1], value)
    attribute, _, end = name.partition("-")
    return (
        f"your {attribute.capitalize()} is {'at least' if end == 'at-least' else 'below'} {value}"
    )


def describe(clauses: Sequence[Clause]) -> str:
    """Return the clauses in words (for cards that bring no text of their own)."""
    parts = []
    for c in clauses:
        when = TRIGGERS[c.when][0]
        cond = " and ".join(describe_condition(name, v) for name, v in c.conditions)
        does = "; ".join(describe_effect(name, v) for name, v in c.effects)
        parts.append(f"{when[:1].upper()}{when[1:]}{', if ' + cond if cond else ''}: {does}.")
    return " ".join(parts)
