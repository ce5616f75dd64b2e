"""The part-1 defects of issue 10, each pinned by a test that failed on the old code."""

from __future__ import annotations

from hellas.games.lords import GAME
from hellas.games.lords.monster_phase import region_attack
from hellas.games.lords.state import LordsState

from .helpers import R, clear_board, evolve, give_cards, keys, play, put, started
from .test_battle import arena, attack, settle


def bless(s: LordsState, seat: int, blessing_id: str) -> None:
    b = s.content.blessing(blessing_id).index
    s.blessings[seat].append(b)
    if b in s.blessing_deck:
        s.blessing_deck.remove(b)
    s.cache = None


def test_no_attrition_also_helps_the_attacker_when_the_defender_plays_first() -> None:
    """No Attrition ignores the Casualties of the first card *its holder* plays in a Battle,
    whoever played the Battle's first card."""
    s, p, q = arena(2, 1)
    bless(s, p, "no-attrition")
    give_cards(s, p, "charge-sickle-4")  # 2 Casualties, ignored
    give_cards(s, q, "wild-attack-axe-3")
    attack(s, 2)
    play(s, "card:wild-attack-axe-3")  # the defender plays the Battle's first card
    play(s, "card:charge-sickle-4")
    settle(s)
    assert s.control[R("corinthia")] == p and s.hoplites(R("corinthia"), p) == 2


def test_evolved_chimera_kills_one_hoplite_per_hoplite_movement() -> None:
    """Chimera's Evolution: "Any time Hoplites enter a Region with Chimera in it, kill one of
    them" - one per movement, not one per Hoplite moved."""
    s = started(2)
    p = s.current
    clear_board(s)
    put(s, "boeotia", p, 3, control=True)
    s.monster_at[1] = R("attica")
    evolve(s, 1, 0)  # the Chimera's first Event card lies by its tray
    s.attrs[p * 3] = 3
    play(s, "hoplite-move", *["move:boeotia>attica"] * 3)
    assert s.hoplites(R("attica"), p) == 2


def test_region_attack_victims_are_the_active_players_choice() -> None:
    """Monster Phase: "If there is any additional decision required (i.e. Chimera Regional
    Attack) active player decides" - whose Hoplites the Cyclops kills."""
    s = started(2)
    p = s.current
    q = 1 - p
    clear_board(s)
    put(s, "attica", p, 4)
    put(s, "attica", q, 2)
    s.monster_at[2] = R("attica")  # Cyclops: kill 3 (provisional)
    region_attack(s, 2)
    s.cache = None
    assert GAME.to_act(s) == p
    enemy = s.content.heroes[s.heroes[q]].id
    assert sorted(keys(s)) == sorted(f"victim:{s.content.heroes[s.heroes[x]].id}" for x in (0, 1))
    play(s, f"victim:{enemy}", f"victim:{enemy}")  # q's army is gone: the last kill is p's
    assert s.hoplites(R("attica"), q) == 0 and s.hoplites(R("attica"), p) == 3


def test_chimera_region_attack_neighbour_is_the_active_players_choice() -> None:
    """Monster Phase: the Chimera's Region Attack (provisional: its Region and one neighbour)
    strikes the neighbouring Region the active player picks."""
    s = started(2)
    p = s.current
    q = 1 - p
    clear_board(s)
    put(s, "boeotia", q, 3)
    put(s, "corinthia", q, 3)
    s.monster_at[1] = R("attica")
    region_attack(s, 1)
    s.cache = None
    assert GAME.to_act(s) == p
    assert sorted(keys(s)) == ["mtarget:boeotia", "mtarget:corinthia"]
    play(s, "mtarget:corinthia")
    assert s.hoplites(R("corinthia"), q) == 2 and s.hoplites(R("boeotia"), q) == 3


def test_response_force_may_bring_fewer() -> None:
    """Response Force brings *up to* Speed Hoplites from one neighbouring Region."""
    s, _p, q = arena(3, 1)
    bless(s, q, "response-force")
    put(s, "argolis", q, 3, control=True)
    s.attrs[q * 3 + 2] = 3
    attack(s, 3)
    assert GAME.to_act(s) == q
    play(s, "response:argolis")
    assert keys(s) == ["count:1", "count:2", "count:3"]
    play(s, "count:1")
    assert s.hoplites(R("argolis"), q) == 2


def test_gods_strength_heals_the_injury_its_holder_chooses() -> None:
    """God's Strength: at Build Monument its holder heals one Injury - the one they choose."""
    s = started(2)
    p = s.current
    q = 1 - p
    clear_board(s)
    bless(s, q, "gods-strength")
    s.injured[q] = 0b101  # Leadership and Speed
    play(s, "monument:zeus")
    assert GAME.to_act(s) == q
    assert sorted(keys(s)) == ["prep:heal-leadership", "prep:heal-speed"]
    play(s, "prep:heal-speed")
    assert s.injured[q] == 0b001


def test_extra_special_action_may_be_build_monument() -> None:
    """Temple Card: the Oracle's "additional Special Action" is any Special Action, Build
    Monument included (the rulebook names no exception)."""
    s = started(2)
    p = s.current
    clear_board(s)
    s.control[R("phocis")] = p
    s.temple_card = 0  # Oracle: an additional Special Action
    play(s, "temple:phocis")
    assert GAME.to_act(s) == p and "monument:zeus" in keys(s)
    play(s, "monument:zeus")
    assert s.monument[0] == 2


def test_sudden_strike_ends_the_battle_when_the_attacker_plays_it() -> None:
    """Dark Ages, Additional Combat Cards: Sudden Strike - "If you are the attacker, the Battle
    ends immediately after you play this card. If this is the first Combat Card played during
    the Battle, its value is 7." (ruling 16 in docs/rules/lords.md)"""
    s, p, q = arena(4, 3, additional_combat_cards=True)
    give_cards(s, p, "sudden-strike-sickle-3")
    give_cards(s, q, "wild-attack-axe-3", "charge-sickle-4")
    attack(s, 4)
    play(s, "card:wild-attack-axe-3")
    play(s, "card:sudden-strike-sickle-3")  # not the first card: Strength 3
    settle(s)
    # the card-playing ended at once: the defender kept its Charge; 4 + 3 beat 3 + 3
    assert s.hands[q] == [s.content.card("charge-sickle-4").index]
    assert s.control[R("corinthia")] == p


def test_sudden_strike_as_the_first_card_is_worth_seven() -> None:
    """Sudden Strike: "If this is the first Combat Card played during the Battle, its value
    is 7." """
    s, p, _q = arena(3, 5, additional_combat_cards=True)
    give_cards(s, p, "sudden-strike-sickle-3")
    attack(s, 3)  # the defender holds no card and passes by itself
    play(s, "card:sudden-strike-sickle-3")
    settle(s)
    assert s.control[R("corinthia")] == p  # 3 + 7 = 10 beat 5
