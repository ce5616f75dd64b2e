"""The solver finds the provably best endgame: it equals the maximum over every decision path.

Three references: ``brute_force`` (every decision path, no shortcut) on small random hands; the
plain depth-first search the solver was before it had bounds (``plain_solve`` below: every
ADD offered, a transposition table, nothing cut), which must give the same score and the same
decisions on many random hands, and on the slowest hands a search over hands found; and the
bound itself, which must never fall below the best score reachable from a position.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hellas.games.realms.bench import random_hands
from hellas.games.realms.bound import limits, upper_bound
from hellas.games.realms.content import HERO, Card, deck
from hellas.games.realms.endgame import Endgame
from hellas.games.realms.scoring import Table, score
from hellas.games.realms.solver import Search, best_score, sacrifices, solve
from tests.realms.helpers import brute_force_best, decides, path_positions, plain_solve

ALL = list(deck().cards)
BASE = [c for c in ALL if not c.optional]
# cards that create endgame decisions, so random hands exercise the search
DECIDING = [c for c in BASE if decides(c)]


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
    best = brute_force_best(table)
    assert solution.score == best
    assert best_score(table.cards[:7], table.cards[7:]) == best


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


def _mixed_hands(count: int, seed: int) -> list[Table]:
    """Return random hands: half from the base deck, half from cards that create decisions.

    The Afterlife takes any card here (the Sacrificial Altar can send any card there).
    """
    rng = random.Random(seed)
    pools = [BASE, [c for c in ALL if c in DECIDING or c.suit == HERO or c.promo or c.optional]]
    out = []
    for k in range(count):
        pool = pools[k % 2]
        picked = rng.sample(pool, 7 + rng.randrange(4))
        out.append(Table(picked[:7], picked[7:]))
    return out


def test_the_solver_equals_the_plain_search_on_many_random_hands() -> None:
    bench = [
        Table([BASE[i] for i in hand], [BASE[i] for i in after])
        for hand, after in random_hands(1000, seed=36)
    ]
    for table in bench + _mixed_hands(500, seed=36):
        plain = plain_solve(table)
        solution = solve(table)
        assert (solution.score, solution.choices) == plain, [c.id for c in table.cards]


# The slowest hands hill-climbing over hands found for the solver as it grew (hand | Afterlife).
SLOW = [
    "heracles minotaur athena homer scylla-and-charybdis perseus chiron"
    " | pomegranate oracle-at-delphi persephones-garden",
    "hippolyta chiron penelope medusa heracles hermes athena"
    " | pomegranate lernaean-hydra winged-sandals",
    "calydonian-boar dionysus visit-to-the-underworld athena circe hector heracles"
    " | pomegranate moly winged-sandals",
    "medusa andromeda perseus demeter medea heracles dionysus | athena palace chiron",
    "athena circe heracles lost-knowledge perseus achilles tiresias"
    " | odysseus chiron winged-sandals",
    "helen hector athena heracles medea winged-sandals chiron"
    " | eleusinian-mysteries glimpse-of-divinity pegasus",
    "winged-sandals heracles arachne homer chiron athena hector"
    " | lost-knowledge sirens eleusinian-mysteries",
    "perseus andromeda chiron tiresias minotaur penelope heracles"
    " | sirens scylla-and-charybdis antaeus",
    "heracles lernaean-hydra theseus orpheus chiron agamemnon winged-sandals | athena palace circe",
    "homer lost-knowledge medusa andromeda orpheus winged-sandals athena | dionysus argo chiron",
    "sirens tiresias andromeda scylla-and-charybdis arachne dionysus atalanta"
    " | winged-sandals chiron antaeus",
    "heracles atalanta helen sacrificial-altar sirens achilles homer"
    " | scylla-and-charybdis chiron calydonian-boar",
    "hippolyta helen sirens theseus tiresias andromeda orpheus | apotheosis chiron dionysus",
    "sirens helen chiron heracles lernaean-hydra athena achilles"
    " | minotaur scylla-and-charybdis charmed-bridle",
    "jason minotaur circe athena heracles pegasus chiron | trojan-war winged-sandals hermes",
    "homer sirens helen hector heracles dionysus orpheus"
    " | eleusinian-mysteries chiron winged-sandals",
    "dionysus chiron athena hector pegasus helen heracles | sirens moly lost-knowledge",
    "athena chiron andromeda achilles moly heracles sirens | hades cerberus pegasus",
    "athena andromeda antaeus sirens pegasus heracles helen | chiron cerberus charmed-bridle",
    "hermes helen pegasus sirens chiron atalanta heracles | athena dionysus moly",
    "orpheus helen pegasus sirens chiron sappho heracles | athena dionysus moly",
    "orpheus helen pegasus sirens chiron hector heracles | athena dionysus moly",
    "athena chiron andromeda hippolyta moly heracles sirens | hades cerberus pegasus",
    "homer sirens helen hector heracles dionysus orpheus"
    " | eleusinian-mysteries chiron golden-apple",
    "orpheus lost-knowledge pegasus sirens chiron hector heracles | athena dionysus moly",
    "tiresias chiron helen heracles perseus sappho orpheus | minotaur scylla-and-charybdis medusa",
]


def _table(text: str) -> Table:
    hand, _, after = text.partition("|")
    d = deck()
    return Table([d.by_id(i) for i in hand.split()], [d.by_id(i) for i in after.split()])


@pytest.mark.parametrize("text", SLOW)
def test_the_slowest_hands_found_are_solved_exactly(text: str) -> None:
    table = _table(text)
    solution = solve(table)
    assert (solution.score, solution.choices) == plain_solve(table)
    assert best_score(table.cards[:7], table.cards[7:]) == solution.score


def test_the_bound_is_never_below_the_best_score_reachable() -> None:
    rng = random.Random(7)
    for table in _mixed_hands(300, seed=7) + [_table(t) for t in SLOW]:
        sacrifice = sacrifices(table)
        for eg in path_positions(table, rng, end=True):
            high = upper_bound(table, limits(eg, sacrifice))
            if eg.done():
                assert high == score(table, eg.outcome())
            else:
                assert high >= Search(table).value(eg), [c.id for c in table.cards]


def test_the_score_only_entry_ignores_the_order_of_the_cards() -> None:
    rng = random.Random(3)
    for table in _mixed_hands(60, seed=3):
        hand: list[Card] = list(table.cards[:7])
        after: list[Card] = list(table.cards[7:])
        first = best_score(hand, after)
        rng.shuffle(hand)
        rng.shuffle(after)
        assert best_score(hand, after) == first == solve(table).score
