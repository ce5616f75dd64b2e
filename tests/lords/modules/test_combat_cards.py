"""Additional Combat Cards (Dark Ages): the 6 cards, their Battle effects and Hunt uses."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from hellas.cli.main import app
from hellas.core.conformance import random_game
from hellas.core.rng import Rng
from hellas.games.lords import GAME
from hellas.games.lords.bots import choose
from hellas.games.lords.state import LordsState

from ..helpers import R, clear_board, give_cards, keys, play, started
from ..test_battle import arena, attack, settle
from ..test_hunt import attacks_next, top
from .games import heuristic_games, random_games

MODS = "combat-cards"
CERBERUS, MINOTAUR = 0, 5  # trays without sword/mace, and without bow/torch (provisional)
ADDITIONAL = (
    "tactical-withdrawal-torch-1",
    "tactical-withdrawal-bow-1",
    "offerings-for-the-gods-mace-2",
    "offerings-for-the-gods-sword-2",
    "final-charge-shield-2",
    "sudden-strike-sickle-3",
)


def deck_size(s: LordsState) -> int:
    return len(s.combat_deck) + len(s.combat_discard) + sum(len(h) for h in s.hands)


def scene(
    monster: int, hand: tuple[str, ...], draws: tuple[str, ...] = ()
) -> tuple[LordsState, int]:
    """The player to act stands with ``monster`` holding ``hand`` (Strength 1)."""
    s = started(3, modules=MODS)
    p = s.current
    clear_board(s)
    s.monster_at[monster] = s.hero_at[p]
    give_cards(s, p, *hand)
    s.attrs[p * 3 + 1] = 1
    top(s, *draws)
    return s, p


# -- setup -----------------------------------------------------------------------------------


def test_setup_shuffles_the_six_additional_cards_into_the_deck() -> None:
    """Setup: "During Step 3 of the Game Preparation, shuffle the additional Combat Cards into
    their deck." The old option ``additional_combat_cards`` is the same module."""
    base = GAME.new({"players": 3}, 4)
    s = GAME.new({"players": 3, "modules": MODS}, 4)
    assert deck_size(base) == 30 and deck_size(s) == 36
    ids = {s.content.combat[c].id for c in s.combat_deck + [x for h in s.hands for x in h]}
    assert set(ADDITIONAL) <= ids
    old = GAME.new({"players": 3, "additional_combat_cards": True}, 4)
    alias = GAME.new({"players": 3, "modules": "additional-combat-cards"}, 4)
    for t in (old, alias):
        assert t.options["modules"] == MODS and t.options["additional_combat_cards"]
        assert t.combat_deck == s.combat_deck
    assert not base.options["additional_combat_cards"]
    panel = GAME.view(s, 0)["module_panels"][MODS]
    assert sorted(c["id"] for c in panel["cards"]) == sorted(ADDITIONAL)
    assert not set(ADDITIONAL) & {s.content.combat[c].id for c in base.combat_deck}


# -- Tactical Withdrawal ---------------------------------------------------------------------


def test_tactical_withdrawal_may_withdraw_without_own_casualties() -> None:
    """Tactical Withdrawal: "You may immediately withdraw from the Battle. You don't suffer any
    Casualties (from played Combat Cards, etc). Your opponent still suffers Casualties." """
    s, p, q = arena(3, 4, modules=MODS)
    give_cards(s, p, "tactical-withdrawal-bow-1")
    give_cards(s, q, "flank-attack-bow-2")
    attack(s, 3)
    play(s, "card:flank-attack-bow-2")  # 1 Casualty for the defender
    play(s, "card:tactical-withdrawal-bow-1")
    assert GAME.to_act(s) == p and sorted(keys(s)) == ["tactical:stay", "tactical:withdraw"]
    play(s, "tactical:withdraw")
    settle(s)
    assert s.hoplites(R("attica"), p) == 3  # back where it attacked from, all of them
    assert s.hoplites(R("corinthia"), q) == 3 and s.control[R("corinthia")] == q


def test_tactical_withdrawal_may_stay_in_the_battle() -> None:
    """ "You may" withdraw: staying, the card is an ordinary Strength 1 card."""
    s, p, _q = arena(4, 2, modules=MODS)
    give_cards(s, p, "tactical-withdrawal-torch-1")
    attack(s, 4)
    play(s, "card:tactical-withdrawal-torch-1", "tactical:stay")
    settle(s)
    assert s.control[R("corinthia")] == p and s.hoplites(R("corinthia"), p) == 4


def test_bot_withdraws_from_a_lost_battle_and_stays_in_a_won_one() -> None:
    """The heuristic leaves a Battle it is losing (no Casualties) and stays in one it wins."""
    for att, dfn, wanted in ((2, 5, "tactical:withdraw"), (5, 1, "tactical:stay")):
        s, p, _q = arena(att, dfn, modules=MODS)
        give_cards(s, p, "tactical-withdrawal-bow-1")
        attack(s, att)
        play(s, "card:tactical-withdrawal-bow-1")
        assert choose(s, Rng(1)).key == wanted


