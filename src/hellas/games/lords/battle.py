"""Battles, exactly as the rulebook's sequence: cards, Army Strength, Casualties, withdrawal.

1. The defender, then the attacker, play one Combat Card at a time or pass (a player who passed
   plays no more), until both have passed; Casualty symbols may not exceed one's Hoplites.
2. Army Strength: Hoplites + card Strengths + card effects + Fortification (+1 City, +2 Sparta)
   + Blessings and Hero abilities.  A tie goes to the defender.

What Blessings, Artifacts and reusable cards do here is their clauses' (``fx``): ``attacked`` and
``battle-start`` before the first card, ``battle-before``/``battle-use`` Artifacts, ``card-played``
after each card, ``battle-strength``, ``battle-won``, ``battle-lost`` and ``after-battle``, and
the rules held cards change (``passive``: casualties ignored, Response Force, Bluff ...).
3. Both sides kill their Casualties; the loser kills one more (Encirclement: three) and withdraws
   to a neighbouring Region it may enter (the attacker: where it attacked from) or loses all.
4. The winner takes control - unless it has no Hoplites left (a pyrrhic victory).
"""

from __future__ import annotations

from typing import Any

from hellas.games.lords import fx, hooks
from hellas.games.lords.board import (
    add_hoplites,
    adjacent,
    gain_priest,
    kill,
    move_army,
    open_to,
    rid,
    settle_control,
    take_control,
    withdraw_options,
)
from hellas.games.lords.cards import enforce_limit
from hellas.games.lords.content import LEADERSHIP, CombatCard
from hellas.games.lords.frames import BattleFrame
from hellas.games.lords.fx_effects import amount
from hellas.games.lords.state import LordsState


def start_battle(s: LordsState, region: int, att: int, origins: list[int]) -> None:
    """Push a Battle in ``region`` started by ``att``'s Hoplites coming from ``origins``."""
    defender = next(q for q in range(s.n) if q != att and s.hoplites(region, q))
    f: BattleFrame = {
        "k": "battle",
        "region": region,
        "att": att,
        "def": defender,
        "stage": "response",
        "played": [[], []],
        "passed": [False, False],
        "turn": 1,
        "bonus": [0, 0],
        "bluffed": [False, False],
        "withdrew": -1,
        "first": -1,
        "ended": False,
        "pending": "",
        "origins": list(origins),
        # e.g. No Attrition: each holder ignores the Casualties of the first card it plays
        "no_attrition": [
            bool(fx.passive(s, att, "ignore-first-casualties")),
            bool(fx.passive(s, defender, "ignore-first-casualties")),
        ],
    }
    s.stack.append(f)
    _pre_battle(s, f)


def _side(f: BattleFrame, seat: int) -> int:
    return 0 if seat == f["att"] else 1


def _seat(f: BattleFrame, side: int) -> int:
    return int(f["att"] if side == 0 else f["def"])


def _pre_battle(s: LordsState, f: BattleFrame) -> None:
    """Run the effects "before the Battle", then start the card play (or a Response Force).

    The defender's ``attacked`` clauses (e.g. Ambush), then each side's ``battle-start`` clauses
    (e.g. Unbroken Morale, Always Prepared).
    """
    att, dfn = f["att"], f["def"]
    if s.options.get("modules"):
        hooks.run(s, "before_battle", f)
    fx.fire(s, dfn, "attacked", fx.battle_ctx(f, 1))
    for side, me in ((0, att), (1, dfn)):
        fx.fire(s, me, "battle-start", fx.battle_ctx(f, side))
    if _check_empty(s, f):
        _resolve(s, f)
        return
    if not (fx.passive(s, dfn, "defend-reinforce") and _response_sources(s, f)):
        f["stage"] = "cards"
        f["turn"] = 0  # so that the defender (side 1) is asked first
        _next_turn(s, f)
        return


def _response_sources(s: LordsState, f: BattleFrame) -> list[int]:
    dfn = f["def"]
    return [r for r in adjacent(s, f["region"]) if s.hop[r * s.n + dfn]]


def actor(s: LordsState, f: BattleFrame) -> int:
    """Return who decides next in this Battle."""
    stage = f["stage"]
    if stage in ("response", "response-count"):
        return int(f["def"])
    if stage in ("reinforce", "reinforce-count", "master", "tactical", "lost-artifact"):
        return int(f["pending_seat"])
    if stage == "withdraw":
        return int(f["loser"])
    return _seat(f, int(f["turn"]))


