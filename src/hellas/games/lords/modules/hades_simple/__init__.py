"""The Hades (simple mode) module of Lords of Hellas: Dark Ages."""

from __future__ import annotations

from functools import partial

from hellas.games.lords.hooks import Module, register
from hellas.games.lords.modules.hades import bots, common
from hellas.games.lords.modules.hades_simple import rules

MODULE = register(
    Module(
        id="hades-simple",
        title="Hades (simple mode)",
        summary="Hades replaces Zeus in Thessaly",
        expansion_icon=False,
        requires=(),
        excludes=("hades", "hephaestus-simple"),
        players=(),
        hooks={
            "prepare": rules.prepare,
            "before_battle": common.before_battle,
            "after_battle": common.after_battle,
            "hoplites_killed": rules.hoplites_killed,
            "hoplites_held": common.removed_held,
            "prayer": partial(common.prayer, module_id="hades-simple"),
            "injury": common.helmet,
            "blessing_received": common.blessing_received,
            "temple_built": common.temple_built,
            "view": rules.view,
            "invariants": rules.invariants,
        },
        procedures={
            "hades-reap": (common.reap_options, common.reap_choose),
            "hades-tod": (common.tod_options, common.tod_choose),
            "hades-pov": (common.pov_options, common.pov_choose),
        },
        entries=common.common_entries,
        bot_choose=bots.choose,
    )
)
