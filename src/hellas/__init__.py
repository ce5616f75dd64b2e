"""Hellas: a digital table for Greek-myth board games.

The package is layered (see ``docs/architecture.md``): ``core`` holds the game contract,
``games`` the rules of each game, ``ai`` game-agnostic bots and ``cli`` the terminal front end.
"""

__version__ = "0.1.0"
