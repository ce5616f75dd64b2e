"""Bot levels: each game maps Easy / Normal / Hard (and Expert) to an honest bot and its budget."""

from __future__ import annotations

from typing import Any

import pytest

from hellas.ai import make_bot
from hellas.core.game import LEVELS, Decision, Game
from hellas.core.rng import Rng
from hellas.games import REGISTRY
from hellas.server.limits import check_bot_spec

GAMES = [g.meta.id for g in REGISTRY]
OPTIONS = {"legends": {"players": 2}, "realms": {"players": 2}, "lords": {"players": 2}}


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_declares_easy_normal_and_hard_in_order(game_id: str) -> None:
    game = REGISTRY.get(game_id)
    levels = list(game.bot_levels())
    names = [level.level for level in levels]
    assert names[:3] == ["easy", "normal", "hard"]
    assert names == [n for n in LEVELS if n in names]  # easiest first, no unknown level
    assert len({level.bot for level in levels}) == len(levels)  # each level its own bot
    for level in levels:
        assert level.title == level.level.capitalize()
        assert level.seconds >= 0 and level.about.strip()
        assert level.to_json()["title"] == level.title


@pytest.mark.parametrize("game_id", GAMES)
def test_each_level_is_an_honest_bot_the_server_accepts(game_id: str) -> None:
    game: Game[Any] = REGISTRY.get(game_id)
    for level in game.bot_levels():
        assert not level.bot.startswith("clairvoyant")
        bot = make_bot(game, level.bot)
        assert not getattr(bot, "clairvoyant", False), level
        check_bot_spec(game, level.bot, 5000)  # the server's default strength limit
        state = game.new(OPTIONS[game_id], seed=3)
        seat = game.to_act(state)
        assert seat is not None
        decision = Decision(game, state, seat)
        assert bot.choose(decision, Rng(1)) in decision.choices