def _casualties(s: LordsState, f: BattleFrame, side: int, extra: CombatCard | None = None) -> int:
    cards = s.content.combat
    played: list[CombatCard] = [cards[c] for c in f["played"][side]]
    if extra is not None:
        played.append(extra)
    total: int = sum(c.casualties for c in played)
    if f["no_attrition"][side] and played:
        total -= played[0].casualties
    return total


def options(s: LordsState, f: BattleFrame) -> list[str]:
    """Return the decisions of the Battle's current step."""
    stage = f["stage"]
    cards = s.content.combat
    if stage == "response":
        out = ["response:none"]
        out += [f"response:{rid(s, r)}" for r in _response_sources(s, f)]
        return out
    if stage == "reinforce":
        return ["reinforce:none"] + [f"reinforce:{rid(s, r)}" for r in f["sources"]]
    if stage in ("reinforce-count", "response-count"):
        return [f"count:{k}" for k in range(1, f["most"] + 1)]
    if stage == "master":
        return ["master:sacrifice", "master:keep"]
    if stage == "tactical":  # Tactical Withdrawal: "You may immediately withdraw"
        return ["tactical:withdraw", "tactical:stay"]
    if stage == "withdraw":
        return [f"withdraw:{rid(s, r)}" for r in f["where"]]
    if stage == "lost-artifact":  # e.g. the Palladium: use it or keep it
        artifact_id = s.content.artifacts[f["artifact"]].id
        return [f"artifact:{artifact_id}", f"keep-artifact:{artifact_id}"]
    side = f["turn"]
    seat = _seat(f, side)
    out = ["pass"]
    if _may_play(s, f, side):
        hoplites = s.hoplites(f["region"], seat)
        for c in sorted(set(s.hands[seat])):
            if _casualties(s, f, side, cards[c]) <= hoplites:
                out.append(f"card:{cards[c].id}")
        out += [f"play:{cards[c].id}" for c in reusable_cards(s, f, side)]
    out += _artifact_offers(s, f, seat, side)
    if s.options.get("modules"):
        out += hooks.collect(s, "battle_options", f, seat)  # a module's own choice
    return out


def _artifact_offers(s: LordsState, f: BattleFrame, seat: int, side: int) -> list[str]:
    """Return the Artifacts ``seat`` may use now: before the first card, then any time.

    The base game's and a pack's first, then each module's (in the modules' order).
    """
    if seat not in s.artifact_owner:
        return []
    ctx = fx.battle_ctx(f, side)
    out: list[str] = []
    for origin in ("", *(m.id for m in hooks.active(s))):
        if f["first"] < 0:
            out += fx.listed(s, seat, "battle-before", origin, ctx, ("artifact",))
        out += fx.listed(s, seat, "battle-use", origin, ctx, ("artifact",))
    return out


def reusable_cards(s: LordsState, f: BattleFrame, side: int) -> list[int]:
    """Return the reusable cards (Relics ...) a side may play now, within its Casualty limit."""
    if not s.options.get("modules"):
        return []
    cards = s.content.combat
    hoplites = s.hoplites(f["region"], _seat(f, side))
    found = hooks.collect(s, "reusable", _seat(f, side), f)
    return [c for c in dict.fromkeys(found) if _casualties(s, f, side, cards[c]) <= hoplites]


def _may_play(s: LordsState, f: BattleFrame, side: int) -> bool:
    if f["passed"][side] and f.get("bluff_now") != side:
        return False
    seat = _seat(f, side)
    if side == 0:  # e.g. Restrictive Maneuver: "your enemy can play only 1 Combat Card"
        most = fx.passive(s, f["def"], "attacker-plays-at-most")
        if most and len(f["played"][0]) >= min(most):
            return False
    return bool(s.hands[seat]) or bool(reusable_cards(s, f, side))


