"""Fantasy Realms learned bot: a value of kept hands learned by self-play, played with NumPy only.

The bot values the position right after its own discard - the seven cards it keeps, its
Afterlife, the discard area it leaves to the others, its turns still to come, what the table knows
of its hand - by a linear model over the features below, fitted by ridge regression to the final
score margins of self-play games (``learn_train.py``; ``scripts/train_realms.py`` reproduces the
shipped weights from a fixed seed).  At a draw it values the draw as the mean over sampled unseen
cards and each take exactly, each followed by its best-valued discard; at a discard it compares
the discards that keep the best-scoring hands.  Every other decision - the Oracle, the Fates, the
Altar, an Afterlife move - follows the greedy bot, and the endgame keeps the exact solver.

Features come only from the seat's own view: its hand, Afterlife, the discard area, the cards
the table publicly knows it holds, counts, and draws sampled from the cards it cannot place
(``bots.unknown_cards``); like every ``SampledPolicyBot`` it is handed a determinization, never
the true state.  The weights file is JSON (``data/learned.json``) with its shape and a SHA-256
checksum of the weights, both checked on load.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from hellas.core.game import Choice, Decision, SampledPolicyBot
from hellas.core.rng import Rng
from hellas.games.realms.bots import (
    best_after,
    card_index,
    greedy_choice,
    hand_score,
    unknown_cards,
)
from hellas.games.realms.choices import TABLE
from hellas.games.realms.planner import own_turns_left
from hellas.games.realms.rules import END_DISCARDS, cards, legal
from hellas.games.realms.state import P_DISCARD, P_DRAW, RealmsState

FORMAT = "hellas-realms-learned/1"
WEIGHTS_FILE = "learned.json"
TURNS = 5  # own turns left, one-hot: 0, 1, 2, 3, 4 or more
POTENTIAL_SAMPLES = 4  # unseen cards a kept hand's one-draw potential is averaged over
DRAW_SAMPLES = 4  # unseen cards the draw is valued over
TOP = 3  # kept hands (best scoring now) the model compares at each discard
TAKES = 3  # takes (those that raise the hand's score most) the model compares with the draw
REVEAL = 0.5  # score points a take is charged for showing the card (as greedy does)
SCALE = 100.0  # scores and gains are given in hundreds of points

SCALARS = (
    "bias",
    "score",
    "score_if_ends",
    *(f"turns_{t}" for t in range(TURNS)),
    *(f"score_x_turns_{t}" for t in range(TURNS)),
    *(f"potential_x_turns_{t}" for t in range(TURNS)),
    "known_of_mine",
    "deck",
    "area",
    "discarded_base",
    "area_best_base",
)

# the features training fits freely (the per-card ones and the discarded strengths stay near 0)
CORE = frozenset(SCALARS[: SCALARS.index("discarded_base")])


def feature_names() -> list[str]:
    """Return every feature's name, in the order of the weights."""
    ids = [c.id for c in cards()]
    return [*SCALARS, *(f"hand:{i}" for i in ids), *(f"area:{i}" for i in ids)]


def feature_count() -> int:
    """Return how many features (and weights) the model has."""
    return len(SCALARS) + 2 * len(cards())


def greedy_weights() -> np.ndarray:
    """Return the weights that value a kept hand by its score now (greedy's discard)."""
    w = np.zeros(feature_count())
    w[SCALARS.index("score")] = 1.0
    return w


class WeightsError(ValueError):
    """A weights file that cannot be used: missing, malformed, the wrong shape or checksum."""


def checksum(weights: Sequence[float]) -> str:
    """Return the SHA-256 of the weights as written (each rounded, in JSON)."""
    return hashlib.sha256(json.dumps([float(x) for x in weights]).encode()).hexdigest()


def dump(weights: np.ndarray, meta: dict[str, Any]) -> str:
    """Return the JSON text of a weights file (weights rounded to 9 places, then checksummed)."""
    rounded = [round(float(x), 9) for x in weights]
    return (
        json.dumps(
            {
                "format": FORMAT,
                "features": len(rounded),
                "sha256": checksum(rounded),
                "meta": meta,
                "weights": rounded,
            },
            indent=1,
        )
        + "\n"
    )


