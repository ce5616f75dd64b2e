"""A learned estimate of each seat's chance to win a Lords position, for search leaves.

The lookahead and ISMCTS bots stop after a round of heuristic play and ask who is likely to
win from there.  This module answers with a conditional logit over the seats: seat ``p``'s
chance is ``exp(w . f_p) / sum_q exp(w . f_q)``, where ``f_p`` are a handful of public
progress features (Regions, Lands and how close each is to whole, Temples, Monsters slain,
the King of Kings countdown, the army, the Hero ...).  The weights ``w``, one set per player
count, are fitted to the winners of heuristic games by ``scripts/fit_lords_value.py``; the
numbers below are that script's output.  It reads only public parts of the state it is given
(plus hand sizes, which are public), so a determinization's value is its view's value.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from hellas.games.lords.board import temples_and_slain
from hellas.games.lords.state import LordsState

FEATURES = (
    "regions",  # Regions controlled
    "land_share2",  # sum over the Lands that count of (share held)^2
    "lands_whole",  # Lands owned whole
    "lands_one_short",  # Lands that count where exactly one Region is missing
    "temples",  # Regions with a Temple controlled
    "temples_4",  # 1 with 4 or more of them
    "hoplites",  # Hoplites on the map
    "priests",  # Priests in the pool
    "slain",  # Monsters slain
    "slain_2",  # 1 with 2 Monsters slain
    "glory",  # Glory tokens
    "artifacts",  # Artifacts owned
    "injured",  # Injured Attributes
    "cards",  # Combat Cards in hand (a public count)
    "leadership",  # the Hero's Attributes now (Injured ones count 1)
    "strength",
    "speed",
    "questing",  # 1 while on a Quest, plus the steps taken
    "king",  # controls the fully built Monument's Region: 1 + tokens already taken
    "order",  # seats still to act before this one (0: acting now), over seats - 1
)

# Fitted by scripts/fit_lords_value.py --games 800 (heuristic games; one row per player count).
WEIGHTS: dict[int, tuple[float, ...]] = {
    2: (
        0.0981,  # regions
        -0.6521,  # land_share2
        0.4453,  # lands_whole
        0.0360,  # lands_one_short
        0.1638,  # temples
        0.1325,  # temples_4
        0.0166,  # hoplites
        0.0893,  # priests
        0.5794,  # slain
        0.0390,  # slain_2
        0.0356,  # glory
        0.1313,  # artifacts
        -0.3351,  # injured
        0.1009,  # cards
        0.1142,  # leadership
        -0.0505,  # strength
        -0.0168,  # speed
        0.0118,  # questing
        0.0000,  # king
        -0.1253,  # order
    ),
    3: (
        -0.0342,  # regions
        0.7167,  # land_share2
        -0.3407,  # lands_whole
        -0.1138,  # lands_one_short
        0.1429,  # temples
        -0.0010,  # temples_4
        0.0097,  # hoplites
        0.0686,  # priests
        0.3277,  # slain
        0.4946,  # slain_2
        -0.0605,  # glory
        0.1662,  # artifacts
        -0.3302,  # injured
        0.0925,  # cards
        0.0694,  # leadership
        0.0738,  # strength
        0.0312,  # speed
        0.0142,  # questing
        0.5420,  # king
        -0.1233,  # order
    ),
    4: (
        0.0374,  # regions
        0.1218,  # land_share2
        0.0960,  # lands_whole
        0.0415,  # lands_one_short
        -0.0103,  # temples
        0.3697,  # temples_4
        0.0057,  # hoplites
        0.1452,  # priests
        0.4612,  # slain
        0.2878,  # slain_2
        0.0635,  # glory
        0.2223,  # artifacts
        -0.1769,  # injured
        0.1198,  # cards
        0.0451,  # leadership
        0.1375,  # strength
        0.2052,  # speed
        0.0412,  # questing
        0.7525,  # king
        -0.1440,  # order
    ),
}


def features(s: LordsState, p: int) -> list[float]:
    """Return the value features of seat ``p`` in ``s`` (in ``FEATURES`` order)."""
    return seat_features(s)[p]


def seat_features(s: LordsState) -> list[list[float]]:
    """Return the value features of every seat, sharing the board walk."""
    c = s.content
    n = s.n
    control = s.control
    skip = c.blue if n == 3 else -1  # 3 players: the blue Land does not count
    regions = [0] * n
    for q in control:
        if 0 <= q < n:
            regions[q] += 1
    share2 = [0.0] * n
    whole = [0] * n
    short = [0] * n
    held = [0] * n  # Regions of the Land in hand, per seat (reused for every Land)
    for land, members in enumerate(c.lands):
        if land == skip:
            continue
        for r in members:
            q = control[r]
            if 0 <= q < n:
                held[q] += 1
        size = len(members)
        for q in range(n):
            k = held[q]
            if k:
                held[q] = 0
                share = k / size
                share2[q] += share * share
                if k == size:
                    whole[q] += 1
                elif k == size - 1:
                    short[q] += 1
    temples, slain = temples_and_slain(s, True)  # as the victory check counts them
    hop = s.hop
    hoplites = [sum(hop[q::n]) for q in range(n)]  # hop holds (Region, seat) counts
    for q in s.fort:
        if 0 <= q < n:
            hoplites[q] += 1
    king = [0.0] * n
    act = s.activation
    if len(act) >= 3:
        holder = control[c.gods[act[2]].site]
        if 0 <= holder < n:
            king[holder] = 1.0 + 3 - act[1]
    out = []
    for p in range(n):
        quest = 0.0
        if s.questing[p] >= 0:
            quest = 1.0 + s.quest_step[p]
        out.append(
            [
                float(regions[p]),
                share2[p],
                float(whole[p]),
                float(short[p]),
                float(temples[p]),
                1.0 if temples[p] >= 4 else 0.0,
                float(hoplites[p]),
                float(s.priests[p]),
                float(slain[p]),
                1.0 if slain[p] == 2 else 0.0,
                float(s.glory.count(p)),
                float(s.artifact_owner.count(p)),
                float(bin(s.injured[p]).count("1")),
                float(len(s.hands[p])),
                float(s.attr(p, 0)),
                float(s.attr(p, 1)),
                float(s.attr(p, 2)),
                quest,
                king[p],
                ((p - s.current) % n) / max(1, n - 1),
            ]
        )
    return out


def chances(s: LordsState, weights: Sequence[float] | None = None) -> list[float]:
    """Return every seat's estimated chance to win ``s`` (they add up to 1)."""
    if s.result is not None:
        winner = s.result.get("winner")
        return [1.0 if winner == p else 0.0 for p in range(s.n)]
    w = WEIGHTS[min(max(s.n, 2), 4)] if weights is None else tuple(weights)
    scores = []
    for row in seat_features(s):
        total = 0.0
        for i in range(len(w)):
            total += row[i] * w[i]
        scores.append(total)
    top = max(scores)
    exps = [math.exp(v - top) for v in scores]
    norm = sum(exps)
    return [e / norm for e in exps]
