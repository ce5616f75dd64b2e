"""The lobby shows open tables a page at a time, with "Show more" for the next page."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import Server, start_server, stop_server
from tests.server.test_robustness import DAMAGE, two_player_table

from .test_browser import open_table

OPEN = 20  # tables made; the lobby shows 15, then all 20 after one "Show more"


@pytest.fixture(scope="module")
def busy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = f"sqlite:///{tmp_path_factory.mktemp('lobbydb') / 'hellas.db'}"
    server = start_server(db, args=["--create-rate", "0"])
    yield server
    stop_server(server)


def open_ids(page: Any) -> list[str]:
    return page.eval_on_selector_all(
        "#open-tables li.table-item", "items => items.map(i => i.dataset.table)"
    )  # type: ignore[no-any-return]


def test_the_lobby_pages_its_open_tables(busy: Server, browser: Any) -> None:
    body = {"game": "realms", "options": {"players": 2}, "seats": ["human", "human"]}
    made = [busy.post("/api/tables", body)[1]["id"] for _ in range(OPEN)]
    page = open_table(browser, busy.url + "/")
    page.wait_for_function("() => document.querySelectorAll('#open-tables li.table-item').length")
    assert open_ids(page) == made[::-1][:15]  # the newest first page
    page.click("[data-testid=more-open]")
    page.wait_for_function(
        f"() => document.querySelectorAll('#open-tables li.table-item').length === {OPEN}"
    )
    assert open_ids(page) == made[::-1]
    assert page.query_selector("[data-testid=more-open]") is None  # nothing more to show
    assert not page.errors
    page.context.close()


def test_the_lobby_says_why_a_stored_table_is_unavailable(tmp_path: Path, browser: Any) -> None:
    path = tmp_path / "damaged.db"
    first = start_server(f"sqlite:///{path}", args=["--create-rate", "0"])
    try:
        broken, _tokens = two_player_table(first, "legends")
        fine, _tokens = two_player_table(first, "realms")
    finally:
        stop_server(first)
    sql, reason = DAMAGE["old_rules"]
    with sqlite3.connect(path) as db:
        db.execute(sql, (broken,))
    second = start_server(f"sqlite:///{path}", args=["--create-rate", "0"])
    try:
        page = open_table(browser, second.url + "/")
        page.wait_for_selector("[data-testid=unavailable]")
        item = page.locator(f"#playing-tables li[data-table='{broken}']")
        assert reason in item.inner_text() and item.locator("a").count() == 0  # no Watch link
        healthy = page.locator(f"#playing-tables li[data-table='{fine}']")
        assert healthy.locator("[data-testid=watch]").count() == 1
        assert not page.errors
        page.context.close()
    finally:
        stop_server(second)
