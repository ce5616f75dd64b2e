"""Fantasy Realms: Greek Legends: build the best hand of seven; the Afterlife; the endgame.

============  ==========================================================
Game id       ``realms``
Seats         2-6
Options       players, endgame (auto/manual), promo (Dionysus), sappho
Rulebook      ``fantasy-realms-greek-legends.txt``; rulings in ``docs/rules/realms.md``
Hidden        each hand; the deck (public: discard area, every Afterlife)
Version       1.0 - first complete implementation
============  ==========================================================

Modules: ``content`` (cards and the effect vocabulary), ``scoring`` (scores and explanations),
``endgame`` (the endgame decisions and the exact solver), ``state``, ``choices``, ``rules``,
``view`` (views, determinization), ``game``, ``bots`` (greedy bot, rollout policy), ``render``.
"""

from hellas.games.realms.game import GAME, RealmsGame

__all__ = ["GAME", "RealmsGame"]
