"""The Dark Ages modules in the front ends: ``--modules`` on the command line (play, simulate,
report), the option's choices, the terminal's generic module panels and map markers, and the
browser's generated module data (new Regions with their cells, module cards and texts)."""

from __future__ import annotations

import importlib.util
import io
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from hellas.cli.main import app
from hellas.core.errors import OptionError
from hellas.core.rng import Rng
from hellas.games.lords import GAME
from hellas.games.lords.hooks import modules_of
from hellas.games.lords.modules import IDS
from hellas.games.lords.render import render

ROOT = Path(__file__).resolve().parents[3]
runner = CliRunner()


def text(view: dict[str, Any]) -> str:
    """Return the terminal rendering of a view as one line of words."""
    buffer = io.StringIO()
    Console(file=buffer, width=260).print(render(view))
    return " ".join(buffer.getvalue().split())


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, " ".join(result.output.split())


def generator() -> Any:
    spec = importlib.util.spec_from_file_location("gen", ROOT / "scripts" / "gen_web_data.py")
    assert spec is not None and spec.loader is not None
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    return gen


FAKE = {
    "title": "Testing Module",
    "lines": ["Ports open: 2", "Underworld: 3 Hoplites"],
    "players": [["Fleet 3", "Raise 1"], [], ["Gate"]],
    "regions": {
        "messenia": [{"kind": "port", "seat": None, "label": "Port (limit 2)"}],
        "thessaly": [{"kind": "gate", "seat": 2, "label": "Gate of Hades"}],
    },
    "cards": [{"id": "t-1", "name": "Bronze Talon", "text": "adds 1 Strength", "state": "used"}],
    "private": ["your Relic deck holds 4 cards"],
}


# -- the option and the command line -----------------------------------------------------------


def test_the_modules_option_lists_its_choices_and_refuses_others() -> None:
    spec = GAME.meta.options.get("modules")
    assert spec.kind == "list" and spec.choices == IDS
    assert spec.to_json()["choices"] == list(IDS)
    with pytest.raises(OptionError, match=r"'posiedon' is not one of .*did you mean 'poseidon'"):
        GAME.validate_options({"players": 4, "modules": "posiedon"})
    # the alias of the old flag's name still reads as the module
    options = GAME.validate_options({"players": 4, "modules": "additional-combat-cards"})
    assert options["modules"] == "combat-cards" and options["additional_combat_cards"] is True


def test_option_warnings_name_several_expansion_icon_modules() -> None:
    assert GAME.option_warnings({"players": 4, "modules": "hades"}) == []
    (warning,) = GAME.option_warnings({"players": 4, "modules": "hades,poseidon"})
    assert "poseidon, hades" in warning


def test_play_with_modules_warns_once_and_plays_to_the_end() -> None:
    code, out = run(
        "play", "lords", "--seats", "bot,bot,bot,bot", "--modules", "poseidon,hades",
        "--seed", "3", "--turn-limit", "4", "--quiet",
    )  # fmt: skip
    assert code == 0, out
    assert out.count("Warning:") == 1 and "expansion-icon" in out
    assert "Game over" in out


def test_a_human_plays_a_module_game_in_the_terminal_by_numbers() -> None:
    result = runner.invoke(
        app,
        ["play", "lords", "--players", "2", "--modules", "hades", "--seed", "1"],
        input="1\n" * 120 + "quit\n",
    )
    out = result.output
    assert result.exit_code == 0 and result.exception is None, out[-2000:]
    assert "Lords of Hellas · Hades" in out and "Underworld" in out
    assert "You left the table" in out


def test_bad_module_lists_give_a_clear_error_and_exit_code() -> None:
    code, out = run("play", "lords", "--seats", "bot,bot,bot,bot", "--modules", "poseidon,atlantis")
    assert code == 2 and "'atlantis' is played with 5 players, not 4" in out
    code, out = run("play", "lords", "--players", "5", "--modules", "atlantis")
    assert code == 2 and "'atlantis' needs module 'poseidon' or 'poseidon-simple'" in out
    code, out = run("simulate", "lords", "--modules", "hades,hadess", "--games", "1")
    assert code == 2 and "did you mean 'hades'" in out


def test_the_old_additional_combat_cards_flag_still_works() -> None:
    code, out = run(
        "play", "lords", "--seats", "bot,bot,bot", "--additional-combat-cards", "true",
        "--seed", "2", "--turn-limit", "2", "--quiet",
    )  # fmt: skip
    assert code == 0, out


def test_simulate_and_report_tell_module_sets_apart(tmp_path: Path) -> None:
    with_modules = tmp_path / "modules.csv"
    base = tmp_path / "base.csv"
    code, out = run(
        "simulate", "lords", "--modules", "poseidon,hades", "--players", "3", "--turn-limit", "3",
        "--games", "2", "--bots", "random", "--out", str(with_modules),
    )  # fmt: skip
    assert code == 0, out
    assert out.count("Warning:") == 1
    code, out = run(
        "simulate", "lords", "--players", "3", "--turn-limit", "3", "--games", "2",
        "--bots", "random", "--out", str(base),
    )  # fmt: skip
    assert code == 0 and "Warning" not in out
    assert "poseidon,hades" in with_modules.read_text(encoding="utf-8")
    code, out = run("report", str(with_modules), str(base), "--out", str(tmp_path / "rep"))
    assert code == 0, out
    assert "modules=poseidon,hades" in out and "modules=none" in out


