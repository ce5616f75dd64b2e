"""The Hunt: a Hero against a Monster in its Region, until it is slain or the Hero gives out.

Rulebook, Hunt: draw Combat Cards equal to Strength, then repeat (1) the Hero attacks - it must
inflict at least one Wound, discarding Combat Cards whose symbols match uncovered Wound symbols
(or using a card's alternative: a sickle, 2 swords or maces, 3 torches or bows deal a Wound of
any type) - and (2) the Monster attacks: the player to the hunter's LEFT draws two Monster
Attack cards and picks one; the hunter defends (Combat Cards worth at least its Strength, then
draws 2; a shield card defends for an Injury and draws 1) or not (its effects, then draws 1).

It ends successfully with the last Wound, unsuccessfully when no Wound is inflicted, when an
undefended card ends it, or with a fourth Injury; an unsuccessful Hunt adds an Injury.  Rewards
on either end, Wounds that stay, and the hand limit only once the Hunt is over.

The ``hunt`` frame's stages: ``attack`` (the hunter wounds or stops), ``combo`` (more cards for
an alternative use), ``slot`` (which symbol to cover), ``pick`` (the left neighbour's Monster
Attack card), ``defend``, ``reward``; a ``hurt`` frame takes Injuries one at a time.  Cards'
choices in a Hunt are their ``hunt-attack``/``hunt-defend`` clauses (``fx``, once per Hunt for
a Blessing); what an undefended Monster Attack does, and what Evolve cards change, is in
``fx_fight``.
"""

from __future__ import annotations

from typing import Any

from hellas.games.lords import fx, fx_fight, hooks
from hellas.games.lords.board import gain_priest
from hellas.games.lords.cards import discard_combat, draw_combat, enforce_limit
from hellas.games.lords.content import STRENGTH
from hellas.games.lords.effects import Clause
from hellas.games.lords.frames import (
    HuntDrawFrame,
    HuntFrame,
    HuntTargetFrame,
    HurtFrame,
    LowerFrame,
    StrikeFrame,
    StrikeSlotFrame,
    downward,
)
from hellas.games.lords.fx_index import Offer
from hellas.games.lords.monster_phase import kill_chosen
from hellas.games.lords.monsters import (
    cover,
    monsters_at,
    slay,
    tray,
    uncovered,
    wound_outside_hunt,
)
from hellas.games.lords.state import HUNT, LordsState

# an alternative use: how many cards of the symbol deal a Wound of any type
ANY_WOUND = {"sickle": 1, "sword": 2, "mace": 2, "torch": 3, "bow": 3}
HUNT_STAGES = {"attack": "hunt-attack", "defend": "hunt-defend"}  # the cards' choices there


# -- starting ----------------------------------------------------------------------------------


def can_hunt(s: LordsState, p: int, m: int) -> bool:
    """Return whether ``p``'s Hero may hunt Monster ``m`` now (same Region, Evolutions met)."""
    if s.hero_at[p] < 0 or s.monster_at[m] != s.hero_at[p]:
        return False
    if s.evolutions[m] and not fx_fight.hunt_allowed(s, p, m):
        return False  # an Evolve card's demand (e.g. a Priest, Leadership 3)
    return not (s.options.get("modules") and hooks.any_true(s, "hunt_barred", p, m))


def hunt_targets(s: LordsState, p: int) -> list[int]:
    """Return the Monsters ``p``'s Hero may hunt."""
    if s.hero_at[p] < 0:
        return []
    return [m for m in monsters_at(s, s.hero_at[p]) if can_hunt(s, p, m)]


def start_hunt(s: LordsState, p: int, m: int) -> None:
    """Begin a Hunt: draw Combat Cards equal to Strength (Speed against an Evolved Medusa)."""
    f: HuntFrame = {
        "k": "hunt",
        "seat": p,
        "m": m,
        "stage": "attack",
        "dealt": [],
        "round": 0,
        "first": True,
        "need": 0,
        "symbol": "",
        "slots": [],
        "drawn": [],
        "attack": -1,
        "strength": 0,
        "committed": [],
        "attacks": 0,
        "used": [],  # the Blessings whose Hunt choice was taken (once per Hunt)
        "ended": "",
    }
    s.stack.append(f)
    draws = fx_fight.monster_value(s, m, "hunt-draws")  # e.g. the Evolved Medusa: Speed
    attribute = s.content.attributes.index(draws[0]) if draws else STRENGTH
    draw_combat(s, p, s.attr(p, attribute))  # no hand limit during a Hunt
    fx.fire(s, p, "hunt-start")  # e.g. Inspiring Hunt


