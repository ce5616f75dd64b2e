"""What Lords of Hellas cards and pieces do, in words, for card faces, tooltips and the terminal.

The words live in ``data/texts.toml`` (keyed by effect names and ids) next to the records that
carry their own text (Blessings' ``text``, God's Artifacts' ``effect``).  A record with a
non-empty ``text`` attribute always wins, so new records can bring their own words.  Every
function returns plain sentences; ``check()`` lists whatever in play has no words.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from hellas.core.content import read_package_toml
from hellas.games.lords import effects
from hellas.games.lords.content import PACKAGE, CombatCard, Content, Hero, Monster
from hellas.games.lords.effects import Clause

SOURCE = "texts.toml"


@cache
def texts() -> Mapping[str, Mapping[str, str]]:
    """Return the word tables of ``data/texts.toml`` (read once)."""
    data = read_package_toml(PACKAGE, SOURCE)
    return {k: dict(v) for k, v in data.items() if isinstance(v, Mapping)}


def _own(record: Any) -> str:
    """Return a record's own words (``text`` or ``effect``), if it carries any."""
    for name in ("text", "effect"):
        value = getattr(record, name, None)
        if isinstance(value, str) and value and " " in value:
            return value
    return ""


def _line(table: str, key: str, n: int | None = None) -> str:
    """Return the words for ``key`` in ``table``, with ``{n}`` and ``{s}`` filled in."""
    text = texts().get(table, {}).get(key, "")
    if n is None:
        return text
    one = n == 1
    text = text.replace("{n}", str(n)).replace("{s}", "" if one else "s")
    return text.replace("{y}", "y" if one else "ies")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def combat(card: CombatCard) -> str:
    """Return a Combat Card's face: Strength, Casualty symbols, Hunt symbol and effect."""
    deaths = card.casualties
    casualties = "no" if not deaths else str(deaths)
    facts = (
        f"Strength {card.strength}, {casualties} Casualty symbol{'s' if deaths != 1 else ''}, "
        f"{card.symbol} symbol."
    )
    return f"{facts} {combat_effect(card)}".strip()


def combat_effect(card: CombatCard) -> str:
    """Return what a Combat Card does beyond its Strength ("" for a plain card)."""
    return _own(card) or _line("combat", card.effect)


def blessing(c: Content, blessing_id: str) -> str:
    """Return what a Blessing does."""
    b = c.blessing(blessing_id)
    god = b.god.capitalize()
    return f"Blessing of {god}: {_own(b)}" if _own(b) else ""


def artifact(c: Content, artifact_id: str) -> str:
    """Return what an Artifact does (a God's Artifact or a Monster's reward)."""
    for a in c.artifacts:
        if a.id == artifact_id and _own(a):
            return _own(a)
    return _line("artifact", artifact_id)


def attack_effects(clauses: tuple[Clause, ...], special: bool = True) -> str:
    """Return what ``undefended`` clauses do, a sentence per effect.

    ``special``: with the Monster's Special Attack named (an Attack card's).
    """
    words = []
    for clause in clauses:
        for name, value in clause.effects:
            short, n = effects.short_name(clause, name, value)
            if short == "special" and not special:
                continue
            text = _line("attack_effect", short, n) if short else ""
            if not text:  # a pack's clause the short form does not write: the vocabulary's words
                text = effects.describe_effect(name, value) + "."
                conditions = [effects.describe_condition(c, v) for c, v in clause.conditions]
                if conditions:
                    text = f"if {' and '.join(conditions)}, {text}"
            words.append(_cap(text))
    return " ".join(words)


def attack_card(card: Any) -> str:
    """Return a Monster Attack card: its Strength and what it does if not defended."""
    kind, n = card.strength
    return f"{_line('attack_strength', kind, n)} If not defended: {attack_effects(card.effects)}"


def monster(c: Content, m: Monster, evolutions: list[str] | None = None) -> str:
    """Return a Monster's Region Attack, Special Attack, reward and any Evolutions it has."""
    kind, n = m.attack
    parts = [_line("attack", kind, n)]
    special = attack_effects(getattr(m, "special", ()), special=False)
    if special:
        parts.append(f"Special Attack: {special}")
    passive = getattr(m, "passive", "none")
    if passive and passive != "none":
        parts.append(_line("passive", passive))
    reward = artifact(c, m.artifact)
    name = next((a.name for a in c.artifacts if a.id == m.artifact), m.artifact)
    if m.artifact == "none":
        parts.append("No reward is printed on its tray.")
    else:
        parts.append(f"Slaying it earns {name}" + (f": {reward}" if reward else "."))
    for e in evolutions or []:
        parts.append(evolution(c, e))
    return " ".join(p for p in parts if p)