# -- the terminal ------------------------------------------------------------------------------


def test_the_terminal_draws_any_module_panel_and_its_map_markers() -> None:
    s = GAME.new({"players": 3}, 4)
    view = GAME.view(s, 0)
    view["module_panels"] = {"testing": FAKE}
    out = text(view)
    assert "Testing Module" in out
    assert "Ports open: 2" in out and "Underworld: 3 Hoplites" in out
    assert "Player 1 (P1): Fleet 3 · Raise 1" in out and "Player 3 (P3): Gate" in out
    assert "Bronze Talon [used] — adds 1 Strength" in out
    assert "You: your Relic deck holds 4 cards" in out
    # markers sit in the Sites column of their Region's row
    buffer = io.StringIO()
    Console(file=buffer, width=260).print(render(view))
    rows = [line.split("│") for line in buffer.getvalue().splitlines() if "│" in line]
    (messenia,) = [r for r in rows if len(r) > 4 and r[3].strip() == "Messenia"]
    assert "⚓ Port (limit 2)" in messenia[5], messenia
    assert "Π Gate of Hades (Player 3 (P3))" in out
    plain = dict(view, module_panels={})
    assert "Testing Module" not in text(plain) and "⚓" not in text(plain)


def _play(options: dict[str, Any], seed: int, steps: int) -> Any:
    s = GAME.new(options, seed)
    rng = Rng(seed)
    for _ in range(steps):
        if GAME.outcome(s) is not None:
            break
        choices = GAME.choices(s)
        GAME.apply(s, choices[rng.below(len(choices))].key)
    return s


COMBOS = [
    ({"players": 4, "modules": m}, m)
    for m in IDS
    if m != "atlantis"  # 5 players with Poseidon: below
] + [({"players": 5, "modules": "poseidon,atlantis"}, "poseidon,atlantis")]


@pytest.mark.parametrize(("options", "name"), COMBOS, ids=[c[1] for c in COMBOS])
def test_the_terminal_shows_each_modules_panel_in_a_real_game(
    options: dict[str, Any], name: str
) -> None:
    s = _play(options, 11, 160)
    for seat in (None, 0, 1):
        view = GAME.view(s, seat)
        assert view["modules"] == GAME.validate_options(options)["modules"]
        out = text(view)
        titles = ", ".join(m.title for m in modules_of(view["modules"]))
        assert f"Lords of Hellas · {titles}" in out  # the modules in play, by title
        for attribute in view["players_info"][0]["attributes"]:  # a module's own (Fleet, Raise)
            if attribute not in ("leadership", "strength", "speed"):
                assert attribute.capitalize() in out
        for panel in view["module_panels"].values():
            assert panel["title"] in out
            for line in panel.get("lines", []):
                assert " ".join(str(line).split()) in out
            if seat is None:
                assert not panel.get("private"), "a spectator sees no one's secrets"


@pytest.mark.parametrize(("options", "name"), COMBOS, ids=[c[1] for c in COMBOS])
def test_every_module_choice_has_words_from_the_choice_table(
    options: dict[str, Any], name: str
) -> None:
    s = GAME.new(options, 5)
    rng = Rng(2)
    for _ in range(400):
        if GAME.outcome(s) is not None:
            break
        choices = GAME.choices(s)
        for c in choices:  # both front ends show these labels, whatever module made the key
            assert c.label.strip() and c.label != c.key, c.key
        GAME.apply(s, choices[rng.below(len(choices))].key)


# -- the browser's data ------------------------------------------------------------------------


def test_the_browser_module_data_is_generated_from_the_modules() -> None:
    gen = generator()
    info, data = gen.lords_modules()
    for name, text_now in (("lords-modules-info.js", info), ("lords-modules-data.js", data)):
        path = gen.out(name)
        assert path.read_text(encoding="utf-8") == text_now, "run scripts/gen_web_data.py"
        for module_id in IDS:
            assert f'"{module_id}": {{' in text_now
    assert '"players": [\n   5\n  ]' in info  # Atlantis: 5 players only


def test_module_regions_get_drawn_cells_and_links_from_the_configured_base() -> None:
    gen = generator()
    base = gen._configured_tables("")
    tables = gen._configured_tables("poseidon,atlantis")
    added = set(tables["REGIONS"]) - set(base["REGIONS"])
    assert {"north-atlantis", "south-atlantis", "inner-circle"} <= added
    for region_id in added:
        r = tables["REGIONS"][region_id]
        xs = [p[0] for p in r["cell"]]
        ys = [p[1] for p in r["cell"]]
        assert len(r["cell"]) >= 3 and min(xs) < r["x"] < max(xs) and min(ys) < r["y"] < max(ys)
        for other in r["borders"] + r["seaTrails"]:
            linked = tables["REGIONS"][other]
            assert region_id in linked["borders"] + linked["seaTrails"]
    assert "cleito" in tables["TEXTS"]["hero_names"]
