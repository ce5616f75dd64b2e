"""What the prompt asks is in view (issue 48): at 1280x800 and 390x844, on every game.

Each decision of a game played on the board, the moment its prompt appears: if the prompt asks to
pick a highlighted thing, one of them is on screen; if it offers buttons, the prompt bar is.  The
positions are read from the page (``getBoundingClientRect`` against the window).  The known
failure was Realms: the deck and discard, where every turn starts, lay below the fold (y of
about 1057 on an 800 px window, 1368 on the phone); the board now scrolls the first highlighted
thing into view when a decision's things are all off screen.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from hellas.games import REGISTRY
from hellas.server.timers import stand_in
from tests.server.conftest import Server

from .conftest import drawn, shot
from .playing import CLICKABLE, READY

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
DECISIONS = 10  # decisions checked per game and size (the first turns: every kind they hold)

# for the prompt: which highlighted things and bar buttons are inside the window
IN_VIEW = """() => {
  const inside = (node) => {
    const b = node.getBoundingClientRect();
    return (b.width || b.height) && b.bottom > 0 && b.right > 0
      && b.top < window.innerHeight && b.left < window.innerWidth;
  };
  const things = [...document.querySelectorAll('#board [data-target].target')];
  const buttons = [...document.querySelectorAll('#board [data-testid=board-action]')];
  const bar = document.querySelector('#board [data-testid=board-prompt]');
  return {
    prompt: bar ? bar.textContent : '',
    kinds: [...new Set(things.map((n) => n.dataset.target.split(':')[0]))].sort(),
    things: things.length,
    thingsSeen: things.filter(inside).length,
    firstY: things.length ? Math.round(things[0].getBoundingClientRect().top) : null,
    buttons: buttons.length,
    buttonsSeen: buttons.filter(inside).length,
  };
}"""


def _open(browser: Any, url: str, size: tuple[int, int]) -> Any:
    width, height = size
    phone = width < 600
    context = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']", timeout=60_000)
    page.errors = errors
    return page


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("game", ["realms", "legends", "lords"])
def test_what_the_prompt_asks_is_on_screen(web: Server, browser: Any, game: str, size: str) -> None:
    body = {
        "game": game,
        "options": {"players": 2},
        "seats": ["human", stand_in(REGISTRY.get(game))],
        "seed": 11,
    }
    status, data = web.post("/api/tables", body)
    assert status == 200, data
    page = _open(browser, web.url + data["you"]["link"], SIZES[size])
    rng = random.Random(3)
    seen: Counter[str] = Counter()
    for made in range(DECISIONS):
        page.wait_for_function(READY, timeout=90_000)
        if page.query_selector("[data-testid=outcome]"):
            break
        where = page.evaluate(IN_VIEW)
        kind = ",".join(where["kinds"]) or "buttons"
        if where["things"]:
            assert where["thingsSeen"], (
                f"{game} {size}, decision {made} ({kind}): the prompt says "
                f"{where['prompt']!r} but no highlighted thing is on screen "
                f"(the first at y={where['firstY']})"
            )
        else:
            assert where["buttonsSeen"], f"{game} {size}, decision {made}: no button in view"
        seen[kind] += 1
        if made == 0:
            shot(page, f"prompt-in-view-{game}-{size}")
        before = drawn(page)
        kinds = page.evaluate(CLICKABLE)
        page.locator(f"[data-pick='{rng.randrange(len(kinds))}']").first.click(timeout=30_000)
        if page.query_selector("[data-testid=board-menu]") or page.query_selector(
            "#board [data-target].selected"
        ):
            picks = page.evaluate(CLICKABLE)  # a menu or a second step: finish the decision
            page.locator(f"[data-pick='{rng.randrange(len(picks))}']").first.click(timeout=30_000)
        if page.query_selector("[data-testid=board-menu]") or page.query_selector(
            "#board [data-target].selected"
        ):
            continue  # a longer built choice: its next step is checked like a decision
        page.wait_for_function(
            f"() => (window.hellasSeq ?? -1) > {before} "
            "|| document.querySelector('[data-testid=outcome]')",
            timeout=90_000,
        )
    assert seen, "no decision was checked"
    assert not page.errors, page.errors
