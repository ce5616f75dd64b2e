"""The board is the controller: a whole game of each game played by clicking (or, on a phone,
tapping) the things on the board only - hand cards, monsters, piles, discard-area cards, map
Regions, pieces, action tokens, the prompt bar - never the choice list; and what the table shows
at the start, in the middle and at the end is words, never keys, ids or Python reprs."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.conftest import Server

from .conftest import ARTIFACTS, wait_after
from .playing import board_to_the_end, internals
from .test_a11y import serious
from .test_browser import create, open_table

DESKTOP = {"width": 1366, "height": 850}
PHONE = {"width": 360, "height": 740}

GAMES = [
    ("legends", {"players": 2}, ["human", "heuristic"], 600),
    ("realms", {"players": 2}, ["human", "greedy"], 100),
    ("lords", {"players": 2}, ["human", "heuristic"], 800),
]
SHOT_AT = {"legends": 6, "realms": 3, "lords": 8}  # choices in, for the README's table picture


def phone_page(browser: Any, url: str) -> Any:
    """A touch phone 360 px wide (taps, not clicks)."""
    return open_table(browser, url, viewport=PHONE, has_touch=True, is_mobile=True)


def advance(page: Any, ready: str, steps: int) -> bool:
    """Make choices on the board (the first highlighted thing, and a menu's first choice)
    until the ``ready`` selector is on the page; return whether it came within ``steps``."""
    for _ in range(steps):
        page.wait_for_function("() => document.querySelector('#board [data-testid=board-bar]')")
        if page.query_selector(ready):
            return True
        before = page.evaluate("() => window.hellasSeq")
        page.locator("#board [data-target].target").first.click()
        if page.query_selector("[data-testid=board-menu]"):
            page.locator("[data-testid=board-menu-choice]").first.click()
        wait_after(page, before)
    return False


def clean(page: Any, game: str, when: str) -> None:
    assert internals(page, game) == [], when


@pytest.mark.parametrize(("game", "options", "seats", "limit"), GAMES)
def test_a_whole_game_on_the_board_at_desktop_size(
    web: Server, browser: Any, game: str, options: dict[str, Any], seats: list[str], limit: int
) -> None:
    data = create(web, game, options, seats, seed=21)
    page = open_table(browser, web.url + data["you"]["link"], viewport=DESKTOP)
    page.wait_for_selector("#board [data-testid=board-bar]", timeout=60_000)
    clean(page, game, "start")

    def middle(p: Any) -> None:
        p.wait_for_timeout(300)  # the brief arrival animations
        p.evaluate("() => window.scrollTo(0, 0)")
        p.screenshot(path=str(ARTIFACTS / f"board-{game}.png"))
        clean(p, game, "middle")
        # the keys are there for developers who ask: the scan finds them once shown
        p.check("[data-testid=dev-toggle]")
        assert any("'" in x and ":" in x for x in internals(p, game))
        p.uncheck("[data-testid=dev-toggle]")
        assert internals(p, game) == []

    counts = board_to_the_end(page, seed=5, limit=limit, at={SHOT_AT[game]: middle})
    assert counts["sent"] >= 3 and counts["thing"] >= 3, counts
    page.wait_for_selector("[data-testid=outcome]")
    page.wait_for_timeout(300)
    clean(page, game, "end")
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=str(ARTIFACTS / f"board-{game}-end.png"))
    assert not page.errors, page.errors
    print(game, "desktop", dict(counts))


@pytest.mark.parametrize(("game", "options", "seats", "limit"), GAMES)
def test_a_whole_game_on_the_board_on_a_phone(
    web: Server, browser: Any, game: str, options: dict[str, Any], seats: list[str], limit: int
) -> None:
    data = create(web, game, options, seats, seed=33)
    page = phone_page(browser, web.url + data["you"]["link"])
    page.wait_for_selector("#board [data-testid=board-bar]", timeout=60_000)
    # The decision drawer starts folded to a one-line prompt: the board stays in sight.
    drawer = page.query_selector("[data-testid=choices]")
    assert "collapsed" in (drawer.get_attribute("class") or "")
    box = drawer.bounding_box()
    assert box["height"] <= 64, box
    assert page.query_selector("[data-testid=choice-context]").is_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(ARTIFACTS / f"phone-board-{game}.png"))
    counts = board_to_the_end(page, seed=8, limit=limit, tap=True, width=PHONE["width"])
    assert counts["sent"] >= 3 and counts["thing"] >= 3, counts
    assert page.query_selector("[data-testid=outcome]")
    assert not page.errors, page.errors
    print(game, "phone", dict(counts))


def lords_action(web: Server, browser: Any, action: str, steps: int) -> tuple[Any, Any, int]:
    """Open a Lords table, play through the setup by the board to ``action`` and click it.

    Returns the table, the page, and the step drawn once the action's first Regions are lit.
    """
    data = create(web, "lords", {"players": 2}, ["human", "heuristic"], seed=21)
    page = open_table(browser, web.url + data["you"]["link"], viewport=DESKTOP)
    assert advance(page, f"#board [data-target='action:{action}'].target", steps)
    before = page.evaluate("() => window.hellasSeq")
    page.locator(f"#board [data-target='action:{action}']").click()
    wait_after(page, before)
    page.wait_for_function("() => document.querySelector('#board .region.target')")
    return data, page, page.evaluate("() => window.hellasSeq")


def test_a_two_step_march_is_built_by_clicks_and_can_be_cancelled(
    web: Server, browser: Any
) -> None:
    """Hoplite Movement in Lords: the Region to leave, then the one to enter; Cancel undoes the
    first click and nothing is sent until the second."""
    _data, page, seq = lords_action(web, browser, "hoplite-move", 30)
    sources = page.eval_on_selector_all(
        "#board .region.target", "gs => gs.map(g => g.dataset.target)"
    )
    keys = page.eval_on_selector_all(
        "[data-testid=choice]", "bs => bs.map(b => b.dataset.key).filter(k => k.includes('>'))"
    )
    assert keys and sources
    source = sources[0]
    page.locator(f"#board g.region[data-target='{source}']").click()
    page.wait_for_selector("[data-testid=board-cancel]")
    assert page.query_selector(f"#board g.region[data-target='{source}'].selected")
    ends = page.eval_on_selector_all("#board .region.target", "gs => gs.map(g => g.dataset.target)")
    pairs = [k.split(":")[1].split(">") for k in keys]
    wanted = {f"region:{to}" for start, to in pairs if start == source[len("region:") :]}
    assert set(ends) == wanted  # only where Hoplites from there may go
    assert "now pick" in page.inner_text("[data-testid=board-prompt]")
    page.screenshot(path=str(ARTIFACTS / "board-lords-two-step.png"))
    assert serious(page) == []
    page.click("[data-testid=board-cancel]")  # cancel: back to the Regions to leave
    page.wait_for_selector("[data-testid=board-cancel]", state="detached")
    assert page.evaluate("() => window.hellasSeq") == seq
    assert set(
        page.eval_on_selector_all("#board .region.target", "gs => gs.map(g => g.dataset.target)")
    ) == set(sources)
    page.locator(f"#board g.region[data-target='{source}']").click()
    page.keyboard.press("Escape")  # Escape cancels too
    page.wait_for_selector("[data-testid=board-cancel]", state="detached")
    page.locator(f"#board g.region[data-target='{source}']").click()
    target = sorted(wanted)[0]
    page.locator(f"#board g.region[data-target='{target}']").click()
    wait_after(page, seq)
    assert page.evaluate("() => window.hellasSeq") == seq + 1
    assert not page.errors, page.errors


def test_a_whole_special_march_is_built_by_clicks_and_cancelled_until_the_last_one(
    web: Server, browser: Any
) -> None:
    """The Special Action March in Lords (which Army, where, how many): nothing is sent until the
    number is picked, Cancel (or Escape) undoes it at every step, then its steps go one after
    the other and the Hoplites arrive."""
    data, page, seq = lords_action(web, browser, "march", 60)
    view = web.get(f"/api/tables/{data['id']}/view?seat=0&token={data['you']['token']}")[1]
    plan = view["view"]["march_plan"]
    regions_js = "gs => gs.map(g => g.dataset.target)"
    sources = page.eval_on_selector_all("#board .region.target", regions_js)
    assert set(sources) == {f"region:{r}" for r, w in plan.items() if w["to"] or w["murder"]}
    source = max(plan, key=lambda r: (plan[r]["most"], r) if plan[r]["to"] else (0, r))
    page.locator(f"#board g.region[data-target='region:{source}']").click()
    page.wait_for_selector("[data-testid=board-cancel]")
    ends = page.eval_on_selector_all("#board .region.target", "gs => gs.map(g => g.dataset.target)")
    where = plan[source]
    assert set(ends) == {f"region:{r}" for r in where["to"] + where["murder"]}
    page.click("[data-testid=board-cancel]")  # back to the Armies, nothing sent
    page.wait_for_selector("[data-testid=board-cancel]", state="detached")
    assert page.evaluate("() => window.hellasSeq") == seq
    page.locator(f"#board g.region[data-target='region:{source}']").click()
    regions = {r["id"]: r for r in view["view"]["regions"]}
    quiet = [r for r in where["to"] if not regions[r]["hoplites"][1] and not regions[r]["monsters"]]
    target = (quiet or where["to"])[0]  # where no battle follows, if there is such a place
    page.locator(f"#board g.region[data-target='region:{target}']").click()
    most = where["most"]
    if most > 1:  # how many: a menu, which Cancel closes with nothing sent
        page.wait_for_selector("[data-testid=board-menu]")
        labels = page.eval_on_selector_all(
            "[data-testid=board-menu-choice]", "bs => bs.map(b => b.textContent)"
        )
        assert len(labels) == most and all("March" in t and "Hoplite" in t for t in labels)
        numbers = page.eval_on_selector_all(  # [issue 48] each count numbered: 1, 2, 3 ...
            "[data-testid=board-menu-choice] .num", "ns => ns.map(n => n.textContent)"
        )
        assert numbers == [str(k) for k in range(1, most + 1)]
        page.screenshot(path=str(ARTIFACTS / "board-lords-march-count.png"))
        page.click("[data-testid=board-menu-cancel]")
        page.wait_for_selector("[data-testid=board-menu]", state="detached")
        assert page.evaluate("() => window.hellasSeq") == seq
        page.locator(f"#board g.region[data-target='region:{source}']").click()
        page.locator(f"#board g.region[data-target='region:{target}']").click()
        page.locator("[data-testid=board-menu-choice]").last.click()  # every Hoplite
    steps = 3 if most > 1 else 2
    page.wait_for_function(f"() => window.hellasSeq >= {seq + steps}", timeout=60_000)
    after = web.get(f"/api/tables/{data['id']}/view?seat=0&token={data['you']['token']}")[1]
    now = {r["id"]: r for r in after["view"]["regions"]}
    assert now[source]["hoplites"][0] == regions[source]["hoplites"][0] - most  # all of them left
    if quiet:
        assert now[target]["hoplites"][0] == regions[target]["hoplites"][0] + most
    assert not page.errors, page.errors


def test_a_hand_card_with_two_uses_opens_a_menu_numbered_like_the_list(
    web: Server, browser: Any
) -> None:
    """Realms: a card in hand can go to the discard area or to the Afterlife; clicking it opens
    a menu with both, numbered as in the choice list, and Cancel closes it."""
    data = create(web, "realms", {"players": 2}, ["human", "greedy"], seed=2)
    page = open_table(browser, web.url + data["you"]["link"], viewport=DESKTOP)
    offered = "[data-testid=choice][data-key^='afterlife:']"  # a card with two places to go
    if not advance(page, offered, 40):
        pytest.skip("no card with an Afterlife icon in this deal")
    keys = page.eval_on_selector_all("[data-testid=choice]", "bs => bs.map(b => b.dataset.key)")
    both = [k for k in keys if k.startswith("afterlife:") and f"discard:{k[10:]}" in keys]
    card = both[0][10:]
    page.locator(f"#board [data-target='hand:{card}']").click()
    page.wait_for_selector("[data-testid=board-menu]")
    items = page.eval_on_selector_all(
        "[data-testid=board-menu-choice]",
        "bs => bs.map(b => [b.dataset.key, b.querySelector('.num').textContent])",
    )
    numbers = {
        k: n
        for k, n in page.eval_on_selector_all(
            "[data-testid=choice]", "bs => bs.map(b => [b.dataset.key, b.dataset.number])"
        )
    }
    assert {k for k, _ in items} == {f"discard:{card}", f"afterlife:{card}"}
    assert all(numbers[k] == n for k, n in items)
    assert serious(page) == []
    page.click("[data-testid=board-menu-cancel]")
    page.wait_for_selector("[data-testid=board-menu]", state="detached")
    assert not page.errors, page.errors


def test_the_phone_map_pinches_and_pans(web: Server, browser: Any) -> None:
    data = create(web, "lords", {"players": 2}, ["human", "heuristic"], seed=4)
    page = phone_page(browser, web.url + data["you"]["link"])
    scroll = "[data-testid=map-scroll]"
    page.wait_for_selector(scroll)
    assert page.get_attribute(scroll, "data-zoom") == "1.00"
    box = page.query_selector(scroll).bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + min(box["height"], 300) / 2
    # two fingers spread apart: the map zooms in around them
    page.evaluate(
        """([sel, cx, cy]) => {
        const el = document.querySelector(sel);
        const ev = (type, id, x, y) => el.dispatchEvent(new PointerEvent(type, {
          pointerId: id, pointerType: 'touch', clientX: x, clientY: y, bubbles: true,
          isPrimary: id === 1 }));
        ev('pointerdown', 1, cx - 20, cy); ev('pointerdown', 2, cx + 20, cy);
        for (let i = 1; i <= 10; i += 1) {
          ev('pointermove', 1, cx - 20 - 6 * i, cy); ev('pointermove', 2, cx + 20 + 6 * i, cy);
        }
        ev('pointerup', 1, cx - 80, cy); ev('pointerup', 2, cx + 80, cy);
      }""",
        [scroll, cx, cy],
    )
    zoom = float(page.get_attribute(scroll, "data-zoom"))
    assert zoom > 2.5, zoom
    before = page.get_attribute(f"{scroll} svg", "viewBox")
    page.evaluate(
        """([sel, cx, cy]) => {
        const el = document.querySelector(sel);
        const ev = (type, x, y) => el.dispatchEvent(new PointerEvent(type, {
          pointerId: 3, pointerType: 'touch', clientX: x, clientY: y, bubbles: true,
          isPrimary: true }));
        ev('pointerdown', cx, cy);
        for (let i = 1; i <= 10; i += 1) ev('pointermove', cx + 8 * i, cy + 5 * i);
        ev('pointerup', cx + 80, cy + 50);
      }""",
        [scroll, cx, cy],
    )
    after = page.get_attribute(f"{scroll} svg", "viewBox")
    assert after != before  # one finger moved the zoomed map
    assert page.evaluate("() => window.hellasSeq") >= 0
    page.screenshot(path=str(ARTIFACTS / "phone-lords-zoomed.png"))
    page.click("[data-testid=zoom-fit]")
    assert page.get_attribute(scroll, "data-zoom") == "1.00"
    assert not page.errors, page.errors


def test_module_pieces_are_at_least_36_px_and_the_map_has_a_key(web: Server, browser: Any) -> None:
    data = create(
        web,
        "lords",
        {"players": 3, "modules": "poseidon,hades"},
        ["human", "heuristic", "heuristic"],
        seed=4,
    )
    page = open_table(browser, web.url + data["you"]["link"], viewport=DESKTOP)
    page.wait_for_selector("[data-testid=module-marker]")
    sizes = page.eval_on_selector_all(
        "[data-testid=module-marker] circle", "cs => cs.map(c => c.getBoundingClientRect().width)"
    )
    assert sizes and min(sizes) >= 36, sizes
    kinds_of = "ms => ms.map(m => m.dataset.kind)"
    kinds = set(page.eval_on_selector_all("[data-testid=module-marker]", kinds_of))
    legend = set(page.eval_on_selector_all("[data-testid=legend-module]", kinds_of))
    assert kinds and kinds <= legend
    assert "Port" in page.inner_text("[data-testid=map-legend]")
    assert not page.errors, page.errors