def evolution(c: Content, evolution_id: str) -> str:
    """Return what an Evolve card does (its record's words, or those of data/texts.toml)."""
    found = next((e for e in c.evolutions if e.id == evolution_id), None)
    if found is not None and found.text:
        return found.text
    return _line("evolution", evolution_id)


def reward(c: Content, reward_id: str) -> str:
    """Return a Quest reward in words (its record's, or those of data/texts.toml)."""
    found = next((r for r in c.rewards if r.id == reward_id), None)
    if found is not None and found.text:
        return found.text
    return _line("quest_reward", reward_id)


def event(c: Content, m: Monster, number: int) -> str:
    """Return what a Monster's Event card does: where it appears, or how it Evolves."""
    spawn, evolve = m.cards[number][0], m.cards[number][1]
    return (
        f"{m.name} appears in {c.regions[spawn].name}; if it is already out, it Evolves. "
        + evolution(c, evolve)
    )


def quest(c: Content, quest_id: str) -> str:
    """Return a Quest card's Region, what each of its three Steps asks, and its reward."""
    q = next(x for x in c.quests if x.id == quest_id)
    where = f"Quest in {c.regions[q.region].name}."
    own = _own(q)
    if own:
        return f"{where} {own}"
    steps = getattr(q, "steps", ())
    parts = []
    for number, step in enumerate(steps, 1):
        needs = _join([_line("quest_need", need, n) for need, n in step])
        parts.append(f"Step {number} needs {needs}" if number == 1 else f"step {number}, {needs}")
    text = where
    if parts:
        text += " " + "; ".join(parts) + "."
    words = reward(c, getattr(q, "reward", ""))
    if words:
        text += f" Reward, with its Land's Glory Token: {_cap(words)}"
    return text


def _join(words: list[str]) -> str:
    """Return ``a, b and c``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def hero(h: Hero) -> str:
    """Return a Hero's starting bonus and special ability (a pack's record: its own words)."""
    bonus = h.words[0] or _line("hero_bonus", h.bonus)
    return f"{bonus} {h.words[1] or _line('hero_ability', h.ability)}".strip()


def oracle(bonus: str) -> str:
    """Return what building the Temple at Delphi gives with this Temple card."""
    return _line("oracle", bonus)


def god(c: Content, god_id: str) -> str:
    """Return a God's Attribute (for Priests), Monument Powers and Artifact."""
    g = c.god(god_id)
    powers = []
    for level, power in enumerate(g.powers, 1):
        if power:
            powers.append(f"level {level}, {_line('power', power[0], power[1])}")
    attribute = c.attributes[g.attribute].capitalize()  # a module may add one (Fleet)
    text = f"A Priest on its Monument raises {attribute}."
    if powers:
        text += " Monument Power by level: " + "; ".join(powers) + "."
    return text


def check(c: Content) -> list[str]:
    """Return every card or piece of ``c`` that has no words (empty when all are covered)."""
    missing = [f"combat card {x.id}" for x in c.combat if not _line("combat", x.effect)]
    missing += [f"blessing {b.id}" for b in c.blessings if not blessing(c, b.id)]
    missing += [f"artifact {g.artifact}" for g in c.gods if not artifact(c, g.artifact)]
    missing += [
        f"artifact {m.artifact}"
        for m in c.monsters
        if m.artifact != "none" and not artifact(c, m.artifact)
    ]
    for m in c.monsters:
        if not _line("attack", m.attack[0]):
            missing.append(f"attack {m.attack[0]}")
        passive = getattr(m, "passive", "none")
        if passive != "none" and not _line("passive", passive):
            missing.append(f"passive {passive}")
        missing += [f"evolution {e[1]}" for e in m.cards if not evolution(c, e[1])]
    for q in c.quests:
        needs = [need for step in getattr(q, "steps", ()) for need, _ in step]
        if not _own(q) and (
            not needs
            or not all(_line("quest_need", need) for need in needs)
            or not reward(c, getattr(q, "reward", ""))
        ):
            missing.append(f"quest {q.id}")
    for h in c.heroes:
        bonus = h.bonus == "none" or h.words[0] or _line("hero_bonus", h.bonus)
        if not bonus or not (h.ability == "none" or h.words[1] or _line("hero_ability", h.ability)):
            missing.append(f"hero {h.id}")
    missing += [f"temple card {t.id}" for t in c.temples if not oracle(t.oracle)]
    for g in c.gods:
        missing += [f"power {p[0]}" for p in g.powers if p and not _line("power", p[0])]
    for card in getattr(c, "attack_cards", ()):
        if not _line("attack_strength", card.strength[0]):
            missing.append(f"attack card {card.id}")
    return missing
