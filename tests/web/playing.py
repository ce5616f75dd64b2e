"""Helpers for the browser tests that play on the board: click (or tap) the highlighted things,
never the choice list; and scan what a page shows for internals (keys, ids, Python reprs)."""

from __future__ import annotations

import random
import re
from collections import Counter
from functools import cache
from typing import Any

from hellas.games import REGISTRY

from .conftest import drawn

# What can be clicked on the board for the current decision: a menu's choices when a menu is
# open, else the highlighted things and the prompt bar's buttons.
CLICKABLE = """() => {
  document.querySelectorAll('[data-pick]').forEach((node) => node.removeAttribute('data-pick'));
  const menu = document.querySelector('[data-testid=board-menu]');
  const pick = menu
    ? [...menu.querySelectorAll('[data-testid=board-menu-choice], [data-testid=board-menu-onward]')]
    : [...document.querySelectorAll(
      '#board [data-target].target, #board [data-testid=board-action]')];
  pick.forEach((node, i) => node.setAttribute('data-pick', String(i)));
  return pick.map((node) => node.dataset.testid === 'board-action' ? 'bar'
    : node.closest('[data-testid=board-menu]') ? 'menu' : 'thing');
}"""

READY = """() => document.querySelector('[data-testid=outcome]')
  || (document.querySelector('#board [data-testid=board-bar]')
      && !document.querySelector('#board.board-busy'))"""


def board_to_the_end(
    page: Any,
    seed: int,
    limit: int,
    tap: bool = False,
    at: dict[int, Any] | None = None,
    width: int | None = None,
) -> Counter[str]:
    """Play this seat's decisions by clicking the board only, at random, until the game ends.

    Returns how many clicks went to things on the board, to the prompt bar and to menus, and
    how many choices were sent.  ``at`` maps a number of choices sent to a callback (a
    screenshot, a scan) run when that many have been made.  Fails if a decision of this seat
    offers nothing to click on the board, or (with ``width``) if the page grows wider than that.
    """
    rng = random.Random(seed)
    counts: Counter[str] = Counter()
    while counts["sent"] < limit:
        page.wait_for_function(READY, timeout=90_000)
        if page.query_selector("[data-testid=outcome]"):
            return counts
        if at and counts["sent"] in at:
            at.pop(counts["sent"])(page)
        if width is not None:
            wide = page.evaluate("() => document.documentElement.scrollWidth")
            assert wide <= width, f"the page is {wide} px wide after {counts['sent']} choices"
        before = drawn(page)
        kinds = page.evaluate(CLICKABLE)
        assert kinds, "our decision, but nothing on the board to click"
        i = rng.randrange(len(kinds))
        node = page.locator(f"[data-pick='{i}']").first
        if tap:
            node.tap(timeout=30_000)
        else:
            node.click(timeout=30_000)
        counts[kinds[i]] += 1
        if page.query_selector("[data-testid=board-menu]") or page.query_selector(
            "#board [data-target].selected"
        ):
            continue  # a menu opened, or the first thing of a two-step choice is selected
        page.wait_for_function(
            f"() => (window.hellasSeq ?? -1) > {before} "
            "|| document.querySelector('[data-testid=outcome]')",
            timeout=90_000,
        )
        counts["sent"] += 1
    raise AssertionError(f"no outcome after {limit} choices made on the board")


# -- internals on screen ---------------------------------------------------------------------------

SHOWN = """() => {
  const out = [document.body.innerText];
  const skip = (el) => el.closest('.dev-only')
    || (el.checkVisibility && !el.closest('svg') && !el.checkVisibility());
  const named = '[title], [aria-label], [aria-description], [placeholder]';
  for (const el of document.querySelectorAll(named)) {
    if (skip(el)) continue;
    for (const a of ['title', 'aria-label', 'aria-description', 'placeholder']) {
      const v = el.getAttribute(a);
      if (v) out.push(v);
    }
  }
  for (const t of document.querySelectorAll('svg title, svg text')) {
    if (!t.closest('.dev-only')) out.push(t.textContent);
  }
  return out;
}"""

KEY_LIKE = re.compile(r"(?<![\w/.:])[a-z][a-z0-9.]*(?:-[a-z0-9]+)*:[a-z0-9][a-z0-9=>/_.+-]*")
SNAKE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")
REPR = re.compile(
    r"\[\d+(?:\.\d+)?(?:, \d+(?:\.\d+)?)+\]|\{'|'\w+': |\b(?:None|True|False)\b|object at 0x"
    r"|\bundefined\b|\bNaN\b|\[object Object\]"
)


@cache
def ids(game_id: str) -> frozenset[str]:
    """Every hyphenated id a game's choice keys carry (card, monster, action ids ...)."""
    game = REGISTRY.get(game_id)
    found = set()
    for key in game.table:
        for part in re.split(r"[:=>/+]", key):
            if "-" in part and len(part) >= 5:
                found.add(part)
    if game_id == "lords":
        from hellas.games.lords.describe import texts  # noqa: PLC0415

        found |= {e for e in texts().get("evolution", {}) if "-" in e}
    return frozenset(found)


def internals(page: Any, game_id: str) -> list[str]:
    """Return every piece of shown text that looks like a key, an id or a Python repr."""
    texts = page.evaluate(SHOWN)
    words = ids(game_id)
    alternatives = "|".join(map(re.escape, sorted(words)))
    id_pattern = re.compile(r"(?<![\w-])(?:" + alternatives + r")(?![\w-])")
    bad = []
    for text in texts:
        for pattern in (KEY_LIKE, SNAKE, REPR, id_pattern):
            bad += [f"{m.group(0)!r} in {text[:80]!r}" for m in pattern.finditer(text)]
    return sorted(set(bad))
