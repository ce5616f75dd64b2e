"""The rules side of the effect vocabulary (``effects.py``): where clauses run, and how.

The base rules call in at each trigger point and never name a card:

- ``fire`` runs a seat's Blessing clauses of a trigger (``turn-start``, ``temple-built`` ...),
  ``fire_blessing`` one card's (``received``); ``passive`` reads the rules a held card changes
  (a hand limit, a Population, a March's reach ...);
- ``turn_offers``/``battle_offers``/``hunt_offers`` list the choices cards make (``use:<id>``,
  ``alt:<id>``, ``artifact:<id>`` or a clause's own ``key``), ``use_offer`` plays one;
- ``battle_strength``, ``battle_played``, ``after_battle`` count and run the clauses of the
  Blessings and Combat Cards in a Battle; ``usable_artifact`` finds a "Use when ..." Artifact
  (``battle-lost``, ``injured``) that the rules then offer, use or keep, and ``spend_artifact``
  uses it; the Monster side (Attack cards, Special Attacks, Evolutions)
  is in ``fx_fight``.

Effects are applied one after another from an ``fx`` frame (``resume``), so an effect that asks a
decision is answered before the next starts.  Each effect's code is a runner registered by name
(``RUNNERS``: ``fx_effects`` and ``fx_fight``; a module's own through ``effects.register``), each
condition a check (``CHECKS``); ``POSSIBLE`` says when an offered effect can do anything, so that
a choice that would do nothing is not offered.  What is derived from the content (which cards
carry which clauses, the offers' keys) is built once per content value (``index``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from hellas.games.lords.board import adjacent, armies, lands_controlled, region_of, rid
from hellas.games.lords.cards import discard_combat, raise_attribute
from hellas.games.lords.content import Content
from hellas.games.lords.effects import Clause, hook
from hellas.games.lords.frames import BattleFrame, EffectFrame, FxFrame, HuntFrame, downward
from hellas.games.lords.fx_index import (
    OWN_OFFERS,
    Index,
    Offer,
    card_passive,
    hero_clauses,
    index,
    passive,
)
from hellas.games.lords.state import SPECIALS, LordsState

SPECIAL_BITS = (1 << len(SPECIALS)) - 1
FRAMES = ("fx-charge", "fx-discard", "fx-kill", "fx-remove", "fx-heal", "fx-untoken", "fx-raise")
# what an fx frame remembers of its trigger (a Battle's sides, a Region, the Artifact used ...)
CTX = ("opp", "region", "side", "dead", "source", "quest")


Runner = Callable[[LordsState, FxFrame, int, Any], None]
Check = Callable[[LordsState, int, Any, dict[str, Any]], bool]
RUNNERS: dict[str, Runner] = {}
CHECKS: dict[str, Check] = {}
POSSIBLE: dict[str, Check] = {}
# the choice keys an effect's decision needs, for content that uses it (its procedure's keys)
ENTRIES: dict[str, Callable[[Content], list[tuple[str, str]]]] = {}


def runner(name: str) -> Callable[[Runner], Runner]:
    """Register a function as the rule of effect ``name``."""

    def put(fn: Runner) -> Runner:
        RUNNERS[name] = fn
        return fn

    return put


def check(name: str, table: dict[str, Check] | None = None) -> Callable[[Check], Check]:
    """Register a function as condition ``name`` (or, with ``POSSIBLE``, an effect's check)."""

    def put(fn: Check) -> Check:
        (CHECKS if table is None else table)[name] = fn
        return fn

    return put


# -- conditions --------------------------------------------------------------------------------


def holds(s: LordsState, seat: int, clause: Clause, ctx: dict[str, Any]) -> bool:
    """Return whether every condition of ``clause`` holds for ``seat`` now."""
    for name, value in clause.conditions:
        test = CHECKS.get(name)
        if test is None:
            test = _attribute_check(s, name) or hook(name)
        if not test(s, seat, value, ctx):
            return False
    return True


def _attribute_check(s: LordsState, name: str) -> Check | None:
    """Return the check of ``<attribute>-at-least`` / ``<attribute>-below`` (else ``None``)."""
    attribute, _, end = name.partition("-")
    names = s.content.attributes
    if attribute not in names or end not in ("at-least", "below"):
        return None
    a = names.index(attribute)
    if end == "at-least":
        return lambda s, seat, value, ctx: s.attr(seat, a) >= value
    return lambda s, seat, value, ctx: s.attr(seat, a) < value


def _flag(test: Callable[[LordsState, int, dict[str, Any]], bool]) -> Check:
    """Return a true/false condition: it holds when the fact is as its value says."""
    return lambda s, seat, value, ctx: test(s, seat, ctx) == value


def _regions(s: LordsState, seat: int) -> int:
    return sum(1 for owner in s.control if owner == seat)


def _more_regions(s: LordsState, seat: int, ctx: dict[str, Any]) -> bool:
    opp = ctx.get("opp", -1)
    others = [opp] if opp >= 0 else [q for q in range(s.n) if q != seat]
    return all(_regions(s, seat) > _regions(s, q) for q in others)


def used_artifacts(s: LordsState, seat: int, besides: int = -1) -> list[int]:
    """Return ``seat``'s Artifacts that are not charged (``besides``: one left out)."""
    return [
        a
        for a in range(len(s.artifact_owner))
        if s.artifact_owner[a] == seat and not s.artifact_charged[a] and a != besides
    ]


def with_symbol(s: LordsState, seat: int, symbol: str) -> list[int]:
    """Return the Combat Card kinds with ``symbol`` in ``seat``'s hand."""
    cards = s.content.combat
    return sorted({c for c in s.hands[seat] if cards[c].symbol == symbol})


def _hunt(s: LordsState) -> HuntFrame | None:
    """Return the Hunt in progress (the top-most one), if any."""
    for f in downward(s.stack):
        if f["k"] == "hunt":
            return f
    return None


def _hunting(s: LordsState, key: Literal["first", "committed"]) -> bool:
    """Return whether a Hunt is in progress and its ``key`` is set (its first round, cards)."""
    h = _hunt(s)
    return h is not None and bool(h[key])


def _battle_region(ctx: dict[str, Any]) -> int:
    return int(ctx.get("region", -1))


CHECKS.update(
    {
        "controls-more-regions": _flag(_more_regions),
        "controls-a-land": _flag(lambda s, seat, ctx: bool(lands_controlled(s, seat))),
        "dead-at-least": lambda s, seat, value, ctx: int(ctx.get("dead", 0)) >= value,
        "attacking": _flag(lambda s, seat, ctx: ctx.get("side") == 0),
        "hero-in-region": _flag(
            lambda s, seat, ctx: s.hero_at[seat] >= 0 and s.hero_at[seat] == _battle_region(ctx)
        ),
        "hero-next-to-battle": _flag(
            lambda s, seat, ctx: (
                s.hero_at[seat] >= 0 and _battle_region(ctx) in adjacent(s, s.hero_at[seat])
            )
        ),
        "outnumbered": _flag(
            lambda s, seat, ctx: (
                s.hoplites(_battle_region(ctx), int(ctx["opp"]))
                > s.hoplites(_battle_region(ctx), seat)
            )
        ),
        "fortified-here": _flag(lambda s, seat, ctx: s.fort[_battle_region(ctx)] == seat),
        "city-battle": _flag(lambda s, seat, ctx: s.content.regions[_battle_region(ctx)].city > 0),
        "priests-at-least": lambda s, seat, value, ctx: s.priests[seat] >= value,
        "healthy-at-least": lambda s, seat, value, ctx: s.healthy(seat) >= value,
        "injured": _flag(lambda s, seat, ctx: bool(s.injured[seat])),
        "cards-at-most": lambda s, seat, value, ctx: len(s.hands[seat]) <= value,
        "supply-at-least": lambda s, seat, value, ctx: s.supply[seat] >= value,
        "used-artifact": _flag(lambda s, seat, ctx: bool(used_artifacts(s, seat))),
        "used-token": _flag(lambda s, seat, ctx: bool(s.used[seat] & SPECIAL_BITS)),
        "holds-symbol": lambda s, seat, value, ctx: bool(with_symbol(s, seat, str(value))),
        "hero-at-temple": _flag(
            lambda s, seat, ctx: s.hero_at[seat] >= 0 and bool(s.temples[s.hero_at[seat]])
        ),
        "hero-region-neutral": _flag(
            lambda s, seat, ctx: s.hero_at[seat] >= 0 and s.control[s.hero_at[seat]] < 0
        ),
        "enemies-with-hero": _flag(
            lambda s, seat, ctx: (
                s.hero_at[seat] >= 0
                and any(s.hoplites(s.hero_at[seat], q) for q in range(s.n) if q != seat)
            )
        ),
        "hunt-start": _flag(lambda s, seat, ctx: _hunting(s, "first")),
        "defending-with-cards": _flag(lambda s, seat, ctx: _hunting(s, "committed")),
        "wounds-at-least": lambda s, seat, value, ctx: len(s.wounds[int(ctx["m"])]) >= value,
        "first-attack": _flag(lambda s, seat, ctx: int(ctx.get("attacks", 0)) == 0),
    }
)


def possible(s: LordsState, seat: int, clause: Clause, ctx: dict[str, Any]) -> bool:
    """Return whether an offered clause holds and each of its effects can do something."""
    if not holds(s, seat, clause, ctx):
        return False
    for name, value in clause.effects:
        test = POSSIBLE.get(name)
        if test is not None and not test(s, seat, value, ctx):
            return False
    return True


# -- running clauses ---------------------------------------------------------------------------


def fire(
    s: LordsState, seat: int, trigger: str, ctx: dict[str, Any] | None = None, hero: bool = True
) -> bool:
    """Run ``seat``'s Blessing clauses of ``trigger`` whose conditions hold, then its Hero's.

    Return whether any ran; ``hero=False`` leaves the Hero's out (``fire_hero`` ran them first).
    """
    by_blessing = index(s.content).fires.get(trigger)
    ran = False
    if by_blessing:
        for b in list(s.blessings[seat]):
            for clause in by_blessing.get(b, ()):
                context = ctx or {}
                if holds(s, seat, clause, context):
                    run(s, seat, clause.effects, context)
                    ran = True
    if hero:
        ran = fire_hero(s, seat, trigger, ctx) or ran
    return ran


def fire_hero(s: LordsState, seat: int, trigger: str, ctx: dict[str, Any] | None = None) -> bool:
    """Run the clauses of ``trigger`` of ``seat``'s Hero whose conditions hold; return if any ran.

    A Hero's bonus and ability are ``[[ability]]`` records (``heroes.toml``): Heracles' Glory
    Token for Neutral Artifacts at ``turn-start``, Perseus' placement at ``prepare-done`` ...
    """
    ran = False
    for clause in hero_clauses(s, seat, trigger):
        context = ctx or {}
        if holds(s, seat, clause, context):
            run(s, seat, clause.effects, context)
            ran = True
    return ran


def fire_blessing(s: LordsState, seat: int, blessing: int, trigger: str) -> None:
    """Run one Blessing's clauses of ``trigger`` (``received``: the card just taken)."""
    for clause in index(s.content).blessing.get(blessing, ()):
        if clause.when == trigger and holds(s, seat, clause, {}):
            run(s, seat, clause.effects, {})


def fire_card(s: LordsState, seat: int, card: int, trigger: str, ctx: dict[str, Any]) -> None:
    """Run one Combat Card's clauses of ``trigger`` for its owner ``seat``."""
    for clause in index(s.content).card.get(card, ()):
        if clause.when == trigger and holds(s, seat, clause, ctx):
            run(s, seat, clause.effects, ctx)


def run(
    s: LordsState, seat: int, effects: tuple[tuple[str, Any], ...], ctx: dict[str, Any]
) -> None:
    """Queue ``effects`` for ``seat`` in an ``fx`` frame; ``resume`` applies them in order."""
    frame: FxFrame = {"k": "fx", "seat": seat, "todo": [[n, v] for n, v in effects]}
    # the trigger's context, in ``CTX`` order (the keys' order is the frame's, kept in records)
    if "opp" in ctx:
        frame["opp"] = ctx["opp"]
    if "region" in ctx:
        frame["region"] = ctx["region"]
    if "side" in ctx:
        frame["side"] = ctx["side"]
    if "dead" in ctx:
        frame["dead"] = ctx["dead"]
    if "source" in ctx:
        frame["source"] = ctx["source"]
    if "quest" in ctx:
        frame["quest"] = ctx["quest"]
    s.stack.append(frame)
    resume(s, frame)


def resume(s: LordsState, f: FxFrame) -> None:
    """Apply the frame's effects in order until one asks a decision.

    The decision's frame comes on top and the rest wait here; the frame goes as soon as no
    effect is left (under the last one's decisions, if it asked any).
    """
    while f["todo"] and s.stack[-1] is f:
        name, value = f["todo"].pop(0)
        apply(s, f, int(f["seat"]), str(name), value)
    if not f["todo"]:
        for i in range(len(s.stack) - 1, -1, -1):
            if s.stack[i] is f:
                del s.stack[i]
                break


def apply(s: LordsState, f: FxFrame, seat: int, name: str, value: Any) -> None:
    """Apply one effect (a decision pushes its frame above ``f``)."""
    rule = RUNNERS.get(name)
    if rule is None:
        rule = hook(name)
    rule(s, f, seat, tuple(value) if isinstance(value, list) else value)


def removed(s: LordsState) -> list[int]:
    """Return the Hoplites each seat has had removed from the game (for good), a copy."""
    store = s.mod.get("fx")
    return list(store["removed"]) if store else [0] * s.n


def gone(s: LordsState) -> list[int]:
    """Return the (mutable) counts of Hoplites removed from the game, created on first use."""
    store: dict[str, Any] = s.mod.setdefault("fx", {"removed": [0] * s.n})
    out: list[int] = store["removed"]
    return out


# -- the choices cards make --------------------------------------------------------------------


def _keys(s: LordsState, offer: Offer, seat: int, ctx: dict[str, Any]) -> list[str]:
    """Return the keys of an offer whose card is ready, if possible now (its own keys, or one)."""
    ctx = {
        **ctx,
        "source": offer.index if offer.kind == "artifact" else -1,
        "card": offer.index if offer.kind == "card" else -1,
    }
    if not possible(s, seat, offer.clause, ctx):
        return []
    own = OWN_OFFERS.get(offer.clause.effects[0][0]) if offer.clause.effects else None
    if own is not None:
        return own[1](s, seat, offer.clause.effects[0][1])
    return [offer.key]


def listed(
    s: LordsState,
    seat: int,
    trigger: str,
    origin: str | None,
    ctx: dict[str, Any],
    kinds: tuple[str, ...] = ("blessing", "artifact", "card"),
    cards: tuple[int, ...] = (),
) -> list[str]:
    """Return the keys of the offers of ``trigger`` (of cards from ``origin``; ``None``: any).

    ``cards``: the reusable Combat Cards ready (a Combat Card's offers need one of them).
    """
    offers = _group(index(s.content), trigger, origin, kinds)
    return offered(s, seat, offers, ctx, cards) if offers else []


def offered(
    s: LordsState, seat: int, offers: tuple[Offer, ...], ctx: dict[str, Any], cards: tuple[int, ...]
) -> list[str]:
    """Return the keys of ``offers`` whose card ``seat`` has ready and which are possible now.

    ``cards``: the reusable Combat Cards ready (a Combat Card's offers need one of them).
    """
    out: list[str] = []
    held = s.blessings[seat]
    owner, charged = s.artifact_owner, s.artifact_charged
    for offer in offers:  # only a card its holder has ready (an Artifact charged ...)
        kind, i = offer.kind, offer.index
        if kind == "blessing":
            if i not in held:
                continue
        elif kind == "artifact":
            if owner[i] != seat or not charged[i]:
                continue
        elif i not in cards:
            continue
        out += _keys(s, offer, seat, ctx)
    return out


def turn_cards(
    s: LordsState, seat: int, origin: str, allowed: frozenset[str]
) -> dict[str, list[str]]:
    """Return the turn menu's card choices by group (``TURN_GROUPS``).

    Only the cards ``origin`` brings ("": the base game's and a pack's; else a module's), and
    only the groups ``allowed`` now (a Regular Action still to take ...).  The seat's own cards
    are looked up (a few), not every card that could offer a choice.
    """
    idx = index(s.content)
    found: list[tuple[int, Offer]] = []
    by_blessing = idx.turn_blessing.get(origin)
    if by_blessing:
        for b in s.blessings[seat]:
            found += by_blessing.get(b, ())
    by_artifact = idx.turn_artifact.get(origin)
    if by_artifact and seat in s.artifact_owner:
        charged = s.artifact_charged
        for a, owner in enumerate(s.artifact_owner):
            if owner == seat and charged[a]:
                found += by_artifact.get(a, ())
    if not found:
        return {}
    found.sort(key=_rank)
    out: dict[str, list[str]] = {}
    for _, offer in found:
        when = offer.clause.when
        if when in allowed:
            keys = _keys(s, offer, seat, {})
            if keys:
                out.setdefault(when, []).extend(keys)
    return out


def _rank(item: tuple[int, Offer]) -> int:
    return item[0]


def offers_at(
    s: LordsState, trigger: str, origin: str | None, kinds: tuple[str, ...]
) -> tuple[Offer, ...]:
    """Return the offers of ``trigger`` from ``origin`` of ``kinds``, in their listing order."""
    return _group(index(s.content), trigger, origin, kinds)


def _group(
    idx: Index, trigger: str, origin: str | None, kinds: tuple[str, ...]
) -> tuple[Offer, ...]:
    """Return the offers of ``trigger`` from ``origin`` in the order they are listed (found once).

    By kind in ``kinds``' order, each in content order; a card whose effect offers its own
    choices (the Golden Goblet's Attribute > action) after the others.
    """
    key = (trigger, origin, kinds)
    found = idx.groups.get(key)
    if found is None:
        offers = [
            offer
            for kind in kinds
            for offer in idx.by_trigger.get(trigger, ())
            if offer.kind == kind and (origin is None or offer.origin == origin)
        ]
        own = [o for o in offers if o.clause.effects and o.clause.effects[0][0] in OWN_OFFERS]
        found = idx.groups[key] = tuple([o for o in offers if o not in own] + own)
    return found


def has_offers(s: LordsState, trigger: str) -> bool:
    """Return whether any card of the game makes a choice at ``trigger``."""
    return trigger in index(s.content).by_trigger


def offer_of(s: LordsState, key: str, triggers: tuple[str, ...]) -> Offer | None:
    """Return the card choice a key names at one of ``triggers`` (``None``: not one)."""
    idx = index(s.content)
    verb, colon, _ = key.partition(":")
    if verb not in idx.verbs:
        return None
    found = idx.offers.get(key) or (idx.offers.get(verb + ":") if colon else None)
    for offer in found or ():
        if offer.clause.when in triggers:
            return offer
    return None


def use_offer(s: LordsState, seat: int, offer: Offer, key: str, ctx: dict[str, Any]) -> None:
    """Play a card's choice: an Artifact is used (until charged again), then its effects run."""
    if offer.kind == "artifact":
        s.artifact_charged[offer.index] = False
        ctx = {**ctx, "source": offer.index}
    first = offer.clause.effects[0] if offer.clause.effects else None
    own = OWN_OFFERS.get(first[0]) if first else None
    if own is not None and first is not None:
        own[2](s, seat, first[1], key)
        return
    run(s, seat, offer.clause.effects, ctx)


def usable_artifact(s: LordsState, seat: int, trigger: str, ctx: dict[str, Any]) -> int:
    """Return ``seat``'s charged Artifact that may be used at ``trigger`` (-1 when none).

    A "Use when ..." Artifact (Hades' Helmet at ``injured``: "Use when your Hero suffers an
    Injury. Ignore that Injury."; the Palladium at ``battle-lost``) is offered at that moment,
    use or keep, to its owner; its clause's effect (``ignore-injury``, ``swap-winner``) is what
    using it does.  ``spend_artifact`` uses it.
    """
    for a, clause in index(s.content).auto.get(trigger, ()):
        if (
            s.artifact_owner[a] == seat
            and s.artifact_charged[a]
            and any(value for _, value in clause.effects)
            and holds(s, seat, clause, ctx)
        ):
            return a
    return -1


def spend_artifact(s: LordsState, key: str) -> bool:
    """Use the Artifact a ``artifact:<id>`` answer names (used until charged again).

    Return False for any other answer (``keep-artifact:<id>``, an Attribute to injure ...).
    """
    verb, _, artifact_id = key.partition(":")
    if verb != "artifact":
        return False
    s.artifact_charged[s.content.artifact(artifact_id).index] = False
    return True


# -- Battles -----------------------------------------------------------------------------------


def battle_ctx(f: BattleFrame, side: int) -> dict[str, Any]:
    """Return the context of a Battle's clauses for one side."""
    return {
        "opp": f["def"] if side == 0 else f["att"],
        "region": f["region"],
        "side": side,
        "dead": f.get("dead", 0),
    }


def battle_strength(s: LordsState, f: BattleFrame, side: int) -> int:
    """Return the Army Strength one side gets from clauses (its Blessings, its cards played)."""
    idx = index(s.content)
    if not idx.card and "battle-strength" not in idx.triggers:
        return 0
    seat = f["att"] if side == 0 else f["def"]
    ctx = battle_ctx(f, side)
    total = 0
    for clause in _fighting(s, idx, seat, f["played"][side], "battle-strength"):
        if holds(s, seat, clause, ctx):
            for name, value in clause.effects:
                if name == "army-strength":
                    total += int(value)
                elif name == "army-strength-per-card":
                    total += int(value) * len(f["played"][side])
                elif name == "army-strength-lower":  # e.g. Achilles: Speed, Strength
                    names = s.content.attributes
                    total += min(s.attr(seat, names.index(str(a))) for a in value)
                else:  # army-strength-attribute
                    total += s.attr(seat, s.content.attributes.index(str(value)))
    return total


def _fighting(s: LordsState, idx: Index, seat: int, cards: list[int], trigger: str) -> list[Clause]:
    """Return the clauses of ``trigger`` of ``seat``'s Blessings, played cards and Hero."""
    clauses = [
        clause
        for b in s.blessings[seat]
        for clause in idx.blessing.get(b, ())
        if clause.when == trigger
    ]
    for c in cards:
        clauses += [x for x in idx.card.get(c, ()) if x.when == trigger]
    return clauses + list(hero_clauses(s, seat, trigger))


def battle_played(s: LordsState, f: BattleFrame, side: int, card: int) -> None:
    """Run a Combat Card's ``battle-played`` clauses as it is played."""
    clauses = index(s.content).card.get(card, ())
    seat = f["att"] if side == 0 else f["def"]
    ctx = battle_ctx(f, side)
    for clause in clauses:
        if clause.when == "battle-played" and holds(s, seat, clause, ctx):
            run(s, seat, clause.effects, ctx)


def after_battle(s: LordsState, f: BattleFrame) -> None:
    """Run both sides' ``after-battle`` clauses: their Blessings and the cards they played."""
    idx = index(s.content)
    if not idx.card and "after-battle" not in idx.triggers:
        return
    for side in (0, 1):
        seat = f["att"] if side == 0 else f["def"]
        ctx = battle_ctx(f, side)
        spent: list[list[int]] = f.get("spent") or f["played"]
        for clause in _fighting(s, idx, seat, spent[side], "after-battle"):
            if holds(s, seat, clause, ctx):
                run(s, seat, clause.effects, ctx)


# -- a Blessing's actions on its holder's turn (the bot asks which are worth taking) -----------


def actions(s: LordsState, seat: int) -> list[str]:
    """Return the ``action`` choices of ``seat``'s cards that can be taken now."""
    return listed(s, seat, "action", None, {}, ("blessing",))


# -- the effects' decision frames --------------------------------------------------------------


def frame_options(
    s: LordsState,
    f: EffectFrame,
) -> list[str]:
    """Return the choices of an effect's decision frame (none left: it is skipped)."""
    seat = f["seat"]
    c = s.content
    if f["k"] == "fx-charge":
        used = [f"charge:{c.artifacts[a].id}" for a in used_artifacts(s, seat, f.get("not", -1))]
        return (["charge:none", *used] if f["may"] else used) if used else []
    if f["k"] == "fx-discard":
        return [f"discard:{c.combat[x].id}" for x in with_symbol(s, seat, f["symbol"])]
    if f["k"] == "fx-kill":
        return [
            f"kill-other:{rid(s, r)}>{c.heroes[s.heroes[q]].id}"
            for r in range(len(s.control))
            for q in armies(s, r)
            if q != seat
        ]
    if f["k"] == "fx-remove":
        return [f"remove:{rid(s, r)}" for r in range(len(s.control)) if s.hoplites(r, seat)]
    if f["k"] == "fx-heal":
        return [f"prep:heal-{c.attributes[a]}" for a in range(s.na) if s.injured[seat] >> a & 1]
    if f["k"] == "fx-untoken":
        tokens = s.used[seat]
        return [f"untoken:{SPECIALS[a]}" for a in range(len(SPECIALS)) if tokens >> a & 1]
    return [f"attr:{a}" for a in c.attributes]  # fx-raise


def frame_choose(
    s: LordsState,
    f: EffectFrame,
    key: str,
) -> None:
    """Apply the decision of an effect's frame."""
    seat = f["seat"]
    arg = key.partition(":")[2]
    c = s.content
    if f["k"] == "fx-charge":
        s.stack.remove(f)
        if arg != "none":
            s.artifact_charged[c.artifact(arg).index] = True
    elif f["k"] == "fx-discard":
        s.stack.remove(f)
        discard_combat(s, seat, c.card(arg).index)
    elif f["k"] == "fx-kill":
        from hellas.games.lords.board import kill  # noqa: PLC0415

        region_id, _, hero_id = arg.partition(">")
        q = next(q for q in range(s.n) if c.heroes[s.heroes[q]].id == hero_id)
        kill(s, region_of(s, region_id), q, 1)
        f["left"] -= 1
        if f["left"] <= 0:
            s.stack.remove(f)
    elif f["k"] == "fx-remove":
        r = region_of(s, arg)
        if s.hop[r * s.n + seat]:
            s.hop[r * s.n + seat] -= 1
        else:
            s.fort[r] = -1
        gone(s)[seat] += 1
        f["left"] -= 1
        if f["left"] <= 0:
            s.stack.remove(f)
    elif f["k"] == "fx-heal":
        s.stack.remove(f)
        s.injured[seat] &= ~(1 << c.attributes.index(key.partition("-")[2]))
    elif f["k"] == "fx-untoken":
        s.stack.remove(f)
        s.used[seat] &= ~(1 << SPECIALS.index(arg))
    else:  # fx-raise
        s.stack.remove(f)
        raise_attribute(s, seat, c.attributes.index(arg))


def entries(c: Content) -> list[tuple[str, str]]:
    """Return the choice keys the cards' choices and their effects' decisions add.

    Only those ``c``'s table lacks (the table keeps the first of a key).
    """
    out: list[tuple[str, str]] = []
    known: set[str] = set()
    used = _effects_used(c)
    for name, more in ENTRIES.items():  # a module's game keeps them all (its table's order)
        if name in used or c.modules:
            out += [row for row in more(c) if row[0] not in known]
            known.update(key for key, _ in out)
    for offers in index(c).offers.values():
        for offer in offers:
            if offer.key not in known:
                known.add(offer.key)
                out.append((offer.key, offer.clause.label or _words(c, offer)))
    return out


def _charge_keys(c: Content) -> list[tuple[str, str]]:
    return [("charge:none", "Charge no Artifact")] + [
        (f"charge:{a.id}", f"Charge {a.name}") for a in c.artifacts
    ]


ENTRIES["charge-artifact"] = ENTRIES["may-charge-artifact"] = _charge_keys
ENTRIES["kill-other"] = lambda c: [
    (f"kill-other:{r.id}>{h.id}", f"Kill a Hoplite of {h.name} in {r.name}")
    for r in c.regions
    for h in c.heroes
]
ENTRIES["others-remove-hoplites"] = lambda c: [
    (f"remove:{r.id}", f"Remove one of your Hoplites in {r.name} from the game") for r in c.regions
]


def _words(c: Content, offer: Offer) -> str:
    """Return a card choice's words: the card's name and what it says."""
    if offer.kind == "blessing":
        b = c.blessings[offer.index]
        return f"{b.name}: {b.text}"
    if offer.kind == "artifact":
        a = c.artifacts[offer.index]
        return f"Use {a.name}: {a.effect}"
    card = c.combat[offer.index]
    return f"Use {card.name}: {card.text}" if card.text else f"Use {card.name}"


def _effects_used(c: Content) -> set[str]:
    """Return the names of the effects some record of ``c`` uses."""
    records: list[Any] = [*c.blessings, *c.artifacts, *c.combat, *c.attack_cards, *c.evolutions]
    records += c.rewards
    clauses = [clause for r in records for clause in r.effects]
    clauses += [clause for m in c.monsters for clause in m.special]
    return {name for clause in clauses for name, _ in clause.effects}


# what the rules read from here, with the content's index (``fx_index``)
__all__ = [
    "CHECKS",
    "ENTRIES",
    "FRAMES",
    "OWN_OFFERS",
    "POSSIBLE",
    "RUNNERS",
    "Offer",
    "actions",
    "after_battle",
    "apply",
    "battle_ctx",
    "battle_played",
    "battle_strength",
    "card_passive",
    "check",
    "entries",
    "fire",
    "fire_blessing",
    "fire_card",
    "frame_choose",
    "frame_options",
    "gone",
    "has_offers",
    "holds",
    "index",
    "listed",
    "offer_of",
    "offered",
    "offers_at",
    "passive",
    "possible",
    "removed",
    "resume",
    "run",
    "runner",
    "spend_artifact",
    "turn_cards",
    "usable_artifact",
    "use_offer",
    "used_artifacts",
    "with_symbol",
]
