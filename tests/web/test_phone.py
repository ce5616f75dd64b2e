"""A phone 360 px wide: the docked decision drawer starts folded to a one-line prompt, never
hides what the decision is about, and opened takes at most half the screen."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.conftest import Server

from .conftest import ARTIFACTS
from .test_browser import open_table

PHONE = {"width": 360, "height": 740}


@pytest.mark.parametrize(
    ("game", "options", "seats"),
    [
        ("legends", {"players": 2}, ["human", "heuristic"]),
        ("realms", {"players": 2}, ["human", "greedy"]),
        ("lords", {"players": 2}, ["human", "heuristic"]),
    ],
)
def test_the_drawer_leaves_the_decision_in_sight(
    web: Server, browser: Any, game: str, options: dict[str, Any], seats: list[str]
) -> None:
    status, data = web.post(
        "/api/tables", {"game": game, "options": options, "seats": seats, "seed": 12}
    )
    assert status == 200, data
    page = open_table(browser, web.url + data["you"]["link"], viewport=PHONE)
    # The drawer starts folded to one line: what the decision is about, and the list's button;
    # the board above is where the choice is made (its highlighted things).
    page.wait_for_selector("#board [data-testid=board-bar]")
    drawer = page.query_selector("[data-testid=choices]").bounding_box()
    assert drawer["y"] + drawer["height"] <= PHONE["height"] + 1  # docked at the bottom
    assert drawer["height"] <= 64, drawer  # one line
    context = page.query_selector("[data-testid=choice-context]")
    assert context is not None and context.is_visible()
    assert context.inner_text().strip() == page.inner_text("[data-testid=phase]").strip()
    page.screenshot(path=str(ARTIFACTS / f"phone-{game}.png"))  # what the screen shows
    # Opened, the list takes at most half the screen and still says what it is about.
    page.click("[data-testid=dock-toggle]")
    page.wait_for_selector("[data-testid=choice]:not([disabled])")
    drawer = page.query_selector("[data-testid=choices]").bounding_box()
    assert drawer["y"] + drawer["height"] <= PHONE["height"] + 1
    assert drawer["height"] <= PHONE["height"] * 0.5, drawer  # at most half the screen
    context = page.query_selector("[data-testid=choice-context]")
    assert context is not None and context.is_visible()
    assert context.inner_text().strip() == page.inner_text("[data-testid=phase]").strip()
    box = context.bounding_box()
    assert box["y"] >= drawer["y"] and box["y"] + box["height"] <= PHONE["height"]
    # Nothing is wider than the screen, and scrolled to the end the whole board (your hand,
    # the map, the monsters) sits above the drawer, never under it.
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    page.wait_for_timeout(100)
    board = page.query_selector("#board").bounding_box()
    drawer = page.query_selector("[data-testid=choices]").bounding_box()
    assert board["y"] + board["height"] <= drawer["y"] + 1, (board, drawer)
    assert not page.errors, page.errors


def test_the_lobby_fits_a_phone(web: Server, browser: Any) -> None:
    page = open_table(browser, web.url + "/", viewport=PHONE)
    for game in ("legends", "realms", "lords"):
        page.click(f"[data-game={game}] .pick-game")
        assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"], game
        tile = page.query_selector(f"[data-game={game}]").bounding_box()
        assert tile["height"] <= PHONE["height"] / 3  # the three tiles fit in one row
    assert not page.errors, page.errors
