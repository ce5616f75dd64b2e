"""Lords of Hellas: area control, battles, temples, monuments, Monster Hunts, Quests, Artifacts.

Its id, seats, options, rules version and front-end modules are declared once, in ``game.META``
(``docs/games.md`` is written from it); rulings are in ``docs/rules/lords.md``.
Hidden: Combat Cards in hands; deck orders; Blessings being drafted; the two Monster Attack
cards drawn (seen by the hunter's left neighbour only).

Modules: ``content`` (data, content packs), ``state``, ``board`` (map and victory),
``cards``, ``monsters`` (trays and Wounds), ``movement``, ``setup``, ``turn`` (regular and
special actions), ``battle``, ``hunt``, ``quests``, ``artifacts``, ``monster_phase``,
``phases`` (Event Phase, drafts, small decisions), ``rules`` (dispatch), ``view``, ``game``,
``bots`` and ``bots_hunt``, ``render``.  Imports run one way: rules -> setup -> turn -> phases
-> battle/hunt -> artifacts -> monster_phase/quests/movement -> board/cards/monsters -> state.
"""

from hellas.games.lords import packs  # content packs: checked by ``hellas content``
from hellas.games.lords.game import GAME, LordsGame

__all__ = ["GAME", "LordsGame", "packs"]
