"""The rules side of the effect vocabulary (``effects.py``): where clauses run, and how.

The base rules call in at each trigger point: ``fire`` (a Blessing's ``received``,
``turn-start`` and ``temple-built`` clauses), ``battle_strength``, ``battle_played`` and
``after_battle`` (the Blessings of both sides and the Combat Cards played), ``actions`` and
``use`` (a Blessing's ``action`` clauses, offered as ``use:<id>`` on its holder's turn).  A
module's card (a Construct, an Opportunity card) runs its clauses' effects with ``run``.

Effects are applied one after another from an ``fx`` frame (``resume``), so an effect that asks
a decision (``fx-charge``, ``fx-discard``, ``fx-kill``, ``fx-remove``, ``fx-heal``, ``fx-untoken``,
``fx-raise``) is answered before the next effect starts.  Hoplites removed from the game
(``others-remove-hoplites``) are counted in ``s.mod["fx"]["removed"]``.
"""

from __future__ import annotations

from typing import Any

from hellas.games.lords.board import (
    add_hoplites,
    armies,
    gain_priest,
    lands_controlled,
    region_of,
    rid,
    settle_control,
)
from hellas.games.lords.cards import discard_combat, draw_combat, enforce_limit, raise_attribute
from hellas.games.lords.content import Content
from hellas.games.lords.effects import _HOOKS, Clause
from hellas.games.lords.state import SPECIALS, Frame, LordsState

SPECIAL_BITS = (1 << len(SPECIALS)) - 1
FRAMES = ("fx-charge", "fx-discard", "fx-kill", "fx-remove", "fx-heal", "fx-untoken", "fx-raise")


# -- which records carry clauses (derived once per content) ------------------------------------


def _index(c: Content) -> dict[str, dict[int, tuple[Clause, ...]]]:
    """Return the clauses of every Blessing (``"blessing"``) and Combat Card (``"card"``)."""
    found: dict[str, dict[int, tuple[Clause, ...]]] | None = c.derived.get("fx")
    if found is None:
        found = {
            "blessing": {b.index: b.effects for b in c.blessings if b.effects},
            "card": {x.index: x.effects for x in c.combat if x.effects},
        }
        c.derived["fx"] = found
    return found


def in_use(c: Content) -> bool:
    """Return whether ``c``'s cards may use clauses (records with them, or any module's)."""
    index = _index(c)
    return bool(index["blessing"] or index["card"] or c.modules)


def _held(s: LordsState, seat: int, trigger: str) -> list[Clause]:
    """Return the clauses of ``seat``'s Blessings at ``trigger``."""
    by_blessing = _index(s.content)["blessing"]
    if not by_blessing:
        return []
    return [
        clause
        for b in s.blessings[seat]
        for clause in by_blessing.get(b, ())
        if clause.when == trigger
    ]


# -- conditions --------------------------------------------------------------------------------


def _regions(s: LordsState, seat: int) -> int:
    return sum(1 for owner in s.control if owner == seat)


def holds(s: LordsState, seat: int, clause: Clause, ctx: dict[str, Any]) -> bool:
    """Return whether every condition of ``clause`` holds for ``seat`` now."""
    for name, value in clause.conditions:
        if name == "controls-more-regions":
            opp = ctx.get("opp", -1)
            others = [opp] if opp >= 0 else [q for q in range(s.n) if q != seat]
            ok = all(_regions(s, seat) > _regions(s, q) for q in others)
        elif name == "controls-a-land":
            ok = bool(lands_controlled(s, seat))
        elif name == "dead-at-least":
            ok = int(ctx.get("dead", 0)) >= value
        elif name == "attacking":
            ok = ctx.get("side") == 0
        elif name == "hero-in-region":
            ok = s.hero_at[seat] >= 0 and s.hero_at[seat] == ctx.get("region", -1)
        elif name == "priests-at-least":
            ok = s.priests[seat] >= value
        elif name == "healthy-at-least":
            ok = s.healthy(seat) >= value
        elif name == "used-artifact":
            ok = bool(_used_artifacts(s, seat))
        elif name == "used-token":
            ok = bool(s.used[seat] & SPECIAL_BITS)
        else:  # holds-symbol
            ok = bool(_with_symbol(s, seat, str(value)))
        if isinstance(value, bool) and name != "holds-symbol":
            ok = ok == value
        if not ok:
            return False
    return True


