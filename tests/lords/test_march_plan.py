"""The March plan in the acting seat's view: the whole March (from, to, how many) before any of it
is chosen, so the web board builds it by clicks and can cancel it (issue 34).

The plan must say exactly what the engine then offers: checked on many random positions, with
and without modules, by making each planned step on a copy of the game.
"""

from __future__ import annotations

from typing import Any

from hellas.core.rng import Rng
from hellas.games.lords import GAME


def march_positions(options: dict[str, Any], seeds: range, per_game: int = 4) -> list[Any]:
    """Return states where a March's first step (which Army) is to be chosen."""
    found = []
    for seed in seeds:
        s = GAME.new(options, seed)
        rng = Rng(seed)
        taken = 0
        for _ in range(3000):
            if GAME.to_act(s) is None or taken >= per_game:
                break
            keys = [c.key for c in GAME.choices(s)]
            if keys[0].startswith("march:") and s.stack[-1]["k"] == "march":
                found.append(s.copy())
                taken += 1
            if "march" in keys and rng.below(3) == 0:
                GAME.apply(s, "march")  # March more often than random play would
                continue
            GAME.apply(s, keys[rng.below(len(keys))])
    return found


def check_plan(s: Any) -> int:
    """Check the plan of ``s`` against the engine; return the steps checked."""
    seat = GAME.to_act(s)
    plan = GAME.view(s, seat)["march_plan"]
    assert sorted(plan) == sorted(c.key.partition(":")[2] for c in GAME.choices(s))
    checked = 0
    for src, where in plan.items():
        after = s.copy()
        GAME.apply(after, f"march:{src}")
        offered = sorted(c.key for c in GAME.choices(after))
        planned = sorted(
            [f"to:{r}" for r in where["to"]] + [f"murder:{r}" for r in where["murder"]]
        )
        assert offered == planned, (src, offered, planned)
        for verb, most in (("to", where["most"]), ("murder", where["murder_most"])):
            for dst in where[verb][:3]:
                then = after.copy()
                GAME.apply(then, f"{verb}:{dst}")
                counts = [c.key for c in GAME.choices(then)] if most > 1 else []
                if most > 1:  # one Hoplite only: the engine moves it at once
                    assert counts == [f"count:{k}" for k in range(1, most + 1)], (src, dst)
                checked += 1
    return checked


def test_the_march_plan_is_what_the_engine_offers() -> None:
    positions = march_positions({"players": 3}, range(1, 9))
    assert len(positions) >= 12
    assert sum(check_plan(s) for s in positions) > 30


def test_the_march_plan_with_modules() -> None:
    options = {"players": 4, "modules": "poseidon,hades,hephaestus,heroes-monsters,combat-cards"}
    positions = march_positions(options, range(1, 6))
    assert len(positions) >= 6
    assert sum(check_plan(s) for s in positions) > 10


def test_only_the_seat_to_act_sees_the_plan() -> None:
    s = march_positions({"players": 3}, range(1, 3), per_game=1)[0]
    seat = GAME.to_act(s)
    assert "march_plan" in GAME.view(s, seat)
    for other in range(3):
        if other != seat:
            assert "march_plan" not in GAME.view(s, other)
    assert "march_plan" not in GAME.view(s, None)
