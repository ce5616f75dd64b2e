"""Head-to-head evaluation of the Realms planner bot against the greedy bot (docs/benchmarks.md).

    python scripts/realms_bot_eval.py [--players 2] [--deals 100] [--first 1000] [--jobs 1]
                                      [--set NAME=VALUE ...] [--read-hands] [--peek-deck]
                                      [--improver [samples=16,top=3,margin_weight=0.04,...]]
                                      [--known-hands]

2 players: every deal (seeds FIRST .. FIRST+DEALS-1) is played twice, the planner in each seat.
3+ players: one planner seat against greedy opponents, its seat rotating with the deal.  Prints
the planner's wins (a k-way shared win counts 1/k) with the Wilson 95% interval and the fair
share, and its mean margin over the best other score (with a 95% normal interval).
``--set`` overrides a planner constant (e.g. ``--set TOP=4``, ``--set ROLLOUTS=8``) for tuning
runs.  A second line splits the games by who made the last discard: the move after which the
rules announce the end (the discard area full).
``--read-hands`` is an upper-bound experiment, never a player: the planner decides on the true
state and its last-turn race and denial start the other seats from their real hands
(``Bounds.read_hands``).  ``--peek-deck`` is another bound: the planner values a draw by the card
on top of the deck (``Bounds.peek_deck``), so it knows its next draw.  With ``--improver``,
``--read-hands`` plays the improver's rollouts on the true state (the real hands and the real
deck order, so it sees every future draw as greedy play would meet it): a clairvoyant bound on
the improver.
``--known-hands`` (with ``--improver``) is a half-way bound: the improver's samples hold the
other seats' real hands but re-shuffle the deck cards its seat has not seen, so it measures
what reading the opponents' hands (a perfect belief over them) would be worth on its own.
``--progress`` prints every game as it ends (in order), so a stopped run keeps its tally.
``--improver`` seats the improver bot (``hellas.games.realms.improver``) in the planner's place,
with its defaults or the settings given (``samples``, ``top``, ``margin_weight``, ``z``,
``base=greedy|planner``), e.g. ``--improver z=1,base=planner``.
"""

from __future__ import annotations

import argparse
import ast
import inspect
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext

from hellas.core.game import Bot, Choice, Decision
from hellas.core.rng import Rng
from hellas.games.realms import planner
from hellas.games.realms.bots import GreedyBot
from hellas.games.realms.game import GAME
from hellas.games.realms.improver import ImproverBot
from hellas.games.realms.state import RealmsState
from hellas.sim.stats import wilson


class TrueStatePlanner:
    """The planner on the TRUE state (reading hands or the deck top, as bounded): a bound only."""

    name = "planner-on-the-true-state"

    def __init__(self, bounds: planner.Bounds) -> None:
        self.bounds = bounds

    def choose(self, decision: Decision[RealmsState], rng: Rng) -> Choice:
        """Return the planner's choice with the real state in hand."""
        if len(decision.choices) == 1:
            return decision.choices[0]
        picked = planner.planner_choice(decision.true_state().copy(), rng, self.bounds)
        return next(c for c in decision.choices if c.key == picked.key)


class _TrueDecision(Decision[RealmsState]):
    """A decision whose samples are the true state: the clairvoyant improver's bound only."""

    def sample(self, rng: Rng) -> RealmsState:
        """Return a copy of the real state (hands and deck order) instead of a determinization."""
        return self.true_state().copy()


class _HandsDecision(Decision[RealmsState]):
    """A decision whose samples hold the real hands, the unseen deck re-shuffled: a bound only."""

    def sample(self, rng: Rng) -> RealmsState:
        """Return a copy of the real state with the seat's unseen deck cards shuffled."""
        t = self.true_state().copy()
        bit = 1 << self.seat
        hidden = [i for i, seen in enumerate(t.deck_seen) if not seen & bit]
        cards = sorted(t.deck[i] for i in hidden)
        rng.shuffle(cards)
        for i, card in zip(hidden, cards, strict=True):
            t.deck[i] = card
        t.rng = Rng(rng.next64())  # the rules' own future randomness is unknown too
        t.cache = None
        return t


IMPROVER_SETTINGS = tuple(  # samples, top, ... (the bounds come from --read-hands)
    name for name in inspect.signature(ImproverBot).parameters if name != "bounds"
)


