"""Setup, the Monster and Event Phases, Blessing Drafts, withdrawals and small decisions.

Setup: draw 7 Events (Quests to the slots, Monsters to the map), then heroes are picked and
placed counter-clockwise; the last to place starts.  After Build Monument: the Monster Phase
(the Monster Die for every Monster, in the builder's order) and the Event Phase (a Quest for
a free slot, or a Monster appearing or Evolving).
"""

from __future__ import annotations

from hellas.games.lords import battle, fx, hooks
from hellas.games.lords.board import (
    adjacent,
    enemies_in,
    gain_priest,
    move_army,
    open_to,
    region_of,
    rid,
    settle_control,
    withdraw_options,
)
from hellas.games.lords.cards import (
    discard_combat,
    draw_combat,
    enforce_limit,
    hand_limit,
    raise_attribute,
    receive_blessing,
)
from hellas.games.lords.frames import (
    AttrsFrame,
    BattlesFrame,
    BootsFrame,
    DiscardFrame,
    DraftFrame,
    ExileFrame,
    FlyFrame,
    HealFrame,
    InjureFrame,
    OwlFrame,
    PerseusFrame,
    ShootFrame,
    ThunderFrame,
    TurnFrame,
    WithdrawFrame,
)
from hellas.games.lords.hunt import strike
from hellas.games.lords.monster_phase import kill_enemies
from hellas.games.lords.monsters import appear
from hellas.games.lords.movement import after_moves, can_enter, chimera_bites
from hellas.games.lords.quests import offer_neutral
from hellas.games.lords.state import LordsState

QUEST_SLOTS = 3
START_EVENTS = 7


# -- events ---------------------------------------------------------------------------------------


def event_card(s: LordsState, index: int) -> tuple[str, int, int]:
    """Return (kind, monster or quest index, card number) of an Events Deck card.

    Cards past the base game's are a module's: ``("module", -1, index)``.
    """
    events = s.content.events
    if index < len(events):
        return events[index]
    return "module", -1, index


def draw_event(s: LordsState) -> int:
    """Draw the top Events card (reshuffling the discard pile if needed)."""
    if not s.event_deck:
        s.event_deck = s.event_discard
        s.event_discard = []
        s.rng.shuffle(s.event_deck)
    return s.event_deck.pop()


def event_phase(s: LordsState, phase: bool = True) -> str:
    """Resolve one Event: a Quest for a free slot, a Monster appearing or Evolving.

    ``phase`` false: a lone Event card drawn outside the Event Phase (no ``event_phase`` hook).
    """
    if phase and s.options.get("modules"):
        hooks.run(s, "event_phase")  # refill module displays, discard stale offers
    for _ in range(len(s.event_deck) + len(s.event_discard) + 1):
        card = draw_event(s)
        kind, index, number = event_card(s, card)
        if kind == "module":
            text = hooks.module_event(s, card, False)
            if text:
                return text
            continue
        if kind == "quest":
            if len(s.quest_slots) < QUEST_SLOTS and index not in s.quest_slots:
                s.quest_slots.append(index)
                return f"Quest: {s.content.quests[index].name} appears."
            s.event_discard.append(card)
            return f"Quest: {s.content.quests[index].name}, but the Quest slots are full."
        monster = s.content.monsters[index]
        if s.slain[index] >= 0:
            s.event_discard.append(card)  # slain: discard and draw another
            continue
        if s.monster_at[index] >= 0:
            s.evolutions[index].append(number)  # the Evolve card stays by the tray
            return f"{monster.name} Evolves."
        s.event_discard.append(card)
        appear(s, index, number)
        return f"{monster.name} appears in {s.content.regions[s.monster_at[index]].name}."
    return "No Event."


# -- the round's end: Monster Phase, Event Phase --------------------------------------------------


def _combat(s: LordsState, card_id: str) -> int:
    return s.content.card(card_id).index


# -- Blessing Draft -------------------------------------------------------------------------------


