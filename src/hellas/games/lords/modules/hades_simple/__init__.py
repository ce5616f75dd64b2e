"""The Hades (simple mode) module of Lords of Hellas: Dark Ages."""

from __future__ import annotations

from functools import partial

from hellas.games.lords.hooks import Module, proc, register
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
            "prayer": partial(common.prayer, module_id="hades-simple"),
            "view": rules.view,
            "invariants": rules.invariants,
        },
        procedures={
            "hades-reap": proc(common.reap_options, common.reap_choose),
        },
        entries=common.common_entries,
        bot_choose=bots.choose,
    )
)
