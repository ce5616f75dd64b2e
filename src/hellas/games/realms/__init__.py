"""Fantasy Realms: Greek Legends: build the best hand of seven; the Afterlife; the endgame.

Its id, seats, options, rules version and front-end modules are declared once, in ``game.META``
(``docs/games.md`` is written from it); rulings are in ``docs/rules/realms.md``.
Hidden: each hand; the deck (public: the discard area, every Afterlife).

Modules: ``content`` (cards and the effect vocabulary), ``scoring`` (scores and explanations),
``endgame`` (the endgame decisions and the exact solver), ``state``, ``choices``, ``rules``,
``view`` (views, determinization), ``game``, ``bots`` (greedy bot, rollout policy), ``render``.
"""

from hellas.games.realms.game import GAME, RealmsGame

__all__ = ["GAME", "RealmsGame"]
