"""Browser tests of playing with friends: a private table's secret link, and "My tables".

Each person is a separate browser context (its own storage), as on separate machines.
"""

from __future__ import annotations

from typing import Any

from tests.server.conftest import Server

from .conftest import drawn, shot, wait_after

TIMEOUT = 30_000


def new_page(browser: Any, url: str) -> Any:
    """Open ``url`` in a fresh browser context and wait until the page has drawn."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    page.errors = errors
    return page


def create_in_lobby(browser: Any, web: Server, name: str, private: bool) -> Any:
    """Create a two-human Legends table from the lobby of a fresh browser; return its page."""
    page = new_page(browser, web.url + "/")
    seats = ["human", "human"]
    page.select_option("#game", "legends")
    page.fill("#options [name=players]", str(len(seats)))
    page.dispatch_event("#options [name=players]", "change")
    selects = page.query_selector_all("select[data-testid=seat]")
    for select, kind in zip(selects, seats, strict=True):
        select.select_option(kind)
    page.click("summary:has-text('Name and seed')")
    page.fill("#table-name", name)
    page.fill("#seed", "11")
    if private:
        page.check("#private")
    page.click("#create")
    return page


def go_to_seat(page: Any) -> None:
    """Follow the created table's "go to your seat" button."""
    page.click("[data-testid=go-table]")
    page.wait_for_url("**/table/**", timeout=TIMEOUT)
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)


def listed_in_lobby(page: Any, table: str) -> bool:
    """Whether any lobby list (open, playing, finished) shows the table."""
    lists = "#open-tables, #playing-tables, #finished-tables"
    return bool(page.query_selector_all(f":is({lists}) [data-table='{table}']"))


def click_a_choice(page: Any) -> bool:
    """Click the first enabled choice if there is one; wait for the table to move on."""
    button = page.query_selector("[data-testid=choice]:not([disabled])")
    if button is None:
        return False
    seq = drawn(page)
    button.click()
    wait_after(page, seq, TIMEOUT, or_outcome=False)
    return True


def test_a_friend_plays_through_the_secret_link_and_a_stranger_cannot(
    web: Server, browser: Any
) -> None:
    host = create_in_lobby(browser, web, "Friends only", private=True)
    invite = host.wait_for_selector("[data-testid=invite-link]", timeout=TIMEOUT)
    secret = invite.get_attribute("href")
    assert secret.startswith(web.url + "/table/") and "seat=1&token=" in secret
    table = secret.split("/table/")[1].split("#")[0].split("?")[0]
    assert not host.query_selector("[data-testid=join-link]")  # no open-seat link at all
    host.wait_for_selector(f"[data-testid=my-table][data-table='{table}']", timeout=TIMEOUT)
    assert not listed_in_lobby(host, table)
    shot(host, "friends-private-created")

    stranger = new_page(browser, web.url + f"/?join={table}&seat=1")
    stranger.wait_for_selector("#join-box .form-error", timeout=TIMEOUT)
    assert "private" in stranger.inner_text("#join-box")
    assert not listed_in_lobby(stranger, table)
    assert stranger.is_hidden("#mine-panel")  # this browser holds no seat
    shot(stranger, "friends-stranger-refused")
    stranger.goto(web.url + f"/table/{table}?seat=1")  # the seat's link without its token
    stranger.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    assert "token" in stranger.inner_text("[data-testid=status]")
    assert not stranger.query_selector("[data-testid=choice]")

    friend = new_page(browser, secret)
    assert "Player 2" in friend.inner_text("#role")
    go_to_seat(host)
    friend_moves = 0
    for _ in range(200):  # whoever has a decision clicks, until the friend has made one
        if click_a_choice(friend):
            friend_moves += 1
            break
        if not click_a_choice(host):
            friend.wait_for_timeout(50)
    assert friend_moves == 1
    shot(friend, "friends-friend-plays")
    assert not host.errors and not friend.errors, (host.errors, friend.errors)


def test_my_tables_lists_a_running_table_and_leads_back_to_the_seat(
    web: Server, browser: Any
) -> None:
    page = create_in_lobby(browser, web, "Come back", private=False)
    open_seat = page.wait_for_selector("[data-testid=join-link]", timeout=TIMEOUT)
    assert "token" not in open_seat.get_attribute("href")  # a public seat link holds no secret
    assert not page.query_selector("[data-testid=invite-link]")
    go_to_seat(page)
    seat_url = page.url
    table = seat_url.split("/table/")[1].split("#")[0].split("?")[0]
    assert "seat=0&token=" in seat_url
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('hellas.seats'))")
    assert stored[0]["table"] == table and stored[0]["token"] in seat_url

    page.goto(web.url + "/")
    mine = f"[data-testid=my-table][data-table='{table}']"
    page.wait_for_selector(f"{mine}[data-status]:not([data-status=''])", timeout=TIMEOUT)
    item = page.locator(mine)  # a locator: the list is redrawn every few seconds
    token = seat_url.split("token=")[1]
    _s, view = web.get(f"/api/tables/{table}/view?seat=0&token={token}")
    text = item.inner_text()
    assert view["title"] in text and "Come back" in text
    status = item.get_attribute("data-status")
    assert status == ("your-turn" if view["choices"] else "waiting")
    expected = "Your turn" if view["choices"] else f"Waiting for Player {view['to_act'] + 1}"
    assert expected in item.locator("[data-testid=my-status]").inner_text()
    shot(page, "friends-my-tables")

    item.locator("[data-testid=my-table-link]").click()
    page.wait_for_url("**/table/**", timeout=TIMEOUT)
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    assert page.url == seat_url
    assert "Player 1" in page.inner_text("#role")

    elsewhere = new_page(browser, web.url + "/")  # another browser remembers nothing
    assert elsewhere.is_hidden("#mine-panel")
    assert not page.errors, page.errors
