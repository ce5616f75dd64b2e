"""Legends of Hellas components and missions, loaded from ``data/legends.toml``.

Attributes and card types are small integers (``GUILE`` .. ``COURAGE`` and ``DIVINE``) so that
hands are count vectors and the rules never touch strings on the hot path.  Monsters, heroes and
missions become frozen dataclasses, validated with errors that name the record and field.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from hellas.core.content import Fields, read_package_toml
from hellas.core.errors import ContentError

GUILE, SPEED, ARMS, STRENGTH, COURAGE, DIVINE = range(6)
ATTRIBUTES = ("guile", "speed", "arms", "strength", "courage")
CARD_TYPES = (*ATTRIBUTES, "divine")
CARD_TITLES = ("Guile", "Speed", "Arms", "Strength", "Courage", "Divine intervention")


def a_card(card: int) -> str:
    """Return a card type's title with its article: "an Arms", "a Guile"."""
    title = CARD_TITLES[card]
    return f"{'an' if title[:1] in 'AEIOU' else 'a'} {title}"


NUM_ATTRS = 5
NUM_TYPES = 6
DIFFICULTIES = ("human", "heroic", "godlike")
ARRIVAL_KINDS = ("monster", "chimera", "hades")
SPECIALS = (
    "none",
    "recover-after-divine",
    "cycle-through-deck",
    "cycle-through-discard",
    "divine-blocks-arrivals",
)
SOURCE = "legends.toml"


@dataclass(frozen=True, slots=True)
class MonsterCard:
    """One of the ten monster cards and the two attributes needed to vanquish it."""

    id: str
    name: str
    attributes: tuple[int, int]
    provenance: str


@dataclass(frozen=True, slots=True)
class Hero:
    """One of the five heroes and the default attribute of their colour."""

    id: str
    name: str
    colour: int
    provenance: str


@dataclass(frozen=True, slots=True)
class Mission:
    """A mission: starting monsters, what arrives after the n-th defeat, its special rule."""

    number: int
    name: str
    start: int
    arrivals: tuple[tuple[int, str], ...]
    special: str
    provenance: str
    ruling: str | None

    def arrivals_after(self, defeat: int) -> tuple[str, ...]:
        """Return what enters the game when the ``defeat``-th monster is defeated."""
        return tuple(kind for n, kind in self.arrivals if n == defeat)

    @property
    def finals(self) -> int:
        """Return how many Chimeras (or Hades) must be defeated to win."""
        return sum(1 for _, kind in self.arrivals if kind != "monster")

    @property
    def singles(self) -> int:
        """Return how many single monsters enter in all (at most)."""
        return self.start + sum(1 for _, kind in self.arrivals if kind == "monster")


@dataclass(frozen=True, slots=True)
class Content:
    """All Legends of Hellas data."""

    cards_per_attribute: int
    divine_total: int
    starting_hand: int
    difficulty: dict[str, tuple[int, ...]]
    monsters: tuple[MonsterCard, ...]
    heroes: tuple[Hero, ...]
    missions: tuple[Mission, ...]

    def hero(self, hero_id: str) -> Hero:
        """Return the hero with this id."""
        for h in self.heroes:
            if h.id == hero_id:
                return h
        raise KeyError(hero_id)

    def mission(self, number: int) -> Mission:
        """Return mission ``number`` (1-12)."""
        return self.missions[number - 1]

    def divine_count(self, difficulty: str, players: int) -> int:
        """Return how many divine interventions go into the deck (the difficulty table)."""
        return self.difficulty[difficulty][players - 1]


def _attribute(f: Fields, field: str, value: Any) -> int:
    if value not in ATTRIBUTES:
        raise f.error(field, f"{value!r} is not an attribute ({', '.join(ATTRIBUTES)})")
    return ATTRIBUTES.index(value)


def parse(data: dict[str, Any], source: str = SOURCE) -> Content:
    """Validate raw TOML data and return the content, or raise ``ContentError``."""
    deck = Fields(source, "deck", data.get("deck"))
    attrs = deck.items("attributes")
    if tuple(attrs) != ATTRIBUTES:
        raise deck.error("attributes", f"expected {list(ATTRIBUTES)}")
    per = deck.integer("cards_per_attribute", 1, 99)
    divine = deck.integer("divine_interventions", 0, 99)
    hand = deck.integer("starting_hand", 1, 10)
    deck.provenance()
    deck.finish()

    diff = Fields(source, "difficulty", data.get("difficulty"))
    table: dict[str, tuple[int, ...]] = {}
    for name in DIFFICULTIES:
        row = diff.items(name)
        if len(row) != 5 or not all(isinstance(x, int) and 0 <= x <= divine for x in row):
            raise diff.error(name, f"expected 5 counts between 0 and {divine}, got {row!r}")
        table[name] = tuple(row)
    diff.provenance()
    diff.finish()

    monsters = []
    for i, raw in enumerate(data.get("monster", [])):
        f = Fields(source, f"monster #{i + 1}", raw)
        mid = f.text("id")
        pair = f.items("attributes")
        if len(pair) != 2:
            raise f.error("attributes", "a monster has exactly two attributes")
        a, b = (_attribute(f, "attributes", v) for v in pair)
        monsters.append(MonsterCard(mid, f.text("name"), (a, b), f.provenance()))
        f.finish()
    if len(monsters) != 10:
        raise ContentError(source, "monster", "", f"expected 10 monsters, got {len(monsters)}")

    heroes = []
    for i, raw in enumerate(data.get("hero", [])):
        f = Fields(source, f"hero #{i + 1}", raw)
        colour = _attribute(f, "colour", f.text("colour"))
        heroes.append(Hero(f.text("id"), f.text("name"), colour, f.provenance()))
        f.finish()
    if len(heroes) != 5:
        raise ContentError(source, "hero", "", f"expected 5 heroes, got {len(heroes)}")

    missions = []
    for i, raw in enumerate(data.get("mission", [])):
        f = Fields(source, f"mission #{i + 1}", raw)
        number = f.integer("number", 1, 12)
        if number != i + 1:
            raise f.error("number", f"missions must be listed in order; expected {i + 1}")
        arrivals = []
        for item in f.items("arrivals"):
            if (
                not isinstance(item, list)
                or len(item) != 2
                or not isinstance(item[0], int)
                or item[1] not in ARRIVAL_KINDS
            ):
                raise f.error("arrivals", f"expected [defeat number, kind], got {item!r}")
            arrivals.append((item[0], str(item[1])))
        mission = Mission(
            number,
            f.text("name"),
            f.integer("start", 1, 5),
            tuple(arrivals),
            f.one_of("special", SPECIALS),
            f.provenance(),
            f.optional_text("ruling"),
        )
        f.finish()
        cards = mission.singles + sum(
            2 if k == "chimera" else 3 for _, k in arrivals if k != "monster"
        )
        if cards > len(monsters) or mission.finals < 1:
            raise f.error("arrivals", f"needs {cards} monster cards and at least one final")
        missions.append(mission)
    if len(missions) != 12:
        raise ContentError(source, "mission", "", f"expected 12 missions, got {len(missions)}")

    return Content(per, divine, hand, table, tuple(monsters), tuple(heroes), tuple(missions))


@cache
def content() -> Content:
    """Return the built-in content (read once)."""
    return parse(read_package_toml("hellas.games.legends.data", SOURCE))
