"""A Lords Hunt, the left neighbour's Monster Attack pick and a Quest Step, reached by clicking.

The table is seeded (seat 1 a heuristic bot) and the test clicks with a fixed policy: hunt when
it can, take Quest Steps, start where a Monster is, walk the Hero toward Monsters and Quests,
otherwise the first choice.  Seed 391 reaches all three within a few dozen clicks (found with a
script that replays the same policy against the server's bot seeding, ``hub.bot_seed``).
Seed 57 reaches a Battle where the human is to act after about 64 first-choice clicks.
"""

from __future__ import annotations

from typing import Any

from tests.server.conftest import Server

from .conftest import ARTIFACTS, drawn, shot, wait_after
from .test_a11y import serious
from .test_browser import create, open_table

SEED = 391
MAX_CLICKS = 120


def policy(keys: list[str], monsters: set[str], quests: set[str]) -> str:
    """Return the key to click: Hunt, Quest, toward Monsters and Quests, else the first."""
    for pref in ("hunt", "quest-step"):
        for k in keys:
            if k == pref or k.startswith(pref + ":"):
                return k
    for k in keys:
        if k.startswith("quest:") and k != "quest:none":
            return k
    for want in (monsters, quests):
        for k in keys:
            head, _, rest = k.partition(":")
            if head in ("start", "go") and rest in want:
                return k
    return keys[0]


def board(page: Any) -> tuple[set[str], set[str]]:
    """Return the Regions with a Monster and those with a Quest, read from the map."""
    found = page.evaluate(
        "() => [...document.querySelectorAll('[data-testid=region]')].map("
        "(r) => [r.dataset.region, r.dataset.monsters || '', r.dataset.quest || ''])"
    )
    return {r for r, m, _q in found if m}, {r for r, _m, q in found if q}


def test_a_hunt_the_attack_pick_and_a_quest_step_by_clicking(web: Server, browser: Any) -> None:
    data = create(web, "lords", {"players": 2}, ["human", "heuristic"], seed=SEED)
    page = open_table(browser, web.url + data["you"]["link"])
    assert page.query_selector_all("[data-testid=progress]")  # victory progress, both seats
    seen: set[str] = set()
    clicks = 0
    while clicks < MAX_CLICKS and seen != {"hunt", "pick", "quest"}:
        page.wait_for_function(
            "() => document.querySelector('[data-testid=outcome]') || "
            "document.querySelector('[data-testid=choice]:not([disabled])')",
            timeout=60_000,
        )
        assert not page.query_selector("[data-testid=outcome]"), "the game ended first"
        hunt = page.query_selector("[data-testid=hunt]")
        if hunt is not None and "(you)" in hunt.inner_text().split("vs")[0]:
            assert hunt.query_selector("[data-testid=tray] .wound")
            assert page.inner_text("[data-testid=hunt-stage]").strip()
            if "hunt" not in seen:
                shot(page, "lords-hunt")
                assert serious(page) == []
            seen.add("hunt")
        pick = page.query_selector("[data-testid=hunt-pick]")
        if pick is not None:
            assert len(pick.query_selector_all("[data-attack]")) == 2
            keys = page.eval_on_selector_all(
                "button[data-testid=choice]", "(bs) => bs.map((b) => b.dataset.key)"
            )
            assert keys and all(k.startswith("mattack") for k in keys), keys
            if "pick" not in seen:
                shot(page, "lords-attack-pick")
                assert serious(page) == []
            seen.add("pick")
        mine = next(
            (
                b.query_selector("[data-testid=quest-step]")
                for b in page.query_selector_all(".lords-player")
                if "(you)" in b.query_selector("header").inner_text()
            ),
            None,
        )
        if mine is not None:
            assert "step" in mine.inner_text()
            if "quest" not in seen:
                shot(page, "lords-quest")
                assert serious(page) == []
            seen.add("quest")
        keys = page.eval_on_selector_all(
            "button[data-testid=choice]:not([disabled])", "(bs) => bs.map((b) => b.dataset.key)"
        )
        if not keys:
            continue
        key = policy(keys, *board(page))
        seq = drawn(page)
        page.click(f'button[data-testid=choice][data-key="{key}"]')
        clicks += 1
        wait_after(page, seq)
    assert seen == {"hunt", "pick", "quest"}, (seen, clicks)
    assert page.query_selector_all("[data-testid=tray]")
    assert not page.errors, page.errors


def test_a_battle_shows_both_army_strengths(web: Server, browser: Any) -> None:
    data = create(web, "lords", {"players": 2}, ["human", "heuristic"], seed=57)
    page = open_table(browser, web.url + data["you"]["link"])
    for _ in range(MAX_CLICKS):
        page.wait_for_selector("[data-testid=choice]:not([disabled])", timeout=60_000)
        shown = page.query_selector_all("[data-testid=army-strength] strong")
        if shown:
            assert len(shown) == 2
            assert all(s.inner_text().strip().isdigit() for s in shown)
            shot(page, "lords-battle")
            # the map alone, with its terrain, tokens and the battle's clash mark
            assert page.query_selector(".lords-map .battle-site .clash-mark")
            page.locator(".lords-map").screenshot(path=str(ARTIFACTS / "lords-map.png"))
            break
        seq = drawn(page)
        page.click("button[data-testid=choice]:not([disabled])")
        wait_after(page, seq, or_outcome=False)
    else:
        raise AssertionError("no battle reached")
    assert not page.errors, page.errors
