"""The Legends of Hellas state: compact, fast to copy, and a plain-JSON round trip.

Cards are integers (``content.GUILE`` .. ``content.DIVINE``); a hand is a run of six counts in
one flat list; the decks are lists with the top at the end.  Monster slots are immutable and
shared between copies (copy-on-write), so :meth:`LegendsState.copy` copies a few flat lists and
nothing else; slots with the same needs, counts and room share one :class:`Shape`, which knows
what may still be played and the shape after each next card (playing a card looks it up).
The state also carries what each seat *knows* about cards it cannot see (lower bounds on other
hands, which discard-pile cards it saw), which ``view`` and ``determinize`` use.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hellas.core.game import Choice
from hellas.core.rng import Rng
from hellas.games.legends.content import NUM_ATTRS, Mission, content

SINGLE, CHIMERA, HADES = 0, 1, 2
KIND_NAMES = ("monster", "chimera", "hades")
KIND_SIZE = (5, 8, 10)

# How a card lies next to a monster.
FACE_UP, FACE_DOWN, SIDEWAYS = 0, 1, 2
MODE_NAMES = ("face-up", "face-down", "sideways")

# Phases: whose decision it is and what kind.
(
    P_VOLUNTEER,
    P_SETUP_PLACE,
    P_PLACE,
    P_ACTION,
    P_MOVE_DISCARD,
    P_RECOVER,
    P_RECOVER_DISCARD,
    P_SUPPORT_GIVE,
    P_SUPPORT_DISCARD,
    P_ORACLE_DISCARD,
    P_ORACLE_ORDER,
    P_OVER,
) = range(12)
PHASE_NAMES = (
    "volunteer",
    "setup-place",
    "place",
    "action",
    "move-discard",
    "recover",
    "recover-discard",
    "support-give",
    "support-discard",
    "oracle-discard",
    "oracle-order",
    "over",
)


def _answers(
    need: tuple[int, ...], counts: tuple[int, ...], left: int
) -> tuple[bool, tuple[int, ...]]:
    """Return whether a slot is slayable now and the attributes a card may still count as.

    A card of attribute a keeps the monster defeatable when the ``left`` slots after it can
    still cover every missing symbol.
    """
    missing = 0
    for a in range(NUM_ATTRS):
        if counts[a] < need[a]:
            missing += need[a] - counts[a]
    playable = tuple(
        a
        for a in range(NUM_ATTRS)
        if need[a] and left >= missing - (1 if counts[a] < need[a] else 0)
    )
    return missing == 0, playable


class Shape:
    """What every slot with the same needs, counted symbols and room shares (one object each).

    Holds the answers of :func:`_answers` and, once asked, the shape after one more card of
    each attribute, so playing a card looks up its next shape by attribute instead of building
    and hashing the counts again (``MonsterSlot.with_card``, once per fight in a search).
    """

    __slots__ = ("after", "counts", "need", "playable", "room", "slayable")

    def __init__(self, need: tuple[int, ...], counts: tuple[int, ...], room: int) -> None:
        self.need = need
        self.counts = counts
        self.room = room  # cards the slot may still take: its size less the cards counted
        self.slayable, self.playable = _answers(need, counts, room - 1)
        self.after: list[Shape | None] = [None] * NUM_ATTRS

    def then(self, as_attr: int) -> Shape:
        """Return the shape after one more card counted as ``as_attr``."""
        nxt = self.after[as_attr]
        if nxt is None:
            c = list(self.counts)
            c[as_attr] += 1
            nxt = self.after[as_attr] = shape_of(self.need, tuple(c), self.room - 1)
        return nxt


_SHAPES: dict[tuple[tuple[int, ...], tuple[int, ...], int], Shape] = {}


def shape_of(need: tuple[int, ...], counts: tuple[int, ...], room: int) -> Shape:
    """Return the one shape of (need, counts, room), made on first use."""
    key = (need, counts, room)
    known = _SHAPES.get(key)
    if known is None:
        known = _SHAPES[key] = Shape(need, counts, room)
    return known


class MonsterSlot:
    """A monster (or Chimera, or Hades) on the table with the cards played next to it.

    Immutable by convention: playing a card builds a new slot, so copies of the state can share
    slots.  ``playable`` lists the attributes a card may still count as without making the
    monster impossible to defeat; ``slayable`` says a sideways divine intervention slays it now.
    """

    __slots__ = (
        "alive",
        "by_divine",
        "cards",
        "counts",
        "ids",
        "kind",
        "name",
        "need",
        "playable",
        "played",
        "shape",
        "size",
        "slayable",
    )

    def __init__(
        self,
        ids: tuple[int, ...],
        kind: int,
        counts: tuple[int, ...] = (0, 0, 0, 0, 0),
        played: int = 0,
        cards: tuple[tuple[int, int, int, int], ...] = (),
        alive: bool = True,
        by_divine: bool = False,
        shape: Shape | None = None,
    ) -> None:
        facts = _FACTS.get((ids, kind))
        if facts is None:
            facts = _FACTS[(ids, kind)] = (_need_of(ids), slot_name(ids, kind), KIND_SIZE[kind])
        need, name, size = facts
        if shape is None:  # ``with_card`` passes the shape it looked up; others find it here
            shape = shape_of(need, counts, size - played)
        self.ids = ids
        self.kind = kind
        self.size = size
        self.need = need
        self.counts = counts
        self.played = played
        self.cards = cards
        self.alive = alive
        self.by_divine = by_divine
        self.name = name
        self.shape = shape
        self.slayable = shape.slayable
        self.playable = shape.playable if alive else ()

    def with_card(self, seat: int, card: int, as_attr: int, mode: int) -> MonsterSlot:
        """Return the slot with one more card next to it (sideways cards do not count)."""
        cards = (*self.cards, (seat, card, as_attr, mode))
        if mode == SIDEWAYS:
            return MonsterSlot(
                self.ids, self.kind, self.counts, self.played, cards, True, False, self.shape
            )
        shape = self.shape.then(as_attr)
        return MonsterSlot(
            self.ids, self.kind, shape.counts, self.played + 1, cards, True, False, shape
        )

    def defeated(self, by_divine: bool) -> MonsterSlot:
        """Return the slot marked as defeated."""
        return MonsterSlot(
            self.ids, self.kind, self.counts, self.played, self.cards, False, by_divine, self.shape
        )

    def missing(self) -> dict[int, int]:
        """Return, per attribute, how many more cards are required before a divine slay."""
        return {
            a: self.need[a] - self.counts[a]
            for a in range(NUM_ATTRS)
            if self.need[a] > self.counts[a]
        }

    def to_json(self) -> dict[str, Any]:
        """Return the slot as JSON data."""
        return {
            "ids": list(self.ids),
            "kind": self.kind,
            "counts": list(self.counts),
            "played": self.played,
            "cards": [list(c) for c in self.cards],
            "alive": self.alive,
            "by_divine": self.by_divine,
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> MonsterSlot:
        """Rebuild a slot from ``to_json`` output."""
        return cls(
            tuple(d["ids"]),
            d["kind"],
            tuple(d["counts"]),
            d["played"],
            tuple((c[0], c[1], c[2], c[3]) for c in d["cards"]),
            d["alive"],
            d["by_divine"],
        )


# (ids, kind) -> (attribute symbols needed, stable name, size): one look-up per slot built
_FACTS: dict[tuple[tuple[int, ...], int], tuple[tuple[int, ...], str, int]] = {}


def _need_of(ids: tuple[int, ...]) -> tuple[int, ...]:
    """Return the attribute symbols of these monster cards (duplicates counted)."""
    need = [0] * NUM_ATTRS
    for i in ids:
        for a in content().monsters[i].attributes:
            need[a] += 1
    return tuple(need)


def slot_name(ids: tuple[int, ...], kind: int) -> str:
    """Return the stable name of a slot: ``hydra``, ``minotaur+lamia`` or ``hades``."""
    if kind == HADES:
        return "hades"
    monsters = content().monsters
    return "+".join(monsters[i].id for i in sorted(ids))


class LegendsState:
    """Everything about one mission in progress (see the module docstring for the layout)."""

    __slots__ = (
        "actor",
        "broken",
        "cache",
        "colours",
        "current",
        "deck",
        "deck_known",
        "defeats",
        "difficulty",
        "discard",
        "discs",
        "divine_in_deck",
        "dmask",
        "entered",
        "finals_done",
        "forced",
        "free_replace",
        "gifts",
        "hands",
        "heroes",
        "hsize",
        "known",
        "known_sum",
        "mdeck",
        "mission",
        "monsters",
        "n",
        "oracle",
        "order",
        "passes",
        "pending",
        "phase",
        "place_order",
        "reason",
        "result",
        "rng",
        "support_left",
        "support_to",
        "turn",
    )

    # Attribute annotations (for the type checker).
    n: int
    mission: Mission
    difficulty: str
    heroes: tuple[int, ...]
    colours: tuple[int, ...]
    divine_in_deck: int
    rng: Rng
    hands: list[int]
    hsize: list[int]
    deck: list[int]
    deck_known: int
    discard: list[int]
    dmask: list[int]
    monsters: list[MonsterSlot]
    mdeck: list[int]
    discs: list[int]
    broken: int
    known: list[int]
    known_sum: list[int]
    gifts: tuple[tuple[int, int, int, int], ...]
    phase: int
    current: int
    actor: int
    turn: int
    defeats: int
    entered: int
    finals_done: int
    pending: tuple[str, ...]
    passes: int
    place_order: tuple[int, ...]
    support_to: int
    support_left: int
    oracle: list[int]
    order: list[int]
    forced: bool
    free_replace: bool
    result: int
    reason: str
    cache: list[Choice] | None

    def copy(self) -> LegendsState:
        """Return an independent copy (flat lists copied, immutable parts shared).

        ``list.copy`` rather than ``[:]``: the same list, without building a slice object
        (a copy is made once per search iteration).
        """
        t = LegendsState()
        t.n = self.n
        t.mission = self.mission
        t.difficulty = self.difficulty
        t.heroes = self.heroes
        t.colours = self.colours
        t.divine_in_deck = self.divine_in_deck
        t.rng = Rng(self.rng.state)
        t.hands = self.hands.copy()
        t.hsize = self.hsize.copy()
        t.deck = self.deck.copy()
        t.deck_known = self.deck_known
        t.discard = self.discard.copy()
        t.dmask = self.dmask.copy()
        t.monsters = self.monsters.copy()
        t.mdeck = self.mdeck.copy()
        t.discs = self.discs.copy()
        t.broken = self.broken
        t.known = self.known.copy()
        t.known_sum = self.known_sum.copy()
        t.gifts = self.gifts
        t.phase = self.phase
        t.current = self.current
        t.actor = self.actor
        t.turn = self.turn
        t.defeats = self.defeats
        t.entered = self.entered
        t.finals_done = self.finals_done
        t.pending = self.pending
        t.passes = self.passes
        t.place_order = self.place_order
        t.support_to = self.support_to
        t.support_left = self.support_left
        t.oracle = self.oracle.copy()
        t.order = self.order.copy()
        t.forced = self.forced
        t.free_replace = self.free_replace
        t.result = self.result
        t.reason = self.reason
        t.cache = self.cache
        return t

    def to_json(self) -> dict[str, Any]:
        """Return the whole state as JSON data."""
        return {
            "n": self.n,
            "mission": self.mission.number,
            "difficulty": self.difficulty,
            "heroes": list(self.heroes),
            "colours": list(self.colours),
            "divine_in_deck": self.divine_in_deck,
            "rng": self.rng.state,
            "hands": list(self.hands),
            "hsize": list(self.hsize),
            "deck": list(self.deck),
            "deck_known": self.deck_known,
            "discard": list(self.discard),
            "dmask": list(self.dmask),
            "monsters": [m.to_json() for m in self.monsters],
            "mdeck": list(self.mdeck),
            "discs": list(self.discs),
            "broken": self.broken,
            "known": list(self.known),
            "known_sum": list(self.known_sum),
            "gifts": [list(g) for g in self.gifts],
            "phase": self.phase,
            "current": self.current,
            "actor": self.actor,
            "turn": self.turn,
            "defeats": self.defeats,
            "entered": self.entered,
            "finals_done": self.finals_done,
            "pending": list(self.pending),
            "passes": self.passes,
            "place_order": list(self.place_order),
            "support_to": self.support_to,
            "support_left": self.support_left,
            "oracle": list(self.oracle),
            "order": list(self.order),
            "forced": self.forced,
            "free_replace": self.free_replace,
            "result": self.result,
            "reason": self.reason,
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> LegendsState:
        """Rebuild a state from ``to_json`` output."""
        t = cls()
        t.n = int(d["n"])
        t.mission = content().mission(int(d["mission"]))
        t.difficulty = str(d["difficulty"])
        t.heroes = tuple(d["heroes"])
        t.colours = tuple(d["colours"])
        t.divine_in_deck = int(d["divine_in_deck"])
        t.rng = Rng(int(d["rng"]))
        t.hands = list(d["hands"])
        t.hsize = list(d["hsize"])
        t.deck = list(d["deck"])
        t.deck_known = int(d["deck_known"])
        t.discard = list(d["discard"])
        t.dmask = list(d["dmask"])
        t.monsters = [MonsterSlot.from_json(m) for m in d["monsters"]]
        t.mdeck = list(d["mdeck"])
        t.discs = list(d["discs"])
        t.broken = int(d["broken"])
        t.known = list(d["known"])
        t.known_sum = list(d["known_sum"])
        t.gifts = tuple((g[0], g[1], g[2], g[3]) for g in d["gifts"])
        t.phase = int(d["phase"])
        t.current = int(d["current"])
        t.actor = int(d["actor"])
        t.turn = int(d["turn"])
        t.defeats = int(d["defeats"])
        t.entered = int(d["entered"])
        t.finals_done = int(d["finals_done"])
        t.pending = tuple(d["pending"])
        t.passes = int(d["passes"])
        t.place_order = tuple(d["place_order"])
        t.support_to = int(d["support_to"])
        t.support_left = int(d["support_left"])
        t.oracle = list(d["oracle"])
        t.order = list(d["order"])
        t.forced = bool(d["forced"])
        t.free_replace = bool(d.get("free_replace", False))
        t.result = int(d["result"])
        t.reason = str(d["reason"])
        t.cache = None
        return t

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LegendsState) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def hand(self, seat: int) -> list[int]:
        """Return the six card counts of ``seat``'s hand."""
        b = seat * 6
        return self.hands[b : b + 6]

    def known_index(self, observer: int, owner: int) -> int:
        """Return where ``observer``'s lower bounds on ``owner``'s hand start in ``known``.

        Observer ``n`` is the public layer: what every seat knows.
        """
        return (observer * self.n + owner) * 6
