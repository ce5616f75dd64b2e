"""Content packs offered by the server's operator (``hellas serve --packs DIR``).

The lobby lists the packs that load (by name, never by path), a table asks for one by name and
plays with its cards (and the modules its pack.toml names), and any other value of the
file-naming option is refused with a clear error that creates nothing.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hellas.games.lords import packs
from tests.server.conftest import ROOT, Server, start_server, stop_server

HUMANS = ["human"] * 3


@pytest.fixture(scope="module")
def offering(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Path]]:
    """A server offering the example pack, and a broken pack it must leave out."""
    root = tmp_path_factory.mktemp("packs")
    shutil.copytree(packs.example(), root / "example")
    broken = root / "broken"
    broken.mkdir()
    (broken / "heroes.toml").write_text("[[hero]]\nid = 'nobody'\nnew = true\n")
    db = f"sqlite:///{tmp_path_factory.mktemp('db') / 'hellas.db'}"
    server = start_server(db, args=["--packs", str(root)])
    yield server, root
    stop_server(server)


def lords(server: Server) -> dict[str, Any]:
    """Return the lobby's entry for Lords of Hellas."""
    with urllib.request.urlopen(server.url + "/api/games", timeout=30) as r:
        games = json.loads(r.read())
    return next(g for g in games if g["id"] == "lords")


def count_tables(server: Server) -> int:
    """Return how many tables the lobby lists (open, playing and finished)."""
    status, rows = server.get("/api/tables?status=all&limit=100")
    assert status == 200, rows
    return len(rows)


def test_the_lobby_lists_the_packs_that_load_by_name_only(
    offering: tuple[Server, Path],
) -> None:
    server, root = offering
    listed = lords(server)["packs"]
    assert [p["id"] for p in listed] == ["example"]  # the broken one is left out
    example = listed[0]
    assert example["name"] == "Example pack (invented cards)"
    assert example["fingerprint"] == packs.check(root / "example").fingerprint
    assert example["contents"] and "path" not in example
    assert str(root) not in json.dumps(listed)
    others = [g for g in json.loads(urllib.request.urlopen(server.url + "/api/games").read())]
    assert all(g["packs"] == [] for g in others if g["id"] != "lords")


def test_a_table_plays_with_a_pack_chosen_by_name(offering: tuple[Server, Path]) -> None:
    server, root = offering
    body = {"game": "lords", "options": {"players": 3, "content": "example"}, "seats": HUMANS}
    status, data = server.post("/api/tables", body)
    assert status == 200, data
    table = data["id"]
    status, info = server.get(f"/api/tables/{table}")
    assert status == 200
    assert info["options"]["content"] == "example"  # its name, not the server's path
    # the pack's modules come with it (its pack.toml names them)
    assert set(info["options"]["modules"].split(",")) >= {"poseidon", "chiron", "orichalkum"}
    token = data["you"]["token"]
    status, view = server.get(f"/api/tables/{table}/view?seat={data['you']['seat']}&token={token}")
    assert status == 200
    assert view["view"]["pack_fingerprint"] == packs.check(root / "example").fingerprint
    assert str(root) not in json.dumps(info) + json.dumps(view)


@pytest.mark.parametrize("value", ["broken", "/etc", "../example", "no-such-pack", 7])
def test_other_files_are_refused_and_nothing_is_created(
    offering: tuple[Server, Path], value: Any
) -> None:
    server, _root = offering
    before = count_tables(server)
    body = {"game": "lords", "options": {"players": 3, "content": value}, "seats": ["human"] * 3}
    status, data = server.post("/api/tables", body)
    assert status == 400, data
    assert "content" in data["message"]
    assert count_tables(server) == before


def test_a_server_without_packs_refuses_any_pack(server: Server) -> None:
    body = {"game": "lords", "options": {"players": 3, "content": "example"}, "seats": HUMANS}
    status, data = server.post("/api/tables", body)
    assert status == 400
    assert "offered: none" in data["message"]
    assert lords(server)["packs"] == []


def test_serve_refuses_a_packs_folder_that_does_not_exist(tmp_path: Path) -> None:
    cmd = [sys.executable, "-m", "hellas.cli.main", "serve", "--packs", str(tmp_path / "nope")]
    out = subprocess.run(cmd, check=False, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode != 0
    assert "does not exist" in out.stdout + out.stderr
    assert "Traceback" not in out.stdout + out.stderr
