"""Game Preparation's starting Events, and Picking Heroes (counter-clockwise; the last starts)."""

from __future__ import annotations

from hellas.games.lords import fx, hooks
from hellas.games.lords.board import add_hoplites, population, region_of, rid, take_control
from hellas.games.lords.cards import draw_combat
from hellas.games.lords.frames import SetupFrame
from hellas.games.lords.monsters import appear
from hellas.games.lords.phases import QUEST_SLOTS, START_EVENTS, event_card
from hellas.games.lords.state import LordsState
from hellas.games.lords.turn import start_turn


def setup_events(s: LordsState) -> None:
    """Draw 7 Events and resolve them (Game Preparation step 8)."""
    used: list[int] = []
    drawn = 0
    while drawn < START_EVENTS and s.event_deck:
        card = s.event_deck.pop()
        kind, index, number = event_card(s, card)
        if kind == "module":
            if hooks.module_event(s, card, True):
                drawn += 1
            else:
                used.append(card)
            continue
        if kind == "quest":
            drawn += 1
            if len(s.quest_slots) < QUEST_SLOTS:
                s.quest_slots.append(index)
            else:
                used.append(card)
            continue
        if s.monster_at[index] >= 0:
            used.append(card)  # already on the board: ignore it and draw another
            continue
        drawn += 1
        appear(s, index, number)
        used.append(card)
    s.event_deck.extend(used)
    s.rng.shuffle(s.event_deck)


def setup_options(s: LordsState, f: SetupFrame) -> list[str]:
    """Pick a Hero, then place it with 2 Hoplites in a Region holding no other Hero."""
    heroes = s.content.heroes
    if f["step"] == "pick":
        taken = {s.heroes[q] for q in range(s.n) if s.heroes[q] >= 0}
        return [f"hero:{h.id}" for h in heroes if h.index not in taken]
    occupied = {s.hero_at[q] for q in range(s.n) if s.hero_at[q] >= 0}
    return [f"start:{rid(s, r)}" for r in range(len(s.control)) if r not in occupied]


def setup_choose(s: LordsState, f: SetupFrame, key: str) -> None:
    """Apply a pick or a placement."""
    seat = f["order"][0]
    verb, _, arg = key.partition(":")
    if verb == "hero":
        s.heroes[seat] = s.content.hero(arg).index
        fx.fire_hero(s, seat, "hero-chosen")  # e.g. Heracles' bonus: Strength 2
        f["step"] = "place"
        if s.options.get("modules"):
            hooks.run(s, "hero_chosen", seat)  # e.g. a Warrior of Hades placed before the Hero
        return
    r = region_of(s, arg)
    depth = len(s.stack)  # decisions this placement adds (Helen's pick, a module's) come first
    s.hero_at[seat] = r
    add_hoplites(s, r, seat, 2)
    if population(s, r, seat) <= 2:  # a module may change it (a Warrior of Hades there)
        take_control(s, r, seat)
    fx.fire_hero(s, seat, "hero-placed")  # e.g. Perseus' Glory Token, Helen's Artifact
    f["order"].pop(0)
    f["step"] = "pick"
    if s.options.get("modules"):
        hooks.run(s, "start_placed", seat, r)  # e.g. Odysseus may stand apart from his army
    if not f["order"]:
        if len(s.stack) > depth:  # the placement's own decisions come before the first turn
            f["last"] = seat  # then ``rules.advance`` begins the game
            return
        s.stack.pop()
        begin(s, seat)


def begin(s: LordsState, seat: int) -> None:
    """Every Hero is placed: the last player to place begins the game."""
    hooks.run(s, "placed")
    start_turn(s, seat)  # "The last player to choose and place ... will begin the game."


def deal_starting_cards(s: LordsState) -> None:
    """Deal every player one Combat Card (Picking Heroes step 1)."""
    for q in range(s.n):
        draw_combat(s, q, 1)