def test_tactical_withdrawal_hunt_use_three_of_its_symbol() -> None:
    """Tactical Withdrawal (bow/torch): "Use 3 Combat Cards with a bow [torch] symbol to deal a
    Wound of any type." """
    for symbol, others in (
        ("bow", ("flank-attack-bow-2", "glory-bow-1")),
        ("torch", ("phalanx-torch-2", "glory-torch-1")),
    ):
        card = f"tactical-withdrawal-{symbol}-1"
        s, p = scene(MINOTAUR, (card, *others), ("assault-axe-4",))  # drawn for Strength 1
        play(s, "hunt:minotaur")
        assert f"any:{card}" in keys(s)
        play(s, f"any:{card}", f"with:{others[0]}", f"with:{others[1]}", "wound:1")
        assert s.wounds[MINOTAUR] == [1] and s.hands[p] == [s.content.card("assault-axe-4").index]


# -- Offerings for the Gods 2 ----------------------------------------------------------------


def test_offerings_gives_a_priest_for_a_battle_won_by_a_shrine_or_temple() -> None:
    """Offerings for the Gods 2: "If you won a Battle in a Region with a Shrine or Temple, add
    1 Priest to your Priest Pool." (Corinthia has a Shrine; Boeotia has none.)"""
    for region, src, priests in (("corinthia", "attica", 1), ("boeotia", "attica", 0)):
        s, p, _q = arena(4, 1, region=region, src=src, modules=MODS)
        s.priests[p] = 0
        give_cards(s, p, "offerings-for-the-gods-sword-2")
        attack(s, 4, region=region, src=src)
        play(s, "card:offerings-for-the-gods-sword-2")
        settle(s)
        assert s.control[R(region)] == p and s.priests[p] == priests


def test_offerings_hunt_use_two_of_its_symbol() -> None:
    """Offerings for the Gods 2 (mace/sword): "Use 2 Combat Cards with a mace [sword] symbol
    to deal a Wound of any type." """
    for card, other in (
        ("offerings-for-the-gods-mace-2", "trap-mace-1"),
        ("offerings-for-the-gods-sword-2", "trap-sword-1"),
    ):
        s, p = scene(CERBERUS, (card, other), ("assault-axe-4",))
        play(s, "hunt:cerberus", f"any:{card}", f"with:{other}", "wound:2")
        assert s.wounds[CERBERUS] == [2] and s.hands[p] == [s.content.card("assault-axe-4").index]


# -- Sudden Strike and the shield card -------------------------------------------------------


def test_sudden_strike_hunt_use_deals_a_wound_of_any_type() -> None:
    """Sudden Strike: "Use to deal a Wound of any type." (its Battle effects:
    tests/lords/test_part1_defects.py, ruling 16)"""
    s, p = scene(CERBERUS, ("sudden-strike-sickle-3",), ("assault-axe-4",))
    play(s, "hunt:cerberus", "any:sudden-strike-sickle-3", "wound:1")
    assert s.wounds[CERBERUS] == [1] and s.hands[p] == [s.content.card("assault-axe-4").index]


def test_shield_card_defends_from_any_monster_attack_for_an_injury() -> None:
    """Shield card (Final Charge): "Use to defend from any Monster Attack Card, but receive 1
    Injury and draw only 1 Combat Card." """
    s, p = scene(
        CERBERUS,
        ("final-charge-shield-2", "sudden-strike-sickle-3"),
        ("glory-bow-1", "trap-sword-1"),
    )
    attacks_next(s, "attack-5", "attack-4")
    play(s, "hunt:cerberus", "any:sudden-strike-sickle-3", "wound:0", "end-attack")
    play(s, "mattack:attack-5", "shield:final-charge-shield-2", "injure:speed")
    drawn = sorted(s.content.card(c).index for c in ("glory-bow-1", "trap-sword-1"))
    assert s.injured[p] == 0b100 and s.hands[p] == drawn  # 1 at the start, 1 for the shield
    assert s.stack[-1]["k"] == "hunt" and s.stack[-1]["stage"] == "attack"


def test_final_charge_ends_the_battle_when_the_attacker_plays_it() -> None:
    """Final Charge (the shield card; community text, ruling 16): "If you are the attacker, the
    Battle ends immediately after you play this card." """
    s, p, q = arena(5, 3, modules=MODS)
    give_cards(s, p, "final-charge-shield-2")
    give_cards(s, q, "wild-attack-axe-3", "charge-sickle-4")
    attack(s, 5)
    play(s, "card:wild-attack-axe-3", "card:final-charge-shield-2")
    settle(s)
    assert s.hands[q] == [s.content.card("charge-sickle-4").index]  # no second defender card
    assert s.control[R("corinthia")] == p  # 5 + 2 beat 3 + 3


# -- whole games -----------------------------------------------------------------------------


def test_random_and_heuristic_games_with_the_additional_cards() -> None:
    """20 random and 5 heuristic games with the invariants checked at every step; the
    heuristic plays the additional cards."""
    random_games(MODS, range(20))
    chosen = heuristic_games(MODS, range(5), players=4, turn_limit=60)
    used = {k.partition(":")[2] for k in chosen if k.startswith(("card:", "any:", "with:"))}
    assert len(used & set(ADDITIONAL)) >= 4


def test_conformance_no_leak_determinism_and_replay() -> None:
    for seed in range(3):
        random_game(GAME, {"players": 3, "modules": MODS, "turn_limit": 30}, seed, deep=seed == 0)


def test_simulate_with_the_module_from_the_command_line(tmp_path: Path) -> None:
    """``hellas simulate lords --modules combat-cards --games 4`` plays and records 4 games."""
    out = tmp_path / "cc.csv"
    args = ["simulate", "lords", "--modules", MODS, "--games", "4", "--bots", "random"]
    result = CliRunner().invoke(app, [*args, "--turn-limit", "40", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert len(out.read_text().strip().splitlines()) == 5
