"""The Legends observation from kept rows equals the view's encoding, whatever the order.

``LegendsEncoder.observe`` (and ``fill_state``) keep each seat's last vector and rewrite only
the fields whose state values changed (``rl/encoders/legends_state.py`` and
``legends_slots.py``: a replaced monster slot is rewritten from the one it replaced).  Caches
are where bugs hide, so these tests ask in orders no environment would: random seats, old
copies of the state, re-dealt twins, states of other games and missions through one encoder,
hand-edited states, and with the kept tables emptied at every step; every answer must equal
the plain encoding of the seat's JSON view (``encode(view)``, code that shares nothing with
the rows).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from hellas.core.rng import Rng
from hellas.games.legends.state import LegendsState
from hellas.rl.encoders import encoder_for, legends_slots, legends_state
from hellas.rl.session import Session

MISSIONS = range(1, 13)


def _expected(session: Session, state: Any, seat: int) -> np.ndarray:
    return session.encoder.encode(session.game.view(state, seat))


def _check(session: Session, encoder: Any, state: Any, seat: int, where: str) -> None:
    expected = _expected(session, state, seat)
    got = encoder.observe(state, seat)
    if not np.array_equal(expected, got):
        at = np.flatnonzero(expected != got)[:8].tolist()
        names = sorted({f.name for f in encoder.layout.fields for i in at if f.start <= i < f.stop})
        raise AssertionError(
            f"{where} seat={seat}: entries {at} ({names}) differ: "
            f"view {expected[at]} rows {got[at]}"
        )
    filled = np.full(encoder.layout.size, 0.25, dtype=np.float32)  # every entry written
    encoder.fill_state(filled, state, seat)
    assert np.array_equal(filled, expected), where


def _random_games(players: int, mission: int, seeds: range) -> Any:
    """Yield (session, state copy, rng) at every position of random games."""
    session = Session("legends", {"players": players, "mission": mission})
    for seed in seeds:
        session.reset(seed)
        rng = Rng(seed * 31 + mission)
        while True:
            yield session, session.state.copy(), rng
            if session.to_act() is None:
                break
            legal = session.legal()
            session.play(legal[rng.below(len(legal))])


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_random_seats_old_copies_and_twins_equal_the_view(players: int) -> None:
    """Every mission: seats in random order, revisits of old positions, re-dealt twins."""
    checked = 0
    for mission in MISSIONS:
        encoder = encoder_for("legends", {"players": players, "mission": mission})
        kept: list[LegendsState] = []
        for session, state, rng in _random_games(players, mission, range(2)):
            where = f"{players}p mission {mission}"
            for _ in range(rng.below(3) + 1):
                _check(session, encoder, state, rng.below(players), where)
            if kept and rng.below(4) == 0:
                _check(session, encoder, kept[rng.below(len(kept))], rng.below(players), where)
            if rng.below(5) == 0:
                seat = rng.below(players)
                twin = session.game.determinize(state, seat, rng.fork())
                _check(session, encoder, twin, seat, where + " twin")
                _check(session, encoder, twin, rng.below(players), where + " twin")
                _check(session, encoder, state, seat, where)
            if rng.below(3) == 0:
                kept.append(state)
            checked += 1
    assert checked > 500


def test_one_encoder_follows_two_games_played_side_by_side() -> None:
    """Two tables of different missions observed alternately through one encoder."""
    a = Session("legends", {"players": 3, "mission": 1})
    b = Session("legends", {"players": 3, "mission": 7})
    encoder = encoder_for("legends", {"players": 3, "mission": 1})
    rng = Rng(5)
    a.reset(1)
    b.reset(2)
    steps = 0
    while steps < 600:
        for session in (a, b):
            if session.to_act() is None:
                session.reset(rng.below(1000))
            for seat in range(3):
                _check(session, encoder, session.state, seat, f"mission {session.options}")
            legal = session.legal()
            session.play(legal[rng.below(len(legal))])
        steps += 1


def _discard_at(s: LegendsState, at: int, card: int, mask: int) -> None:
    """Insert a discard (card, who saw it) at ``at``; card -1: remove the one there."""
    if card < 0:
        del s.discard[at], s.dmask[at]
    else:
        s.discard.insert(at, card)
        s.dmask.insert(at, mask)


def test_hand_edited_states_are_seen_as_they_are() -> None:
    """Lists changed in place, a discard pile rewritten under the kept prefix, gifts reset."""
    session = Session("legends", {"players": 3, "mission": 7})
    encoder = session.encoder
    rng = Rng(3)
    session.reset(4)
    for _ in range(120):
        if session.to_act() is None:
            break
        legal = session.legal()
        session.play(legal[rng.below(len(legal))])
    state = session.state
    for seat in range(3):
        _check(session, encoder, state, seat, "start")
    edits: list[Callable[[LegendsState], object]] = [
        lambda s: s.hands.__setitem__(slice(0, 6), [1, 2, 0, 0, 1, 0]),
        lambda s: s.hsize.__setitem__(1, s.hsize[1] + 3),
        lambda s: _discard_at(s, 0, 3, 0b111),
        lambda s: s.discard.__setitem__(0, 5),
        lambda s: s.dmask.__setitem__(0, 0b001),
        lambda s: _discard_at(s, len(s.discard), 2, 0b010),
        lambda s: _discard_at(s, len(s.discard), 4, 0b111),
        lambda s: _discard_at(s, len(s.discard) - 1, -1, 0),
        lambda s: s.dmask.__setitem__(-1, 0),
        lambda s: s.known.__setitem__(slice(0, 18), [1] * 18),
        lambda s: setattr(s, "gifts", ()),
        lambda s: setattr(s, "gifts", ((0, 1, 2, 3), (1, 2, -1, 3), (2, 0, 4, 4))),
        lambda s: setattr(s, "gifts", ((0, 1, 3, 3), (1, 2, -1, 3), (2, 0, 4, 4))),
        lambda s: s.oracle.extend([1, 1, 4]),
        lambda s: s.order.extend([2, 0]),
        lambda s: setattr(s, "deck_known", min(3, len(s.deck))),
        lambda s: s.deck.__setitem__(-1, (s.deck[-1] + 1) % 6),
        lambda s: s.discs.__setitem__(2, -1),
        lambda s: s.discs.__setitem__(0, len(s.monsters) - 1),
        lambda s: s.monsters.reverse(),
        lambda s: setattr(s, "broken", 0b101),
        lambda s: setattr(s, "result", -1),
        lambda s: setattr(s, "phase", 11),
    ]
    for k, edit in enumerate(edits):
        edit(state)
        state.cache = None
        for seat in (k % 3, (k + 1) % 3, (k + 2) % 3):
            _check(session, encoder, state, seat, f"edit {k}")


def test_observations_with_the_kept_tables_emptied_at_every_step(monkeypatch: Any) -> None:
    """Bounded tables that empty themselves often change nothing but the speed."""
    monkeypatch.setattr(legends_slots, "BLOCKS_KEPT", 3)
    monkeypatch.setattr(legends_state, "ROWS_KEPT", 1)
    for players, mission in ((3, 1), (4, 7), (2, 10)):
        encoder = encoder_for("legends", {"players": players, "mission": mission})
        for session, state, rng in _random_games(players, mission, range(2)):
            _check(session, encoder, state, rng.below(players), f"{players}p {mission}")


def test_arrays_returned_are_the_callers_own() -> None:
    """Writing into an observation never reaches the kept row or a later observation."""
    session = Session("legends", {"players": 3, "mission": 1})
    session.reset(6)
    first = session.observe(0)
    expected = first.copy()
    first[:] = 0.75
    assert np.array_equal(session.observe(0), expected)
    assert np.array_equal(session.observe_state(session.state, 0), expected)
    row = np.full(session.encoder.layout.size, 0.5, dtype=np.float32)
    session.observe_row(row, 0)
    assert np.array_equal(row, expected)


def test_a_seat_outside_the_table_is_refused() -> None:
    encoder = encoder_for("legends", {"players": 3, "mission": 1})
    session = Session("legends", {"players": 3, "mission": 1})
    for seat in (-1, 3):
        with pytest.raises(ValueError, match="seat must be 0-2"):
            encoder.observe(session.state, seat)
