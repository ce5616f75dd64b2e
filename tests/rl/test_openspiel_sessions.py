"""The OpenSpiel adapter's shared sessions are a bounded cache (issue 51: no unbounded global).

States unpickled in a process share one ``Session`` per (game, options, reward); a process that
unpickles states of more option sets than ``SESSIONS_KEPT`` keeps only the most recently used.
"""

from __future__ import annotations

import pickle

import pyspiel

import hellas.rl.openspiel as spiel
from hellas.games import REGISTRY


def test_the_shared_sessions_keep_the_most_recently_used_only() -> None:
    spiel._SESSIONS.clear()
    keep = spiel.SESSIONS_KEPT
    game = next(g for g in REGISTRY if len(g.conformance_options()) > keep + 5)
    first, *others = game.conformance_options()[: keep + 6]
    kept = spiel._rebuild(game.meta.id, first, "win", None, 1).session
    for options in others:
        spiel._rebuild(game.meta.id, options, "win", None, 1)
        again = spiel._rebuild(game.meta.id, first, "win", None, 1)  # used again: kept
        assert again.session is kept
        assert len(spiel._SESSIONS) <= keep
    assert len(spiel._SESSIONS) == keep
    oldest = spiel._rebuild(game.meta.id, others[0], "win", None, 1)  # dropped: made again
    assert len(spiel._SESSIONS) == keep and oldest.session.game is game


def test_an_unpickled_state_still_plays_on() -> None:
    spiel._SESSIONS.clear()
    name = spiel.GAMES[0]
    state = pyspiel.load_game(name).new_initial_state()
    state.apply_action(state.legal_actions()[0])
    copy = pickle.loads(pickle.dumps(state))
    assert copy.legal_actions() == state.legal_actions()
    assert len(spiel._SESSIONS) == 1
