"""Content packs a server operator offers (``hellas serve --packs DIR``).

An operator keeps packs (folders of data files a game can load, e.g. Lords of Hellas cards typed
in from a box) under one folder.  At start-up each game checks the folders it can read
(``Game.content_packs``); the packs that load are offered in the lobby by their folder name,
the others are logged and left out (whatever went wrong in one: ``packs.check`` turns every
failure into its one-line reason); only a packs folder that cannot be read stops the start.
A table asks for a pack by that name in the game's
``local_only`` option (the one that names files on the server's machine); the server puts the
pack's path there, so a client never names a path and never learns one: what the API shows of
a table's options carries the pack's name again (``public_options``).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from hellas.core.errors import OptionError
from hellas.core.game import Game
from hellas.games import REGISTRY

log = logging.getLogger("hellas.server")

# what the lobby sees of a pack (never its path)
PUBLIC = ("id", "name", "description", "modules", "fingerprint", "contents")


class Packs:
    """The packs on offer, by game id and then by pack id (the folder's name)."""

    def __init__(self, offered: dict[str, dict[str, dict[str, Any]]] | None = None) -> None:
        self.offered = offered or {}

    @classmethod
    def load(cls, root: str | None) -> Packs:
        """Check every game's packs under ``root`` (None: none offered); log those that fail."""
        if not root:
            return cls()
        if not Path(root).is_dir():
            raise OptionError(f"the packs folder {root!r} does not exist")
        offered: dict[str, dict[str, dict[str, Any]]] = {}
        for game in REGISTRY:
            try:  # each pack is checked apart (a bad one is left out); this is the folder
                found = game.content_packs(root)
            except Exception as exc:  # one line naming the packs, not the database
                detail = " ".join(str(exc).split()) or type(exc).__name__
                raise OptionError(
                    f"--packs: the packs in {root!r} cannot be read: {detail}"
                ) from exc
            for pack in found:
                if pack["ok"]:
                    offered.setdefault(game.meta.id, {})[str(pack["id"])] = pack
                else:
                    log.warning(
                        "content pack not offered game=%s pack=%s reason=%s",
                        game.meta.id,
                        pack["id"],
                        pack["error"],
                    )
        return cls(offered)

    def listed(self, game_id: str) -> list[dict[str, Any]]:
        """Return what the lobby shows of the game's packs."""
        packs = self.offered.get(game_id, {}).values()
        return [{k: p.get(k) for k in PUBLIC} for p in packs]

    def resolve(self, game: Game[Any], options: dict[str, Any]) -> dict[str, Any]:
        """Return ``options`` with a pack's name in a ``local_only`` option replaced by its path.

        Any other value of such an option is refused: only the operator names files.
        """
        out = dict(options)
        for spec in game.meta.options.specs:
            if not spec.local_only or spec.name not in out or out[spec.name] == spec.default:
                continue
            chosen = out[spec.name]
            mine = self.offered.get(game.meta.id, {})
            pack = mine.get(chosen) if isinstance(chosen, str) else None
            if pack is None:
                names = ", ".join(sorted(mine)) or "none"
                raise OptionError(
                    f"option {spec.name!r} takes the name of a content pack this server offers "
                    f"(offered: {names}); other files can only be named from the command line"
                )
            out[spec.name] = str(pack["path"])
        return out

    def public_options(self, game_id: str, options: Any) -> Any:
        """Return stored options as a client may see them: a pack's path becomes its name.

        A table of a game this server does not have (a damaged row) keeps its options as they are.
        """
        game = next((g for g in REGISTRY if g.meta.id == game_id), None)
        if game is None or not isinstance(options, dict):
            return options
        local = [s.name for s in game.meta.options.specs if s.local_only]
        if not any(options.get(name) for name in local):
            return options
        out = dict(options)
        for name in local:
            if out.get(name):
                out[name] = Path(str(out[name])).name
        return out
