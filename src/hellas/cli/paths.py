"""Where the web table keeps its SQLite database when no ``--db`` or ``HELLAS_DB`` is given.

The default is a data directory, as on any desktop: ``$XDG_DATA_HOME/hellas/hellas.db``
(``~/.local/share/hellas/hellas.db`` when ``XDG_DATA_HOME`` is unset), so running the server
from a checkout never drops a database into the source tree.  A ``hellas.db`` that an older
version left in the current folder is still used (with a line saying how to move it), so
nobody loses their tables on upgrading.
"""

from __future__ import annotations

import os
from pathlib import Path

OLD_FILE = "hellas.db"


def data_dir() -> Path:
    """Return the folder Hellas keeps its data in (not created here)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "hellas"


def default_db() -> tuple[str, str]:
    """Return the database URL to use and a note for the user ("" when there is nothing to say).

    ``HELLAS_DB`` wins; else an older ``./hellas.db``; else the data directory's file.
    """
    env = os.environ.get("HELLAS_DB")
    if env:
        return env, ""
    new = data_dir() / "hellas.db"
    old = Path(OLD_FILE)
    if old.is_file() and not new.exists():
        note = (
            f"Using {old.resolve()} (an older default); to keep tables in {new}, stop the "
            f"server and move the file there."
        )
        return f"sqlite:///{old.resolve()}", note
    new.parent.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{new}", ""