def choose(s: LordsState, f: BattleFrame, key: str) -> None:
    """Apply one Battle decision."""
    verb, _, arg = key.partition(":")
    region = f["region"]
    if f["stage"] == "lost-artifact":
        f["stage"] = "cards"
        _conclude(s, f, swap=fx.spend_artifact(s, key))
        return
    if verb == "response":
        if arg != "none":
            # Response Force brings "up to" Speed Hoplites: the defender picks how many
            f["src"] = s.content.region(arg).index
            dfn = f["def"]
            most = fx.passive(s, dfn, "defend-reinforce")
            f["most"] = min(amount(s, dfn, most[0]), s.hop[f["src"] * s.n + dfn])
            f["stage"] = "response-count"
            return
        f["stage"] = "cards"
        f["turn"] = 0
        _next_turn(s, f)
        return
    if verb == "count" and f["stage"] == "response-count":
        dfn = f["def"]
        s.hop[f["src"] * s.n + dfn] -= int(arg)
        s.hop[region * s.n + dfn] += int(arg)
        f["stage"] = "cards"
        f["turn"] = 0
        _next_turn(s, f)
        return
    if verb == "reinforce":
        if arg == "none":
            _after_card(s, f)
            return
        f["src"] = s.content.region(arg).index
        f["most"] = s.hop[f["src"] * s.n + f["pending_seat"]]
        f["stage"] = "reinforce-count"
        return
    if verb == "count":
        seat = f["pending_seat"]
        s.hop[f["src"] * s.n + seat] -= int(arg)
        s.hop[region * s.n + seat] += int(arg)
        _after_card(s, f)
        return
    if verb == "tactical":
        if arg == "withdraw":
            f["withdrew"] = f["pending_seat"]
            f["ended"] = True
        _after_card(s, f)
        return
    if verb == "master":  # e.g. Master Plan: a Priest for +3
        seat = f["pending_seat"]
        if arg == "sacrifice":
            s.priests[seat] -= 1
            f["bonus"][_side(f, seat)] += int(f.get("master", 3))
        f["stage"] = "cards"
        _next_turn(s, f)
        return
    if verb == "withdraw":
        _withdraw(s, f, s.content.region(arg).index)
        return
    side = f["turn"]
    seat = _seat(f, side)
    if s.options.get("modules") and hooks.any_true(s, "battle_play", f, seat, key):
        return  # a module's own Battle choice (the card-player's turn goes on)
    offer = fx.offer_of(s, key, ("battle-before", "battle-use"))
    if offer is not None:
        # an Artifact: the card-player's turn goes on afterwards
        fx.use_offer(s, seat, offer, key, fx.battle_ctx(f, _side(f, seat)))
        return
    if verb == "pass":
        if f.get("bluff_now") == side:
            f["bluff_now"] = -1
        f["passed"][side] = True
        _next_turn(s, f)
        return
    card = s.content.card(arg)
    if verb == "play":  # a reusable card: it stays its owner's, marked used
        hooks.collect(s, "reuse", seat, card.index, f)
        other = f["played"][1 - side]
        if other and fx.card_passive(s.content, card.index, "copy-enemy-card"):
            card = s.content.combat[other[-1]]  # e.g. Mirror Shield: the opponent's last card
        f.setdefault("kept", [[], []])[side].append(card.index)
    else:
        s.hands[seat].remove(card.index)
    f["played"][side].append(card.index)
    if f["first"] < 0:
        f["first"] = card.index
    if f.get("bluff_now") == side:
        f["bluff_now"] = -1
        f["passed"][side] = True
    _card_effect(s, f, side, card)


def _card_effect(s: LordsState, f: BattleFrame, side: int, card: CombatCard) -> None:
    """Resolve what a card does when played (strength effects are counted at the end)."""
    seat = _seat(f, side)
    other = _seat(f, 1 - side)
    region = f["region"]
    effect = card.effect
    if effect == "local-support" and side == 1 and s.content.regions[region].city:
        add_hoplites(s, region, seat, 2)
    elif effect == "javelin-volley" and s.hoplites(region, seat) > s.hoplites(region, other):
        kill(s, region, other, 1)
    elif effect == "tactical-withdrawal":
        f["stage"] = "tactical"  # the player decides whether to withdraw now
        f["pending_seat"] = seat
        return
    elif effect in ("final-charge", "sudden-strike") and side == 0:
        # Sudden Strike: the Dark Ages rulebook gives it Final Charge's ending as well
        # (docs/rules/lords.md, ruling 16)
        f["ended"] = True
    elif effect == "reinforcements":
        sources = [r for r in adjacent(s, region) if s.hop[r * s.n + seat]]
        if sources:
            f["stage"] = "reinforce"
            f["sources"] = sources
            f["pending_seat"] = seat
            return
    fx.battle_played(s, f, side, card.index)  # its clauses (``effects.py``)
    if s.options.get("modules"):
        hooks.run(s, "card_played", f, side, card)  # e.g. a Relic's effect
    _after_card(s, f)


def _after_card(s: LordsState, f: BattleFrame) -> None:
    side = f["turn"]
    seat = _seat(f, side)
    f["stage"] = "cards"
    fx.fire(s, seat, "card-played", fx.battle_ctx(f, side))  # e.g. Master Plan asks
    if f["stage"] == "cards":
        _next_turn(s, f)


