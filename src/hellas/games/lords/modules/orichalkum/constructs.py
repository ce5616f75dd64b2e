"""The Construct cards: read from the module's data, with a content pack's additions merged in.

The rulebook prints one legible Construct (the Trojan Horse); the box holds 10.  A record says
what its card does with an ``action`` clause of the effect vocabulary (``lords/effects.py``), so
a content pack adds the real cards in ``<pack>/modules/orichalkum.toml`` (``[[module.construct]]``
records, the same fields; ``new = true`` adds one, the same id replaces it) without new code.
Records marked ``stand_in = true`` are provisional stand-ins, left out with ``printed_only``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hellas.core.content import Fields
from hellas.games.lords import effects
from hellas.games.lords.content import Content, configured, module_raw
from hellas.games.lords.effects import Clause
from hellas.games.lords.packs_modules import merge_pack_module

MODULE = "orichalkum"


@dataclass(frozen=True)
class Construct:
    """One Construct card: its cost in Orichalkum and the effect it plays."""

    index: int
    id: str
    name: str
    cost: int
    text: str
    provenance: str
    effects: tuple[Clause, ...] = ()  # one ``action`` clause (``effects.py``)
    stand_in: bool = False  # a provisional stand-in (``printed_only`` leaves it out)


@dataclass(frozen=True)
class Settings:
    """The module's settings and its Construct cards (in deck order before the shuffle)."""

    no_token: tuple[str, ...]
    display: int
    constructs: tuple[Construct, ...]

    def construct(self, construct_id: str) -> Construct:
        """Return the Construct with this id."""
        return next(c for c in self.constructs if c.id == construct_id)


def settings(c: Content | None = None) -> Settings:
    """Return the settings of a game's content (the module's data and the pack's Constructs)."""
    c = c if c is not None else configured()
    found: Settings | None = c.derived.get(MODULE)
    if found is None:
        found = c.derived[MODULE] = load(c.pack_modules.get(MODULE), c.printed_only)
    return found


def load(pack_file: Mapping[str, Any] | None, printed_only: bool = False) -> Settings:
    """Read the module's ``[module]`` table and merge a content pack's Constructs over it."""
    table = dict(module_raw(MODULE).get("module", {}))
    records: list[dict[str, Any]] = [dict(r) for r in table.get("construct", [])]
    source = "orichalkum data.toml"
    if pack_file is not None:
        source = str(pack_file["path"])
        records = merge_pack_module(records, pack_file["data"], source, "construct")
    f = Fields(source, "module", {k: v for k, v in table.items() if k != "construct"})
    f.provenance()
    no_token = f.items("no_token")
    if not all(isinstance(x, str) for x in no_token):
        raise f.error("no_token", "expected a list of Region ids")
    display = f.integer("display", 1, 10)
    f.finish()
    if printed_only:
        records = [r for r in records if not r.get("stand_in")]
    return Settings(tuple(no_token), display, parse(records, source))


def parse(records: Sequence[Mapping[str, Any]], source: str) -> tuple[Construct, ...]:
    """Check the Construct records; every error names the file, record and field."""
    out: list[Construct] = []
    for i, r in enumerate(records):
        f = Fields(source, str(r.get("id", f"construct {i + 1}")), r)
        card = Construct(
            index=i,
            id=f.text("id"),
            name=f.text("name"),
            cost=f.integer("cost", 0, 20),
            text=f.text("text"),
            provenance=f.provenance(),
            effects=effects.parse(f, "effects", "construct"),
            stand_in=f.flag("stand_in"),
        )
        if len(card.effects) != 1:
            raise f.error("effects", 'a Construct has one clause: {when = "action", do = [...]}')
        f.finish()
        if any(c.id == card.id for c in out):
            raise f.error("id", "two Constructs have this id")
        out.append(card)
    return tuple(out)
