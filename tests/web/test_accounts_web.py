"""Accounts and revealing replays in the browser (Debian chromium through Playwright).

Sign up from the lobby, find the account's table again on a second "device", see the profile
with its campaign and the leaderboards; a finished game's public replay shows every hand from
the first step and the result only at the last.
"""

from __future__ import annotations

import time
from typing import Any

from tests.server.conftest import Server

from .conftest import shot
from .test_a11y import serious
from .test_browser import create, open_table


def sign_up(page: Any, name: str) -> None:
    page.click("[data-testid=account-open]")
    page.fill("[data-testid=account-user]", name)
    page.fill("[data-testid=account-password]", "a long enough secret")
    page.click("[data-testid=sign-up]")
    page.wait_for_selector("[data-testid=account-name]")


def test_an_account_follows_its_tables_to_another_device(web: Server, browser: Any) -> None:
    page = open_table(browser, web.url + "/")
    page.click("[data-testid=account-open]")
    assert serious(page) == []  # the sign-in form, open
    shot(page, "account-form")
    page.click("[data-testid=account-open]")
    sign_up(page, "Penelope")
    assert "Signed in as Penelope" in page.inner_text("[data-testid=account-name]")
    shot(page, "account-signed-in")
    made = page.evaluate(
        """async () => (await fetch('/api/tables', {method: 'POST',
           headers: {'content-type': 'application/json'},
           body: JSON.stringify({game: 'realms', options: {players: 2},
                                 seats: ['human', 'human'], name: 'Ithaca'})})).json()"""
    )
    other = open_table(browser, web.url + "/")  # a fresh context: another device
    assert not other.query_selector("[data-testid=my-table]")
    other.click("[data-testid=account-open]")
    other.fill("[data-testid=account-user]", "penelope")
    other.fill("[data-testid=account-password]", "a wrong password")
    other.click("[data-testid=sign-in]")
    other.wait_for_function(
        "() => document.querySelector('[data-testid=account-error]').innerText.length > 0"
    )
    assert "wrong name or password" in other.inner_text("[data-testid=account-error]")
    other.fill("[data-testid=account-password]", "a long enough secret")
    other.click("[data-testid=sign-in]")
    other.wait_for_selector(f"[data-testid=my-table][data-table='{made['id']}']")
    other.click("[data-testid=my-table-link]")
    other.wait_for_selector("body[data-ready='1']")
    other.wait_for_function("() => !document.body.innerText.includes('wrong or missing')")
    assert "/table/" in other.url
    other.goto(web.url + "/")
    other.wait_for_selector("[data-testid=sign-out]")
    other.wait_for_selector(f"[data-testid=my-table][data-table='{made['id']}']")
    other.click("[data-testid=sign-out]")
    other.wait_for_selector("[data-testid=account-open]")
    other.wait_for_selector("[data-testid=my-table]", state="detached")  # nothing left behind
    assert not page.errors
    assert not [e for e in other.errors if "401" not in e]  # only the wrong password's answer


def test_profile_and_leaderboard_pages(web: Server, browser: Any) -> None:
    page = open_table(browser, web.url + "/")
    sign_up(page, "Hector")
    page.goto(web.url + "/profile/Hector")
    page.wait_for_selector("body[data-ready='1']")
    assert page.inner_text("#title") == "Hector"
    assert len(page.query_selector_all("[data-testid=campaign] tbody tr")) == 12
    assert page.inner_text("[data-testid=mission-human-1]") == "Not played"
    assert serious(page) == []
    shot(page, "profile")
    page.goto(web.url + "/leaderboard")
    page.wait_for_selector("body[data-ready='1']")
    assert "Fantasy Realms" in page.inner_text("[data-testid=board-realms]")
    assert "Nobody is rated yet" in page.inner_text("[data-testid=board-lords]")
    assert serious(page) == []
    shot(page, "leaderboard")
    assert not page.errors


def test_a_finished_replay_reveals_hands_and_keeps_the_result_for_the_end(
    web: Server, browser: Any
) -> None:
    table = create(web, "realms", {"players": 2}, ["greedy", "greedy"], seed=11)["id"]
    for _ in range(1200):
        if web.get(f"/api/tables/{table}")[1]["outcome"]:
            break
        time.sleep(0.05)
    page = open_table(browser, web.url + f"/replay/{table}")
    hands = page.query_selector_all("[data-testid=revealed-hand]")
    assert len(hands) == 2 and all(len(h.inner_text()) > 20 for h in hands)
    assert "result shows at the last step" in page.inner_text("#outcome-info")
    assert not page.query_selector(".winner-badge")
    assert serious(page) == []
    shot(page, "replay-revealed")
    page.click("[data-testid=last]")
    page.wait_for_selector(".winner-badge")
    page.click("[data-testid=seat-view] >> nth=1")  # as player 2 saw it: no other hand
    page.wait_for_selector("[data-testid=every-hand]")
    assert "Seen from seat 2" in page.inner_text("#role")
    assert not page.query_selector("[data-testid=revealed-hand]")
    page.click("[data-testid=every-hand]")
    page.wait_for_selector("[data-testid=revealed-hand]")
    assert not page.errors
