"""Long choices broken down on the board (issue 48): Chiron's tag, given in a manual Realms endgame.

Chiron reads "At the end of the game you may give one living Hero any one tag": with three
living Heroes that is 38 choices (a tag for each Hero, or none), which the board put in one menu
on the Chiron card.  Now the card is the first click, the Hero the second, and a menu of that
Hero's tags alone (numbered like the choice list) the last.

The table is seeded (seed 13, the other seat a Normal bot) and the person's turns are played
over the HTTP API with a fixed policy (take Chiron or a Hero from the discard area, else draw;
discard neither): the hand reaches the endgame holding Chiron, Achilles, Agamemnon and Circe
after about 10 choices (found with the same policy against the server).  Then the page opens.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from hellas.games.realms.content import HERO, deck
from tests.server.conftest import Server

from .conftest import drawn, shot, wait_after
from .test_browser import create, open_table

SEED = 13
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
HEROES = frozenset(c.id for c in deck().cards if c.suit == HERO)


def policy(keys: list[str], hand: list[str]) -> str:
    """Keep Chiron and up to three Heroes: take them from the discard area, never discard them."""
    if "take:chiron" in keys:
        return "take:chiron"
    if sum(c in HEROES for c in hand) < 3:
        for k in keys:
            if k.startswith("take:") and k[5:] in HEROES:
                return k
    if "draw" in keys:
        return "draw"
    for keep_heroes in (True, False):
        for k in keys:
            card = k.partition(":")[2]
            if (
                k.startswith("discard:")
                and card != "chiron"
                and not (keep_heroes and card in HEROES)
            ):
                return k
    return keys[0]


def state(web: Server, data: dict[str, Any]) -> dict[str, Any]:
    """The person's current message (as the WebSocket sends it)."""
    status, msg = web.get(f"/api/tables/{data['id']}/view?seat=0&token={data['you']['token']}")
    assert status == 200, msg
    return msg  # type: ignore[no-any-return]


def play_until(web: Server, data: dict[str, Any], done: Any, limit: int = 60) -> dict[str, Any]:
    """Play the person's decisions over the API (``policy``) until ``done(msg)``; return msg."""
    deadline = time.monotonic() + 120  # a liveness bound, many times the usual second or two
    made = 0
    while time.monotonic() < deadline:
        msg = state(web, data)
        keys = [c["key"] for c in msg["choices"]]
        if done(msg, keys):
            return msg
        assert not msg["outcome"] and made < limit, f"the game went on past it ({made} choices)"
        if not keys:
            time.sleep(0.1)  # the bot's turn
            continue
        body = {"seat": 0, "token": data["you"]["token"], "key": policy(keys, msg["view"]["hand"])}
        status, answer = web.post(f"/api/tables/{data['id']}/choose", {**body, "seq": msg["seq"]})
        assert status == 200, answer
        made += 1
    raise AssertionError("no end of the play within its time")


def chiron_offered(_msg: dict[str, Any], keys: list[str]) -> bool:
    return any(k.startswith("add:chiron=") for k in keys)


@pytest.mark.parametrize("size", sorted(SIZES))
def test_chirons_tag_is_the_card_then_the_hero_then_a_short_menu(
    web: Server, browser: Any, size: str
) -> None:
    data = create(web, "realms", {"players": 2, "endgame": "manual"}, ["human", "greedy"], SEED)
    msg = play_until(web, data, chiron_offered)
    keys = [c["key"] for c in msg["choices"]]
    heroes = sorted({k.split("=")[1].split("/")[0] for k in keys if "/" in k})
    assert len(keys) == 38 and heroes == ["achilles", "agamemnon", "circe"], keys

    phone = size == "phone"
    page = open_table(
        browser,
        web.url + data["you"]["link"],
        viewport=SIZES[size],
        has_touch=phone,
        is_mobile=phone,
    )
    press = (lambda loc: loc.tap()) if phone else (lambda loc: loc.click())
    page.wait_for_selector("#board [data-testid=board-bar]", timeout=60_000)
    listed = page.eval_on_selector_all(
        "button[data-testid=choice]", "(bs) => bs.map((b) => [b.dataset.key, b.dataset.number])"
    )
    number = {k: n for k, n in listed}
    assert len(number) == 38

    # 1. the card: no menu of 37 tags, the Heroes are highlighted instead
    press(page.locator("#board [data-target='hand:chiron'].target"))
    assert page.query_selector("[data-testid=board-menu]") is None, "a menu of every tag opened"
    lit = page.eval_on_selector_all(
        "#board [data-target].target", "(ns) => ns.map((n) => n.dataset.target).sort()"
    )
    assert lit == [f"hand:{h}" for h in heroes], lit
    prompt = page.inner_text("[data-testid=board-prompt]")
    assert prompt == "Chiron gives a Hero a tag — now pick the Hero.", prompt

    # 2. the Hero: a menu of its tags alone, each a word numbered as in the list
    press(page.locator("#board [data-target='hand:achilles'].target"))
    page.wait_for_selector("[data-testid=board-menu]")
    items = page.eval_on_selector_all(
        "[data-testid=board-menu-choice]",
        "(bs) => bs.map((b) => [b.dataset.key, b.querySelector('.num').textContent,"
        " b.innerText.replace(/^\\s*\\d+\\s*/, ''), b.getAttribute('aria-label')])",
    )
    mine = sorted(k for k in keys if k.startswith("add:chiron=achilles/"))
    assert sorted(k for k, *_ in items) == mine and 8 <= len(items) <= 13, items
    for key, num, word, spoken in items:
        tag = key.rsplit("/", 1)[1]
        assert num == number[key], (key, num, number[key])  # the list's number
        assert word == tag.capitalize(), (key, word)  # the tag, in words
        assert spoken == f"Chiron adds {tag.capitalize()} to Achilles", spoken
    shot(page, f"chiron-tag-menu-{size}")

    # 3. the tag: the choice is sent, and it is the one the game records
    before = drawn(page)
    strong = page.locator("[data-testid=board-menu-choice][data-key='add:chiron=achilles/strong']")
    press(strong)
    wait_after(page, before)
    final = play_until(web, data, lambda m, _k: bool(m["outcome"]))
    assert final["outcome"]
    status, record = web.get(f"/api/tables/{data['id']}/record")
    assert status == 200, record
    assert "add:chiron=achilles/strong" in str(record["choices"]), record["choices"]
    assert not page.errors, page.errors
