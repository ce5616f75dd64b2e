"""Cleito (Hero) of Lords of Hellas: Dark Ages, usable in any game.

The Atlantis box's components need 5 players, "although Cleito could replace any Hero from the
base game": ``--modules cleito`` adds her to the Hero pool of a 2-4 player game (the players
choose among the base Heroes and her, so she stands in for whichever Hero nobody takes); she
adds no seat, so five players still need Atlantis (or a content pack's fifth Hero).  The
``atlantis`` module includes this one (``modules.INCLUDES``), so Atlantis games have her without
naming it.
"""

from __future__ import annotations

from hellas.games.lords.hooks import Module, register
from hellas.games.lords.modules.cleito import rules

MODULE = register(
    Module(
        id="cleito",
        title="Cleito",
        summary="Cleito, the Atlantis Hero, in the Hero pool of any game",
        hooks={"placed": rules.placed, "turn_options": rules.turn_options, "view": rules.panel},
        turn_prefixes=("atl-heal:",),
        turn_choose=rules.turn_choose,
        entries=rules.entries,
        bot_choose=rules.bot_choose,
    )
)
