"""A Lords game played to a real victory in the browser (issue 48): the victory scene names the
winner - the Hero and the person playing it, "Helen (Ana) won by Favored of the Gods on turn 40"
- and the victory in words, at 1280x800 and on a 390x844 phone.

The person opens the seat link, gives a guest name in the page's name box, makes a few choices
on the board, then hands the seat to the Normal bot with the page's own control; the two bots
play on to a victory (seed 3 ends in one: tests/web/test_results.py plays it too).  The scene's
pictures go to test-artifacts/ (scripts/screenshots.py copies them to docs/img).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.server.conftest import Server

from .conftest import ARTIFACTS
from .playing import board_to_the_end
from .test_a11y import serious
from .test_browser import create, open_table

SEED = 3
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
VICTORY = r"(Warlord of Hellas|Favored of the Gods|Monster Slayer|King of Kings)"
END = 600_000  # ms: a liveness bound for two bots' whole game, many times its usual length


def picture(page: Any, name: str) -> None:
    """The scene as the window shows it (the page's top), saved as a test artifact."""
    page.wait_for_timeout(400)  # the scene's brief arrival
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def test_a_lords_victory_names_the_winner_and_the_victory(web: Server, browser: Any) -> None:
    data = create(web, "lords", {"players": 2}, ["human", "heuristic"], seed=SEED)
    link = web.url + data["you"]["link"]
    page = open_table(browser, link, viewport=DESKTOP)
    page.fill("[data-testid=guest-name]", "Ana")
    page.click("[data-testid=guest-name-save]")
    page.wait_for_function("() => !document.querySelector('[data-testid=guest-name]')")
    with pytest.raises(AssertionError, match="no outcome after 3 choices"):
        board_to_the_end(page, seed=1, limit=3)  # the Hero pick and a first move or so: no end
    page.click("[data-testid=bot-toggle]")  # the Normal bot plays the seat from here
    page.wait_for_selector("[data-testid=outcome]", timeout=END)

    _s, info = web.get(f"/api/tables/{data['id']}")
    outcome = info["outcome"]
    assert len(outcome["winners"]) == 1, outcome  # a victory, not the turn limit
    winner = outcome["winners"][0]
    turns = outcome["details"]["turns"]
    heroes = page.eval_on_selector_all(
        "[data-testid=ranking] li", "(ls) => ls.map((l) => [l.dataset.seat, l.innerText])"
    )
    rows = {int(seat): text for seat, text in heroes}
    person = "Ana, guest" if winner == 0 else "Normal bot"
    assert f"({person})" in rows[winner], rows  # the ranking names Hero and person
    headline = page.inner_text("[data-testid=result-headline]")
    if winner == 0:
        assert headline == "You won!", headline
    else:
        line = rf"You lost — \w+ \(Normal bot\) won by {VICTORY} on turn {turns}"
        assert re.fullmatch(line, headline), headline
    assert re.search(VICTORY, rows[winner]), rows  # the victory, in words, by the winner
    log = page.inner_text("#events")  # the log's lines: "Heracles (Normal bot) wins: ..."
    assert f"({person}) wins: " in log and not re.search(r"\(P\d\)", log), log[:400]
    assert serious(page) == []
    picture(page, "lords-victory-desktop")

    # a spectator on a phone reads the winner's line itself: Hero, person, victory, turn
    watcher = open_table(
        browser, web.url + data["watch"], viewport=PHONE, has_touch=True, is_mobile=True
    )
    line = watcher.inner_text("[data-testid=result-headline]")
    assert re.fullmatch(rf"\w+ \({re.escape(person)}\) won by {VICTORY} on turn {turns}", line), (
        line
    )
    phone = open_table(browser, link, viewport=PHONE, has_touch=True, is_mobile=True)
    phone.wait_for_selector("[data-testid=outcome]")
    wide = phone.evaluate("() => document.documentElement.scrollWidth")
    assert wide <= PHONE["width"], f"the phone page is {wide} px wide"
    picture(phone, "lords-victory-phone")
    assert not page.errors and not watcher.errors and not phone.errors
