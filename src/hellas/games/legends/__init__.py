"""Legends of Hellas: a silent co-operative card game for 1-5 heroes.

Its id, seats, options, rules version and front-end modules are declared once, in ``game.META``
(``docs/games.md`` is written from it); rulings are in ``docs/rules/legends.md``.
Hidden: each hand; the draw deck; face-down cards; the discard pile.

Modules: ``content`` (data), ``state`` (compact state), ``choices`` (every key), ``rules``
(setup, actions, monsters, missions), ``view`` (views and determinization), ``game`` (the
contract object), ``bots`` (the heuristic bot) and ``render`` (the terminal table).
"""

from hellas.games.legends.game import GAME, LegendsGame

__all__ = ["GAME", "LegendsGame"]