def _used_artifacts(s: LordsState, seat: int) -> list[int]:
    return [
        a
        for a in range(len(s.artifact_owner))
        if s.artifact_owner[a] == seat and not s.artifact_charged[a]
    ]


def _with_symbol(s: LordsState, seat: int, symbol: str) -> list[int]:
    cards = s.content.combat
    return sorted({c for c in s.hands[seat] if cards[c].symbol == symbol})


# -- running clauses ---------------------------------------------------------------------------


def fire(s: LordsState, seat: int, trigger: str, ctx: dict[str, Any] | None = None) -> None:
    """Run ``seat``'s Blessing clauses of ``trigger`` whose conditions hold."""
    for clause in _held(s, seat, trigger):
        context = ctx or {}
        if holds(s, seat, clause, context):
            run(s, seat, clause.effects, context)


def fire_blessing(s: LordsState, seat: int, blessing: int, trigger: str) -> None:
    """Run one Blessing's clauses of ``trigger`` (``received``: the card just taken)."""
    for clause in _index(s.content)["blessing"].get(blessing, ()):
        if clause.when == trigger and holds(s, seat, clause, {}):
            run(s, seat, clause.effects, {})


def run(
    s: LordsState, seat: int, effects: tuple[tuple[str, Any], ...], ctx: dict[str, Any]
) -> None:
    """Queue ``effects`` for ``seat`` in an ``fx`` frame; ``resume`` applies them in order."""
    frame: Frame = {"k": "fx", "seat": seat, "todo": [[n, v] for n, v in effects]}
    for key in ("opp", "region", "side", "dead"):
        if key in ctx:
            frame[key] = ctx[key]
    s.stack.append(frame)
    resume(s, frame)


def resume(s: LordsState, f: Frame) -> None:
    """Apply the frame's effects in order until one asks a decision.

    The decision's frame comes on top and the rest wait here; the frame goes once all are done.
    """
    while f["todo"] and s.stack[-1] is f:
        name, value = f["todo"].pop(0)
        _apply(s, f, int(f["seat"]), str(name), value)
    if not f["todo"] and s.stack[-1] is f:
        s.stack.pop()


def _apply(s: LordsState, f: Frame, seat: int, name: str, value: Any) -> None:
    """Apply one effect (a decision pushes its frame above ``f``)."""
    if name == "draw":
        draw_combat(s, seat, value)
        enforce_limit(s, seat)
    elif name == "priest":
        gain_priest(s, seat, value)
    elif name == "sacrifice-priest":
        s.priests[seat] = max(0, s.priests[seat] - value)
    elif name == "injure-self":
        from hellas.games.lords.hunt import hurt  # noqa: PLC0415 - hunt imports this module

        hurt(s, seat, value)
    elif name == "heal":
        for _ in range(value):
            s.stack.append({"k": "fx-heal", "seat": seat})
    elif name in ("charge-artifact", "may-charge-artifact"):
        for _ in range(value):
            s.stack.append({"k": "fx-charge", "seat": seat, "may": name.startswith("may")})
    elif name == "untoken":
        for _ in range(value):
            s.stack.append({"k": "fx-untoken", "seat": seat})
    elif name == "raise-attribute":
        for _ in range(value):
            s.stack.append({"k": "fx-raise", "seat": seat})
    elif name == "discard-symbol":
        s.stack.append({"k": "fx-discard", "seat": seat, "symbol": value})
    elif name == "kill-other":
        s.stack.append({"k": "fx-kill", "seat": seat, "left": value})
    elif name == "others-remove-hoplites":
        _others_remove(s, seat, value)
    elif name == "recruit-hero":
        here = s.hero_at[seat]
        if here >= 0 and all(q == seat for q in armies(s, here)):
            add_hoplites(s, here, seat, value)
            settle_control(s, here)
    elif name == "opponent-discard-to":
        opp = int(f.get("opp", -1))
        if opp >= 0 and len(s.hands[opp]) > value:
            s.stack.append({"k": "discard", "seat": opp, "limit": value})
    else:  # a module's named effect (``effects.HOOKED``)
        runner = _HOOKS.get(name)
        if runner is None:
            raise AssertionError(f"effect {name!r} has no rule in this game's modules")
        runner(s, seat, int(value), f)


