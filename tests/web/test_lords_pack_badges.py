"""A content pack's records at the Lords web table (issue 50, items 9 and 4): each card of the
pack is shown by the pack's name and words with a "from pack <name>" badge, whatever provenance
it claims, as a stand-in wears "provisional" - in the hand, the Quest slots and the Heroes to
pick here."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hellas.games.lords import GAME
from tests.server.conftest import Server, start_server, stop_server

from .test_browser import create, open_table

PACK = {
    "pack.toml": '[pack]\nname = "My cards"\n',
    # seed 1 deals this card to the first seat and lays this Quest in a slot
    "combat.toml": '[[card]]\nid = "charge-sickle-4"\nname = "Typed Charge"\nsymbol = "sickle"\n'
    'strength = 5\ncasualties = 2\neffect = "none"\ncount = 2\nadditional = false\n'
    'provenance = "rulebook"\n',
    "monsters.toml": '[[quest]]\nid = "cattle-of-geryon"\nname = "Typed Cattle"\n'
    'region = "boeotia"\nsteps = [{strength = 2}, {strength = 4}, {strength = 4, discard = 2}]\n'
    'reward = "attribute-to-3"\nprovenance = "rulebook"\n',
    # a Hero the pack adds: offered in the Heroes panel by its name, with the badge
    "heroes.toml": '[[hero]]\nnew = true\nid = "typed-hero"\nname = "Typed Hero"\n'
    'bonus = "strength+1"\nability = "glory-for-artifacts"\nprovenance = "rulebook"\n',
}


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("packs")
    (folder / "mine").mkdir()
    for name, text in PACK.items():
        (folder / "mine" / name).write_text(text, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def offering(root: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = f"sqlite:///{tmp_path_factory.mktemp('db') / 'hellas.db'}"
    server = start_server(db, args=["--packs", str(root)])
    yield server
    stop_server(server)


def test_a_packs_cards_wear_the_from_pack_badge(root: Path, offering: Server, browser: Any) -> None:
    s = GAME.new({"players": 2, "content": str(root / "mine")}, 1)
    view = GAME.view(s, 0)
    assert "charge-sickle-4" in view["hand"] and "cattle-of-geryon" in view["quests"]
    data = create(offering, "lords", {"players": 2, "content": "mine"}, ["human", "heuristic"], 1)
    page = open_table(browser, offering.url + data["you"]["link"])
    page.wait_for_selector("[data-testid=quest-slot]", timeout=60_000)
    heroes = page.eval_on_selector_all(
        "[data-testid=heroes] [data-hero]",
        "(hs) => hs.map((h) => [h.dataset.hero, h.innerText,"
        " !!h.querySelector('[data-testid=from-pack]')])",
    )
    for hero, text, badged in heroes:
        assert badged == (hero == "typed-hero"), (hero, text)
    assert any(h == "typed-hero" and "Typed Hero" in t for h, t, _ in heroes), heroes
    slots = page.eval_on_selector_all(
        "[data-testid=quest-slot]",
        "(cs) => cs.map((c) => [c.dataset.quest, c.innerText,"
        " !!c.querySelector('[data-testid=from-pack]')])",
    )
    for quest, text, badged in slots:
        assert badged == (quest == "cattle-of-geryon"), (quest, text)
        if badged:
            assert "Typed Cattle" in text and "from pack My cards" in text, text
    cards = page.eval_on_selector_all(
        "[data-testid=hand] [data-card]",
        "(cs) => cs.map((c) => [c.dataset.card, c.innerText,"
        " !!c.querySelector('[data-testid=from-pack]')])",
    )
    assert cards
    for card, text, badged in cards:
        assert badged == (card == "charge-sickle-4"), (card, text)
        if badged:
            assert "Typed Charge" in text and "5" in text and "from pack My cards" in text
    assert not page.errors, page.errors
    page.context.close()
