"""Every game can be played to the end with the keyboard alone (no mouse click at the table)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.conftest import Server

from .conftest import ARTIFACTS, drawn, wait_after
from .test_browser import open_table

# Decisions into the game at which a picture of the table is taken (a test artifact);
# a Realms player makes only a handful before the discard area fills.
SHOT_AT = {"legends": 10, "realms": 4, "lords": 10}


def press_first(page: Any) -> bool:
    """Wait for our decision and take its first choice by keyboard; False once the game is over.

    Home focuses the first choice and Enter picks it; then wait until the next state is drawn.
    """
    page.wait_for_function(
        "() => document.querySelector('[data-testid=outcome]') || "
        "document.querySelector('[data-testid=choice]:not([disabled])')",
        timeout=60_000,
    )
    if page.query_selector("[data-testid=outcome]"):
        return False
    before = drawn(page)
    page.keyboard.press("Home")
    assert page.evaluate("() => document.activeElement.dataset.testid") == "choice"
    page.keyboard.press("Enter")
    wait_after(page, before)
    return True


def keys_to_the_end(page: Any, limit: int, name: str = "") -> int:
    """Take the first choice by keyboard until the game is over; return how many were taken."""
    for presses in range(limit):
        if name and presses == SHOT_AT[name]:
            page.wait_for_selector("[data-testid=choice]:not([disabled]), [data-testid=outcome]")
            page.evaluate("() => window.scrollTo(0, 0)")
            page.wait_for_timeout(400)  # let the brief arrival animations finish
            page.screenshot(path=str(ARTIFACTS / f"table-{name}.png"))
        if not press_first(page):
            return presses
    raise AssertionError(f"no outcome after {limit} decisions")


def start_from_the_lobby(web: Server, browser: Any, game: str) -> Any:
    """Open the lobby and start a game against bots with Tab and Enter only."""
    page = open_table(browser, web.url + "/")
    target = f"[data-testid=quick-play][data-game={game}]"
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate(f"() => document.activeElement.matches({target!r})"):
            break
    else:
        raise AssertionError(f"Tab never reached {target}")
    page.keyboard.press("Enter")
    page.wait_for_url("**/table/**", timeout=30_000)
    page.wait_for_selector("body[data-ready='1']", timeout=30_000)
    return page


@pytest.mark.parametrize("game", ["legends", "realms"])
def test_a_card_game_from_the_lobby_to_the_end_by_keyboard(
    web: Server, browser: Any, game: str
) -> None:
    page = start_from_the_lobby(web, browser, game)
    assert keys_to_the_end(page, limit=1500, name=game) > 3
    assert page.inner_text("[data-testid=outcome]").strip()
    assert not page.errors, page.errors


def test_lords_to_the_end_by_keyboard(web: Server, browser: Any) -> None:
    status, data = web.post(
        "/api/tables",
        {
            "game": "lords",
            "options": {"players": 2, "turn_limit": 6},
            "seats": ["human", "heuristic"],
            "seed": 11,
        },
    )
    assert status == 200, data
    page = open_table(browser, web.url + data["you"]["link"])
    assert keys_to_the_end(page, limit=600, name="lords") > 3
    assert page.inner_text("[data-testid=outcome]").strip()
    assert not page.errors, page.errors
