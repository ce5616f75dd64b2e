"""Golden playthroughs: regenerate each file in memory and diff it with the committed one.

``scripts/golden.py`` writes them (``--check`` diffs without writing, ``--only NAME`` picks one);
the Lords files include games that end in a victory, with the core box and with each Dark Ages
module family.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from hellas.games import REGISTRY

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("golden", ROOT / "scripts" / "golden.py")
assert spec and spec.loader
golden = importlib.util.module_from_spec(spec)
spec.loader.exec_module(golden)

# a Lords game ending in a victory, then one per module family (Poseidon/Atlantis, Hades,
# Hephaestus, Orichalkum, Chiron with the Opportunity cards)
VICTORIES = {
    "lords-3p-victory": "",
    "lords-poseidon-atlantis-5p": "poseidon,atlantis",
    "lords-hades-3p": "hades",
    "lords-hephaestus-3p": "hephaestus",
    "lords-orichalkum-3p": "orichalkum",
    "lords-chiron-opportunity-3p": "chiron,opportunity",
}


def test_every_game_has_a_golden_playthrough() -> None:
    assert {case[0] for case in golden.CASES} == set(REGISTRY.ids())


@pytest.mark.parametrize("case", golden.CASES, ids=[c[1] for c in golden.CASES])
def test_golden_playthrough_is_unchanged(case: tuple[object, ...]) -> None:
    text = golden.diff(case)
    if text:
        pytest.fail(f"{case[1]} changed (run scripts/golden.py if intended):\n{text[:4000]}")


@pytest.mark.parametrize("name", sorted(VICTORIES))
def test_the_lords_goldens_end_in_a_victory_with_their_modules(name: str) -> None:
    """Each of these files is a whole game to a victory (not the turn limit) with its modules."""
    text = (golden.GOLDEN / f"{name}.txt").read_text(encoding="utf-8")
    case = next(c for c in golden.CASES if c[1] == name)
    assert case[2].get("modules", "") == VICTORIES[name]
    outcome = next(line for line in text.splitlines() if line.startswith("# outcome:"))
    assert "no victory" not in outcome and "1.0" in outcome


def test_check_shows_a_diff_writes_nothing_and_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--check`` prints a unified diff for a changed file, leaves it as it was and exits 1;
    with every file matching it exits 0; ``--only`` takes one file and refuses a typo."""
    name = "realms-3p-greedy"
    committed = (golden.GOLDEN / f"{name}.txt").read_text(encoding="utf-8")
    monkeypatch.setattr(golden, "GOLDEN", tmp_path)
    monkeypatch.setattr(golden, "ROOT", tmp_path)
    changed = committed.replace("# seed: 5", "# seed: 5 (edited)")
    (tmp_path / f"{name}.txt").write_text(changed, encoding="utf-8")
    assert golden.main(["--check", "--only", name]) == 1
    out = capsys.readouterr().out
    assert f"--- committed/{name}.txt" in out and "-# seed: 5 (edited)" in out
    assert "1 of 1 golden file(s) differ" in out
    assert (tmp_path / f"{name}.txt").read_text(encoding="utf-8") == changed  # nothing written
    assert golden.main(["--only", name]) == 0  # without --check: rewritten
    assert (tmp_path / f"{name}.txt").read_text(encoding="utf-8") == committed
    assert golden.main(["--check", "--only", name]) == 0
    assert "all match" in capsys.readouterr().out
    with pytest.raises(SystemExit, match="no golden file 'nope'"):
        golden.main(["--check", "--only", "nope"])
