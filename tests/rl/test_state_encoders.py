"""Observations written straight from the state equal the ones encoded from the seat's view.

The environments observe through ``Encoder.fill_state`` (no JSON view built); the view
encoder stays the reference.  Many random positions of every game and module set, every seat,
must give the same vector both ways (the no-leak checks in ``test_pettingzoo.py`` run on the
state path unchanged).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from hellas.core.rng import Rng
from hellas.rl.session import Session

CASES: list[tuple[str, dict[str, Any], int]] = [
    ("legends", {"players": 1, "mission": 7, "difficulty": "godlike"}, 8),
    ("legends", {"players": 2, "mission": 12}, 6),
    ("legends", {"players": 3, "mission": 1}, 6),
    ("legends", {"players": 4, "mission": 5, "difficulty": "human"}, 6),
    ("legends", {"players": 5, "mission": 9}, 4),
    ("realms", {"players": 2}, 6),
    ("realms", {"players": 3}, 6),
    ("realms", {"players": 4, "endgame": "manual", "promo": True, "sappho": True}, 6),
    ("realms", {"players": 6}, 3),
    ("lords", {"players": 2, "turn_limit": 40}, 2),
    ("lords", {"players": 3, "turn_limit": 60}, 2),
    ("lords", {"players": 4, "turn_limit": 60}, 2),
    ("lords", {"players": 4, "modules": "poseidon,orichalkum,chiron", "turn_limit": 50}, 2),
    ("lords", {"players": 3, "modules": "hades,hephaestus,opportunity", "turn_limit": 50}, 2),
    ("lords", {"players": 3, "modules": "heroes-monsters,hades-simple", "turn_limit": 40}, 1),
    ("lords", {"players": 5, "modules": "atlantis,poseidon", "turn_limit": 40}, 1),
]
IDS = [f"{g}-{'-'.join(f'{k}={v}' for k, v in o.items())}" for g, o, _ in CASES]


def compare_every_position(
    game_id: str, options: dict[str, Any], games: int, extras: tuple[str, ...] = ()
) -> int:
    """Play random games; at every position compare both ways for every seat; return count."""
    session = Session(game_id, options, extras=extras)
    game, encoder = session.game, session.encoder
    assert encoder.reads_state
    compared = 0
    for seed in range(games):
        session.reset(seed)
        rng = Rng(seed + 77)
        while True:
            state = session.state
            for seat in range(session.seats):
                expected = encoder.encode(game.view(state, seat))
                got = np.zeros(encoder.layout.size, dtype=np.float32)
                encoder.fill_state(got, state, seat)
                if not np.array_equal(expected, got):
                    where = np.flatnonzero(expected != got)[:8].tolist()
                    names = [
                        f.name
                        for f in encoder.layout.fields
                        if any(f.start <= w < f.stop for w in where)
                    ]
                    raise AssertionError(
                        f"{game_id} {options} seed={seed} seat={seat}: entries {where} "
                        f"({names}) differ: view {expected[where]} state {got[where]}"
                    )
                compared += 1
            if session.to_act() is None:
                break
            legal = session.legal()
            session.play(legal[rng.below(len(legal))])
    return compared


@pytest.mark.parametrize(("game_id", "options", "games"), CASES, ids=IDS)
def test_state_observations_equal_view_observations(
    game_id: str, options: dict[str, Any], games: int
) -> None:
    assert compare_every_position(game_id, options, games) > 100


# Lords keeps each state object's seat-independent blocks (``lords_state.Board``) and copies
# them back when the values they came from are unchanged: the tests below change those values
# in place, observe out of order, across copies and past the cache's bound.


def _lords(options: dict[str, Any]) -> tuple[Session, Any]:
    session = Session("lords", options)
    return session, session.encoder


def _same_as_view(session: Session, state: Any, seat: int, what: str) -> np.ndarray:
    """Observe ``state`` for ``seat`` from the state; assert it equals the view's vector."""
    encoder = session.encoder
    expected = encoder.encode(session.game.view(state, seat))
    got = np.zeros(encoder.layout.size, dtype=np.float32)
    encoder.fill_state(got, state, seat)
    if not np.array_equal(expected, got):
        where = np.flatnonzero(expected != got)[:8].tolist()
        names = [f.name for f in encoder.layout.fields if any(f.start <= w < f.stop for w in where)]
        raise AssertionError(f"{what}, seat {seat}: entries {where} ({names}) differ")
    return got


