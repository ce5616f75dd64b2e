"""Hints in the browser: the seat to act asks, sees 3 suggestions with win chances, marks one."""

from __future__ import annotations

from typing import Any

from tests.server.conftest import Server

from .conftest import shot
from .test_a11y import serious
from .test_browser import open_table

CHOICE = "[data-testid=choice]:not([disabled])"
SUGGESTION = "[data-testid=hint-choice]"


def new_table(web: Server, seats: list[str], **extra: Any) -> dict[str, Any]:
    body = {"game": "legends", "options": {"players": len(seats)}, "seats": seats, "seed": 7}
    status, data = web.post("/api/tables", {**body, **extra})
    assert status == 200, data
    return data


def test_hint_shows_three_suggestions_and_marks_the_one_picked(web: Server, browser: Any) -> None:
    data = new_table(web, ["human", "heuristic"])
    page = open_table(browser, web.url + data["you"]["link"])
    page.wait_for_selector(CHOICE, timeout=60_000)
    assert "Hints are on" in page.inner_text("[data-testid=hints-note]")
    choices = page.eval_on_selector_all(CHOICE, "bs => bs.map(b => b.dataset.key)")
    assert len(choices) >= 3
    seq = page.evaluate("() => window.hellasSeq")

    page.click("[data-testid=hint-button]")
    # three, unless a loaded machine let the second of thought visit fewer choices
    page.wait_for_function(
        f"() => document.querySelectorAll('{SUGGESTION}').length >= 2", timeout=60_000
    )
    suggestions = page.query_selector_all(SUGGESTION)
    keys = [s.get_attribute("data-key") for s in suggestions]
    assert len(keys) in (2, 3) and len(set(keys)) == len(keys) and set(keys) <= set(choices)
    for s in suggestions:
        assert "% to win" in s.inner_text()
    assert "simulations" in page.inner_text("[data-testid=hint]")
    shot(page, "hint-legends")
    assert serious(page) == []

    suggestions[1].click()  # marks the choice and focuses it; nothing is played
    marked = f"[data-testid=choice][data-key='{keys[1]}']"
    page.wait_for_selector(f"{marked}.hinted")
    assert page.evaluate("() => document.activeElement.dataset.key") == keys[1]
    assert page.evaluate("() => window.hellasSeq") == seq
    assert web.get(f"/api/tables/{data['id']}")[1]["moves"] == seq

    page.keyboard.press("Enter")  # the person plays the marked choice themselves
    page.wait_for_function(f"() => window.hellasSeq > {seq}", timeout=60_000)
    page.wait_for_selector(CHOICE, timeout=60_000)  # the next decision: old suggestions gone
    assert page.query_selector(SUGGESTION) is None
    page.keyboard.press("h")  # the keyboard asks too
    page.wait_for_selector(SUGGESTION, timeout=60_000)
    assert page.errors == []


def test_no_hint_button_where_hints_are_off_or_for_spectators(web: Server, browser: Any) -> None:
    off = new_table(web, ["human", "human"])
    page = open_table(browser, web.url + off["you"]["link"])
    page.wait_for_selector(CHOICE, timeout=60_000)
    assert "Hints are off" in page.inner_text("[data-testid=hints-note]")
    assert page.query_selector("[data-testid=hint-button]") is None
    page.keyboard.press("h")
    page.wait_for_timeout(300)
    assert page.query_selector(SUGGESTION) is None

    on = new_table(web, ["human", "heuristic"])
    watcher = open_table(browser, web.url + on["watch"])
    assert "Hints are on" in watcher.inner_text("[data-testid=hints-note]")
    assert watcher.query_selector("[data-testid=hint-button]") is None


def test_the_lobby_checkbox_follows_the_seats_and_sets_the_table(web: Server, browser: Any) -> None:
    page = open_table(browser, web.url + "/")
    page.select_option("#game", "legends")
    box = "[data-testid=hints]"
    page.wait_for_function(
        f"() => document.querySelector('{box}').checked === true"
    )  # one human seat by default
    page.select_option("select[data-testid=seat][data-seat='1']", "human")
    assert page.is_checked(box) is False  # two humans: off
    page.check(box)  # the creator turns them on anyway
    page.select_option("select[data-testid=seat][data-seat='1']", "heuristic")
    assert page.is_checked(box) is True
    page.select_option("select[data-testid=seat][data-seat='1']", "human")
    assert page.is_checked(box) is True  # the creator's choice stays
    page.click("#create")
    page.wait_for_selector("[data-testid=created]:not([hidden])")
    link = page.get_attribute("[data-testid=go-table]", "href")
    table = link.split("/table/")[1].split("#")[0]
    assert web.get(f"/api/tables/{table}")[1]["hints"] is True


def test_hints_are_sorted_by_chance_and_numbered_like_the_choices(
    web: Server, browser: Any
) -> None:
    """Lords offers many choices: each suggestion carries the number of its choice in the list
    (the one a person types), and the suggestions read best estimated chance first."""
    status, data = web.post(
        "/api/tables",
        {"game": "lords", "options": {"players": 2}, "seats": ["human", "heuristic"], "seed": 9},
    )
    assert status == 200, data
    page = open_table(browser, web.url + data["you"]["link"])
    for _ in range(20):  # to a decision with many choices (the first turns' placements)
        page.wait_for_selector(CHOICE, timeout=60_000)
        if len(page.query_selector_all(CHOICE)) >= 5:
            break
        seq = page.evaluate("() => window.hellasSeq")
        page.keyboard.press("1")
        page.wait_for_function(f"() => window.hellasSeq > {seq}", timeout=60_000)
    numbers = dict(
        page.eval_on_selector_all(CHOICE, "bs => bs.map(b => [b.dataset.key, b.dataset.number])")
    )
    assert len(numbers) >= 5
    page.click("[data-testid=hint-button]")
    page.wait_for_selector(SUGGESTION, timeout=60_000)
    shown = page.eval_on_selector_all(
        SUGGESTION,
        "bs => bs.map(b => [b.dataset.key, b.dataset.number, Number(b.dataset.chance),"
        " b.querySelector('.label').innerText])",
    )
    assert len(shown) == 3
    chances = [chance for _k, _n, chance, _l in shown]
    assert chances == sorted(chances, reverse=True)  # best first
    for key, number, _chance, label in shown:
        assert number == numbers[key]
        assert label.startswith(f"{number}. ")
    page.keyboard.press(shown[0][1][0])  # typing the hinted number picks that very choice
    assert page.errors == []
