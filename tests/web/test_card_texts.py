"""Cards explain themselves in the browser: a Realms card's face and tooltip, Lords tooltips."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from hellas.games.lords import describe as lords_describe
from hellas.games.lords.content import configured
from hellas.games.realms.describe import texts
from tests.server.conftest import Server

from .conftest import drawn, shot, wait_after
from .test_browser import create, open_table

GAMES = Path(__file__).resolve().parents[2] / "src" / "hellas" / "games"  # each game's web/


def test_realms_cards_show_their_effect_on_the_face_and_on_hover(web: Server, browser: Any) -> None:
    data = create(web, "realms", {"players": 2}, ["human", "greedy"], seed=11)
    page = open_table(browser, web.url + data["you"]["link"])
    page.wait_for_selector("[data-testid=hand] [data-card]")
    words = texts()
    cards = page.query_selector_all("[data-testid=hand] [data-card]")
    assert len(cards) >= 7
    for el in cards:
        card_id = el.get_attribute("data-card")
        assert words[card_id] in el.get_attribute("title")
        assert el.query_selector("[data-testid=card-text]").inner_text() == words[card_id]
    first = cards[0]
    first.hover()
    assert first.evaluate("e => e.matches(':hover')")
    shot(page, "realms-card-text")
    assert not page.errors, page.errors


def test_lords_hand_cards_carry_their_effect_in_the_tooltip(web: Server, browser: Any) -> None:
    data = create(web, "lords", {"players": 2}, ["human", "heuristic"], seed=5)
    page = open_table(browser, web.url + data["you"]["link"])
    page.wait_for_selector("[data-testid=region]")
    c = configured("")  # a base table (not whatever content this worker last used)
    heroes = page.query_selector_all("[data-testid=heroes] [data-hero]")  # before the picks
    assert [el.get_attribute("data-hero") for el in heroes] == [h.id for h in c.heroes]
    for el, hero in zip(heroes, c.heroes, strict=True):
        assert hero.name in el.inner_text() and lords_describe.hero(hero) in el.inner_text()
    # hero picks and placement: click until Combat Cards are in the hand (or the game moves on)
    for _ in range(60):
        if page.query_selector("[data-testid=hand] [data-card]"):
            break
        button = page.query_selector("[data-testid=choice]:not([disabled])")
        if button is None:
            page.wait_for_timeout(200)
            continue
        seq = drawn(page)
        button.click()
        wait_after(page, seq, 30_000, or_outcome=False)
    cards = page.query_selector_all("[data-testid=hand] [data-card]")
    assert cards, "no Combat Card reached the hand"
    for el in cards:
        card = c.card(el.get_attribute("data-card"))
        assert lords_describe.combat(card) in el.get_attribute("title")
    assert not page.errors, page.errors


def test_generated_web_data_carries_every_text() -> None:
    """The browser's data files hold the same words as the Python describers."""
    realms = (GAMES / "realms" / "web" / "cards.js").read_text(encoding="utf-8")
    for card_id, text in texts().items():
        line = re.search(rf'^  "{re.escape(card_id)}": .*$', realms, re.M)
        assert line and f'"text": {json.dumps(text, ensure_ascii=False)}' in line.group(0), card_id
    lords = (GAMES / "lords" / "web" / "data.js").read_text(encoding="utf-8")
    assert "export const TEXTS" in lords
    for card in configured("").combat:
        assert json.dumps(lords_describe.combat(card), ensure_ascii=False) in lords, card.id


def test_a_finished_lords_game_names_its_winner(web: Server, browser: Any) -> None:
    data = create(web, "lords", {"players": 2}, ["heuristic", "heuristic"], seed=3)
    page = open_table(browser, f"{web.url}/table/{data['id']}")
    page.wait_for_selector("[data-testid=outcome]", timeout=240_000)
    headline = page.inner_text("[data-testid=result-headline]").strip()
    _s, info = web.get(f"/api/tables/{data['id']}")
    names = "ls => ls.map(l => l.querySelector('.who-name').innerText)"
    winners = page.eval_on_selector_all("[data-testid=ranking] li.winner", names)
    if not info["outcome"]["winners"]:
        assert headline == "No winner", headline
        assert not winners
    else:
        (winner,) = winners
        # the ranking and the headline name the Hero and who plays it: "Heracles (Normal bot)"
        turns = info["outcome"]["details"]["turns"]
        assert headline.startswith(f"{winner} won by "), (headline, winner)  # a spectator's line
        assert headline.endswith(f" on turn {turns}"), headline
    assert not page.errors, page.errors
