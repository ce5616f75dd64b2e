"""Hunts: the rulebook's Hunt chapter, sentence by sentence (Monster trays are provisional)."""

from __future__ import annotations

from hellas.games.lords import GAME
from hellas.games.lords.monsters import tray
from hellas.games.lords.state import HUNT, LordsState
from hellas.games.lords.turn import start_turn

from .helpers import R, clear_board, evolve, give_cards, keys, play, started
from .test_part1_defects import bless

HYDRA = 3  # wounds: bow+priest, sword, spear+artifact, torch (provisional tray)


def top(s: LordsState, *card_ids: str) -> None:
    """Arrange the Combat deck so that these cards are drawn next, in this order."""
    for cid in reversed(card_ids):
        idx = s.content.card(cid).index
        for pile in (s.combat_deck, s.combat_discard, *s.hands):
            if idx in pile:
                pile.remove(idx)
                if pile is not s.combat_deck and pile is not s.combat_discard:
                    pile.append(s.combat_deck.pop(0))  # that hand gets another card
                break
        else:
            raise AssertionError(f"{cid} is not in the game")
        s.combat_deck.append(idx)
    s.cache = None


def attacks_next(s: LordsState, *attack_ids: str) -> None:
    """Arrange the Monster Attack deck so that these cards are drawn next."""
    for aid in reversed(attack_ids):
        idx = next(a.index for a in s.content.attack_cards if a.id == aid)
        pile = s.attack_deck if idx in s.attack_deck else s.attack_discard
        pile.remove(idx)
        s.attack_deck.append(idx)


def scene(
    monster: int = HYDRA,
    hand: tuple[str, ...] = (),
    draws: tuple[str, ...] = (),
    strength: int = 1,
    players: int = 3,
) -> tuple[LordsState, int]:
    """The player to act stands with a Monster; their hand and next draws are arranged."""
    s = started(players, starts=("epirus", "crete", "elis", "boeotia")[:players])
    p = s.current
    clear_board(s)
    s.monster_at[monster] = s.hero_at[p]
    give_cards(s, p, *hand)
    s.attrs[p * 3 + 1] = strength
    top(s, *draws)
    return s, p


def wound_count(s: LordsState, m: int = HYDRA) -> int:
    return len(s.wounds[m])


def test_hunt_is_offered_only_where_the_hero_meets_a_monster() -> None:
    """Hunt: "To begin a Hunt, a Hero must be placed in the same Region as the Monster ...
    The player chooses one of the Monsters located in the same Region as his/her Hero"."""
    s, p = scene()
    assert "hunt:hydra" in keys(s)
    s.monster_at[0] = s.hero_at[p]  # Cerberus there too: either may be hunted
    s.cache = None
    assert {"hunt:hydra", "hunt:cerberus"} <= set(keys(s))
    s.hero_at[p] = R("attica")
    s.cache = None
    assert not any(k.startswith("hunt:") for k in keys(s))


def test_hunt_draws_combat_cards_equal_to_strength_without_the_hand_limit() -> None:
    """Hunt: "draws as many Combat Cards as the level of their Hero's Strength Attribute";
    Combat Card Limit: "this limit does not apply during a Hunt"."""
    s, p = scene(hand=("trap-mace-1",) * 1, strength=5)
    give_cards(s, p, "trap-mace-1", "wild-attack-mace-3", "encirclement-mace-2", "assault-axe-4")
    play(s, "hunt:hydra")
    assert len(s.hands[p]) == 9 and s.stack[-1]["k"] == "hunt"
    assert s.used[p] >> HUNT & 1


def test_hero_attack_discards_a_card_with_the_matching_symbol() -> None:
    """Inflicting Wounds: "the player must discard a Combat Card with the Wound symbol
    corresponding to the one on the Monster Tray ... then puts a Wound marker"."""
    s, _p = scene(draws=("wild-attack-sword-3",))
    play(s, "hunt:hydra")
    assert "hit:wild-attack-sword-3" in keys(s)
    play(s, "hit:wild-attack-sword-3")
    assert s.wounds[HYDRA] == [1]  # the sword symbol
    assert s.content.card("wild-attack-sword-3").index in s.combat_discard


