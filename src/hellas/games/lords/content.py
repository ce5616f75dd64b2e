"""Lords of Hellas content: the board, heroes, combat cards, blessings, temples, gods, monsters.

Every file in ``data/`` is read into frozen records and checked (unknown fields, unknown ids,
one-sided borders, unknown effect names) with errors naming file, record and field.  A content
pack (``--content DIR``) holds files of the same names; its records replace built-in records
with the same id, so an owner of the physical game can enter the printed values where ours are
provisional.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from hellas.core.content import merge_by_id, read_package_toml
from hellas.core.errors import ContentError
from hellas.games.lords.effects import SHORT, Clause
from hellas.games.lords.packs_files import (
    MAX_NEW_REGIONS,
    MAX_PACK_BYTES,
    as_pack,
    check_records,
    pack_bytes,
    read_pack_file,
)
from hellas.games.lords.packs_modules import check_needs, module_files, record_tables

PACKAGE = "hellas.games.lords.data"
LANDS = ("red", "yellow", "blue", "green", "brown")  # the core box's Lands (data/map.toml)
ATTRIBUTES = ("leadership", "strength", "speed")  # the core box's (data/heroes.toml), in order
LEADERSHIP, STRENGTH, SPEED = range(3)  # a module's Attributes come after these
COMBAT_EFFECTS = (
    "fortification",
    "local-support",
    "glory",
    "phalanx",
    "flank-attack",
    "trap",
    "tactical-maneuver",
    "encirclement",
    "reinforcements",
    "javelin-volley",
    "assault",
    "tactical-withdrawal",
    "offerings",
    "final-charge",
    "sudden-strike",
    "none",
    # Relics and Training cards say what they do with clauses (``effects.py``) and ``text``
)
# where a Combat Card lives: the deck, or in front of its owner as a reusable card (played like
# a Combat Card, not discarded: marked used and charged again like an Artifact)
COMBAT_KINDS = ("deck", "relic", "lightning", "training")
# a Hero's bonus and ability name an [[ability]] record of heroes.toml (its clauses: the base
# game's, in the effect vocabulary) or one of these named rules of a module's code
HERO_BONUSES = (
    "priest",  # Cleito (Atlantis): starts with 1 Priest
    "one-hoplite-and-control",  # Cassandra (Heroes and Monsters)
    "start-apart",  # Odysseus (Heroes and Monsters)
)
HERO_ABILITIES = (
    "heal-instead-of-move",  # Cleito (Atlantis)
    "extra-blessing",  # Cassandra (Heroes and Monsters)
    "city-population-minus-1",  # Odysseus (Heroes and Monsters)
)
ORACLE_BONUSES = (
    "extra-special-action",
    "priest-and-draft",
    "neutral-artifacts",
    "fill-combat-hand",
    "two-attributes",
)
# Region Attacks; kinds past the base game's are resolved by a module (``region_attack`` hook)
ATTACKS = (
    "kill",
    "kill_each",
    "kill_half",
    "kill_neighbours",
    "discard_or_kill",
    "kill_ports",  # Cetus (Atlantis)
    "kill_in_land",  # Talos (Atlantis)
    "kill_half_up",  # Typhon (Heroes and Monsters)
    "kill_move_to_shrine",  # Python (Heroes and Monsters)
    "kill_land_or_heal",  # Chiron
)
DIE_FACES = ("nothing", "action", "move", "move-or-action")
# the Evolutions and Quest rewards of the built-in data (base game and modules): their words
# are in data/texts.toml; what they do, in their records ([[evolution]], [[reward]])
EVOLUTIONS = (
    "wounds",
    "kills-entering-hoplite",
    "first-attack-plus-3-ends",
    "attack-plus-1",
    "attack-plus-2-at-3-wounds",
    "hunt-draws-speed",
    "hunt-needs-priest",
    "hunt-needs-leadership-3",
    "region-attack-plus-1",  # Cetus (Atlantis)
    "all-attacks-plus-1",  # Typhon (Heroes and Monsters)
    "attack-draws-3",  # Python (Heroes and Monsters)
    "region-attack-kills-2",  # Chiron
    "none",  # an Evolve text not legible in the rulebook: the card Evolves nothing
)
QUEST_REWARDS = (
    "keep-reset-tokens",
    "strength-and-cards",
    "keep-extra-special",
    "priest-and-recruit-2",
    "extra-glory",
    "recruit-in-cities",
    "neutral-artifacts",
    "recruit-3",
    "attribute-to-3",
    "training",  # Chiron's Training Quests: the card goes to its Hero (the module's rule)
)
# the short form of a Monster Attack's effects (``effects.SHORT``): their words' names
ATTACK_EFFECTS = tuple(SHORT)
WOUND_SYMBOLS = ("torch", "bow", "sword", "mace", "axe", "spear")
WOUND_MARKS = ("", "priest", "artifact")
ATTACK_STRENGTHS = (
    "fixed",
    "one-plus-uncovered",
    "symbols",
    "one-plus-two-per-covered",
    "one-plus-hand",
)
PASSIVES = (
    "none",
    "kills-entering-hoplite",
    "guards-shrine",
    "fearsome",
    "moves-by-ports",  # Siren (Atlantis)
    "closes-sea-trails",  # Cetus (Atlantis)
)
ARTIFACT_KINDS = ("god", "monster", "neutral")
QUEST_NEEDS = (
    "leadership",
    "strength",
    "speed",
    "priests",
    "sacrifice",
    "injuries",
    "discard",
    "cities",
    "temples",
    "artifacts",
    # Combat Cards of one symbol the player holds and shows (Chiron's Training Quests)
    *(f"show-{symbol}" for symbol in (*WOUND_SYMBOLS, "shield", "sickle")),
)
POWERS = ("draw", "recruit", "move")


@dataclass(frozen=True, slots=True)
class Region:
    """A Region of the board."""

    index: int
    id: str
    name: str
    land: int
    population: int
    city: int  # 0 none, 1 City, 2 Sparta (also the Fortification bonus)
    shrine: int  # 0 none, 1 Shrine, 2 the Oracle of Delphi
    monument: str | None
    neighbours: tuple[int, ...]  # land borders and sea trails
    sea: tuple[int, ...]
    x: float
    y: float
    provenance: str


@dataclass(frozen=True, slots=True)
class Hero:
    """A Hero with its starting bonus and special ability.

    Each names an ``[[ability]]`` record (``effects``: the clauses of both, which the rules run
    for the Hero's player; ``words``: their own words, "" for those of data/texts.toml) or a
    module's named rule (``HERO_BONUSES``, ``HERO_ABILITIES``).
    """

    index: int
    id: str
    name: str
    bonus: str
    ability: str
    provenance: str
    effects: tuple[Clause, ...] = ()
    words: tuple[str, str] = ("", "")


@dataclass(frozen=True, slots=True)
class CombatCard:
    """One kind of Combat Card (``count`` copies in the deck)."""

    index: int
    id: str
    name: str
    symbol: str
    strength: int
    casualties: int
    effect: str
    count: int
    additional: bool
    provenance: str
    kind: str = "deck"  # COMBAT_KINDS: a reusable card (a Relic ...) is never in the deck
    effects: tuple[Clause, ...] = ()  # its clauses in the effect vocabulary (``effects.py``)
    stand_in: bool = False  # a provisional stand-in for an illegible card (``printed_only``)
    text: str = ""  # the card's own words, when its effect is not a named one
    origin: str = ""  # the module whose data brought it ("": the base game or a pack)


@dataclass(frozen=True, slots=True)
class Blessing:
    """A Blessing card: its words and its clauses (``effects.py``)."""

    index: int
    id: str
    god: str
    name: str
    text: str
    hunt: bool
    provenance: str
    effects: tuple[Clause, ...] = ()  # its clauses in the effect vocabulary (``effects.py``)
    stand_in: bool = False  # a provisional stand-in for an illegible card (``printed_only``)
    origin: str = ""  # the module whose data brought it ("": the base game or a pack)


@dataclass(frozen=True, slots=True)
class TempleCard:
    """Which Temples start a Blessing Draft, and the Oracle of Delphi's reward."""

    index: int
    id: str
    drafts: tuple[int, ...]
    oracle: str
    provenance: str


@dataclass(frozen=True, slots=True)
class God:
    """A god: Monument site, Attribute, God's Artifact, Monument Power per level."""

    index: int
    id: str
    name: str
    site: int
    attribute: int
    artifact: str
    powers: tuple[tuple[str, int] | None, ...]
    provenance: str


@dataclass(frozen=True, slots=True)
class Artifact:
    """An Artifact: a God's, a Monster's reward or a Neutral one; ``effect`` is its words."""

    index: int
    id: str
    name: str
    effect: str
    kind: str
    provenance: str
    effects: tuple[Clause, ...] = ()  # what it does, as clauses (``effects.py``)
    origin: str = ""  # the module whose data brought it ("": the base game or a pack)


Wound = tuple[str, str]  # (symbol, reward mark: "", "priest" or "artifact")


class MonsterCard(NamedTuple):
    """A Monster's Event card: where it appears, and how it Evolves when already out.

    ``evolve`` names an ``Evolution`` record (what it does); ``wounds``: the symbols it adds.
    """

    spawn: int
    evolve: str
    wounds: tuple[Wound, ...]


@dataclass(frozen=True, slots=True)
class Monster:
    """A Monster and its tray: Wounds, Special Attack, Region Attack, passive, Event cards."""

    index: int
    id: str
    name: str
    artifact: str
    wounds: tuple[Wound, ...]
    special: tuple[Clause, ...]  # its Special Attack: ``undefended`` clauses
    attack: tuple[str, int]
    passive: str
    cards: tuple[MonsterCard, ...]
    provenance: str


@dataclass(frozen=True, slots=True)
class AttackCard:
    """A Monster Attack card: its Strength rule and what it does if not defended (clauses)."""

    index: int
    id: str
    name: str
    strength: tuple[str, int]
    effects: tuple[Clause, ...]
    count: int
    provenance: str


@dataclass(frozen=True, slots=True)
class Effects:
    """A record that is only what it does: its words and its clauses."""

    index: int
    id: str
    text: str  # its words ("": those of data/texts.toml)
    effects: tuple[Clause, ...]
    provenance: str


@dataclass(frozen=True, slots=True)
class Evolution(Effects):
    """What an Evolve card does to its Monster (Event cards name it by ``id``)."""


@dataclass(frozen=True, slots=True)
class Reward(Effects):
    """A Quest's reward (Quests name it by ``id``): ``completed`` and ``kept`` clauses."""

    @property
    def kept(self) -> bool:
        """Return whether the Quest card is kept, to be discarded later for its effect."""
        return any(c.when == "kept" for c in self.effects)


@dataclass(frozen=True, slots=True)
class Quest:
    """A Quest card of the Events Deck: its Region, three Quest Steps and its reward."""

    index: int
    id: str
    name: str
    region: int
    steps: tuple[tuple[tuple[str, int], ...], ...]
    reward: str
    provenance: str
    stand_in: bool = False  # a stand-in Training card's Quest (``printed_only``)


@dataclass(frozen=True)
class Content:
    """Everything Lords of Hellas reads from data files."""

    land_ids: tuple[str, ...]
    attributes: tuple[str, ...]
    regions: tuple[Region, ...]
    heroes: tuple[Hero, ...]
    combat: tuple[CombatCard, ...]
    blessings: tuple[Blessing, ...]
    temples: tuple[TempleCard, ...]
    gods: tuple[God, ...]
    artifacts: tuple[Artifact, ...]
    monsters: tuple[Monster, ...]
    quests: tuple[Quest, ...]
    die: tuple[str, ...]
    attack_cards: tuple[AttackCard, ...]
    injurable: tuple[int, ...] = (0, 1, 2)  # the Attributes an Injury may flip (Hero board)
    evolutions: tuple[Evolution, ...] = ()
    rewards: tuple[Reward, ...] = ()
    modules: tuple[str, ...] = field(default=(), compare=False)  # the modules configured
    pack: str = field(default="", compare=False)  # the content pack folder ("" for none)
    printed_only: bool = field(default=False, compare=False)  # stand-in cards left out
    fingerprint: str = field(default="", compare=False)  # the pack's digest (``fingerprint``)
    # a pack's module files (``<pack>/modules/<id>.toml``) by module id: path and raw tables
    pack_modules: Mapping[str, Mapping[str, Any]] = field(default_factory=dict, compare=False)
    # values derived from this content once (the choice table, the view's lookups ...)
    derived: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    # derived once, read on every play: each Land's Regions, and each kind's index by id
    lands: tuple[tuple[int, ...], ...] = field(init=False, compare=False, repr=False)
    blue: int = field(init=False, compare=False, repr=False)  # the blue Land's index, or -1
    injury_mask: int = field(init=False, compare=False, repr=False)  # bits of ``injurable``
    # the Events Deck's cards: ("quest", quest, 0) then ("monster", monster, card number)
    events: tuple[tuple[str, int, int], ...] = field(init=False, compare=False, repr=False)
    _ids: dict[str, dict[str, int]] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        lands = tuple(
            tuple(r.index for r in self.regions if r.land == land)
            for land in range(len(self.land_ids))
        )
        kinds = (
            "regions",
            "heroes",
            "combat",
            "blessings",
            "gods",
            "monsters",
            "artifacts",
            "quests",
            "evolutions",
            "rewards",
        )
        ids = {k: {x.id: x.index for x in getattr(self, k)} for k in kinds}
        object.__setattr__(self, "lands", lands)
        object.__setattr__(self, "injury_mask", sum(1 << a for a in self.injurable))
        object.__setattr__(
            self, "blue", self.land_ids.index("blue") if "blue" in self.land_ids else -1
        )
        events = [("quest", q.index, 0) for q in self.quests]
        events += [("monster", m.index, k) for m in self.monsters for k in range(len(m.cards))]
        object.__setattr__(self, "events", tuple(events))
        object.__setattr__(self, "_ids", ids)

    def region(self, region_id: str) -> Region:
        """Return the Region with this id."""
        return self.regions[self._ids["regions"][region_id]]

    def hero(self, hero_id: str) -> Hero:
        """Return the Hero with this id."""
        return self.heroes[self._ids["heroes"][hero_id]]

    def card(self, card_id: str) -> CombatCard:
        """Return the Combat Card with this id."""
        return self.combat[self._ids["combat"][card_id]]

    def blessing(self, blessing_id: str) -> Blessing:
        """Return the Blessing with this id."""
        return self.blessings[self._ids["blessings"][blessing_id]]

    def blessing_index(self, blessing_id: str) -> int:
        """Return the index of the Blessing with this id, or -1 if the content has none."""
        return self._ids["blessings"].get(blessing_id, -1)

    def god(self, god_id: str) -> God:
        """Return the God with this id."""
        return self.gods[self._ids["gods"][god_id]]

    def monster(self, monster_id: str) -> Monster:
        """Return the Monster with this id."""
        return self.monsters[self._ids["monsters"][monster_id]]

    def quest(self, quest_id: str) -> Quest:
        """Return the Quest with this id."""
        return self.quests[self._ids["quests"][quest_id]]

    def artifact(self, artifact_id: str) -> Artifact:
        """Return the Artifact with this id."""
        return self.artifacts[self._ids["artifacts"][artifact_id]]

    def evolution(self, evolution_id: str) -> Evolution:
        """Return the Evolution with this id."""
        return self.evolutions[self._ids["evolutions"][evolution_id]]

    def reward(self, reward_id: str) -> Reward:
        """Return the Quest reward with this id."""
        return self.rewards[self._ids["rewards"][reward_id]]


FILES = (
    "map.toml",
    "heroes.toml",
    "combat.toml",
    "blessings.toml",
    "temples.toml",
    "gods.toml",
    "monsters.toml",
    "artifacts.toml",
)
TABLES = {
    "map.toml": ("region", "land"),
    "heroes.toml": ("hero", "attribute", "ability"),
    "combat.toml": ("card",),
    "blessings.toml": ("blessing",),
    "temples.toml": ("temple_card",),
    "gods.toml": ("god", "artifact"),
    "monsters.toml": ("monster", "quest", "attack_card", "evolution", "reward"),
    "artifacts.toml": ("artifact",),
}


def _new_record(
    record: Any, path: Path, base: Sequence[Mapping[str, Any]]
) -> dict[str, Any] | None:
    """Return a pack record marked ``new = true`` (without the mark), else ``None``."""
    if not isinstance(record, Mapping) or not record.get("new"):
        return None
    if any(r.get("id") == record.get("id") for r in base):
        raise ContentError(str(path), str(record.get("id")), "new", "this id exists already")
    return {k: v for k, v in record.items() if k != "new"}


def _overlay(
    data: dict[str, dict[str, Any]], source: str, file: str, table: str, records: Any
) -> None:
    """Merge one table of overlay records into ``data``.

    ``new = true`` adds a record, ``drop = true`` removes one (a module's own data only), the
    others replace the record with the same id.  A module's new records remember the module
    (``__origin__``: its cards are offered with its other choices); a pack's records remember
    their file (``__file__``: errors name it in full); a replacement keeps the origin.
    """
    if not isinstance(records, list):
        raise ContentError(source, "", table, "expected [[records]]")
    module = source.startswith("module ")
    if not module:
        check_records(source, table, records, table)
        records = [as_pack(r) for r in records]
    base = data[file].get(table, [])
    dropped = set()
    for r in records:
        if isinstance(r, Mapping) and r.get("drop"):
            if not source.startswith("module "):
                raise ContentError(source, str(r.get("id")), "drop", "only a module drops records")
            if not any(b.get("id") == r.get("id") for b in base):
                raise ContentError(source, str(r.get("id")), "drop", "no such record to drop")
            dropped.add(r.get("id"))
    kept = [r for r in records if not (isinstance(r, Mapping) and r.get("drop"))]
    added = [_new_record(r, Path(source), base) for r in kept]
    origins = {b.get("id"): b["__origin__"] for b in base if "__origin__" in b}
    tag: dict[str, str] = {}
    if source.startswith("module "):
        tag["__origin__"] = source.removeprefix("module ")
    else:
        tag["__file__"] = source
    replaced = [
        {**r, **tag, **({"__origin__": origins[r["id"]]} if r.get("id") in origins else {})}
        if isinstance(r, Mapping) and "__file__" in tag
        else r
        for r, new in zip(kept, added, strict=True)
        if new is None
    ]
    merged = merge_by_id(base, replaced, source) + [
        {**new, **tag} for new in added if new is not None
    ]
    data[file][table] = [r for r in merged if r.get("id") not in dropped]


_FILE_OF = {table: file for file, tables in TABLES.items() for table in tables}


def module_raw(module_id: str) -> dict[str, Any]:
    """Return a module's ``data.toml`` (its base-game records and its own ``[module]`` table)."""
    return _module_raw(module_id)


@cache
def _module_raw(module_id: str) -> dict[str, Any]:
    from hellas.games.lords.modules import package  # noqa: PLC0415

    try:
        return read_package_toml(package(module_id), "data.toml")
    except FileNotFoundError:
        return {}


def load(
    pack: Path | None = None, modules: Sequence[str] = (), printed_only: bool = False
) -> Content:
    """Return the built-in content with module records, then a pack's, merged over it by id.

    ``printed_only`` leaves out every record marked ``stand_in = true`` (the provisional
    stand-ins for cards the rulebook does not show legibly).
    """
    data: dict[str, dict[str, Any]] = {}
    for name in FILES:
        data[name] = dict(read_package_toml(PACKAGE, name))
    from hellas.games.lords.modules import expand  # noqa: PLC0415 - modules import content

    for module_id in expand(modules):
        for table, records in module_raw(module_id).items():
            if table == "module":
                continue
            if table not in _FILE_OF:
                raise ContentError(f"module {module_id}", "", table, "unknown table")
            _overlay(data, f"module {module_id}", _FILE_OF[table], table, records)
    pack_modules: dict[str, dict[str, Any]] = {}
    if pack is not None:
        pack = pack.resolve()  # errors name the pack's files in full
        if not pack.is_dir():
            raise ContentError(str(pack), "", "", "a content pack must be a folder")
        known = set(FILES)
        for path in sorted(pack.glob("*.toml")):
            if path.name == "pack.toml":  # the pack's manifest (``packs.py``)
                continue
            if path.name not in known:
                raise ContentError(str(path), "", "", f"unknown file (known: {', '.join(FILES)})")
            override = read_pack_file(path)
            for table, records in override.items():
                if table not in TABLES[path.name] and table != "die":
                    raise ContentError(str(path), "", table, "unknown table")
                if table == "die":
                    if not isinstance(records, Mapping):
                        raise ContentError(str(path), "", "die", "expected a [die] table")
                    data[path.name]["die"] = as_pack(records)
                    continue
                # a record marked ``new = true`` adds to the game; the others replace by id
                _overlay(data, str(path), path.name, table, records)
        # a module's records live in <pack>/modules/<module id>.toml (``packs_modules``):
        # its base-game tables join the game with the module, its [module] table its rules read
        pack_modules = module_files(pack)
        for module_id in expand(modules):
            if module_id in pack_modules:
                found = pack_modules[module_id]
                for table, records in record_tables(found["data"], found["path"], _FILE_OF):
                    _overlay(data, found["path"], _FILE_OF[table], table, records)
    if printed_only:
        for tables in data.values():
            for table, records in list(tables.items()):
                if isinstance(records, list):
                    tables[table] = [
                        r for r in records if not (isinstance(r, Mapping) and r.get("stand_in"))
                    ]
    from hellas.games.lords.parse import parse  # noqa: PLC0415 - parse reads these records

    loaded = parse(data, tuple(expand(modules)))
    object.__setattr__(loaded, "modules", tuple(m for m in modules if m))
    object.__setattr__(loaded, "pack_modules", pack_modules)
    object.__setattr__(loaded, "printed_only", printed_only)
    return loaded


def fingerprint(pack: str | Path) -> str:
    """Return a digest of a content pack's files (names and bytes): it names the pack's text.

    A saved game keeps it, so that loading the game again with a changed pack is refused
    instead of replaying other rules.
    """
    folder = Path(pack)
    if not folder.is_dir():
        raise ContentError(str(pack), "", "", "a content pack must be a folder")
    digest = hashlib.sha256()
    total = 0
    for path in sorted([*folder.glob("*.toml"), *folder.glob("modules/*.toml")]):
        total += len(raw := pack_bytes(path))
        if total > MAX_PACK_BYTES:
            raise ContentError(
                str(folder), "", "", f"its files have more than {MAX_PACK_BYTES} bytes together"
            )
        digest.update(path.relative_to(folder).as_posix().encode())
        digest.update(b"\0")
        digest.update(raw)
        digest.update(b"\0")
    return digest.hexdigest()[:16]


# Every content value built in this process, by (modules, pack fingerprint): a cache of
# immutable values (tables with different modules and packs share the process), never a setting.
_BUILT: dict[tuple[str, str], Content] = {}  # key: (modules, fingerprint [+ "/printed"])
_LOCK = threading.Lock()


def configured(
    modules: str = "", pack: str | Path = "", expected: str = "", printed_only: bool = False
) -> Content:
    """Return the content of a normalized ``modules`` value and a content pack folder.

    Built once per (modules, pack text, ``printed_only``): the pack is validated over the
    modules' content (it may add records that refer to a module's, e.g. a Poseidon Blessing) and
    may change and add records, never remove them.  ``expected``: the pack fingerprint a saved
    game was made with; a pack whose files changed since is refused with a clear error.
    ``printed_only``: without the provisional stand-in cards.
    """
    print_ = fingerprint(pack) if pack else ""
    if expected and print_ != expected:
        raise ContentError(
            str(pack),
            "",
            "",
            f"this game was made with the pack's fingerprint {expected}; the folder now has "
            f"{print_ or 'no pack'} (its files changed)",
        )
    key = (modules, print_ + ("/printed" if printed_only else ""))
    c = _BUILT.get(key)
    if c is not None:
        return c
    names = [m for m in modules.split(",") if m]
    loaded = load(Path(pack) if pack else None, names, printed_only)
    if pack:
        core = configured(modules, printed_only=printed_only)
        _check_shape(loaded, core)
        check_needs(loaded, str(Path(pack).resolve()))  # a module's rule named without it
        _check_choices(loaded, core, str(pack))
        object.__setattr__(loaded, "pack", str(pack))
        object.__setattr__(loaded, "fingerprint", print_)
    with _LOCK:
        return _BUILT.setdefault(key, loaded)


def built(modules: str, pack_fingerprint: str = "", printed_only: bool = False) -> Content:
    """Return content already built in this process (a renderer's way from a view to names)."""
    c = _BUILT.get((modules, pack_fingerprint + ("/printed" if printed_only else "")))
    if c is None:
        if pack_fingerprint:
            raise ContentError(
                "", "", "", f"no content pack with fingerprint {pack_fingerprint} is loaded"
            )
        return configured(modules, printed_only=printed_only)
    return c


def every_built() -> list[Content]:
    """Return every content built in this process, the core box's first."""
    first = configured()
    return [first, *(c for c in list(_BUILT.values()) if c is not first)]


def base() -> Content:
    """Return the core box's content (no module, no pack)."""
    return configured()


def content_of(s: Any) -> Content:
    """Return the content a game state carries (its modules and pack, built at ``new``)."""
    c: Content = s.content
    return c


def _check_choices(pack: Content, core: Content, folder: str) -> None:
    """Refuse a pack whose records would make a game's choices ambiguous or too many.

    Two records of different kinds may not give one choice (a Blessing and a Construct both
    ``use:<id>``), and the Regions it adds are limited (``MAX_NEW_REGIONS``): the choice table,
    built here once, is the one every game with this content uses.
    """
    from hellas.games.lords.choices import table  # noqa: PLC0415 - choices read content

    added = len(pack.regions) - len(core.regions)
    if added > MAX_NEW_REGIONS:
        raise ContentError(
            folder, "", "", f"it adds {added} Regions; a pack may add {MAX_NEW_REGIONS} at most"
        )
    try:
        table(pack)
    except ContentError:
        raise
    except ValueError as exc:  # the choice table's "duplicate choice key ..."
        raise ContentError(
            folder, "", "", f"two of its records give one choice ({exc}): give each its own id"
        ) from exc


def _check_shape(pack: Content, base: Content) -> None:
    """Refuse a pack that drops built-in records (adding new ones is allowed)."""
    for name in ("regions", "gods", "monsters", "heroes", "quests", "artifacts", "combat"):
        ids = {r.id for r in getattr(pack, name)}
        if not ids >= {r.id for r in getattr(base, name)}:
            raise ContentError(
                name, "", "", "a content pack may change and add records, not remove them"
            )
