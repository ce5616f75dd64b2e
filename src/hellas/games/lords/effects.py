"""The card effect vocabulary: typed triggers, conditions and effects, as data the rules run.

A card record (a Blessing, a reusable Combat Card such as a Relic or a Training card, a
Construct, an Opportunity card) may carry ``effects``: a list of clauses, each

    {when = "<trigger>", if = {<condition> = <value>, ...}, do = [{<effect> = <value>}, ...]}

``when`` says at which point of the rules the clause runs, ``if`` (optional) what must hold then,
``do`` what happens, in order.  The rules call the points (``fire``, ``battle_strength``,
``battle_played``, ``after_battle``, ``actions``); nothing here knows a card by name, so a new
card of these kinds is a record, not code.  Every name and value is checked when the content is
read, with errors naming file, record and field (``effects[0].do[1]``).  An effect that needs a
decision (which Artifact to charge, whose Hoplite dies) asks its player through a small frame;
effects run one after another through an ``fx`` frame, so each decision comes in its turn.

The tables below are the documentation of the vocabulary (``docs/rules/lords-content-packs.md``
lists them with examples); ``describe`` turns a clause into a sentence for card faces.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hellas.core.content import Fields

# trigger -> what it means (who "you" is: the card's holder)
TRIGGERS: dict[str, str] = {
    "received": "when you receive the card",
    "turn-start": "at the beginning of each of your turns",
    "action": "as a choice on your turn (a Blessing: any number of times while its 'if' holds)",
    "battle-strength": "while Army Strength is counted in a Battle you fight",
    "battle-played": "when you play the card in a Battle",
    "after-battle": "after a Battle you fought",
    "temple-built": "when you perform the Build Temple Special Action",
}
# condition -> (value type, meaning)
CONDITIONS: dict[str, tuple[type, str]] = {
    "controls-more-regions": (bool, "you control more Regions than your opponent"),
    "controls-a-land": (bool, "you control every Region of a Land"),
    "dead-at-least": (int, "at least N Hoplites were killed in this Battle"),
    "attacking": (bool, "you are the attacker"),
    "hero-in-region": (bool, "your Hero stands in the Battle's Region"),
    "priests-at-least": (int, "you have at least N Priests in your Priest Pool"),
    "healthy-at-least": (int, "your Hero can take at least N more Injuries"),
    "used-artifact": (bool, "you hold an Artifact that is not charged"),
    "used-token": (bool, "a Used Action Token lies on one of your Special Actions"),
    "holds-symbol": (str, "you hold a Combat Card with this symbol"),
}
# effect -> (value type, triggers it may run at, meaning)
ANYTIME = ("received", "turn-start", "action", "after-battle", "temple-built")
EFFECTS: dict[str, tuple[type, tuple[str, ...], str]] = {
    "draw": (int, ANYTIME, "draw N Combat Cards"),
    "priest": (int, ANYTIME, "add N Priests to your Priest Pool"),
    "sacrifice-priest": (int, ANYTIME, "sacrifice N Priests from your Priest Pool"),
    "injure-self": (int, ANYTIME, "your Hero takes N Injuries (you pick the Attributes)"),
    "heal": (int, ANYTIME, "heal N of your Hero's Injuries (you pick)"),
    "charge-artifact": (int, ANYTIME, "charge N of your used Artifacts (you pick)"),
    "may-charge-artifact": (int, ANYTIME, "you may charge N of your used Artifacts"),
    "untoken": (int, ANYTIME, "take up to N Used Action Tokens off your Special Actions"),
    "raise-attribute": (int, ANYTIME, "raise N times one Attribute of your choice by 1"),
    "discard-symbol": (str, ANYTIME, "discard a Combat Card with this symbol (you pick)"),
    "kill-other": (int, ANYTIME, "kill N Hoplites of other players (you pick whose, where)"),
    "others-remove-hoplites": (
        int,
        ANYTIME,
        "every other player removes N Hoplites from the game (supply first, then their pick)",
    ),
    "recruit-hero": (int, ANYTIME, "Recruit N Hoplites in your Hero's Region (no enemy there)"),
    "army-strength": (int, ("battle-strength",), "+N Army Strength"),
    "army-strength-attribute": (
        str,
        ("battle-strength",),
        "+ your Hero's value of this Attribute (an Injured one counts 1) to Army Strength",
    ),
    "opponent-casualties": (int, ("battle-played",), "your opponent adds N to their Casualties"),
    "opponent-discard-to": (
        int,
        ("after-battle",),
        "your opponent discards Combat Cards down to N",
    ),
    # the Trojan Horse's own procedure (a March with a Battle bonus), written by the Orichalkum
    # module: a named code hook, for a Construct
    "march-to-city": (int, ("action",), "March to a neighbouring City/Sparta, +N in its Battle"),
}
# the effects a module writes (name -> runner registered at import of the module)
HOOKED = {"march-to-city": "orichalkum"}
Runner = Callable[[Any, int, int, Any], None]  # (state, seat, value, the fx frame)
_HOOKS: dict[str, Runner] = {}


@dataclass(frozen=True, slots=True)
class Clause:
    """One ``{when, if, do}`` clause of a card."""

    when: str
    conditions: tuple[tuple[str, Any], ...]
    effects: tuple[tuple[str, Any], ...]


def register(name: str, runner: Runner) -> None:
    """Give a module's effect (``HOOKED``) its code: ``runner(s, seat, value, context)``."""
    _HOOKS[name] = runner


