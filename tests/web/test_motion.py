"""Motion: what just changed is marked and briefly animated — and nothing moves for players who
ask their system for reduced motion."""

from __future__ import annotations

from typing import Any

from tests.server.conftest import Server

from .test_browser import open_table
from .test_keyboard import press_first

ANIMATION = (
    "(sel) => { const n = document.querySelector(sel); "
    "return n && getComputedStyle(n).animationName; }"
)


def test_changes_are_marked_and_animate_unless_reduced_motion(web: Server, browser: Any) -> None:
    status, data = web.post(
        "/api/tables",
        {"game": "legends", "options": {"players": 2}, "seats": ["human", "heuristic"], "seed": 8},
    )
    assert status == 200, data
    page = open_table(browser, web.url + data["you"]["link"])
    seen_board = False
    for _ in range(12):
        assert press_first(page)
        page.wait_for_selector("[data-testid=choice]:not([disabled])")
        seen_board = seen_board or page.query_selector("#board .fresh") is not None
        if seen_board:
            break
    assert seen_board, "no card drawn or monster changed was marked"
    # The newest events are highlighted, and animate...
    assert page.query_selector("#events .ev.fresh") is not None
    assert page.evaluate(ANIMATION, "#events .ev.fresh") == "hellas-flash"
    assert page.evaluate(ANIMATION, "#board .fresh") == "hellas-arrive"
    # ...but not at all under prefers-reduced-motion (the mark stays, the motion goes).
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(ANIMATION, "#events .ev.fresh") == "none"
    assert page.evaluate(ANIMATION, "#board .fresh") == "none"
    assert not page.errors, page.errors
