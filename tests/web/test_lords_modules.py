"""Dark Ages modules at the web table: the create-table API's warnings and errors, the lobby's
module checkboxes, and games with ``poseidon,atlantis`` (5 players) and ``hades`` played for a
few rounds by clicking, with the Atlantis board on the map and every module's panel shown."""

from __future__ import annotations

import random
import re
import time
from typing import Any

import pytest

from hellas.games.lords.content import configured
from hellas.games.lords.hooks import all_entries, modules_of
from hellas.games.lords.modules import IDS
from tests.server.conftest import Server

from .conftest import ARTIFACTS, drawn, shot, wait_after
from .test_a11y import serious
from .test_browser import create, open_table

MAX_CLICKS = 300
ROUNDS = 3  # each player's turn counts as one turn of the view


def test_create_table_returns_warnings_and_refuses_bad_module_lists(web: Server) -> None:
    data = create(
        web, "lords", {"players": 4, "modules": "poseidon,hades"}, ["human"] + ["random"] * 3
    )
    (warning,) = data["warnings"]
    assert "expansion-icon" in warning and "poseidon, hades" in warning
    plain = create(web, "lords", {"players": 4, "modules": "hades"}, ["human"] + ["random"] * 3)
    assert plain["warnings"] == []
    _, before = web.get("/api/tables?status=all&limit=100")
    for options, wanted in (
        ({"players": 4, "modules": "poseidon,atlantis"}, "'atlantis' is played with 5 players"),
        ({"players": 5, "modules": "atlantis"}, "'atlantis' needs module 'poseidon'"),
        ({"players": 4, "modules": "hadez"}, "did you mean 'hades'"),
        ({"players": 4, "modules": "poseidon,poseidon-simple"}, "cannot be used together"),
    ):
        seats = ["human"] + ["random"] * (options["players"] - 1)
        status, body = web.post(
            "/api/tables", {"game": "lords", "options": options, "seats": seats}
        )
        assert status == 400 and wanted in body["message"], body
    _, after = web.get("/api/tables?status=all&limit=100")
    assert len(after) == len(before), "a refused table is not stored"


def _boxes(page: Any) -> dict[str, tuple[bool, bool]]:
    """Return each module checkbox's (checked, disabled)."""
    found = page.eval_on_selector_all(
        "[data-testid=check-choice]",
        "(bs) => bs.map((b) => [b.dataset.choice, b.checked, b.disabled])",
    )
    return {c: (checked, disabled) for c, checked, disabled in found}


def test_the_lobby_offers_modules_as_checkboxes_with_their_rules(web: Server, browser: Any) -> None:
    page = open_table(browser, web.url + "/?game=lords")
    page.wait_for_selector("[data-testid=check-choice][data-choice=atlantis]")
    boxes = _boxes(page)
    assert len(boxes) == len(IDS) and not any(checked for checked, _ in boxes.values())
    # the old option is the combat-cards module: kept for commands, not offered twice here
    assert page.locator("#opt-additional_combat_cards").count() == 0
    assert page.locator("#opt-players").count() == 1
    page.fill("#opt-players", "5")
    page.dispatch_event("#opt-players", "input")
    assert _boxes(page)["atlantis"] == (False, True), "Atlantis needs Poseidon"
    page.check("[data-choice=poseidon]")
    assert _boxes(page)["atlantis"] == (False, False)
    assert _boxes(page)["poseidon-simple"][1], "the simple mode excludes the full one"
    page.check("[data-choice=atlantis]")
    assert page.input_value("input[type=hidden][name=modules]") == "poseidon,atlantis"
    page.fill("#opt-players", "4")
    page.dispatch_event("#opt-players", "input")
    assert _boxes(page)["atlantis"] == (False, True), "4 players: Atlantis goes"
    page.check("[data-choice=hades]")
    assert page.input_value("input[type=hidden][name=modules]") == "poseidon,hades"
    assert "expansion-icon" in page.inner_text("[data-testid=modules-info]")
    shot(page, "lobby-lords-modules")
    assert serious(page) == []  # axe-core: the checkboxes, their labels and disabled reasons
    page.click("#create")
    page.wait_for_selector("[data-testid=create-warnings]")
    assert "expansion-icon" in page.inner_text("[data-testid=create-warnings]")
    assert page.query_selector("[data-testid=go-table]")
    assert not page.errors, page.errors


def _view(web: Server, data: dict[str, Any]) -> dict[str, Any]:
    """Return the view our seat's page shows (fetched when it is our decision: bots wait)."""
    you = data["you"]
    status, msg = web.get(f"/api/tables/{data['id']}/view?seat={you['seat']}&token={you['token']}")
    assert status == 200, msg
    return msg["view"]  # type: ignore[no-any-return]


def _settled(page: Any) -> None:
    """Wait until it is our decision or the game is over."""
    page.wait_for_function(
        "() => document.querySelector('[data-testid=outcome]') || "
        "document.querySelector('[data-testid=choice]:not([disabled])')",
        timeout=90_000,
    )


