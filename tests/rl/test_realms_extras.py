"""The Realms observation without the solver, and its opt-in score extra (issue 52).

The decision: "the seat's exact best score is a derived feature, not part of what the seat
sees. The default Realms observation holds what the seat knows (hand, discard area, Afterlife,
counts, phase, legal mask) ... the exact score and its per-card terms become an opt-in feature
(an option of the environment ...), computed only when asked (the environment ids' version goes
up) ... the no-leak tests hold for both."
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest

import hellas.rl.gym  # noqa: F401 - registers the Gymnasium ids
from hellas import rl
from hellas.core.errors import HellasError
from hellas.core.rng import Rng
from hellas.rl.checks import check_no_leak
from hellas.rl.encoders import extras_of
from hellas.rl.encoders import realms as realms_encoder
from hellas.rl.session import Session
from hellas.rl.vector import HellasVectorEnv
from tests.rl.test_state_encoders import compare_every_position

SCORE = ("score",)


def _boom(*_args: Any, **_kwargs: Any) -> Any:
    raise AssertionError("the default Realms observation asked the solver")


def test_the_default_observation_never_asks_the_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    # the names the encoder would call the solver through (the old encoder: best_score)
    for name in ("best_score", "breakdown", "solve", "score"):
        monkeypatch.setattr(realms_encoder, name, _boom, raising=False)
    session = Session("realms", {"players": 3, "endgame": "manual"})
    rng = Rng(4)
    for seed in range(3):
        session.reset(seed)
        while (seat := session.to_act()) is not None:
            for q in range(session.seats):
                session.observe_state(session.state, q)
            legal = session.legal()
            session.play(legal[rng.below(len(legal))])
            assert seat is not None
    assert "score" not in {f.name for f in session.encoder.layout.fields}


def test_the_default_layout_holds_what_the_seat_knows_and_the_extra_comes_after_it() -> None:
    plain = rl.describe("realms", players=3)
    scored = Session("realms", {"players": 3}, extras=SCORE).encoder.layout
    names = [f.name for f in plain.fields]
    for known in ("hand", "discard", "afterlives", "hand_sizes", "deck", "phase", "known"):
        assert known in names
    assert "score" not in names and "score_terms" not in names
    assert [(f.name, f.start, f.size) for f in scored.fields[: len(plain.fields)]] == [
        (f.name, f.start, f.size) for f in plain.fields
    ]
    assert [f.name for f in scored.fields[len(plain.fields) :]] == ["score", "score_terms"]
    assert scored.size == plain.size + 2 + 3 * 81


def test_the_score_extra_is_written_from_the_state_as_the_view_shows_it() -> None:
    assert compare_every_position("realms", {"players": 3}, 3, SCORE) > 100
    manual = {"players": 4, "endgame": "manual", "promo": True, "sappho": True}
    assert compare_every_position("realms", manual, 3, SCORE) > 100


def test_the_score_extra_holds_the_solvers_score_and_card_terms() -> None:
    session = Session("realms", {"players": 3}, extras=SCORE)
    session.reset(5)
    layout = session.encoder.layout
    view = session.game.view(session.state, 0)
    row = session.observe_state(session.state, 0)
    total = view["score"]["score"]
    assert row[layout["score"].start] == pytest.approx(min(max(total, 0) / 250, 1.0))
    terms = row[layout.slice("score_terms")]
    names = session.encoder.names  # type: ignore[attr-defined]
    lines = view["score"]["lines"]
    assert len(lines) == len(view["hand"]) == 7
    for line in lines:
        c = names[line["card"]]
        expect = [
            min(max(x, 0) / 100, 1.0) for x in (line["base"], line["bonus"], -line["penalty"])
        ]
        assert terms[[c, 81 + c, 162 + c]] == pytest.approx(expect)
    assert np.count_nonzero(terms) <= 3 * len(lines)


@pytest.mark.parametrize("extras", [(), SCORE], ids=["default", "score"])
def test_no_seat_sees_hidden_information_with_or_without_the_extra(
    extras: tuple[str, ...],
) -> None:
    for options in ({"players": 3}, {"players": 2, "endgame": "manual", "promo": True}):
        counts = check_no_leak("realms", options, seeds=(3,), extras=extras)
        assert counts["compared"] > 50 and counts["differed"] > 0


def test_the_environments_take_the_extra_and_their_ids_went_up() -> None:
    assert "hellas/Realms-v101" in gymnasium.registry
    assert rl.env("realms", players=2).metadata["name"] == "hellas_realms_v101"
    plain = gymnasium.make("hellas/Realms-v101", players=2)
    scored = gymnasium.make("hellas/Realms-v101", players=2, extras=SCORE)
    size, plain_size = scored.observation_space.shape or (0,), plain.observation_space.shape or (0,)
    assert size[0] == plain_size[0] + 2 + 3 * 81
    envs = HellasVectorEnv("realms", num_envs=2, players=2, extras=SCORE)
    obs, _info = envs.reset(seed=0)
    assert obs.shape == (2, size[0])
    aec = rl.env("realms", players=2, extras=["score"])
    assert aec.observation_space("player_0")["observation"].shape == obs.shape[1:]
    assert set(extras_of("realms")) == {"score"}


def test_an_extra_a_game_does_not_offer_is_refused_clearly() -> None:
    with pytest.raises(
        HellasError, match=r"no observation extra 'solver' for realms \(extras: score\)"
    ):
        rl.env("realms", players=2, extras=("solver",))
    with pytest.raises(HellasError, match=r"for legends \(extras: none\)"):
        rl.env("legends", players=2, extras=("score",))
    with pytest.raises(HellasError) as caught:
        Session("realms", {"players": 2}, extras=("x" * 500,))
    assert len(str(caught.value)) < 120