def removed(s: LordsState) -> list[int]:
    """Return the Hoplites each seat has had removed from the game (for good), a copy."""
    store = s.mod.get("fx")
    return list(store["removed"]) if store else [0] * s.n


def _gone(s: LordsState) -> list[int]:
    """Return the (mutable) counts of Hoplites removed from the game, created on first use."""
    store: dict[str, Any] = s.mod.setdefault("fx", {"removed": [0] * s.n})
    out: list[int] = store["removed"]
    return out


def _others_remove(s: LordsState, seat: int, count: int) -> None:
    """Every other player removes ``count`` Hoplites: the supply's at once, then their pick."""
    owing: list[tuple[int, int]] = []
    gone = _gone(s)
    for k in range(1, s.n):
        q = (seat + k) % s.n
        taken = min(count, s.supply[q])
        s.supply[q] -= taken
        gone[q] += taken
        if taken < count and any(s.hoplites(r, q) for r in range(len(s.control))):
            owing.append((q, count - taken))
    for q, left in reversed(owing):  # the first one clockwise answers first
        s.stack.append({"k": "fx-remove", "seat": q, "left": left})


# -- Battles -----------------------------------------------------------------------------------


def _battle_ctx(s: LordsState, f: Frame, side: int) -> dict[str, Any]:
    return {
        "opp": f["def"] if side == 0 else f["att"],
        "region": f["region"],
        "side": side,
        "dead": f.get("dead", 0),
    }


def battle_strength(s: LordsState, f: Frame, side: int) -> int:
    """Return the Army Strength one side gets from clauses (its Blessings, its cards played)."""
    index = _index(s.content)
    if not index["blessing"] and not index["card"]:
        return 0
    seat = f["att"] if side == 0 else f["def"]
    ctx = _battle_ctx(s, f, side)
    clauses = _held(s, seat, "battle-strength")
    for c in f["played"][side]:
        clauses += [x for x in index["card"].get(c, ()) if x.when == "battle-strength"]
    total = 0
    for clause in clauses:
        if holds(s, seat, clause, ctx):
            for name, value in clause.effects:
                if name == "army-strength":
                    total += int(value)
                else:  # army-strength-attribute
                    total += s.attr(seat, s.content.attributes.index(str(value)))
    return total


def battle_played(s: LordsState, f: Frame, side: int, card: int) -> None:
    """Run a Combat Card's ``battle-played`` clauses as it is played."""
    clauses = _index(s.content)["card"].get(card, ())
    seat = f["att"] if side == 0 else f["def"]
    ctx = _battle_ctx(s, f, side)
    for clause in clauses:
        if clause.when == "battle-played" and holds(s, seat, clause, ctx):
            for name, value in clause.effects:  # opponent-casualties
                if name == "opponent-casualties":
                    f.setdefault("more_casualties", [0, 0])[1 - side] += int(value)


def after_battle(s: LordsState, f: Frame) -> None:
    """Run both sides' ``after-battle`` clauses: their Blessings and the cards they played."""
    index = _index(s.content)
    if not index["blessing"] and not index["card"]:
        return
    for side in (0, 1):
        seat = f["att"] if side == 0 else f["def"]
        ctx = _battle_ctx(s, f, side)
        clauses = _held(s, seat, "after-battle")
        spent: list[list[int]] = f.get("spent") or f["played"]
        for c in spent[side]:
            clauses += [x for x in index["card"].get(c, ()) if x.when == "after-battle"]
        for clause in clauses:
            if holds(s, seat, clause, ctx):
                run(s, seat, clause.effects, ctx)


# -- a Blessing's actions on its holder's turn -------------------------------------------------


def actions(s: LordsState, seat: int) -> list[str]:
    """Return ``use:<id>`` for each held Blessing with an ``action`` clause that holds now."""
    by_blessing = _index(s.content)["blessing"]
    if not by_blessing:
        return []
    out = []
    for b in s.blessings[seat]:
        for clause in by_blessing.get(b, ()):
            if clause.when == "action" and holds(s, seat, clause, {}):
                out.append(f"use:{s.content.blessings[b].id}")
                break
    return out