def target_options(s: LordsState, f: HuntTargetFrame) -> list[str]:
    """Choose the Monster to hunt (the 2-player rule, Wild Hunt, Exhausted Fight)."""
    return [f"hunt:{s.content.monsters[m].id}" for m in hunt_targets(s, s.current)]


def target_choose(s: LordsState, f: HuntTargetFrame, key: str) -> None:
    """Hunt the chosen Monster."""
    s.stack.pop()
    start_hunt(s, s.current, s.content.monster(key.partition(":")[2]).index)


def actor(s: LordsState, f: HuntFrame) -> int:
    """Return who decides: the left neighbour picks the Monster Attack card, else the hunter."""
    if f["stage"] == "pick":
        return picker(s, f)
    return int(f["seat"])


def picker(s: LordsState, f: HuntFrame) -> int:
    """Return who picks the Monster Attack card: the left neighbour (``own_pick``: the hunter)."""
    return int(f["seat"]) if f.get("own_pick") else (int(f["seat"]) + 1) % s.n


def usable(s: LordsState, f: HuntFrame) -> list[int]:
    """Return the hunter's Combat Cards: the hand, then reusable cards ready (Relics ...)."""
    hand: list[int] = s.hands[f["seat"]]
    if not s.options.get("modules"):
        return hand
    ready = dict.fromkeys(hooks.collect(s, "reusable", f["seat"], f))
    return hand + [c for c in ready if c not in f["committed"]]


def spend(s: LordsState, f: HuntFrame, card: int) -> None:
    """Discard a card from the hand, or mark a reusable card used (it stays with its owner).

    A reusable card spent defending runs its ``hunt-defended-with`` clauses (e.g. the Sword of
    Justice's sword Wound).
    """
    if s.content.combat[card].kind == "deck":
        discard_combat(s, f["seat"], card)
        return
    hooks.collect(s, "reuse", f["seat"], card, f)
    if f["stage"] == "defend":
        fx.fire_card(s, f["seat"], card, "hunt-defended-with", {"m": f["m"]})


# -- the Hero attacks ----------------------------------------------------------------------------


def _direct(s: LordsState, m: int, symbol: str) -> list[int]:
    symbols = tray(s, m)
    return [i for i in uncovered(s, m) if symbols[i][0] == symbol]


def _attack_options(s: LordsState, f: HuntFrame) -> list[str]:
    m = f["m"]
    cards = s.content.combat
    hand = usable(s, f)
    out = ["end-attack"]
    for c in sorted(set(hand)):
        symbol = cards[c].symbol
        if _direct(s, m, symbol):
            out.append(f"hit:{cards[c].id}")
        need = ANY_WOUND.get(symbol, 0)
        if need and sum(1 for x in hand if cards[x].symbol == symbol) >= need:
            out.append(f"any:{cards[c].id}")
    if not f["round"] and len(out) > 1:
        # "The player must inflict at least one Wound on the Monster. If the Hero fails to do
        # that, Hunt ends immediately.": while a Wound is possible, no stopping without one
        out.remove("end-attack")
    return out


def _cards(s: LordsState, f: HuntFrame, trigger: str) -> list[str]:
    """Return the cards' Hunt choices of ``trigger``: the base game's, then each module's.

    A Blessing's is taken once per Hunt; a reusable card's needs it ready (not offered yet).
    """
    if not fx.has_offers(s, trigger):
        return []
    p = f["seat"]
    origins = [""]
    if s.options.get("modules"):
        origins += [m.id for m in hooks.active(s)]
    ready: tuple[int, ...] | None = None
    bless = s.content.blessings
    out: list[str] = []
    for origin in origins:
        kinds = ("blessing", "artifact", "card") if not origin else ("card", "artifact", "blessing")
        offers = fx.offers_at(s, trigger, origin, kinds)
        if not offers:
            continue
        if ready is None and any(o.kind == "card" for o in offers):
            ready = tuple(c for c in usable(s, f)[len(s.hands[p]) :] if c not in f["committed"])
        fresh = tuple(
            o for o in offers if o.kind != "blessing" or bless[o.index].id not in f["used"]
        )
        out += fx.offered(s, p, fresh, {"m": f["m"]}, ready or ())
    return out


