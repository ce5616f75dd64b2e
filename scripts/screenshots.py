"""Copy the README's screenshots from the browser tests' artifacts into docs/img/.

Run from the repository root after the browser tests (they write test-artifacts/*.png):

    .venv/bin/python -m pytest -p no:xdist -q tests/web/test_keyboard.py tests/web/test_phone.py
    .venv/bin/python scripts/screenshots.py

Each game's table is photographed by tests/web/test_keyboard.py ten decisions into a game
played by keyboard, and on a 360 px phone by tests/web/test_phone.py, so the pictures follow
the pages whenever the tests run.  A missing artifact is an error naming the test to run.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
IMG = ROOT / "docs" / "img"

# docs/img name <- artifact name, and the test that writes it
CHOSEN = {
    "legends-table.png": ("table-legends.png", "tests/web/test_keyboard.py"),
    "realms-table.png": ("table-realms.png", "tests/web/test_keyboard.py"),
    "lords-table.png": ("table-lords.png", "tests/web/test_keyboard.py"),
    "legends-phone.png": ("phone-legends.png", "tests/web/test_phone.py"),
}


def main() -> int:
    """Copy every chosen artifact; return 1 (and say which test to run) if one is missing."""
    missing = [(art, test) for art, test in CHOSEN.values() if not (ARTIFACTS / art).is_file()]
    if missing:
        for art, test in missing:
            print(f"missing test-artifacts/{art}: run {test} first", file=sys.stderr)
        return 1
    IMG.mkdir(parents=True, exist_ok=True)
    for name, (art, _test) in CHOSEN.items():
        shutil.copyfile(ARTIFACTS / art, IMG / name)
        print(
            f"docs/img/{name} <- test-artifacts/{art} ({(IMG / name).stat().st_size // 1024} KiB)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
