"""Content packs: bad input gets one clear line, never a traceback or a dead table (issue 50).

Item 6: two records with one id; item 7: a file that is not UTF-8, a folder where a file
belongs, arrays nested 5,000 deep; item 8: the size limits; item 9: a pack's records are the
pack's, whatever provenance they claim; item 10: ``packs.check`` turns every failure into a
refusal, and a fuzzer of random and mutated pack files stays in the suite.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from hellas.cli.main import app
from hellas.core.errors import HellasError
from hellas.games.lords import GAME, packs
from hellas.games.lords.content import configured
from hellas.games.lords.packs_files import (
    MAX_DEPTH,
    MAX_FILE_BYTES,
    MAX_NEW_REGIONS,
    MAX_PACK_BYTES,
    MAX_RECORDS,
)

runner = CliRunner()


def blessing(bid: str, name: str = "Typed In", provenance: str = "community") -> str:
    """Return a new Zeus Blessing record as TOML."""
    return (
        f'[[blessing]]\nnew = true\nid = "{bid}"\ngod = "zeus"\nname = "{name}"\n'
        'text = "Draw 1 Combat Card at the start of your turn."\n'
        'effects = [{when = "turn-start", do = [{draw = 1}]}]\n'
        f'provenance = "{provenance}"\n\n'
    )


def refused(folder: Path, *words: str) -> str:
    """Assert the pack is refused in one line by ``check``, ``content check`` and ``play``."""
    report = packs.check(folder)
    assert not report.ok
    assert "\n" not in report.error and "Traceback" not in report.error
    for word in words:
        assert word in report.error, report.error
    cli = runner.invoke(app, ["content", "check", str(folder)])
    assert cli.exit_code == 1 and "Traceback" not in cli.output
    assert cli.exception is None or isinstance(cli.exception, SystemExit)
    play = runner.invoke(
        app,
        ["play", "lords", "--seats", "random,random,random", "--quiet", "--content", str(folder)],
    )
    assert play.exit_code == 2, play.output
    assert play.exception is None or isinstance(play.exception, SystemExit)
    assert play.output.startswith("Error:") and "Traceback" not in play.output
    return report.error


# -- item 6: one id twice --------------------------------------------------------------------


def test_two_new_records_with_one_id_are_refused_before_any_game(tmp_path: Path) -> None:
    """Issue 50 item 6: ``check`` said ok, then ``hellas play`` crashed (duplicate choice key)."""
    (tmp_path / "blessings.toml").write_text(
        blessing("twice", "First") + blessing("twice", "Second"), encoding="utf-8"
    )
    error = refused(tmp_path, "blessings.toml: blessing twice: field 'id'", "appears twice")
    assert error.startswith(str(tmp_path.resolve()))


def test_two_replacements_of_one_built_in_record_are_refused(tmp_path: Path) -> None:
    base = configured().blessings[0]
    record = (
        f'[[blessing]]\nid = "{base.id}"\ngod = "{base.god}"\nname = "N"\ntext = "t t"\n'
        'effects = [{when = "turn-start", do = [{draw = 1}]}]\nprovenance = "community"\n\n'
    )
    (tmp_path / "blessings.toml").write_text(record * 2, encoding="utf-8")
    refused(tmp_path, f"blessing {base.id}", "appears twice")


def test_two_module_records_with_one_id_are_refused(tmp_path: Path) -> None:
    (tmp_path / "modules").mkdir()
    card = (
        '[[module.card]]\nid = "twice"\nnew = true\nname = "X"\ntext = "t"\n'
        'effects = [{when = "action", do = [{draw = 1}]}]\nprovenance = "community"\n\n'
    )
    (tmp_path / "modules" / "opportunity.toml").write_text(card * 2, encoding="utf-8")
    assert "opportunity.toml: twice: field 'id': appears twice" in packs.check(tmp_path).error


# -- item 7: files that cannot be read as TOML text ------------------------------------------


def test_a_file_that_is_not_utf8_is_refused_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "blessings.toml").write_bytes(b'[[blessing]]\nid = "caf\xe9"\n')
    refused(tmp_path, "blessings.toml: is not UTF-8 text (byte 22", "save it as UTF-8")


@pytest.mark.parametrize("where", ["blessings.toml", "pack.toml", "modules/opportunity.toml"])
def test_a_folder_where_a_file_belongs_is_refused_in_one_line(tmp_path: Path, where: str) -> None:
    (tmp_path / where).mkdir(parents=True)
    refused(tmp_path, f"{Path(where).name}: is a folder where a TOML file belongs")


def test_arrays_nested_5000_deep_are_refused_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "blessings.toml").write_text("x = " + "[" * 5000 + "]" * 5000, encoding="utf-8")
    refused(tmp_path, "blessings.toml: its arrays or tables are nested too deeply")


def test_nesting_past_the_limit_is_refused_though_toml_reads_it(tmp_path: Path) -> None:
    depth = MAX_DEPTH + 1
    (tmp_path / "combat.toml").write_text(
        "x = " + "[" * (depth - 1) + "]" * (depth - 1), encoding="utf-8"
    )
    refused(tmp_path, f"nested more than {MAX_DEPTH} deep")


# -- item 8: size limits ---------------------------------------------------------------------


def test_a_file_over_the_size_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    (tmp_path / "blessings.toml").write_text("# x\n" * (MAX_FILE_BYTES // 4 + 1), encoding="utf-8")
    refused(tmp_path, f"has more than {MAX_FILE_BYTES} bytes")


def test_a_pack_over_the_total_size_limit_is_refused(tmp_path: Path) -> None:
    comment = "#" + "x" * 999 + "\n"
    per_file = MAX_FILE_BYTES // len(comment)
    for name in ("blessings.toml", "combat.toml", "artifacts.toml", "heroes.toml", "gods.toml"):
        (tmp_path / name).write_text(comment * per_file, encoding="utf-8")
    assert 5 * per_file * len(comment) > MAX_PACK_BYTES
    refused(tmp_path, f"more than {MAX_PACK_BYTES} bytes together")


def test_more_records_in_one_table_than_the_limit_are_refused(tmp_path: Path) -> None:
    text = "".join(blessing(f"b{i}") for i in range(MAX_RECORDS + 1))
    (tmp_path / "blessings.toml").write_text(text, encoding="utf-8")
    refused(tmp_path, f"has {MAX_RECORDS + 1} records; a pack may have {MAX_RECORDS} at most")


def test_as_many_records_as_the_limit_are_accepted(tmp_path: Path) -> None:
    text = "".join(blessing(f"b{i}", f"Blessing {i}") for i in range(MAX_RECORDS))
    (tmp_path / "blessings.toml").write_text(text, encoding="utf-8")
    report = packs.check(tmp_path)
    assert report.ok, report.error
    assert report.lines[0].startswith(f"adds {MAX_RECORDS} Blessings")


def _regions(n: int) -> str:
    """Return ``n`` new Regions in a row (each borders the next), as map.toml text."""
    out = []
    for i in range(n):
        near = [f'"r{j}"' for j in (i - 1, i + 1) if 0 <= j < n]
        out.append(
            f'[[region]]\nnew = true\nid = "r{i}"\nname = "R{i}"\nland = "red"\n'
            f'population = 1\ncity = "none"\nshrine = "none"\nborders = [{", ".join(near)}]\n'
            'sea_trails = []\nx = 0.5\ny = 0.5\nprovenance = "community"\n\n'
        )
    return "".join(out)


def test_more_new_regions_than_the_limit_are_refused(tmp_path: Path) -> None:
    """The choice table grows with the square of the Regions (a Hoplite may fly between any)."""
    (tmp_path / "map.toml").write_text(_regions(MAX_NEW_REGIONS), encoding="utf-8")
    assert packs.check(tmp_path).ok, packs.check(tmp_path).error
    (tmp_path / "map.toml").write_text(_regions(MAX_NEW_REGIONS + 1), encoding="utf-8")
    refused(tmp_path, f"it adds {MAX_NEW_REGIONS + 1} Regions; a pack may add {MAX_NEW_REGIONS}")


# -- item 9: a pack's records are the pack's -------------------------------------------------


def test_a_pack_record_claiming_the_rulebook_is_marked_as_the_packs(tmp_path: Path) -> None:
    """Issue 50 item 9: "A pack's records are marked as the pack's, shown as such, whatever
    they claim" - a printed record it replaces too (Attica, from the rulebook's map), which
    ``check`` names apart."""
    core = configured()
    assert core.region("attica").provenance == "rulebook"
    (tmp_path / "map.toml").write_text(
        '[[region]]\nid = "attica"\nname = "Attica Retyped"\nland = "blue"\npopulation = 5\n'
        'city = "city"\nshrine = "shrine"\nmonument = "athena"\n'
        'borders = ["boeotia", "corinthia"]\nsea_trails = ["crete"]\nx = 3.23\ny = 6.72\n'
        'provenance = "rulebook"\n',
        encoding="utf-8",
    )
    (tmp_path / "blessings.toml").write_text(blessing("typed", provenance="rulebook"))
    report = packs.check(tmp_path)
    assert report.ok, report.error
    assert "replaces 1 printed records (now the pack's): Attica Retyped" in report.lines
    content = configured("", str(tmp_path))
    assert content.region("attica").provenance == "pack"
    assert content.blessing("typed").provenance == "pack"
    others = [r for r in content.regions if r.id != "attica"]
    assert others == [r for r in core.regions if r.id != "attica"]  # only its own records
    state = GAME.new({"players": 3, "content": str(tmp_path)}, 1)
    shown = GAME.view(state, None)["pack"]["records"]
    assert "typed" in shown["blessings"]  # shown as the pack's in every view


def test_an_unknown_provenance_claim_is_still_refused(tmp_path: Path) -> None:
    (tmp_path / "blessings.toml").write_text(blessing("b", provenance="gospel"), encoding="utf-8")
    assert "field 'provenance': 'gospel' is not one of" in packs.check(tmp_path).error


# -- item 10: nothing escapes, fuzzed --------------------------------------------------------


def test_check_turns_an_unforeseen_failure_into_a_refusal(tmp_path: Path) -> None:
    """A failure no check foresaw (here a pack named by a path no folder can have) is a line."""
    report = packs.check(str(tmp_path / "bad\x00name"))
    assert not report.ok and "\n" not in report.error and report.error


def _assert_one_line(folder: Path) -> None:
    """Check a pack: it loads, or one line says why; nothing escapes."""
    report = packs.check(folder)
    if not report.ok:
        assert report.error.strip() and "\n" not in report.error, report.error
        assert "Traceback" not in report.error


EXAMPLE_FILES = sorted(
    p.relative_to(packs.example()).as_posix() for p in packs.example().rglob("*.toml")
)
FUZZ = settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@FUZZ
@given(name=st.sampled_from([*EXAMPLE_FILES, "map.toml", "heroes.toml"]), data=st.binary())
def test_fuzz_random_bytes_in_any_pack_file(tmp_path: Path, name: str, data: bytes) -> None:
    folder = tmp_path / "random"
    shutil.rmtree(folder, ignore_errors=True)
    (folder / "modules").mkdir(parents=True)
    (folder / name).write_bytes(data)
    _assert_one_line(folder)


@FUZZ
@given(
    name=st.sampled_from(EXAMPLE_FILES),
    cuts=st.lists(
        st.tuples(st.floats(0, 1), st.integers(0, 40), st.sampled_from(["", "[", "]", "=", '"'])),
        min_size=1,
        max_size=4,
    ),
    text=st.text(max_size=12),
)
def test_fuzz_mutated_example_pack_files(
    tmp_path: Path, name: str, cuts: list[tuple[float, int, str]], text: str
) -> None:
    """The example pack with one file cut, spliced and retyped where Hypothesis says."""
    folder = tmp_path / "mutated"
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(packs.example(), folder)
    source = (folder / name).read_text(encoding="utf-8")
    for where, length, insert in cuts:
        at = int(where * len(source))
        source = source[:at] + insert + text + source[at + length :]
    (folder / name).write_text(source, encoding="utf-8")
    _assert_one_line(folder)


@FUZZ
@given(
    values=st.recursive(
        st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=8),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner),
        max_leaves=12,
    ),
    field=st.sampled_from(["effects", "god", "id", "name", "provenance", "new", "text"]),
)
def test_fuzz_typed_fields_of_a_blessing(tmp_path: Path, values: object, field: str) -> None:
    """A Blessing whose one field holds any TOML-like value: loaded or refused in one line."""
    import tomllib  # noqa: PLC0415 - a check that the written text is the value

    folder = tmp_path / "typed"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    record = {
        "new": True,
        "id": "fuzzed",
        "god": "zeus",
        "name": "F",
        "text": "t t",
        "effects": [],
        "provenance": "community",
    }
    record[field] = values
    text = "[[blessing]]\n" + "".join(f"{k} = {_toml(v)}\n" for k, v in record.items())
    if values is None:
        text = text.replace(f"{field} = None\n", "")
    try:
        tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return  # not TOML at all: the random-bytes fuzzer covers such files
    (folder / "blessings.toml").write_text(text, encoding="utf-8")
    _assert_one_line(folder)


def _toml(value: object) -> str:
    """Return a value as an inline TOML value (None inside a list or table becomes "")."""
    if value is None:
        return '""'
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return '"' + value.encode("unicode_escape").decode("ascii").replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    assert isinstance(value, dict)
    items = (
        f'"{k.encode("unicode_escape").decode("ascii")}" = {_toml(v)}' for k, v in value.items()
    )
    return "{" + ", ".join(items) + "}"


def test_a_game_with_a_refused_pack_raises_a_content_error_not_a_crash(tmp_path: Path) -> None:
    (tmp_path / "blessings.toml").write_text(blessing("t") + blessing("t"), encoding="utf-8")
    with pytest.raises(HellasError, match="appears twice"):
        GAME.new({"players": 3, "content": str(tmp_path)}, 1)


def test_the_terminal_badges_a_pack_card_in_hand_as_the_packs(tmp_path: Path) -> None:
    """Issue 50 item 9: the pack's cards are "shown as such": ``[pack]`` beside the name."""
    from rich.console import Console  # noqa: PLC0415

    from hellas.games.lords.render import render  # noqa: PLC0415

    (tmp_path / "combat.toml").write_text(
        '[[card]]\nnew = true\nid = "typed-spear"\nname = "Typed Spear"\nsymbol = "spear"\n'
        'strength = 2\ncasualties = 0\neffect = "none"\ncount = 1\nprovenance = "rulebook"\n',
        encoding="utf-8",
    )
    s = GAME.new({"players": 3, "content": str(tmp_path)}, 1)
    s.hands[0].append(s.content.combat.index(s.content.card("typed-spear")))
    console = Console(record=True, width=200)
    console.print(render(GAME.view(s, 0)))
    lines = [line for line in console.export_text().splitlines() if "Typed Spear" in line]
    assert lines and "[pack]" in lines[0]
    assert s.content.card("typed-spear").provenance == "pack"
