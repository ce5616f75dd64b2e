"""The score-only entry's shortcuts give the search's answer on the hands games really hold.

``best_of`` scores a hand at once when no card makes a decision, scores every endgame one
by one when there are at most ``LEAVES``, and searches otherwise (an ADD with many options is
told so without listing them); ``facts.facts`` skips work for hands without Omega penalties.
Each is compared with the reference on every hand of random games (and on random mixed
hands), and the test checks that every shortcut was taken many times.
"""

from __future__ import annotations

import random

from hellas.core.rng import Rng
from hellas.games.realms import GAME
from hellas.games.realms.content import HERO, deck
from hellas.games.realms.endgame import STEP_ADD, Endgame, brute_force
from hellas.games.realms.rules import cards as card_list
from hellas.games.realms.scoring import Table
from hellas.games.realms.solver import (
    FEW,
    LEAVES,
    Search,
    _every_end,
    _many_adds,
    best_of,
    best_score,
)


def _game_hands(games: int, seed: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Return every (hand, Afterlife) the seats hold along random 3-player games."""
    found = set()
    rng = Rng(seed)
    for n in range(games):
        s = GAME.new({"players": 3}, seed + n)
        while GAME.to_act(s) is not None:
            for seat in range(3):
                found.add((tuple(s.hands[seat]), tuple(s.afterlife[seat])))
            legal = GAME.choices(s)
            GAME.apply(s, legal[rng.below(len(legal))].key)
    return sorted(found)


def _kind(table: Table) -> str:
    """Return which way ``best_of`` answers a table (worked out here the long way)."""
    if not any(c.clear_bonus or c.clear_penalty or c.add_tag or c.omega for c in table.cards):
        return "none"
    paths = brute_force(table)
    if len(paths) == 1:
        return "one path"
    if len(paths) <= LEAVES and not _has_many_adds(Endgame(table)):
        return "every end"
    return "search"


def _has_many_adds(eg: Endgame) -> bool:
    """Return whether some path from ``eg`` meets an ADD with more than ``FEW`` options."""
    options = eg.options()
    if eg.step == STEP_ADD and len(options) > FEW:
        return True
    for option in options:
        child = eg.copy()
        child.choose(option)
        if _has_many_adds(child):
            return True
    return False


def test_best_of_equals_the_search_on_the_hands_of_random_games() -> None:
    cs = card_list()
    kinds: dict[str, int] = {}
    for hand, after in _game_hands(40, seed=5):
        table = Table([cs[i] for i in hand], [cs[i] for i in after])
        kind = _kind(table)
        kinds[kind] = kinds.get(kind, 0) + 1
        expected = Search(table).value(Endgame(table))
        assert best_of(Table(table.cards[: len(hand)], table.cards[len(hand) :])) == expected
        walked = _every_end(table, Endgame(table), LEAVES)
        if kind == "search":  # the walk gives up: too many endgames, or an ADD with many options
            assert walked is None
        else:  # small trees: the best of every decision path, walked one by one
            assert walked == max(value for value, _ in brute_force(table)) == expected
    kinds_wanted = ("none", "one path", "every end", "search")
    assert min(kinds.get(k, 0) for k in kinds_wanted) >= 50, kinds


def test_best_score_equals_every_path_on_mixed_hands() -> None:
    rng = random.Random(11)
    base = [c for c in deck().cards if not c.optional]
    deciding = [c for c in base if c.omega or c.clear_bonus or c.clear_penalty or c.suit == HERO]
    for n in range(300):
        pool = (base, deciding)[n % 2]
        picked = rng.sample(pool, 7 + rng.randrange(4))
        table = Table(picked[:7], picked[7:])
        paths = brute_force(table)
        if len(paths) > 400:
            continue  # the search's own tests cover large endgames
        assert best_score(picked[:7], picked[7:]) == max(value for value, _ in paths)


def test_an_add_with_many_options_is_told_without_listing_them() -> None:
    rng = random.Random(13)
    adds = [c for c in deck().cards if c.add_tag]
    told = {True: 0, False: 0}
    for _ in range(400):
        picked = rng.sample(adds, 1) + rng.sample(deck().cards, 9)
        picked = list(dict.fromkeys(picked))[: 7 + rng.randrange(4)]
        table = Table(picked[:7], picked[7:])
        eg = Endgame(table)
        while (options := eg.options()) and eg.step < STEP_ADD:
            eg.choose(rng.choice(options))
        if eg.step == STEP_ADD:
            many = _many_adds(eg)
            assert many == (len(eg.options()) > FEW), [c.id for c in table.cards]
            told[many] += 1
        else:
            assert not _many_adds(eg)
    assert min(told.values()) >= 50, told
