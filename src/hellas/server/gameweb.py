"""Each game's own browser pieces, served from its package's ``web/`` folder (issue 51).

A game keeps its renderer, help, how-to-play guide, lobby pickers, art and stylesheet beside its
rules, in ``web/`` next to the module that defines its ``Game`` class, and names them in
``GameMeta.web``.  This router serves that folder at ``/static/games/<id>/<path>`` (ES modules
there import the shared ones by their absolute ``/static/js/...`` paths) and joins every
registered game's stylesheet into ``/static/games.css``, which the pages link.  The web's
generic modules learn each game's pieces from ``/api/games`` (``WebModules.urls``): no game is
named here nor there.  Registered before the ``/static`` mount, so these paths win over it.
"""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Any

from fastapi import APIRouter
from fastapi.responses import FileResponse, Response

from hellas.core.errors import quoted
from hellas.core.game import Game
from hellas.games import REGISTRY
from hellas.server.errors import ServerError

router = APIRouter()
SERVED = {".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml"}


def folder(game: Game[Any]) -> Path:
    """Return the game's web folder: ``web/`` beside the module defining its ``Game`` class."""
    return Path(inspect.getfile(type(game))).resolve().parent / "web"


def styles() -> str:
    """Return every registered game's stylesheet, one after the other (registry order)."""
    parts = []
    for game in REGISTRY:
        name = game.meta.web.styles
        if name:
            text = (folder(game) / name).read_text(encoding="utf-8")
            parts.append(f"/* -- {game.meta.title} ({name}) -- */\n{text}")
    return "\n".join(parts)


@router.get("/static/games.css", include_in_schema=False)
async def games_css() -> Response:
    """Every game's stylesheet in one file (each game's ``web.styles``)."""
    return Response(styles(), media_type="text/css", headers={"Cache-Control": "no-cache"})


@router.get("/static/games/{game_id}/{path:path}", include_in_schema=False)
async def game_file(game_id: str, path: str) -> FileResponse:
    """One file of a game's web folder (a module, its styles or a picture)."""
    game = REGISTRY.get(game_id) if game_id in REGISTRY.ids() else None
    root = folder(game) if game else None
    found = (root / path).resolve() if root else None
    suffix = found.suffix if found else ""
    if (
        root is None
        or found is None
        or not found.is_relative_to(root)
        or suffix not in SERVED
        or not found.is_file()
    ):
        raise ServerError("not-found", f"no such game file: {quoted(f'{game_id}/{path}')}", 404)
    return FileResponse(found, media_type=SERVED[suffix])  # ETag, as /static has
