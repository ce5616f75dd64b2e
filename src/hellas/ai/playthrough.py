"""Golden playthroughs: a fixed seed's whole game written out as text, step by step.

``scripts/golden.py`` regenerates the files under ``tests/golden``; the test suite rebuilds them
in memory and diffs, so any change in rules, choices or bots shows up as a readable diff.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from hellas.ai.bots import make_bot
from hellas.core.game import Decision, Game
from hellas.core.rng import Rng


def playthrough(game: Game[Any], options: Mapping[str, Any], seed: int, bots: Sequence[str]) -> str:
    """Return the text of one full game played by the named bots (one per seat)."""
    opts = game.validate_options(options)
    state = game.new(opts, seed)
    players = [make_bot(game, name) for name in bots]
    rng = Rng(seed)
    lines = [
        f"# {game.meta.title} rules v{game.meta.version}",
        f"# options: {json.dumps(opts, sort_keys=True)}",
        f"# seed: {seed}  bots: {', '.join(bots)}",
    ]
    step = 0
    while (seat := game.to_act(state)) is not None:
        legal = [c.key for c in game.choices(state)]
        choice = players[seat].choose(Decision(game, state, seat), rng)
        lines.append(f"{step:04d} seat {seat} [{' '.join(legal)}] -> {choice.key}")
        for e in game.apply(state, choice):
            scope = "all" if e.to is None else ",".join(str(s) for s in sorted(e.to))
            lines.append(f"     ({scope}) {e.text}")
        step += 1
    outcome = game.outcome(state)
    assert outcome is not None
    lines.append(f"# outcome: {outcome.reason} scores={list(outcome.scores)}")
    lines.append(f"# final state: {json.dumps(game.state_to_json(state), sort_keys=True)}")
    return "\n".join(lines) + "\n"
