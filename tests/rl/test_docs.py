"""docs/rl.md shows the observation layouts the encoders really build."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_layout_tables_in_the_docs_are_current() -> None:
    spec = importlib.util.spec_from_file_location("rl_layouts", ROOT / "scripts" / "rl_layouts.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    doc = (ROOT / "docs" / "rl.md").read_text(encoding="utf-8")
    assert module.block() in doc, "run: .venv/bin/python scripts/rl_layouts.py --write"


def test_readme_links_the_rl_page() -> None:
    assert "docs/rl.md" in (ROOT / "README.md").read_text(encoding="utf-8")
