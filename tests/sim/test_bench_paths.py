"""``hellas bench`` names the path each figure times: fast-path and public-apply random play."""

from __future__ import annotations

from hellas.games.legends import GAME
from hellas.sim.bench import SEARCH_ITERATIONS, public_apply_play, random_play, run


def test_public_apply_plays_the_same_games_as_the_fast_path() -> None:
    """Both loops play whole random games with the same generator: same decisions per game."""
    opts = GAME.validate_options({"players": 2, "mission": 2})
    fast = random_play(GAME, opts, 0.05)
    public = public_apply_play(GAME, opts, 0.05)
    assert fast["decisions_per_s"] > 0 and public["decisions_per_s"] > 0
    first_fast = random_play(GAME, opts, 0.0)  # one game each (stops after the first)
    first_public = public_apply_play(GAME, opts, 0.0)
    assert first_fast["decisions_per_game"] == first_public["decisions_per_game"]


def test_bench_reports_every_path_and_the_search_setting() -> None:
    figures = run(GAME, {"players": 2}, 0.1)
    assert figures["random_play_public_apply"]["decisions_per_s"] > 0
    assert figures["ismcts_iterations_per_decision"] == SEARCH_ITERATIONS
    assert figures["ismcts_iterations_per_s"] > 0
    assert figures["engine"] == "pure Python"  # the compiled build names itself (test_compiled)


def test_the_figures_behind_the_ratios_take_turns() -> None:
    """Random play, ISMCTS and Hanabi run in alternating slices, so load hits them alike."""
    from hellas.sim.bench import ROUNDS, Loop, interleave, ismcts_loop  # noqa: PLC0415

    order: list[str] = []

    def unit(name: str) -> Loop:
        return Loop(lambda k: order.append(name) or 1)

    first, second = unit("a"), unit("b")
    interleave([first, second], 0.0, 3)  # a zero slice still plays one unit per turn
    assert order == ["a", "b"] * 3 and first.games == second.games == 3
    search = ismcts_loop(GAME, GAME.validate_options({"players": 2}))
    search.run_for(0.0)
    assert search.decisions == SEARCH_ITERATIONS and search.games == 1  # one searched decision
    figures = run(GAME, {"players": 2}, 0.05)
    assert str(ROUNDS) in figures["timing"] and "CPU" in figures["timing"]
