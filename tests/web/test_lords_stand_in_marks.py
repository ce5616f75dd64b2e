"""Stand-in marks at the Lords web table (issue 50, item 4): the Quest-slot chips of the
"Monsters and Quests" panel wear the "provisional" badge where the Quest is a stand-in, as the
players' Quest chips already did; the Adamantine Sickle's name carries "(stand-in)" like every
other stand-in card's."""

from __future__ import annotations

from typing import Any

from hellas.games.lords import GAME
from hellas.games.lords.content import configured
from tests.server.conftest import Server

from .test_browser import create, open_table


def test_stand_in_quest_slots_wear_the_provisional_badge(web: Server, browser: Any) -> None:
    """With Chiron, seed 1 puts a stand-in Training Quest (the axe card's) on the board."""
    stand_ins = set(
        GAME.view(GAME.new({"players": 2, "modules": "chiron"}, 1), 0)["provisional"]["quests"]
    )
    data = create(web, "lords", {"players": 2, "modules": "chiron"}, ["human", "heuristic"], seed=1)
    page = open_table(browser, web.url + data["you"]["link"])
    page.wait_for_selector("[data-testid=quest-slot]", timeout=60_000)
    slots = page.eval_on_selector_all(
        "[data-testid=quest-slot]",
        "(cs) => cs.map((c) => [c.dataset.quest, !!c.querySelector('[data-testid=provisional]')])",
    )
    assert any(quest in stand_ins for quest, _ in slots), slots
    for quest, badged in slots:
        assert badged == (quest in stand_ins), (quest, badged)
    assert not page.errors, page.errors
    page.context.close()


def test_the_adamantine_sickle_is_named_a_stand_in() -> None:
    """Its numbers are ours ("Sickle can be Reforged into Adamantine Sickle" names it only), so
    its name carries the mark every other stand-in card's name carries."""
    content = configured("hephaestus")
    sickle = next(c for c in content.combat if c.id == "adamantine-sickle")
    assert sickle.stand_in and sickle.name.endswith("(stand-in)")
    for card in content.combat:
        if card.stand_in:
            assert "stand-in" in card.name, card.name
