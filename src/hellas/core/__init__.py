"""The contract shared by every game and front end (see docs/architecture.md).

Nothing here knows any particular game: choices, events, outcomes, metadata, options, the seeded
generator, records and matches, the registry, content loading and the conformance checks.
"""

from hellas.core.errors import ContentError, HellasError, IllegalChoice, OptionError, RecordError
from hellas.core.game import (
    Bot,
    Choice,
    ChoiceTable,
    Decision,
    Event,
    Game,
    GameMeta,
    Outcome,
    View,
    WebModules,
    visible_events,
)
from hellas.core.options import OptionSchema, OptionSpec
from hellas.core.record import Match, Record, replay
from hellas.core.registry import Registry
from hellas.core.rng import Rng

__all__ = [
    "Bot",
    "Choice",
    "ChoiceTable",
    "ContentError",
    "Decision",
    "Event",
    "Game",
    "GameMeta",
    "HellasError",
    "IllegalChoice",
    "Match",
    "OptionError",
    "OptionSchema",
    "OptionSpec",
    "Outcome",
    "Record",
    "RecordError",
    "Registry",
    "Rng",
    "View",
    "WebModules",
    "replay",
    "visible_events",
]