def options(s: LordsState, f: HuntFrame) -> list[str]:
    """Return the decisions of the Hunt's current stage."""
    stage = f["stage"]
    cards = s.content.combat
    if stage == "attack":
        return _attack_options(s, f) + _cards(s, f, "hunt-attack") + _module_options(s, f)
    if stage == "combo":
        return [
            f"with:{cards[c].id}"
            for c in sorted(set(usable(s, f)))
            if f["symbol"] == "*" or cards[c].symbol == f["symbol"]
        ]
    if stage == "slot":
        return [f"wound:{i}" for i in f["slots"]]
    if stage == "pick":
        attack_cards = s.content.attack_cards
        return [f"mattack:{attack_cards[a].id}" for a in sorted(set(f["drawn"]))]
    if stage == "defend":
        out = ["take"]
        for c in sorted(set(usable(s, f))):
            out.append(f"card:{cards[c].id}")
            if cards[c].symbol == "shield" and cards[c].kind == "deck" and not f["committed"]:
                out.append(f"shield:{cards[c].id}")
        return out + _cards(s, f, "hunt-defend") + _module_options(s, f)
    if stage == "reward":
        return [f"reward:{r}" for r in rewards(s, f)]
    return []


def _module_options(s: LordsState, f: HuntFrame) -> list[str]:
    """Return a module's extra Hunt choices (a Relic's own use, an Artifact)."""
    return hooks.collect(s, "hunt_options", f) if s.options.get("modules") else []


def choose(s: LordsState, f: HuntFrame, key: str) -> None:
    """Apply one Hunt decision."""
    verb, _, arg = key.partition(":")
    m = f["m"]
    if s.options.get("modules") and hooks.any_true(s, "hunt_play", f, key):
        return
    if verb == "end-attack":
        f["first"] = False
        if not f["round"]:
            f["ended"] = "failure"  # "Is unable to inflict any Wounds": the Hunt ends
            return
        _monster_attacks(s, f)
        return
    if verb == "hit":
        card = s.content.card(arg)
        spend(s, f, card.index)
        _choose_slot(s, f, _direct(s, m, card.symbol))
        return
    if verb == "any":
        card = s.content.card(arg)
        spend(s, f, card.index)
        f["need"] = ANY_WOUND[card.symbol] - 1
        f["symbol"] = card.symbol
        _after_combo_card(s, f)
        return
    offer = fx.offer_of(s, key, (HUNT_STAGES[f["stage"]],)) if f["stage"] in HUNT_STAGES else None
    if offer is not None:
        use_card(s, f, offer, key)
        return
    if verb == "with":
        spend(s, f, s.content.card(arg).index)
        f["need"] -= 1
        _after_combo_card(s, f)
        return
    if verb == "wound":
        _inflict(s, f, int(arg))
        return
    if verb == "mattack":
        _picked(s, f, s.content.attack_cards.index(_attack_card(s, arg)))
        return
    if verb in ("card", "shield", "take"):
        _defend(s, f, verb, arg)
        return
    if verb == "reward":
        f["stage"] = "done"
        take_reward(s, f, arg)
        conclude(s, f)


def use_card(s: LordsState, f: HuntFrame, offer: Offer, key: str) -> None:
    """Play a card's Hunt choice: a Blessing's once per Hunt, a reusable card is spent."""
    p = f["seat"]
    ctx: dict[str, Any] = {"m": f["m"]}
    if offer.kind == "blessing":
        f["used"].append(s.content.blessings[offer.index].id)
    elif offer.kind == "card":
        spend(s, f, offer.index)
        ctx["card"] = offer.index
    fx.use_offer(s, p, offer, key, ctx)


def _attack_card(s: LordsState, card_id: str) -> Any:
    return next(a for a in s.content.attack_cards if a.id == card_id)


def _after_combo_card(s: LordsState, f: HuntFrame) -> None:
    if f["need"] > 0:
        f["stage"] = "combo"
        return
    _choose_slot(s, f, uncovered(s, f["m"]))


def wound_any(s: LordsState, f: HuntFrame) -> None:
    """Deal a Wound of any type in this Hunt (Poison Arrows)."""
    _choose_slot(s, f, uncovered(s, f["m"]))


