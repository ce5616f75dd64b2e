"""A one-step lookahead (rollout) bot: every move tried on the same determinizations.

For a decision worth searching, the bot draws ``samples`` determinizations of its seat's
information, plays every legal move on each of them, continues with the game's rollout policy
to the end (or, with ``full=False``, for the game's ``rollout_depth`` steps and its
``evaluate``; or, with ``horizon="round"``, until the game's ``round_done`` after another
seat has acted, then ``evaluate``), and plays the best move it can tell apart from
noise.  Each determinization is used with the same future random numbers for every move
(common random numbers), so two moves are compared on identical deals: their difference is
measured far more precisely than separate samples would allow.  It is a policy-improvement
step over the rollout policy (a "rollout algorithm") when the samples follow the true belief;
docs/benchmarks.md shows where that fails.

Told a time budget (``seconds``, as a server's worker does), the bot watches the clock: the
samples are the outer loop and the moves the inner one, so when the time is up every move has
been played on the same completed samples, and it compares on those: a sample it would not
finish in time (judged by the ones before) is not begun, and one the time ran out in is
dropped.  With fewer than two (a slow game on a busy machine) it has nothing to tell apart from
noise and plays the rollout policy's move.

A close decision can be given more samples (``most``, off by default): when, after the first
``samples``, no move is clear of the policy's but some move leads it by ``margin`` and ``look``
standard errors (promising, not proven), the bot plays further batches of ``samples`` deals for
the policy's move and the promising ones only, until one is clear at ``z``, none is promising
any more, ``most`` samples are reached or the time is up.  The moves left behind were compared
on the first batch; the decision is then taken among the promising moves on every sample.

The clairvoyant variants read the true state: labelled upper bounds only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hellas.core import clock
from hellas.core.capabilities import SearchHints, capability
from hellas.core.game import BotCost, Choice, Decision
from hellas.core.rng import Rng
from hellas.core.stats import clear_gain, paired_gain


class LookaheadBot:
    """Honest lookahead: moves compared on the same samples of its own seat's information."""

    name = "lookahead"
    clairvoyant = False

    def __init__(
        self,
        samples: int = 24,
        full: bool = True,
        margin: float = 0.02,
        z: float = 2.0,
        horizon: str | None = None,
        seconds: float | None = None,
        most: int | None = None,
        look: float = 1.0,
    ) -> None:
        if samples < 1:
            raise ValueError("lookahead needs at least 1 sample per decision")
        if horizon not in (None, "round"):
            raise ValueError(f"horizon must be None or 'round', got {horizon!r}")
        self.samples = samples
        self.full = full  # roll out to the end instead of the game's truncated depth
        # "round": stop a rollout when the bot is about to search again after the others moved
        self.horizon = horizon
        self.margin = margin  # the smallest mean gain over the policy's move worth acting on
        self.z = z  # and how many standard errors it must stand clear of noise
        self.seconds = seconds  # optional time budget per decision (stops early)
        self.most = most  # the most samples a close decision gets (None: ``samples`` always)
        self.look = look  # standard errors a promising move leads by to earn more samples
        self.last_iterations = 0  # rollouts played by the latest ``choose`` (0: no search)
        self.last_samples = 0  # samples the policy's move was played on by the latest search
        self._began = 0.0  # when the latest search began (its budget counts from there)

    def cost(self) -> BotCost:
        """Return the declared work of one decision: every legal move on every sample."""
        return BotCost(samples=self.samples, search=True, reads_hidden=self.clairvoyant)

    def _pool(self, decision: Decision[Any], rng: Rng, until: float | None = None) -> list[Any]:
        """Return the samples, drawn in order; past ``until`` (a clock time) no more than one."""
        pool = []
        for _ in range(self.samples):
            pool.append(decision.sample(rng))
            if until is not None and clock.now() > until:
                break
        return pool

    def values(self, decision: Decision[Any], rng: Rng) -> dict[str, float]:
        """Return each legal move's mean value for the deciding seat over the samples."""
        return {k: sum(v) / len(v) for k, v in self.outcomes(decision, rng).items() if v}

    def outcomes(self, decision: Decision[Any], rng: Rng) -> dict[str, list[float]]:
        """Return each legal move's value on every sample (the same samples for every move).

        With ``seconds`` set, only the samples every move was played on before the time ran out
        (maybe none): drawing them stops at half the budget, playing them at the budget.
        """
        game = decision.game
        hints = capability(game, SearchHints)  # what the game offers search (core/capabilities)
        if hints.rollout_policy() is None:
            raise ValueError(f"{game.meta.id} has no rollout policy for lookahead")
        start = self._began = clock.now()
        deadline = None if self.seconds is None else start + max(0.0, self.seconds)
        out: dict[str, list[float]] = {move.key: [] for move in decision.choices}
        done = self._batch(decision, rng, decision.choices, out, start, deadline)
        self.last_iterations = done * len(out)
        self.last_samples = done
        return out

    def _batch(
        self,
        decision: Decision[Any],
        rng: Rng,
        moves: Sequence[Choice],
        out: dict[str, list[float]],
        start: float,
        deadline: float | None,
    ) -> int:
        """Play ``moves`` on up to ``samples`` new samples into ``out``; return how many."""
        half = None if deadline is None else start + (deadline - start) / 2
        pool = self._pool(decision, rng, half)
        seeds = [rng.next64() for _ in pool]
        done = 0
        began = clock.now()
        for base, seed in zip(pool, seeds, strict=True):
            if done and deadline is not None:
                now = clock.now()
                if now + (now - began) / done > deadline:
                    break  # the next sample would not be done in time
            values = self._sample(decision, base, seed, deadline, moves)
            if values is None:
                break  # the time ran out inside this sample: it is dropped for every move
            for key, value in values.items():
                out[key].append(value)
            done += 1
        return done

    def _confirm(
        self, decision: Decision[Any], rng: Rng, out: dict[str, list[float]], favourite: str
    ) -> dict[str, list[float]]:
        """Return the policy's move and the promising ones, given more samples while undecided."""
        most = self.most or 0
        deadline = None if self.seconds is None else self._began + max(0.0, self.seconds)
        while True:
            # ``look`` standard errors clear of the policy's move (``clear_gain`` at a lower bar)
            lead = {
                k: v for k, v in out.items() if k == favourite or _leads(v, out[favourite], self)
            }
            if len(lead) == 1 or clear_gain(lead, favourite, self.margin, self.z) is not None:
                return lead
            have = len(out[favourite])
            if have >= most or (deadline is not None and clock.now() > deadline):
                return lead
            moves = [c for c in decision.choices if c.key in lead]
            more: dict[str, list[float]] = {k: [] for k in lead}
            done = self._batch(decision, rng, moves, more, clock.now(), deadline)
            if not done:
                return lead
            out = {k: out[k] + more[k] for k in lead}
            self.last_iterations += done * len(lead)
            self.last_samples += done

    def _sample(
        self,
        decision: Decision[Any],
        base: Any,
        seed: int,
        cut: float | None,
        moves: Sequence[Choice] | None = None,
    ) -> dict[str, float] | None:
        """Return every move's value on one sample, or None once the clock passes ``cut``.

        At least one move is always played out (a budget is never cut shorter than one rollout).
        """
        game = decision.game
        hints = capability(game, SearchHints)
        policy = hints.rollout_policy()
        assert policy is not None  # checked by ``outcomes``
        apply = game._apply  # the fast path: moves come from the legal lists
        to_act = game.to_act
        seat = decision.seat
        values: dict[str, float] = {}
        for move in decision.choices if moves is None else moves:
            if cut is not None and values and clock.now() > cut:
                return None
            s = base.copy()
            if hasattr(s, "rng"):
                s.rng = Rng(seed)
            step_rng = Rng(seed ^ 0x5EED)
            apply(s, _same(game.choices(s), move), False)
            if self.horizon == "round":
                self._play_round(game, s, seat, policy, step_rng)
            else:
                depth = None if self.full else hints.rollout_depth(s)
                while depth != 0 and to_act(s) is not None:
                    apply(s, policy(s, step_rng), False)
                    if depth is not None:
                        depth -= 1
            if to_act(s) is None:
                values[move.key] = hints.rollout_value(s, seat)
            else:
                values[move.key] = hints.evaluate(s, seat)
        return values

    @staticmethod
    def _play_round(game: Any, s: Any, seat: int, policy: Any, rng: Rng) -> None:
        """Play ``policy`` for every seat until the game says ``seat``'s round is done.

        Only after another seat has acted (``Game.round_done``, by default ``seat``'s next
        searched decision), so the bot's own follow-up steps of the same turn are played by the
        policy and the others answer before the position is valued.
        """
        apply, to_act = game._apply, game.to_act
        done = capability(game, SearchHints).round_done
        others = False
        while (q := to_act(s)) is not None:
            if q != seat:
                others = True
            elif others and done(s, seat):
                return
            apply(s, policy(s, rng), False)

    def choose(self, decision: Decision[Any], rng: Rng) -> Choice:
        """Return the policy's move unless another is clearly better on the same samples.

        "Clearly": the best move's mean paired gain over the policy's move is at least
        ``margin`` and ``z`` standard errors (a few samples of win/loss are mostly noise, and
        chasing the noisiest maximum plays worse than the policy itself).
        """
        self.last_iterations = 0
        choices = decision.choices
        if len(choices) == 1:
            return choices[0]
        game = decision.game
        hints = capability(game, SearchHints)
        guide = hints.rollout_policy()
        if guide is None or not hints.worth_searching(decision.true_state()):
            return decision.follow(guide, rng) if guide is not None else choices[0]
        favourite = decision.follow(guide, rng).key
        outcomes = self.outcomes(decision, rng)
        if self.last_samples < min(2, self.samples):  # cut short: no spread to judge
            return next(c for c in choices if c.key == favourite)
        if self.most is not None and self.most > self.samples:
            outcomes = self._confirm(decision, rng, outcomes, favourite)
        best = clear_gain(outcomes, favourite, self.margin, self.z)
        key = favourite if best is None else best
        picked: Choice = next(c for c in choices if c.key == key)
        return picked


