"""Hellas's ISMCTS against OpenSpiel's ISMCTS on Legends of Hellas, on the same deals.

Every team fills all seats with one kind of bot and plays games 0..N-1 (the engine seed of game
k is k, so all teams see the same shuffles).  Teams, all at the same iterations per searched
decision:

- ``hellas``: ``hellas.ai.ismcts.ISMCTSBot`` as shipped (heuristic rollouts, routine steps
  follow the heuristic policy);
- ``openspiel-heuristic``: OpenSpiel's ``ISMCTSBot`` on ``python_hellas_legends`` with an
  evaluator that plays the game's rollout policy for ``rollout_depth`` steps and scores with
  the same ``rollout_value``/``evaluate`` as ours; routine steps follow the policy as ours do -
  so only the tree search (and its cost) differs; OpenSpiel's UCT child selection;
- ``openspiel-puct``: the same with OpenSpiel's PUCT child selection and the prior Hellas's
  ISMCTS uses (half the weight on the heuristic policy's move, the rest spread evenly);
- ``openspiel-random``: OpenSpiel's ``ISMCTSBot`` as shipped, with its random-rollout evaluator;
- ``heuristic``: the game's heuristic bot alone (no search), for scale.

Prints a Markdown table (wins, 95% Wilson interval, seconds per game, iterations per second)::

    .venv/bin/python scripts/compare_ismcts.py --games 30 --iterations 50
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import hellas.rl.openspiel  # noqa: F401 - registers python_hellas_*
from hellas.ai import make_bot
from hellas.core.game import Decision
from hellas.core.rng import Rng
from hellas.games import REGISTRY
from hellas.sim.stats import wilson

GAME = REGISTRY.get("legends")


class HeuristicRollouts(mcts.Evaluator):
    """Evaluate a leaf with the game's rollout policy and value, as Hellas's ISMCTS does."""

    def __init__(self, seed: int, bias: float = 0.0) -> None:
        self.rng = Rng(seed)
        self.policy = GAME.rollout_policy()
        self.bias = bias  # prior weight on the policy's move (Hellas's ISMCTS uses 0.5)

    def evaluate(self, state: Any) -> np.ndarray:
        """Return each seat's value after a policy playout, scored exactly as Hellas's ISMCTS."""
        s = state.engine_state.copy()
        depth = GAME.rollout_depth(s)
        while GAME.to_act(s) is not None and depth != 0:
            GAME.step(s, self.policy(s, self.rng))
            if depth is not None:
                depth -= 1
        score = GAME.rollout_value if GAME.to_act(s) is None else GAME.evaluate
        return np.array([score(s, p) for p in range(state.num_players())])

    def prior(self, state: Any) -> list[tuple[int, float]]:
        """Return a uniform prior, with ``bias`` more on the policy's move (as Hellas's PUCT)."""
        legal = state.legal_actions()
        if not self.bias or len(legal) == 1:
            return [(a, 1.0 / len(legal)) for a in legal]
        hint = self.policy(state.engine_state, self.rng).index
        spread = (1.0 - self.bias) / len(legal)
        return [(a, spread + (self.bias if a == hint else 0.0)) for a in legal]


def play_openspiel(
    seed: int, options: dict[str, Any], iterations: int, rollouts: str
) -> tuple[bool, int]:
    """Play one game with OpenSpiel ISMCTS in every seat; return (won, searched iterations)."""
    game = pyspiel.load_game("python_hellas_legends", options)  # seeds 0-4095
    state = game.new_initial_state()
    state.apply_action(seed)
    rs = np.random.RandomState(seed)
    selection = ismcts.ChildSelectionPolicy.UCT
    if rollouts == "random":
        evaluator: mcts.Evaluator = mcts.RandomRolloutEvaluator(1, rs)
    elif rollouts == "puct":
        evaluator = HeuristicRollouts(seed, bias=0.5)
        selection = ismcts.ChildSelectionPolicy.PUCT
    else:
        evaluator = HeuristicRollouts(seed)
    bot = ismcts.ISMCTSBot(
        game, evaluator, 2.0, iterations, random_state=rs, child_selection_policy=selection
    )
    helper = make_bot(GAME, "heuristic")
    rng = Rng(seed ^ 0xB07)
    searched = 0
    while not state.is_terminal():
        engine = state.engine_state
        seat = state.current_player()
        legal = state.legal_actions()
        if len(legal) == 1:
            action = legal[0]
        elif rollouts != "random" and not GAME.worth_searching(engine):
            action = helper.choose(Decision(GAME, engine, seat), rng).index
        else:
            action = int(bot.step(state))
            searched += iterations
        state.apply_action(action)
    return state.returns()[0] == 1.0, searched


def play_hellas(
    seed: int, options: dict[str, Any], iterations: int, bot: str = "ismcts"
) -> tuple[bool, int]:
    """Play one game with a Hellas bot in every seat; return (won, searched iterations)."""
    state = GAME.new(options, seed)
    name = f"ismcts:{iterations}" if bot == "ismcts" else bot
    bots = [make_bot(GAME, name) for _ in range(options["players"])]
    rng = Rng(seed ^ 0xB07)
    searched = 0
    while (seat := GAME.to_act(state)) is not None:
        bot = bots[seat]
        GAME.step(state, bot.choose(Decision(GAME, state, seat), rng))
        searched += getattr(bot, "last_iterations", 0)
    outcome = GAME.outcome(state)
    return outcome is not None and bool(outcome.winners), searched


def main() -> None:
    """Run every team on the same games and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--iterations", type=int, default=50)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--mission", type=int, default=1)
    parser.add_argument(
        "--teams",
        default="hellas,openspiel-heuristic,openspiel-puct,openspiel-random",
        help="comma list",
    )
    parser.add_argument("--random-games", type=int, default=0, help="games for openspiel-random")
    args = parser.parse_args()
    options = {"players": args.players, "mission": args.mission, "difficulty": "human"}
    rows = []
    for team in args.teams.split(","):
        games = args.random_games or args.games if team == "openspiel-random" else args.games
        wins = iters = 0
        start = time.perf_counter()
        for seed in range(games):
            if team == "hellas":
                won, n = play_hellas(seed, options, args.iterations)
            elif team == "heuristic":
                won, n = play_hellas(seed, options, args.iterations, "heuristic")
            else:
                won, n = play_openspiel(seed, options, args.iterations, team.split("-")[1])
            wins += won
            iters += n
        elapsed = time.perf_counter() - start
        _rate, low, high = wilson(wins, games)
        rows.append(
            f"| {team} | {games} | {wins} | {100 * wins / games:.0f}% "
            f"({100 * low:.0f}-{100 * high:.0f}) | {elapsed / games:.2f} | {iters / elapsed:,.0f} |"
        )
        print(rows[-1], flush=True)
    print()
    print(
        f"Legends of Hellas, mission {args.mission}, {args.players} players, human; "
        f"{args.iterations} iterations per searched decision; games 0-{args.games - 1}"
    )
    print("| team | games | wins | win rate (95% CI) | s / game | iterations / s |")
    print("|---|---:|---:|---:|---:|---:|")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
