"""A real server and Debian's chromium driven by Playwright, for the browser tests."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import Server, start_server, stop_server

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-dev-shm-usage",
]


def chromium_path() -> str | None:
    path = os.environ.get("HELLAS_CHROMIUM") or shutil.which("chromium")
    if not path and os.environ.get("HELLAS_REQUIRE_BROWSER") == "1":
        raise RuntimeError("HELLAS_REQUIRE_BROWSER=1 but no chromium was found")
    return path


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = f"sqlite:///{tmp_path_factory.mktemp('webdb') / 'hellas.db'}"
    server = start_server(db, bot_delay=0.0)
    yield server
    stop_server(server)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    path = chromium_path()
    if path is None:
        pytest.skip("no chromium (./check installs Debian's chromium)")
    from playwright.sync_api import sync_playwright  # noqa: PLC0415

    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield b
        b.close()


def shot(page: Any, name: str) -> None:
    """Save a screenshot as a test artifact."""
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def drawn(page: Any) -> int:
    """Return the number of the last state the page has drawn (-1 before the first)."""
    return int(page.evaluate("() => window.hellasSeq ?? -1"))


def wait_after(page: Any, before: int, timeout: int = 60_000, or_outcome: bool = True) -> None:
    """Wait until the page draws a state newer than ``before`` (or, by default, the outcome)."""
    outcome = " || document.querySelector('[data-testid=outcome]')" if or_outcome else ""
    page.wait_for_function(f"() => (window.hellasSeq ?? -1) > {before}{outcome}", timeout=timeout)
