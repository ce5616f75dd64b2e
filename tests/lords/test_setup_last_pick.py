"""Picking Heroes: a decision made by the last placement comes before the first turn.

Found in the Dark Ages work: when Helen placed last, the set-up frame popped her Neutral Artifact
pick instead of itself, so she lost her starting Artifact and the set-up frame stayed under the
turns.  This test fails on that code.
"""

from __future__ import annotations

from hellas.games.lords.game import GAME
from hellas.games.lords.state import LordsState


def _setup_with_helen_last(seed: int) -> LordsState:
    s = GAME.new({"players": 3}, seed)
    while s.stack[-1]["k"] == "setup":
        order = s.stack[-1]["order"]
        keys = [c.key for c in GAME.choices(s)]
        if s.stack[-1]["step"] == "pick":
            others = [k for k in keys if k != "hero:helen"]
            pick = "hero:helen" if len(order) == 1 else others[0]
            GAME.apply(s, pick)
        else:
            GAME.apply(s, keys[0])
    return s


def test_helen_placed_last_keeps_one_of_three_neutral_artifacts_before_the_first_turn() -> None:
    s = _setup_with_helen_last(4)
    helen = s.heroes.index(s.content.hero("helen").index)
    assert s.stack[-1]["k"] == "artifact-pick" and s.stack[-1]["seat"] == helen
    assert [f["k"] for f in s.stack].count("setup") == 1
    GAME.apply(s, GAME.choices(s)[0])
    assert s.artifact_owner.count(helen) == 1
    assert [f["k"] for f in s.stack] == ["turn"]
    assert s.current == helen and s.turn == 1
