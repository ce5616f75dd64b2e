"""The Chiron module of Lords of Hellas: Dark Ages.

Chiron as a Monster (his Ashen Spear, his two Event cards), the Training Quests and the Training
cards (reusable Combat Cards): the hooks, choice keys, view panel and bot knowledge (the rules
themselves are in ``rules.py``; the cards and the Spear are records of ``data.toml``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hellas.core.rng import Rng
from hellas.games.lords import describe, fx_fight
from hellas.games.lords.hooks import Module, proc, register
from hellas.games.lords.modules.chiron import rules
from hellas.games.lords.modules.chiron.bot import bot_choose
from hellas.games.lords.state import LordsState


def entries(c: Any) -> list[tuple[str, str]]:
    """Return the module's choice keys: the Artifact Chiron's Special Attack discards."""
    return [(f"ch-artifact:{a.id}", f"Chiron: discard the Artifact {a.name}") for a in c.artifacts]


def view(s: LordsState, seat: int | None) -> dict[str, Any]:
    """Return the panel: the Training deck, where Training stands, everyone's Training cards."""
    c = s.content
    m = rules.mod(s)
    where = s.monster_at[rules.chiron(s)]
    lines = [f"Training deck: {len(m['deck'])} card(s) face down"]
    training = [q for q in s.quest_slots if rules.card_of(s, q) >= 0]
    if training and where >= 0:
        lines.append(
            f"Training with Chiron in {c.regions[where].name}: {c.quests[training[0]].name}"
        )
    if m["aside"]:
        lines.append("A Training card waits for the next Quest done")
    players = []
    cards = []
    for q in range(s.n):
        badges = []
        for card in m["owned"][q]:
            used = card in m["used"][q]
            name = c.combat[card].name
            badges.append(f"{name} ({'used' if used else 'ready'})")
            cards.append(
                {
                    "id": c.combat[card].id,
                    "name": name,
                    "text": _text(s, card),
                    "state": f"seat {q + 1}, {'used' if used else 'ready'}",
                    "provisional": c.combat[card].stand_in,
                }
            )
        players.append(badges)
    regions: dict[str, list[dict[str, Any]]] = {}
    if training and where >= 0:
        regions[c.regions[where].id] = [{"kind": "training", "seat": None, "label": "Training"}]
    return {
        "title": "Chiron",
        "lines": lines,
        "players": players,
        "regions": regions,
        "cards": cards,
        "private": [],
        "training_deck": len(m["deck"]),
        "owned": [[c.combat[x].id for x in m["owned"][q]] for q in range(s.n)],
        "used": [[c.combat[x].id for x in m["used"][q]] for q in range(s.n)],
        "aside": bool(m["aside"]),
        "training_at": c.regions[where].id if training and where >= 0 else None,
    }


def _text(s: LordsState, card: int) -> str:
    return describe.combat(s.content.combat[card])


def determinize(t: LordsState, s: LordsState, seat: int, rng: Rng) -> None:
    """Shuffle the face-down Training deck for another seat's sample."""
    deck = sorted(rules.mod(t)["deck"])
    rng.shuffle(deck)
    rules.mod(t)["deck"] = deck


def invariants(s: LordsState) -> None:
    """Each Training card is in one place: deck, aside, a slot, discarded, or owned."""
    m = rules.mod(s)
    quests = [rules.quest_of(s, c) for c in rules.training_cards(s)]
    places = m["deck"] + m["aside"] + m["out"] + [q for q in s.quest_slots if q in quests]
    places += [rules.quest_of(s, c) for owned in m["owned"] for c in owned]
    if sorted(places) != sorted(quests):
        raise AssertionError(f"Training cards misplaced: {places} != {quests}")
    for q in range(s.n):
        if not set(m["used"][q]) <= set(m["owned"][q]):
            raise AssertionError("a used Training card nobody owns")


MODULE = register(
    Module(
        id="chiron",
        title="Chiron",
        summary="Chiron as a Monster, Training Quests and cards, the Ashen Spear",
        expansion_icon=False,
        requires=(),
        excludes=(),
        players=(),
        hooks={
            "prepare": rules.prepare,
            "event_count": rules.event_count,
            "monster_appears": rules.monster_appears,
            "quest_region": rules.quest_region,
            "quest_done": rules.quest_done,
            "monster_slain": rules.monster_slain,
            "reusable": rules.reusable,
            "reuse": rules.reuse,
            "monument_built": rules.monument_built,
            "region_attack": rules.region_attack,
            "view": view,
            "determinize": determinize,
            "invariants": invariants,
        },
        # the decision its Special Attack asks, in the effect vocabulary's rules (the base game
        # runs it; listed here as this module's, for observation encoders)
        procedures={"ch-artifact": proc(fx_fight.artifact_options, fx_fight.artifact_choose)},
        entries=entries,
        bot_choose=bot_choose,
    )
)

__all__: Sequence[str] = ("MODULE",)
