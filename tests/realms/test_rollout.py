"""The Realms rollout policy: it ends games, and the lookahead bot that plays it out does too.

The policy once valued a take by all eight cards and then discarded the card it took; two seats
playing it passed one card back and forth for ever, and ``lookahead`` in Realms never finished.
"""

from __future__ import annotations

from hellas.ai.bots import make_bot
from hellas.core.game import Decision
from hellas.core.rng import Rng
from hellas.games.realms import GAME
from hellas.games.realms.bots import card_index, rollout
from hellas.games.realms.rules import END_DISCARDS
from hellas.games.realms.state import P_DISCARD

CAP = 400  # decisions; a game that discards every turn ends in about 30 at 2 players


def test_the_rollout_policy_ends_every_game_and_keeps_what_it_takes() -> None:
    takes = 0
    for seed in range(40):
        players = 2 + seed % 4
        s = GAME.new({"players": players}, 7000 + seed)
        rng = Rng(seed)
        taken: int | None = None
        for _ in range(CAP):
            if GAME.to_act(s) is None:
                break
            choice = rollout(s, rng)
            if s.phase == P_DISCARD and taken is not None:
                assert card_index(choice.key) != taken, "discarded its take"
                taken = None
            if choice.key.startswith("take:"):
                taken = card_index(choice.key)
                takes += 1
            GAME._apply(s, choice, False)
        assert GAME.to_act(s) is None, f"seed {7000 + seed}: no end after {CAP} decisions"
        assert len(s.discard) >= END_DISCARDS
    assert takes > 0  # the take branch was exercised


def test_the_lookahead_bot_finishes_a_realms_game() -> None:
    s = GAME.new({"players": 2}, 11)
    bots = [make_bot(GAME, "lookahead:1"), make_bot(GAME, "greedy")]
    rng = Rng(3)
    steps = 0
    while (seat := GAME.to_act(s)) is not None and steps < CAP:
        GAME.apply(s, bots[seat].choose(Decision(GAME, s, seat), rng))
        steps += 1
    assert GAME.outcome(s) is not None
