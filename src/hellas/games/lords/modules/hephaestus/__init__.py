"""The Hephaestus module of Lords of Hellas: Dark Ages.

Hephaestus' Monument in Messenia with his Hammer, the red-corner Help card (Reforge, Artifacts by
level), Relics (reusable Combat Cards charged like Artifacts) with the Lightning deck, the
legible Hephaestus Blessings and the 5 extra Neutral Artifacts.  Relics in ``relics.py``, the
rest in ``rules.py``, the cards in ``data.toml`` (what they do: their clauses), bot knowledge in
``bots.py``.
"""

from __future__ import annotations

from hellas.games.lords.hooks import Module, register
from hellas.games.lords.modules.hephaestus import relics, rules
from hellas.games.lords.modules.hephaestus.bots import bot_choose

MODULE = register(
    Module(
        id="hephaestus",
        title="Hephaestus",
        summary="Hephaestus Monument, Relics, Reforge, the Lightning deck, 5 Neutral Artifacts",
        expansion_icon=True,
        requires=(),
        excludes=("hephaestus-simple",),
        players=(),
        hooks={
            "prepare": relics.prepare,
            "placed": relics.placed,
            "event_phase": relics.event_phase,
            "monument_built": relics.monument_built,
            "prayer": rules.prayer,
            "reusable": relics.reusable,
            "reuse": relics.reuse,
            "view": rules.view,
            "determinize": rules.determinize,
            "invariants": relics.invariants,
        },
        procedures=rules.PROCEDURES,
        entries=rules.entries,
        bot_choose=bot_choose,
    )
)