def module_keys(modules: str) -> set[str]:
    """Return every choice key the named modules add (their choice-table entries)."""
    return {k for k, _ in all_entries(configured(modules), modules_of(modules))}


def _regions_in(key: str) -> set[str]:
    return set(re.split(r"[^a-z0-9-]+", key))


def _play_rounds(
    web: Server, data: dict[str, Any], page: Any, turns: int, toward: frozenset[str] = frozenset()
) -> list[str]:
    """Click on our decisions until the table reaches ``turns`` turns and return what was
    clicked for the modules: a module's choice when one is offered, else one naming a Region
    of ``toward`` (clicked on the map when it is that Region's only choice), else a seeded
    random one."""
    ours = module_keys(_view(web, data)["modules"])
    rng = random.Random(7)
    clicked: list[str] = []
    for _ in range(MAX_CLICKS):
        _settled(page)
        if page.query_selector("[data-testid=outcome]"):
            break
        if _view(web, data)["turn"] >= turns:
            break
        keys = page.eval_on_selector_all(
            "button[data-testid=choice]:not([disabled])", "(bs) => bs.map((b) => b.dataset.key)"
        )
        mine = [k for k in keys if k in ours]
        there = [k for k in keys if _regions_in(k) & toward]
        seq = drawn(page)
        if mine:
            clicked.append(mine[0])
            page.click(f'button[data-testid=choice][data-key="{mine[0]}"]')
        elif there:
            (region,) = sorted(_regions_in(there[0]) & toward)[:1]
            if sum(region in _regions_in(k) for k in keys) == 1:
                clicked.append(f"map:{region}")  # the Region itself, on the map
                page.click(f".lords-map [data-testid=region][data-region={region}]")
            else:
                clicked.append(there[0])
                page.click(f'button[data-testid=choice][data-key="{there[0]}"]')
        else:
            page.click(f'button[data-testid=choice][data-key="{rng.choice(keys)}"]')
        wait_after(page, seq, 90_000)
    return clicked


def _check_monuments(page: Any, modules: str) -> None:
    """Check every god's Monument is drawn in its Region (two may share one: Messenia)."""
    c = configured(modules)
    sites: dict[str, int] = {}
    for g in c.gods:
        sites[c.regions[g.site].id] = sites.get(c.regions[g.site].id, 0) + 1
    for region, count in sites.items():
        marks = page.query_selector_all(f".lords-map [data-region={region}] .monument-mark")
        assert len(marks) == count, (region, count)


def _check_panels_and_markers(web: Server, data: dict[str, Any], page: Any) -> dict[str, Any]:
    """Check every module panel of the view is drawn, and its markers on the map."""
    _settled(page)
    view = _view(web, data)
    panels = view["module_panels"]
    drawn = page.eval_on_selector_all(
        "[data-testid=module-panel]", "(ps) => ps.map((p) => p.dataset.module)"
    )
    assert drawn == list(panels), (drawn, list(panels))
    for module_id, p in panels.items():
        box = page.inner_text(f"[data-testid=module-panel][data-module={module_id}]")
        for line in p.get("lines", []):
            assert " ".join(line.split()) in " ".join(box.split())
        for card in p.get("cards", []):
            assert card["name"] in box
        markers = sum(len(v) for v in p.get("regions", {}).values())
        on_map = page.query_selector_all(
            f".lords-map [data-testid=module-marker][data-module={module_id}]"
        )
        assert len(on_map) == markers, module_id
    assert "undefined" not in page.inner_text("body")  # every name found (a module's Land too)
    _check_monuments(page, view["modules"])
    # every Attribute of the Heroes, a module's too (Fleet, Raise), has its bar on each board
    bars = page.eval_on_selector_all(
        ".lords-player", "(ps) => ps.map((p) => p.querySelectorAll('.attr').length)"
    )
    assert bars == [len(p["attributes"]) for p in view["players_info"]]
    return view


def test_poseidon_and_atlantis_with_five_players_by_clicking(web: Server, browser: Any) -> None:
    options = {"players": 5, "modules": "poseidon,atlantis"}
    data = create(web, "lords", options, ["human"] + ["heuristic"] * 4, seed=7)
    page = open_table(browser, web.url + data["you"]["link"])
    regions = page.eval_on_selector_all(
        "[data-testid=region]", "(rs) => rs.map((r) => r.dataset.region)"
    )
    assert {"north-atlantis", "south-atlantis", "inner-circle"} <= set(regions)
    assert len(regions) == 22
    bar = page.inner_text(".info-bar")
    assert "Modules" in bar and "Poseidon" in bar and "Atlantis" in bar
    # the Atlantis Regions are drawn as cells with their sea trails to the main board
    assert page.query_selector(".lords-map [data-region=inner-circle] polygon.cell-hit")
    atlantis = frozenset({"north-atlantis", "south-atlantis", "inner-circle"})
    clicks = _play_rounds(web, data, page, ROUNDS * 5 + 1, atlantis)
    view = _check_panels_and_markers(web, data, page)
    assert set(view["module_panels"]) == {"poseidon", "atlantis", "cleito"}  # Atlantis has Cleito
    assert view["turn"] > ROUNDS * 5 or page.query_selector("[data-testid=outcome]"), clicks
    assert any(c.startswith("map:") for c in clicks), clicks  # an Atlantis Region, on the map
    shot(page, "lords-poseidon-atlantis")
    page.locator(".lords-map").screenshot(path=str(ARTIFACTS / "lords-map-atlantis.png"))
    assert serious(page) == []
    assert not page.errors, page.errors