def _midgame(session: Session, seed: int, moves: int) -> Any:
    session.reset(seed)
    session.game.play_random(session.state, Rng(seed), moves)
    return session.state


def _in_place_changes(s: Any) -> list[tuple[str, Any]]:
    """Return changes made in place to every list the kept blocks are computed from."""
    n, c = s.n, s.content
    q = (s.current + 1) % n
    r = next(i for i, reg in enumerate(c.regions) if reg.city and s.monster_at.count(i) == 0)
    m = next(i for i, mo in enumerate(c.monsters) if mo.cards and mo.wounds)
    evolve = [x for x in range(len(c.monsters[m].cards)) if x not in s.evolutions[m]]
    wound = [x for x in range(len(c.monsters[m].wounds)) if x not in s.wounds[m]]
    quest = next(x for x in range(len(c.quests)) if x not in s.quest_slots)
    blessing = next(b for b in range(len(c.blessings)) if b not in s.blessings[q])
    other_hero = s.heroes[(q + 1) % n]  # two seats with one Hero: still a state to encode

    def hop() -> None:
        s.hop[r * n + q] += 2
        s.supply[q] -= 2

    def no_hoplites() -> None:
        for i in range(q, len(s.hop), n):
            s.hop[i] = 0

    def lst(values: list[Any], i: int, value: Any) -> Any:
        return lambda: values.__setitem__(i, value)

    return [
        ("a Hoplite count", hop),
        ("a Region's controller", lst(s.control, r, q if s.control[r] != q else -1)),
        ("a Fortified Hoplite", lst(s.fort, r, q if s.fort[r] != q else -1)),
        ("a Temple", lst(s.temples, r, 1 - s.temples[r])),
        ("a Monster's Region", lst(s.monster_at, m, r)),
        ("a Quest slot", lambda: s.quest_slots.append(quest)),
        ("a Hero", lst(s.heroes, q, other_hero)),
        ("a Hero's Region", lst(s.hero_at, q, r if s.hero_at[q] != r else -1)),
        ("an Attribute", lst(s.attrs, q * s.na, 1 + s.attrs[q * s.na] % 5)),
        ("an Injury", lst(s.injured, q, s.injured[q] ^ 1)),
        ("the supply", lst(s.supply, q, s.supply[q] - 1 if s.supply[q] > 0 else 1)),
        ("the Priests", lst(s.priests, q, s.priests[q] + 1)),
        ("a Blessing", lambda: s.blessings[q].append(blessing)),
        ("a Special Action used", lst(s.used, q, s.used[q] ^ 2)),
        ("a Glory token", lst(s.glory, 0, q if s.glory[0] != q else -1)),
        ("a Monster slain", lst(s.slain, m, q if s.slain[m] != q else -1)),
        (
            "an Evolution",
            (lambda: s.evolutions[m].append(evolve[0])) if evolve else s.evolutions[m].pop,
        ),
        ("a Wound", (lambda: s.wounds[m].append(wound[0])) if wound else s.wounds[m].pop),
        ("a Monument", lst(s.monument, 0, 1 + s.monument[0] % 5)),
        ("a Priest on a Monument", lambda: s.monument_priests[0].append(q)),
        ("an Artifact's owner", lst(s.artifact_owner, 0, q if s.artifact_owner[0] != q else -1)),
        ("an Artifact charged", lst(s.artifact_charged, 0, not s.artifact_charged[0])),
        ("a hand", lambda: s.hands[q].append(s.combat_deck[0])),
        ("a hand emptied", s.hands[q].clear),
        ("every Hoplite of a seat gone", no_hoplites),
    ]


LISTS = [
    "heroes",
    "hero_at",
    "attrs",
    "injured",
    "supply",
    "priests",
    "used",
    "glory",
    "control",
    "temples",
    "slain",
    "hop",
    "fort",
    "quest_slots",
    "monster_at",
    "monument",
    "artifact_owner",
    "artifact_charged",
]
NESTED = ("blessings", "evolutions", "wounds", "monument_priests", "hands")


def _undo_in_place(s: Any, kept: Any) -> None:
    """Give ``s`` back the values of its copy ``kept``, list by list, in place."""
    for name in LISTS:
        getattr(s, name)[:] = getattr(kept, name)
    for name in NESTED:
        for mine, theirs in zip(getattr(s, name), getattr(kept, name), strict=True):
            mine[:] = theirs


