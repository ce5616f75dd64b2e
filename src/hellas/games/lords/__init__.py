"""Lords of Hellas (part 1): area control, battles, temples, monuments, monsters on the move.

============  ==========================================================
Game id       ``lords``
Seats         2-4
Options       players, turn_limit, additional_combat_cards, content
Rulebook      ``lords-of-hellas.txt``; rulings in ``docs/rules/lords.md``
Hidden        Combat Cards in hands; deck orders; Blessings being drafted
Version       0.1 - part 1 (Hunts, Quests and Neutral Artifacts come next)
============  ==========================================================

Modules: ``content`` (data, content packs), ``state``, ``board`` (map and victory),
``cards``, ``turn`` (regular and special actions), ``battle``, ``phases`` (setup, Monster and
Event Phases, drafts), ``rules`` (dispatch), ``view``, ``game``, ``bots``, ``render``.
"""

from hellas.games.lords.game import GAME, LordsGame

__all__ = ["GAME", "LordsGame"]
