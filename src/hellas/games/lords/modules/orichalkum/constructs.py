"""The Construct cards: read from the module's data, with a content pack's additions merged in.

The rulebook prints one legible Construct (the Trojan Horse); the box holds 10.  Each record
names an ``effect`` this module knows how to play, with its numbers, so a content pack can add
the real cards in ``<pack>/modules/orichalkum.toml`` (``[[module.construct]]`` records, the
same fields; ``new = true`` adds one, the same id replaces it) without new code as long as the
card's effect is one of ``EFFECTS``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hellas.core.content import Fields, merge_by_id
from hellas.core.errors import ContentError
from hellas.games.lords.content import Content, configured, module_raw

# "march-to-city": "Perform a March action to a neighboring City/Sparta. If there's a Battle
# there, add +<bonus> to your Army Strength." (the Trojan Horse)
EFFECTS = ("march-to-city",)
MODULE = "orichalkum"


@dataclass(frozen=True)
class Construct:
    """One Construct card: its cost in Orichalkum and the effect it plays."""

    index: int
    id: str
    name: str
    cost: int
    effect: str
    bonus: int
    text: str
    provenance: str


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
        found = c.derived[MODULE] = load(c.pack_modules.get(MODULE))
    return found


def load(pack_file: Mapping[str, Any] | None) -> Settings:
    """Read the module's ``[module]`` table and merge a content pack's Constructs over it."""
    table = dict(module_raw(MODULE).get("module", {}))
    records: list[dict[str, Any]] = [dict(r) for r in table.get("construct", [])]
    source = "orichalkum data.toml"
    if pack_file is not None:
        source = str(pack_file["path"])
        records = merge_pack(records, pack_file["data"], source)
    f = Fields(source, "module", {k: v for k, v in table.items() if k != "construct"})
    f.provenance()
    no_token = f.items("no_token")
    if not all(isinstance(x, str) for x in no_token):
        raise f.error("no_token", "expected a list of Region ids")
    display = f.integer("display", 1, 10)
    f.finish()
    return Settings(tuple(no_token), display, parse(records, source))


def merge_pack(
    records: Sequence[Mapping[str, Any]], data: Mapping[str, Any], source: str
) -> list[dict[str, Any]]:
    """Return the Construct records with a pack file's ``[[module.construct]]`` merged in."""
    unknown = set(data) - {"module"}
    module = data.get("module", {})
    if unknown or not isinstance(module, Mapping) or set(module) - {"construct"}:
        raise ContentError(source, "", "module", "a pack may only add [[module.construct]]")
    extra = module.get("construct", [])
    if not isinstance(extra, list):
        raise ContentError(source, "", "construct", "expected [[module.construct]] records")
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
            effect=f.one_of("effect", EFFECTS),
            bonus=f.integer("bonus", 0, 10) if "bonus" in r else 0,
            text=f.text("text"),
            provenance=f.provenance(),
        )
        f.finish()
        if any(c.id == card.id for c in out):
            raise f.error("id", "two Constructs have this id")
        out.append(card)
    return tuple(out)
