"""The games: one package per game, each registered here once.

Every front end (terminal, simulation, tests) reads :data:`REGISTRY`; adding a game means adding
its package and one line to the list below.
"""

from hellas.core.registry import Registry
from hellas.games import legends, lords, realms

REGISTRY = Registry([legends.GAME, realms.GAME, lords.GAME])

__all__ = ["REGISTRY"]
