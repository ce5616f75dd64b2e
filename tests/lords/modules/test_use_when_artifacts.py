""" "Use when ..." Artifacts are a choice at their moment, for people and bots (issue 50, item 2).

Hades' Helmet: "Use when your Hero suffers an Injury. Ignore that Injury."  The Palladium: "Use
when you lose a Battle in a Region with a City/Sparta. Your opponent must withdraw instead (and
does not capture the Region)."  "Use when" gives the owner the choice: each is offered then, to
use or to keep (rules 0.4 spent them by themselves at the first chance).
"""

from __future__ import annotations

from hellas.ai import make_bot
from hellas.core.game import Decision
from hellas.core.rng import Rng
from hellas.games.lords import GAME
from hellas.games.lords.board import take_control
from hellas.games.lords.bots_hunt import hurt_choice
from hellas.games.lords.frames import HurtFrame
from hellas.games.lords.hunt import hurt_choose, hurt_options
from hellas.games.lords.state import LordsState

from ..helpers import R, keys, play
from .test_hades import board_game
from .test_hephaestus import A, arena, attack, own

HELMET = "hades-helmet"


def _bot(s: LordsState) -> str:
    seat = GAME.to_act(s)
    assert seat is not None
    return make_bot(GAME, "heuristic").choose(Decision(GAME, s, seat), Rng(0)).key


def _helmet_game() -> tuple[LordsState, int, dict[str, object]]:
    """The player to act owns the charged Helmet and is Hunting."""
    s = board_game()
    p = s.current
    take_control(s, R("messenia"), p)  # Hades' Monument Region: the Helmet comes with it
    hunt: dict[str, object] = {"k": "hunt", "ended": ""}
    s.stack.append(hunt)  # type: ignore[arg-type]
    s.cache = None
    return s, p, hunt


def _answer(s: LordsState, key: str) -> None:
    frame = s.stack[-1]
    assert frame["k"] == "hurt" and key in hurt_options(s, frame)
    hurt_choose(s, frame, key)


def test_helmet_can_be_kept_through_three_injuries_and_used_on_the_fourth() -> None:
    """ "Use when your Hero suffers an Injury. Ignore that Injury.": each Injury offers it; the
    owner takes three and keeps the Helmet for the fourth, which would end the Hunt ("If the
    Hero receives a fourth Injury, Hunt ends.")."""
    s, p, hunt = _helmet_game()
    frame: HurtFrame = {"k": "hurt", "seat": p, "left": 4}
    s.stack.append(frame)
    for attribute in ("speed", "leadership", "strength"):
        assert f"artifact:{HELMET}" in hurt_options(s, frame)
        _answer(s, f"injure:{attribute}")
        assert s.artifact_charged[s.content.artifact(HELMET).index]  # kept
    assert sorted(hurt_options(s, frame)) == [f"artifact:{HELMET}", f"keep-artifact:{HELMET}"]
    _answer(s, f"artifact:{HELMET}")
    assert hunt["ended"] == "" and s.stack[-1] is hunt  # the fourth was ignored
    assert not s.artifact_charged[s.content.artifact(HELMET).index]


def test_keeping_the_helmet_at_a_fourth_injury_ends_the_hunt() -> None:
    """Keeping it is a choice too: the fourth Injury then ends the Hunt."""
    s, p, hunt = _helmet_game()
    s.injured[p] = (1 << s.na) - 1
    s.stack.append({"k": "hurt", "seat": p, "left": 1})
    _answer(s, f"keep-artifact:{HELMET}")
    assert hunt["ended"] == "failure"
    assert s.artifact_charged[s.content.artifact(HELMET).index]


def test_the_bot_keeps_the_helmet_unless_the_injury_matters() -> None:
    """A bot takes an early Injury and keeps the Helmet; it spends it on the third Injury of a
    Hunt (the next would end it) and on a fourth."""
    s, p, _hunt = _helmet_game()
    frame: HurtFrame = {"k": "hurt", "seat": p, "left": 1}
    s.stack.append(frame)
    assert hurt_choice(s, p, hurt_options(s, frame)).startswith("injure:")
    s.injured[p] = 0b011  # two Injuries: the third one matters
    assert hurt_choice(s, p, hurt_options(s, frame)) == f"artifact:{HELMET}"
    s.injured[p] = (1 << s.na) - 1
    assert hurt_choice(s, p, hurt_options(s, frame)) == f"artifact:{HELMET}"
    s.stack.remove(_hunt)  # type: ignore[arg-type]
    s.injured[p] = 0b011  # outside a Hunt a third Injury is no reason to spend it
    assert hurt_choice(s, p, hurt_options(s, frame)).startswith("injure:")


def test_palladium_is_offered_and_may_be_kept() -> None:
    """The Palladium's owner, losing a defence in a City Region, chooses: keep it (the Battle
    is lost as usual, the Artifact stays charged) or use it (the attacker withdraws)."""
    s, p, q = arena(4, 2, region="boeotia")  # Boeotia has a City
    own(s, q, "palladium")
    attack(s, 4, region="boeotia")
    while any(f["k"] == "battle" for f in s.stack) and GAME.to_act(s) != q:
        play(s, keys(s)[0])
    assert keys(s) == ["artifact:palladium", "keep-artifact:palladium"]
    play(s, "keep-artifact:palladium")
    while any(f["k"] == "battle" for f in s.stack):
        play(s, keys(s)[0])  # the defender withdraws
    assert s.control[R("boeotia")] == p and s.artifact_charged[A("palladium")]
    s, p, q = arena(4, 2, region="boeotia")
    own(s, q, "palladium")
    attack(s, 4, region="boeotia")
    while any(f["k"] == "battle" for f in s.stack) and GAME.to_act(s) != q:
        play(s, keys(s)[0])
    assert _bot(s) == "artifact:palladium"  # a bot turns the lost Battle around
    play(s, "artifact:palladium")
    assert s.control[R("boeotia")] == q and not s.artifact_charged[A("palladium")]
