"""People pick bots by level (Easy, Normal, Hard, Expert) in the lobby and at the table; the
technical names appear only under "Advanced", and a bot that reads hidden cards never does."""

from __future__ import annotations

from typing import Any

from hellas.games import REGISTRY
from tests.server.conftest import Server

from .test_browser import open_table

SEAT = "select[data-testid=seat][data-seat='1']"


def option_texts(page: Any, selector: str) -> list[str]:
    texts: list[str] = page.eval_on_selector_all(
        f"{selector} option", "os => os.map(o => o.textContent)"
    )
    return texts


def test_the_lobby_offers_levels_and_technical_names_only_under_advanced(
    web: Server, browser: Any
) -> None:
    page = open_table(browser, web.url + "/")
    for game in REGISTRY:
        page.select_option("#game", game.meta.id)
        levels = [f"Bot — {level.title}" for level in game.bot_levels()]
        shown = option_texts(page, SEAT)
        assert shown == ["Human", *levels], shown  # words only: no bot names
        assert page.input_value(SEAT) == next(
            level.bot for level in game.bot_levels() if level.level == "normal"
        )
        help_text = page.inner_text("[data-testid=levels-help]")
        assert all(level.about in help_text for level in game.bot_levels())
        timings = ("answers at once", "under a second", " s a move")  # how long, in words
        assert sum(map(help_text.count, timings)) == len(game.bot_levels()), help_text
        page.click("summary:has-text('Name and seed')")
        page.check("[data-testid=advanced-bots]")
        advanced = option_texts(page, SEAT)
        normal = next(level for level in game.bot_levels() if level.level == "normal")
        assert f"Bot — Normal ({normal.bot})" in advanced and "Bot — ismcts" in advanced
        assert not any("clairvoyant" in text for text in advanced)  # reference bots: never
        page.uncheck("[data-testid=advanced-bots]")
        page.click("summary:has-text('Name and seed')")
    page.select_option("#game", "legends")
    assert page.query_selector("[data-testid=advanced-options]")  # rules variants kept aside
    assert not page.is_visible("#opt-free_replace")
    page.select_option(SEAT, label="Bot — Hard")
    page.click("#create")  # one human seat: straight to the table
    page.wait_for_url("**/table/**", timeout=30_000)
    page.wait_for_selector("body[data-ready='1']")
    table = page.url.split("/table/")[1].split("?")[0]
    _s, info = web.get(f"/api/tables/{table}")
    hard = next(
        level.bot for level in REGISTRY.get("legends").bot_levels() if level.level == "hard"
    )
    assert [s["kind"] for s in info["seats"]][1] == hard
    seats = page.inner_text("[data-testid=seats]")
    assert "bot, Hard" in seats and hard.split(":")[0] not in seats
    handoff = option_texts(page, "[data-testid=bot-select]")
    assert handoff == [f"the {level.title} bot" for level in REGISTRY.get("legends").bot_levels()]
    assert not page.errors, page.errors
