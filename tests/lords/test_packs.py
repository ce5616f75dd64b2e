"""Content packs: ``hellas content check`` on good and bad packs, the worked example pack, packs
in the terminal and in simulation, and the listing a server operator's folder gets."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hellas.cli.main import app
from hellas.games.lords import GAME, packs

runner = CliRunner()
EXAMPLE_MODULES = "poseidon,chiron,orichalkum,opportunity"


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, " ".join(result.output.split())


def copy_example(tmp_path: Path) -> Path:
    folder = tmp_path / "pack"
    shutil.copytree(packs.example(), folder)
    return folder


def test_the_example_pack_checks_and_lists_what_it_adds() -> None:
    """``hellas content check`` on the shipped example: ok, its modules, its cards by name."""
    code, out = run("content", "check", str(packs.example()))
    assert code == 0, out
    assert out.startswith("ok Example pack (invented cards)")
    assert "modules: poseidon,orichalkum,chiron,opportunity" in out  # the canonical order
    for name in ("Example: Tidal Favour", "Example: Torch Drill", "Example: Bronze Bridge"):
        assert name in out
    assert "Example: Windfall" in out


def test_every_example_card_is_clearly_marked_invented() -> None:
    for path in packs.example().rglob("*.toml"):
        text = path.read_text(encoding="utf-8")
        assert "INVENTED" in text or "invented" in text, path
    report = packs.check(packs.example())
    assert report.ok and all("Example" in line for line in report.lines)


@pytest.mark.parametrize(
    ("file", "text", "problem"),
    [
        (
            "blessings.toml",
            '[[blessing]]\nnew = true\nid = "x"\ngod = "zeus"\nname = "X"\ntext = "t t"\n'
            'effects = [{when = "turn-start", do = [{drow = 1}]}]\nprovenance = "provisional"\n',
            "blessings.toml: blessing x: field 'effects[0].do[0]': unknown effect 'drow'",
        ),
        (
            "blessings.toml",
            '[[blessing]]\nnew = true\nid = "x"\ngod = "poseidon"\nname = "X"\ntext = "t t"\n'
            'provenance = "provisional"\n',
            "blessing x: field 'god': 'poseidon' is a God of the poseidon or poseidon-simple",
        ),
        (
            "combat.toml",
            '[[card]]\nnew = true\nid = "x"\nname = "X"\nsymbol = "sword"\nstrength = 12\n'
            'casualties = 0\neffect = "none"\ncount = 1\nprovenance = "provisional"\n',
            "card x: field 'strength'",
        ),
        ("rules.toml", "[x]\n", "rules.toml: unknown file"),
        ("modules/hades.toml", "[module]\n", "hades.toml: module: field 'wounds': expected"),
        ("modules/cetus.toml", "[module]\n", "cetus.toml: no module takes records here"),
        (
            "modules/orichalkum.toml",
            '[[module.construct]]\nid = "x"\nnew = true\nname = "X"\ncost = 1\ntext = "t"\n'
            'effects = [{when = "turn-start", do = [{draw = 1}]}]\nprovenance = "provisional"\n',
            "orichalkum.toml: x: field 'effects[0].when': unknown trigger 'turn-start'",
        ),
        (
            "modules/opportunity.toml",
            '[[module.card]]\nid = "x"\nnew = true\nname = "X"\ntext = "t"\n'
            'effects = [{when = "action", do = [{draw = 1}]}]\n',
            "opportunity.toml: x: field 'provenance'",
        ),
        ("pack.toml", '[pack]\nmodules = "hades"\n', "pack.toml: pack: field 'modules'"),
        ("pack.toml", '[pack]\nmodules = ["hadez"]\n', "unknown module 'hadez'"),
    ],
)
def test_a_bad_pack_is_refused_naming_file_record_and_field(
    tmp_path: Path, file: str, text: str, problem: str
) -> None:
    """A clear error, exit status 1, and the same words a game loading the pack would give."""
    path = tmp_path / file
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    code, out = run("content", "check", str(tmp_path))
    assert code == 1, out
    assert problem in out, out
    assert not packs.check(tmp_path).ok


def test_check_without_a_folder_and_modules_from_the_command_line(tmp_path: Path) -> None:
    code, out = run("content", "check", str(tmp_path / "nowhere"))
    assert code == 1 and "a content pack must be a folder" in out
    (tmp_path / "blessings.toml").write_text(
        '[[blessing]]\nnew = true\nid = "x"\ngod = "hades"\nname = "From the Box"\n'
        'text = "A card typed in."\nprovenance = "community"\n',
        encoding="utf-8",
    )
    assert run("content", "check", str(tmp_path))[0] == 1  # Hades' god needs the module
    code, out = run("content", "check", str(tmp_path), "--modules", "hades")
    assert code == 0 and "adds 1 Blessings: From the Box" in out


def test_a_server_operator_lists_the_installed_packs(tmp_path: Path) -> None:
    """``packs.installed``: one entry per folder, checked, with its fingerprint (the function
    the server calls to offer packs); ``hellas content list`` prints it."""
    copy_example(tmp_path)
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "gods.toml").write_text("[[god]]\nid = 'zeus'\n", encoding="utf-8")
    listed = packs.installed(tmp_path)
    assert [p["id"] for p in listed] == ["broken", "pack"]
    broken, example = listed
    assert not broken["ok"] and "gods.toml" in broken["error"]
    assert example["ok"] and example["name"] == "Example pack (invented cards)"
    assert example["modules"] == "poseidon,orichalkum,chiron,opportunity"
    assert len(example["fingerprint"]) == 16
    code, out = run("content", "list", str(tmp_path))
    assert code == 0 and "pack: Example pack (invented cards) — ok" in out
    assert run("content", "list", str(tmp_path / "none"))[0] == 1


def test_the_example_pack_plays_in_the_terminal_and_in_simulation(tmp_path: Path) -> None:
    """A pack that adds cards plays: bots in the terminal and a simulation, with its modules."""
    pack = str(packs.example())
    code, out = run(
        "play", "lords", "--seats", "bot,bot,bot", "--modules", EXAMPLE_MODULES, "--content",
        pack, "--seed", "2", "--turn-limit", "20", "--quiet",
    )  # fmt: skip
    assert code == 0, out
    assert "Game over" in out
    table = tmp_path / "runs.csv"
    code, out = run(
        "simulate", "lords", "--modules", EXAMPLE_MODULES, "--content", pack, "--players", "3",
        "--turn-limit", "20", "--games", "2", "--bots", "heuristic", "--out", str(table),
    )  # fmt: skip
    assert code == 0, out
    assert table.exists()


def test_a_pack_card_shows_in_the_terminal_with_its_words() -> None:
    """The terminal finds a pack's card by name (``card NAME``) once a game has loaded it."""
    from hellas.games.lords.render import explain  # noqa: PLC0415

    GAME.new({"players": 3, "modules": EXAMPLE_MODULES, "content": str(packs.example())}, 1)
    assert "Invented example card" in explain("Example: Storm Wall")


