"""``python -m tests.nim.serve serve ...``: the hellas command with Nim registered (one line)."""

from hellas.cli.main import app
from hellas.games import REGISTRY
from tests.nim import GAME

REGISTRY.register(GAME)  # the one registry line a new game adds (here: outside the package)

if __name__ == "__main__":
    app()
