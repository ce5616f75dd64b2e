"""The effect vocabulary in Battles and Hunts, and on the Monster side of a Hunt.

The rules of the effects a Battle or a Hunt runs (registered in ``fx.RUNNERS``): a bonus for
this Battle, an opponent's discard, Hoplites saved, a Wound of any type, a defence bonus ...
They act on the Battle or Hunt in progress (the top-most one on the stack).

The Monster side: a Monster Attack card not defended resolves its ``undefended`` clauses, the
Monster's Special Attack (``monster-special``) and its Evolutions' together (``undefended``):
each effect is applied in order at once, the decisions it needs are then asked (the last one
first), and the Injuries come last, all together - "Resolve Monster Attack Card effects (receive
Injuries, end Hunt etc.)".  Evolve cards change their Monster through ``attack_strength``,
``hunt_allowed`` and ``monster_value`` (their ``attack-strength``, ``hunt-allowed`` and
``monster`` clauses).
"""

from __future__ import annotations

from typing import Any

from hellas.games.lords import fx
from hellas.games.lords.board import adjacent, kill
from hellas.games.lords.cards import discard_combat
from hellas.games.lords.effects import Clause
from hellas.games.lords.frames import (
    BattleFrame,
    ChArtifactFrame,
    FxFrame,
    HepWoundFrame,
    HmBlessingFrame,
    HuntFrame,
    downward,
)
from hellas.games.lords.fx import POSSIBLE, holds, index, runner
from hellas.games.lords.fx_effects import amount
from hellas.games.lords.monsters import cover, tray, uncovered
from hellas.games.lords.state import LordsState

# -- Battles -----------------------------------------------------------------------------------


def battle(s: LordsState) -> BattleFrame:
    """Return the Battle in progress."""
    return next(f for f in downward(s.stack) if f["k"] == "battle")


def _side(f: BattleFrame, seat: int) -> int:
    return 0 if seat == f["att"] else 1


def _opponent(f: BattleFrame, seat: int) -> int:
    return int(f["def"] if seat == f["att"] else f["att"])