def use(s: LordsState, seat: int, blessing_id: str) -> bool:
    """Run a held Blessing's ``action`` clause; return whether it had one."""
    b = s.content.blessing_index(blessing_id)
    for clause in _index(s.content)["blessing"].get(b, ()):
        if clause.when == "action" and holds(s, seat, clause, {}):
            run(s, seat, clause.effects, {})
            return True
    return False


# -- the decision frames -----------------------------------------------------------------------


def frame_options(s: LordsState, f: Frame) -> list[str]:
    """Return the choices of an effect's decision frame (none left: it is skipped)."""
    kind, seat = f["k"], int(f["seat"])
    c = s.content
    if kind == "fx-charge":
        used = [f"charge:{c.artifacts[a].id}" for a in _used_artifacts(s, seat)]
        return (["charge:none", *used] if f["may"] else used) if used else []
    if kind == "fx-discard":
        return [f"discard:{c.combat[x].id}" for x in _with_symbol(s, seat, f["symbol"])]
    if kind == "fx-kill":
        return [
            f"kill-other:{rid(s, r)}>{c.heroes[s.heroes[q]].id}"
            for r in range(len(s.control))
            for q in armies(s, r)
            if q != seat
        ]
    if kind == "fx-remove":
        return [f"remove:{rid(s, r)}" for r in range(len(s.control)) if s.hoplites(r, seat)]
    if kind == "fx-heal":
        return [f"prep:heal-{c.attributes[a]}" for a in range(s.na) if s.injured[seat] >> a & 1]
    if kind == "fx-untoken":
        tokens = s.used[seat]
        return [f"untoken:{SPECIALS[a]}" for a in range(len(SPECIALS)) if tokens >> a & 1]
    return [f"attr:{a}" for a in c.attributes]  # fx-raise


def frame_choose(s: LordsState, f: Frame, key: str) -> None:
    """Apply the decision of an effect's frame."""
    kind, seat = f["k"], int(f["seat"])
    arg = key.partition(":")[2]
    c = s.content
    if kind == "fx-charge":
        s.stack.remove(f)
        if arg != "none":
            s.artifact_charged[c.artifact(arg).index] = True
    elif kind == "fx-discard":
        s.stack.remove(f)
        discard_combat(s, seat, c.card(arg).index)
    elif kind == "fx-kill":
        from hellas.games.lords.board import kill  # noqa: PLC0415

        region_id, _, hero_id = arg.partition(">")
        q = next(q for q in range(s.n) if c.heroes[s.heroes[q]].id == hero_id)
        kill(s, region_of(s, region_id), q, 1)
        f["left"] -= 1
        if f["left"] <= 0:
            s.stack.remove(f)
    elif kind == "fx-remove":
        r = region_of(s, arg)
        if s.hop[r * s.n + seat]:
            s.hop[r * s.n + seat] -= 1
        else:
            s.fort[r] = -1
        _gone(s)[seat] += 1
        f["left"] -= 1
        if f["left"] <= 0:
            s.stack.remove(f)
    elif kind == "fx-heal":
        s.stack.remove(f)
        s.injured[seat] &= ~(1 << c.attributes.index(key.partition("-")[2]))
    elif kind == "fx-untoken":
        s.stack.remove(f)
        s.used[seat] &= ~(1 << SPECIALS.index(arg))
    else:  # fx-raise
        s.stack.remove(f)
        raise_attribute(s, seat, c.attributes.index(arg))


def entries(c: Content) -> list[tuple[str, str]]:
    """Return the choice keys the effect frames add (only for content whose cards use them)."""
    if not in_use(c):
        return []
    out = [("charge:none", "Charge no Artifact")]
    out += [(f"charge:{a.id}", f"Charge {a.name}") for a in c.artifacts]
    out += [
        (f"kill-other:{r.id}>{h.id}", f"Kill a Hoplite of {h.name} in {r.name}")
        for r in c.regions
        for h in c.heroes
    ]
    out += [
        (f"remove:{r.id}", f"Remove one of your Hoplites in {r.name} from the game")
        for r in c.regions
    ]
    return out
