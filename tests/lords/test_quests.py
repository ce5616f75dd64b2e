"""Quests: starting at any step after Hero Movement, one step per turn, rewards, Glory."""

from __future__ import annotations

from hellas.games.lords import GAME
from hellas.games.lords.board import neighbours
from hellas.games.lords.content import LANDS
from hellas.games.lords.state import RA_HERO, LordsState

from .helpers import R, clear_board, keys, play, put, started


def quest_scene(quest_id: str, players: int = 2) -> tuple[LordsState, int, int]:
    """Only this Quest is on the slots; the player to act stands next to its Region."""
    s = started(players, starts=("epirus", "crete", "elis", "boeotia")[:players])
    p = s.current
    clear_board(s)
    q = s.content.quest(quest_id).index
    s.event_discard.extend(s.quest_slots)
    s.quest_slots = [q]
    for pile in (s.event_deck, s.event_discard):
        if q in pile:
            pile.remove(q)
    region = s.content.quests[q].region
    s.hero_at[p] = neighbours(s, region)[0]
    for q2 in range(s.n):
        if q2 != p and s.hero_at[q2] == region:
            s.hero_at[q2] = neighbours(s, region)[-1]
    s.cache = None
    return s, p, q


def walk_in(s: LordsState, quest_id: str) -> None:
    region = s.content.regions[s.content.quest(quest_id).region].id
    play(s, "hero-move", f"go:{region}")
    if s.stack[-1]["k"] == "hero":
        play(s, "stop")


def end_turn(s: LordsState, p: int) -> None:
    """Start ``p``'s next turn (the other players' turns change nothing here)."""
    s.regular = 0
    s.cache = None


def test_quest_starts_after_hero_movement_at_any_step_whose_requirement_holds() -> None:
    """Starting Quests: "a player must finish his/her Hero Movement in a Region with a Quest
    Token and meet the requirements for starting the Quest from any Step." """
    s, p, _q = quest_scene("aid-to-atlas")  # Strength 2 / 4 / 5
    s.attrs[p * 3 + 1] = 4
    walk_in(s, "aid-to-atlas")
    assert keys(s) == ["quest:none", "quest:1", "quest:2"]
    play(s, "quest:2")
    assert s.questing[p] == s.content.quest("aid-to-atlas").index and s.quest_step[p] == 2
    assert s.hero_at[p] == -1  # the Hero stands on the Quest card


def test_no_quest_without_a_requirement_met() -> None:
    s, p, _q = quest_scene("aid-to-atlas")  # Strength 1 < 2
    walk_in(s, "aid-to-atlas")
    assert s.stack[-1]["k"] == "turn" and s.questing[p] == -1


def test_boarding_pays_the_steps_costs() -> None:
    """Clean Augean Stables (community): step 2 is "Have 2 Speed and take 2 Injury"."""
    s, p, _q = quest_scene("augean-stables")
    s.attrs[p * 3 + 2] = 2
    walk_in(s, "augean-stables")
    play(s, "quest:2", "injure:strength", "injure:leadership")
    assert s.injured[p] == 0b011 and s.quest_step[p] == 2


def test_one_quest_step_per_turn_instead_of_hero_movement() -> None:
    """Starting Quests: "During a player's next Turn, instead of a Hero Movement, the player
    can move the Hero along the Quest Steps by one position (Hero Speed has no effect here)";
    "Once a player enters on a Quest, he/she cannot abandon it!" """
    s, p, _q = quest_scene("golden-fleece")
    s.attrs[p * 3] = 2
    s.attrs[p * 3 + 2] = 5
    walk_in(s, "golden-fleece")
    play(s, "quest:1")
    end_turn(s, p)
    k = keys(s)
    assert "quest-step" in k and "hero-move" not in k and "quest:none" not in k
    play(s, "quest-step")
    assert s.quest_step[p] == 2 and s.regular & RA_HERO and "quest-step" not in keys(s)


def test_finishing_a_quest_returns_the_hero_with_reward_and_glory() -> None:
    """Finishing Quests: "1. A player places his/her Hero on the Map in the Region containing
    the Quest Token. The Hero cannot move this turn. 2. Receive a reward ... 3. Receive a Glory
    Token in the color of the Region ... 4. Remove the Quest Token from the Map." """
    s, p, q = quest_scene("amazon-queen")  # reward: Strength +1 and 2 Combat Cards
    s.attrs[p * 3] = 2
    walk_in(s, "amazon-queen")
    play(s, "quest:1")
    end_turn(s, p)
    play(s, "quest-step")
    end_turn(s, p)
    cards = len(s.hands[p])
    region = s.content.quests[q].region
    land = s.content.regions[region].land
    s.glory[land] = 1 - p  # taken from its holder
    play(s, "quest-step")
    assert s.hero_at[p] == region and s.questing[p] == -1
    assert s.attrs[p * 3 + 1] == 2 and len(s.hands[p]) == min(cards + 2, 4)
    assert s.glory[land] == p and q not in s.quest_slots
    assert "hero-move" not in keys(s)  # "The Hero cannot move this turn"


