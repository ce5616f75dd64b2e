"""Reading Lords content files: every record checked, with errors naming file, record, field.

``parse`` turns the raw TOML tables (the built-in data, the modules' ``data.toml`` and a content
pack, merged by ``content.load``) into the frozen records of ``content``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any, TypeVar

from hellas.core.content import Fields
from hellas.core.errors import ContentError
from hellas.games.lords import effects
from hellas.games.lords.content import (
    ARTIFACT_KINDS,
    ATTACK_STRENGTHS,
    ATTACKS,
    ATTRIBUTES,
    COMBAT_EFFECTS,
    COMBAT_KINDS,
    DIE_FACES,
    HERO_ABILITIES,
    HERO_BONUSES,
    ORACLE_BONUSES,
    PASSIVES,
    POWERS,
    QUEST_NEEDS,
    WOUND_MARKS,
    WOUND_SYMBOLS,
    Artifact,
    AttackCard,
    Blessing,
    CombatCard,
    Content,
    Effects,
    Evolution,
    God,
    Hero,
    Monster,
    MonsterCard,
    Quest,
    Region,
    Reward,
    TempleCard,
    Wound,
)
from hellas.games.lords.effects import Clause, Known

E = TypeVar("E", bound=Effects)


def _index(f: Fields, field: str, value: Any, ids: Sequence[str]) -> int:
    if value not in ids:
        raise f.error(field, f"unknown region {value!r}")
    return list(ids).index(value)


def _small_table(f: Fields, field: str, raw: Any, allowed: Sequence[str]) -> tuple[str, int]:
    if not isinstance(raw, Mapping) or len(raw) != 1:
        raise f.error(field, f"expected one of {', '.join(allowed)} = N, got {raw!r}")
    ((kind, value),) = raw.items()
    if kind not in allowed:
        raise f.error(field, f"unknown kind {kind!r} (known: {', '.join(allowed)})")
    if isinstance(value, bool):
        value = int(value)
    if not isinstance(value, int) or value < 0:
        raise f.error(field, f"{kind} needs a whole number, got {value!r}")
    return kind, value


def _wounds(f: Fields, field: str, raw: Any) -> tuple[Wound, ...]:
    """Read Wound symbols such as ``"mace"`` or ``"bow+priest"``."""
    if not isinstance(raw, list):
        raise f.error(field, f"expected a list of Wound symbols, got {raw!r}")
    out = []
    for item in raw:
        symbol, _, mark = str(item).partition("+")
        if symbol not in WOUND_SYMBOLS or mark not in WOUND_MARKS:
            raise f.error(
                field,
                f"unknown Wound {item!r} (symbols: {', '.join(WOUND_SYMBOLS)}; "
                "marks: +priest, +artifact)",
            )
        out.append((symbol, mark))
    return tuple(out)


def _needs(f: Fields, field: str, raw: Any, allowed: Sequence[str]) -> tuple[tuple[str, int], ...]:
    """Read a table of named effects with whole-number amounts, e.g. ``{injure = 2}``."""
    if not isinstance(raw, Mapping) or not raw:
        raise f.error(field, f"expected a table of effects ({', '.join(allowed)}), got {raw!r}")
    out = []
    for kind, value in raw.items():
        out.append(_small_table(f, field, {kind: value}, allowed))
    return tuple(out)


def _records(
    data: Mapping[str, Mapping[str, Any]], file: str, key: str, label: str = ""
) -> Iterator[tuple[int, Fields]]:
    """Yield each ``[[key]]`` record of ``file`` as checked fields, finished once it is read.

    Finishing makes any field the caller did not read an error naming file, record and field.
    A pack's record names its file in full (``__file__``, set when it was merged).
    """
    for i, raw in enumerate(data[file].get(key, [])):
        f = _fields(file, f"{label or key} {raw.get('id', i + 1)}", raw)
        yield i, f
        f.finish()


def _fields(file: str, record: str, raw: Any) -> Fields:
    """Return a record's fields, named after the file it came from (a pack's in full)."""
    source = raw.get("__file__", file) if isinstance(raw, Mapping) else file
    f = Fields(str(source), record, raw)
    f.raw("__file__")
    f.raw("__origin__")  # read where it matters (``_origin``)
    return f


def _known(f: Fields, known: Known) -> Known:
    """Return what ``f``'s record may name: a pack's card names no choice key of its own."""
    return replace(known, keys=False) if "__file__" in f.data else known


def _origin(f: Fields) -> str:
    """Return the module whose data brought the record ("" for the base game and packs)."""
    return str(f.raw("__origin__", ""))


def _effect_records(
    data: Mapping[str, Mapping[str, Any]], table: str, kind: type[E], known: Known
) -> list[E]:
    """Read the ``[[evolution]]`` or ``[[reward]]`` records of ``monsters.toml``."""
    return [
        kind(
            i,
            f.text("id"),
            f.optional_text("text") or "",
            effects.parse(f, "effects", table, known),
            f.provenance(),
        )
        for i, f in _records(data, "monsters.toml", table)
    ]


def _god(f: Fields, god_ids: Sequence[str]) -> str:
    """Return a Blessing's God; a module's God while that module is not in play is refused.

    The error names the module (as ``packs_modules.check_needs`` does for a Region Attack).
    """
    god = f.text("god")
    if god in god_ids:
        return god
    from hellas.games.lords.content import module_raw  # noqa: PLC0415 - content imports parse
    from hellas.games.lords.modules import IDS  # noqa: PLC0415 - the modules import content

    owners = [m for m in IDS if any(g.get("id") == god for g in module_raw(m).get("god", []))]
    if not owners:
        raise f.error("god", f"{god[:80]!r} is not one of {', '.join(god_ids)}")
    raise f.error(
        "god",
        f"{god!r} is a God of the {' or '.join(owners)} module, which is not in play: name it "
        f'in the pack\'s pack.toml (modules = ["{owners[0]}"]) or choose that module',
    )


def _heroes(data: Mapping[str, Mapping[str, Any]], known: Known) -> list[Hero]:
    """Read the ``[[ability]]`` records, then the Heroes whose bonus and ability name them.

    A bonus or ability names an ``[[ability]]`` record (its clauses run for the Hero's player)
    or a module's named rule (``HERO_BONUSES``, ``HERO_ABILITIES``), or is ``none``.
    """
    abilities: dict[str, tuple[str, tuple[Clause, ...]]] = {}
    for _, f in _records(data, "heroes.toml", "ability"):
        ability_id = f.text("id")
        if ability_id in HERO_BONUSES + HERO_ABILITIES + ("none",):
            raise f.error("id", f"{ability_id!r} is a module's named rule, not a record's id")
        text = f.optional_text("text") or ""
        clauses = effects.parse(f, "effects", "hero", known)
        if any(name == "copy-enemy-card" for c in clauses for name, _ in c.effects):
            raise f.error("effects", "copy-enemy-card is a Combat Card's own, not a Hero's")
        abilities[ability_id] = (text, clauses)
        f.provenance()
    heroes = []
    for i, f in _records(data, "heroes.toml", "hero"):
        hero_id, name = f.text("id"), f.text("name")
        bonus = f.one_of("bonus", [*abilities, *HERO_BONUSES, "none"])
        ability = f.one_of("ability", [*abilities, *HERO_ABILITIES, "none"])
        own = [abilities.get(bonus, ("", ())), abilities.get(ability, ("", ()))]
        heroes.append(
            Hero(
                i,
                hero_id,
                name,
                bonus,
                ability,
                f.provenance(),
                own[0][1] + own[1][1],
                (own[0][0], own[1][0]),
            )
        )
    return heroes


def parse(data: Mapping[str, Mapping[str, Any]], modules: Sequence[str] = ()) -> Content:
    """Validate the raw records of every file and return the content.

    ``modules``: the modules in play (a module's own effects need their module).
    """
    land_ids = []
    for _, f in _records(data, "map.toml", "land"):
        land_ids.append(f.text("id"))
        f.text("name")
        f.provenance()
    if not land_ids:
        raise ContentError("map.toml", "land", "", "the map needs its Lands")
    attributes = []
    injurable = []
    for i, f in _records(data, "heroes.toml", "attribute"):
        attributes.append(f.text("id"))
        f.text("name")
        # an Injury flips an Attribute Token of the Hero board; a module's Attribute kept on its
        # own board (Fleet, Raise) is not one (docs/rules/lords-dark-ages.md)
        if f.flag("injurable", True):
            injurable.append(i)
        f.provenance()
    if tuple(attributes[:3]) != ATTRIBUTES:
        raise ContentError(
            "heroes.toml", "attribute", "id", "the first Attributes are Leadership, Strength, Speed"
        )
    if injurable[:3] != [0, 1, 2]:
        raise ContentError(
            "heroes.toml", "attribute", "injurable", "Leadership, Strength, Speed take Injuries"
        )
    regions_raw = data["map.toml"].get("region", [])
    ids = [str(r.get("id", "")) for r in regions_raw]
    known = Known(tuple(attributes), tuple(ids), tuple(modules), PASSIVES)
    regions = []
    for i, f in _records(data, "map.toml", "region"):
        land = f.one_of("land", land_ids)
        borders = [_index(f, "borders", b, ids) for b in f.items("borders")]
        sea = [_index(f, "sea_trails", b, ids) for b in f.items("sea_trails")]
        monument = f.optional_text("monument")
        x, y = f.raw("x"), f.raw("y")
        if not isinstance(x, int | float) or not isinstance(y, int | float):
            raise f.error("x", "needs numeric x and y coordinates")
        regions.append(
            Region(
                i,
                f.text("id"),
                f.text("name"),
                land_ids.index(land),
                f.integer("population", 1, 9),
                ("none", "city", "sparta").index(f.one_of("city", ("none", "city", "sparta"))),
                ("none", "shrine", "oracle").index(
                    f.one_of("shrine", ("none", "shrine", "oracle"))
                ),
                monument,
                tuple(sorted(set(borders) | set(sea))),
                tuple(sea),
                float(x),
                float(y),
                f.provenance(),
            )
        )
    for r in regions:
        for n in r.neighbours:
            if r.index not in regions[n].neighbours:
                raise ContentError(
                    "map.toml",
                    f"region {r.id}",
                    "borders",
                    f"{regions[n].id} does not border {r.id} back",
                )
    heroes = _heroes(data, replace(known, keys=False))
    combat = []
    for i, f in _records(data, "combat.toml", "card"):
        additional = f.flag("additional")
        combat.append(
            CombatCard(
                i,
                f.text("id"),
                f.text("name"),
                f.text("symbol"),
                f.integer("strength", 0, 9),
                f.integer("casualties", 0, 9),
                f.one_of("effect", COMBAT_EFFECTS),
                f.integer("count", 1, 9),
                additional,
                f.provenance(),
                f.one_of("kind", COMBAT_KINDS, "deck"),
                effects.parse(f, "effects", "card", _known(f, known)),
                f.flag("stand_in"),
                f.optional_text("text") or "",
                _origin(f),
            )
        )
    god_ids = [str(g.get("id", "")) for g in data["gods.toml"].get("god", [])]
    blessings = []
    for i, f in _records(data, "blessings.toml", "blessing"):
        hunt = f.raw("hunt", False)
        blessings.append(
            Blessing(
                i,
                f.text("id"),
                _god(f, god_ids),
                f.text("name"),
                f.text("text"),
                bool(hunt),
                f.provenance(),
                effects.parse(f, "effects", "blessing", _known(f, known)),
                f.flag("stand_in"),
                _origin(f),
            )
        )
    temples = []
    for i, f in _records(data, "temples.toml", "temple_card", "temple card"):
        drafts = f.items("drafts")
        if not all(isinstance(d, int) and 1 <= d <= 8 for d in drafts):
            raise f.error("drafts", "expected Temple numbers 1-8")
        temples.append(
            TempleCard(
                i, f.text("id"), tuple(drafts), f.one_of("oracle", ORACLE_BONUSES), f.provenance()
            )
        )
    artifacts: list[Artifact] = []
    for source in ("gods.toml", "artifacts.toml"):
        for raw in data[source].get("artifact", []):
            f = _fields(source, f"artifact {raw.get('id', len(artifacts) + 1)}", raw)
            kind = f.one_of("kind", ARTIFACT_KINDS, "god" if source == "gods.toml" else None)
            artifacts.append(
                Artifact(
                    len(artifacts),
                    f.text("id"),
                    f.text("name"),
                    f.text("effect"),
                    kind,
                    f.provenance(),
                    effects.parse(f, "effects", "artifact", _known(f, known)),
                    _origin(f),
                )
            )
            f.finish()
    artifact_ids = [a.id for a in artifacts]
    gods = []
    for i, f in _records(data, "gods.toml", "god"):
        powers: list[tuple[str, int] | None] = []
        levels = f.items("powers")
        if len(levels) != 5:
            raise f.error("powers", "a Monument has 5 levels")
        for level in levels:
            powers.append(_small_table(f, "powers", level, POWERS) if level else None)
        artifact = f.text("artifact")
        if artifact not in [a.id for a in artifacts]:
            raise f.error("artifact", f"unknown artifact {artifact!r}")
        gods.append(
            God(
                i,
                f.text("id"),
                f.text("name"),
                _index(f, "site", f.text("site"), ids),
                attributes.index(f.one_of("attribute", attributes)),
                artifact,
                tuple(powers),
                f.provenance(),
            )
        )
    die_raw = data["monsters.toml"].get("die", {})
    f = Fields("monsters.toml", "die", die_raw)
    faces = f.items("faces")
    if not faces or not all(face in DIE_FACES for face in faces):
        raise f.error("faces", f"faces must be among {', '.join(DIE_FACES)}")
    f.provenance()
    f.finish()
    evolutions = _effect_records(data, "evolution", Evolution, known)
    evolution_ids = [e.id for e in evolutions]
    monsters = []
    for i, f in _records(data, "monsters.toml", "monster"):
        cards = []
        for card in f.items("cards"):
            if not isinstance(card, Mapping) or card.get("evolve") not in evolution_ids:
                raise f.error(
                    "cards",
                    f"each card needs spawn and an evolve among the [[evolution]] records "
                    f"({', '.join(evolution_ids)}), got {card!r}",
                )
            added = _wounds(f, "cards", card.get("wounds", []))
            if (card["evolve"] == "wounds") != bool(added):
                raise f.error("cards", "an evolve = 'wounds' card (only) lists wounds")
            spawn = _index(f, "cards", card.get("spawn"), ids)
            cards.append(MonsterCard(spawn, str(card["evolve"]), added))
        artifact = f.text("artifact")
        if artifact not in artifact_ids and artifact != "none":  # "none": no reward printed
            raise f.error("artifact", f"unknown artifact {artifact!r}")
        wounds = _wounds(f, "wounds", f.items("wounds"))
        if not 1 <= len(wounds) <= 8:
            raise f.error("wounds", "a Monster tray has 1-8 Wound symbols")
        monsters.append(
            Monster(
                i,
                f.text("id"),
                f.text("name"),
                artifact,
                wounds,
                effects.parse(f, "special", "special", known),
                _small_table(f, "attack", f.raw("attack"), ATTACKS),
                f.one_of("passive", PASSIVES, "none"),
                tuple(cards),
                f.provenance(),
            )
        )
    attack_cards = []
    for i, f in _records(data, "monsters.toml", "attack_card"):
        attack_cards.append(
            AttackCard(
                i,
                f.text("id"),
                f.text("name"),
                _small_table(f, "strength", f.raw("strength"), ATTACK_STRENGTHS),
                effects.parse(f, "effects", "attack", known),
                f.integer("count", 1, 9),
                f.provenance(),
            )
        )
    if not attack_cards:
        raise ContentError("monsters.toml", "attack_card", "", "the Monster Attack deck is empty")
    rewards = _effect_records(data, "reward", Reward, known)
    quests = []
    for i, f in _records(data, "monsters.toml", "quest"):
        steps = f.items("steps")
        if len(steps) != 3:
            raise f.error("steps", "a Quest has 3 Quest Steps")
        quests.append(
            Quest(
                i,
                f.text("id"),
                f.text("name"),
                _index(f, "region", f.text("region"), ids),
                tuple(_needs(f, "steps", step, QUEST_NEEDS) for step in steps),
                f.one_of("reward", [r.id for r in rewards]),
                f.provenance(),
                f.flag("stand_in"),
            )
        )
    return Content(
        tuple(land_ids),
        tuple(attributes),
        tuple(regions),
        tuple(heroes),
        tuple(combat),
        tuple(blessings),
        tuple(temples),
        tuple(gods),
        tuple(artifacts),
        tuple(monsters),
        tuple(quests),
        tuple(faces),
        tuple(attack_cards),
        tuple(injurable),
        tuple(evolutions),
        tuple(rewards),
    )
