"""The Poseidon module of Lords of Hellas: Dark Ages.

Poseidon's Monument in Messenia with his Trident, the Port tokens (connected Regions for Hero
Movement, March and Hermes' power), the Fleet Attribute (Army Strength in Port Battles), the
red-corner Help card and the legible Poseidon Blessings.  Rules in ``rules.py``, data in
``data.toml``, bot knowledge in ``bots.py``.
"""

from __future__ import annotations

from hellas.games.lords.hooks import Module, register
from hellas.games.lords.modules.poseidon import rules
from hellas.games.lords.modules.poseidon.bots import bot_choose

MODULE = register(
    Module(
        id="poseidon",
        title="Poseidon",
        summary=(
            "Poseidon Monument in Messenia, Ports, the Fleet attribute, the Trident, "
            "Poseidon Blessings"
        ),
        expansion_icon=True,
        requires=(),
        excludes=("poseidon-simple",),
        players=(),
        hooks=rules.hook_table(fleet=True),
        procedures=rules.PROCEDURES,
        entries=rules.entries,
        bot_choose=bot_choose,
    )
)
