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
from typing import Final

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


class _MissionTerms:
    """What the model needs of one mission, worked out once: arrival work, defeats, weight."""

    __slots__ = ("mission", "needed", "weight", "work_after")

    def __init__(self, mission: Mission) -> None:
        self.mission = mission
        self.needed = needed_defeats(mission)
        name = f"mission_{mission.number}"
        self.weight = COEFFICIENTS[FEATURES.index(name)] if name in FEATURES else 0.0
        last = max((after for after, _ in mission.arrivals), default=0)
        # work_after[d]: cards the monsters still to arrive will need once d monsters are down
        self.work_after = [
            sum(ARRIVAL_SIZE[kind] for after, kind in mission.arrivals if after > d)
            for d in range(last + 1)
        ]


_TERMS: dict[int, _MissionTerms] = {}
# the attributes in each bitmask of attributes, lowest first
_ATTRS_OF = [tuple(a for a in range(5) if (mask >> a) & 1) for mask in range(32)]
# the bitmask of each attribute tuple (a slot's ``playable``), and set bits per broken mask
_MASK_OF = {attrs: mask for mask, attrs in enumerate(_ATTRS_OF)}
_BITS = [bin(mask).count("1") for mask in range(64)]
_exp = math.exp
_PLAYERS = {n: COEFFICIENTS[FEATURES.index(f"players_{n}")] for n in (2, 3, 4)}
_W_BIAS: Final = COEFFICIENTS[0]
_W_WORK: Final = COEFFICIENTS[1]
_W_CARDS: Final = COEFFICIENTS[2]
_W_HAND: Final = COEFFICIENTS[3]
_W_DIVINE_HELD: Final = COEFFICIENTS[4]
_W_DIVINE_DECK: Final = COEFFICIENTS[5]
_W_FIT_OWN: Final = COEFFICIENTS[6]
_W_FIT_ANY: Final = COEFFICIENTS[7]
_W_UNPLACED: Final = COEFFICIENTS[8]
_W_BROKEN: Final = COEFFICIENTS[9]
_W_PROGRESS: Final = COEFFICIENTS[10]
_W_ALIVE: Final = COEFFICIENTS[11]
_W_SLACK: Final = COEFFICIENTS[12]


def _terms(mission: Mission) -> _MissionTerms:
    terms = _TERMS.get(mission.number)
    if terms is None or terms.mission is not mission:
        terms = _TERMS[mission.number] = _MissionTerms(mission)
    return terms


def logit(s: LegendsState) -> float:
    """Return the model's log-odds for ``s``: ``features`` dotted with ``COEFFICIENTS``.

    The same products summed in the same order as that dot product (a one-hot input adds its
    weight, a zero one adds nothing), so the float is the very same, without building the list.
    """
    return _logit(s, _terms(s.mission))


def _logit(s: LegendsState, terms: _MissionTerms) -> float:
    """Return ``logit(s)`` given the mission's terms (integer counts first, then the floats)."""
    n = s.n
    hands = s.hands
    monsters = s.monsters
    work = 0
    alive = 0
    wanted = 0  # bitmask of attributes some monster on the table can still take
    for m in monsters:
        if m.alive:
            work += m.size - m.played
            alive += 1
            wanted |= _MASK_OF[m.playable]
    defeats = s.defeats
    future = terms.work_after
    if defeats < len(future):
        work += future[defeats]
    held = sum(s.hsize)
    want = _ATTRS_OF[wanted]
    divine_held = 0
    fit_own = 0
    fit_any = 0
    unplaced = 0
    discs = s.discs
    b = 0
    for d in discs:
        divine_held += hands[b + DIVINE]
        if d < 0:
            unplaced += 1
        else:
            for a in monsters[d].playable:
                fit_own += hands[b + a]
        for a in want:
            fit_any += hands[b + a]
        b += 6
    deck = len(s.deck)
    room = held if held > 1 else 1
    z = _W_BIAS
    z += _W_WORK * (work / 20.0)
    z += _W_CARDS * ((deck + held) / 20.0)
    z += _W_HAND * (held / (5.0 * n))
    z += _W_DIVINE_HELD * divine_held
    z += _W_DIVINE_DECK * (s.deck.count(DIVINE) / 4.0)
    z += _W_FIT_OWN * (fit_own / room)
    z += _W_FIT_ANY * (fit_any / room)
    z += _W_UNPLACED * (unplaced / n)
    z += _W_BROKEN * (_BITS[s.broken] / n)
    z += _W_PROGRESS * (defeats / terms.needed)
    z += _W_ALIVE * alive
    z += _W_SLACK * ((deck + held - work) / 20.0)
    players = _PLAYERS.get(n)
    if players is not None:
        z += players
    return z + terms.weight


def estimate(s: LegendsState) -> float:
    """Return the estimated chance that the team wins from ``s`` (1 or 0 once it is over)."""
    if s.result:
        return 1.0 if s.result == 1 else 0.0
    z = logit(s)
    if z < -30.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))


def progress(s: LegendsState) -> float:
    """Return the shaped value of a lost game: a little for each monster defeated."""
    return 0.3 * min(1.0, s.defeats / _terms(s.mission).needed)


def evaluate(s: LegendsState, seat: int) -> float:
    """Return the search's value of an unfinished position (any seat: the team shares it).

    The estimated win chance, shaped by progress like a lost game (``LegendsGame.evaluate``):
    ``estimate`` and ``progress`` worked out in one call (a search's leaf evaluation).
    """
    terms = _terms(s.mission)
    result = s.result
    if result:
        p = 1.0 if result == 1 else 0.0
    else:
        z = _logit(s, terms)
        p = 0.0 if z < -30.0 else 1.0 / (1.0 + _exp(-z))
    shaped = s.defeats / terms.needed
    return p + (1.0 - p) * (0.3 * (shaped if shaped < 1.0 else 1.0))
