"""The Orichalkum and Constructs module of Lords of Hellas: Dark Ages."""

from __future__ import annotations

from hellas.games.lords.hooks import Module, proc, register
from hellas.games.lords.modules.orichalkum import rules
from hellas.games.lords.modules.orichalkum.bot import bot_choose

MODULE = register(
    Module(
        id="orichalkum",
        title="Orichalkum and Constructs",
        summary="Orichalkum tokens in Cities, spent to recharge Artifacts or use Constructs",
        expansion_icon=True,
        requires=(),
        excludes=(),
        players=(),
        hooks={
            "prepare": rules.prepare,
            "start_turn": rules.start_turn,
            "turn_options": rules.turn_options,
            "after_hero_move": rules.after_hero_move,
            "before_battle": rules.before_battle,
            "event_phase": rules.event_phase,
            "view": rules.view,
            "determinize": rules.determinize,
            "invariants": rules.invariants,
        },
        procedures={
            "ori-take": proc(rules.take_options, rules.take_choose),
            "ori-horse": proc(rules.horse_options, rules.horse_choose),
        },
        turn_prefixes=("ori-",),
        turn_choose=rules.turn_choose,
        entries=rules.entries,
        bot_choose=bot_choose,
    )
)