def test_no_wound_ends_the_hunt_at_once_with_an_extra_injury() -> None:
    """1. Hero Attacks Monster: "The player must inflict at least one Wound ... If the Hero
    fails to do that, Hunt ends immediately"; "After unsuccessful Hunt Hero receives
    additional Injury"."""
    s, p = scene(draws=("assault-axe-4",))  # the Hydra has no axe symbol
    play(s, "hunt:hydra")
    assert keys(s) == ["end-attack"]
    play(s, "end-attack")
    assert s.stack[-1]["k"] == "hurt" and GAME.to_act(s) == p
    play(s, "injure:speed")
    assert s.injured[p] == 0b100 and not any(f["k"] == "hunt" for f in s.stack)


def test_alternative_uses_sickle_two_swords_three_bows() -> None:
    """Inflicting Wounds: "Some cards enable any Wound marker to be placed ... (for example,
    by discarding 2 maces a player can deal any type of Wound)" - a sickle alone, 2 swords or
    maces, 3 torches or bows (the card texts)."""
    s, p = scene(
        hand=("trap-mace-1", "wild-attack-mace-3", "charge-sickle-4"),
        draws=("assault-axe-4",),
    )
    play(s, "hunt:hydra")
    assert "any:trap-mace-1" in keys(s) and "hit:trap-mace-1" not in keys(s)
    play(s, "any:charge-sickle-4")  # any type: the player picks which symbol
    assert keys(s) == ["wound:0", "wound:1", "wound:2", "wound:3"]
    play(s, "wound:2")
    play(s, "any:trap-mace-1", "with:wild-attack-mace-3")
    play(s, "wound:0")
    assert sorted(s.wounds[HYDRA]) == [0, 2] and s.hands[p] == [
        s.content.card("assault-axe-4").index
    ]


def test_monster_attack_card_is_picked_by_the_left_neighbour_and_seen_only_by_them() -> None:
    """2. Monster Attacks Hero: "The person to the left of the player fighting the Monster
    draws two cards from the Monster Attack Deck and chooses one of them." """
    s, p = scene(draws=("wild-attack-sword-3",))
    attacks_next(s, "attack-3", "recall-4")
    play(s, "hunt:hydra", "hit:wild-attack-sword-3", "end-attack")
    left = (p + 1) % 3
    assert GAME.to_act(s) == left
    assert sorted(keys(s)) == ["mattack:attack-3", "mattack:recall-4"]
    assert GAME.view(s, left)["hunt"]["drawn_cards"] == ["attack-3", "recall-4"]
    for other in (p, (p + 2) % 3, None):
        assert "drawn_cards" not in GAME.view(s, other)["hunt"]
    play(s, "mattack:recall-4")
    assert GAME.to_act(s) == p and GAME.view(s, None)["hunt"]["attack"] == "recall-4"


def test_defending_plays_cards_worth_the_attack_then_draws_two() -> None:
    """a) Defend: "Play any number of Combat Cards with a total value equal to or higher than
    the Strength of the Monster's Attack ... Next, draw 2 Combat Cards." """
    s, p = scene(
        hand=("trap-mace-1", "tactical-maneuver-mace-2"),
        draws=("wild-attack-sword-3", "assault-axe-4", "assault-spear-4"),
    )
    attacks_next(s, "attack-3", "attack-4")
    play(s, "hunt:hydra", "hit:wild-attack-sword-3", "end-attack", "mattack:attack-3")
    play(s, "card:trap-mace-1")
    assert s.stack[-1]["stage"] == "defend"  # 1 < 3: not yet
    play(s, "card:tactical-maneuver-mace-2")
    assert s.stack[-1]["stage"] == "attack" and s.injured[p] == 0
    assert sorted(s.hands[p]) == sorted(
        s.content.card(c).index for c in ("assault-axe-4", "assault-spear-4")
    )


def test_not_defending_resolves_the_card_then_draws_one() -> None:
    """b) Not Defend: "Resolve Monster Attack Card effects (receive Injuries, end Hunt etc.),
    and draw 1 Combat Card." """
    s, p = scene(hand=("trap-mace-1",), draws=("wild-attack-sword-3",))
    attacks_next(s, "mighty-attack", "attack-4")
    play(s, "hunt:hydra", "hit:wild-attack-sword-3", "end-attack", "mattack:mighty-attack")
    play(s, "card:trap-mace-1", "take")  # an offered card goes back to the hand
    assert s.stack[-1]["k"] == "hurt" and s.stack[-1]["left"] == 2
    play(s, "injure:speed", "injure:leadership")
    assert s.injured[p] == 0b101 and len(s.hands[p]) == 2
    assert s.stack[-1]["k"] == "hunt" and s.stack[-1]["stage"] == "attack"


