"""Lords of Hellas: area control, battles, temples, monuments, Monster Hunts, Quests, Artifacts.

============  ==========================================================
Game id       ``lords``
Seats         2-4 (5 when a module or content pack adds a fifth Hero)
Options       players, turn_limit, additional_combat_cards, content
Rulebook      ``lords-of-hellas.txt``; rulings in ``docs/rules/lords.md``
Hidden        Combat Cards in hands; deck orders; Blessings being drafted; the two
              Monster Attack cards drawn (seen by the hunter's left neighbour only)
Version       0.2 - the complete base game (Hunts, Quests, Artifacts)
============  ==========================================================

Modules: ``content`` (data, content packs), ``state``, ``board`` (map and victory),
``cards``, ``monsters`` (trays and Wounds), ``movement``, ``setup``, ``turn`` (regular and
special actions), ``battle``, ``hunt``, ``quests``, ``artifacts``, ``monster_phase``,
``phases`` (Event Phase, drafts, small decisions), ``rules`` (dispatch), ``view``, ``game``,
``bots`` and ``bots_hunt``, ``render``.  Imports run one way: rules -> setup -> turn -> phases
-> battle/hunt -> artifacts -> monster_phase/quests/movement -> board/cards/monsters -> state.
"""

from hellas.games.lords.game import GAME, LordsGame

__all__ = ["GAME", "LordsGame"]
