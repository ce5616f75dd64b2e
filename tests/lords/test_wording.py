"""Lords words a player reads (issue 48): whole sentences in the log and on the buttons."""

from __future__ import annotations

import re

from hellas.games.lords.game import GAME
from tests.core.events_play import play_events


def test_the_build_monument_bonus_names_build_monument_first() -> None:
    """Rulebook (2 players): "Before using the "Build Monument" Special Action, a player can
    choose one of the Special Actions already used ... and use it before "Build Monument"."""
    assert GAME.table["first:march"].label == "Build Monument, taking March once more before it"
    assert GAME.table["first:temple"].label.startswith("Build Monument, taking Build a Temple")
    assert not any(c.label.startswith("First use") for c in GAME.table.by_key().values())


def test_a_march_s_destination_is_a_sentence_in_the_log() -> None:
    """The log said "Helen (P2): ... to Messenia"; it says "Helen (P2): March to Messenia"."""
    texts = [e.text for events in play_events(GAME, {"players": 2}, 8, True) for e in events]
    marches = [t for t in texts if re.search(r"\): March to [A-Z]", t)]
    assert marches, "no March was played in this game"
    assert not [t for t in texts if ": ... to " in t]
    assert all(re.match(r"^\S.* \(P\d\): March to \S", t) for t in marches)  # a subject first