def start_draft(s: LordsState, starter: int) -> None:
    """Start a Blessing Draft: players + 1 cards, picked in turn counter-clockwise.

    The rulebook: "draws an amount of Blessing Cards equal to the numbers of players +1, picks
    one, and passes the rest to the player to the right (counter-clockwise)".
    """
    count = min(s.n + 1, len(s.blessing_deck))
    if not count:
        return
    cards = [s.blessing_deck.pop() for _ in range(count)]
    order = [(starter - k) % s.n for k in range(s.n)]
    s.stack.append({"k": "draft", "cards": sorted(cards), "order": order, "i": 0})


def draft_options(s: LordsState, f: DraftFrame) -> list[str]:
    """Pick one of the Blessings passed to you."""
    blessings = s.content.blessings
    return [f"bless:{blessings[b].id}" for b in f["cards"]]


def draft_choose(s: LordsState, f: DraftFrame, key: str) -> None:
    """Keep a Blessing and pass the rest on."""
    seat = f["order"][f["i"]]
    b = s.content.blessing(key.partition(":")[2]).index
    f["cards"].remove(b)
    f["i"] += 1
    done = f["i"] >= len(f["order"]) or not f["cards"]
    if done:
        s.stack.pop()  # "then discard the unused card"
    receive_blessing(s, seat, b)
    if done and s.options.get("modules"):
        hooks.run(s, "draft_done", f)  # e.g. Cassandra's extra Blessing


# -- withdrawal (Usurp) ---------------------------------------------------------------------------


def push_withdrawal(s: LordsState, seat: int, region: int, reason: str) -> None:
    """Make ``seat``'s army leave ``region`` (choosing where when there is a choice)."""
    where = withdraw_options(s, seat, region)
    if len(where) > 1:
        s.stack.append({"k": "withdraw", "seat": seat, "region": region, "where": where})
        return
    move_army(s, seat, region, where[0] if where else -1)


def withdraw_frame_options(s: LordsState, f: WithdrawFrame) -> list[str]:
    """Where the army withdraws to."""
    return [f"withdraw:{rid(s, r)}" for r in f["where"]]


def withdraw_frame_choose(s: LordsState, f: WithdrawFrame, key: str) -> None:
    """Withdraw."""
    s.stack.pop()
    move_army(s, f["seat"], f["region"], region_of(s, key.partition(":")[2]))


# -- the Oracle of Delphi's bonus -----------------------------------------------------------------


def oracle_bonus(s: LordsState, p: int, bonus: str, turn: TurnFrame) -> None:
    """Give the Temple Card's extra reward for building the Oracle of Delphi."""
    if bonus == "extra-special-action":
        turn["extra"] += 1
    elif bonus == "priest-and-draft":
        gain_priest(s, p)
        start_draft(s, p)
    elif bonus == "fill-combat-hand":
        draw_combat(s, p, max(0, hand_limit(s, p) - len(s.hands[p])))
    elif bonus == "two-attributes":
        s.stack.append({"k": "attrs", "left": 2, "chosen": []})
    elif bonus == "neutral-artifacts":
        offer_neutral(s, p, 3)


def attrs_options(s: LordsState, f: AttrsFrame) -> list[str]:
    """Raise an Attribute (two different ones in all)."""
    return [f"attr:{a}" for a in s.content.attributes if a not in f["chosen"]]


def attrs_choose(s: LordsState, f: AttrsFrame, key: str) -> None:
    """Raise the chosen Attribute."""
    a = key.partition(":")[2]
    f["chosen"].append(a)
    raise_attribute(s, s.current, s.content.attributes.index(a))
    f["left"] -= 1
    if not f["left"]:
        s.stack.pop()


# -- small decisions ------------------------------------------------------------------------------


def discard_options(s: LordsState, f: DiscardFrame) -> list[str]:
    """Hand limit (or a Monster Attack's ``limit``): discard down to it."""
    cards = s.content.combat
    return [f"discard:{cards[c].id}" for c in sorted(set(s.hands[f["seat"]]))]


def discard_choose(s: LordsState, f: DiscardFrame, key: str) -> None:
    """Discard one card; done when the limit is met."""
    seat = f["seat"]
    discard_combat(s, seat, _combat(s, key.partition(":")[2]))
    if len(s.hands[seat]) <= f.get("limit", hand_limit(s, seat)):
        s.stack.pop()