def test_the_example_pack_replaces_a_stand_in_by_its_id() -> None:
    """A record with a stand-in's id (no ``new``) replaces it; it is a stand-in no more."""
    s = GAME.new({"players": 3, "modules": EXAMPLE_MODULES, "content": str(packs.example())}, 1)
    card = s.content.card("torch-training")
    assert card.name == "Example: Torch Drill" and not card.stand_in
    assert "torch-training" not in GAME.view(s, 0)["provisional"].get("combat", [])
    printed = GAME.new(
        {
            "players": 3,
            "modules": EXAMPLE_MODULES,
            "content": str(packs.example()),
            "printed_only": True,
        },
        1,
    )
    assert printed.content.card("torch-training").name == "Example: Torch Drill"


def test_the_view_carries_the_packs_own_cards_in_words() -> None:
    """Front ends whose card tables are built from the built-in data get a pack's new and
    changed cards from the view (names and words); a game without a pack has no such part."""
    s = GAME.new({"players": 3, "modules": EXAMPLE_MODULES, "content": str(packs.example())}, 1)
    part = GAME.view(s, None)["pack"]
    assert part["fingerprint"] == s.content.fingerprint
    blessing = part["records"]["blessings"]["example-storm-wall"]
    assert blessing["name"] == "Example: Storm Wall" and "Invented example" in blessing["text"]
    assert part["records"]["combat"]["torch-training"]["name"] == "Example: Torch Drill"
    assert "pack" not in GAME.view(GAME.new({"players": 3}, 1), None)


def test_a_pack_plays_with_the_modules_its_manifest_names(tmp_path: Path) -> None:
    """``modules = [...]`` in pack.toml: a game with the pack plays with them (as ``check`` does).

    A table that names only the pack (the lobby's pack picker, ``--content`` alone) gets the
    modules its cards need; modules chosen besides them stay.
    """
    pack = str(copy_example(tmp_path))
    alone = GAME.validate_options({"players": 3, "content": pack})
    assert alone["modules"] == packs.check(pack).modules
    both = GAME.validate_options({"players": 3, "content": pack, "modules": "hades"})
    assert set(both["modules"].split(",")) == {*EXAMPLE_MODULES.split(","), "hades"}
    assert GAME.validate_options({"players": 3})["modules"] == ""
    code, out = run(
        "play", "lords", "--seats", "bot,bot,bot", "--content", pack, "--seed", "3",
        "--turn-limit", "5", "--quiet",
    )  # fmt: skip
    assert code == 0, out
