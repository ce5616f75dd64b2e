"""Legends of Hellas: a silent co-operative card game for 1-5 heroes.

============  ==========================================================
Game id       ``legends``
Seats         1-5 (co-operative: every seat wins or loses together)
Options       players, mission (1-12), difficulty (human/heroic/godlike),
              heroes, hero_colours
Rulebook      ``legends-of-hellas.txt``; rulings in ``docs/rules/legends.md``
Hidden        each hand; the draw deck; face-down cards; the discard pile
Version       1.0 - first complete implementation
============  ==========================================================

Modules: ``content`` (data), ``state`` (compact state), ``choices`` (every key), ``rules``
(setup, actions, monsters, missions), ``view`` (views and determinization), ``game`` (the
contract object), ``bots`` (the heuristic bot) and ``render`` (the terminal table).
"""

from hellas.games.legends.game import GAME, LegendsGame

__all__ = ["GAME", "LegendsGame"]
