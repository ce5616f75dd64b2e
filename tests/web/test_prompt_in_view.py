"""What the prompt asks is in view (issue 48): at 1280x800 and 390x844, on every game.

Each decision of a game played on the board, the moment its prompt appears: if the prompt asks to
pick a highlighted thing, one of them is on screen; if it offers buttons, the prompt bar is.  The
positions are read from the page (``getBoundingClientRect`` against the window).  The known
failure was Realms: the deck and discard, where every turn starts, lay below the fold (y of
about 1057 on an 800 px window, 1368 on the phone); the board now scrolls the first highlighted
thing into view when a decision's things are all off screen.

Every decision of the game is checked, not only the first turns: the game is played on the board
(random clicks, the other seat a bot) until it ends or its time runs out (``PLAY_FOR`` seconds a
size, so a game's two sizes stay under 3 minutes), and by then each kind of decision the game
has - the sets of things it highlights, or buttons alone - must have come up (``KINDS``).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any

import pytest

from hellas.games import REGISTRY
from hellas.server.timers import stand_in
from tests.server.conftest import Server

from .conftest import drawn, shot
from .playing import CLICKABLE, READY

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
PLAY_FOR = 80.0  # seconds of play per game and size (a liveness bound: the game may end first)
# what each game's decisions must have highlighted within that time (the kinds of thing: hand
# cards, piles, Regions ...; "buttons" for a decision with nothing on the board to click)
KINDS = {
    "realms": {"deck", "discard", "hand"},
    "legends": {"deck", "hand", "monster", "oracle-card"},
    "lords": {"hero", "region", "action", "monster", "hand", "buttons"},
}
OPTIONS = {"realms": {"endgame": "manual"}}  # Realms' endgame decisions, made by the player

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


def press(page: Any, rng: random.Random) -> None:
    """Click one of the things to click now, at random; again if the board was redrawn under
    the click (a state of the same decision arriving: the node clicked was replaced)."""
    from playwright.sync_api import TimeoutError as Late  # noqa: PLC0415 (as conftest: lazily)

    for _ in range(3):
        picks = page.evaluate(CLICKABLE)
        if not picks:  # caught between two drawings (a menu closing): wait for the next one
            page.wait_for_function(READY, timeout=90_000)
            continue
        try:
            page.locator(f"[data-pick='{rng.randrange(len(picks))}']").first.click(timeout=10_000)
            return
        except Late:
            page.wait_for_function(READY, timeout=90_000)
    raise AssertionError("the board was redrawn under three clicks in a row")


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("game", ["realms", "legends", "lords"])
def test_what_the_prompt_asks_is_on_screen(web: Server, browser: Any, game: str, size: str) -> None:
    body = {
        "game": game,
        "options": {"players": 2, **OPTIONS.get(game, {})},
        "seats": ["human", stand_in(REGISTRY.get(game))],
        "seed": 11,
    }
    status, data = web.post("/api/tables", body)
    assert status == 200, data
    page = _open(browser, web.url + data["you"]["link"], SIZES[size])
    rng = random.Random(3)
    seen: Counter[str] = Counter()
    deadline = time.monotonic() + PLAY_FOR
    made = 0
    while time.monotonic() < deadline:
        made += 1
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
        if made == 1:
            shot(page, f"prompt-in-view-{game}-{size}")
        before = drawn(page)
        press(page, rng)
        if page.query_selector("[data-testid=board-menu]") or page.query_selector(
            "#board [data-target].selected"
        ):
            press(page, rng)  # a menu or a second step: finish the decision
        if page.query_selector("[data-testid=board-menu]") or page.query_selector(
            "#board [data-target].selected"
        ):
            continue  # a longer built choice: its next step is checked like a decision
        page.wait_for_function(
            f"() => (window.hellasSeq ?? -1) > {before} "
            "|| document.querySelector('[data-testid=outcome]')",
            timeout=90_000,
        )
    print(f"{game} {size}: {made} decisions, kinds {dict(seen)}")  # (pytest -s shows it)
    missing = KINDS[game] - {part for kind in seen for part in kind.split(",")}
    assert not missing, f"{game} {size}: kinds never reached: {missing} (seen {dict(seen)})"
    assert not page.errors, page.errors