def test_shield_defends_from_any_attack_for_an_injury_and_one_card() -> None:
    """Shield symbol (card text): "Use to defend from any Monster Attack Card, but receive 1
    Injury and draw only 1 Combat Card." """
    s, p = scene(hand=("reinforcements-shield-0",), draws=("wild-attack-sword-3",))
    attacks_next(s, "attack-5", "attack-4")
    play(s, "hunt:hydra", "hit:wild-attack-sword-3", "end-attack", "mattack:attack-5")
    play(s, "shield:reinforcements-shield-0", "injure:strength")
    assert s.injured[p] == 0b010 and len(s.hands[p]) == 1
    assert s.stack[-1]["stage"] == "attack"


def test_undefended_recall_ends_the_hunt_unsuccessfully() -> None:
    """The Hunt ends unsuccessfully: "A card was played during the Monster's attack which
    causes an end of the Hunt, and the player failed to defend"."""
    s, _p = scene(draws=("wild-attack-sword-3",))
    attacks_next(s, "recall-4", "recall-3")
    play(s, "hunt:hydra", "hit:wild-attack-sword-3", "end-attack", "mattack:recall-4", "take")
    assert s.stack[-1]["k"] == "hurt"  # the extra Injury of an unsuccessful Hunt
    play(s, "injure:leadership")
    assert not any(f["k"] == "hunt" for f in s.stack)
    assert s.wounds[HYDRA] == [1]  # "All Wounds inflicted on Monsters remain"


def test_a_fourth_injury_ends_the_hunt() -> None:
    """Injuries: "A Hero can receive three Injuries during Hunt ... If the Hero receives a
    fourth Injury, Hunt ends." """
    s, p = scene(draws=("wild-attack-sword-3",))
    s.injured[p] = 0b011
    attacks_next(s, "mighty-attack", "attack-4")
    play(s, "hunt:hydra", "hit:wild-attack-sword-3", "end-attack", "mattack:mighty-attack")
    play(s, "take", "injure:speed")  # the third; the fourth ends the Hunt
    assert s.injured[p] == 0b111
    assert not any(f["k"] in ("hunt", "hurt") for f in s.stack)


def test_successful_hunt_glory_reward_and_trophy() -> None:
    """Hunt Rewards: "Receives a Glory Token in the color of the Region ... If the token
    belongs to another player, it is taken over. Chooses 1 reward from an Artifact linked to
    this Monster or Priest/Neutral Artifacts from Wounds the player inflicted (only during
    this Hunt). Places the Monster miniature near his/her Hero Board"."""
    s, p = scene(hand=("charge-sickle-4", "flank-attack-bow-2"), draws=("assault-spear-4",))
    s.wounds[HYDRA] = [1, 3]  # earlier hunters covered the sword and the torch
    land = s.content.regions[s.hero_at[p]].land
    s.glory[land] = (p + 1) % 3
    play(s, "hunt:hydra", "hit:flank-attack-bow-2", "hit:assault-spear-4")
    assert GAME.to_act(s) == p
    assert keys(s) == ["reward:monster", "reward:priest", "reward:artifact"]
    play(s, "reward:monster")
    assert s.slain[HYDRA] == p and s.monster_at[HYDRA] == -1 and s.glory[land] == p
    assert s.artifact_owner[s.content.artifact("poison-arrows").index] == p
    assert s.content.card("charge-sickle-4").index in s.hands[p]


def test_failed_hunt_still_picks_a_reward_from_marked_wounds_inflicted() -> None:
    """Hunt Rewards: "Whenever you unsuccessfully end a Hunt, you still get to pick one reward
    from Wounds that you have inflicted with an Artifact or Priest symbol on them." """
    s, p = scene(draws=("flank-attack-bow-2",))
    attacks_next(s, "recall-3", "recall-4")
    play(s, "hunt:hydra", "hit:flank-attack-bow-2", "end-attack", "mattack:recall-3", "take")
    assert keys(s) == ["reward:priest"]  # the bow symbol carries a Priest
    play(s, "reward:priest", "injure:speed")
    assert s.priests[p] == 1 and s.slain[HYDRA] == -1


