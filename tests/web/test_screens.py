"""Each game's table and result, and the lobby, at 1280x800 and on a 390x844 phone (issue 48):
pictured for docs/img (scripts/screenshots.py copies them) and scanned for internals - choice
keys, ids, snake_case names, Python reprs - which must not show (tests/web/playing.py).

A named guest ("Ana") plays a few choices on the board, a phone opens the same seat, then the
page's own control hands the seat to the Normal bot and both pages follow the game to its end.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.conftest import Server

from .conftest import ARTIFACTS
from .playing import board_to_the_end, internals
from .test_browser import create, open_table

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
# options, the other seat's bot, seed (seeds whose games end well within the time below)
GAMES = {
    "legends": ({"players": 2, "mission": 1}, "heuristic", 3),
    "realms": ({"players": 2}, "greedy", 5),
    "lords": ({"players": 2}, "heuristic", 3),
}
END = 600_000  # ms: a liveness bound for two bots' whole game, many times its usual length


def picture(page: Any, name: str) -> None:
    """The window's view of the page's top, saved as a test artifact."""
    page.wait_for_timeout(400)  # arrivals and the scene's brief animation
    page.evaluate("() => document.querySelectorAll('.toast').forEach((t) => t.remove())")
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def phone(browser: Any, url: str) -> Any:
    """A touch phone 390 px wide."""
    return open_table(browser, url, viewport=PHONE, has_touch=True, is_mobile=True)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_games_table_and_result_at_both_sizes_show_words(
    web: Server, browser: Any, game: str
) -> None:
    options, bot, seed = GAMES[game]
    data = create(web, game, options, ["human", bot], seed=seed)
    link = web.url + data["you"]["link"]
    page = open_table(browser, link, viewport=DESKTOP)
    page.fill("[data-testid=guest-name]", "Ana")
    page.click("[data-testid=guest-name-save]")
    page.wait_for_function("() => !document.querySelector('[data-testid=guest-name]')")
    with pytest.raises(AssertionError, match="no outcome after 4 choices"):
        board_to_the_end(page, seed=2, limit=4)  # a few choices in: the table in play
    small = phone(browser, link)
    for p, size in ((page, "desktop"), (small, "phone")):
        p.wait_for_selector("#board [data-testid=board-bar]", timeout=60_000)
        assert internals(p, game) == [], f"{game} table, {size}"
        picture(p, f"screen-{game}-table-{size}")

    page.click("[data-testid=bot-toggle]")  # the Normal bot plays the seat to the end
    for p, size in ((page, "desktop"), (small, "phone")):
        p.wait_for_selector("[data-testid=outcome]", timeout=END)
        assert internals(p, game) == [], f"{game} result, {size}"
        picture(p, f"screen-{game}-result-{size}")
    wide = small.evaluate("() => document.documentElement.scrollWidth")
    assert wide <= PHONE["width"], f"the phone page is {wide} px wide"
    assert not page.errors and not small.errors, page.errors + small.errors


def test_the_lobby_at_both_sizes_shows_words(web: Server, browser: Any) -> None:
    for game, (options, bot, seed) in GAMES.items():  # open tables of every game in the lists
        create(web, game, options, ["human", "human" if game == "realms" else bot], seed=seed)
    for viewport, size in ((DESKTOP, "desktop"), (PHONE, "phone")):
        device = {"has_touch": True, "is_mobile": True} if size == "phone" else {}
        page = open_table(browser, web.url + "/", viewport=viewport, **device)
        page.wait_for_selector("[data-testid=join]", timeout=60_000)
        for game in GAMES:
            assert internals(page, game) == [], f"lobby, {size}, {game}'s ids"
        chips = page.eval_on_selector_all(".seat-kind", "(cs) => cs.map((c) => c.textContent)")
        assert "free seat" in chips and "human" not in chips, chips  # words, not a seat's kind
        picture(page, f"screen-lobby-{size}")
        assert not page.errors, page.errors
