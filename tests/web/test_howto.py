"""Learning to play in the browser: how-to-play pages, the lobby's pickers and quick play, and
the table's phase line, `?` link and self-explaining choices."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

from hellas.games import REGISTRY
from tests.server.conftest import Server

from .conftest import shot
from .test_browser import open_table

GAMES = ("legends", "realms", "lords")
ROOT = Path(__file__).resolve().parents[2]


def test_the_lobby_legends_data_is_generated_from_the_toml() -> None:
    spec = importlib.util.spec_from_file_location("gen", ROOT / "scripts" / "gen_web_data.py")
    assert spec is not None and spec.loader is not None
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    text = gen.legends_data()
    assert gen.out("legends-data.js").read_text(encoding="utf-8") == text
    assert '"name": "The Will of the Gods"' in text and '"special": "recover-after-divine"' in text


def test_each_game_has_a_how_to_play_page_with_diagrams(web: Server, browser: Any) -> None:
    page = open_table(browser, web.url + "/")
    for game in GAMES:
        page.goto(web.url + f"/how-to-play/{game}")
        page.wait_for_selector("body[data-ready='1']")
        sections = page.query_selector_all("[data-testid=howto-section]")
        assert len(sections) >= 4, game
        diagrams = page.query_selector_all("svg.diagram[role=img]")
        assert len(diagrams) >= 2, game
        for d in diagrams:
            assert (d.get_attribute("aria-label") or "").strip()
        assert page.inner_text("h1").startswith("How to play")
        assert page.get_attribute("[data-testid=howto-play]", "href") == f"/?game={game}&quick=1"
        shot(page, f"howto-{game}")
    page.goto(web.url + "/how-to-play/chess")
    page.wait_for_selector("body[data-ready='1']")
    assert "No guide" in page.inner_text("main")
    assert not page.errors, page.errors


def test_lobby_tiles_pickers_and_play_now(web: Server, browser: Any) -> None:
    page = open_table(browser, web.url + "/")
    tiles = page.query_selector_all("[data-testid=game-tile]")
    assert {t.get_attribute("data-game") for t in tiles} == set(GAMES)
    assert page.get_attribute("[data-game=lords] [data-testid=howto-link]", "href") == (
        "/how-to-play/lords"
    )
    page.click("[data-game=legends] .pick-game")
    assert page.input_value("#game") == "legends"
    # Missions by name, with the special rule in words (never a raw rule id).
    for number in range(1, 13):
        page.select_option("#opt-mission", str(number))
        info = page.inner_text("[data-testid=mission-info]")
        assert "Special rule:" in info and "monsters start" in info
        assert not any(w.count("-") >= 2 for w in info.split()), info
    page.select_option("#opt-mission", "5")
    assert "must Recover" in page.inner_text("[data-testid=mission-info]")
    assert "The Will of the Gods" in page.inner_text("#opt-mission")
    # The difficulty says how many divine interventions, for the number of players.
    page.select_option("#opt-difficulty", "godlike")
    page.fill("#options [name=players]", "2")
    page.dispatch_event("#options [name=players]", "change")
    assert "2 divine interventions in the deck with 2 players" in page.inner_text(
        "[data-testid=difficulty-info]"
    )
    # Heroes from icons: the order pressed is the seat order, the rest is filled in.
    page.click("[data-testid=hero-pick][data-hero=jason]")
    assert page.get_attribute("[data-hero=jason]", "aria-pressed") == "true"
    assert page.input_value("#options input[name=heroes]") == "jason,atalanta"
    shot(page, "lobby-legends-pickers")
    page.click("#create")
    page.wait_for_url("**/table/**", timeout=30_000)
    page.wait_for_selector("body[data-ready='1']")
    seats = page.inner_text("[data-testid=seats]")
    assert seats.index("Jason") < seats.index("Atalanta")
    assert "Mission 5" in page.inner_text("#board")
    # One click: a realms table against bots.
    page.goto(web.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.click("[data-testid=quick-play][data-game=realms]")
    page.wait_for_url("**/table/**", timeout=30_000)
    page.wait_for_selector("body[data-ready='1']")
    assert "bot" in page.inner_text("[data-testid=seats]")
    assert not page.errors, page.errors


def test_the_table_explains_the_phase_and_each_choice(web: Server, browser: Any) -> None:
    status, data = web.post(
        "/api/tables",
        {"game": "legends", "options": {"players": 2}, "seats": ["human", "heuristic"], "seed": 4},
    )
    assert status == 200, data
    page = open_table(browser, web.url + data["you"]["link"])
    assert page.get_attribute("[data-testid=help-link]", "href") == "/how-to-play/legends"
    page.wait_for_selector("[data-testid=choice]")
    assert "Setup" in page.inner_text("[data-testid=phase]")
    button = page.query_selector("[data-testid=choice][data-key^='place:']")
    assert button is not None
    described = button.get_attribute("aria-description") or ""
    assert "hero disc" in described
    assert described in (button.get_attribute("title") or "")
    button.hover()
    assert "hero disc" in page.inner_text("[data-testid=choice-explain]")
    # A long press (a finger resting on a choice) explains it without choosing it.
    last = page.query_selector_all("[data-testid=choice]")[-1]
    key = last.get_attribute("data-key")
    seq = page.evaluate("() => window.hellasSeq")
    last.dispatch_event("pointerdown", {"pointerType": "touch", "isPrimary": True})
    page.wait_for_timeout(700)
    last.dispatch_event("pointerup", {"pointerType": "touch", "isPrimary": True})
    last.dispatch_event("click")
    explained = page.inner_text("[data-testid=choice-explain]")
    assert explained.startswith(last.get_attribute("data-number") + ". "), explained
    page.wait_for_timeout(300)
    assert page.evaluate("() => window.hellasSeq") == seq, f"{key} was chosen by a long press"
    last.click()  # an ordinary tap still chooses
    page.wait_for_function(f"() => window.hellasSeq > {seq}")
    assert not page.errors, page.errors


def test_the_lords_guide_has_a_section_with_a_diagram_per_dark_ages_family(
    web: Server, browser: Any
) -> None:
    """One section per module family (a module and its simple mode together), each with its
    diagram, naming the pieces the map draws."""
    families = {
        "Poseidon": ("poseidon", "poseidon-simple"),
        "Atlantis": ("atlantis", "cleito"),
        "Orichalkum": ("orichalkum",),
        "Hades": ("hades", "hades-simple"),
        "Hephaestus": ("hephaestus", "hephaestus-simple"),
        "New Heroes and Monsters": ("heroes-monsters",),
        "Combat Cards, Chiron and Opportunity": ("combat-cards", "chiron", "opportunity"),
    }
    modules = next(o for o in REGISTRY.get("lords").meta.options.specs if o.name == "modules")
    covered = [m for ids in families.values() for m in ids]
    assert sorted(covered) == sorted(modules.choices or ())  # every module, in one family
    page = open_table(browser, web.url + "/how-to-play/lords")
    sections = page.query_selector_all("[data-testid=howto-section]")
    by_heading = {s.query_selector("h2").inner_text(): s for s in sections}
    for family in families:
        found = [h for h in by_heading if h.startswith(family)]
        assert found, (family, list(by_heading))
        section = by_heading[found[0]]
        figure = section.query_selector("svg.diagram[role=img]")
        assert figure is not None and (figure.get_attribute("aria-label") or "").strip(), family
    text = page.inner_text("main")
    assert "simple mode" in text and "Port" in text and "Underworld" in text and "Relic" in text
    shot(page, "howto-lords-dark-ages")
    assert not page.errors, page.errors