def test_wounds_stay_for_the_next_hunter() -> None:
    """Hunt: "All Wounds inflicted on Monsters remain so the next hunting player will have an
    easier task!" - and the tray shows them."""
    s, _p = scene(draws=("wild-attack-sword-3",))
    play(s, "hunt:hydra", "hit:wild-attack-sword-3", "end-attack")
    view = GAME.view(s, None)["monsters"]["hydra"]["tray"]
    assert [w["wounded"] for w in view] == [False, True, False, False]
    assert len(tray(s, HYDRA)) == 4


def test_hand_limit_applies_once_the_hunt_is_over() -> None:
    """Combat Card Limit: "once a Hunt is over, the player must immediately reduce the number
    of Combat Cards he/she holds to four." """
    s, p = scene(
        hand=("assault-axe-4", "wild-attack-axe-3", "javelin-volley-axe-2", "trap-mace-1"),
        draws=("assault-spear-4", "wild-attack-spear-3"),
        strength=2,
    )
    attacks_next(s, "recall-3", "recall-4")
    play(s, "hunt:hydra")
    assert len(s.hands[p]) == 6 and s.stack[-1]["k"] == "hunt"
    play(s, "hit:assault-spear-4", "end-attack", "mattack:recall-3", "take")
    assert len(s.hands[p]) == 6  # 5, and 1 drawn for not defending: still no limit
    play(s, "reward:artifact", "injure:speed")  # the spear symbol carries an Artifact
    assert s.stack[-1]["k"] == "discard" and s.stack[-1]["seat"] == p
    play(s, "discard:trap-mace-1", keys(s)[0])
    assert len(s.hands[p]) == 4 and s.stack[-1]["k"] == "turn"
    assert sum(1 for a in s.content.artifacts if s.artifact_owner[a.index] == p) == 1


def test_evolved_minotaur_and_sphinx_bar_the_hunt() -> None:
    """Evolve cards (community): the Minotaur needs a Priest in the pool to start a Hunt, the
    Sphinx a Leadership of 3."""
    s, p = scene(monster=5)
    evolve(s, 5, 0)
    assert "hunt:minotaur" not in keys(s)
    s.priests[p] = 1
    s.cache = None
    assert "hunt:minotaur" in keys(s)
    s, p = scene(monster=6)
    evolve(s, 6, 0)
    assert "hunt:sphinx" not in keys(s)
    s.attrs[p * 3] = 3
    s.cache = None
    assert "hunt:sphinx" in keys(s)


def test_evolved_medusa_draws_speed_cards() -> None:
    """Medusa's Evolve card: "draw Combat Cards equal to the value of your Speed instead of
    Strength"."""
    s, p = scene(monster=4, strength=1)
    evolve(s, 4, 0)
    s.attrs[p * 3 + 2] = 3
    play(s, "hunt:medusa")
    assert len(s.hands[p]) == 3


def test_evolutions_strengthen_monster_attacks() -> None:
    """Evolve cards: Cyclops +1 to every attack; Hydra +2 with 3 or more Wounds; Cerberus's
    first attack +3, and it ends the Hunt if not defended."""
    s, _p = scene(draws=("wild-attack-sword-3",))
    evolve(s, HYDRA, 0)
    s.wounds[HYDRA] = [0, 2]
    attacks_next(s, "attack-3", "attack-4")
    play(s, "hunt:hydra", "hit:wild-attack-sword-3", "end-attack", "mattack:attack-3")
    assert s.stack[-1]["strength"] == 5
    s, _p = scene(monster=2, draws=("wild-attack-sword-3",))
    evolve(s, 2, 0)
    attacks_next(s, "attack-3", "attack-4")
    play(s, "hunt:cyclops", "hit:wild-attack-sword-3", "end-attack", "mattack:attack-3")
    assert s.stack[-1]["strength"] == 4
    s, _p = scene(monster=0, draws=("flank-attack-bow-2",))
    evolve(s, 0, 0)
    attacks_next(s, "attack-3", "attack-4")
    play(s, "hunt:cerberus", "hit:flank-attack-bow-2", "end-attack", "mattack:attack-3")
    assert s.stack[-1]["strength"] == 6
    play(s, "take", "injure:speed")  # undefended: the Hunt ends, with its extra Injury
    assert s.stack[-1]["k"] == "hurt" and not any(f["k"] == "hunt" for f in s.stack)