def play(
    players: int, seed: int, seat: int, settings: dict[str, object]
) -> tuple[float, float, bool]:
    """Play one deal with the planner in ``seat``.

    Returns its win share, its score margin and whether it made the game's last discard.
    """
    settings = dict(settings)
    improver = settings.pop("improver", None)
    known_hands = bool(settings.pop("known_hands", False))
    bounds = planner.Bounds(
        read_hands=bool(settings.pop("read_hands", False)),
        peek_deck=bool(settings.pop("peek_deck", False)),
    )
    saved = {name: getattr(planner, name) for name in settings}
    for name, value in settings.items():
        setattr(planner, name, value)
    try:
        s = GAME.new({"players": players}, seed)
        rng = Rng(seed * 7 + seat)
        bots: list[Bot] = [GreedyBot() for _ in range(players)]
        bound = bounds != planner.HONEST
        bots[seat] = TrueStatePlanner(bounds) if bound else planner.PlannerBot()
        sampled: type[Decision[RealmsState]] = Decision  # how the measured seat's samples deal
        if isinstance(improver, dict):
            bots[seat] = ImproverBot(**improver, bounds=bounds)
            if bounds.read_hands:
                sampled = _TrueDecision
            elif known_hands:
                sampled = _HandsDecision
        last = -1
        while (to_act := GAME.to_act(s)) is not None:
            kind = sampled if to_act == seat else Decision
            choice = bots[to_act].choose(kind(GAME, s, to_act), rng)
            if any(e.kind == "end" for e in GAME.apply(s, choice)):  # the rules end the game
                last = to_act
    finally:
        for name, value in saved.items():
            setattr(planner, name, value)
    out = GAME.outcome(s)
    assert out is not None
    share = (1.0 / len(out.winners)) if seat in out.winners else 0.0
    others = max(x for q, x in enumerate(out.scores) if q != seat)
    return share, out.scores[seat] - others, last == seat


def _job(args: tuple[int, int, int, dict[str, object]]) -> tuple[float, float, bool]:
    return play(*args)


def main(argv: list[str]) -> int:
    """Run the evaluation from the command line."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--first", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--set", action="append", default=[])
    ap.add_argument("--read-hands", action="store_true", help="an upper-bound experiment")
    ap.add_argument("--peek-deck", action="store_true", help="an upper-bound experiment")
    ap.add_argument("--improver", nargs="?", const="", help="seat the improver bot (settings)")
    ap.add_argument("--known-hands", action="store_true", help="with --improver: a bound")
    ap.add_argument("--progress", action="store_true", help="print each game as it ends")
    a = ap.parse_args(argv)
    if a.known_hands and (a.improver is None or a.read_hands):
        ap.error("--known-hands needs --improver and goes without --read-hands")
    settings: dict[str, object] = {"read_hands": True} if a.read_hands else {}
    if a.peek_deck:
        settings["peek_deck"] = True
    for item in a.set:
        name, _, value = item.partition("=")
        settings[name] = ast.literal_eval(value)
    spec: dict[str, object] = {}
    if a.improver is not None:
        for item in filter(None, a.improver.split(",")):
            name, _, value = item.partition("=")
            if name not in IMPROVER_SETTINGS:
                ap.error(f"--improver knows {', '.join(IMPROVER_SETTINGS)}, not {name!r}")
            spec[name] = value if name == "base" else ast.literal_eval(value)
        try:
            ImproverBot(**spec)  # type: ignore[arg-type]
        except (TypeError, ValueError) as error:
            ap.error(f"--improver: {error}")
        settings["improver"] = spec
    if a.known_hands:
        settings["known_hands"] = True
    n = a.players
    if n == 2:
        games = [(n, a.first + d, seat, settings) for d in range(a.deals) for seat in (0, 1)]
    else:
        games = [(n, a.first + d, d % n, settings) for d in range(a.deals)]
    start = time.time()
    results = []
    with ProcessPoolExecutor(a.jobs) if a.jobs > 1 else nullcontext() as pool:
        played = pool.map(_job, games, chunksize=4) if pool else map(_job, games)
        for (_, seed, seat, _), result in zip(games, played, strict=True):
            results.append(result)
            if a.progress:  # a partial tally survives a run that is stopped early
                print(
                    f"  game {len(results)}: seed {seed} seat {seat} share {result[0]:g}"
                    f" margin {result[1]:+g}",
                    flush=True,
                )
    wins = sum(r[0] for r in results)
    margin = sum(r[1] for r in results) / len(results)
    spread = math.sqrt(sum((r[1] - margin) ** 2 for r in results) / (len(results) - 1))
    half = 1.96 * spread / math.sqrt(len(results))
    rate, low, high = wilson(wins, len(results))
    flags = (
        ("--read-hands", a.read_hands),
        ("--peek-deck", a.peek_deck),
        ("--known-hands", a.known_hands),
    )
    bounds = [f for f, on in flags if on]
    if a.improver is not None:
        given = ",".join(f"{k}={v}" for k, v in spec.items()) or "defaults"
        bounds.append(f"--improver {given}")
    label = " ".join([*a.set, *bounds]) or "defaults"
    who = "planner" if a.improver is None else "improver"
    print(
        f"{n}p {who} vs greedy [{label}] seeds {a.first}+{a.deals}: {wins:g}/{len(results)} ="
        f" {100 * rate:.1f}% [{100 * low:.1f}, {100 * high:.1f}] (fair {100 / n:.1f}%),"
        f" mean margin {margin:+.1f} ± {half:.1f}, {time.time() - start:.0f}s"
    )
    ended = [r[0] for r in results if r[2]]
    others = [r[0] for r in results if not r[2]]
    print(
        f"  the {who} made the last discard in {len(ended)} games and won {sum(ended):g}"
        f" ({_pct(ended)}); greedy did in {len(others)}, the {who} won {sum(others):g}"
        f" ({_pct(others)})"
    )
    return 0


def _pct(shares: list[float]) -> str:
    return f"{100 * sum(shares) / len(shares):.1f}%" if shares else "-"


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
