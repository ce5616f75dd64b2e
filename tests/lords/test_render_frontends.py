"""The terminal shows the whole Lords table: progress to victory, artifacts, quests, hunts."""

from __future__ import annotations

import io
from itertools import pairwise
from typing import Any

from rich.console import Console

from hellas.ai import make_bot
from hellas.cli.table import TerminalTable
from hellas.core.game import Decision
from hellas.core.record import Match
from hellas.core.rng import Rng
from hellas.games.lords import GAME, battle, describe
from hellas.games.lords.render import narrate, render
from tests.lords.helpers import R, started


def text(view: dict[str, Any]) -> str:
    buffer = io.StringIO()
    Console(file=buffer, width=260).print(render(view))
    return " ".join(buffer.getvalue().split())


def test_players_show_artifacts_quests_slain_glory_and_victory_progress() -> None:
    s = started(players=3)
    c = s.content
    zeus = c.artifact(c.god("zeus").artifact).index
    s.artifact_owner[zeus] = 1
    s.artifact_charged[zeus] = False
    s.slain[c.monster("hydra").index] = 1
    s.slain[c.monster("cerberus").index] = 1
    s.monster_at[c.monster("hydra").index] = -1
    s.monster_at[c.monster("cerberus").index] = -1
    quest = c.quest("golden-fleece")
    s.questing[2] = quest.index
    s.quest_step[2] = 2
    for r in c.lands[c.land_ids.index("red")]:
        s.control[r] = 0
    s.priests[0] = 3
    v = GAME.view(s, 0)
    out = text(v)
    assert "Thunder of Zeus (used)" in out
    assert "Golden Fleece step 2/3" in out
    assert "Hydra" in out and "Cerberus" in out
    rows = {row["seat"]: row for row in v["progress"]}
    assert rows[1]["slayer"] == [2, 3]
    assert rows[0]["warlord"] == [1, 2]
    assert rows[2]["slayer"] == [0, 3]
    assert "Victory progress" in out and "2/3" in out
    assert v["players_info"][1]["slain_monsters"] == ["cerberus", "hydra"] or set(
        v["players_info"][1]["slain_monsters"]
    ) == {"cerberus", "hydra"}


def test_blue_land_does_not_count_for_warlord_with_three_players() -> None:
    s = started(players=3)
    c = s.content
    for r in c.lands[c.land_ids.index("blue")]:
        s.control[r] = 0
    assert GAME.view(s, None)["progress"][0]["warlord"] == [0, 2]
    s2 = started(players=4)
    for r in c.lands[c.land_ids.index("blue")]:
        s2.control[r] = 0
    assert GAME.view(s2, None)["progress"][0]["warlord"] == [1, 2]


def test_region_neighbours_and_monster_trays_are_listed() -> None:
    s = started()
    c = s.content
    out = text(GAME.view(s, 0))
    epirus = c.regions[R("epirus")]
    names = ", ".join(c.regions[n].name for n in epirus.neighbours)
    assert names in out
    temple = next(x for x in c.temples if x.index == s.temple_card)
    assert describe.oracle(temple.oracle) in out
    m = next(m for m in c.monsters if s.monster_at[m.index] >= 0)
    s.wounds[m.index] = [0]
    out = text(GAME.view(s, 0))
    assert "[x]" in out and "Monsters" in out


def test_setup_header_names_the_seat_choosing() -> None:
    s = GAME.new({"players": 2}, 3)
    v = GAME.view(s, None)
    chooser = v["to_act"]
    assert f"Player {chooser + 1} (P{chooser + 1}) to choose" in text(v)


def play_until(seed: int, players: int, stop: Any, limit: int = 4000) -> tuple[Any, list[Any]]:
    """Play heuristic bots until ``stop(view)``; return the state and every public view."""
    s = GAME.new({"players": players}, seed)
    bot = make_bot(GAME, "heuristic")
    views = [GAME.view(s, None)]
    for step in range(limit):
        seat = GAME.to_act(s)
        if seat is None:
            break
        GAME.apply(s, bot.choose(Decision(GAME, s, seat), Rng(step)).key)
        views.append(GAME.view(s, None))
        if stop(views[-1]):
            return s, views
    if limit < 1000:
        return s, views
    raise AssertionError("the state was never reached")


def test_battles_show_each_sides_army_strength() -> None:
    s, views = play_until(1, 2, lambda v: v["battle"] is not None)
    f = s.stack[-1]
    v = views[-1]
    assert v["battle"]["strength"] == [battle.strength(s, f, 0), battle.strength(s, f, 1)]
    out = text(v)
    assert f"Army Strength {v['battle']['strength'][0]}" in out
    assert f"Army Strength {v['battle']['strength'][1]}" in out


def test_hunts_and_monster_attacks_are_narrated() -> None:
    lines: list[str] = []
    for seed in range(1, 8):
        _s, views = play_until(seed, 2, lambda v: v["result"] is not None, limit=600)
        for before, after in pairwise(views):
            lines += narrate(before, after)
        if any("attacks" in x and "picked by" in x for x in lines):
            break
    assert any(" hunts the " in x for x in lines)
    assert any("attacks" in x and "picked by" in x for x in lines)
    assert any(" slays the " in x or "Hunt of the" in x for x in lines)


def test_the_hunt_panel_shows_the_picker_their_two_cards() -> None:
    s, views = play_until(1, 2, lambda v: bool(v["hunt"] and v["hunt"]["drawn"]))
    h = views[-1]["hunt"]
    mine = GAME.view(s, h["picker"])
    assert len(mine["hunt"]["drawn_cards"]) == h["drawn"]
    assert "You pick the Monster Attack card" in text(mine)
    assert "You pick" not in text(GAME.view(s, h["hunter"]))


def test_a_single_legal_choice_is_taken_without_asking() -> None:
    match = Match(GAME, {"players": 2}, 3)
    while not (match.to_act() == 0 and len(list(GAME.choices(match.state))) == 1):
        match.apply(next(iter(GAME.choices(match.state))))
    only = next(iter(GAME.choices(match.state)))
    done = len(match.record.choices)
    buffer = io.StringIO()
    asked: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return "quit"

    console = Console(file=buffer, width=200)
    table = TerminalTable(GAME, match, ["human", "human"], console, ask, auto_single=True)
    table.run()
    out = " ".join(buffer.getvalue().split())
    assert f"only one choice, taken: {only.label}" in out
    assert match.record.choices[done] == only.key
    assert len(asked) == 1  # the next decision with a real choice is asked


def test_a_single_legal_choice_is_asked_by_default() -> None:
    match = Match(GAME, {"players": 2}, 3)
    while not (match.to_act() == 0 and len(list(GAME.choices(match.state))) == 1):
        match.apply(next(iter(GAME.choices(match.state))))
    done = len(match.record.choices)
    table = TerminalTable(
        GAME, match, ["human", "human"], Console(file=io.StringIO()), lambda _p: "quit"
    )
    table.run()
    assert len(match.record.choices) == done


def test_the_terminal_narrates_hunts_of_an_all_bot_game() -> None:
    for seed in range(1, 6):
        buffer = io.StringIO()
        match = Match(GAME, {"players": 2}, seed)
        console = Console(file=buffer, width=200)
        TerminalTable(GAME, match, ["heuristic", "heuristic"], console, input).run()
        out = " ".join(buffer.getvalue().split())
        if " hunts the " in out:
            assert "Monster Attack" not in out or "picked by" in out
            return
    raise AssertionError("no Hunt narrated in five games")