def _choose_slot(s: LordsState, f: HuntFrame, slots: list[int]) -> None:
    """Cover a symbol; ask which only when the choices differ (symbol or reward mark)."""
    symbols = tray(s, f["m"])
    kinds: dict[tuple[str, str], int] = {}
    for i in slots:
        kinds.setdefault(symbols[i], i)
    if len(kinds) == 1:
        _inflict(s, f, next(iter(kinds.values())))
        return
    f["slots"] = sorted(kinds.values())
    f["stage"] = "slot"


def _inflict(s: LordsState, f: HuntFrame, slot: int) -> None:
    f["dealt"].append(slot)
    f["round"] += 1
    f["first"] = False
    f["stage"] = "attack"
    if cover(s, f["m"], slot):
        f["ended"] = "success"  # "A Monster receives a final Wound"


# -- the Monster attacks -----------------------------------------------------------------------


def _draw_attack(s: LordsState) -> int:
    if not s.attack_deck:
        s.attack_deck = s.attack_discard
        s.attack_discard = []
        s.rng.shuffle(s.attack_deck)
    return s.attack_deck.pop()


def _monster_attacks(s: LordsState, f: HuntFrame) -> None:
    """Draw two Monster Attack cards for the player to the left to pick from."""
    count = 2 + sum(fx_fight.monster_value(s, f["m"], "attack-draws"))  # Evolved Python: 3
    if s.options.get("modules"):
        count += hooks.total(s, "attack_draws", f)
    f["drawn"] = [_draw_attack(s) for _ in range(count)]
    f["stage"] = "pick"


def attack_strength(s: LordsState, f: HuntFrame, a: int) -> int:
    """Return a Monster Attack card's Strength against this Hunt (Evolutions included)."""
    m = f["m"]
    kind, n = s.content.attack_cards[a].strength
    symbols = len(tray(s, m))
    covered = len(s.wounds[m])
    if kind == "fixed":
        value = n
    elif kind == "one-plus-uncovered":
        value = 1 + symbols - covered
    elif kind == "symbols":
        value = symbols
    elif kind == "one-plus-two-per-covered":
        value = 1 + 2 * covered
    else:  # one-plus-hand
        value = 1 + len(s.hands[f["seat"]])
    value += fx_fight.attack_strength(s, f)  # Evolve cards (e.g. +1, or +3 on the first)
    if s.options.get("modules"):
        value += hooks.total(s, "attack_strength", f, a)
    return value


def _picked(s: LordsState, f: HuntFrame, a: int) -> None:
    other = list(f["drawn"])
    other.remove(a)
    s.attack_discard.extend(other)
    f["drawn"] = []
    f.pop("own_pick", None)  # Staff of Tiresias: for one Monster Attack
    f["attack"] = a
    f["strength"] = attack_strength(s, f, a)
    f["committed"] = []
    f["boost"] = 0
    f["dodged"] = False
    f["stage"] = "defend"
    if f["strength"] <= 0:
        defended(s, f, draw=2)


def _defence(s: LordsState, f: HuntFrame) -> int:
    cards = s.content.combat
    total: int = sum(cards[c].strength for c in f["committed"])
    return total + int(f.get("boost", 0))  # a card's (e.g. Advanced Dodge, the Ashen Spear)


def _defend(s: LordsState, f: HuntFrame, verb: str, arg: str) -> None:
    p = f["seat"]
    if verb == "take":
        # cards offered but not enough: back to the hand (a reusable card was never spent)
        s.hands[p].extend(c for c in f["committed"] if s.content.combat[c].kind == "deck")
        s.hands[p].sort()
        f["committed"] = []
        _undefended(s, f)
        return
    if verb == "shield":
        discard_combat(s, p, s.content.card(arg).index)
        defended(s, f, draw=1)
        hurt(s, p, 1)
        return
    card = s.content.card(arg).index
    if s.content.combat[card].kind == "deck":
        s.hands[p].remove(card)
    f["committed"].append(card)
    settle_defence(s, f)


def settle_defence(s: LordsState, f: HuntFrame) -> None:
    """End the defence once what was offered reaches the Monster Attack's Strength."""
    if _defence(s, f) >= f["strength"]:
        for c in f["committed"]:
            if s.content.combat[c].kind == "deck":
                s.combat_discard.append(c)
            else:
                spend(s, f, c)  # a reusable card is marked used
        f["committed"] = []
        defended(s, f, draw=2)


