"""Issue 48 in the browser: clocks that wait, custom pace, bots by level, rematch links, words.

A custom pace made in the lobby reaches the server; its table says whom the clocks wait for and
offers its creator "Start now with bots in the empty seats"; a Realms "Play now vs bots" seats
its bots by level ("Normal"), not "custom"; an old seat link opened after a rematch lands at the
new table; during one's own Hero pick the Lords header says "Playing You", not another's Hero.
"""

from __future__ import annotations

import json
from typing import Any

from tests.server.conftest import Server
from tests.server.test_rematch import play_out

from .conftest import shot

TIMEOUT = 60_000


def new_page(browser: Any, url: str, width: int = 1280, height: int = 800) -> Any:
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    page.errors = errors
    return page


def test_a_custom_pace_waits_for_players_and_the_creator_may_start(
    web: Server, browser: Any
) -> None:
    page = new_page(browser, web.url + "/?game=realms")
    page.select_option("[data-testid=seat][data-seat='1']", "human")
    page.select_option("[data-testid=pace]", "custom")
    assert page.is_visible("[data-testid=custom-pace]")
    page.fill("[data-testid=pace-per-move]", "0.5")
    page.fill("[data-testid=pace-reserve]", "2")
    shot(page, "clocks-custom-pace-form")
    with page.expect_response("**/api/tables") as answer:
        page.click("#create")
    body = json.loads(answer.value.request.post_data or "{}")
    assert body["pace"] == {"per_move": 30, "reserve": 120}  # minutes in the form, seconds sent
    made = answer.value.json()
    assert made["join"], made  # seat 2 is free
    page.goto(web.url + made["you"]["link"])
    page.wait_for_selector("[data-testid=clock-waiting]", timeout=TIMEOUT)
    assert "waiting for" in page.inner_text("[data-testid=clock]")
    assert not page.query_selector("[data-testid=clock-left]")  # no clock runs yet
    shot(page, "clocks-waiting")
    page.click("[data-testid=clock-start]")
    page.wait_for_selector("[data-testid=clock-waiting]", state="detached", timeout=TIMEOUT)
    page.wait_for_selector("[data-testid=clock-left]", timeout=TIMEOUT)
    assert "Normal" in page.inner_text("[data-testid=seats]")  # the bot took the free seat
    assert not page.errors, page.errors


def test_play_now_names_its_bots_by_level(web: Server, browser: Any) -> None:
    page = new_page(browser, web.url + "/")
    page.click("[data-testid=quick-play][data-game=realms]")
    page.wait_for_url("**/table/**", timeout=TIMEOUT)
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    seats = page.inner_text("[data-testid=seats]")
    assert "Normal" in seats and "custom" not in seats
    assert not page.errors, page.errors


def test_an_old_seat_link_opens_the_rematch(web: Server, browser: Any) -> None:
    body = {"game": "realms", "options": {"players": 2}, "seats": ["human", "greedy"], "seed": 2}
    status, data = web.post("/api/tables", body)
    assert status == 200, data
    table, token = data["id"], data["you"]["token"]
    play_out(web, table, {0: token})
    status, made = web.post(f"/api/tables/{table}/rematch", {"seat": 0, "token": token})
    assert status == 200, made
    page = new_page(browser, f"{web.url}/table/{table}#seat=0&token={token}")
    page.wait_for_url(f"**/table/{made['table']}#seat=0&token=*", timeout=TIMEOUT)
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    assert not page.query_selector("[data-testid=outcome]")  # the new game, not the old result
    assert not page.errors, page.errors


def test_the_lords_header_says_you_during_your_own_hero_pick(web: Server, browser: Any) -> None:
    body = {
        "game": "lords",
        "options": {"players": 3},
        "seats": ["human", "heuristic", "heuristic"],
        "seed": 2,  # seat 3 picks first, then seat 2, then you (the first player's is current)
    }
    status, data = web.post("/api/tables", body)
    assert status == 200, data
    page = new_page(browser, web.url + data["you"]["link"])
    page.wait_for_selector("[data-testid=choice][data-key^='hero:']", timeout=TIMEOUT)
    playing = page.locator(".info-bar .fact", has_text="Playing").inner_text()
    assert playing.split()[-1] == "You", playing  # not the Hero another player chose
    assert not page.errors, page.errors


def test_a_lords_artifact_s_text_shows_on_a_tap(web: Server, browser: Any) -> None:
    body = {"game": "lords", "options": {"players": 2}, "seats": ["human", "heuristic"], "seed": 5}
    status, data = web.post("/api/tables", body)
    assert status == 200, data
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    page.goto(web.url + data["you"]["link"])
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    row = page.locator(".monument .row[title]").first
    text = row.get_attribute("title") or ""
    assert text  # the Artifact's words, once only a hover showed them
    row.scroll_into_view_if_needed()
    row.tap()
    page.wait_for_selector(".toast", timeout=TIMEOUT)
    assert text in page.inner_text(".toasts")
