"""Opportunity Cards (Dark Ages): every rule sentence of the chapter, both legible cards, bots."""

from __future__ import annotations

from hellas.core.conformance import random_game
from hellas.core.rng import Rng
from hellas.games.lords import GAME, hooks, setup
from hellas.games.lords.modules.opportunity.rules import card_of, first_card
from hellas.games.lords.phases import event_phase
from hellas.games.lords.state import MARCH, PREPARE, RECRUIT, LordsState
from tests.lords.helpers import started
from tests.lords.modules.games import heuristic_games, random_games

MOD = "opportunity"
BLOOD, REINVIGORATION = 0, 1  # the two legible cards, in data order


def m(s: LordsState) -> dict:
    return s.mod[MOD]


def keys(s: LordsState) -> list[str]:
    s.cache = None
    return [c.key for c in GAME.choices(s)]


def card(s: LordsState, k: int) -> int:
    return first_card(s) + k


def pull(s: LordsState, event: int) -> None:
    """Take an Events Deck card out of wherever it is."""
    for pile in (s.event_deck, s.event_discard):
        if event in pile:
            pile.remove(event)
    if m(s)["up"] == event:
        m(s)["up"] = -1


def on_top(s: LordsState, event: int) -> None:
    """Put an Events Deck card on top of the deck."""
    pull(s, event)
    s.event_deck.append(event)


def face_up(s: LordsState, k: int) -> None:
    if m(s)["up"] >= 0:
        s.event_discard.append(m(s)["up"])
    pull(s, card(s, k))
    m(s)["up"] = card(s, k)
    s.cache = None


def free_quest(s: LordsState) -> int:
    """Return a Quest card not on the Quest Track (its Events Deck number is its index)."""
    return next(q.index for q in s.content.quests if q.index not in s.quest_slots)


def game() -> tuple[LordsState, int]:
    s = started(2, modules=MOD, printed_only=True)
    s.event_discard += s.quest_slots[1:]  # room on the Quest Track for a new Quest
    s.quest_slots = s.quest_slots[:1]
    return s, s.current


# -- Setup and drawing ---------------------------------------------------------------------------


def test_the_cards_are_shuffled_into_the_events_deck() -> None:
    """Setup: "shuffle the Opportunity Cards into the Event Deck"."""
    s = GAME.new({"players": 3, "modules": MOD, "printed_only": True}, 2)
    base = len(s.content.events)
    assert first_card(s) == base
    everywhere = s.event_deck + s.event_discard + [m(s)["up"]]
    assert {base, base + 1} <= set(everywhere)
    GAME.check_invariants(s)


def test_drawn_in_the_event_phase_it_is_placed_face_up() -> None:
    """ "When an Opportunity Card is drawn from the Event deck (during the Game Setup or any Event
    Phase), it is placed face up on the top of the Event deck.\""""
    s, _ = game()
    slots = list(s.quest_slots)
    monsters = list(s.monster_at)
    on_top(s, card(s, BLOOD))
    text = event_phase(s)
    assert "Power from Blood" in text and m(s)["up"] == card(s, BLOOD)
    assert s.quest_slots == slots and s.monster_at == monsters  # it was this phase's Event
    GAME.check_invariants(s)


def test_drawn_during_setup_it_counts_toward_the_seven_and_stays_face_up() -> None:
    """Game Preparation: the card goes face up and counts as one of the 7 cards drawn; a second
    one drawn then covers the first, which is discarded."""
    s = GAME.new({"players": 2, "modules": MOD, "printed_only": True}, 1)
    s.quest_slots, s.monster_at = [], [-1] * len(s.monster_at)
    s.event_discard, m(s)["up"] = [], -1
    events = s.content.events
    monster_cards = [i for i, e in enumerate(events) if e[0] == "monster" and e[2] == 0][:4]
    quest = next(i for i, e in enumerate(events) if e[0] == "quest")
    order = [card(s, BLOOD), quest, card(s, REINVIGORATION), *monster_cards]
    rest = [e for e in range(first_card(s) + 2) if e not in order]
    s.event_deck = rest + list(reversed(order))  # the deck's top is its end
    setup.setup_events(s)
    assert m(s)["up"] == card(s, REINVIGORATION)
    assert s.event_discard == [card(s, BLOOD)]
    assert s.quest_slots == [quest]
    assert sum(1 for x in s.monster_at if x >= 0) == 4  # 2 + 1 + 4 = the 7 cards drawn
    GAME.check_invariants(s)


def test_an_unused_card_is_discarded_at_the_start_of_the_next_event_phase() -> None:
    """ "It stays there until any player decides to use it or, if unused, is discarded at the
    start of the next Event Phase." - and that phase draws its Event as usual."""
    s, _ = game()
    face_up(s, REINVIGORATION)
    quest = free_quest(s)
    on_top(s, quest)
    text = event_phase(s)
    assert m(s)["up"] == -1 and card(s, REINVIGORATION) in s.event_discard
    assert quest in s.quest_slots and "appears" in text
    GAME.check_invariants(s)


# -- Using the card -----------------------------------------------------------------------------


def test_power_from_blood() -> None:
    """Power from Blood: "Deal 2 Injuries to your Hero. Charge chosen Artifact." Then "draws a
    new Event Card from the deck"; "Opportunity Cards are discarded after use"."""
    s, p = game()
    owl = s.content.artifact("owl-of-athena").index
    s.artifact_owner[owl] = p
    s.artifact_charged[owl] = False
    face_up(s, BLOOD)
    quest = free_quest(s)
    on_top(s, quest)
    assert "opp-use:power-from-blood" in keys(s)
    GAME.apply(s, "opp-use:power-from-blood")
    assert m(s)["up"] == -1 and card(s, BLOOD) in s.event_discard
    assert s.stack[-1]["k"] == "hurt" and s.stack[-1]["seat"] == p
    GAME.apply(s, "injure:speed")
    GAME.apply(s, "injure:leadership")
    assert s.injured[p] == 0b101
    assert keys(s) == ["charge:owl-of-athena"]
    GAME.apply(s, "charge:owl-of-athena")
    assert s.artifact_charged[owl]
    assert quest in s.quest_slots  # the new Event card, resolved
    assert s.stack[-1]["k"] == "turn"
    GAME.check_invariants(s)


