"""What a content pack may give a module, and what a pack's records need of the modules.

A pack's ``modules/<id>.toml`` (one per module, any module) holds that module's cards, as its
``data.toml`` does (``module_files``, ``record_tables``): base-game tables (``[[blessing]]``,
``[[monster]]``, ``[[hero]]``, ``[[artifact]]`` ...) that join a game only with that module in
play, so one pack may carry the Hades Blessings and the Poseidon ones without putting either in
play; and the module's own ``[module]`` records: Constructs and Opportunity cards
(``merge_pack_module``) or a Help card - Hades, Hephaestus, Poseidon, full and simple mode, red
and grey sides (``help_table``; the module's own reader checks it).

``check_needs`` (``content.configured`` runs it on every pack, so ``hellas content check``,
``play --content`` and a server refuse the same packs in the same words): a record may name a
rule only a module runs - a Monster's Region Attack or passive, a Hero's bonus or ability, an
Evolution's passive.  Without that module in play it would pass and then do nothing, so it is
refused, naming the module it needs.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hellas.core.content import PACK, merge_by_id
from hellas.core.errors import ContentError
from hellas.games.lords.modules import IDS
from hellas.games.lords.packs_files import as_pack, check_records, read_pack_file

if TYPE_CHECKING:
    from hellas.games.lords.content import Content

# the modules whose rules run these named rules (base-game names need no module)
ATTACK_MODULES = {
    "kill_ports": "atlantis",  # Cetus
    "kill_in_land": "atlantis",  # Talos
    "kill_half_up": "heroes-monsters",  # Typhon
    "kill_move_to_shrine": "heroes-monsters",  # Python
    "kill_land_or_heal": "chiron",  # Chiron
}
PASSIVE_MODULES = {"moves-by-ports": "atlantis", "closes-sea-trails": "atlantis"}
BONUS_MODULES = {
    "priest": "cleito",
    "one-hoplite-and-control": "heroes-monsters",
    "start-apart": "heroes-monsters",
}
ABILITY_MODULES = {
    "heal-instead-of-move": "cleito",
    "extra-blessing": "heroes-monsters",
    "city-population-minus-1": "heroes-monsters",
}
# the modules whose Help card a pack may give in modules/<id>.toml: its [module] fields
HELP_FIELDS = {
    "hades": ("wounds",),
    "hades-simple": ("wounds",),
    "hephaestus": ("help", "reforge"),
    "hephaestus-simple": ("help", "reforge"),
    "poseidon": ("help", "help_recruit"),
    "poseidon-simple": ("help", "help_recruit"),
}
# the modules whose own [module] records a pack may hold in modules/<id>.toml, and their table
RECORD_FILES = {"orichalkum": "construct", "opportunity": "card"}
MODULE_FILES = IDS  # every module takes a pack's cards in modules/<id>.toml


def module_files(pack: Path) -> dict[str, dict[str, Any]]:
    """Return a pack's module files by module id: ``path`` (in full) and ``data`` (read)."""
    found: dict[str, dict[str, Any]] = {}
    for path in sorted((pack / "modules").glob("*.toml")):
        if path.stem not in MODULE_FILES:
            raise ContentError(
                str(path), "", "", f"no module takes records here (known: {', '.join(IDS)})"
            )
        found[path.stem] = {"path": str(path), "data": read_pack_file(path)}
    return found


def record_tables(
    data: Mapping[str, Any], source: str, file_of: Mapping[str, str]
) -> Iterator[tuple[str, Any]]:
    """Yield a module file's base-game tables (``[[blessing]]`` ...), refusing unknown ones."""
    for table, records in data.items():
        if table == "module":
            continue
        if table not in file_of:
            known = ", ".join(["[module]", *(f"[[{t}]]" for t in file_of)])
            raise ContentError(source, "", table, f"unknown table (known: {known})")
        yield table, records


def merge_pack_module(
    records: Sequence[Mapping[str, Any]], data: Mapping[str, Any], source: str, table: str
) -> list[dict[str, Any]]:
    """Return a module's records with a pack file's ``[[module.<table>]]`` merged in.

    ``new = true`` adds a record, the same id replaces one; anything else in ``[module]`` is an
    error naming it (the file's base-game tables are ``record_tables``').
    """
    module = data.get("module", {})
    if not isinstance(module, Mapping) or set(module) - {table}:
        raise ContentError(source, "", "module", f"a pack may only add [[module.{table}]]")
    extra = module.get(table, [])
    if not isinstance(extra, list):
        raise ContentError(source, "", table, f"expected [[module.{table}]] records")
    check_records(source, table, extra)
    extra = [as_pack(r) for r in extra]
    added = []
    replaced = []
    ids = {str(r.get("id")) for r in records}
    for r in extra:
        if isinstance(r, Mapping) and r.get("new"):
            if str(r.get("id")) in ids:
                raise ContentError(source, str(r.get("id")), "new", "this id exists already")
            added.append({k: v for k, v in r.items() if k != "new"})
        else:
            replaced.append(r)
    return merge_by_id(records, replaced, source) + added