def _next_turn(s: LordsState, f: BattleFrame) -> None:
    """Pass the turn to the other side, or finish the card-playing.

    A side that cannot play (no card, or none within its Casualty limit) passes by itself.
    """
    if _check_empty(s, f) or f["ended"]:
        _resolve(s, f)
        return
    for side in (1 - f["turn"], f["turn"]):
        if not f["passed"][side]:
            if _can_play(s, f, side):
                f["turn"] = side
                return
            f["passed"][side] = True
    # both have passed: e.g. Bluff gives its holder one more card
    for side in (1, 0):
        seat = _seat(f, side)
        if fx.passive(s, seat, "extra-card-after-pass") and not f["bluffed"][side]:
            f["bluffed"][side] = True
            f["bluff_now"] = side
            if _can_play(s, f, side):
                f["turn"] = side
                return
            f["bluff_now"] = -1
    _resolve(s, f)


def _can_play(s: LordsState, f: BattleFrame, side: int) -> bool:
    """Return whether a side has a card it may play now."""
    if not _may_play(s, f, side):
        return False
    cards = s.content.combat
    hoplites = s.hoplites(f["region"], _seat(f, side))
    if any(_casualties(s, f, side, cards[c]) <= hoplites for c in s.hands[_seat(f, side)]):
        return True
    return bool(reusable_cards(s, f, side))


def _check_empty(s: LordsState, f: BattleFrame) -> bool:
    """End the Battle when a side has no Hoplites left (Javelins, Ambush): it loses."""
    region = f["region"]
    if not s.hoplites(region, f["att"]) or not s.hoplites(region, f["def"]):
        f["ended"] = True
        if f["stage"] in ("response",):
            f["stage"] = "cards"
        return True
    return False


def strength(s: LordsState, f: BattleFrame, side: int) -> int:
    """Return one side's Army Strength."""
    seat = _seat(f, side)
    other = _seat(f, 1 - side)
    region = f["region"]
    r = s.content.regions[region]
    mine = s.hoplites(region, seat)
    theirs = s.hoplites(region, other)
    total: int = mine + int(f["bonus"][side])
    cards = s.content.combat
    played = [cards[c] for c in f["played"][side]]
    for i, c in enumerate(played):
        value = c.strength
        if c.effect == "sudden-strike" and f["first"] == c.index and i == 0:
            value = 7
        total += value
        e = c.effect
        if e == "fortification" and side == 1 and r.city:
            total += 2
        elif e == "glory" and s.glory[r.land] == seat:
            total += 3
        elif e == "phalanx":
            total += mine // 2
        elif e == "flank-attack" and mine > theirs:
            total += 2
        elif e == "trap":
            total += s.attr(seat, LEADERSHIP)
        elif (e == "assault" and side == 0) or (
            e == "tactical-maneuver" and s.attr(seat, LEADERSHIP) > s.attr(other, LEADERSHIP)
        ):
            total += 2
    if s.fort[region] == seat:
        total += r.city  # "+1 for a City / +2 for Sparta"
    if played and f.get("card_bonus"):  # e.g. the Ashen Spear: +2 to a card played
        total += f["card_bonus"][side]
    if s.options.get("modules"):
        total += hooks.total(s, "army_strength", f, side)  # e.g. Fleet, Warriors of Hades
    return total + fx.battle_strength(s, f, side)  # the cards' clauses (``effects.py``)


