"""The Dark Ages modules' part of the Lords observation: each module panel as declared fields.

A Lords game with ``modules=...`` shows one panel per module in ``view["module_panels"]`` (the
module's ``view`` hook).  For every module in play this file declares fields named
``<module>.<field>`` after the base game's, so a game without modules keeps the base layout.
Each panel's ``title``, ``lines``, ``players`` badges, ``cards`` and ``regions`` markers say in
words what its id-valued keys hold (or repeat base-view facts such as a Monument's level, an
Artifact's owner, a Monster's Evolutions), so the encoder reads the id-valued keys; a module's
own procedures (``view["procedure"]``) get a one-hot each.  The Additional Combat Cards module's
panel never changes (its cards enter the ``hand``/``battle`` vocabularies through the content).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from hellas.rl.encoders.base import Layout, View, multi_hot, one_hot, scale, seat_index, vocabulary

if TYPE_CHECKING:
    from hellas.rl.encoders.lords import LordsEncoder

Panel = Mapping[str, Any]
Filler = Callable[[np.ndarray, Panel], None]
Adder = Callable[[str, int, str], int]

# panel keys that say in words what the id-valued keys hold (or never change): not encoded
PROSE = frozenset({"title", "lines", "players", "regions", "cards", "private", "board"})
CONSTANT_PANELS = frozenset({"combat-cards", "cleito"})  # modules whose whole panel never changes
ATTR_CAP = 6
CAPS = {"underworld": 10, "removed": 15, "held": 5}
DECK_CAP = 10


class ModuleFields:
    """The fields of the modules in play and how to fill them from their panels."""

    def __init__(self, enc: LordsEncoder, layout: Layout, modules: Sequence[Any]) -> None:
        self.parts: list[tuple[str, dict[str, int], int, Filler | None]] = []
        for m in modules:
            mid = m.id

            def add(name: str, size: int, meaning: str, mid: str = mid) -> int:
                return layout.add(f"{mid}.{name}", size, meaning)

            procs = vocabulary(sorted(m.procedures))
            start = (
                add(
                    "procedure",
                    len(procs),
                    "one-hot: this module's procedure on top of the stack: " + ", ".join(procs),
                )
                if procs
                else -1
            )
            build = BUILDERS.get(mid.replace("-simple", ""))
            filler = build(enc, add, mid) if build is not None else None
            if start < 0 and filler is None:
                continue
            self.parts.append((mid, procs, start, filler))

    def fill(self, out: np.ndarray, view: View) -> None:
        """Write every module's procedure and panel entries."""
        panels = view.get("module_panels") or {}
        proc = view.get("procedure")
        for mid, procs, start, filler in self.parts:
            if start >= 0 and proc in procs:
                out[start + procs[proc]] = 1.0
            panel = panels.get(mid)
            if filler is not None and panel:
                filler(out, panel)


def _per_seat(out: np.ndarray, start: int, values: Any, n: int, cap: float) -> None:
    for q, v in enumerate((values or ())[:n]):
        if v:
            out[start + q] = scale(v, cap)


def _poseidon(enc: LordsEncoder, add: Adder, mid: str) -> Filler:
    from hellas.games.lords.modules.poseidon.rules import settings  # noqa: PLC0415

    n, regions = enc.n, enc.regions
    ports = add("ports", len(regions), "Regions with a Port (multi-hot)")
    fleet = add("fleet", n, f"Fleet of each seat / {ATTR_CAP}") if settings(mid)["fleet"] else -1

    def fill(out: np.ndarray, p: Panel) -> None:
        multi_hot(out, ports, p.get("ports") or (), regions)
        if fleet >= 0:
            _per_seat(out, fleet, p.get("fleet"), n, ATTR_CAP)

    return fill


def _atlantis(enc: LordsEncoder, add: Adder, mid: str) -> Filler:
    n = enc.n
    o = add(
        "factory",
        1 + n + 1 + n,
        "the Factory is built; Talos' controller one-hot (n); Talos acted this turn; the "
        "Siren's captives (multi-hot n)",
    )

    def fill(out: np.ndarray, p: Panel) -> None:
        if p.get("factory"):
            out[o] = 1.0
        one_hot(out, o + 1, seat_index(p.get("talos_controller"), n), n)
        if p.get("talos_acted"):
            out[o + 1 + n] = 1.0
        for q in p.get("captives") or ():
            one_hot(out, o + 2 + n, seat_index(q, n), n)

    return fill


