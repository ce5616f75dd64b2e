"""``hellas serve --packs``: packs that cannot be read never stop the server (issue 50, item 7).

A file that is not UTF-8, a folder where a file belongs, arrays nested 5,000 deep and two
records with one id: the server started with the database blamed, or offered a pack whose
tables then went unavailable.  Now each such pack is left out with its one-line reason in the
log, and the good one beside it is offered as before.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from hellas.games.lords import packs
from tests.server.conftest import start_server, stop_server
from tests.server.test_packs import lords

DUPLICATE = (
    '[[blessing]]\nnew = true\nid = "twice"\ngod = "zeus"\nname = "Twice"\ntext = "t t"\n'
    'effects = [{when = "turn-start", do = [{draw = 1}]}]\nprovenance = "community"\n\n'
) * 2


def test_bad_packs_are_left_out_with_their_reason_and_the_server_starts(tmp_path: Path) -> None:
    root = tmp_path / "packs"
    shutil.copytree(packs.example(), root / "example")
    for name in ("latin1", "folder", "deep", "duplicate"):
        (root / name).mkdir()
    (root / "latin1" / "blessings.toml").write_bytes(b'[[blessing]]\nid = "caf\xe9"\n')
    (root / "folder" / "combat.toml").mkdir()
    (root / "deep" / "blessings.toml").write_text("x = " + "[" * 5000 + "]" * 5000)
    (root / "duplicate" / "blessings.toml").write_text(DUPLICATE)
    server = start_server(f"sqlite:///{tmp_path / 'hellas.db'}", args=["--packs", str(root)])
    try:
        assert [p["id"] for p in lords(server)["packs"]] == ["example"]
        status, data = server.post(
            "/api/tables",
            {
                "game": "lords",
                "options": {"players": 3, "content": "duplicate"},
                "seats": ["human"] * 3,
            },
        )
        assert status == 400 and "offered: example" in data["message"]
    finally:
        stop_server(server)
    server.log.seek(0)
    log = server.log.read().decode()
    assert "Traceback" not in log and "database" not in log.lower().replace("database:", "")
    for reason in (
        "is not UTF-8 text",
        "is a folder where a TOML file belongs",
        "nested too deeply",
        "appears twice",
    ):
        assert reason in log, reason
