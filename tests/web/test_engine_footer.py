"""The lobby's footer line in a real browser: which engine runs, in words (issue 52)."""

from __future__ import annotations

from typing import Any

from hellas.core.compiled import ENGINE_LINES
from tests.server.conftest import Server

from .conftest import shot


def test_the_lobby_footer_says_which_engine_runs(web: Server, browser: Any) -> None:
    """The line is shown under the lobby, one of the server's sentences, nothing technical."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(web.url + "/")
        line = page.locator("[data-testid=engine-line]")
        line.wait_for(state="visible", timeout=30_000)
        text = line.inner_text().strip()
        # the tests run pure Python; a build of this checkout may be running beside them
        assert text in (ENGINE_LINES["python"], ENGINE_LINES["building"])
        assert page.locator("footer [data-testid=engine-line]").count() == 1  # under the lobby
        shot(page, "lobby-engine-line")
    finally:
        page.close()