def _resolve(s: LordsState, f: BattleFrame) -> None:
    """Compare Army Strength, take Casualties, withdraw the loser, hand over control."""
    region = f["region"]
    att, dfn = f["att"], f["def"]
    if f["withdrew"] >= 0:
        loser = f["withdrew"]
    elif not s.hoplites(region, att):
        loser = att
    elif not s.hoplites(region, dfn):
        loser = dfn
    else:
        loser = att if strength(s, f, 0) <= strength(s, f, 1) else dfn
    winner = dfn if loser == att else att
    f["result"] = {"winner": winner, "att": strength(s, f, 0), "def": strength(s, f, 1)}
    losses = [0, 0]
    for side in (0, 1):
        if _seat(f, side) != f["withdrew"]:  # Tactical Withdrawal: "You don't suffer any
            losses[side] = _casualties(s, f, side)  # Casualties"
    for side, used in enumerate(f.get("blood", [0, 0])):
        # e.g. Medusa's Blood: ignore 1 of your Casualty symbols, or else add 1 to the enemy's
        if used and losses[side]:
            losses[side] -= min(used, losses[side])
        elif used and _seat(f, 1 - side) != f["withdrew"]:
            losses[1 - side] += used
    if f["withdrew"] < 0:
        extra = 1
        cards = s.content.combat
        if any(cards[c].effect == "encirclement" for c in f["played"][_side(f, winner)]):
            extra = 3
        losses[_side(f, loser)] += extra
    for side, more in enumerate(f.get("more_casualties", [0, 0])):
        if _seat(f, side) != f["withdrew"]:
            losses[side] += more  # a module card's extra Casualties (e.g. a Training card)
    for side, saved in enumerate(f.get("saved", [0, 0])):
        losses[side] = max(0, losses[side] - saved)  # e.g. Aegis: 1 or 2 Hoplites are not killed
    for side in (0, 1):
        kill(s, region, _seat(f, side), losses[side])
    f["winner"] = winner
    f["loser"] = loser
    if s.options.get("modules") and hooks.any_true(s, "battle_lost", f, loser):
        _conclude(s, f, swap=True)
        return
    palladium = fx.usable_artifact(s, loser, "battle-lost", fx.battle_ctx(f, _side(f, loser)))
    if palladium >= 0:
        # "Use when you lose a Battle ...": the loser decides now, use or keep
        f["stage"] = "lost-artifact"
        f["pending_seat"] = loser
        f["artifact"] = palladium
        return
    _conclude(s, f, swap=False)


def _conclude(s: LordsState, f: BattleFrame, swap: bool) -> None:
    """After the Casualties: rewards, cards discarded, the loser withdraws (or all die).

    ``swap``: the winner and loser change places (e.g. the Palladium: "your enemy withdraws").
    """
    region = f["region"]
    if swap:
        f["winner"], f["loser"] = f["loser"], f["winner"]
    winner, loser = f["winner"], f["loser"]
    _rewards(s, f, winner)
    for side in (0, 1):
        kept = list(f.get("kept", [[], []])[side])  # reusable cards stay with their owners
        for c in f["played"][side]:
            if c in kept:
                kept.remove(c)
            else:
                s.combat_discard.append(c)
    f["spent"] = f["played"]  # the cards' after-battle clauses still run (``fx.after_battle``)
    f["played"] = [[], []]
    f.pop("kept", None)
    if s.hoplites(region, loser):
        where = _withdraw_options(s, f, loser)
        if len(where) > 1:
            f["stage"] = "withdraw"
            f["where"] = where
            return
        _withdraw(s, f, where[0] if where else -1)
        return
    _finish(s, f)


def _withdraw_options(s: LordsState, f: BattleFrame, loser: int) -> list[int]:

    if loser != f["att"]:
        return withdraw_options(s, loser, f["region"])
    # "If the attacker loses the Battle, he/she must withdraw to the Region from which
    # he/she attacked" - if that Region cannot take them, they are all killed.
    return [r for r in f["origins"] if open_to(s, r, loser)]


def _withdraw(s: LordsState, f: BattleFrame, dest: int) -> None:
    move_army(s, f["loser"], f["region"], dest)
    _finish(s, f)


def _rewards(s: LordsState, f: BattleFrame, winner: int) -> None:
    fx.fire(s, winner, "battle-won", fx.battle_ctx(f, _side(f, winner)))  # e.g. Athena's Gift
    cards = s.content.combat
    region = s.content.regions[f["region"]]
    for c in f["played"][_side(f, winner)]:
        if cards[c].effect == "offerings" and (region.shrine or s.temples[region.index]):
            gain_priest(s, winner)


def _finish(s: LordsState, f: BattleFrame) -> None:
    """Control goes to the winner unless it has no Hoplites left (pyrrhic victory)."""
    region = f["region"]
    winner = f["winner"]
    s.stack.pop()
    if s.hoplites(region, winner):
        take_control(s, region, winner)
    else:
        settle_control(s, region)
    for seat in (f["att"], f["def"]):
        enforce_limit(s, seat)
    if s.options.get("modules"):
        hooks.run(s, "after_battle", f, winner)
    fx.after_battle(s, f)


def summary(s: LordsState, f: BattleFrame) -> dict[str, Any]:
    """Return the public facts of a Battle in progress (for views)."""
    cards = s.content.combat
    return {
        "region": rid(s, f["region"]),
        "attacker": f["att"],
        "defender": f["def"],
        "played": [[cards[c].id for c in side] for side in f["played"]],
        "passed": list(f["passed"]),
        "stage": f["stage"],
    }
