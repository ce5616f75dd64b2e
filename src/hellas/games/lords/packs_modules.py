"""What a content pack may give a module, and what a pack's records need of the modules.

Two checks ``content.configured`` runs on every pack (so ``hellas content check``, ``play
--content`` and a server refuse the same packs in the same words):

- ``check_needs``: a record may name a rule only a module runs - a Monster's Region Attack or
  passive, a Hero's bonus or ability, an Evolution's passive.  Without that module in play the
  record would pass and then do nothing, so it is refused, naming the module it needs.
- ``help_table``: a pack's ``modules/<id>.toml`` may hold the Help card of a module whose
  Monument Power is a Help card (Hades, Hephaestus, Poseidon, full and simple mode: red and grey
  sides), as the fields of that module's ``[module]`` table; the module's own reader checks it
  (``settings``/``wounds_for_level`` of its rules).  The Constructs and Opportunity cards are
  records of their modules (``content.merge_pack_module``).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hellas.core.content import PACK
from hellas.core.errors import ContentError

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
# the modules whose own records a pack may hold in modules/<id>.toml, and their table
RECORD_FILES = {"orichalkum": "construct", "opportunity": "card"}
MODULE_FILES = (*RECORD_FILES, *HELP_FIELDS)


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

    for module_id in HELP_FIELDS:
        if module_id in c.pack_modules:
            read_help(c, module_id)
    ours = expand(c.modules)
    for m in c.monsters:
        kind = m.attack[0]
        if kind in ATTACK_MODULES:
            _needs(
                folder,
                "monsters.toml",
                f"monster {m.id}",
                "attack",
                kind,
                ATTACK_MODULES[kind],
                ours,
            )
        if m.passive in PASSIVE_MODULES:
            module = PASSIVE_MODULES[m.passive]
            _needs(folder, "monsters.toml", f"monster {m.id}", "passive", m.passive, module, ours)
    for e in c.evolutions:
        for clause in e.effects:
            for effect, value in clause.effects:
                if effect == "monster-passive" and value in PASSIVE_MODULES:
                    module = PASSIVE_MODULES[value]
                    _needs(
                        folder, "monsters.toml", f"evolution {e.id}", "effects", value, module, ours
                    )
    for h in c.heroes:
        if h.bonus in BONUS_MODULES:
            _needs(
                folder,
                "heroes.toml",
                f"hero {h.id}",
                "bonus",
                h.bonus,
                BONUS_MODULES[h.bonus],
                ours,
            )
        if h.ability in ABILITY_MODULES:
            module = ABILITY_MODULES[h.ability]
            _needs(folder, "heroes.toml", f"hero {h.id}", "ability", h.ability, module, ours)


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
    return source, {**table, **pack_help(found["data"], source, module_id), "from_pack": True}


def pack_help(data: Mapping[str, Any], source: str, module_id: str) -> dict[str, Any]:
    """Return the Help card fields of a pack's ``modules/<id>.toml``, refusing anything else."""
    fields = HELP_FIELDS[module_id]
    example = f"[module] {fields[0]} = [...]"
    unknown = sorted(set(data) - {"module"})
    table = data.get("module", {})
    if unknown or not isinstance(table, Mapping):
        raise ContentError(source, "", unknown[0] if unknown else "module", f"expected {example}")
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
    ]
