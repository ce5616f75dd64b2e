"""The solver finds the provably best endgame: it equals the maximum over every decision path."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hellas.games.realms.content import HERO, deck
from hellas.games.realms.endgame import Endgame, brute_force, solve
from hellas.games.realms.scoring import Table

ALL = list(deck().cards)
BASE = [c for c in ALL if not c.optional]
# cards that create endgame decisions, so random hands exercise the search
DECIDING = [
    c
    for c in BASE
    if c.omega
    or c.clear_bonus
    or c.clear_penalty
    or c.add_tag
    or c.saves_hero
    or c.lethe
    or c.suit == HERO
]


@st.composite
def hands(draw: st.DrawFn) -> tuple[list[int], list[int]]:
    pool = draw(st.sampled_from([BASE, DECIDING]))
    size = 7 + draw(st.integers(0, 3))
    picked = draw(
        st.lists(st.sampled_from(range(len(pool))), min_size=size, max_size=size, unique=True)
    )
    return picked[:7], picked[7:], pool  # type: ignore[return-value]


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands())
def test_solver_equals_the_best_of_every_decision_path(case: tuple[list[int], ...]) -> None:
    hand_i, after_i, pool = case
    table = Table([pool[i] for i in hand_i], [pool[i] for i in after_i])  # type: ignore[index]
    solution = solve(table)
    scores = [score for score, _ in brute_force(table)]
    assert all(solution.score >= s for s in scores)
    assert solution.score == max(scores)


def test_solution_choices_replay_to_its_score() -> None:
    table = Table(
        [
            deck().by_id(i)
            for i in ("medusa", "sirens", "chiron", "theseus", "jason", "helm-of-hades", "hades")
        ],
        [],
    )
    solution = solve(table)
    eg = Endgame(table)
    for key in solution.choices:
        eg.choose(next(o for o in eg.options() if o.key(table) == key))
    assert eg.done()
    from hellas.games.realms.scoring import score  # noqa: PLC0415

    assert score(table, eg.outcome()) == solution.score


def test_forced_choices_are_checked() -> None:
    table = Table(
        [deck().by_id(i) for i in ("moly", "cerberus", "apollo", "zeus", "hera", "ares", "athena")],
        [],
    )
    try:
        solve(table, ["clear:moly=zeus"])
    except ValueError as exc:
        assert "clear:moly=cerberus" in str(exc)
    else:  # pragma: no cover
        raise AssertionError("an impossible forced choice was accepted")
