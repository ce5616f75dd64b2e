"""The Realms learned bot (issue 49): its weights file, reproducible training, honesty, budget."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from hellas.ai import make_bot
from hellas.core.game import Decision
from hellas.core.rng import Rng
from hellas.games.realms import GAME, learned
from hellas.games.realms.learn_train import Settings, train
from hellas.games.realms.learned import WeightsError, dump, feature_count, load, parse
from hellas.server.limits import DEFAULT_BOT_BUDGET
from hellas.server.workers import bounded_move

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "train_realms.py"


def _script() -> Any:
    import importlib.util  # noqa: PLC0415

    spec = importlib.util.spec_from_file_location("train_realms", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def positions(count: int, players: int = 2) -> list[Any]:
    """Mid-game Realms states with a choice to make, from random play."""
    out: list[Any] = []
    rng = Rng(49)
    seed = 0
    while len(out) < count:
        seed += 1
        s = GAME.new({"players": players or seed % 4 + 2}, seed)
        for _ in range(rng.below(40)):
            if GAME.to_act(s) is None:
                break
            cs = GAME.choices(s)
            GAME.step(s, cs[rng.below(len(cs))])
        if GAME.to_act(s) is not None and len(GAME.choices(s)) > 1:
            out.append(s)
    return out


def test_the_shipped_weights_load_with_their_shape_and_checksum() -> None:
    weights = load()
    assert weights.shape == (feature_count(),)
    assert len(learned.feature_names()) == feature_count()
    assert np.all(np.isfinite(weights))
    assert not np.array_equal(weights, learned.greedy_weights())  # it learned something


def _good() -> dict[str, Any]:
    return dict(json.loads(dump(learned.greedy_weights(), {"command": "test"})))


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("not json {", "is not JSON"),
        (json.dumps({"format": "other", "weights": []}), "not a Realms learned-bot weights"),
        (json.dumps({**_good(), "weights": "many"}), "no list of numbers"),
        (json.dumps({**_good(), "weights": _good()["weights"][:-1]}), "this version of the bot"),
        (json.dumps({**_good(), "weights": [0.5, *_good()["weights"][1:]]}), "fails its checksum"),
    ],
)
def test_a_bad_weights_file_is_refused_with_a_clear_one_line_error(
    tmp_path: Path, text: str, says: str
) -> None:
    path = tmp_path / "learned.json"
    path.write_text(text)
    with pytest.raises(WeightsError, match=says) as caught:
        load(path)
    message = str(caught.value)
    assert "\n" not in message and len(message) < 240


def test_a_missing_weights_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(WeightsError, match="cannot read the weights file"):
        load(tmp_path / "nowhere.json")


def test_a_weight_that_is_not_a_finite_number_is_refused() -> None:
    bad = _good()
    bad["weights"][3] = float("nan")
    bad["sha256"] = learned.checksum(bad["weights"])
    with pytest.raises(WeightsError, match="not a finite number"):
        parse(json.dumps(bad))


def test_a_tiny_seeded_training_run_reproduces_identical_weights() -> None:
    settings = Settings(seed=5, rounds=2, games=2)
    first = train(settings)
    again = train(settings)
    assert dump(first, {}) == dump(again, {})
    other = train(Settings(seed=6, rounds=2, games=2))
    assert dump(other, {}) != dump(first, {})  # the seed, not luck, fixes them


def test_the_training_command_writes_the_same_file_twice(tmp_path: Path) -> None:
    script = _script()
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    for out in (a, b):
        assert script.main(["--seed", "7", "--rounds", "1", "--games", "2", "--out", str(out)]) == 0
    assert a.read_bytes() == b.read_bytes()
    assert load(a).shape == (feature_count(),)


@pytest.mark.parametrize("players", [2, 0])  # 0: 2 to 5 players, by deal
def test_the_learned_bot_ignores_redealt_hidden_cards(players: int) -> None:
    """Re-dealing everything its seat cannot know (the other hands, the deck) never changes its
    choice: it reads only its seat's view (the same check as ``tests/ai/test_bots.py``)."""
    for i, s in enumerate(positions(12, players)):
        seat = GAME.to_act(s)
        assert seat is not None
        decision = Decision(GAME, s, seat)
        first = make_bot(GAME, "learned").choose(decision, Rng(i))
        assert first in decision.choices
        for r in range(2):
            other = GAME.determinize(s, seat, Rng(1000 * i + r))
            again = make_bot(GAME, "learned").choose(Decision(GAME, other, seat), Rng(i))
            assert again.key == first.key, (i, r)


def test_the_learned_bot_answers_itself_through_the_servers_bounded_move() -> None:
    """Played as a server's worker plays a bot, at the default budget, it never meets the alarm."""
    for i, s in enumerate(positions(4)):
        seat = GAME.to_act(s)
        assert seat is not None
        reply = bounded_move(
            "realms", GAME.state_to_json(s), seat, "learned", 7 + i, DEFAULT_BOT_BUDGET
        )
        assert reply["fallback"] == "", reply
        assert reply["key"] in {c.key for c in GAME.choices(s)}


def test_the_learned_bot_plays_whole_games_to_the_end() -> None:
    """Two learned seats and a greedy one finish a 3-player game with legal moves."""
    s = GAME.new({"players": 3}, 11)
    bots = [make_bot(GAME, "learned"), make_bot(GAME, "greedy"), make_bot(GAME, "learned")]
    rng = Rng(11)
    moves = 0
    while (seat := GAME.to_act(s)) is not None and moves < 500:
        GAME.step(s, bots[seat].choose(Decision(GAME, s, seat), rng))
        moves += 1
    assert GAME.to_act(s) is None