@pytest.mark.parametrize(
    "options",
    [{"players": 4}, {"players": 3, "modules": "hades,chiron"}],
    ids=["4p", "3p-modules"],
)
def test_lords_kept_blocks_follow_every_change_made_in_place(options: dict[str, Any]) -> None:
    """Each value a kept block comes from, changed in place, changes the observation."""
    session, _ = _lords(options)
    for seed, moves in ((1, 300), (2, 900)):
        s = _midgame(session, seed, moves)
        for seat in range(s.n):
            _same_as_view(session, s, seat, "before any change")
        for what, change in _in_place_changes(s):
            kept = s.copy()
            before = [_same_as_view(session, s, seat, what) for seat in range(s.n)]
            change()
            after = [_same_as_view(session, s, seat, f"after {what}") for seat in range(s.n)]
            assert any(not np.array_equal(a, b) for a, b in zip(before, after, strict=True)), what
            _undo_in_place(s, kept)  # back to values a kept block was made of before
            undone = [_same_as_view(session, s, seat, f"{what} undone") for seat in range(s.n)]
            assert all(np.array_equal(a, b) for a, b in zip(before, undone, strict=True)), what
            change()  # and once more, so that the changes add up


def test_lords_unchanged_state_reuses_its_kept_blocks() -> None:
    """Observing a state again copies its kept blocks back (the path the tests above check)."""
    from hellas.rl.encoders.lords_state import board_of, maps_of  # noqa: PLC0415

    session, encoder = _lords({"players": 4})
    s = _midgame(session, 3, 400)
    first = _same_as_view(session, s, 0, "first")
    board = board_of(encoder, s, maps_of(encoder, s.content))
    lo = encoder.o_regions
    poisoned = board.regions.kept[0] + 0.5  # an entry no observation of this state can have
    board.regions.kept[0] = poisoned
    again = np.zeros(encoder.layout.size, dtype=np.float32)
    encoder.fill_state(again, s, 0)
    assert again[lo] == np.float32(poisoned)  # the kept block, not a new one
    s.temples[0] = 1 - s.temples[0]  # a value of its key changes: the block is computed again
    _same_as_view(session, s, 0, "after a change")
    assert not np.array_equal(first, again)


def test_lords_observations_in_any_order_across_copies_and_seats() -> None:
    """States observed out of order, copies changed apart, seats mixed: always the view's."""
    session, encoder = _lords({"players": 4})
    rng = Rng(5)
    states = []
    for seed in range(3):
        s = _midgame(session, seed, 200 + 150 * seed)
        states += [s, s.copy(), s.copy()]
    for round_ in range(12):
        k = rng.below(len(states))
        s = states[k]
        if round_ % 3 == 0 and session.game.to_act(s) is not None:  # a copy goes its own way
            session.game.play_random(s, rng, 1 + rng.below(30))
        if round_ % 4 == 1:  # a copy replaced by a new one (a new object, maybe the same id)
            states[k] = states[(k + 1) % len(states)].copy()
        for _ in range(8):
            t = states[rng.below(len(states))]
            _same_as_view(session, t, rng.below(t.n), f"round {round_}")
    assert len(encoder.boards) <= len(states) + 12


def test_lords_kept_blocks_stay_bounded_and_right_past_the_bound() -> None:
    """More states than the encoder keeps blocks for: the bound holds, observations stay exact."""
    from hellas.rl.encoders.lords_state import BOARDS_LIMIT  # noqa: PLC0415

    session, encoder = _lords({"players": 2})
    s = _midgame(session, 4, 250)
    copies = [s.copy() for _ in range(BOARDS_LIMIT + 50)]
    out = np.zeros(encoder.layout.size, dtype=np.float32)
    for t in copies:
        out[:] = 0
        encoder.fill_state(out, t, 0)
        assert len(encoder.boards) <= BOARDS_LIMIT
    for t in copies[-3:] + copies[:3]:
        _same_as_view(session, t, 1, "past the bound")


def test_lords_card_counts_are_the_views_float32_counts() -> None:
    """Counting cards through the memoryview gives NumPy's float32 sums, for every count."""
    from hellas.rl.encoders.base import counts  # noqa: PLC0415
    from hellas.rl.encoders.lords_state import _counts  # noqa: PLC0415

    for copies in range(8):
        expected = np.zeros(3, dtype=np.float32)
        counts(expected, 1, ["card"] * copies, {"card": 1}, 3)
        got = np.zeros(3, dtype=np.float32)
        _counts(got.data, 1, [0] * copies, [1])
        assert np.array_equal(expected, got), copies