def test_evolve_wounds_add_symbols_to_the_tray() -> None:
    """Monster Board, Evolve card: "increasing number of Wounds" - the Hydra's second card
    adds two bow symbols."""
    s, _p = scene()
    evolve(s, HYDRA, 1)
    assert [w[0] for w in tray(s, HYDRA)][-2:] == ["bow", "bow"] and len(tray(s, HYDRA)) == 6


def test_wound_outside_a_hunt_slays_for_glory_but_no_reward() -> None:
    """Hunt Rewards: "If a player deals a Wound to a Monster without Hunting it (with a
    Blessing or Artifact) - he/she does not receive any rewards. However, if he/she slays the
    Monster this way ... he/she receives a Glory Token and this Monster is placed next to
    his/her Hero Board"."""
    s, p = scene()
    s.hero_at[p] = R("attica")
    s.wounds[HYDRA] = [0, 1, 2]
    thunder = s.content.artifact("thunder-of-zeus").index
    s.artifact_owner[thunder] = p
    s.cache = None
    region = s.monster_at[HYDRA]
    play(s, "artifact:thunder-of-zeus", "strike:hydra")
    assert s.slain[HYDRA] == p and s.glory[s.content.regions[region].land] == p
    assert s.priests[p] == 0 and s.artifact_owner[s.content.artifact("poison-arrows").index] < 0


def test_shoot_to_kill_may_wound_a_monster() -> None:
    """Shoot to Kill (Blessing): discard a bow card to kill 2 enemy Hoplites - or Wound a
    Monster in the Hero's Region."""
    s, p = scene(hand=("flank-attack-bow-2",))
    bless(s, p, "shoot-to-kill")
    play(s, "use:shoot-to-kill", "shoot:flank-attack-bow-2", "strike:hydra", "wound:3")
    assert s.wounds[HYDRA] == [3]


def test_monster_slayer_wins_with_three_monsters() -> None:
    """Victory: "MONSTER SLAYER - Slay 3 Monsters." """
    s, p = scene(hand=("wild-attack-sword-3",))
    s.slain[0] = s.slain[1] = p
    s.wounds[HYDRA] = [0, 2, 3]
    play(s, "hunt:hydra", "hit:wild-attack-sword-3", "reward:monster")
    assert s.result is not None and s.result["condition"] == "slayer"
    assert s.result["winner"] == p


def test_usurp_with_the_glory_token_of_a_hunt() -> None:
    """Usurp: "If a player possesses a Glory Token which matches the color of the Region where
    his/hers Hero is located, then the player can instantly take control over that Region"."""
    s, p = scene(hand=("wild-attack-sword-3",))
    s.wounds[HYDRA] = [0, 2, 3]
    here = s.hero_at[p]
    play(s, "hunt:hydra", "hit:wild-attack-sword-3", "reward:monster")
    assert s.glory[s.content.regions[here].land] == p
    s.stack = []
    start_turn(s, p)  # p's next turn, the Hero still there; the Region now an enemy's
    s.control[here] = (p + 1) % 3
    s.used[p] = 0
    s.cache = None
    assert "usurp" in keys(s)
    play(s, "usurp", "usurp:1")
    assert s.control[here] == p and s.hoplites(here, p) == 1


def test_two_player_rule_may_repeat_a_hunt() -> None:
    """2 players: "a player can choose one of the Special Actions already used ... and use it
    before 'Build Monument'" - Hunt included."""
    s, p = scene(players=2, draws=("assault-axe-4",))
    s.used[p] = 1 << HUNT
    s.cache = None
    assert "first:hunt" in keys(s)
    play(s, "first:hunt", "hunt:hydra")
    assert s.stack[-1]["k"] == "hunt"