def test_hades_by_clicking(web: Server, browser: Any) -> None:
    data = create(
        web, "lords", {"players": 4, "modules": "hades"}, ["human"] + ["heuristic"] * 3, seed=5
    )
    page = open_table(browser, web.url + data["you"]["link"])
    clicks = _play_rounds(web, data, page, ROUNDS * 4 + 1)
    view = _check_panels_and_markers(web, data, page)
    assert "hades" in view["module_panels"], "the Hades panel (Underworld, Raise, Gates)"
    assert view["turn"] > ROUNDS * 4 or page.query_selector("[data-testid=outcome]"), clicks
    assert clicks, "a Hades choice was clicked"
    shot(page, "lords-hades")
    assert not page.errors, page.errors


EACH = [m for m in IDS if m != "atlantis"] + ["poseidon,hades"]  # two Monuments in Messenia


@pytest.mark.parametrize("module", EACH)
def test_a_spectator_sees_each_modules_panel_after_a_bot_game(
    web: Server, browser: Any, module: str
) -> None:
    options = {"players": 4, "modules": module, "turn_limit": 8}
    data = create(web, "lords", options, ["random"] * 4, seed=3)
    deadline = time.time() + 120
    while True:  # the bots play to the turn limit; then the spectator's view stays put
        status, msg = web.get(f"/api/tables/{data['id']}/view")
        assert status == 200, msg
        if msg.get("outcome") or time.time() > deadline:
            break
        time.sleep(0.3)
    assert msg.get("outcome"), "the bots did not finish"
    page = open_table(browser, web.url + data["watch"])
    page.wait_for_selector("[data-testid=outcome]")
    view = msg["view"]
    assert view["module_panels"], f"{module} gives a view panel"
    drawn = page.eval_on_selector_all(
        "[data-testid=module-panel]", "(ps) => ps.map((p) => p.dataset.module)"
    )
    assert drawn == list(view["module_panels"])
    for module_id, p in view["module_panels"].items():
        box = " ".join(
            page.inner_text(f"[data-testid=module-panel][data-module={module_id}]").split()
        )
        assert p["title"] in page.inner_text(".lords-side")
        for line in p.get("lines", []):
            assert " ".join(line.split()) in box
        assert not p.get("private"), "a spectator sees no one's secrets"
        markers = sum(len(v) for v in p.get("regions", {}).values())
        on_map = page.query_selector_all(
            f".lords-map [data-testid=module-marker][data-module={module_id}]"
        )
        assert len(on_map) == markers
    assert "undefined" not in page.inner_text("body")
    _check_monuments(page, view["modules"])
    shot(page, f"lords-module-{module}")
    for i, module_id in enumerate(drawn):  # each panel alone, to look at
        page.locator("section.module-panel").nth(i).screenshot(
            path=str(ARTIFACTS / f"lords-panel-{module}-{module_id}.png")
        )
    assert not page.errors, page.errors
    replay = open_table(browser, web.url + f"/replay/{data['id']}")  # the same, step by step
    replay.wait_for_selector(f"[data-testid=module-panel][data-module={drawn[0]}]")
    replay.click("[data-testid=next]")
    replay.wait_for_selector(f"[data-testid=module-panel][data-module={drawn[0]}]")
    assert not replay.errors, replay.errors


def test_provisional_stand_in_cards_wear_a_badge(web: Server, browser: Any) -> None:
    """Issue 33: a provisional stand-in card (here the Relics Reforge offers with Hephaestus)
    shows a visible "provisional" badge that says in words what it means; with "Printed only"
    there is none."""
    data = create(
        web, "lords", {"players": 2, "modules": "hephaestus,chiron"}, ["heuristic"] * 2, seed=1
    )
    page = open_table(
        browser, web.url + data["id"].join(["/table/", ""]), viewport={"width": 1366, "height": 850}
    )
    page.wait_for_selector("[data-testid=provisional]", timeout=60_000)
    badge = page.locator("[data-testid=provisional]").first
    assert badge.inner_text().strip().lower() == "provisional"
    assert "stand-in" in (badge.get_attribute("title") or "")
    shot(page, "lords-provisional")
    assert not page.errors, page.errors
    page.context.close()
    printed = create(
        web, "lords", {"players": 2, "modules": "hephaestus,chiron", "printed_only": True},
        ["heuristic", "heuristic"], seed=1,
    )  # fmt: skip
    page = open_table(browser, web.url + printed["id"].join(["/table/", ""]))
    page.wait_for_selector("[data-testid=module-card]", timeout=60_000)
    assert page.query_selector("[data-testid=provisional]") is None
    page.context.close()
