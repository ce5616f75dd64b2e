"""Accessibility: axe-core (bundled by axe-playwright-python) finds no serious or critical
violation on the lobby, each game's table in several states, the replay and the how-to-play
pages; cards carry text alternatives."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.server.conftest import Server

from .test_browser import click_to_the_end, open_table

BAD = ("serious", "critical")


def serious(page: Any) -> list[str]:
    """Return 'rule: target' for every serious or critical axe violation on the page."""
    from axe_playwright_python.sync_playwright import Axe  # noqa: PLC0415

    # Brief animations fade elements in; axe would measure their contrast mid-fade.
    page.emulate_media(reduced_motion="reduce")
    page.wait_for_timeout(50)
    results = Axe().run(page)
    out = []
    for v in results.response["violations"]:
        if v["impact"] in BAD:
            for node in v["nodes"][:5]:
                out.append(f"{v['id']} ({v['impact']}): {node['target']} {node['failureSummary']}")
    print("AXE", *out, sep="\n  ")
    return out


def create(web: Server, game: str, options: dict[str, Any], seats: list[str], seed: int) -> Any:
    status, data = web.post(
        "/api/tables", {"game": game, "options": options, "seats": seats, "seed": seed}
    )
    assert status == 200, data
    return data


def test_lobby_how_to_play_and_replay_pages_pass_axe(web: Server, browser: Any) -> None:
    data = create(web, "legends", {"players": 2}, ["heuristic", "heuristic"], seed=3)
    page = open_table(browser, web.url + "/")
    assert serious(page) == []
    page.click("[data-game=legends] .pick-game")
    assert serious(page) == []
    for game in ("legends", "realms", "lords"):
        page.goto(web.url + f"/how-to-play/{game}")
        page.wait_for_selector("body[data-ready='1']")
        assert serious(page) == [], game
    for _ in range(1200):
        _s, info = web.get(f"/api/tables/{data['id']}")
        if info["outcome"]:
            break
        time.sleep(0.05)
    page.goto(web.url + f"/replay/{data['id']}")
    page.wait_for_selector("body[data-ready='1']")
    page.click("[data-testid=next]")
    assert serious(page) == []


@pytest.mark.parametrize(
    ("game", "options", "seats"),
    [
        ("legends", {"players": 2}, ["human", "heuristic"]),
        ("realms", {"players": 2}, ["human", "greedy"]),
        ("lords", {"players": 2, "turn_limit": 4}, ["human", "heuristic"]),
    ],
)
def test_each_table_passes_axe_in_several_states(
    web: Server, browser: Any, game: str, options: dict[str, Any], seats: list[str]
) -> None:
    data = create(web, game, options, seats, seed=7)
    page = open_table(browser, web.url + data["you"]["link"])
    assert serious(page) == [], "start"
    click_to_the_end(page, limit=6)  # a few decisions in: a middle state
    assert serious(page) == [], "middle"
    click_to_the_end(page, limit=400)
    page.wait_for_selector("[data-testid=outcome]")
    assert serious(page) == [], "over"
    watcher = open_table(browser, web.url + f"/table/{data['id']}")
    assert serious(watcher) == [], "spectator"


def test_cards_have_text_alternatives(web: Server, browser: Any) -> None:
    data = create(web, "legends", {"players": 2}, ["human", "heuristic"], seed=9)
    page = open_table(browser, web.url + data["you"]["link"])
    cards = page.query_selector_all("[data-testid=hand] [data-card]")
    assert cards
    for card in cards:
        name = card.get_attribute("aria-label") or card.get_attribute("title") or ""
        assert card.get_attribute("data-card") in name.lower(), name
    for icon in page.query_selector_all("svg.icon[role=img]"):
        assert (icon.get_attribute("aria-label") or "").strip()
