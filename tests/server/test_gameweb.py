"""Each game's web folder is served from its package, and nothing else is (issue 51).

A game's browser pieces live in ``games/<id>/web/``; the server answers ``/static/games/<id>/``
from there and joins the games' stylesheets into ``/static/games.css``.  A path that leaves the
folder, names no registered game, or asks for a file the folder does not serve (its Python
neighbours) is refused in one line, echoing at most 80 characters.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request

from hellas.games import REGISTRY
from hellas.server.gameweb import folder

from .conftest import Server


def fetch(server: Server, path: str) -> tuple[int, str, bytes]:
    """Return the status, content type and body of a GET (errors too)."""
    try:
        with urllib.request.urlopen(server.url + path, timeout=30) as r:
            return r.status, r.headers.get("content-type", ""), r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers.get("content-type", ""), e.read()


def test_each_game_piece_is_served_from_its_own_folder(server: Server) -> None:
    for game in REGISTRY:
        for kind, path in game.meta.web.to_json().items():
            assert path, (game.meta.id, kind)  # the three games bring every piece
            status, kind_of, body = fetch(server, f"/static/games/{game.meta.id}/{path}")
            assert status == 200 and body == (folder(game) / path).read_bytes(), path
            assert kind_of.startswith("text/css" if path.endswith(".css") else "text/javascript")


def test_the_pages_stylesheet_joins_every_games_styles(server: Server) -> None:
    status, kind, body = fetch(server, "/static/games.css")
    assert status == 200 and kind.startswith("text/css")
    text = body.decode()
    for game in REGISTRY:
        assert game.meta.web.styles
        own = (folder(game) / game.meta.web.styles).read_text(encoding="utf-8")
        assert own in text, game.meta.id
    _s, _k, table = fetch(server, "/table/any")
    assert b'href="/static/games.css"' in table


def test_paths_outside_a_games_folder_are_refused_in_one_line(server: Server) -> None:
    game = next(iter(REGISTRY))
    refused = [
        f"/static/games/{game.meta.id}/..%2Fgame.py",  # its rules, beside the folder
        f"/static/games/{game.meta.id}/%2E%2E/%2E%2E/core/game.py",
        f"/static/games/{game.meta.id}/nothing-here.js",
        f"/static/games/{game.meta.id}/",
        "/static/games/no-such-game/render.js",
        "/static/games/" + "x" * 300 + "/render.js",
    ]
    for path in refused:
        status, _kind, body = fetch(server, path)
        assert status == 404, path
        message = json.loads(body)["message"]
        assert "\n" not in message and len(message) < 130, message
        assert "x" * 81 not in message
    assert fetch(server, "/static/js/util.js")[0] == 200  # the shared modules stay where they are