def _orichalkum(enc: LordsEncoder, add: Adder, mid: str) -> Filler:
    from hellas.games.lords.modules.orichalkum.constructs import settings  # noqa: PLC0415

    n, regions = enc.n, enc.regions
    constructs = vocabulary(c.id for c in settings(enc.content).constructs)
    cap = CAPS["held"]
    tokens = add("tokens", len(regions), "Regions with an Orichalkum token (multi-hot)")
    held = add("held", n, f"Orichalkum held by each seat / {cap}")
    face_up = add("constructs", max(1, len(constructs)), "face-up Construct cards (multi-hot)")
    counts = add(
        "counts",
        3,
        f"Construct deck / {DECK_CAP}, Orichalkum spent / 20, Constructs used / {DECK_CAP}",
    )

    def fill(out: np.ndarray, p: Panel) -> None:
        multi_hot(out, tokens, p.get("tokens") or (), regions)
        _per_seat(out, held, p.get("held"), n, cap)
        multi_hot(out, face_up, p.get("constructs") or (), constructs)
        out[counts] = scale(p.get("deck") or 0, DECK_CAP)
        out[counts + 1] = scale(p.get("spent") or 0, 20)
        out[counts + 2] = scale(p.get("gone") or 0, DECK_CAP)

    return fill


def _hades(enc: LordsEncoder, add: Adder, mid: str) -> Filler:
    n, regions = enc.n, enc.regions
    r = len(regions)
    cap = CAPS["removed"]
    removed = add("removed", n, f"Hoplites removed from the game per seat / {cap}")
    if mid.endswith("-simple"):

        def simple(out: np.ndarray, p: Panel) -> None:
            _per_seat(out, removed, p.get("removed"), n, CAPS["removed"])

        return simple
    cap = CAPS["underworld"]
    under = add("underworld", n, f"Hoplites in the Underworld per seat / {cap}")
    raise_ = add("raise", n, f"Raise of each seat / {ATTR_CAP}")
    gates = add("gates", n * r, f"per seat: the Region of its Gate of Hades (one-hot {r})")
    warriors = add(
        "warriors",
        r * (1 + n),
        f"per Region ({r}): Warriors of Hades there / 3, the seats they joined (multi-hot n)",
    )
    rose = add("resurrection_used", 1, "the Resurrection has been used")

    def fill(out: np.ndarray, p: Panel) -> None:
        _per_seat(out, removed, p.get("removed"), n, CAPS["removed"])
        _per_seat(out, under, p.get("underworld"), n, CAPS["underworld"])
        _per_seat(out, raise_, p.get("raise"), n, ATTR_CAP)
        for q, g in enumerate((p.get("gates") or ())[:n]):
            one_hot(out, gates + q * r, regions.get(g) if g else None, r)
        for w in p.get("warriors") or ():
            i = regions.get(w.get("region"))
            if i is None:
                continue
            base = warriors + i * (1 + n)
            out[base] = min(1.0, out[base] + 1 / 3)
            one_hot(out, base + 1, seat_index(w.get("joined"), n), n)
        if p.get("resurrection_used"):
            out[rose] = 1.0

    return fill


