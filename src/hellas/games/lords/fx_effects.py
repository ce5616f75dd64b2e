"""The rules of the effect vocabulary's general effects: cards, Priests, the Hero, the map.

Each function is the rule of one effect of ``effects.EFFECTS`` (registered by name in
``fx.RUNNERS``); ``POSSIBLE`` says when an offered effect can do anything at all (an Artifact
whose Region has no Hoplites is not offered).  Effects that ask a decision push the procedure
that asks it: the frames and keys are those the built-in cards always used (``boots``,
``thunder``, ``fly``, ``wrath`` ...), so saved games replay.  The Battle and Hunt effects are in
``fx_fight``.
"""

from __future__ import annotations

from typing import Any

from hellas.games.lords import fx
from hellas.games.lords.board import (
    add_hoplites,
    armies,
    enemies_in,
    gain_priest,
    region_of,
    settle_control,
    take_control,
)
from hellas.games.lords.cards import (
    MAX_ATTRIBUTE,
    draw_combat,
    enforce_limit,
    raise_attribute,
    receive_blessing,
)
from hellas.games.lords.frames import (
    FxFrame,
    HepLyreFrame,
    HepVotiveFrame,
    HmOmphalosFrame,
    TurnFrame,
    WrathFrame,
    downward,
)
from hellas.games.lords.fx import POSSIBLE, runner, used_artifacts
from hellas.games.lords.state import EXHAUSTED, HUNT, LordsState


def fighting(s: LordsState) -> bool:
    """Return whether a Battle or a Hunt is in progress (the hand limit waits for its end)."""
    return any(f["k"] in ("battle", "hunt") for f in s.stack)


def _here(s: LordsState, seat: int) -> int:
    return s.hero_at[seat]


def _movable(s: LordsState, seat: int) -> bool:
    return any(s.hop[r * s.n + seat] for r in range(len(s.control))) or seat in s.fort


def _cities(s: LordsState, seat: int) -> list[int]:
    return [r.index for r in s.content.regions if r.city and s.control[r.index] == seat]


def _monsters_out(s: LordsState) -> bool:
    return any(m >= 0 for m in s.monster_at)


def _turn(s: LordsState) -> TurnFrame:
    return next(f for f in downward(s.stack) if f["k"] == "turn")


def amount(s: LordsState, seat: int, value: Any) -> int:
    """Return an ``amount``: a number, or the Hero's value of an Attribute."""
    if isinstance(value, str):
        return s.attr(seat, s.content.attributes.index(value))
    return int(value)


# -- Combat Cards --------------------------------------------------------------------------