def _value(f: Fields, where: str, name: str, kind: type, value: Any) -> Any:
    ok = isinstance(value, kind) and (kind is not int or not isinstance(value, bool))
    if not ok:
        raise f.error(where, f"{name} needs {kind.__name__}, got {value!r}")
    if kind is int and not 0 <= value <= 20:
        raise f.error(where, f"{name} needs a whole number 0-20, got {value!r}")
    return value


def parse(
    f: Fields, field: str = "effects", allowed: Sequence[str] = (), hooked: Sequence[str] = ()
) -> tuple[Clause, ...]:
    """Read and check a record's clauses; errors name the clause and effect by position.

    ``allowed``: the triggers this kind of card may use (empty: all); ``hooked``: the module
    effects (``HOOKED``) it may use (a Construct's ``march-to-city``).
    """
    raw = f.raw(field, [])
    if not isinstance(raw, list):
        raise f.error(field, "expected a list of {when, if, do} clauses")
    out = []
    for i, clause in enumerate(raw):
        where = f"{field}[{i}]"
        if not isinstance(clause, Mapping):
            raise f.error(where, "expected a table {when = ..., if = {...}, do = [...]}")
        unknown = sorted(set(clause) - {"when", "if", "do"})
        if unknown:
            raise f.error(f"{where}.{unknown[0]}", "is not a clause field (when, if, do)")
        when = clause.get("when")
        triggers = [t for t in TRIGGERS if not allowed or t in allowed]
        if when not in triggers:
            raise f.error(
                f"{where}.when", f"unknown trigger {when!r} (known: {', '.join(triggers)})"
            )
        conditions = clause.get("if", {})
        if not isinstance(conditions, Mapping):
            raise f.error(f"{where}.if", "expected a table of conditions")
        checked = []
        for name, value in conditions.items():
            if name not in CONDITIONS:
                known = ", ".join(CONDITIONS)
                raise f.error(f"{where}.if.{name}", f"unknown condition (known: {known})")
            checked.append(
                (name, _value(f, f"{where}.if.{name}", name, CONDITIONS[name][0], value))
            )
        todo = clause.get("do")
        if not isinstance(todo, list) or not todo:
            raise f.error(f"{where}.do", "expected a list of effects, e.g. [{draw = 1}]")
        effects = []
        for j, effect in enumerate(todo):
            at = f"{where}.do[{j}]"
            if not isinstance(effect, Mapping) or len(effect) != 1:
                raise f.error(at, "expected one effect, e.g. {draw = 1}")
            ((name, value),) = effect.items()
            if name not in EFFECTS:
                raise f.error(at, f"unknown effect {name!r} (known: {', '.join(EFFECTS)})")
            kind, triggers_ok, _ = EFFECTS[name]
            if name in HOOKED and name not in hooked:
                raise f.error(at, f"{name} is a {HOOKED[name]} card's own effect, not this card's")
            if when not in triggers_ok:
                raise f.error(at, f"{name} cannot run {TRIGGERS[str(when)]} ({when})")
            effects.append((name, _value(f, at, name, kind, value)))
        out.append(Clause(str(when), tuple(checked), tuple(effects)))
    return tuple(out)


def describe(clauses: Sequence[Clause]) -> str:
    """Return the clauses in words (for cards that bring no text of their own)."""
    parts = []
    for c in clauses:
        when = TRIGGERS[c.when]
        cond = " and ".join(
            CONDITIONS[name][1].replace("N", str(v)).replace("this symbol", str(v))
            for name, v in c.conditions
        )
        does = "; ".join(
            EFFECTS[name][2].replace("N", str(v)).replace("this symbol", str(v))
            for name, v in c.effects
        )
        parts.append(f"{when.capitalize()}{', if ' + cond if cond else ''}: {does}.")
    return " ".join(parts)