@runner("battle-bonus")
def battle_bonus(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """+N Army Strength in this Battle."""
    b = battle(s)
    b["bonus"][_side(b, seat)] += n


@runner("card-bonus")
def card_bonus(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """+N to the value of the Combat Card its owner plays (counted once a card is played)."""
    b = battle(s)
    b.setdefault("card_bonus", [0, 0])[_side(b, seat)] += n


def _can_play_any(s: LordsState, seat: int, ctx: dict[str, Any]) -> bool:
    from hellas.games.lords.battle import reusable_cards  # noqa: PLC0415 - battle imports fx

    b = battle(s)
    side = _side(b, seat)
    return bool(b["played"][side] or s.hands[seat] or reusable_cards(s, b, side))


POSSIBLE["card-bonus"] = lambda s, seat, value, ctx: _can_play_any(s, seat, ctx)


@runner("kill-opponent")
def kill_opponent(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """Kill N of the opponent's Hoplites in the Battle's Region."""
    b = battle(s)
    kill(s, b["region"], _opponent(b, seat), n)


@runner("opponent-discard")
def opponent_discard(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """Make the opponent discard N Combat Cards of their choice."""
    other = _opponent(battle(s), seat)
    s.stack.append({"k": "discard", "seat": other, "limit": len(s.hands[other]) - n})


POSSIBLE["opponent-discard"] = lambda s, seat, value, ctx: bool(s.hands[_opponent(battle(s), seat)])


@runner("opponent-discard-to")
def opponent_discard_to(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """Make the opponent (of the clause's Battle) discard down to N Combat Cards."""
    opp = int(f.get("opp", -1))
    if opp >= 0 and len(s.hands[opp]) > n:
        s.stack.append({"k": "discard", "seat": opp, "limit": n})


@runner("opponent-casualties")
def opponent_casualties(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """Add N to the opponent's Casualties in this Battle."""
    b = battle(s)
    b.setdefault("more_casualties", [0, 0])[1 - _side(b, seat)] += n


def _sources(s: LordsState, b: BattleFrame, seat: int) -> list[int]:
    return [r for r in adjacent(s, b["region"]) if s.hop[r * s.n + seat]]


@runner("gather-defenders")
def gather_defenders(s: LordsState, f: FxFrame, seat: int, _: bool) -> None:
    """All the seat's Hoplites in neighbouring Regions move into the Battle's Region."""
    b = battle(s)
    for r in _sources(s, b, seat):  # "any number": all of them come
        count = s.hop[r * s.n + seat]
        s.hop[r * s.n + seat] -= count
        s.hop[b["region"] * s.n + seat] += count


POSSIBLE["gather-defenders"] = lambda s, seat, value, ctx: bool(_sources(s, battle(s), seat))


@runner("save-hoplites")
def save_hoplites(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """N of the seat's Hoplites are not killed when the Battle resolves."""
    b = battle(s)
    b.setdefault("saved", [0, 0])[_side(b, seat)] = n


@runner("casualty-swing")
def casualty_swing(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """When the Battle resolves: ignore N of the seat's Casualties, or else add N to the enemy's."""
    b = battle(s)
    b.setdefault("blood", [0, 0])[_side(b, seat)] = n


@runner("priest-for-strength")
def priest_for_strength(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """Ask the seat (the Battle's ``master`` stage) whether to sacrifice a Priest for +N."""
    b = battle(s)
    b["stage"] = "master"
    b["pending_seat"] = seat
    b["master"] = n


@runner("last-card")
def last_card(s: LordsState, f: FxFrame, seat: int, _: bool) -> None:
    """Let the opponent play 1 more card, then both players must pass."""
    b = battle(s)
    side = _side(b, seat)
    b["passed"][side] = True
    b["bluffed"] = [True, True]  # "then both players must pass": no Bluff card after it
    if not b["passed"][1 - side]:
        b["bluff_now"] = 1 - side  # one card, then that side has passed too


# -- Hunts -------------------------------------------------------------------------------------


def hunt(s: LordsState) -> HuntFrame:
    """Return the Hunt in progress."""
    found = fx._hunt(s)
    assert found is not None, "no Hunt in progress"
    return found


def _usable(s: LordsState) -> list[int]:
    from hellas.games.lords.hunt import usable  # noqa: PLC0415 - hunt imports fx

    return usable(s, hunt(s))


@runner("wound-with-card")
def wound_with_card(s: LordsState, f: FxFrame, seat: int, symbol: str) -> None:
    """With 1 more Combat Card (of the symbol, or ``any``): a Wound of any type."""
    h = hunt(s)
    h["first"] = False
    h["need"] = 1
    h["symbol"] = "*" if symbol == "any" else symbol
    h["stage"] = "combo"


def _with_card(s: LordsState, seat: int, symbol: str, ctx: dict[str, Any]) -> bool:
    cards = s.content.combat
    me = int(ctx.get("card", -1))
    return any(c != me and symbol in ("any", cards[c].symbol) for c in _usable(s))


POSSIBLE["wound-with-card"] = _with_card


@runner("wound-any")
def wound_any(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """Deal N Wounds of any type in this Hunt (its rewards count them)."""
    from hellas.games.lords.hunt import wound_any as any_wound  # noqa: PLC0415

    for _ in range(n):
        any_wound(s, hunt(s))


@runner("wound-symbol")
def wound_symbol(s: LordsState, f: FxFrame, seat: int, symbol: str) -> None:
    """Deal a Wound of the symbol to the Monster (``hep-wound`` asks which, if it matters)."""
    h = hunt(s)
    symbols = tray(s, h["m"])
    kinds: dict[tuple[str, str], int] = {}
    for i in uncovered(s, h["m"]):
        if symbols[i][0] == symbol:
            kinds.setdefault(symbols[i], i)
    if len(kinds) == 1:
        wound(s, h, next(iter(kinds.values())))
    elif kinds:
        s.stack.append({"k": "hep-wound", "seat": h["seat"], "slots": sorted(kinds.values())})


def wound(s: LordsState, h: HuntFrame, slot: int) -> None:
    """Cover a Wound symbol in this Hunt (it counts for the Hunt's rewards)."""
    h["dealt"].append(slot)
    if cover(s, h["m"], slot):
        h["ended"] = "success"


def wound_options(s: LordsState, f: HepWoundFrame) -> list[str]:
    """Which symbol the Wound covers."""
    return [f"wound:{i}" for i in f["slots"]]


def wound_choose(s: LordsState, f: HepWoundFrame, key: str) -> None:
    """Cover it."""
    s.stack.remove(f)
    wound(s, hunt(s), int(key.partition(":")[2]))


def _boost(s: LordsState, n: int) -> None:
    from hellas.games.lords.hunt import settle_defence  # noqa: PLC0415

    h = hunt(s)
    h["boost"] = int(h.get("boost", 0)) + n
    settle_defence(s, h)


@runner("defence-attribute")
def defence_attribute(s: LordsState, f: FxFrame, seat: int, name: str) -> None:
    """Add the Hero's value of an Attribute to the defence (it may be enough now)."""
    _boost(s, amount(s, seat, name))


@runner("defence-bonus")
def defence_bonus(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """+N to the defence against this Monster Attack (it may be enough now)."""
    _boost(s, n)


@runner("defend")
def defend(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """Defend against the Monster Attack at once, with no Injury; draw N Combat Cards."""
    from hellas.games.lords.hunt import defended  # noqa: PLC0415

    defended(s, hunt(s), draw=n)


@runner("pick-attack")
def pick_attack(s: LordsState, f: FxFrame, seat: int, _: bool) -> None:
    """Let the hunter pick the next Monster Attack card (not the left neighbour)."""
    hunt(s)["own_pick"] = True


# -- a Monster Attack not defended --------------------------------------------------------------


def undefended(s: LordsState, h: HuntFrame, attack: int, first: bool) -> None:
    """Resolve a Monster Attack card not defended: its effects, Special Attack, Evolutions.

    ``first``: it is the Hunt's first Monster Attack.
    """
    m = int(h["m"])
    clauses = list(s.content.attack_cards[attack].effects) + evolved(s, m, "undefended")
    resolve(s, h, clauses, first)


def resolve(s: LordsState, h: HuntFrame, clauses: list[Clause], first: bool) -> None:
    """Apply ``undefended`` clauses to the hunter of Hunt ``h``.

    Every effect is applied in order at once (a decision pushes its frame; the last pushed is
    asked first); the Injuries, added up, come last.
    """
    p, m = int(h["seat"]), int(h["m"])
    ctx = {"m": m, "attacks": 0 if first else 1}
    injuries = [0]
    _resolve(s, p, m, clauses, ctx, injuries, depth=0)
    if injuries[0]:
        from hellas.games.lords.hunt import hurt  # noqa: PLC0415

        hurt(s, p, injuries[0])


def _resolve(
    s: LordsState,
    p: int,
    m: int,
    clauses: list[Clause],
    ctx: dict[str, Any],
    injuries: list[int],
    depth: int,
) -> None:
    frame: FxFrame = {"k": "fx", "seat": p, "todo": []}
    for clause in clauses:
        if clause.when != "undefended" or not holds(s, p, clause, ctx):
            continue
        for name, value in clause.effects:
            if name == "injure-self":
                injuries[0] += int(value)
            elif name == "monster-special":
                if depth == 0:  # a Special Attack never strikes twice
                    special = list(s.content.monsters[m].special)
                    _resolve(s, p, m, special, ctx, injuries, depth + 1)
            else:
                fx.apply(s, frame, p, name, value)


@runner("end-hunt")
def end_hunt(s: LordsState, f: FxFrame, seat: int, _: bool) -> None:
    """End the Hunt at once (unsuccessfully)."""
    hunt(s)["ended"] = "failure"


@runner("lower-highest")
def lower_highest(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """Lower the highest Attribute by N for good (the hunter picks among equal highest)."""
    base = s.attrs[seat * s.na : (seat + 1) * s.na]
    highest = [a for a in range(s.na) if base[a] == max(base)]
    if len(highest) > 1 and max(base) > 1:  # equal highest: the hunter picks
        s.stack.append({"k": "lower", "seat": seat, "among": highest, "n": n})
    else:
        s.attrs[seat * s.na + highest[0]] = max(1, base[highest[0]] - n)


@runner("lower-any")
def lower_any(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """One Attribute of the hunter's choice (above 1) drops by N for good."""
    base = s.attrs[seat * s.na : (seat + 1) * s.na]
    among = [a for a in range(s.na) if base[a] > 1]
    if len(among) == 1:
        s.attrs[seat * s.na + among[0]] -= n
    elif among:  # "The Hero loses 1 in any 1 Attribute": the hunter picks which
        s.stack.append({"k": "lower", "seat": seat, "among": among, "n": n})


def _discard_to(s: LordsState, seat: int, keep: int) -> None:
    if len(s.hands[seat]) > keep:
        s.stack.append({"k": "discard", "seat": seat, "limit": keep})


@runner("discard-to")
def discard_to(s: LordsState, f: FxFrame, seat: int, value: Any) -> None:
    """Discard down to N Combat Cards (or the Hero's value of an Attribute)."""
    _discard_to(s, seat, amount(s, seat, value))


@runner("discard-half")
def discard_half(s: LordsState, f: FxFrame, seat: int, _: bool) -> None:
    """Discard half of the Combat Cards, rounded up."""
    _discard_to(s, seat, len(s.hands[seat]) // 2)


@runner("discard-random")
def discard_random(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """Discard N Combat Cards at random."""
    for _ in range(n):
        if s.hands[seat]:
            discard_combat(s, seat, s.hands[seat][s.rng.below(len(s.hands[seat]))])


@runner("discard-blessing")
def discard_blessing(s: LordsState, f: FxFrame, seat: int, _: bool) -> None:
    """Discard one of the Hero's Blessings, its player picking (``hm-blessing``)."""
    if s.blessings[seat]:
        s.stack.append({"k": "hm-blessing", "seat": seat})


def blessing_options(s: LordsState, f: HmBlessingFrame) -> list[str]:
    """List the Blessings the hunter may discard."""
    blessings = s.content.blessings
    return [f"hm-blessing:{blessings[b].id}" for b in sorted(s.blessings[f["seat"]])]


def blessing_choose(s: LordsState, f: HmBlessingFrame, key: str) -> None:
    """Discard it."""
    s.stack.remove(f)
    s.blessings[f["seat"]].remove(s.content.blessing(key.partition(":")[2]).index)


@runner("discard-artifact")
def discard_artifact(s: LordsState, f: FxFrame, seat: int, _: bool) -> None:
    """Discard one of the Hero's Artifacts (if any), its player picking (``ch-artifact``)."""
    owned = [a for a in range(len(s.artifact_owner)) if s.artifact_owner[a] == seat]
    if len(owned) == 1:
        drop_artifact(s, owned[0])
    elif owned:
        s.stack.append({"k": "ch-artifact", "seat": seat})


def drop_artifact(s: LordsState, a: int) -> None:
    """Discard an Artifact: a Neutral one under the Neutral deck; the others leave play.

    A God's Artifact goes back under its Monument: whoever next takes control of that Region
    takes it (the base rule for God's Artifacts).
    """
    s.artifact_owner[a] = -1
    s.artifact_charged[a] = True
    if s.content.artifacts[a].kind == "neutral":
        s.neutral_deck.insert(0, a)


def artifact_options(s: LordsState, f: ChArtifactFrame) -> list[str]:
    """List the Artifacts the hunter may discard."""
    artifacts = s.content.artifacts
    return [
        f"ch-artifact:{artifacts[a].id}"
        for a in range(len(s.artifact_owner))
        if s.artifact_owner[a] == f["seat"]
    ]


def artifact_choose(s: LordsState, f: ChArtifactFrame, key: str) -> None:
    """Discard it."""
    s.stack.remove(f)
    drop_artifact(s, s.content.artifact(key.partition(":")[2]).index)


@runner("heal-wound")
def heal_wound(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """Heal N of the Monster's Wounds, the last dealt first."""
    h = hunt(s)
    m = h["m"]
    for _ in range(n):
        if s.wounds[m]:
            healed = s.wounds[m].pop()
            if healed in h["dealt"]:
                h["dealt"].remove(healed)


# -- Evolutions --------------------------------------------------------------------------------


def evolved(s: LordsState, m: int, trigger: str) -> list[Clause]:
    """Return the clauses of ``trigger`` of the Evolve cards lying by Monster ``m``."""
    if not s.evolutions[m]:
        return []
    evolve = index(s.content).evolve
    out: list[Clause] = []
    for number in s.evolutions[m]:
        out += evolve.get((m, number), {}).get(trigger, ())
    return out


def monster_value(s: LordsState, m: int, name: str) -> list[Any]:
    """Return the values of effect ``name`` on Monster ``m``'s Evolve cards (``monster``)."""
    return [value for c in evolved(s, m, "monster") for n, value in c.effects if n == name]


def has_passive(s: LordsState, m: int, passive: str) -> bool:
    """Return whether Monster ``m`` has a passive ability, on its tray or from an Evolution."""
    return s.content.monsters[m].passive == passive or passive in monster_value(
        s, m, "monster-passive"
    )


def hunt_allowed(s: LordsState, p: int, m: int) -> bool:
    """Return whether ``p`` meets what Monster ``m``'s Evolve cards ask of a hunter."""
    ctx = {"m": m}
    return all(holds(s, p, clause, ctx) for clause in evolved(s, m, "hunt-allowed"))


def attack_strength(s: LordsState, h: HuntFrame) -> int:
    """Return what Evolve cards add to a Monster Attack card's Strength in this Hunt."""
    m, p = int(h["m"]), int(h["seat"])
    ctx = {"m": m, "attacks": h["attacks"]}
    total = 0
    for clause in evolved(s, m, "attack-strength"):
        if holds(s, p, clause, ctx):
            total += sum(int(v) for name, v in clause.effects if name == "attack-strength")
    for other in range(len(s.monster_at)):  # an Evolution for every Monster (Typhon's)
        if s.monster_at[other] >= 0 and s.evolutions[other]:
            total += sum(monster_value(s, other, "all-attack-strength"))
    return total
