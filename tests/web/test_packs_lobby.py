"""The lobby's content-pack picker: a pack the operator offers, chosen by its name, seats a
Lords table that plays with its cards; the picker says what the pack holds in words."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hellas.games.lords import packs
from tests.server.conftest import Server, start_server, stop_server

from .conftest import shot
from .test_browser import open_table


@pytest.fixture(scope="module")
def offering(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    root = tmp_path_factory.mktemp("packs")
    shutil.copytree(packs.example(), root / "example")
    db = f"sqlite:///{tmp_path_factory.mktemp('db') / 'hellas.db'}"
    server = start_server(db, args=["--packs", str(root)])
    yield server
    stop_server(server)


def test_a_lords_table_with_a_pack_from_the_lobby(offering: Server, browser: Any) -> None:
    page = open_table(browser, offering.url + "/")
    page.select_option("#game", "realms")
    assert page.query_selector("[data-testid=pack]") is None  # no pack for this game
    page.select_option("#game", "lords")
    picker = page.wait_for_selector("[data-testid=pack]")
    assert "the box" in picker.inner_text()
    page.select_option("[data-testid=pack]", "example")
    help_text = page.inner_text("[data-testid=pack-help]")
    assert "Invented example cards" in help_text and "plays with: poseidon" in help_text
    assert str(Path(packs.example()).parent) not in page.content()
    shot(page, "lobby-pack")
    page.click("#create")
    go = page.wait_for_selector("[data-testid=go-table]")  # the modules' advice comes first
    assert page.inner_text("[data-testid=create-warnings]").strip()
    go.click()
    page.wait_for_url("**/table/**", timeout=30_000)
    page.wait_for_selector("body[data-ready='1']", timeout=30_000)
    table = page.url.split("/table/")[1].split("#")[0]
    status, info = offering.get(f"/api/tables/{table}")
    assert status == 200
    assert info["options"]["content"] == "example"
    assert not page.errors, page.errors
    page.context.close()
