"""The end of a game tells its story: Victory or Defeat with the mission's figures (Legends),
"You lost — Helen won by Favored of the Gods on turn 40" and everyone's progress (Lords), every
hand ranked with its cards (Realms); the reason is told once, and the replay is one click away.
The games are played out by handing the person's seat to a bot, so they end quickly."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.server.conftest import Server

from .conftest import ARTIFACTS
from .test_a11y import serious
from .test_browser import open_table

DESKTOP = {"width": 1366, "height": 850}


def played_by_bots(web: Server, browser: Any, game: str, options: dict[str, Any], seed: int) -> Any:
    """A table where the person's seat is handed to the Normal bot: open it, wait for the end."""
    bot = {"legends": "heuristic", "realms": "greedy", "lords": "heuristic"}[game]
    seats = ["human"] + [bot] * (options["players"] - 1)
    status, data = web.post(
        "/api/tables", {"game": game, "options": options, "seats": seats, "seed": seed}
    )
    assert status == 200, data
    page = open_table(browser, web.url + data["you"]["link"], viewport=DESKTOP)
    status, _ = web.post(
        f"/api/tables/{data['id']}/seats/0/bot", {"token": data["you"]["token"], "bot": bot}
    )
    assert status == 200
    page.wait_for_selector("[data-testid=outcome]", timeout=240_000)
    page.wait_for_timeout(400)  # the scene's brief arrival
    page.evaluate("() => window.scrollTo(0, 0)")
    return page, data


def test_a_won_mission_is_a_victory_with_its_figures(web: Server, browser: Any) -> None:
    page, data = played_by_bots(web, browser, "legends", {"players": 2, "mission": 1}, seed=3)
    headline = page.inner_text("[data-testid=result-headline]")
    assert headline == "Victory!", headline
    scene = page.inner_text("[data-testid=outcome]")
    stats = page.inner_text("[data-testid=result-stats]")
    for words in ("monsters slain", "cards left in the deck", "divine interventions used", "turns"):
        assert words in stats
    _s, info = web.get(f"/api/tables/{data['id']}")
    reason = info["outcome"]["reason"]
    assert scene.count(reason) == 1  # told once, in the scene
    assert page.inner_text("[data-testid=status]").strip() == "Game over"
    assert reason not in page.inner_text("#board")
    assert "0 / 0" not in scene and "winner" not in scene.lower()  # no scores for a co-op game
    assert page.get_attribute("[data-testid=replay-link]", "href").startswith("/replay/")
    assert serious(page) == []
    page.screenshot(path=str(ARTIFACTS / "results-legends.png"))
    assert not page.errors, page.errors


def test_lords_tells_each_player_who_won_how_and_when(web: Server, browser: Any) -> None:
    page, data = played_by_bots(web, browser, "lords", {"players": 2}, seed=3)
    headline = page.inner_text("[data-testid=result-headline]")
    _s, info = web.get(f"/api/tables/{data['id']}")
    outcome = info["outcome"]
    turns = outcome["details"]["turns"]
    victory = r"(Warlord of Hellas|Favored of the Gods|Monster Slayer|King of Kings)"
    if outcome["winners"] == [0]:
        assert headline == "You won!"
    else:
        who = r"\w+(?: \([\w ,]+\))?"  # the Hero, and the person playing it when named
        assert re.fullmatch(rf"You lost — {who} won by {victory} on turn {turns}", headline), (
            headline
        )
    ranking = page.inner_text("[data-testid=ranking]")
    assert "Winner" in ranking and "Lands" in ranking and "Monsters slain" in ranking
    assert serious(page) == []
    page.screenshot(path=str(ARTIFACTS / "results-lords.png"))
    # a spectator reads the winner's line itself
    watcher = open_table(browser, web.url + data["watch"], viewport=DESKTOP)
    line = watcher.inner_text("[data-testid=result-headline]")
    assert re.fullmatch(rf"\w+(?: \([\w ,]+\))? won by {victory} on turn {turns}", line), line
    assert not page.errors and not watcher.errors


@pytest.mark.parametrize("players", [3])
def test_realms_ranks_every_hand_with_its_cards(web: Server, browser: Any, players: int) -> None:
    page, _data = played_by_bots(web, browser, "realms", {"players": players}, seed=5)
    ranking = page.query_selector_all("[data-testid=ranking] li")
    assert len(ranking) == players
    points = [int(re.search(r"(\d+) points", li.inner_text()).group(1)) for li in ranking]
    assert points == sorted(points, reverse=True)
    page.click("[data-testid=result-hands] summary")
    tables = page.query_selector_all("[data-testid=result-hands] .score-table")
    assert len(tables) == players  # every hand, card by card
    assert "choices:" not in page.inner_text("[data-testid=outcome]")
    assert serious(page) == []
    page.screenshot(path=str(ARTIFACTS / "results-realms.png"))
    assert not page.errors, page.errors