def defended(s: LordsState, f: HuntFrame, draw: int) -> None:
    """End a defended Monster Attack: its card is discarded, the hunter draws, next round."""
    s.attack_discard.append(f["attack"])
    f["attack"] = -1
    f["attacks"] += 1
    draw_combat(s, f["seat"], draw)
    _next_round(f)


def _next_round(f: HuntFrame) -> None:
    f["round"] = 0
    if not f["ended"]:
        f["stage"] = "attack"


def _undefended(s: LordsState, f: HuntFrame) -> None:
    """Resolve the card's effects, then draw one Combat Card.

    "Not Defend: Resolve Monster Attack Card effects (receive Injuries, end Hunt etc.), and draw
    1 Combat Card": the draw waits in a ``hunt-draw`` frame under the effects' own decisions
    (discards, Injuries), so a discard never takes the card drawn after it.
    """
    p = f["seat"]
    a = f["attack"]
    s.attack_discard.append(a)
    f["attack"] = -1
    first = f["attacks"] == 0
    f["attacks"] += 1
    _next_round(f)
    s.stack.append({"k": "hunt-draw", "seat": p, "n": 1})
    fx_fight.undefended(s, f, a, first)  # the card's effects, Special Attack, Evolve cards


def apply_effects(s: LordsState, f: HuntFrame, clauses: list[Clause]) -> None:
    """Apply an undefended Monster Attack's clauses (e.g. a Special Attack's) to the hunter."""
    fx_fight.resolve(s, f, clauses, f["attacks"] == 0)


def draw_after_effects(s: LordsState, f: HuntDrawFrame) -> None:
    """Draw the undefended attack's Combat Card once its effects are resolved."""
    s.stack.remove(f)
    draw_combat(s, f["seat"], f["n"])


def lower_options(s: LordsState, f: LowerFrame) -> list[str]:
    """Nasty Wounds: which of the equal highest Attributes drops for good."""
    return [f"lower:{s.content.attributes[a]}" for a in f["among"]]


def lower_choose(s: LordsState, f: LowerFrame, key: str) -> None:
    """Lower it (never below 1)."""
    s.stack.pop()
    i = f["seat"] * s.na + s.content.attributes.index(key.partition(":")[2])
    s.attrs[i] = max(1, s.attrs[i] - f["n"])


# -- Injuries ----------------------------------------------------------------------------------


def hurt(s: LordsState, p: int, count: int) -> None:
    """Give the hunter ``count`` Injuries, one Attribute at a time (their choice)."""
    hunt = _hunt_frame(s)
    if s.all_injured(p) and fx.usable_artifact(s, p, "injured", {}) < 0:
        if hunt is not None:
            hunt["ended"] = "failure"  # "A Hero receives a fourth Injury"
        return
    s.stack.append({"k": "hurt", "seat": p, "left": count})


def _hunt_frame(s: LordsState) -> HuntFrame | None:
    for f in downward(s.stack):
        if f["k"] == "hunt":
            return f
    return None


def hurt_options(s: LordsState, f: HurtFrame) -> list[str]:
    """Choose the Attribute that takes the Injury, or use an Artifact that ignores it.

    Hades' Helmet ("Use when your Hero suffers an Injury. Ignore that Injury.") is offered at
    each Injury, to use or keep; at a fourth Injury (no Attribute left) the choice is use or
    keep, keeping it ending the Hunt.
    """
    c = s.content
    p = f["seat"]
    out = [f"injure:{c.attributes[a]}" for a in c.injurable if not s.injured[p] >> a & 1]
    helmet = fx.usable_artifact(s, p, "injured", {})
    if helmet >= 0:
        out.append(f"artifact:{c.artifacts[helmet].id}")
        if len(out) == 1:
            out.append(f"keep-artifact:{c.artifacts[helmet].id}")
    return out


def hurt_choose(s: LordsState, f: HurtFrame, key: str) -> None:
    """Injure the Attribute (or ignore the Injury with an Artifact); a fourth ends the Hunt."""
    p = f["seat"]
    fourth = key.startswith("keep-artifact:")
    if not fx.spend_artifact(s, key) and not fourth:
        s.injured[p] |= 1 << s.content.attributes.index(key.partition(":")[2])
    f["left"] -= 1
    if (
        f["left"] > 0
        and not fourth
        and (not s.all_injured(p) or fx.usable_artifact(s, p, "injured", {}) >= 0)
    ):
        return
    s.stack.pop()
    if fourth or (f["left"] > 0 and s.all_injured(p)):
        hunt = _hunt_frame(s)
        if hunt is not None:
            hunt["ended"] = "failure"  # "A Hero receives a fourth Injury"


