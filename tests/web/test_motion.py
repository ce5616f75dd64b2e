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


# Draw a real Lords view, then the same view after a Battle starts, a Hunt starts with a Wound
# dealt, two Hoplites arrive and the Hero moves; return what was marked and how it animates.
LORDS_CHANGES = """async (url) => {
  const { render } = await import('/static/games/lords/render.js');
  const msg = await (await fetch(url)).json();
  const v0 = msg.view;
  const [r1, r2, r3] = v0.regions.map((r) => r.id);
  const monster = Object.keys(v0.monsters).find((m) => v0.monsters[m].tray.length);
  v0.monsters[monster].at = r3;
  v0.monsters[monster].tray.forEach((w) => { w.wounded = false; });
  const v1 = structuredClone(v0);
  v1.regions[0].hoplites[0] += 2;
  v1.players_info[0].at = r2;
  v1.battle = { region: r1, attacker: 0, defender: 1, played: [[], []], passed: [false, false],
    stage: 'cards', strength: [2, 1] };
  v1.monsters[monster].tray[0].wounded = true;
  v1.hunt = { monster, hunter: 0, stage: 'attack', committed: [] };
  const root = document.createElement('div');
  root.id = 'motion-probe';
  document.querySelector('main, body').append(root);
  render(root, v0, {});
  render(root, v1, {});
  window.lordsProbe = v1;
  return { r1, r2, monster };
}"""

MARKED = {
    "region": "#motion-probe [data-region='{r1}'].m-clash .cell-hit",
    "clash": "#motion-probe [data-region='{r1}'] .clash-mark.m-clash",
    "army": "#motion-probe [data-region='{r1}'] .army.m-arrive",
    "hero": "#motion-probe [data-region='{r2}'] .hero-pawn.m-arrive",
    "hunt": "#motion-probe .hunt-panel.m-hunt",
    "wound": "#motion-probe .monster-tray .wound.m-flip",
}
EXPECTED = {
    "region": "lords-pulse",
    "clash": "lords-pop",
    "army": "lords-arrive",
    "hero": "lords-arrive",
    "hunt": "lords-open",
    "wound": "lords-flip",
}
DURATION = (
    "(sel) => { const n = document.querySelector(sel); "
    "return n && getComputedStyle(n).animationDuration; }"
)


def test_lords_battles_hunts_wounds_and_moves_animate_unless_reduced_motion(
    web: Server, browser: Any
) -> None:
    status, data = web.post(
        "/api/tables",
        {"game": "lords", "options": {"players": 2}, "seats": ["human", "heuristic"], "seed": 3},
    )
    assert status == 200, data
    link = data["you"]["link"]
    page = open_table(browser, web.url + link)
    path, query = link.split("#", 1)  # the seat and its token ride in the fragment
    table = path.rsplit("/", 1)[1]
    got = page.evaluate(LORDS_CHANGES, f"/api/tables/{table}/view?{query}")
    sel = {k: v.format(**got) for k, v in MARKED.items()}
    for what, expected in EXPECTED.items():
        assert page.evaluate(ANIMATION, sel[what]) == expected, what
        assert page.evaluate(DURATION, sel[what]) not in (None, "0s"), what
    # Under prefers-reduced-motion the marks stay and nothing moves.
    page.emulate_media(reduced_motion="reduce")
    for what in EXPECTED:
        assert page.evaluate(ANIMATION, sel[what]) == "none", what
        assert page.evaluate(DURATION, sel[what]) == "0s", what
    # Drawing the same view again marks nothing: only a change moves.
    marks = page.evaluate(
        "async () => { const { render } = await import('/static/games/lords/render.js'); "
        "const root = document.getElementById('motion-probe'); "
        "render(root, structuredClone(window.lordsProbe), {}); "
        "return root.querySelectorAll('[class*=\" m-\"]').length; }"
    )
    assert marks == 0
    assert not page.errors, page.errors
