"""Golden playthroughs: regenerate each file in memory and diff it with the committed one."""

from __future__ import annotations

import difflib
import importlib.util
from pathlib import Path

import pytest

from hellas.games import REGISTRY

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("golden", ROOT / "scripts" / "golden.py")
assert spec and spec.loader
golden = importlib.util.module_from_spec(spec)
spec.loader.exec_module(golden)


def test_every_game_has_a_golden_playthrough() -> None:
    assert {case[0] for case in golden.CASES} == set(REGISTRY.ids())


@pytest.mark.parametrize("case", golden.CASES, ids=[c[1] for c in golden.CASES])
def test_golden_playthrough_is_unchanged(case: tuple[object, ...]) -> None:
    path = golden.GOLDEN / f"{case[1]}.txt"
    expected = path.read_text(encoding="utf-8")
    actual = golden.render(case)
    if actual != expected:
        diff = "".join(
            difflib.unified_diff(
                expected.splitlines(True), actual.splitlines(True), "committed", "regenerated", n=2
            )
        )
        pytest.fail(f"{path.name} changed (run scripts/golden.py if intended):\n{diff[:4000]}")