def test_meeting_the_third_step_finishes_at_once() -> None:
    """Finishing Quests: "if a player meets the requirements of the third Quest Step, the
    player can finish the Quest immediately" - Cattle of Geryon: an Attribute raised to 3."""
    s, p, q = quest_scene("cattle-of-geryon")
    s.attrs[p * 3 + 1] = 4
    give = [c for c in s.combat_deck[-2:]]
    s.hands[p] += give
    del s.combat_deck[-2:]
    walk_in(s, "cattle-of-geryon")
    play(s, "quest:3")
    play(s, keys(s)[0])  # discard 2 Combat Cards (the step's cost)
    play(s, keys(s)[0])
    assert keys(s) == ["to3:leadership", "to3:speed"]
    play(s, "to3:speed")
    assert s.attrs[p * 3 + 2] == 3 and s.hero_at[p] == s.content.quests[q].region


def test_an_enemy_may_start_higher_and_finish_first() -> None:
    """Starting Quests: "Even if you are already on Quest enemy player can start the Quest
    from higher Step and finish the quest before you." (Ruling: the other Hero returns to the
    Quest's Region, without reward.)"""
    s, p, q = quest_scene("golden-fleece")
    other = 1 - p
    s.questing[other] = q
    s.quest_step[other] = 1
    s.hero_at[other] = -1
    s.attrs[p * 3] = 2
    s.attrs[p * 3 + 2] = 2
    s.artifact_owner[0] = p
    put(s, "attica", p, 1, control=True)
    walk_in(s, "golden-fleece")
    play(s, "quest:3")
    assert s.questing[other] == -1 and s.hero_at[other] == s.content.quests[q].region
    assert s.stack[-1]["k"] == "power-recruit"  # Recruit 3 Hoplites in a Region you control
    play(s, "power:attica")
    assert s.hoplites(R("attica"), p) == 4


def test_quest_rewards_priests_recruits_glory_and_artifacts() -> None:
    """Quest rewards (community card texts): Saving Prometheus, Calydonian Hunt, Capture
    Cretan Bull, Kill Stymphalian Birds."""
    s, p, _q = quest_scene("saving-prometheus")
    put(s, "attica", p, 1, control=True)
    walk_in(s, "saving-prometheus")
    s.hands[p].append(s.combat_deck.pop())
    s.cache = None
    play(s, "quest:1")
    play(s, keys(s)[0])  # discard 1 Combat Card
    s.quest_step[p] = 2
    s.cache = None
    end_turn(s, p)
    play(s, "quest-step", "power:attica")
    assert s.priests[p] == 1 and s.hoplites(R("attica"), p) == 3

    s, p, _q = quest_scene("calydonian-hunt")
    for city in ("attica", "boeotia", "argolis"):
        s.control[R(city)] = p
    s.attrs[p * 3 + 2] = 3
    walk_in(s, "calydonian-hunt")
    play(s, "quest:3")
    assert all(s.hoplites(R(c), p) == 2 for c in ("attica", "boeotia", "argolis"))

    s, p, _q = quest_scene("cretan-bull")
    s.attrs[p * 3 + 1] = s.attrs[p * 3 + 2] = 3
    walk_in(s, "cretan-bull")
    play(s, "quest:1")
    s.quest_step[p] = 2
    s.glory = [-1, 1 - p, -1, -1, -1]
    s.cache = None
    end_turn(s, p)
    play(s, "quest-step")
    crete = LANDS[s.content.regions[R("crete")].land]
    assert f"glory:{crete}" not in keys(s) and "glory:yellow" not in keys(s)
    play(s, keys(s)[0])
    assert s.glory.count(p) == 2

    s, p, _q = quest_scene("stymphalian-birds")
    s.priests[p] = 1
    walk_in(s, "stymphalian-birds")
    play(s, "quest:1")
    s.quest_step[p] = 2
    s.cache = None
    end_turn(s, p)
    play(s, "quest-step")
    assert s.stack[-1]["k"] == "artifact-pick" and len(keys(s)) == 3
    before = len(s.neutral_deck)
    play(s, keys(s)[1])
    assert s.artifact_owner.count(p) == 1 and len(s.neutral_deck) == before + 2


def test_kept_quest_cards_reset_tokens_or_give_a_second_special_action() -> None:
    """Aid to Atlas: "Keep this card ... discard it to remove all of your Used Action Tokens
    and draw 2 Combat Cards"; Clean Augean Stables: "Discard it to play 2 Special Actions in a
    Turn"."""
    s, p, q = quest_scene("aid-to-atlas")
    s.attrs[p * 3 + 1] = 5
    walk_in(s, "aid-to-atlas")
    play(s, "quest:3")
    assert s.quest_cards[q] == p
    s.used[p] = 0b11
    cards = len(s.hands[p])
    play(s, "quest-card:aid-to-atlas")
    assert s.used[p] == 0 and len(s.hands[p]) == min(4, cards + 2) and s.quest_cards[q] == -1

    s, p, q = quest_scene("augean-stables")
    s.attrs[p * 3 + 2] = 3
    walk_in(s, "augean-stables")
    play(s, "quest:3", "injure:strength", "injure:leadership")
    play(s, "quest-card:augean-stables", "prepare", "prep:draw", "prep:draw")
    assert GAME.to_act(s) == p and s.stack[-1]["k"] == "turn"  # a second Special Action
    play(s, "usurp" if "usurp" in keys(s) else "march" if "march" in keys(s) else "monument:zeus")
    assert s.current != p or s.stack[-1]["k"] != "turn"
