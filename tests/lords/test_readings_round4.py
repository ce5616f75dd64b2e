"""Readings revisited against the printed words (issue 50, item 3): the ones changed.

The readings defended as they were (Cetus' Tentacle's withdrawal, Poseidon's Help recruits, the
sword Training card and Talos) are argued in docs/rules/lords-dark-ages.md with the sentences
they rest on; their behaviour is tested where it was written.
"""

from __future__ import annotations

import pytest

from hellas.core.errors import OptionError
from hellas.games.lords import GAME

from .helpers import keys, play
from .test_hunt import HYDRA, scene


def test_a_hunter_must_wound_while_a_wound_is_possible() -> None:
    """1. Hero Attacks Monster: "The player must inflict at least one Wound on the Monster. If
    the Hero fails to do that, Hunt ends immediately." - no stopping without a Wound while one
    is possible (rules 0.4 let the hunter stop, ruling 20); after a Wound, stopping is free."""
    s, _p = scene(draws=("wild-attack-sword-3", "wild-attack-sword-3"))
    play(s, "hunt:hydra")
    assert "end-attack" not in keys(s) and "hit:wild-attack-sword-3" in keys(s)
    play(s, "hit:wild-attack-sword-3")
    assert s.wounds[HYDRA] == [1]
    assert "end-attack" in keys(s)  # one Wound this round: the hunter may stop


def test_with_no_wound_possible_the_hunter_stops_and_fails() -> None:
    """ "If the Hero fails to do that, Hunt ends immediately": with no card that can wound, the
    only choice is to stop."""
    s, _p = scene(draws=("assault-axe-4",))  # the Hydra has no axe symbol
    play(s, "hunt:hydra")
    assert keys(s) == ["end-attack"]


def test_cleito_alone_adds_no_fifth_seat() -> None:
    """Atlantis: "The components of this expansion are designed for 5-player games and cannot
    be used if there are less players (although Cleito could replace any Hero from the base
    game)." - Cleito replaces a Hero; a fifth player needs the Atlantis components (rules 0.4
    let ``cleito`` alone seat five)."""
    with pytest.raises(OptionError, match="Cleito alone only replaces one"):
        GAME.new({"players": 5, "modules": "cleito"}, 1)
    s = GAME.new({"players": 4, "modules": "cleito"}, 1)
    assert s.n == 4 and "cleito" in {h.id for h in s.content.heroes}
    assert GAME.new({"players": 5, "modules": "poseidon,atlantis"}, 1).n == 5