def test_power_from_blood_needs_two_injuries_to_take_and_an_artifact_to_charge() -> None:
    s, p = game()
    face_up(s, BLOOD)
    assert "opp-use:power-from-blood" not in keys(s)  # no spent Artifact
    owl = s.content.artifact("owl-of-athena").index
    s.artifact_owner[owl] = p
    s.artifact_charged[owl] = False
    assert "opp-use:power-from-blood" in keys(s)
    s.injured[p] = 0b010  # one Injury: 2 more are still possible
    assert "opp-use:power-from-blood" in keys(s)
    s.injured[p] = 0b011  # only one Attribute left to injure
    assert "opp-use:power-from-blood" not in keys(s)


def test_reinvigoration() -> None:
    """Reinvigoration: "Sacrifice a Priest. Remove up to 2 Used Action Tokens from any of your
    Special Actions.\""""
    s, p = game()
    s.priests[p] = 2
    s.used[p] = 1 << RECRUIT | 1 << MARCH | 1 << PREPARE
    face_up(s, REINVIGORATION)
    GAME.apply(s, "opp-use:reinvigoration")
    assert s.priests[p] == 1
    assert set(keys(s)) == {"untoken:recruit", "untoken:march", "untoken:prepare"}
    GAME.apply(s, "untoken:march")
    GAME.apply(s, "untoken:recruit")
    assert s.used[p] == 1 << PREPARE and s.stack[-1]["k"] == "turn"
    assert card(s, REINVIGORATION) in s.event_discard
    GAME.check_invariants(s)


def test_reinvigoration_with_one_token_removes_that_one() -> None:
    s, p = game()
    s.priests[p] = 1
    s.used[p] = 1 << MARCH
    face_up(s, REINVIGORATION)
    GAME.apply(s, "opp-use:reinvigoration")
    GAME.apply(s, "untoken:march")
    assert s.used[p] == 0 and s.priests[p] == 0 and s.stack[-1]["k"] == "turn"


def test_reinvigoration_needs_a_priest() -> None:
    s, p = game()
    s.priests[p] = 0
    s.used[p] = 1 << MARCH
    face_up(s, REINVIGORATION)
    assert "opp-use:reinvigoration" not in keys(s)


def test_only_at_the_beginning_of_the_turn() -> None:
    """ "At the beginning of their Turn (before performing any Action)": no Regular or Special
    Action taken yet this turn."""
    s, p = game()
    s.priests[p] = 1
    s.used[p] = 1 << MARCH
    face_up(s, REINVIGORATION)
    assert "opp-use:reinvigoration" in keys(s)
    GAME.apply(s, "hero-move")
    GAME.apply(s, "stop")
    assert "opp-use:reinvigoration" not in keys(s)


def test_the_next_player_may_use_an_unused_card() -> None:
    """ "It stays there until any player decides to use it"."""
    s, p = game()
    face_up(s, REINVIGORATION)
    GAME.apply(s, "prepare")
    while s.current == p:
        GAME.apply(s, keys(s)[0])
    q = s.current
    s.priests[q], s.used[q] = 1, 1 << MARCH
    assert m(s)["up"] == card(s, REINVIGORATION)
    assert "opp-use:reinvigoration" in keys(s)


# -- hidden information -------------------------------------------------------------------------


def test_the_face_up_card_is_public_and_stays_when_determinized() -> None:
    s, p = game()
    face_up(s, BLOOD)
    for seat in (0, 1, None):
        panel = GAME.view(s, seat)["module_panels"][MOD]
        assert panel["face_up"] == "power-from-blood"
        assert panel["cards"][0]["name"] == "Power from Blood"
    t = s.copy()
    t.event_deck.reverse()
    assert GAME.view(s, 1 - p) == GAME.view(t, 1 - p)  # the deck's order is not shown
    for k in range(5):
        d = GAME.determinize(s, 1 - p, Rng(k))
        assert m(d)["up"] == card(s, BLOOD) and card(s, BLOOD) not in d.event_deck
        GAME.check_invariants(d)


# -- whole games --------------------------------------------------------------------------------


def test_random_games_keep_every_invariant() -> None:
    """20 random games (2-4 players) with the Events Deck invariant at every step."""
    random_games(MOD, range(20))


def test_conformance_no_leak_determinism_replay() -> None:
    for seed in (3, 4):
        random_game(
            GAME,
            {"players": 3, "modules": MOD, "printed_only": True, "turn_limit": 30},
            seed,
            deep=True,
        )


def test_heuristic_bots_use_opportunity_cards() -> None:
    """5 heuristic games run to the end; the bots use face-up cards when worth it."""
    chosen = heuristic_games(MOD, range(5))
    assert sum(k for key, k in chosen.items() if key.startswith("opp-use:")) >= 1


def test_numbered_after_other_modules_event_cards() -> None:
    """With another module's Event cards in the deck, the Opportunity cards come after them."""
    s = GAME.new({"players": 3, "modules": "heroes-monsters,opportunity"}, 1)
    others = hooks.modules_of("heroes-monsters")[0].events
    assert first_card(s) == len(s.content.events) + others
    assert card_of(s, first_card(s)).name == "Power from Blood"
    random_games("heroes-monsters,opportunity", range(3), lambda _: 3, 30)
