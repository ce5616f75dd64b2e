"""A rated Nim game between two accounts, played in the browser from the lobby to the profiles.

Nim declares ``rated`` and ``campaign`` in its metadata and brings its own lobby picker,
renderer and tile (tests/nim/web); the server started with its one registry line learns all of
it from the registry.  Two browser contexts (two people): Ariadne signs up, picks Nim's tile,
sets the heap with Nim's picker and creates a two-human table; Theseus signs up and joins the
open seat from his lobby; they play by clicking the offered takes until the heap is empty.
Both profiles then show a Nim rating, the winner's above the newcomer's 1500 and the loser's
below, and the campaign grid counts the heap; the leaderboard lists both.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from hellas.games import REGISTRY
from tests.nim import GAME
from tests.server.conftest import Server, start_server, stop_server
from tests.web.conftest import browser, drawn, shot, wait_after  # noqa: F401 - the fixture
from tests.web.test_accounts_web import sign_up
from tests.web.test_browser import open_table

TIMEOUT = 60_000
HEAP = 5


@pytest.fixture(scope="module")
def rated_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = f"sqlite:///{tmp_path_factory.mktemp('nimrated') / 'hellas.db'}"
    server = start_server(db, bot_delay=0.0, main="tests.nim.serve")
    yield server
    stop_server(server)


def create_from_the_lobby(page: Any) -> None:
    """Pick Nim's tile, a heap of ``HEAP`` with its picker, two humans; create; go to the seat."""
    tile = "[data-testid=game-tile][data-game=nim]"
    page.wait_for_selector(f"{tile} svg.game-art circle")  # its own art module drew the tile
    assert page.locator(f"{tile} svg.game-art circle").count() == 12
    page.click(f"{tile} button.pick-game")
    page.wait_for_selector("[data-testid=heap-picker]")
    page.fill("[data-testid=heap-picker]", str(HEAP))
    page.dispatch_event("[data-testid=heap-picker]", "input")
    assert "second wins" not in page.inner_text("[data-testid=heap-info]")  # 5: the opener
    for select in page.query_selector_all("select[data-testid=seat]"):
        select.select_option("human")
    page.click("#create")
    page.click("[data-testid=go-table]", timeout=TIMEOUT)
    page.wait_for_url("**/table/**", timeout=TIMEOUT)
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)


def take_one_where_offered(pages: list[Any]) -> bool:
    """Click "Take 1" on the page whose turn it is; return False once the game is over."""
    for page in pages:
        if page.query_selector("[data-testid=outcome]"):
            return False
        button = page.query_selector("[data-testid=choice]:not([disabled]) >> text=Take 1")
        if button is not None:
            seq = drawn(page)
            button.click()
            wait_after(page, seq, TIMEOUT)
            return True
    pages[0].wait_for_timeout(200)  # the other page has not drawn its turn yet
    return True


def rating(page: Any, url: str, name: str) -> int:
    """Return the Nim rating a profile page shows."""
    page.goto(f"{url}/profile/{name}")
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    row = page.locator("[data-testid=ratings] tr", has_text="Nim").first
    return int(row.locator("[data-testid=rating]").inner_text().split()[0])


def test_two_accounts_play_a_rated_nim_game_in_the_browser(
    rated_server: Server,
    browser: Any,  # noqa: F811 - the fixture imported above
) -> None:
    url = rated_server.url
    ariadne = open_table(browser, url + "/")
    sign_up(ariadne, "Ariadne")
    create_from_the_lobby(ariadne)
    ariadne.wait_for_selector(f"[data-testid=nim-heap][data-stones='{HEAP}']", timeout=TIMEOUT)
    table = ariadne.url.split("/table/")[1].split("#")[0].split("?")[0]

    theseus = open_table(browser, url + "/")  # a second context: another person
    sign_up(theseus, "Theseus")
    theseus.click(f"[data-table='{table}'] [data-testid=join][data-seat='1']", timeout=TIMEOUT)
    theseus.wait_for_url("**/table/**", timeout=TIMEOUT)
    theseus.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    shot(theseus, "nim-rated-start")

    for _ in range(4 * HEAP + 40):  # five takes of one, and room for waiting on a redraw
        if not take_one_where_offered([ariadne, theseus]):
            break
    for page in (ariadne, theseus):
        page.wait_for_selector("[data-testid=outcome]", timeout=TIMEOUT)
    assert ariadne.get_attribute("[data-testid=nim-heap]", "data-stones") == "0"
    shot(ariadne, "nim-rated-end")

    # five stones, one at a time: Ariadne (seat 1) took the first, third and last
    won, lost = rating(ariadne, url, "Ariadne"), rating(theseus, url, "Theseus")
    assert won > 1500 > lost, (won, lost)
    # the campaign grid Nim's Campaign capability describes: the small heap won at two players
    assert ariadne.inner_text("[data-testid=mission-two-1]") == "Won"
    assert ariadne.inner_text("[data-testid=mission-three-1]") == "Not played"
    ariadne.goto(url + "/leaderboard")
    ariadne.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    board = ariadne.inner_text("body")
    assert "Ariadne" in board and "Theseus" in board
    assert not ariadne.errors and not theseus.errors, (ariadne.errors, theseus.errors)


def test_the_test_game_is_registered_only_by_its_own_server() -> None:
    """The public lobby never offers Nim: only ``tests.nim.serve`` adds its registry line."""
    assert GAME.meta.id not in REGISTRY.ids()
