"""Cleito in any game: the Atlantis chapter's "Cleito could replace any Hero from the base game".

Dark Ages, Atlantis: "The components of this expansion are designed for 5-player games and
cannot be used if there are less players (although Cleito could replace any Hero from the base
game)."  The ``cleito`` module puts her in the Hero pool of a 2-4 player game; Atlantis
includes it.
"""

from __future__ import annotations

import pytest

from hellas.core.conformance import random_game
from hellas.core.rng import Rng
from hellas.games.lords import GAME
from hellas.games.lords.bots import choose
from hellas.games.lords.state import RA_HERO
from tests.lords.modules.games import random_games


@pytest.mark.parametrize("players", [2, 3, 4])
def test_cleito_can_replace_any_base_hero_in_a_2_to_4_player_game(players: int) -> None:
    """ "although Cleito could replace any Hero from the base game": with ``--modules cleito``
    she is one of the Heroes to choose from; picked, she plays with her bonus and ability."""
    s = GAME.new({"players": players, "modules": "cleito"}, 3)
    picks = [c.key for c in GAME.choices(s)]
    assert picks == ["hero:heracles", "hero:perseus", "hero:achilles", "hero:helen", "hero:cleito"]
    starts = ("epirus", "crete", "elis", "boeotia")
    heroes = ("cleito", "heracles", "achilles", "perseus")
    for i in range(players):
        GAME.apply(s, f"hero:{heroes[i]}")
        GAME.apply(s, f"start:{starts[i]}")
        while s.stack and s.stack[-1]["k"] == "artifact-pick":
            GAME.apply(s, GAME.choices(s)[0].key)
    cleito = next(q for q in range(players) if s.heroes[q] == 4)
    # "Starting Bonus: Cleito starts with 1 Priest in her Priest Pool."
    assert s.priests[cleito] == 1 and sum(s.priests) == 1
    # "Special Ability: Instead of performing a Hero Movement Regular Action, you can heal 1
    # Injury on Cleito."
    s.current = cleito
    s.regular = 0
    s.stack = [{"k": "turn", "open": False, "extra": 0, "specials": 0, "must": ""}]
    s.injured[cleito] = 0b100
    s.cache = None
    assert "atl-heal:speed" in [c.key for c in GAME.choices(s)]
    GAME.apply(s, "atl-heal:speed")
    assert s.injured[cleito] == 0 and s.regular & RA_HERO


def test_atlantis_includes_cleito_once() -> None:
    """Atlantis brings Cleito: naming the ``cleito`` module with it changes nothing."""
    a = GAME.new({"players": 5, "modules": "poseidon,atlantis"}, 1)
    b = GAME.new({"players": 5, "modules": "poseidon,atlantis,cleito"}, 1)
    assert a.options["modules"] == b.options["modules"] == "poseidon,atlantis"
    assert [c.key for c in GAME.choices(a)] == [c.key for c in GAME.choices(b)]
    assert a == b


def test_cleito_games_keep_every_invariant_and_the_contract() -> None:
    """Random games with Cleito in 2-4 player games; views, replay and determinization."""
    random_games("cleito", range(6))
    random_game(GAME, {"players": 3, "modules": "cleito", "turn_limit": 40}, 5, deep=True)


def test_the_heuristic_plays_cleito() -> None:
    """The heuristic picks and plays her (heals when twice Injured) to the end of a game."""
    s = GAME.new({"players": 2, "modules": "cleito,heroes-monsters", "turn_limit": 200}, 4)
    rng = Rng(4)
    while GAME.to_act(s) is not None:
        GAME.apply(s, choose(s, rng))
        GAME.check_invariants(s)
    assert s.result is not None