def owl_options(s: LordsState, f: OwlFrame) -> list[str]:
    """Keep one of the cards drawn (Owl of Athena: of two)."""
    cards = s.content.combat
    return [f"keep:{cards[c].id}" for c in sorted(set(f["cards"]))]


def owl_choose(s: LordsState, f: OwlFrame, key: str) -> None:
    """Keep one, discard the others."""
    s.stack.pop()
    kept = _combat(s, key.partition(":")[2])
    other = list(f["cards"])
    other.remove(kept)
    for card in other:
        discard_combat(s, s.current, card)
    enforce_limit(s, s.current)


def place_options(s: LordsState, f: BootsFrame | PerseusFrame) -> list[str]:
    """Place the Hero in any Region (Boots of Hermes, Perseus after Prepare)."""
    if s.questing[s.current] >= 0:  # on a Quest the Hero is off the board until it ends
        return ["place:stay"] if f["k"] == "perseus" else []
    if s.options.get("modules") and hooks.any_true(s, "hero_held", s.current):
        return ["place:stay"] if f["k"] == "perseus" else []  # out of play (e.g. the Siren's)
    out = [f"place:{rid(s, r)}" for r in range(len(s.control))]
    if f["k"] == "perseus":
        out.append("place:stay")
    return out


def place_choose(s: LordsState, f: BootsFrame | PerseusFrame, key: str) -> None:
    """Place the Hero."""
    s.stack.pop()
    arg = key.partition(":")[2]
    if arg != "stay":
        s.hero_at[s.current] = region_of(s, arg)


def thunder_options(s: LordsState, f: ThunderFrame) -> list[str]:
    """List an enemy Hero to injure, or a Monster on the Map to Wound (Thunder of Zeus)."""
    heroes = s.content.heroes
    out = [
        f"zap:{heroes[s.heroes[q]].id}"
        for q in range(s.n)
        if q != s.current and not s.all_injured(q)
    ]
    monsters = s.content.monsters
    return out + [f"strike:{monsters[m].id}" for m in range(len(monsters)) if s.monster_at[m] >= 0]


def thunder_choose(s: LordsState, f: ThunderFrame, key: str) -> None:
    """Let the struck Hero's player pick the injured Attribute, or Wound the Monster."""
    s.stack.pop()
    verb, _, hero = key.partition(":")
    if verb == "strike":
        strike(s, s.content.monster(hero).index)
        return
    q = next(q for q in range(s.n) if s.content.heroes[s.heroes[q]].id == hero)
    s.stack.append({"k": "injure", "seat": q})


def injure_options(s: LordsState, f: InjureFrame) -> list[str]:
    """Choose the Attribute that takes the Injury, or use an Artifact that ignores it."""
    names = s.content.attributes
    seat = f["seat"]
    out = [f"injure:{names[a]}" for a in s.content.injurable if not s.injured[seat] >> a & 1]
    helmet = fx.usable_artifact(s, seat, "injured", {})  # e.g. Hades' Helmet: use it or keep it
    if helmet >= 0:
        out.append(f"artifact:{s.content.artifacts[helmet].id}")
    return out


def injure_choose(s: LordsState, f: InjureFrame, key: str) -> None:
    """Injure it (the Attribute counts as 1 until healed), or ignore it with the Artifact."""
    s.stack.pop()
    if fx.spend_artifact(s, key):
        return  # e.g. Hades' Helmet: "Ignore that Injury."
    s.injured[f["seat"]] |= 1 << s.content.attributes.index(key.partition(":")[2])


def heal_options(s: LordsState, f: HealFrame) -> list[str]:
    """Choose the Injury to heal (e.g. God's Strength)."""
    names = s.content.attributes
    return [f"prep:heal-{names[a]}" for a in range(s.na) if s.injured[f["seat"]] >> a & 1]


def heal_choose(s: LordsState, f: HealFrame, key: str) -> None:
    """Heal the chosen Injury."""
    s.stack.pop()
    s.injured[f["seat"]] &= ~(1 << s.content.attributes.index(key.partition("-")[2]))


