"""Fantasy Realms: Greek Legends cards, loaded from ``data/cards.toml`` into frozen records.

Effects use a small declarative vocabulary (documented at the top of the data file): bonus and
penalty *terms* over *selectors*, plus named endgame actions (clear, add a tag, Omega) and
instant Afterlife effects.  Selectors compile to tuples of atoms so that scoring is bit
arithmetic: suits are atoms 0-5, tags 6-18, then living (19), in the Afterlife (20) and
Afterlife icon (21); a specific card is the negative atom ``-(index + 1)``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from hellas.core.content import Fields, merge_by_id, read_package_toml, read_toml_file
from hellas.core.errors import ContentError

SUITS = ("god", "hero", "item", "location", "monster", "quest")
TAGS = (
    "monarch",
    "nimble",
    "strong",
    "artistic",
    "clever",
    "wise",
    "warrior",
    "friendly",
    "hostile",
    "aquatic",
    "divine",
    "plant",
    "magic",
)
GOD, HERO, ITEM, LOCATION, MONSTER, QUEST = range(6)
A_TAG = len(SUITS)  # tag b is selector atom A_TAG + b
A_LIVING, A_AFTERLIFE, A_ICON = 19, 20, 21
ATOMS = 22
ALL_TAGS = (1 << len(TAGS)) - 1
SOURCE = "cards.toml"

Conj = tuple[int, ...]
Selector = tuple[Conj, ...]


def tag_bit(name: str) -> int:
    """Return the bit of a tag name."""
    return 1 << TAGS.index(name)


def conj_tags(conj: Conj) -> int:
    """Return the tags an AND of selector atoms names, as bits."""
    mask = 0
    for a in conj:
        if A_TAG <= a < A_TAG + len(TAGS):
            mask |= 1 << (a - A_TAG)
    return mask


def sel_tags(sel: Selector) -> int:
    """Return the tags a selector names, as bits (kept by selector)."""
    named = _SEL_TAGS.get(sel)
    if named is None:
        named = 0
        for conj in sel:
            named |= conj_tags(conj)
        _SEL_TAGS[sel] = named
    return named


_SEL_TAGS: dict[Selector, int] = {}


@dataclass(frozen=True, slots=True)
class Term:
    """One bonus or penalty term (see the data file for the kinds)."""

    kind: str  # each | with | pairs | pairs_of | product | more | copy_base | unless
    value: int
    sels: tuple[Selector, ...] = ()
    needs: tuple[tuple[Selector, int], ...] = ()
    other: bool = False
    beyond: int = 0
    self_in_afterlife: bool = False
    what: str = ""
    text: str = ""


@dataclass(frozen=True, slots=True)
class Omega:
    """An endgame (Omega) penalty."""

    kind: str  # defeat | living_heroes | hero_with_tags | other_hero | god_in_hand
    tags: int = 0
    number: int = 0


@dataclass(frozen=True, slots=True)
class Card:
    """One card: facts, effects, provenance."""

    index: int
    id: str
    name: str
    suit: int
    base: int
    tags: int
    afterlife_icon: bool
    bonus: tuple[Term, ...]
    penalty: tuple[Term, ...]
    requires: tuple[Selector, ...]
    alive: bool
    clear_bonus: str | None
    clear_penalty: str | None
    add_tag: int
    omega: Omega | None
    saves_hero: bool
    lethe: bool
    instant: str | None
    promo: bool
    optional: bool
    provenance: str

    @property
    def has_penalty(self) -> bool:
        """Return whether the card has anything a penalty CLEAR can remove."""
        return bool(self.penalty or self.omega or self.clear_penalty or self.lethe)

    def tag_names(self) -> list[str]:
        """Return the printed tags."""
        return [t for i, t in enumerate(TAGS) if self.tags >> i & 1]


@dataclass(frozen=True)
class Deck:
    """All cards, by index and by id."""

    cards: tuple[Card, ...]

    def by_id(self, card_id: str) -> Card:
        """Return the card with this id."""
        for c in self.cards:
            if c.id == card_id:
                return c
        raise KeyError(card_id)


def phrase(text: str, names: Mapping[str, str] | None = None) -> str:
    """Return a selector in words: ``living+nimble`` -> ``living Nimble Hero``."""
    alts = []
    for part in text.split("|"):
        words = [w.strip() for w in part.split("+")]
        if all(w.startswith("card=") for w in words):
            alts.append(" ".join((names or {}).get(w[5:], w[5:]) for w in words))
            continue
        living = "living" in words
        afterlife = "afterlife" in words
        suit = next((w for w in words if w in SUITS), "hero" if living else "")
        tags = [w.capitalize() for w in words if w in TAGS]
        noun = suit.capitalize() if suit else ("card" if not tags else "")
        if "afterlife-icon" in words:
            noun = "card with the Afterlife icon"
        bits = (["living"] if living else []) + tags + ([noun] if noun else [])
        phrase_ = " ".join(bits)
        if afterlife:
            phrase_ += " in the Afterlife"
        alts.append(phrase_)
    return " or ".join(alts)


def _selector(f: Fields, field: str, text: Any, ids: Sequence[str]) -> Selector:
    if not isinstance(text, str) or not text.strip():
        raise f.error(field, f"expected a selector, got {text!r}")
    conjs = []
    for part in text.split("|"):
        atoms = []
        for word in part.split("+"):
            atom = word.strip()
            if atom in SUITS:
                atoms.append(SUITS.index(atom))
            elif atom in TAGS:
                atoms.append(A_TAG + TAGS.index(atom))
            elif atom == "living":
                atoms.extend((HERO, A_LIVING))
            elif atom == "afterlife":
                atoms.append(A_AFTERLIFE)
            elif atom == "afterlife-icon":
                atoms.append(A_ICON)
            elif atom.startswith("card="):
                card = atom[5:]
                if card not in ids:
                    raise f.error(field, f"selector names unknown card {card!r}")
                atoms.append(-(ids.index(card) + 1))
            else:
                raise f.error(field, f"unknown selector word {atom!r} in {text!r}")
        conjs.append(tuple(atoms))
    return tuple(conjs)


def _need(f: Fields, field: str, text: Any, ids: Sequence[str]) -> tuple[Selector, int]:
    if isinstance(text, str) and "*" in text:
        k, _, rest = text.partition("*")
        if not k.isdigit():
            raise f.error(field, f"expected K*SELECTOR, got {text!r}")
        return _selector(f, field, rest, ids), int(k)
    return _selector(f, field, text, ids), 1


def _sels(f: Fields, field: str, value: Any, ids: Sequence[str]) -> tuple[Selector, ...]:
    items = value if isinstance(value, list) else [value]
    return tuple(_selector(f, field, v, ids) for v in items)


def _term(f: Fields, field: str, raw: Any, ids: Sequence[str], penalty: bool) -> Term:
    if not isinstance(raw, Mapping):
        raise f.error(field, f"expected a table, got {raw!r}")
    keys = set(raw)
    kinds = keys & {"each", "with", "pairs", "product", "more", "copy_base", "unless"}
    if len(kinds) != 1:
        raise f.error(field, f"a term needs exactly one kind, got {sorted(keys)}")
    kind = kinds.pop()
    allowed = {kind, "of", "need", "other", "beyond", "self_in_afterlife"}
    extra = keys - allowed
    if extra:
        raise f.error(field, f"unknown term fields {sorted(extra)}")
    value = raw[kind]
    of = raw.get("of", raw.get("need", []))
    texts = of if isinstance(of, list) else [of]
    words = " / ".join(phrase(str(t).split("*")[-1]) for t in texts)
    if kind == "copy_base":
        if value not in ("afterlife", "blank-hero"):
            raise f.error(field, f"copy_base must be afterlife or blank-hero, got {value!r}")
        return Term("copy_base", 0, what=value, text=value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise f.error(field, f"{kind} needs a whole number, got {value!r}")
    if (value < 0) != penalty:
        raise f.error(field, "bonus values are positive and penalty values negative")
    other = bool(raw.get("other", False))
    if kind == "each":
        return Term(
            "each",
            value,
            _sels(f, field, raw.get("of"), ids),
            other=other,
            beyond=int(raw.get("beyond", 0)),
            text=words,
        )
    if kind in ("with", "unless"):
        needs = tuple(_need(f, field, n, ids) for n in raw.get("need", []))
        in_afterlife = bool(raw.get("self_in_afterlife", False))
        if not needs and not in_afterlife:
            raise f.error(field, f"{kind} needs a 'need' list or self_in_afterlife")
        return Term(
            kind,
            value,
            needs=needs,
            self_in_afterlife=in_afterlife,
            text="in the Afterlife" if in_afterlife else words,
        )
    if kind == "pairs":
        of = raw.get("of")
        if isinstance(of, str):
            return Term("pairs_of", value, _sels(f, field, of, ids), other=other, text=words)
        sels = _sels(f, field, of, ids)
        if len(sels) != 2:
            raise f.error(field, "pairs of two kinds need two selectors")
        return Term("pairs", value, sels, other=other, text=words)
    sels = _sels(f, field, raw.get("of"), ids)
    if len(sels) != 2:
        raise f.error(field, f"{kind} needs two selectors")
    return Term(kind, value, sels, other=other, text=words)


def _omega(f: Fields, raw: Any) -> Omega | None:
    if raw is None:
        return None
    if not isinstance(raw, Mapping) or len(raw) != 1:
        raise f.error("omega", f"expected one omega kind, got {raw!r}")
    ((kind, value),) = raw.items()
    if kind == "defeat":
        if not isinstance(value, list) or not all(v in TAGS for v in value):
            raise f.error("omega", f"defeat needs a list of tags, got {value!r}")
        mask = 0
        for v in value:
            mask |= tag_bit(v)
        return Omega("defeat", tags=mask)
    if kind in ("living_heroes", "hero_with_tags"):
        if not isinstance(value, int):
            raise f.error("omega", f"{kind} needs a number")
        return Omega(kind, number=value)
    if kind in ("other_hero", "god_in_hand") and value is True:
        return Omega(kind)
    raise f.error("omega", f"unknown omega {kind!r}")


FIELDS = (
    "id",
    "name",
    "suit",
    "base",
    "tags",
    "afterlife",
    "bonus",
    "penalty",
    "requires",
    "alive",
    "clear_bonus",
    "clear_penalty",
    "add_tag",
    "omega",
    "saves_hero",
    "lethe",
    "instant",
    "promo",
    "optional",
    "provenance",
)


def parse(records: Sequence[Mapping[str, Any]], source: str = SOURCE) -> Deck:
    """Validate card records and return the deck, or raise ``ContentError``."""
    ids = [str(r.get("id", "")) for r in records]
    seen: set[str] = set()
    cards = []
    for index, raw in enumerate(records):
        f = Fields(source, f"card {raw.get('id', f'#{index + 1}')!s}", raw)
        cid = f.text("id")
        if cid in seen:
            raise f.error("id", f"duplicate id {cid!r}")
        seen.add(cid)
        tags = 0
        for t in raw.get("tags", []):
            if t not in TAGS:
                raise f.error("tags", f"unknown tag {t!r} (tags: {', '.join(TAGS)})")
            tags |= tag_bit(t)
        add = raw.get("add_tag")
        add_mask = 0
        if add == "any":
            add_mask = ALL_TAGS
        elif isinstance(add, list):
            for t in add:
                if t not in TAGS:
                    raise f.error("add_tag", f"unknown tag {t!r}")
                add_mask |= tag_bit(t)
        elif add is not None:
            raise f.error("add_tag", f"expected a list of tags or 'any', got {add!r}")
        bonus = tuple(_term(f, "bonus", t, ids, False) for t in raw.get("bonus", []))
        penalty = tuple(_term(f, "penalty", t, ids, True) for t in raw.get("penalty", []))
        requires = tuple(_selector(f, "requires", s, ids) for s in raw.get("requires", []))
        clear_bonus = raw.get("clear_bonus")
        if clear_bonus not in (None, "any-penalty", "monster-penalty"):
            raise f.error("clear_bonus", f"unknown clear {clear_bonus!r}")
        clear_penalty = raw.get("clear_penalty")
        if clear_penalty not in (None, "lotus", "circe", "dionysus"):
            raise f.error("clear_penalty", f"unknown clear {clear_penalty!r}")
        instant = raw.get("instant")
        if instant not in (None, "oracle", "cornucopia", "fates", "altar"):
            raise f.error("instant", f"unknown instant effect {instant!r}")
        base = f.integer("base", 0, 99)
        suit = f.one_of("suit", SUITS)
        for name in ("afterlife", "alive", "saves_hero", "lethe", "promo", "optional"):
            if name in raw and not isinstance(raw[name], bool):
                raise f.error(name, "expected true or false")
        card = Card(
            index=index,
            id=cid,
            name=f.text("name"),
            suit=SUITS.index(suit),
            base=base,
            tags=tags,
            afterlife_icon=bool(raw.get("afterlife", False)),
            bonus=bonus,
            penalty=penalty,
            requires=requires,
            alive=bool(raw.get("alive", False)),
            clear_bonus=clear_bonus,
            clear_penalty=clear_penalty,
            add_tag=add_mask,
            omega=_omega(f, raw.get("omega")),
            saves_hero=bool(raw.get("saves_hero", False)),
            lethe=bool(raw.get("lethe", False)),
            instant=instant,
            promo=bool(raw.get("promo", False)),
            optional=bool(raw.get("optional", False)),
            provenance=f.provenance(),
        )
        unknown = sorted(set(raw) - set(FIELDS))
        if unknown:
            raise f.error(unknown[0], "is not a known field")
        cards.append(card)
    return Deck(tuple(cards))


def load(pack: Path | None = None) -> Deck:
    """Return the built-in cards, with a content pack's ``cards.toml`` merged over them."""
    data = read_package_toml("hellas.games.realms.data", SOURCE)
    records = data.get("card", [])
    if pack is not None:
        override = read_toml_file(pack / SOURCE)
        extra = override.get("card", [])
        if not isinstance(extra, list):
            raise ContentError(str(pack / SOURCE), "", "card", "expected [[card]] records")
        records = merge_by_id(records, extra, str(pack / SOURCE))
    return parse(records)


@cache
def deck() -> Deck:
    """Return the built-in cards (read once)."""
    return load()