def _needs(
    folder: str, file: str, record: str, field: str, name: str, module: str, ours: list[str]
) -> None:
    """Refuse a record naming ``name`` of ``module`` while that module is not in play."""
    if module in ours:
        return
    raise ContentError(
        str(Path(folder) / file) if folder else file,
        record,
        field,
        f"{name!r} is a rule of the {module} module, which is not in play: name it in the "
        f'pack\'s pack.toml (modules = ["{module}"]) or choose that module',
    )


def check_needs(c: Content, folder: str = "") -> None:
    """Refuse a pack record whose rule comes from a module not in play (named in the error).

    A Help card the pack gives is checked too, by its module's reader, whatever is in play.
    """
    from hellas.games.lords.modules import expand  # noqa: PLC0415 - modules import content

    for module_id, found in c.pack_modules.items():
        if module_id in HELP_FIELDS:
            read_help(c, module_id)
        elif module_id not in RECORD_FILES and "module" in found["data"]:
            raise ContentError(
                str(found["path"]),
                "",
                "module",
                f"the {module_id} module takes cards here ([[blessing]] ...), not [module]",
            )
    ours = expand(c.modules)
    # (file, record, field, the rule it names, the modules of such rules)
    named: list[tuple[str, str, str, str, Mapping[str, str]]] = []
    for m in c.monsters:
        named.append(("monsters.toml", f"monster {m.id}", "attack", m.attack[0], ATTACK_MODULES))
        named.append(("monsters.toml", f"monster {m.id}", "passive", m.passive, PASSIVE_MODULES))
    for e in c.evolutions:
        for clause in e.effects:
            for effect, value in clause.effects:
                if effect == "monster-passive":
                    record = f"evolution {e.id}"
                    named.append(("monsters.toml", record, "effects", value, PASSIVE_MODULES))
    for h in c.heroes:
        named.append(("heroes.toml", f"hero {h.id}", "bonus", h.bonus, BONUS_MODULES))
        named.append(("heroes.toml", f"hero {h.id}", "ability", h.ability, ABILITY_MODULES))
    for file, record, field, name, modules in named:
        if name in modules:
            _needs(folder, file, record, field, name, modules[name], ours)


def help_table(c: Content | None, module_id: str) -> tuple[str, dict[str, Any]]:
    """Return a module's ``[module]`` table with a pack's Help card over it, and its source.

    The source names the pack's file in full when the pack gives the card (errors name it),
    else the module's data; the table's ``from_pack`` says whether the card is the pack's.
    """
    from hellas.games.lords.content import module_raw  # noqa: PLC0415 - content imports packs

    table = dict(module_raw(module_id).get("module", {}))
    found = c.pack_modules.get(module_id) if c is not None else None
    if found is None:
        return f"module {module_id}", table
    source = str(found["path"])
    given = pack_help(found["data"], source, module_id)
    if not given:  # the file holds only the module's cards
        return f"module {module_id}", table
    return source, {**table, **given, "from_pack": True}


def pack_help(data: Mapping[str, Any], source: str, module_id: str) -> dict[str, Any]:
    """Return the Help card fields of a pack's ``modules/<id>.toml`` ([module]), if any.

    Anything else in ``[module]`` is refused, naming the field.
    """
    fields = HELP_FIELDS[module_id]
    example = f"[module] {fields[0]} = [...]"
    if "module" not in data:
        return {}  # the file holds only the module's cards
    table = data["module"]
    if not isinstance(table, Mapping):
        raise ContentError(source, "", "module", f"expected {example}")
    extra = sorted(set(table) - {*fields, "provenance"})
    if extra:
        raise ContentError(
            source,
            "module",
            extra[0],
            f"a pack gives only the {module_id} Help card here ({', '.join(fields)})",
        )
    if not set(fields) & set(table):
        raise ContentError(source, "module", fields[0], f"expected {example}")
    # the card is the pack's whatever it claims (issue 50: a pack's records are marked as such)
    return {**{k: v for k, v in table.items() if k in fields}, "provenance": PACK}


def read_help(c: Content | None, module_id: str) -> dict[str, Any]:
    """Return a Help-card module's checked settings (its rules' reader), a pack's card over it."""
    if module_id.startswith("hades"):
        from hellas.games.lords.modules.hades.common import settings as hades  # noqa: PLC0415

        return hades(module_id, c)
    if module_id.startswith("hephaestus"):
        from hellas.games.lords.modules.hephaestus.common import (  # noqa: PLC0415
            settings as hephaestus,
        )

        return hephaestus(module_id, c)
    from hellas.games.lords.modules.poseidon.rules import settings as poseidon  # noqa: PLC0415

    return poseidon(module_id, c)


def help_summary(c: Content) -> list[str]:
    """Return a line per Help card the pack gives (``check_needs`` has checked each)."""
    return [
        f"gives the {module_id} Help card (used when that module is in play)"
        for module_id in HELP_FIELDS
        if module_id in c.pack_modules
        and pack_help(c.pack_modules[module_id]["data"], "", module_id)
    ]
