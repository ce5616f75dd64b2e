"""The rollout policy picks what it picked before it stopped listing legal choices first.

``policy.choose`` decides most phases straight from the hand and the table; it must return the
very choice of the reference copy (``reference_policy.py``, the policy as it was), which listed
the legal choices first, on positions of every phase of every mission and table size, from
random and heuristic play - and every choice it returns must be legal.
"""

from __future__ import annotations

from collections import Counter

from hellas.core.rng import Rng
from hellas.games.legends import GAME
from hellas.games.legends.policy import choose
from hellas.games.legends.rules import legal
from hellas.games.legends.state import PHASE_NAMES

from . import reference_policy


def test_choose_matches_the_reference_policy_in_every_phase() -> None:
    phases: Counter[str] = Counter()
    for seed in range(480):
        options = {
            "mission": seed % 12 + 1,
            "players": seed % 5 + 1,
            "difficulty": ("human", "heroic", "godlike")[seed % 3],
            "free_replace": seed % 7 == 0,
        }
        s = GAME.new(options, 900 + seed)
        rng = Rng(seed)
        heuristic = seed % 2 == 0  # half the games follow the policy, half play at random
        while GAME.to_act(s) is not None:
            cs = GAME.choices(s)
            s.cache = None if seed % 3 else s.cache  # with and without a cached legal list
            picked = choose(s.copy(), Rng(seed))
            assert picked == reference_policy.choose(s.copy(), Rng(seed)), PHASE_NAMES[s.phase]
            assert picked in legal(s)
            phases[PHASE_NAMES[s.phase]] += 1
            GAME.step(s, picked if heuristic else cs[rng.below(len(cs))])
    assert set(phases) == set(PHASE_NAMES) - {"over"}
    assert min(phases.values()) >= 50
