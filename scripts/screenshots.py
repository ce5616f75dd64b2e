"""Copy the README's screenshots from the browser tests' artifacts into docs/img/.

Run from the repository root after the browser tests (they write test-artifacts/*.png):

    .venv/bin/python -m pytest -p no:xdist -q tests/web/test_board_play.py \
        tests/web/test_results.py tests/web/test_phone.py tests/web/test_lords_victory.py \
        tests/web/test_screens.py
    .venv/bin/python scripts/screenshots.py

Each game's table is photographed by tests/web/test_board_play.py a few decisions into a game
played by clicking the board only, each game's results screen by tests/web/test_results.py,
and the phone pictures by tests/web/test_phone.py and test_board_play.py, so the pictures
follow the pages whenever the tests run.  A missing artifact is an error naming the test to run.
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
    "legends-table.png": ("board-legends.png", "tests/web/test_board_play.py"),
    "realms-table.png": ("board-realms.png", "tests/web/test_board_play.py"),
    "lords-table.png": ("board-lords.png", "tests/web/test_board_play.py"),
    "legends-results.png": ("results-legends.png", "tests/web/test_results.py"),
    "realms-results.png": ("results-realms.png", "tests/web/test_results.py"),
    "lords-results.png": ("results-lords.png", "tests/web/test_results.py"),
    "legends-phone.png": ("phone-legends.png", "tests/web/test_phone.py"),
    "lords-phone.png": ("phone-lords-zoomed.png", "tests/web/test_board_play.py"),
    "lords-victory-desktop.png": ("lords-victory-desktop.png", "tests/web/test_lords_victory.py"),
    "lords-victory-phone.png": ("lords-victory-phone.png", "tests/web/test_lords_victory.py"),
}

# each game's table and result, and the lobby, at 1280x800 and 390x844 (tests/web/test_screens.py)
SCREENS = [f"{g}-{w}" for g in ("legends", "realms", "lords") for w in ("table", "result")]
CHOSEN.update(
    {
        f"{name}-{size}.png": (f"screen-{name}-{size}.png", "tests/web/test_screens.py")
        for name in [*SCREENS, "lobby"]
        for size in ("desktop", "phone")
    }
)


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
