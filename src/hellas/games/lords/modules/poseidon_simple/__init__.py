"""The Poseidon (simple mode) module of Lords of Hellas: Dark Ages.

"Simply replace Athena by Poseidon": his Monument stands in Attica instead of Athena's (her God
record and Blessings are dropped in ``data.toml``), with the Trident, the Ports, the grey-corner
Help card and the Poseidon Blessings; "Fleet components and rules are not used".  The rules are
the full module's (``poseidon/rules.py``) without the Fleet.
"""

from __future__ import annotations

from hellas.games.lords.hooks import Module, register
from hellas.games.lords.modules.poseidon import rules
from hellas.games.lords.modules.poseidon.bots import bot_choose

MODULE = register(
    Module(
        id="poseidon-simple",
        title="Poseidon (simple mode)",
        summary="Poseidon replaces Athena in Attica; Ports, no Fleet",
        expansion_icon=False,
        requires=(),
        excludes=("poseidon",),
        players=(),
        hooks=rules.hook_table(fleet=False),
        procedures=rules.PROCEDURES,
        entries=rules.entries,
        bot_choose=bot_choose,
    )
)