def _leads(values: Sequence[float], base: Sequence[float], bot: LookaheadBot) -> bool:
    """Return whether a move's paired gain is ``margin`` and ``look`` standard errors clear."""
    gain, error = paired_gain(values, base)
    return gain >= bot.margin and gain >= bot.look * error


def _same(legal: Sequence[Choice], move: Choice) -> Choice:
    """Return ``move`` from this sample's legal list (it is legal: the view fixes the choices)."""
    for c in legal:
        if c is move or c.key == move.key:
            return c
    raise AssertionError(f"{move.key} is not legal in a determinization")  # pragma: no cover


class ClairvoyantLookaheadBot(LookaheadBot):
    """Reference lookahead on the TRUE state (reads hidden cards): an upper bound only."""

    name = "clairvoyant-lookahead"
    clairvoyant = True

    def _pool(self, decision: Decision[Any], rng: Rng, until: float | None = None) -> list[Any]:
        return [decision.true_state()] * self.samples


class HandReaderLookaheadBot(LookaheadBot):
    """Reference lookahead that reads other hands but not the deck (see ``HandReaderBot``)."""

    name = "clairvoyant-hands-lookahead"
    clairvoyant = True

    def _pool(self, decision: Decision[Any], rng: Rng, until: float | None = None) -> list[Any]:
        state = decision.true_state()
        sample = decision.game.determinize
        pool = []
        for _ in range(self.samples):
            pool.append(sample(state, decision.seat, rng, reveal_hands=True))  # type: ignore[call-arg]
            if until is not None and clock.now() > until:
                break
        return pool