def test_hunt_blessings_inspiring_hunt_weak_spot_sacrifice_of_flesh() -> None:
    """Blessings: Inspiring Hunt (a Priest on starting a Hunt), Weak Spot (at the start:
    discard any card for a Wound of any type), Sacrifice of Flesh (a Priest for an Injury
    healed and a card)."""
    s, p = scene(hand=("assault-axe-4",), draws=("phalanx-torch-1",))
    for b in ("inspiring-hunt", "weak-spot", "sacrifice-of-flesh"):
        bless(s, p, b)
    s.injured[p] = 0b100
    play(s, "hunt:hydra")
    assert s.priests[p] == 1
    play(s, "use:weak-spot", "with:assault-axe-4", "wound:2")
    assert s.wounds[HYDRA] == [2] and "use:weak-spot" not in keys(s)
    play(s, "use:sacrifice-of-flesh")
    assert s.priests[p] == 0 and s.injured[p] == 0 and len(s.hands[p]) == 2


def test_wild_hunt_and_exhausted_fight() -> None:
    """Blessings: Wild Hunt (instead of Hero Movement, lower Strength for good to Hunt) and
    Exhausted Fight (Hunt although its token is down, for an Injury)."""
    s, p = scene(strength=3, draws=("assault-axe-4",) * 1)
    bless(s, p, "wild-hunt")
    play(s, "alt:wild-hunt", "hunt:hydra")
    assert s.attrs[p * 3 + 1] == 2 and not s.used[p] >> HUNT & 1
    s, p = scene(draws=("assault-axe-4",))
    bless(s, p, "exhausted-fight")
    s.used[p] = 1 << HUNT
    s.cache = None
    play(s, "use:exhausted-fight", "injure:speed", "hunt:hydra")
    assert s.injured[p] == 0b100 and s.stack[-1]["k"] == "hunt"


def test_advanced_dodge_adds_speed_to_a_defence() -> None:
    """Advanced Dodge (Blessing): once per Hunt, add your Speed to a defending card."""
    s, p = scene(hand=("trap-mace-1",), draws=("wild-attack-sword-3",))
    bless(s, p, "advanced-dodge")
    s.attrs[p * 3 + 2] = 3
    attacks_next(s, "attack-4", "attack-5")
    play(s, "hunt:hydra", "hit:wild-attack-sword-3", "end-attack", "mattack:attack-4")
    play(s, "card:trap-mace-1", "use:advanced-dodge")  # 1 + Speed 3 = 4
    assert s.stack[-1]["stage"] == "attack" and s.injured[p] == 0


def test_advanced_dodge_is_once_per_hunt() -> None:
    """Advanced Dodge: "once per Hunt"."""
    s, p = scene(
        hand=("trap-mace-1", "trap-sword-1"),
        draws=("wild-attack-sword-3", "assault-axe-4", "assault-spear-4", "flank-attack-bow-2"),
    )
    bless(s, p, "advanced-dodge")
    s.attrs[p * 3 + 2] = 3
    attacks_next(s, "attack-4", "attack-5", "attack-3", "recall-3")
    play(s, "hunt:hydra", "hit:wild-attack-sword-3", "end-attack", "mattack:attack-4")
    play(s, "card:trap-mace-1", "use:advanced-dodge")
    play(s, "hit:assault-spear-4", "end-attack", "mattack:attack-3", "card:trap-sword-1")
    assert "use:advanced-dodge" not in keys(s)


def test_nasty_wounds_lowers_the_highest_attribute_the_hunter_picks_among_equals() -> None:
    """Monster Attack "Nasty Wounds" (community): "Deal 1 Injury. Permanently decrease highest
    Hero's Attribute by 1." - with two equal highest, the hunter chooses."""
    s, p = scene(draws=("wild-attack-sword-3",))
    s.attrs[p * 3 : p * 3 + 3] = [3, 1, 3]
    attacks_next(s, "nasty-wounds", "attack-3")
    play(s, "hunt:hydra", "hit:wild-attack-sword-3", "end-attack", "mattack:nasty-wounds")
    play(s, "take", "injure:strength")
    assert GAME.to_act(s) == p and sorted(keys(s)) == ["lower:leadership", "lower:speed"]
    play(s, "lower:speed")
    assert s.attrs[p * 3 : p * 3 + 3] == [3, 1, 2] and s.injured[p] == 0b010