@runner("draw")
def draw(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """Draw N Combat Cards; the hand limit applies at once outside a Battle or a Hunt."""
    draw_combat(s, seat, n)
    if not fighting(s):
        enforce_limit(s, seat)


@runner("draw-keep")
def draw_keep(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """Draw N Combat Cards and keep 1 (the ``owl`` frame); fewer drawn: keep them."""
    before = list(s.hands[seat])
    draw_combat(s, seat, n)
    drawn = list(s.hands[seat])
    for c in before:
        drawn.remove(c)
    if len(drawn) == n and n > 1:
        s.stack.append({"k": "owl", "cards": drawn})
    else:
        enforce_limit(s, seat)


@runner("redraw")
def redraw(s: LordsState, f: FxFrame, seat: int, _: bool) -> None:
    """Discard any Combat Cards, one at a time, then draw as many (the ``graeae`` frame)."""
    s.stack.append({"k": "graeae", "seat": seat, "n": 0})


POSSIBLE["redraw"] = lambda s, seat, value, ctx: bool(s.hands[seat])


@runner("discard-symbol")
def discard_symbol(s: LordsState, f: FxFrame, seat: int, symbol: str) -> None:
    """Discard a Combat Card with the symbol (a cost: its holder picks which)."""
    s.stack.append({"k": "fx-discard", "seat": seat, "symbol": symbol})


POSSIBLE["discard-symbol"] = lambda s, seat, value, ctx: bool(fx.with_symbol(s, seat, value))


# -- Priests and the Hero ------------------------------------------------------------------


@runner("priest")
def priest(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """Add Priests to the pool (at most 4 owned)."""
    gain_priest(s, seat, n)


@runner("sacrifice-priest")
def sacrifice_priest(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """Sacrifice Priests from the pool."""
    s.priests[seat] = max(0, s.priests[seat] - n)


POSSIBLE["sacrifice-priest"] = lambda s, seat, value, ctx: s.priests[seat] >= value


@runner("injure-self")
def injure_self(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """Injure the Hero N times, its player picking each Attribute."""
    from hellas.games.lords.hunt import hurt  # noqa: PLC0415 - hunt imports fx

    hurt(s, seat, n)


POSSIBLE["injure-self"] = lambda s, seat, value, ctx: s.healthy(seat) >= value


@runner("heal")
def heal(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """Heal N Injuries, asking which each time."""
    for _ in range(n):
        s.stack.append({"k": "fx-heal", "seat": seat})


@runner("recover")
def recover(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """Heal N Injuries; asked (the ``heal`` frame) only when more than N could be healed."""
    if bin(s.injured[seat]).count("1") <= n:
        s.injured[seat] = 0
        return
    for _ in range(n):
        s.stack.append({"k": "heal", "seat": seat})


@runner("heal-all")
def heal_all(s: LordsState, f: FxFrame, seat: int, _: bool) -> None:
    """Heal every Injury of the Hero."""
    s.injured[seat] = 0


POSSIBLE["heal-all"] = lambda s, seat, value, ctx: bool(s.injured[seat])


def _attribute(s: LordsState, name: str) -> int:
    return s.content.attributes.index(name)


@runner("raise")
def raise_one(s: LordsState, f: FxFrame, seat: int, name: str) -> None:
    """Raise one named Attribute by 1 (at most 5)."""
    raise_attribute(s, seat, _attribute(s, name))


@runner("raise-attribute")
def raise_chosen(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """Raise N times an Attribute of the player's choice."""
    for _ in range(n):
        s.stack.append({"k": "fx-raise", "seat": seat})


@runner("attribute-to-3")
def attribute_to_3(s: LordsState, f: FxFrame, seat: int, _: bool) -> None:
    """Raise one Attribute below 3 to 3 (the ``to3`` frame), if one is below 3."""
    if any(s.attrs[seat * s.na + a] < 3 for a in range(s.na)):
        s.stack.append({"k": "to3"})


@runner("lower-attribute")
def lower_attribute(s: LordsState, f: FxFrame, seat: int, name: str) -> None:
    """Lower one named Attribute by 1 for good (never below 1)."""
    i = seat * s.na + _attribute(s, name)
    s.attrs[i] = max(1, s.attrs[i] - 1)


POSSIBLE["lower-attribute"] = lambda s, seat, value, ctx: (
    s.attrs[seat * s.na + _attribute(s, value)] > 1
)


# -- Artifacts, Blessings, tokens ------------------------------------------------------------


def _charge(may: bool) -> fx.Runner:
    def charge(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
        """Charge N of the seat's other used Artifacts (asked one at a time)."""
        for _ in range(n):
            s.stack.append({"k": "fx-charge", "seat": seat, "may": may, "not": f.get("source", -1)})

    return charge


fx.RUNNERS["charge-artifact"] = _charge(False)
fx.RUNNERS["may-charge-artifact"] = _charge(True)
POSSIBLE["charge-artifact"] = lambda s, seat, value, ctx: bool(
    used_artifacts(s, seat, int(ctx.get("source", -1)))
)


@runner("neutral-artifacts")
def neutral_artifacts(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """Draw N Neutral Artifacts to keep 1 (``artifact-pick``); the others go back, shuffled."""
    from hellas.games.lords.quests import offer_neutral  # noqa: PLC0415 - quests import fx

    offer_neutral(s, seat, n)


@runner("glory-for-artifacts")
def glory_for_artifacts(s: LordsState, f: FxFrame, seat: int, _: bool) -> None:
    """Offer to give back a Glory Token for 2 Neutral Artifacts (``heracles``), if one is held."""
    if seat in s.glory and s.neutral_deck:  # "At the beginning of your turn you may discard"
        s.stack.append({"k": "heracles"})


@runner("glory-of-hero-land")
def glory_of_hero_land(s: LordsState, f: FxFrame, seat: int, _: bool) -> None:
    """Take the Glory Token of the Land where the Hero stands (Perseus, as he is placed)."""
    if s.hero_at[seat] >= 0:
        s.glory[s.content.regions[s.hero_at[seat]].land] = seat


@runner("offer-artifact")
def offer_artifact(s: LordsState, f: FxFrame, seat: int, _: bool) -> None:
    """Give up a Neutral or Monster Artifact, then raise an Attribute (``hep-votive``)."""
    s.stack.append({"k": "hep-votive", "seat": seat, "artifact": -1})


def offerable(s: LordsState, seat: int) -> list[int]:
    """Return ``seat``'s Neutral and Monster Artifacts (what an offering may give up)."""
    arts = s.content.artifacts
    return [
        a
        for a in range(len(arts))
        if s.artifact_owner[a] == seat and arts[a].kind in ("neutral", "monster")
    ]


POSSIBLE["offer-artifact"] = lambda s, seat, value, ctx: bool(offerable(s, seat))


def votive_options(s: LordsState, f: HepVotiveFrame) -> list[str]:
    """List the Artifact given up, then the Attribute raised for good."""
    if f["artifact"] < 0:
        return [f"votive:{s.content.artifacts[a].id}" for a in offerable(s, f["seat"])]
    names = s.content.attributes
    p = f["seat"]
    low = [a for a in range(s.na) if s.attrs[p * s.na + a] < MAX_ATTRIBUTE]
    return [f"attr:{names[a]}" for a in (low or range(s.na))]


def votive_choose(s: LordsState, f: HepVotiveFrame, key: str) -> None:
    """Discard the Artifact (it leaves the game), then raise the Attribute."""
    verb, _, arg = key.partition(":")
    if verb == "votive":
        a = s.content.artifact(arg).index
        s.artifact_owner[a] = -1
        s.artifact_charged[a] = True
        f["artifact"] = a
        return
    s.stack.remove(f)
    i = f["seat"] * s.na + s.content.attributes.index(arg)
    s.attrs[i] = min(MAX_ATTRIBUTE, s.attrs[i] + 1)


@runner("draw-blessing")
def draw_blessing(s: LordsState, f: FxFrame, seat: int, _: bool) -> None:
    """Draw a Blessing: keep it by giving up one of yours, or discard it (``hep-lyre``)."""
    s.stack.append({"k": "hep-lyre", "seat": seat, "card": s.blessing_deck.pop()})


POSSIBLE["draw-blessing"] = lambda s, seat, value, ctx: bool(s.blessing_deck)


def lyre_options(s: LordsState, f: HepLyreFrame) -> list[str]:
    """Give up one of your Blessings to keep the drawn one, or discard it."""
    bless = s.content.blessings
    return ["lyre:none"] + [f"lyre:{bless[b].id}" for b in s.blessings[f["seat"]]]


def lyre_choose(s: LordsState, f: HepLyreFrame, key: str) -> None:
    """Swap, or discard the drawn Blessing (discarded Blessings leave the game)."""
    s.stack.remove(f)
    arg = key.partition(":")[2]
    if arg == "none":
        return
    s.blessings[f["seat"]].remove(s.content.blessing(arg).index)
    receive_blessing(s, f["seat"], f["card"])


@runner("untoken")
def untoken(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """Take up to N Used Action Tokens off, asking which each time."""
    for _ in range(n):
        s.stack.append({"k": "fx-untoken", "seat": seat})


POSSIBLE["untoken"] = lambda s, seat, value, ctx: bool(s.used[seat] & fx.SPECIAL_BITS)


@runner("reset-tokens")
def reset_tokens(s: LordsState, f: FxFrame, seat: int, _: bool) -> None:
    """Take every Used Action Token off (this round's Exhausted Fight token too)."""
    s.used[seat] = 0


@runner("extra-special")
def extra_special(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """Allow N more Special Actions this turn."""
    _turn(s)["extra"] += n


@runner("glory-token")
def glory_token(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """Take a Glory Token nobody holds (the ``glory`` frame), N times."""
    for _ in range(n):
        free = [land for land in range(len(s.glory)) if s.glory[land] < 0]
        if free:
            s.stack.append({"k": "glory", "lands": free})


# -- Hoplites and Regions ----------------------------------------------------------------------


@runner("recruit-hero")
def recruit_hero(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """Recruit in the Hero's Region, if no enemy Hoplites are there."""
    here = _here(s, seat)
    if here >= 0 and all(q == seat for q in armies(s, here)):
        add_hoplites(s, here, seat, n)
        settle_control(s, here)


@runner("recruit-controlled")
def recruit_controlled(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """Recruit N Hoplites in one Region the seat controls (it picks: ``power-recruit``)."""
    if s.supply[seat] and seat in s.control:
        s.stack.append({"k": "power-recruit", "n": n})


POSSIBLE["recruit-controlled"] = lambda s, seat, value, ctx: (
    bool(s.supply[seat]) and (seat in s.control)
)


@runner("recruit-city")
def recruit_city(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """Recruit N Hoplites in one Region with a City or Sparta the seat controls."""
    s.stack.append({"k": "power-recruit", "n": n, "cities": True})


POSSIBLE["recruit-city"] = lambda s, seat, value, ctx: bool(_cities(s, seat))


@runner("recruit-each-city")
def recruit_each_city(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """Recruit N Hoplites in every Region with a City or Sparta the seat controls."""
    for r in _cities(s, seat):
        add_hoplites(s, r, seat, n)


POSSIBLE["recruit-each-city"] = lambda s, seat, value, ctx: (
    bool(s.supply[seat]) and bool(_cities(s, seat))
)


@runner("recruit-there")
def recruit_there(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """Recruit N Hoplites in the trigger's Region (after a March: the Region the Army left)."""
    add_hoplites(s, int(f["region"]), seat, n)


@runner("recruit-at")
def recruit_at(s: LordsState, f: FxFrame, seat: int, place: tuple[str, int]) -> None:
    """Recruit up to N Hoplites in a named Region (``hm-omphalos`` asks how many)."""
    most = min(place[1], s.supply[seat])
    s.stack.append({"k": "hm-omphalos", "seat": seat, "most": most, "region": place[0]})


POSSIBLE["recruit-at"] = lambda s, seat, place, ctx: (
    bool(s.supply[seat]) and not enemies_in(s, region_of(s, place[0]), seat)
)


def recruit_at_options(s: LordsState, f: HmOmphalosFrame) -> list[str]:
    """Recruit 1 up to the most allowed."""
    return [f"count:{k}" for k in range(1, f["most"] + 1)]


def recruit_at_choose(s: LordsState, f: HmOmphalosFrame, key: str) -> None:
    """Recruit them; a Neutral Region is taken if they reach its Population Strength."""
    s.stack.remove(f)
    region = region_of(s, f.get("region", "phocis"))
    add_hoplites(s, region, f["seat"], int(key.partition(":")[2]))
    settle_control(s, region)


@runner("move-hoplite")
def move_hoplite(s: LordsState, f: FxFrame, seat: int, reach: Any) -> None:
    """Move one Hoplite up to N Regions through Neutral or own Regions (``fly``)."""
    steps = 99 if reach == "any" else amount(s, seat, reach)
    s.stack.append({"k": "fly", "steps": steps})


POSSIBLE["move-hoplite"] = lambda s, seat, value, ctx: _movable(s, seat)


@runner("take-hero-region")
def take_hero_region(s: LordsState, f: FxFrame, seat: int, _: bool) -> None:
    """Take control of the Hero's Region; enemies there withdraw as from a Usurp."""
    from hellas.games.lords.phases import push_withdrawal  # noqa: PLC0415 - phases import fx

    here = _here(s, seat)
    take_control(s, here, seat)
    for q in armies(s, here):
        if q != seat:
            push_withdrawal(s, q, here, "usurp")


POSSIBLE["take-hero-region"] = lambda s, seat, value, ctx: _here(s, seat) >= 0


@runner("kill-other")
def kill_other(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """Kill N Hoplites of other players, the seat picking whose and where (``fx-kill``)."""
    s.stack.append({"k": "fx-kill", "seat": seat, "left": n})


def _kill_chosen(s: LordsState, region: int, count: int) -> None:
    from hellas.games.lords.monster_phase import kill_chosen  # noqa: PLC0415

    kill_chosen(s, region, count)


@runner("kill-with-hero")
def kill_with_hero(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """Kill N Hoplites in the Hero's Region, the user picking whose."""
    _kill_chosen(s, _here(s, seat), n)


POSSIBLE["kill-with-hero"] = lambda s, seat, value, ctx: (
    _here(s, seat) >= 0 and bool(armies(s, _here(s, seat)))
)


@runner("kill-half-with-hero")
def kill_half_with_hero(s: LordsState, f: FxFrame, seat: int, _: bool) -> None:
    """Kill half of the Hoplites (rounded up) in the Hero's Region, the user picking whose."""
    here = _here(s, seat)
    total = sum(s.hoplites(here, q) for q in range(s.n))
    _kill_chosen(s, here, (total + 1) // 2)


POSSIBLE["kill-half-with-hero"] = POSSIBLE["kill-with-hero"]


@runner("kill-everywhere")
def kill_everywhere(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """Kill N Hoplites in every Region with Hoplites (the user picks whose, where several)."""
    for r in range(len(s.control)):
        if armies(s, r):
            _kill_chosen(s, r, n)


POSSIBLE["kill-everywhere"] = lambda s, seat, value, ctx: any(
    armies(s, r) for r in range(len(s.control))
)


@runner("wrath")
def wrath(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """Offer to discard a Combat Card to kill N enemy Hoplites in the Hero's Region (``wrath``)."""
    here = _here(s, seat)
    if s.hands[seat] and here >= 0 and enemies_in(s, here, seat):
        s.stack.append({"k": "wrath", "n": n})


def wrath_options(s: LordsState, f: WrathFrame) -> list[str]:
    """Discard a Combat Card to kill the enemy Hoplites, or not."""
    cards = s.content.combat
    return ["wrath:none"] + [f"wrath:{cards[c].id}" for c in sorted(set(s.hands[s.current]))]


def wrath_choose(s: LordsState, f: WrathFrame, key: str) -> None:
    """Kill them for the card, or nothing."""
    from hellas.games.lords.monster_phase import kill_enemies  # noqa: PLC0415

    s.stack.pop()
    if key == "wrath:none":
        return
    p = s.current
    card = s.content.card(key.partition(":")[2]).index
    s.hands[p].remove(card)
    s.combat_discard.append(card)
    kill_enemies(s, p, s.hero_at[p], int(f.get("n", 2)))


@runner("shoot")
def shoot(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """Discard a bow card (``shoot``): N enemy Hoplites die, or a Monster there is Wounded."""
    s.stack.append({"k": "shoot", "n": n})


def _shoot_ok(s: LordsState, seat: int) -> bool:
    here = _here(s, seat)
    return (
        here >= 0
        and bool(fx.with_symbol(s, seat, "bow"))
        and (enemies_in(s, here, seat) or here in s.monster_at)
    )


POSSIBLE["shoot"] = lambda s, seat, value, ctx: _shoot_ok(s, seat)


@runner("others-remove-hoplites")
def others_remove(s: LordsState, f: FxFrame, seat: int, count: int) -> None:
    """Every other player removes Hoplites: the supply's at once, then their pick."""
    owing: list[tuple[int, int]] = []
    gone = fx.gone(s)
    for k in range(1, s.n):
        q = (seat + k) % s.n
        taken = min(count, s.supply[q])
        s.supply[q] -= taken
        gone[q] += taken
        if taken < count and any(s.hoplites(r, q) for r in range(len(s.control))):
            owing.append((q, count - taken))
    for q, left in reversed(owing):  # the first one clockwise answers first
        s.stack.append({"k": "fx-remove", "seat": q, "left": left})


# -- Heroes and Monsters on the map -------------------------------------------------------------


@runner("place-hero")
def place_hero(s: LordsState, f: FxFrame, seat: int, _: bool) -> None:
    """Put the Hero in any Region (``boots``)."""
    s.stack.append({"k": "boots"})


POSSIBLE["place-hero"] = lambda s, seat, value, ctx: s.questing[seat] < 0


@runner("may-place-hero")
def may_place_hero(s: LordsState, f: FxFrame, seat: int, _: bool) -> None:
    """Offer to put the Hero in any Region, or leave it (``perseus``: Perseus after Prepare)."""
    s.stack.append({"k": "perseus"})


@runner("injure-or-wound")
def injure_or_wound(s: LordsState, f: FxFrame, seat: int, _: bool) -> None:
    """Injure an enemy Hero (its player picks) or Wound a Monster (``thunder``)."""
    targets = [q for q in range(s.n) if q != seat and not s.all_injured(q)]
    if targets or _monsters_out(s):
        s.stack.append({"k": "thunder"})


@runner("exile-monster")
def exile_monster(s: LordsState, f: FxFrame, seat: int, _: bool) -> None:
    """Move a Monster from the Hero's Region to any other Region (``exile``)."""
    s.stack.append({"k": "exile"})


POSSIBLE["exile-monster"] = lambda s, seat, value, ctx: (
    _here(s, seat) >= 0 and (_here(s, seat) in s.monster_at)
)


@runner("lead-monster")
def lead_monster(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """Move a Monster on the Map 1 to N Regions (``thread``)."""
    s.stack.append({"k": "thread", "n": n})


POSSIBLE["lead-monster"] = lambda s, seat, value, ctx: _monsters_out(s)


@runner("monster-phase")
def monster_phase(s: LordsState, f: FxFrame, seat: int, _: bool) -> None:
    """Run one more Monster Phase now, the user deciding every Monster's move and action."""
    from hellas.games.lords.monster_phase import start_monster_phase  # noqa: PLC0415

    start_monster_phase(s)


POSSIBLE["monster-phase"] = lambda s, seat, value, ctx: _monsters_out(s)


def _targets(s: LordsState, seat: int) -> list[int]:
    from hellas.games.lords.hunt import hunt_targets  # noqa: PLC0415 - hunt imports fx

    return hunt_targets(s, seat)


@runner("hunt")
def hunt(s: LordsState, f: FxFrame, seat: int, _: bool) -> None:
    """Start a Hunt: pick the Monster (``hunt-target``)."""
    s.stack.append({"k": "hunt-target"})


POSSIBLE["hunt"] = lambda s, seat, value, ctx: bool(_targets(s, seat))


@runner("hunt-exhausted")
def hunt_exhausted(s: LordsState, f: FxFrame, seat: int, _: bool) -> None:
    """Hunt as a Special Action although its token is down, for an Injury and a token of its own."""
    from hellas.games.lords.hunt import hurt  # noqa: PLC0415
    from hellas.games.lords.turn import take_activation_token  # noqa: PLC0415

    _turn(s)["specials"] += 1
    take_activation_token(s, seat)
    if s.result:
        return
    s.used[seat] |= 1 << EXHAUSTED
    s.stack.append({"k": "hunt-target"})
    hurt(s, seat, 1)


POSSIBLE["hunt-exhausted"] = lambda s, seat, value, ctx: (
    bool(s.used[seat] >> HUNT & 1)
    and not s.used[seat] >> EXHAUSTED & 1
    and not s.all_injured(seat)
    and bool(_targets(s, seat))
)


# -- an Artifact used before an action: its choices name the Attribute and the action -----------

GOBLET_ACTIONS = ("hero", "hoplites")  # and "hunt-<monster>"


def _goblet_keys(s: LordsState, seat: int, n: int) -> list[str]:
    """Return ``goblet:<Attribute>><action>`` for each action it may come before, now."""
    from hellas.games.lords.state import RA_HERO, RA_HOPLITES  # noqa: PLC0415

    actions = []
    if not s.regular & RA_HERO and s.hero_at[seat] >= 0:
        actions.append("hero")
    if not s.regular & RA_HOPLITES and _movable(s, seat):
        actions.append("hoplites")
    if not s.used[seat] >> HUNT & 1:
        actions += [f"hunt-{s.content.monsters[m].id}" for m in _targets(s, seat)]
    names = s.content.attributes
    return [
        f"goblet:{names[a]}>{act}"
        for act in actions
        for a in range(s.na)
        if s.attr(seat, a) < MAX_ATTRIBUTE
    ]


def _goblet_use(s: LordsState, seat: int, n: int, key: str) -> None:
    """Count the chosen Attribute N higher (max 5) while the action begins, then as before."""
    from hellas.games.lords import turn  # noqa: PLC0415 - turn imports fx
    from hellas.games.lords.state import RA_ARTIFACTS  # noqa: PLC0415

    name, _, action = key.partition(":")[2].partition(">")
    a = s.content.attributes.index(name)
    s.regular |= RA_ARTIFACTS
    i = seat * s.na + a
    value, injured = s.attrs[i], s.injured[seat] >> a & 1
    s.attrs[i] = min(MAX_ATTRIBUTE, s.attr(seat, a) + n)
    s.injured[seat] &= ~(1 << a)
    f = _turn(s)
    if action == "hero":
        turn.turn_choose(s, f, "hero-move")
    elif action == "hoplites":
        turn.turn_choose(s, f, "hoplite-move")
    else:
        turn.turn_choose(s, f, f"hunt:{action[5:]}")
    s.attrs[i] = value
    s.injured[seat] |= injured << a


fx.OWN_OFFERS["attribute-for-action"] = ("goblet:", _goblet_keys, _goblet_use)
