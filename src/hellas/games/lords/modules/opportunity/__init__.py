"""The Opportunity Cards module of Lords of Hellas: Dark Ages."""

from __future__ import annotations

from hellas.games.lords.hooks import Module, register
from hellas.games.lords.modules.opportunity import rules
from hellas.games.lords.modules.opportunity.bot import bot_choose

MODULE = register(
    Module(
        id="opportunity",
        title="Opportunity Cards",
        summary="Opportunity cards in the Events Deck, used at the start of a turn",
        expansion_icon=False,
        requires=(),
        excludes=(),
        players=(),
        hooks={
            "prepare": rules.prepare,
            "turn_options": rules.turn_options,
            "event_phase": rules.event_phase,
            "event_count": rules.face_up_count,
            "view": rules.view,
            "invariants": rules.invariants,
        },
        turn_prefixes=("opp-",),
        turn_choose=rules.turn_choose,
        events=rules.event_count,
        event=rules.event,
        entries=rules.entries,
        bot_choose=bot_choose,
    )
)