def parse(text: str, where: str = "the weights file") -> np.ndarray:
    """Return the weights in a weights file's text; raise ``WeightsError`` on a bad one."""
    try:
        data = json.loads(text)
    except ValueError as e:
        raise WeightsError(f"{where} is not JSON ({str(e)[:80]})") from e
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise WeightsError(f"{where} is not a Realms learned-bot weights file ({FORMAT})")
    weights = data.get("weights")
    if not isinstance(weights, list) or not all(
        isinstance(x, (int, float)) and not isinstance(x, bool) for x in weights
    ):
        raise WeightsError(f"{where} has no list of numbers under 'weights'")
    want = feature_count()
    if len(weights) != want or data.get("features") != want:
        raise WeightsError(
            f"{where} holds {len(weights)} weights for {data.get('features')!r} features; "
            f"this version of the bot has {want}"
        )
    if data.get("sha256") != checksum(weights):
        raise WeightsError(f"{where} fails its checksum: the weights were changed or damaged")
    out = np.array(weights, dtype=np.float64)
    if not np.all(np.isfinite(out)):
        raise WeightsError(f"{where} holds a weight that is not a finite number")
    return out


def load(path: Path | None = None) -> np.ndarray:
    """Return the weights in ``path`` (default: the shipped file), checked."""
    if path is None:
        text = resources.files("hellas.games.realms").joinpath("data", WEIGHTS_FILE).read_text()
        return parse(text, f"the shipped {WEIGHTS_FILE}")
    try:
        text = path.read_text()
    except OSError as e:
        raise WeightsError(f"cannot read the weights file {str(path)[:80]} ({e.strerror})") from e
    return parse(text, f"the weights file {str(path)[:80]}")


@lru_cache(maxsize=1)
def shipped() -> np.ndarray:
    """Return the shipped weights (read and checked once)."""
    return load()


@dataclass(frozen=True)
class Seat:
    """What one seat's decision reads: its Afterlife, the public knowledge of its hand, samples."""

    afterlife: tuple[int, ...]
    known: frozenset[int]  # cards of its hand the table has seen (taken, revealed)
    sample: tuple[int, ...]  # unseen cards a hand's potential is averaged over
    deck: int
    n: int


def seat_of(s: RealmsState, seat: int, rng: Rng) -> Seat:
    """Return the seat's fixed facts for one decision (samples drawn from what it cannot place)."""
    unknown = unknown_cards(s, seat)
    rng.shuffle(unknown)
    return Seat(
        tuple(s.afterlife[seat]),
        frozenset(s.known[s.n][seat]),
        tuple(unknown[:POTENTIAL_SAMPLES]),
        len(s.deck),
        s.n,
    )


def _score(hand: Sequence[int], afterlife: tuple[int, ...]) -> int:
    return hand_score(tuple(sorted(hand)), afterlife)


def features(
    me: Seat, hand: Sequence[int], area: Sequence[int], turns: int, deck: int
) -> np.ndarray:
    """Return the feature vector of keeping ``hand`` and leaving ``area`` with ``turns`` to come."""
    cs = cards()
    k = len(cs)
    x = np.zeros(len(SCALARS) + 2 * k)
    score = _score(hand, me.afterlife)
    t = min(turns, TURNS - 1)
    x[0] = 1.0
    x[1] = score / SCALE
    x[2] = score / SCALE if len(area) >= END_DISCARDS else 0.0
    x[3 + t] = 1.0
    x[3 + TURNS + t] = score / SCALE
    if turns > 0 and me.sample:
        gains = [best_after(hand, c, me.afterlife) - score for c in me.sample]
        x[3 + 2 * TURNS + t] = sum(gains) / len(gains) / SCALE
    base = 3 + 3 * TURNS
    x[base] = sum(1 for c in hand if c in me.known) / 7
    x[base + 1] = deck / k
    x[base + 2] = len(area) / END_DISCARDS
    if area:
        x[base + 3] = cs[area[-1]].base / SCALE  # the card just discarded: the next seat's first
        x[base + 4] = max(cs[c].base for c in area) / SCALE
    for c in hand:
        x[len(SCALARS) + c] = 1.0
    for c in area:
        x[len(SCALARS) + k + c] = 1.0
    return x


