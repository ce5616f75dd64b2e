"""A quick estimate of a Legends position's win chance, for truncated search rollouts.

Search bots stop their rollouts after a few steps and ask :func:`estimate` instead of playing to
the end.  The estimate is a logistic model over a handful of team-level features (cards still
needed against cards still available, divine interventions, how well hands fit the monsters,
mission and table size), fitted to the outcomes of heuristic games by
``scripts/fit_legends_value.py``; the coefficients below are that script's output.  It reads the
whole state it is given, which in a search is always a determinization of the searcher's view.
"""

from __future__ import annotations

import math

from hellas.games.legends.content import DIVINE, Mission
from hellas.games.legends.state import KIND_SIZE, LegendsState

ARRIVAL_SIZE = {"monster": KIND_SIZE[0], "chimera": KIND_SIZE[1], "hades": KIND_SIZE[2]}
FEATURES = (
    "bias",
    "work_left",
    "cards_left",
    "hand_cards",
    "divine_held",
    "divine_deck",
    "fit_own",
    "fit_any",
    "unplaced",
    "broken",
    "progress",
    "alive",
    "slack",
    "players_2",
    "players_3",
    "players_4",
    *(f"mission_{m}" for m in range(1, 13)),
)

# Fitted by scripts/fit_legends_value.py (heuristic games over all 108 cells).
COEFFICIENTS: tuple[float, ...] = (
    -1.7566,  # bias
    -3.2837,  # work_left
    0.6590,  # cards_left
    0.1199,  # hand_cards
    0.4458,  # divine_held
    1.2833,  # divine_deck
    0.6083,  # fit_own
    0.2832,  # fit_any
    -0.0823,  # unplaced
    -0.5370,  # broken
    1.1032,  # progress
    -0.1593,  # alive
    3.9426,  # slack
    0.5176,  # players_2
    -0.7760,  # players_3
    -1.4983,  # players_4
    0.0085,  # mission_1
    1.8400,  # mission_2
    -0.1556,  # mission_3
    -0.2489,  # mission_4
    -0.6297,  # mission_5
    -0.1462,  # mission_6
    -0.2648,  # mission_7
    -0.0436,  # mission_8
    -0.4554,  # mission_9
    -0.4324,  # mission_10
    -0.4935,  # mission_11
    -0.7351,  # mission_12
)


_NEEDED: dict[int, int] = {}


def needed_defeats(mission: Mission) -> int:
    """Return how many monsters (singles and finals) the mission needs defeated at most."""
    needed = _NEEDED.get(mission.number)
    if needed is None:
        needed = _NEEDED[mission.number] = mission.singles + mission.finals
    return needed


def features(s: LegendsState) -> list[float]:
    """Return the model's inputs for ``s`` (same order as ``FEATURES``)."""
    n = s.n
    hands = s.hands
    mission = s.mission
    monsters = s.monsters
    work = 0
    alive = 0
    wanted = 0  # bitmask of attributes some monster on the table can still take
    for m in monsters:
        if m.alive:
            work += m.size - m.played
            alive += 1
            for a in m.playable:
                wanted |= 1 << a
    for after, kind in mission.arrivals:
        if after > s.defeats:
            work += ARRIVAL_SIZE[kind]
    held = sum(s.hsize)
    divine_held = 0
    fit_own = 0
    fit_any = 0
    unplaced = 0
    for q in range(n):
        b = q * 6
        divine_held += hands[b + DIVINE]
        d = s.discs[q]
        if d < 0:
            unplaced += 1
        else:
            for a in monsters[d].playable:
                fit_own += hands[b + a]
        for a in range(5):
            if (wanted >> a) & 1:
                fit_any += hands[b + a]
    deck = len(s.deck)
    divine_deck = s.deck.count(DIVINE)
    needed = needed_defeats(mission)
    out = [
        1.0,
        work / 20.0,
        (deck + held) / 20.0,
        held / (5.0 * n),
        float(divine_held),
        divine_deck / 4.0,
        fit_own / max(1, held),
        fit_any / max(1, held),
        unplaced / n,
        bin(s.broken).count("1") / n,
        s.defeats / needed,
        float(alive),
        (deck + held - work) / 20.0,
        1.0 if n == 2 else 0.0,
        1.0 if n == 3 else 0.0,
        1.0 if n == 4 else 0.0,
    ]
    number = mission.number
    out.extend(1.0 if number == m else 0.0 for m in range(1, 13))
    return out


def estimate(s: LegendsState) -> float:
    """Return the estimated chance that the team wins from ``s`` (1 or 0 once it is over)."""
    if s.result:
        return 1.0 if s.result == 1 else 0.0
    z = 0.0
    for w, x in zip(COEFFICIENTS, features(s), strict=True):
        z += w * x
    if z < -30.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))