def exile_options(s: LordsState, f: ExileFrame) -> list[str]:
    """Exile: the Monster and where it goes."""
    here = s.hero_at[s.current]
    monsters = [m for m in s.content.monsters if s.monster_at[m.index] == here]
    return [
        f"exile:{m.id}>{rid(s, r)}" for m in monsters for r in range(len(s.control)) if r != here
    ]


def exile_choose(s: LordsState, f: ExileFrame, key: str) -> None:
    """Move the Monster."""
    s.stack.pop()
    monster_id, _, region_id = key.partition(":")[2].partition(">")
    m = s.content.monster(monster_id).index
    s.monster_at[m] = region_of(s, region_id)


def shoot_options(s: LordsState, f: ShootFrame) -> list[str]:
    """Shoot (e.g. Shoot to Kill): discard a bow card."""
    cards = s.content.combat
    return [
        f"shoot:{cards[c].id}" for c in sorted(set(s.hands[s.current])) if cards[c].symbol == "bow"
    ]


def shoot_choose(s: LordsState, f: ShootFrame, key: str) -> None:
    """Kill N (2) enemy Hoplites in the Hero's Region, or Wound a Monster there."""
    s.stack.pop()
    p = s.current
    n = int(f.get("n", 2))
    discard_combat(s, p, _combat(s, key.partition(":")[2]))
    here = s.hero_at[p]
    ms = [m for m in range(len(s.monster_at)) if s.monster_at[m] == here]
    if ms:  # "(or Wound a Monster)": the player picks
        s.stack.append({"k": "strike", "ms": ms, "hoplites": enemies_in(s, here, p), "n": n})
        return
    kill_enemies(s, p, here, n)


def fly_options(s: LordsState, f: FlyFrame) -> list[str]:
    """Move one Hoplite up to ``steps`` Regions (Winged Boots: any; Hero's Apprentice: Speed)."""
    p = s.current
    out = []
    for r in range(len(s.control)):
        if not s.hop[r * s.n + p]:
            continue
        for t in _within(s, p, r, f["steps"]):
            if can_enter(s, p, t):
                out.append(f"fly:{rid(s, r)}>{rid(s, t)}")
    return out or ["fly:none"]


def _within(s: LordsState, p: int, start: int, steps: int) -> list[int]:
    """Regions reachable in ``steps`` moves through Neutral or own Regions."""
    if steps >= len(s.control):
        return [r for r in range(len(s.control)) if r != start]
    seen = {start}
    frontier = [start]
    for _ in range(steps):
        nxt = []
        for r in frontier:
            if r != start and not open_to(s, r, p):
                continue  # one may end in an enemy Region but not pass through it
            for t in adjacent(s, r):
                if t not in seen:
                    seen.add(t)
                    nxt.append(t)
        frontier = nxt
    seen.discard(start)
    return sorted(seen)


def fly_choose(s: LordsState, f: FlyFrame, key: str) -> None:
    """Move the Hoplite; a Battle follows if it meets enemies."""
    s.stack.pop()
    arg = key.partition(":")[2]
    if arg == "none":
        return
    a, b = (region_of(s, x) for x in arg.split(">"))
    p = s.current
    s.hop[a * s.n + p] -= 1
    s.hop[b * s.n + p] += 1
    chimera_bites(s, p, b)
    after_moves(s, p, [b], {str(b): [a]})


def battles_options(s: LordsState, f: BattlesFrame) -> list[str]:
    """Let the attacker choose which Battle to fight next (the attacker decides the order)."""
    return [f"battle:{rid(s, r)}" for r in f["regions"]]


def battles_choose(s: LordsState, f: BattlesFrame, key: str) -> None:
    """Start the chosen Battle (when both armies are still there)."""
    r = region_of(s, key.partition(":")[2])
    f["regions"].remove(r)
    if not f["regions"]:
        s.stack.pop()
    att = f["att"]
    if s.hoplites(r, att) and enemies_in(s, r, att):
        battle.start_battle(s, r, att, f["origins"].get(str(r), []))
    elif s.hoplites(r, att):
        settle_control(s, r)


# -- setup ----------------------------------------------------------------------------------------


__all__ = ["event_phase", "oracle_bonus", "start_draft"]
