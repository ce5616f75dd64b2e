"""The Hades module of Lords of Hellas: Dark Ages."""

from __future__ import annotations

from functools import partial

from hellas.games.lords.hooks import Module, proc, register
from hellas.games.lords.modules.hades import bots, common, rules

MODULE = register(
    Module(
        id="hades",
        title="Hades",
        summary=(
            "Hades Monument, Warriors of Hades, the Underworld, Raise, Gates of Hades, Resurrection"
        ),
        expansion_icon=True,
        requires=(),
        excludes=("hades-simple",),
        players=(),
        hooks={
            "prepare": rules.prepare,
            "hero_chosen": rules.hero_chosen,
            "placed": rules.placed,
            "start_turn": rules.start_turn,
            "turn_options": rules.turn_options,
            "population": rules.population,
            "army_strength": rules.army_strength,
            "before_battle": rules.before_battle,
            "after_battle": rules.after_battle,
            "hoplites_moved": rules.hoplites_moved,
            "hoplites_killed": rules.hoplites_killed,
            "hoplites_held": rules.hoplites_held,
            "prayer": partial(common.prayer, module_id="hades"),
            "view": rules.view,
            "invariants": rules.invariants,
        },
        procedures={
            "hades-warrior": proc(rules.warrior_options, rules.warrior_choose),
            "hades-escort": proc(rules.escort_options, rules.escort_choose),
            "hades-reap": proc(common.reap_options, common.reap_choose),
        },
        turn_prefixes=("hades-rise:",),
        turn_choose=rules.turn_choose,
        entries=rules.entries,
        bot_choose=bots.choose,
    )
)
