"""Provisional stand-in cards: on by default so thin decks play, ``printed_only`` removes them.

The Dark Ages rulebook leaves most Relics, Lightning cards, Constructs, Training cards and
Opportunity cards illegible; the stand-ins (records marked ``stand_in = true``, provenance
``provisional``) are written with the effect vocabulary by analogy with the legible cards of the
same deck (docs/rules/lords-dark-ages.md, "Provisional stand-ins").  The view lists them, the
terminal badges them, and ``--printed-only`` plays with the legible cards alone.
"""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from hellas.games.lords import GAME
from hellas.games.lords.content import configured
from hellas.games.lords.modules.opportunity.rules import cards as opportunity_cards
from hellas.games.lords.modules.orichalkum.constructs import settings
from hellas.games.lords.render import render
from tests.lords.modules.games import heuristic_games, random_games

ALL = "hephaestus,chiron,orichalkum,opportunity"


def test_stand_ins_fill_the_thin_decks_by_default() -> None:
    c = configured(ALL)
    relics = [x for x in c.combat if x.kind == "relic"]
    assert {x.symbol for x in relics} == {
        "torch", "bow", "sword", "mace", "axe", "spear", "shield", "sickle",
    }  # fmt: skip
    assert len([x for x in c.combat if x.kind == "lightning"]) == 3
    assert len([x for x in c.combat if x.kind == "training"]) == 6
    assert len(settings(c).constructs) == 7
    assert len(opportunity_cards(c)) == 5
    for x in c.combat:
        if x.stand_in:
            assert x.provenance == "provisional"


def test_printed_only_plays_with_the_legible_cards_alone() -> None:
    c = configured(ALL, printed_only=True)
    assert sorted(x.id for x in c.combat if x.kind == "relic") == [
        "eurytus-bow", "mirror-shield", "sword-of-justice",
    ]  # fmt: skip
    assert not [x for x in c.combat if x.kind == "lightning"]
    assert sorted(x.id for x in c.combat if x.kind == "training") == [
        "illegible-sword", "tactical-failure-bow",
    ]  # fmt: skip
    assert [k.id for k in settings(c).constructs] == ["trojan-horse"]
    assert [k.id for k in opportunity_cards(c)] == ["power-from-blood", "reinvigoration"]
    s = GAME.new({"players": 3, "modules": ALL, "printed_only": True}, 2)
    assert GAME.view(s, 0)["provisional"] == {}
    stand = GAME.new({"players": 3, "modules": ALL}, 2)
    assert len(stand.event_deck) + len(stand.event_discard) + len(stand.quest_slots) > len(
        s.event_deck
    ) + len(s.event_discard) + len(s.quest_slots)  # 3 more Opportunity cards


def test_the_view_flags_every_stand_in_for_a_badge() -> None:
    s = GAME.new({"players": 3, "modules": ALL}, 2)
    flags = GAME.view(s, 0)["provisional"]
    assert "adamantine-sickle" in flags["combat"] and "lightning-4" in flags["combat"]
    assert "mace-training" in flags["combat"] and "training-mace-training" in flags["quests"]
    assert "eurytus-bow" not in flags["combat"]
    panel = GAME.view(s, 0)["module_panels"]["orichalkum"]
    marked = {card["id"]: card["provisional"] for card in panel["cards"]}
    assert all(marked[k] == k.startswith("stand-in-") for k in marked)


def test_the_terminal_badges_a_stand_in_in_a_panel() -> None:
    for seed in range(12):
        s = GAME.new({"players": 3, "modules": "orichalkum"}, seed)
        view = GAME.view(s, 0)
        if any(c["provisional"] for c in view["module_panels"]["orichalkum"]["cards"]):
            break
    buffer = io.StringIO()
    Console(file=buffer, width=200).print(render(view))
    text = " ".join(buffer.getvalue().split())
    assert "(stand-in) [provisional]" in text


@pytest.mark.parametrize("printed_only", [False, True])
def test_random_games_keep_every_invariant_with_and_without_stand_ins(printed_only: bool) -> None:
    for seed in range(6):
        options = {"players": 3, "modules": ALL, "turn_limit": 50, "printed_only": printed_only}
        s = GAME.new(options, seed)
        from hellas.core.rng import Rng  # noqa: PLC0415

        rng = Rng(seed)
        while GAME.to_act(s) is not None:
            cs = GAME.choices(s)
            GAME.apply(s, cs[rng.below(len(cs))])
            GAME.check_invariants(s)


def test_the_heuristic_uses_stand_in_constructs_and_opportunity_cards() -> None:
    chosen = heuristic_games("orichalkum,opportunity", range(4), players=3, turn_limit=80)
    builds = {k for k in chosen if k.startswith("ori-build:stand-in-")}
    uses = {k for k in chosen if k.startswith("opp-use:stand-in-")}
    assert builds and uses
    random_games("hephaestus,chiron", range(4))
