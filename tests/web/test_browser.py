"""Browser tests: real pages in Debian's chromium against a real server and database."""

from __future__ import annotations

import json
from typing import Any

from tests.server.conftest import Server

from .conftest import drawn, shot, wait_after

MAX_CLICKS = 3000


def open_table(
    browser: Any, url: str, viewport: dict[str, int] | None = None, **device: Any
) -> Any:
    """Open a page (``device``: more context settings, e.g. has_touch) and wait until drawn."""
    context = browser.new_context(viewport=viewport or {"width": 1280, "height": 900}, **device)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']", timeout=30_000)
    page.errors = errors
    return page


def click_to_the_end(page: Any, limit: int = MAX_CLICKS) -> int:
    """Click the first choice whenever it is our decision, until the game is over."""
    clicks = 0
    while clicks < limit:
        page.wait_for_function(
            "() => document.querySelector('[data-testid=outcome]') || "
            "document.querySelector('[data-testid=choice]:not([disabled])')",
            timeout=60_000,
        )
        if page.query_selector("[data-testid=outcome]"):
            return clicks
        button = page.query_selector("[data-testid=choice]:not([disabled])")
        if button is None:
            continue
        seq_before = drawn(page)
        button.click()
        clicks += 1
        wait_after(page, seq_before)
    return clicks


def test_legends_from_the_lobby_to_the_end_by_clicking(web: Server, browser: Any) -> None:
    page = open_table(browser, web.url + "/")
    page.select_option("#game", "legends")
    page.fill("#options [name=players]", "3")
    page.dispatch_event("#options [name=players]", "change")
    seats = page.query_selector_all("select[data-testid=seat]")
    assert len(seats) == 3
    seats[1].select_option("heuristic")
    seats[2].select_option("heuristic")
    shot(page, "lobby")
    page.click("#create")
    page.wait_for_url("**/table/**", timeout=30_000)
    page.wait_for_selector("body[data-ready='1']", timeout=30_000)
    shot(page, "legends-start")
    clicks = click_to_the_end(page)
    assert clicks > 5
    assert page.inner_text("[data-testid=outcome]").strip()
    shot(page, "legends-end")
    assert not page.errors, page.errors


def create(
    web: Server, game: str, options: dict[str, Any], seats: list[str], seed: int = 5
) -> dict[str, Any]:
    status, data = web.post(
        "/api/tables", {"game": game, "options": options, "seats": seats, "seed": seed}
    )
    assert status == 200, data
    return data  # type: ignore[no-any-return]


def test_realms_game_in_the_browser(web: Server, browser: Any) -> None:
    data = create(web, "realms", {"players": 2}, ["human", "greedy"])
    page = open_table(browser, web.url + data["you"]["link"])
    page.wait_for_selector("[data-testid=hand] [data-card]")
    shot(page, "realms-start")
    click_to_the_end(page)
    shot(page, "realms-end")
    assert page.query_selector("[data-testid=outcome]")
    assert not page.errors, page.errors


def test_lords_for_a_few_rounds_and_the_map(web: Server, browser: Any) -> None:
    data = create(web, "lords", {"players": 2, "turn_limit": 12}, ["human", "heuristic"])
    page = open_table(browser, web.url + data["you"]["link"])
    regions = page.query_selector_all("[data-testid=region]")
    assert len(regions) == 19
    click_to_the_end(page, limit=400)
    shot(page, "lords-desktop")
    phone = open_table(
        browser, web.url + data["you"]["link"], viewport={"width": 390, "height": 844}
    )
    shot(phone, "lords-phone")
    assert not page.errors, page.errors


def test_two_seats_never_see_each_others_hand(web: Server, browser: Any) -> None:
    data = create(web, "legends", {"players": 2}, ["human", "human"], seed=21)
    table = data["id"]
    _s, other = web.post(f"/api/tables/{table}/claim", {"seat": 1})
    links = {0: data["you"]["link"], 1: other["link"]}
    tokens = {0: data["you"]["token"], 1: other["token"]}
    frames: dict[int, list[dict[str, Any]]] = {0: [], 1: []}
    pages = {}
    for seat, link in links.items():
        context = browser.new_context()
        page = context.new_page()

        def watch(ws: Any, seat: int = seat) -> None:
            ws.on(
                "framereceived", lambda payload, seat=seat: frames[seat].append(json.loads(payload))
            )

        page.on("websocket", watch)
        page.goto(web.url + link)
        page.wait_for_selector("body[data-ready='1']")
        pages[seat] = page
    for seat, page in pages.items():
        _s, mine = web.get(f"/api/tables/{table}/view?seat={seat}&token={tokens[seat]}")
        shown: dict[str, int] = {}
        for card in page.query_selector_all("[data-testid=hand] [data-card]"):
            kind = card.get_attribute("data-card")
            shown[kind] = shown.get(kind, 0) + 1
        assert shown == mine["view"]["hand"], (seat, shown, mine["view"]["hand"])
        shot(page, f"two-seats-{seat}")
    for seat, received in frames.items():
        states = [f for f in received if f.get("type") == "state"]
        assert states
        for f in states:
            assert f["seat"] == seat
            for hero in f["view"]["heroes"]:
                if hero["seat"] != seat:
                    assert "hand" not in hero
    _s, a = web.get(f"/api/tables/{table}/view?seat=0&token={tokens[0]}")
    _s, b = web.get(f"/api/tables/{table}/view?seat=1&token={tokens[1]}")
    assert a["view"]["hand"] != b["view"]["hand"]  # the seed deals them different hands


def test_replay_viewer_steps_through_a_finished_game(web: Server, browser: Any) -> None:
    data = create(web, "legends", {"players": 2}, ["heuristic", "heuristic"], seed=3)
    table = data["id"]
    for _ in range(600):
        _s, info = web.get(f"/api/tables/{table}")
        if info["outcome"]:
            break
        import time  # noqa: PLC0415

        time.sleep(0.05)
    page = open_table(browser, web.url + f"/replay/{table}")
    first = page.inner_text("[data-testid=step]")
    page.click("[data-testid=next]")
    page.wait_for_function(
        f"() => document.querySelector('[data-testid=step]').innerText !== {json.dumps(first)}"
    )
    assert page.inner_text("[data-testid=step]") != first
    page.click("[data-testid=prev]")
    page.wait_for_function(
        f"() => document.querySelector('[data-testid=step]').innerText === {json.dumps(first)}"
    )
    shot(page, "replay")
