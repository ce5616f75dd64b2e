"""Fit the Lords position-value model (hellas.games.lords.value) to heuristic games.

    python scripts/fit_lords_value.py --games 800           # fit; print the weights
    python scripts/fit_lords_value.py --games 300 --check   # held-out loss of the weights in use

Plays heuristic bots in every seat at 2, 3 and 4 players, records every seat's value features
at turn steps along the way with the game's winner, fits a conditional logit over the seats
(one weight vector per player count, Newton's method with a small L2 penalty) and prints the
weights to paste into ``value.py`` with the held-out log loss next to two references: the
uniform guess and the hand-set board value the search used before (the heuristic's
``bots.value``, as a logistic against the best opponent, normalised to add up to 1).
"""

from __future__ import annotations

import argparse
import math

import numpy as np

from hellas.core.rng import Rng
from hellas.games.lords import GAME
from hellas.games.lords.bots import choose, value
from hellas.games.lords.state import LordsState
from hellas.games.lords.value import FEATURES, WEIGHTS, chances, seat_features


def collect(
    games: int, players: int, every: int, seed: int
) -> tuple[np.ndarray, np.ndarray, list[list[float]]]:
    """Return (features [N, seats, F], winner [N], old board chances) from heuristic games."""
    xs: list[list[list[float]]] = []
    ys: list[int] = []
    old: list[list[float]] = []
    for k in range(games):
        game_seed = seed * 1_000_003 + k
        s = GAME.new({"players": players}, game_seed)
        rng = Rng(game_seed ^ 0xF17)
        rows: list[list[list[float]]] = []
        olds: list[list[float]] = []
        steps = 0
        while GAME.to_act(s) is not None:
            if s.stack and s.stack[-1]["k"] == "turn" and s.turn > 0:
                steps += 1
                if steps % every == 0:
                    rows.append(seat_features(s))
                    olds.append(board_chances(s))
            GAME.apply(s, choose(s, rng))
        assert s.result is not None
        xs.extend(rows)
        ys.extend([int(s.result["winner"])] * len(rows))
        old.extend(olds)
    return np.array(xs), np.array(ys), old


def board_chances(s: LordsState) -> list[float]:
    """Return the search's former leaf value: logistic of board value vs best opponent, summed to 1.

    The board value is the heuristic's hand-set ``bots.value``; the logistic's scale was 40.
    """
    board = [value(s, p) for p in range(s.n)]
    raw = []
    for p, mine in enumerate(board):
        best = max(v for q, v in enumerate(board) if q != p)
        raw.append(1.0 / (1.0 + math.exp(-(mine - best) / 40.0)))
    return [v / sum(raw) for v in raw]


def _probs(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    z = x @ w
    z -= z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)  # type: ignore[no-any-return]


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3, rounds: int = 25) -> np.ndarray:
    """Return conditional-logit weights (shared over seats) by Newton's method."""
    n, _, d = x.shape
    w = np.zeros(d)
    chosen = x[np.arange(n), y]  # the winner's features, [N, F]
    for _ in range(rounds):
        p = _probs(x, w)  # [N, seats]
        mean = np.einsum("ns,nsf->nf", p, x)
        grad = (mean - chosen).sum(axis=0) + l2 * n * w
        second = np.einsum("ns,nsf,nsg->fg", p, x, x) - mean.T @ mean
        w -= np.linalg.solve(second + l2 * n * np.eye(d), grad)
    return w


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    """Return the mean log loss of seat probabilities ``p`` [N, seats] for winners ``y``."""
    return float(-np.mean(np.log(np.clip(p[np.arange(len(y)), y], 1e-9, 1.0))))


def main() -> None:
    """Collect, fit, report and print the weights (or, with --check, test the ones in use)."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=800, help="heuristic games per player count")
    ap.add_argument("--every", type=int, default=2, help="record every k-th turn step")
    ap.add_argument("--check", action="store_true", help="only score the weights in value.py")
    args = ap.parse_args()
    fitted: dict[int, list[float]] = {}
    for players in (2, 3, 4):
        xt, yt, old_t = collect(max(50, args.games // 4), players, args.every, 2)
        if args.check:
            w = np.array(WEIGHTS[players])
        else:
            x, y, _ = collect(args.games, players, args.every, 1)
            w = fit(x, y)
            fitted[players] = [float(v) for v in w]
        held = log_loss(_probs(xt, w), yt)
        board = log_loss(np.array(old_t), yt)
        print(
            f"# {players} players: {len(yt)} held-out positions; log loss uniform "
            f"{math.log(players):.4f}, hand-set board value {board:.4f}, fitted {held:.4f}"
        )
    if args.check:
        s = GAME.new({"players": 4}, 1)
        print("# chances at a fresh 4-player game:", [round(v, 3) for v in chances(s)])
        return
    print("WEIGHTS: dict[int, tuple[float, ...]] = {")
    for players, w_list in fitted.items():
        print(f"    {players}: (")
        for name, v in zip(FEATURES, w_list, strict=True):
            print(f"        {v:.4f},  # {name}")
        print("    ),")
    print("}")


if __name__ == "__main__":
    main()