def keeps(
    me: Seat, full: Sequence[int], area: Sequence[int], turns: int, deck: int
) -> list[tuple[int, np.ndarray]]:
    """Return the best-scoring ``TOP`` discards of ``full`` (card, features of what is left)."""
    ranked = []
    for k, card in enumerate(full):
        rest = [c for j, c in enumerate(full) if j != k]
        ranked.append((-_score(rest, me.afterlife), card, rest))
    ranked.sort()
    return [
        (card, features(me, rest, [*area, card], turns, deck)) for _, card, rest in ranked[:TOP]
    ]


def best_keep(
    w: np.ndarray, me: Seat, full: Sequence[int], area: Sequence[int], turns: int, deck: int
) -> tuple[float, int, np.ndarray]:
    """Return the best (value, discarded card, features) over ``keeps``."""
    options = keeps(me, full, area, turns, deck)
    values = np.array([x for _, x in options]) @ w
    i = int(np.argmax(values))
    return float(values[i]), options[i][0], options[i][1]


def learned_choice(s: RealmsState, rng: Rng, weights: np.ndarray | None = None) -> Choice:
    """Return the learned bot's choice for the seat to act in ``s`` (``weights``: else shipped)."""
    options = legal(s)
    if len(options) == 1:
        return options[0]
    if s.phase == P_DRAW:
        return _draw(s, rng, options, shipped() if weights is None else weights)
    if s.phase == P_DISCARD:
        greedy = greedy_choice(s, rng)
        if not greedy.key.startswith("discard:"):
            return greedy  # an Afterlife move (or an instant's bonus) as greedy weighs it
        w = shipped() if weights is None else weights
        p = s.actor
        me = seat_of(s, p, rng)
        turns = own_turns_left(s, len(s.discard) + 1)
        _, card, _ = best_keep(w, me, s.hands[p], s.discard, turns, len(s.deck))
        return TABLE[f"discard:{cards()[card].id}"]
    return greedy_choice(s, rng)


def _draw(s: RealmsState, rng: Rng, options: Sequence[Choice], w: np.ndarray) -> Choice:
    p = s.actor
    me = seat_of(s, p, rng)
    hand = s.hands[p]
    best: tuple[float, Choice] = (-1e9, options[0])
    unknown = unknown_cards(s, p)
    if s.deck and unknown:
        turns = own_turns_left(s, len(s.discard) + 1)
        picks = [unknown[rng.below(len(unknown))] for _ in range(DRAW_SAMPLES)]
        deck = len(s.deck) - 1
        value = sum(best_keep(w, me, [*hand, c], s.discard, turns, deck)[0] for c in picks)
        # a control variate: the sampled draws' mean score is corrected to the exact mean over
        # every unseen card (cheap), through the model's weight on the score at these turns
        exact = sum(best_after(hand, c, me.afterlife) for c in unknown) / len(unknown)
        sampled = sum(best_after(hand, c, me.afterlife) for c in picks) / len(picks)
        t = min(turns, TURNS - 1)
        slope = w[SCALARS.index("score")] + w[SCALARS.index(f"score_x_turns_{t}")]
        value = value / len(picks) + slope * (exact - sampled) / SCALE
        best = (value, TABLE["draw"])
    turns = own_turns_left(s, len(s.discard))
    takes = sorted(
        (-best_after(hand, card_index(c.key), me.afterlife), c.key)
        for c in options
        if c.key.startswith("take:")
    )
    for _, key in takes[:TAKES]:
        taken = card_index(key)
        area = list(s.discard)
        area.remove(taken)
        seen = Seat(me.afterlife, me.known | {taken}, me.sample, me.deck, me.n)
        value = best_keep(w, seen, [*hand, taken], area, turns, len(s.deck))[0] - REVEAL / SCALE
        if value > best[0]:
            best = (value, TABLE[key])
    return best[1]


class LearnedBot(SampledPolicyBot):
    """The learned-value Realms player (sees only its own seat's information)."""

    name = "learned"
    policy = staticmethod(learned_choice)  # with the shipped weights

    def __init__(self, weights: np.ndarray | None = None) -> None:
        self.weights = shipped() if weights is None else weights

    def choose(self, decision: Decision[Any], rng: Rng) -> Choice:
        """Return the learned choice (with this bot's weights) on a sample of its seat's view."""
        if len(decision.choices) == 1:
            return decision.choices[0]
        weights = self.weights
        return decision.follow(lambda s, r: learned_choice(s, r, weights), rng)


__all__ = ["LearnedBot", "WeightsError", "features", "learned_choice", "load", "parse"]