# -- the end and the rewards -------------------------------------------------------------------


def rewards(s: LordsState, f: HuntFrame) -> list[str]:
    """Return the rewards the hunter may pick from (one of them)."""
    symbols = tray(s, f["m"])
    marks = {symbols[i][1] for i in f["dealt"] if i < len(symbols)} - {""}
    out: list[str] = [mark for mark in ("priest", "artifact") if mark in marks]
    if f["ended"] == "success" and s.content.monsters[f["m"]].artifact != "none":
        out.insert(0, "monster")
    return out


def finish(s: LordsState, f: HuntFrame) -> None:
    """Close an ended Hunt: the reward pick first, if there is one."""
    if rewards(s, f):
        f["stage"] = "reward"
        return
    conclude(s, f)


def take_reward(s: LordsState, f: HuntFrame, reward: str) -> None:
    """Give the chosen reward: the Monster's Artifact, a Priest or a Neutral Artifact."""
    p = f["seat"]
    if reward == "priest":
        gain_priest(s, p)
    elif reward == "artifact":
        draw_neutral(s, p)
    else:
        a = s.content.artifact(s.content.monsters[f["m"]].artifact).index
        s.artifact_owner[a] = p
        s.artifact_charged[a] = True


def draw_neutral(s: LordsState, p: int) -> None:
    """Take the top Neutral Artifact (none when the deck is empty)."""
    if s.neutral_deck:
        a = s.neutral_deck.pop()
        s.artifact_owner[a] = p
        s.artifact_charged[a] = True


def conclude(s: LordsState, f: HuntFrame) -> None:
    """Close the Hunt: slay the Monster, or an extra Injury; then the hand limit."""
    p = f["seat"]
    s.stack.remove(f)
    if f["ended"] == "success":
        slay(s, f["m"], p)
    enforce_limit(s, p)  # "once a Hunt is over, the player must immediately reduce"
    if f["ended"] != "success" and not s.all_injured(p):
        s.stack.append({"k": "hurt", "seat": p, "left": 1})  # "receives additional Injury"


def pending(f: HuntFrame) -> bool:
    """Return whether a Hunt frame has ended and waits to be closed."""
    return bool(f["ended"]) and f["stage"] not in ("reward", "done")


__all__ = ["HUNT", "can_hunt", "hunt_targets", "start_hunt"]


# -- Wounds dealt outside a Hunt (Thunder of Zeus, Shoot to Kill) ------------------------------


def strike_options(s: LordsState, f: StrikeFrame) -> list[str]:
    """Choose the Monster to Wound (or, for Shoot to Kill, the enemy Hoplites instead)."""
    out = [f"strike:{s.content.monsters[m].id}" for m in f["ms"]]
    if f["hoplites"]:
        out.append("strike:none")
    return out


def strike_choose(s: LordsState, f: StrikeFrame, key: str) -> None:
    """Wound the chosen Monster (its symbol chosen next), or kill the Hoplites."""
    s.stack.pop()
    arg = key.partition(":")[2]
    p = s.current
    if arg == "none":
        kill_chosen(s, s.hero_at[p], int(f.get("n", 2)), spare=p)
        return
    strike(s, s.content.monster(arg).index)


def strike(s: LordsState, m: int) -> None:
    """Push the choice of the symbol a Wound dealt outside a Hunt covers."""
    symbols = tray(s, m)
    kinds: dict[tuple[str, str], int] = {}
    for i in uncovered(s, m):
        kinds.setdefault(symbols[i], i)
    if len(kinds) == 1:
        wound_outside_hunt(s, m, next(iter(kinds.values())), s.current)
        return
    s.stack.append({"k": "strike-slot", "m": m, "slots": sorted(kinds.values())})


def strike_slot_options(s: LordsState, f: StrikeSlotFrame) -> list[str]:
    """Which Wound symbol to cover."""
    return [f"wound:{i}" for i in f["slots"]]


def strike_slot_choose(s: LordsState, f: StrikeSlotFrame, key: str) -> None:
    """Cover it: no reward, but the last Wound slays the Monster for its Glory and count."""
    s.stack.pop()
    wound_outside_hunt(s, f["m"], int(key.partition(":")[2]), s.current)