def _hephaestus(enc: LordsEncoder, add: Adder, mid: str) -> Filler:
    from hellas.games.lords.modules.hephaestus.common import RELIC_KINDS  # noqa: PLC0415

    n = enc.n
    arts, bless = enc.artifacts, enc.blessings
    drawn = add(
        "drawn",
        max(1, len(arts)) + len(bless),
        "what I drew and must choose from: Artifacts (multi-hot), a Blessing (one-hot)",
    )
    relics = vocabulary(c.id for c in enc.content.combat if c.kind in RELIC_KINDS)
    k = len(relics)
    o = -1
    if not mid.endswith("-simple") and k:
        o = add(
            "relics",
            2 + 2 * k + 2 * n * k,
            f"Relic deck / {DECK_CAP}, Lightning deck / {DECK_CAP}, Lightning deck's top "
            f"one-hot ({k}), face-up Relics (multi-hot {k}), per seat: Relics held (multi-hot "
            f"{k}), Relics used (multi-hot {k})",
        )

    def fill(out: np.ndarray, p: Panel) -> None:
        multi_hot(out, drawn, p.get("drawn_artifacts") or (), arts)
        b = p.get("drawn_blessing")
        if b is not None:
            one_hot(out, drawn + max(1, len(arts)), bless.get(b), len(bless))
        r = p.get("relics")
        if o < 0 or not r:
            return
        out[o] = scale(r.get("deck") or 0, DECK_CAP)
        out[o + 1] = scale(r.get("lightning_deck") or 0, DECK_CAP)
        top = r.get("lightning_top")
        if top is not None:
            one_hot(out, o + 2, relics.get(top), k)
        multi_hot(out, o + 2 + k, r.get("offer") or (), relics)
        for q, held in enumerate((r.get("held") or ())[:n]):
            multi_hot(out, o + 2 + 2 * k + q * 2 * k, held, relics)
        for q, used in enumerate((r.get("used") or ())[:n]):
            multi_hot(out, o + 2 + 3 * k + q * 2 * k, used, relics)

    return fill


def _heroes_monsters(enc: LordsEncoder, add: Adder, mid: str) -> Filler:
    bless = enc.blessings
    o = add("extra_blessing", len(bless), "the extra Blessing I drew (Cassandra), one-hot")

    def fill(out: np.ndarray, p: Panel) -> None:
        b = p.get("extra_blessing")
        if b is not None:
            one_hot(out, o, bless.get(b), len(bless))

    return fill


def _chiron(enc: LordsEncoder, add: Adder, mid: str) -> Filler:
    n, regions = enc.n, enc.regions
    cards = vocabulary(c.id for c in enc.content.combat if c.kind == "training")
    t = max(1, len(cards))
    o = add(
        "training",
        2 + len(regions),
        "Training deck / 3, a Training card waits for the next Quest, the Region where "
        "Chiron trains one-hot",
    )
    owned = add(
        "cards", 2 * n * t, f"per seat: Training cards held (multi-hot {t}), used (multi-hot {t})"
    )

    def fill(out: np.ndarray, p: Panel) -> None:
        out[o] = scale(p.get("training_deck") or 0, 3)
        if p.get("aside"):
            out[o + 1] = 1.0
        at = p.get("training_at")
        if at is not None:
            one_hot(out, o + 2, regions.get(at), len(regions))
        for q, ids in enumerate((p.get("owned") or ())[:n]):
            multi_hot(out, owned + q * 2 * t, ids, cards)
        for q, ids in enumerate((p.get("used") or ())[:n]):
            multi_hot(out, owned + q * 2 * t + t, ids, cards)

    return fill


def _opportunity(enc: LordsEncoder, add: Adder, mid: str) -> Filler:
    from hellas.games.lords.modules.opportunity.rules import cards as opportunity  # noqa: PLC0415

    n = enc.n
    cards = vocabulary(k.id for k in opportunity(enc.content))
    k = max(1, len(cards))
    o = add(
        "cards",
        2 * k + n,
        f"the face-up Opportunity card one-hot ({k}), the last one used one-hot ({k}), the "
        "seat that used it one-hot (n)",
    )

    def fill(out: np.ndarray, p: Panel) -> None:
        one_hot(out, o, cards.get(p.get("face_up") or ""), k)
        one_hot(out, o + k, cards.get(p.get("last_used") or ""), k)
        one_hot(out, o + 2 * k, seat_index(p.get("last_seat"), n), n)

    return fill


# module id (a simple mode shares its full module's builder) -> its panel fields
BUILDERS: dict[str, Callable[[LordsEncoder, Adder, str], Filler]] = {
    "poseidon": _poseidon,
    "atlantis": _atlantis,
    "orichalkum": _orichalkum,
    "hades": _hades,
    "hephaestus": _hephaestus,
    "heroes-monsters": _heroes_monsters,
    "chiron": _chiron,
    "opportunity": _opportunity,
}
