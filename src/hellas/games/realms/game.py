"""The Fantasy Realms: Greek Legends game object: metadata, options and the contract."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from hellas.core.capabilities import Coverage, Narration, Presentation, SearchHints
from hellas.core.game import (
    BotFactory,
    BotLevel,
    Choice,
    Event,
    Game,
    GameMeta,
    Outcome,
    View,
    WebModules,
    check_seat,
)
from hellas.core.options import OptionSchema, OptionSpec
from hellas.core.rng import Rng
from hellas.games.realms import rules
from hellas.games.realms.choices import TABLE
from hellas.games.realms.offers import RealmsCoverage, RealmsNarration, RealmsSearch
from hellas.games.realms.present import RealmsPresentation
from hellas.games.realms.state import P_DISCARD, P_DRAW, P_OVER, RealmsState
from hellas.games.realms.view import determinize, view

VERSION = "1.0"
CLIMB_SHARE = 4  # ``hellas bench realms`` hill-climbs for the worst hand this many times longer
WINNING_SCORE = 120  # roughly what wins a game between greedy players (docs/benchmarks.md)

OPTIONS = OptionSchema(
    (
        OptionSpec("players", "int", 3, "number of players (2-6)", minimum=2, maximum=6),
        OptionSpec(
            "endgame",
            "str",
            "auto",
            "auto: the solver makes every endgame choice; manual: each player makes them",
            choices=("auto", "manual"),
        ),
        OptionSpec("promo", "bool", False, "shuffle in the promo card Dionysus"),
        OptionSpec("sappho", "bool", False, "shuffle in Sappho (a provisional stand-in card)"),
    )
)

META = GameMeta(
    id="realms",
    title="Fantasy Realms: Greek Legends",
    version=VERSION,
    min_seats=2,
    max_seats=6,
    options=OPTIONS,
    rulebook="fantasy-realms-greek-legends.txt",
    summary="Hand building: keep the best seven cards; the Afterlife and a rich endgame.",
    rated=True,
    report_layout=("players",),
    progress_metric=None,
    encoder="hellas.rl.encoders.realms:RealmsEncoder",
    observation_version=1,  # 1: the solver's exact score left the default observation
    max_decisions=2_000,
    # the hot modules the optional compiled build compiles (mypyc; core/compiled.py)
    compiled=(
        "hellas.games.realms.bound",
        "hellas.games.realms.choices",
        "hellas.games.realms.endgame",
        "hellas.games.realms.facts",
        "hellas.games.realms.gains",
        "hellas.games.realms.lookup",
        "hellas.games.realms.omegas",
        "hellas.games.realms.planner",
        "hellas.games.realms.rules",
        "hellas.games.realms.scoring",
        "hellas.games.realms.solver",
        "hellas.games.realms.state",
        "hellas.games.realms.view",
        "hellas.rl.encoders.realms",
    ),
    web=WebModules.standard(),  # in games/realms/web/
)


class RealmsGame(Game[RealmsState]):
    """Fantasy Realms: Greek Legends on the Hellas contract."""

    meta = META
    state_class = RealmsState
    table = TABLE

    def new(self, options: Mapping[str, Any], seed: int) -> RealmsState:
        """Return a freshly dealt game."""
        return rules.new_state(self.meta.validate(options), seed)

    def to_act(self, s: RealmsState) -> int | None:
        """Return the seat to act, or ``None`` when the game is over."""
        return None if s.phase == P_OVER else s.actor

    def choices(self, s: RealmsState) -> Sequence[Choice]:
        """Return the legal choices."""
        return rules.legal(s)

    def _apply(self, s: RealmsState, choice: Choice, log: bool) -> list[Event]:
        events: list[Event] | None = [] if log else None
        rules.play(s, choice, events)
        return events or []

    def view(self, s: RealmsState, seat: int | None) -> View:
        """Return what ``seat`` may know."""
        check_seat(seat, s.n)
        return view(s, seat)

    def hand_words(self, s: RealmsState, seat: int) -> list[str]:
        """Return the names of the cards in ``seat``'s hand."""
        cs = rules.cards()
        return [cs[i].name for i in s.hands[seat]]

    def outcome(self, s: RealmsState) -> Outcome | None:
        """Return final scores and winners (ties: lowest total base value, then shared)."""
        if s.phase != P_OVER or s.result is None:
            return None
        r = s.result
        scores = tuple(float(x) for x in r["scores"])
        winners = tuple(r["winners"])
        names = ", ".join(f"Player {w + 1}" for w in winners)
        return Outcome(
            scores,
            winners,
            f"{names} win{'s' if len(winners) == 1 else ''} with {max(r['scores'])} points.",
            {
                "best_score": max(r["scores"]),
                "turns": s.turn,
                "discards": len(s.discard),
                "deck_left": len(s.deck),
                "afterlife_cards": sum(len(a) for a in s.afterlife),
            },
        )

    def determinize(self, s: RealmsState, seat: int, rng: Rng) -> RealmsState:
        """Return a copy with everything ``seat`` cannot know re-dealt."""
        return determinize(s, seat, rng)

    def bot_levels(self) -> Sequence[BotLevel]:
        """Return the bot levels people pick (``levels.py``)."""
        from hellas.games.realms.levels import LEVELS  # noqa: PLC0415

        return LEVELS

    def bots(self) -> Mapping[str, BotFactory]:
        """Return the greedy bot (also the default ``bot``), the planner, improver and learned."""
        from hellas.games.realms.bots import GreedyBot  # noqa: PLC0415
        from hellas.games.realms.improver import ImproverBot  # noqa: PLC0415
        from hellas.games.realms.learned import LearnedBot  # noqa: PLC0415
        from hellas.games.realms.planner import PlannerBot  # noqa: PLC0415

        return {
            "greedy": GreedyBot,
            "planner": PlannerBot,
            "improver": ImproverBot,
            "learned": LearnedBot,
            "bot": GreedyBot,
            "heuristic": GreedyBot,
        }

    def rollout_policy(self) -> Callable[[RealmsState, Rng], Choice]:
        """Return the fast rollout policy for ISMCTS."""
        from hellas.games.realms.bots import rollout  # noqa: PLC0415

        return rollout

    def worth_searching(self, s: RealmsState) -> bool:
        """Search the draw and discard decisions; follow the policy for the rest."""
        return s.phase in (P_DRAW, P_DISCARD)

    def rollout_value(self, s: RealmsState, seat: int) -> float:
        """Return 1 for a sole win, 1/k for a k-way shared win, else 0."""
        if s.result is None:
            return 0.0
        winners = s.result["winners"]
        return 1.0 / len(winners) if seat in winners else 0.0

    def rollout_depth(self, s: RealmsState) -> int | None:
        """Evaluate a position as soon as the search reaches it (no random playout)."""
        return 0

    def evaluate(self, s: RealmsState, seat: int) -> float:
        """Return a win chance estimated from this seat's own best score so far.

        Other hands are sampled, so their values only add noise to a search; a seat's own
        hand value (against a typical winning score) ranks its moves far more reliably.
        """
        return 1.0 / (1.0 + math.exp(-(_hand_value(s, seat) - WINNING_SCORE) / 15.0))

    def capabilities(self) -> Mapping[type, Any]:
        """Return the presentation (exact score explanations), hints, narration and coverage."""
        return {
            Presentation: RealmsPresentation(self),
            SearchHints: RealmsSearch(self),
            Narration: RealmsNarration(self),
            Coverage: RealmsCoverage(self),
        }

    def seat_name(self, view: View, seat: int) -> str:
        """Return ``Player n``, the name every Realms screen and event uses."""
        return f"Player {seat + 1}"

    def renderer(self) -> Callable[[View], Any]:
        """Return the terminal renderer."""
        from hellas.games.realms.render import render  # noqa: PLC0415

        return render

    def benchmarks(self, seconds: float) -> dict[str, Any]:
        """Return the exact solver's speed on random end-of-game hands and on the worst found."""
        from hellas.games.realms.bench import climb, scorings  # noqa: PLC0415

        worst = climb(seconds * CLIMB_SHARE)
        return {
            **{f"solver_{k}": v for k, v in scorings(seconds).items()},
            "solver_worst_found_ms": worst["solve_ms"],
            "solver_worst_found_score_only_ms": worst["value_ms"],
            "solver_worst_found": worst["cards"],
        }

    def conformance_options(self) -> list[dict[str, Any]]:
        """Return 2-6 players with automatic and manual endgames and the extra cards."""
        out: list[dict[str, Any]] = []
        for p in range(2, 7):
            out.append({"players": p})
            out.append({"players": p, "endgame": "manual", "promo": True, "sappho": p % 2 == 0})
        return out

    def check_invariants(self, s: RealmsState) -> None:
        """Every card is in exactly one place; knowledge is true; hands have 7 or 8 cards."""
        places = [
            *s.deck,
            *s.discard,
            *s.look,
            *(c for h in s.hands for c in h),
            *(c for a in s.afterlife for c in a),
        ]
        if sorted(places) != sorted(s.pool):
            raise AssertionError("cards are not all accounted for")
        if len(s.deck_seen) != len(s.deck):
            raise AssertionError("deck knowledge out of step")
        for obs in range(s.n + 1):
            for owner in range(s.n):
                if not set(s.known[obs][owner]) <= set(s.hands[owner]):
                    raise AssertionError(f"observer {obs} wrongly knows seat {owner}'s cards")


def _hand_value(s: RealmsState, seat: int) -> int:
    """Return the solver's score of a seat's cards now (its best seven if it holds more)."""
    from hellas.games.realms.bots import best_seven  # noqa: PLC0415

    return best_seven(s.hands[seat], s.afterlife[seat])


GAME = RealmsGame()
