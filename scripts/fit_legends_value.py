"""Fit the Legends position-value model (hellas.games.legends.value) to heuristic games.

Plays the rule-of-thumb policy on every mission x difficulty x 2-4 players, records the value
features of positions along the way with the game's result, fits a logistic regression and
prints the coefficients to paste into ``value.py`` along with the held-out log loss.
"""

from __future__ import annotations

import argparse
import math

import numpy as np

from hellas.core.rng import Rng
from hellas.games.legends import GAME
from hellas.games.legends.policy import choose
from hellas.games.legends.value import FEATURES, features


def collect(games: int, every: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Return (features, won) for positions of ``games`` heuristic games per cell."""
    xs: list[list[float]] = []
    ys: list[float] = []
    rng = Rng(seed)
    k = 0
    for mission in range(1, 13):
        for difficulty in ("human", "heroic", "godlike"):
            for players in (2, 3, 4):
                opts = {"mission": mission, "difficulty": difficulty, "players": players}
                for _ in range(games):
                    k += 1
                    s = GAME.new(opts, seed * 100_003 + k)
                    rows = []
                    step = 0
                    while GAME.to_act(s) is not None:
                        if step % every == 0:
                            rows.append(features(s))
                        GAME.step(s, choose(s, rng))
                        step += 1
                    xs.extend(rows)
                    ys.extend([1.0 if s.result == 1 else 0.0] * len(rows))
    return np.array(xs), np.array(ys)


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3, rounds: int = 30) -> np.ndarray:
    """Return logistic-regression weights by Newton's method with a small L2 penalty."""
    w = np.zeros(x.shape[1])
    for _ in range(rounds):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        grad = x.T @ (p - y) + l2 * len(y) * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + l2 * len(y) * np.eye(len(w))
        w -= np.linalg.solve(hess, grad)
    return w


def log_loss(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    """Return the mean log loss of weights ``w``."""
    p = np.clip(1.0 / (1.0 + np.exp(-(x @ w))), 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main() -> None:
    """Collect, fit, report and print the coefficients."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=40, help="heuristic games per cell")
    ap.add_argument("--every", type=int, default=3, help="record every k-th position")
    args = ap.parse_args()
    x, y = collect(args.games, args.every, 1)
    xt, yt = collect(max(4, args.games // 4), args.every, 2)
    w = fit(x, y)
    base = float(np.mean(y))
    prior = -(base * math.log(base) + (1 - base) * math.log(1 - base))
    print(
        f"# {len(y)} positions, win rate {base:.3f}; log loss: prior {prior:.4f}, "
        f"train {log_loss(x, y, w):.4f}, held out {log_loss(xt, yt, w):.4f}"
    )
    print("COEFFICIENTS: tuple[float, ...] = (")
    for name, v in zip(FEATURES, w, strict=True):
        print(f"    {v:.4f},  # {name}")
    print(")")


if __name__ == "__main__":
    main()
