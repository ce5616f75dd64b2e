"""The Hephaestus (simple mode) module of Lords of Hellas: Dark Ages.

Hephaestus replaces Zeus in Thessaly, with his Hammer and Blessings and the grey-corner Help
card; "Relic cards rules are not used".  The rules are the full module's (``hephaestus``
package), registered without the Relics and the extra Neutral Artifacts.
"""

from __future__ import annotations

from hellas.games.lords.hooks import Module, register
from hellas.games.lords.modules.hephaestus import rules
from hellas.games.lords.modules.hephaestus.bots import bot_choose

MODULE = register(
    Module(
        id="hephaestus-simple",
        title="Hephaestus (simple mode)",
        summary="Hephaestus replaces Zeus in Thessaly; no Relics",
        expansion_icon=False,
        requires=(),
        excludes=("hephaestus", "hades-simple"),
        players=(),
        hooks={
            "prepare": rules.prepare_simple,
            "prayer": rules.prayer,
            "view": rules.view,
            "determinize": rules.determinize,
        },
        procedures=rules.PROCEDURES,
        entries=rules.entries,
        bot_choose=bot_choose,
    )
)
