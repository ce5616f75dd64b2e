"""A player's turn: Regular Actions in any order, each once, then one Special Action.

Regular Actions: use Artifacts, send a Priest to a Monument (Attribute +1 and the Monument
Power of its level), Hero Movement, Hoplite Movement (with Fortification); Blessings may
replace Hero or Hoplite Movement.  Special Actions: Recruit, March, Build Temple, Prepare,
Usurp, Hunt, Build Monument.  Each procedure is a frame on the state's stack with ``options``
(choice keys) and ``choose`` (apply one).  What cards do on a turn is their clauses' (``fx``):
the turn menu lists their choices by group (``fx_index.TURN_GROUPS``: the base game's and a pack's
cards in their places, each module's cards after the module's own actions), the procedures
call the triggers (``turn-start``, ``after-hero-move``, ``after-march`` ...) and read the rules
held cards change (``passive``: Recruit, March, Usurp).
"""

from __future__ import annotations

from typing import Any

from hellas.games.lords import board, fx, hooks
from hellas.games.lords.board import (
    add_hoplites,
    armies,
    can_fortify,
    enemies_in,
    gain_priest,
    kill,
    move_hoplites,
    open_to,
    region_of,
    rid,
    settle_control,
    take_control,
)
from hellas.games.lords.cards import (
    draw_combat,
    enforce_limit,
    raise_attribute,
)
from hellas.games.lords.frames import (
    HeroFrame,
    HoplitesFrame,
    MarchFrame,
    OriHorseFrame,
    PoseidonHoplitesFrame,
    PowerRecruitFrame,
    PrepareFrame,
    RecruitFrame,
    TempleSiteFrame,
    TurnFrame,
    UsurpFrame,
)
from hellas.games.lords.fx_index import OWN_OFFERS, TURN_GROUPS, Offer
from hellas.games.lords.hunt import hunt_targets, start_hunt
from hellas.games.lords.monster_phase import start_round_end
from hellas.games.lords.monsters import has_passive
from hellas.games.lords.movement import after_moves, can_enter, chimera_bites
from hellas.games.lords.phases import oracle_bonus, push_withdrawal, start_draft
from hellas.games.lords.quests import advance_step, after_hero_movement, card_options, use_card
from hellas.games.lords.state import (
    HUNT,
    MARCH,
    PREPARE,
    RA_ARTIFACTS,
    RA_HERO,
    RA_HOPLITES,
    RA_PRAY,
    RECRUIT,
    SPECIALS,
    TEMPLE,
    USURP,
    LordsState,
)

KING_OF_KINGS_TOKENS = 3


# -- the turn frame ---------------------------------------------------------------------------


def start_turn(s: LordsState, seat: int) -> None:
    """Begin ``seat``'s turn."""
    s.current = seat
    s.regular = 0
    s.turn += 1
    s.stack.append({"k": "turn", "open": False, "extra": 0, "specials": 0, "must": ""})
    hooks.run(s, "start_turn", seat)
    fx.fire(s, seat, "turn-start")  # the Blessings', then the Hero's (Heracles' Glory Token)


def _movable(s: LordsState, seat: int) -> bool:
    return any(s.hop[r * s.n + seat] for r in range(len(s.control))) or any(
        f == seat for f in s.fort
    )


def _temple_sites(s: LordsState, seat: int) -> list[int]:
    limit = 8 if s.n >= 4 else 6  # "Place only the first 6 Temples for 3- and 2-player games"
    out = []
    for r in s.content.regions:
        if not r.shrine or s.temples[r.index] or s.control[r.index] != seat:
            continue
        if r.shrine == 1 and s.temples_built >= limit:
            continue
        if has_passive(s, r.index, "guards-shrine"):
            continue
        out.append(r.index)
    return out


def special_options(s: LordsState, seat: int) -> list[str]:
    """Return the Special Actions ``seat`` may take now."""
    used = s.used[seat]
    out = []
    regions = s.content.regions
    if (
        not used >> RECRUIT & 1
        and s.supply[seat]
        and any(regions[r].city and s.control[r] == seat for r in range(len(s.control)))
    ):
        out.append("recruit")
    if not used >> MARCH & 1 and any(s.hop[r * s.n + seat] for r in range(len(s.control))):
        out.append("march")
    if not used >> TEMPLE & 1:
        out += [f"temple:{rid(s, r)}" for r in _temple_sites(s, seat)]
    if not used >> PREPARE & 1:
        out.append("prepare")
    here = s.hero_at[seat]
    if (
        not used >> USURP & 1
        and here >= 0
        and s.glory[s.content.regions[here].land] == seat
        and s.control[here] != seat
    ):
        out.append("usurp")
    if not used >> HUNT & 1:
        out += [f"hunt:{s.content.monsters[m].id}" for m in hunt_targets(s, seat)]
    out += monument_options(s)
    return out


def monument_options(s: LordsState) -> list[str]:
    """Return the Build Monument choices (a reset without a level once all are complete)."""
    open_gods = [g.id for g in s.content.gods if s.monument[g.index] < 5]
    if open_gods:
        return [f"monument:{g}" for g in open_gods]
    return ["monument:rest"]


def turn_options(s: LordsState, f: TurnFrame) -> list[str]:
    """Return the choices of the player whose turn it is."""
    p = s.current
    if f["must"] == "monument":
        return monument_options(s)
    out: list[str] = []
    if f["specials"]:  # an extra Special Action (Oracle of Delphi, Hermes' Temple): any one
        return special_options(s, p)
    ra = s.regular
    allowed = _open_groups(s, f, p)
    cards = fx.turn_cards(s, p, "", allowed)  # the base game's and a pack's cards' choices
    out += cards.get("use", ())
    if not ra & RA_PRAY and s.priests[p]:
        for g in s.content.gods:
            if len(s.monument_priests[g.index]) < s.monument[g.index]:
                out.append(f"pray:{g.id}")
    if not ra & RA_HERO:
        if s.hero_at[p] >= 0:
            out.append("hero-move")
        elif s.questing[p] >= 0:
            out.append("quest-step")
        out += cards.get("instead-hero-move", ())
    if not ra & RA_HOPLITES:
        if _movable(s, p):
            out.append("hoplite-move")
        out += cards.get("instead-hoplite-move", ())
    out += card_options(s, p)
    out += cards.get("action", ())
    out += cards.get("instead-prayer", ())
    specials = list(cards.get("special-action", ()))
    if s.options.get("modules"):  # each module's own actions, then its cards' choices
        for m in hooks.active(s):
            handler = m.hooks.get("turn_options")
            if handler is not None:
                out += handler(s, p, f)
            theirs = fx.turn_cards(s, p, m.id, allowed)
            for group in TURN_GROUPS[:-1]:
                out += theirs.get(group, ())
            specials += theirs.get("special-action", ())
    out += special_options(s, p)
    out += specials
    if s.n == 2:  # the 2-player rule: first use one Special Action already used
        out += [
            f"first:{SPECIALS[a]}"
            for a in range(len(SPECIALS))
            if s.used[p] >> a & 1 and _special_possible(s, p, a)
        ]
    return out


def _open_groups(s: LordsState, f: TurnFrame, p: int) -> frozenset[str]:
    """Return the groups of card choices open now (their Regular Action still to take)."""
    ra = s.regular
    window = (not ra & RA_ARTIFACTS or bool(f["open"])) and p in s.artifact_owner
    key = ra & (RA_HERO | RA_HOPLITES | RA_PRAY), window
    found = _OPEN.get(key)
    if found is None:
        groups = {g for g, bit in TURN_TRIGGERS.items() if bit != RA_ARTIFACTS and not ra & bit}
        if window:  # the Use Artifacts window: any number of them in one Regular Action
            groups.add("use")
        found = _OPEN[key] = frozenset(groups)
    return found


_OPEN: dict[tuple[int, bool], frozenset[str]] = {}


def _special_possible(s: LordsState, p: int, a: int) -> bool:
    saved = s.used[p]
    s.used[p] = saved & ~(1 << a)
    ok = any(o.split(":")[0] == SPECIALS[a] for o in special_options(s, p))
    s.used[p] = saved
    return ok


def _close_artifacts(s: LordsState, f: TurnFrame) -> None:
    if f["open"]:
        f["open"] = False


def turn_choose(s: LordsState, f: TurnFrame, key: str) -> None:
    """Apply a choice made in the turn menu."""
    p = s.current
    verb, _, arg = key.partition(":")
    if verb != "artifact":
        _close_artifacts(s, f)
    if s.options.get("modules") and hooks.turn_choose(s, f, p, key):
        return
    offer = fx.offer_of(s, key, TURN_WHEN)
    if offer is not None:
        _use_card(s, f, p, offer, key)
    elif verb == "pray":
        s.regular |= RA_PRAY
        pray(s, p, arg)
    elif key == "hero-move":
        s.regular |= RA_HERO
        s.stack.append({"k": "hero", "left": s.attr(p, 2)})
    elif key == "quest-step":
        s.regular |= RA_HERO
        advance_step(s, p)
    elif verb == "quest-card":
        use_card(s, p, arg, f)
    elif key == "hoplite-move":
        s.regular |= RA_HOPLITES
        s.stack.append(hoplite_frame(s, s.attr(p, 0)))
    elif verb == "first":
        f["must"] = "monument"
        action = SPECIALS.index(arg)
        s.used[p] &= ~(1 << action)
        _special(s, f, p, {"temple": "temple-choose", "hunt": "hunt-choose"}.get(arg, arg))
    else:
        _special(s, f, p, key)


# the triggers of the turn menu's card choices, and the Regular Action each one takes
TURN_TRIGGERS = {
    "use": RA_ARTIFACTS,
    "instead-hero-move": RA_HERO,
    "instead-hoplite-move": RA_HOPLITES,
    "instead-prayer": RA_PRAY,
    "action": 0,
    "special-action": 0,
}
TURN_WHEN = tuple(TURN_TRIGGERS)


def _use_card(s: LordsState, f: TurnFrame, p: int, offer: Offer, key: str) -> None:
    """Play a card's choice from the turn menu (it takes its Regular Action, if any)."""
    when = offer.clause.when
    own = offer.clause.effects and offer.clause.effects[0][0] in OWN_OFFERS
    if not own:  # an effect offering its own choices (e.g. the Golden Goblet) sees to it
        s.regular |= TURN_TRIGGERS[when]
        if when == "use":
            f["open"] = True  # more Artifacts may follow in the same Regular Action
    fx.use_offer(s, p, offer, key, {})


def _special(s: LordsState, f: TurnFrame, p: int, key: str) -> None:
    """Start a Special Action: mark its Used Action Token, then run it."""
    verb, _, arg = key.partition(":")
    f["specials"] += 1
    take_activation_token(s, p)
    if s.result:
        return
    if verb == "monument":
        if f["must"]:
            f["must"] = ""
        f["extra"] = 0
        build_monument(s, p, arg)
        return
    if verb == "temple-choose":
        s.used[p] |= 1 << TEMPLE
        s.stack.append({"k": "temple-site"})
        return
    if verb == "hunt-choose":
        s.used[p] |= 1 << HUNT
        s.stack.append({"k": "hunt-target"})
        return
    s.used[p] |= 1 << SPECIALS.index(verb)
    if verb == "recruit":
        s.stack.append(recruit_frame(s, p))
    elif verb == "march":
        s.stack.append(
            {"k": "march", "stage": "from", "src": -1, "dst": -1, "limit": 0, "source": "march"}
        )
    elif verb == "temple":
        build_temple(s, p, region_of(s, arg), f)
    elif verb == "prepare":
        s.stack.append({"k": "prepare", "left": 2})
    elif verb == "usurp":
        usurp(s, p)
    elif verb == "hunt":
        start_hunt(s, p, s.content.monster(arg).index)


def take_activation_token(s: LordsState, p: int) -> None:
    """King of Kings: the builder of the first full Monument takes a token per Special Action."""
    if not s.activation or s.activation[0] != p or s.activation[1] <= 0:
        return
    s.activation[1] -= 1
    if s.activation[1] == 0:
        site = s.content.gods[s.activation[2]].site
        owner = s.control[site]
        if owner >= 0:
            s.result = {
                "winner": owner,
                "condition": "king",
                "text": f"King of Kings: controls {s.content.regions[site].name} "
                "with the first complete Monument",
            }


def end_of_special(s: LordsState, f: TurnFrame) -> bool:
    """Return whether the turn is over (no extra Special Action pending)."""
    if f["must"]:
        return False
    if f["extra"] > 0:
        f["extra"] -= 1
        return not turn_options(s, f)
    return True


# -- Hero Movement ------------------------------------------------------------------------------


def hero_options(s: LordsState, f: HeroFrame) -> list[str]:
    """Hero Movement: step to a neighbouring Region, or stop."""
    p = s.current
    out = ["stop"]
    if f["left"] > 0:
        out += [f"go:{rid(s, r)}" for r in board.links(s, s.hero_at[p], "hero")]
    return out


def hero_choose(s: LordsState, f: HeroFrame, key: str) -> None:
    """Apply one Hero Movement step (or stop)."""
    p = s.current
    if key.startswith("go:"):
        s.hero_at[p] = region_of(s, key[3:])
        f["left"] -= 1
        if f["left"] > 0:
            return
    s.stack.pop()
    after_hero_movement(s, p)  # a Quest Token here: board a Quest Step?
    hooks.run(s, "after_hero_move", p)
    fx.fire(s, p, "after-hero-move")  # e.g. Hero's Wrath


# -- Hoplite Movement ---------------------------------------------------------------------------


def hoplite_frame(s: LordsState, left: int, mode: str = "move") -> HoplitesFrame:
    """Return a Hoplite Movement frame: ``left`` Hoplites may move one Region each."""
    return {
        "k": "hoplites",
        "left": left,
        "arrived": [0] * len(s.control),
        "entered": [],
        "mode": mode,
        "origins": {},
    }


def hoplite_options(s: LordsState, f: HoplitesFrame | PoseidonHoplitesFrame) -> list[str]:
    """Hoplite Movement: move one Hoplite, Fortify one, or finish."""
    p = s.current
    out = ["done"]
    if f["left"] <= 0:
        return out
    n = s.n
    regions = s.content.regions
    for r in range(len(s.control)):
        free = s.hop[r * n + p] - f["arrived"][r]
        if free > 0:
            here = regions[r]
            out += [
                f"move:{here.id}>{regions[t].id}" for t in here.neighbours if can_enter(s, p, t)
            ]
            if can_fortify(s, r, p):
                out.append(f"fortify:{here.id}")
        if s.fort[r] == p:
            out.append(f"unfortify:{rid(s, r)}")
    if s.options.get("modules"):  # a module may close a step (e.g. a Sea Trail)
        out = [o for o in out if not _closed(s, o)]
    return out


def _closed(s: LordsState, key: str) -> bool:
    """Return whether a module closes the step of a ``move:a>b`` key."""
    if not key.startswith("move:"):
        return False
    a, b = (region_of(s, x) for x in key[5:].split(">"))
    return hooks.any_true(s, "crossing_closed", a, b)


def hoplite_choose(s: LordsState, f: HoplitesFrame | PoseidonHoplitesFrame, key: str) -> None:
    """Apply one Hoplite move (or finish the movement)."""
    p = s.current
    verb, _, arg = key.partition(":")
    if verb == "move":
        a, b = (region_of(s, x) for x in arg.split(">"))
        move_hoplites(s, p, a, b, 1)
        f["arrived"][b] += 1
        if b not in f["entered"]:
            f["entered"].append(b)
        origins = f["origins"].setdefault(str(b), [])
        if a not in origins:
            origins.append(a)
        f["left"] -= 1
    elif verb == "fortify":
        r = region_of(s, arg)
        s.hop[r * s.n + p] -= 1
        s.fort[r] = p
        f["left"] -= 1
    elif verb == "unfortify":
        r = region_of(s, arg)
        s.fort[r] = -1
        s.hop[r * s.n + p] += 1
        f["arrived"][r] += 1
        f["left"] -= 1
    if verb == "done" or f["left"] <= 0:
        s.stack.pop()
        for b in f["entered"]:
            chimera_bites(s, p, b)  # once per Region entered in this Hoplite Movement
        after_moves(s, p, f["entered"], f["origins"])
    if verb == "move" and s.options.get("modules"):
        hooks.run(s, "hoplites_moved", p, a, b)  # after the frame's own pop, if it ended


# -- Prayer and Monument Powers -------------------------------------------------------------------


def pray(s: LordsState, p: int, god_id: str) -> None:
    """Send a Priest to a Monument: its Attribute +1, then its Monument Power."""
    g = s.content.god(god_id)
    s.priests[p] -= 1
    s.monument_priests[g.index].append(p)
    raise_attribute(s, p, g.attribute)
    if s.options.get("modules"):
        hooks.run(s, "prayer", p, god_id)  # a module god's Monument Power
    power = g.powers[s.monument[g.index] - 1]
    if power is None:
        return
    kind, n = power
    if kind == "draw":
        draw_combat(s, p, n)
        enforce_limit(s, p)
    elif kind == "recruit":
        if s.supply[p] and any(s.control[r] == p for r in range(len(s.control))):
            s.stack.append({"k": "power-recruit", "n": n})
    elif kind == "move" and any(s.hop[r * s.n + p] for r in range(len(s.control))):
        s.stack.append(
            {"k": "march", "stage": "from", "src": -1, "dst": -1, "limit": n, "source": "hermes"}
        )


def power_recruit_options(s: LordsState, f: PowerRecruitFrame) -> list[str]:
    """Athena's power: pick the Region you control that receives the Hoplites."""
    p = s.current
    out = []
    for r in range(len(s.control)):
        if (
            s.control[r] == p
            and (not f.get("cities") or s.content.regions[r].city)
            and ("regions" not in f or r in f["regions"])  # e.g. a module's Port Regions
        ):
            out.append(f"power:{rid(s, r)}")
            if can_fortify(s, r, p):
                out.append(f"power-fortified:{rid(s, r)}")
    return out


def power_recruit_choose(s: LordsState, f: PowerRecruitFrame, key: str) -> None:
    """Recruit the power's Hoplites."""
    s.stack.pop()
    verb, _, arg = key.partition(":")
    n = f["counts"][arg] if "counts" in f else f["n"]  # a module's count per Region (Poseidon)
    add_hoplites(s, region_of(s, arg), s.current, n, fortified=verb == "power-fortified")


# -- Special Actions ------------------------------------------------------------------------------


def recruit_frame(s: LordsState, p: int) -> RecruitFrame:
    """Return the Recruit frame: 2 per City you control, 4 in Sparta."""
    caps = {}
    for r in s.content.regions:
        if r.city and s.control[r.index] == p:
            caps[r.id] = 4 if r.city == 2 else 2
    return {
        "k": "recruit",
        "caps": caps,
        "fort": [],
        "mobilize": sum(fx.passive(s, p, "recruit-also")),  # e.g. Mobilization's 2
    }


def recruit_options(s: LordsState, f: RecruitFrame) -> list[str]:
    """Recruit: one Hoplite at a time (one may arrive Fortified), then done."""
    p = s.current
    out = ["done"]
    if not s.supply[p]:
        return out
    for region_id, cap in f["caps"].items():
        if cap > 0:
            out.append(f"recruit:{region_id}")
            r = region_of(s, region_id)
            if can_fortify(s, r, p) and region_id not in f["fort"]:
                out.append(f"recruit-fortified:{region_id}")
    if f["mobilize"]:
        out += [f"mobilize:{rid(s, r)}" for r in range(len(s.control)) if s.control[r] == p]
    return out


def recruit_choose(s: LordsState, f: RecruitFrame, key: str) -> None:
    """Apply one Recruit choice."""
    p = s.current
    verb, _, arg = key.partition(":")
    if verb == "done":
        s.stack.pop()
        return
    if verb == "mobilize":
        add_hoplites(s, region_of(s, arg), p, f["mobilize"])
        f["mobilize"] = 0
        return
    add_hoplites(s, region_of(s, arg), p, 1, fortified=verb == "recruit-fortified")
    f["caps"][arg] -= 1
    if verb == "recruit-fortified":
        f["fort"].append(arg)
    if not s.supply[p] or (not any(f["caps"].values()) and not f["mobilize"]):
        s.stack.pop()


def march_options(s: LordsState, f: MarchFrame | OriHorseFrame) -> list[str]:
    """March (or Hermes' power): choose the Army, where it goes, and how many go."""
    p = s.current
    n = s.n
    if f["stage"] == "from":
        return [f"march:{rid(s, r)}" for r in range(len(s.control)) if s.hop[r * n + p]]
    if f["stage"] == "to":
        src = f["src"]
        out = [f"to:{rid(s, r)}" for r in reach(s, p, src, f) if can_enter(s, p, r)]
        cost = _murder_cost(s, p, f)  # e.g. Murderous March: 2 of the Army die
        if cost and s.hop[src * n + p] > cost:
            out += [f"murder:{rid(s, r)}" for r in range(len(s.control)) if r != src]
        return out
    most = s.hop[f["src"] * n + p]
    if f["limit"]:
        most = min(most, f["limit"])
    return [f"count:{k}" for k in range(1, most + 1)]


def march_plan(s: LordsState, f: MarchFrame) -> dict[str, dict[str, Any]]:
    """Return, for each Army the March may start from, where it may go and how many may go.

    ``{region id: {"to": [...], "murder": [...], "most": n, "murder_most": n, "murder_cost": n}}``:
    what the choices after ``march:REGION`` will be, so a front end can build the whole March
    (from, to, how many) before it sends anything, and cancel it freely.  Nothing is changed.
    """
    p = s.current
    out: dict[str, dict[str, Any]] = {}
    for key in march_options(s, f):
        src = region_of(s, key.partition(":")[2])
        then: MarchFrame = {**f, "stage": "to", "src": src}
        keys = march_options(s, then)
        most = s.hop[src * s.n + p]
        if f["limit"]:
            most = min(most, f["limit"])
        out[rid(s, src)] = {
            "to": [k.partition(":")[2] for k in keys if k.startswith("to:")],
            "murder": [k.partition(":")[2] for k in keys if k.startswith("murder:")],
            "most": most,
            "murder_most": min(most, s.hop[src * s.n + p] - _murder_cost(s, p, then)),
            "murder_cost": _murder_cost(s, p, then),
        }
    return out


def _murder_cost(s: LordsState, p: int, f: MarchFrame | OriHorseFrame) -> int:
    """Return how many of the Army a March to any Region costs (0: no such card held)."""
    if f["source"] != "march":
        return 0
    costs = fx.passive(s, p, "march-anywhere-for")
    return int(min(costs)) if costs else 0


def reach(s: LordsState, p: int, src: int, f: MarchFrame | OriHorseFrame) -> list[int]:
    """Return where a March may go: neighbours, or further with a card (Forced March: 2)."""
    out = set(board.links(s, src, "march" if f["source"] == "march" else "hermes"))
    steps = max([1, *fx.passive(s, p, "march-reach")]) if f["source"] == "march" else 1
    frontier = sorted(out)
    for _ in range(steps - 1):
        nxt = []
        for mid in frontier:
            # "the player can travel only through Neutral Regions or those under his/her control"
            if open_to(s, mid, p):
                for r in board.links(s, mid, "march"):
                    if r not in out:
                        out.add(r)
                        nxt.append(r)
        frontier = nxt
    out.discard(src)
    return sorted(out)


def march_choose(s: LordsState, f: MarchFrame | OriHorseFrame, key: str) -> None:
    """Apply one March choice."""
    p = s.current
    verb, _, arg = key.partition(":")
    if verb == "march":
        f["src"] = region_of(s, arg)
        f["stage"] = "to"
        return
    if verb in ("to", "murder"):
        f["dst"] = region_of(s, arg)
        if verb == "murder":
            kill(s, f["src"], p, _murder_cost(s, p, f))
            f["murdered"] = True
        f["stage"] = "count"
        if len(march_options(s, f)) == 1:
            march_choose(s, f, march_options(s, f)[0])
        return
    count = int(arg)
    src, dst = f["src"], f["dst"]
    s.stack.pop()
    move_hoplites(s, p, src, dst, count)
    chimera_bites(s, p, dst)
    if f["source"] == "march":
        fx.fire(s, p, "after-march", {"region": src})  # e.g. Rearguard: 2 where it left
    after_moves(s, p, [dst], {str(dst): [src]})
    if s.options.get("modules"):
        hooks.run(s, "hoplites_moved", p, src, dst)  # e.g. Warriors of Hades going along


def build_temple(s: LordsState, p: int, region: int, f: TurnFrame) -> None:
    """Build Temple: a Temple on a Shrine you control, a Priest, maybe a Blessing Draft."""
    s.temples[region] = 1
    gain_priest(s, p)
    card = s.content.temples[s.temple_card]
    if s.content.regions[region].shrine == 2:
        s.oracle = 1
        oracle_bonus(s, p, card.oracle, f)
    else:
        s.temples_built += 1
        if s.temples_built in card.drafts:
            start_draft(s, p)
    if s.options.get("modules"):
        hooks.run(s, "temple_built", p, region)
    fx.fire(s, p, "temple-built")  # e.g. Hermes' Temple: one more Special Action


def temple_site_options(s: LordsState, f: TempleSiteFrame) -> list[str]:
    """Build Temple (2-player first action): pick the Shrine."""
    return [f"temple:{rid(s, r)}" for r in _temple_sites(s, s.current)]


def temple_site_choose(s: LordsState, f: TempleSiteFrame, key: str) -> None:
    """Build the chosen Temple."""
    s.stack.pop()
    turn = s.stack[-1]
    assert turn["k"] == "turn"  # the Temple site is asked from the turn (a Special Action)
    build_temple(s, s.current, region_of(s, key.partition(":")[2]), turn)


def prepare_options(s: LordsState, f: PrepareFrame) -> list[str]:
    """Prepare: two picks among heal an Injury, draw a Combat Card, Recruit by your Hero."""
    p = s.current
    out = ["prep:draw"]
    here = s.hero_at[p]
    if (
        here >= 0
        and s.supply[p]
        and not enemies_in(s, here, p)
        and not has_passive(s, here, "fearsome")
    ):
        out.append("prep:recruit")
    names = s.content.attributes
    out += [f"prep:heal-{names[a]}" for a in range(s.na) if s.injured[p] >> a & 1]
    return out


def prepare_choose(s: LordsState, f: PrepareFrame, key: str) -> None:
    """Apply one Prepare pick."""
    p = s.current
    pick = key.partition(":")[2]
    if pick == "draw":
        draw_combat(s, p, 1)
    elif pick == "recruit":
        here = s.hero_at[p]
        add_hoplites(s, here, p, 1)
        settle_control(s, here)
    else:
        s.injured[p] &= ~(1 << s.content.attributes.index(pick[5:]))
    f["left"] -= 1
    if f["left"] > 0:
        return
    s.stack.pop()
    fx.fire_hero(s, p, "prepare-done")  # e.g. Perseus may go to any Region (asked last)
    fx.fire(s, p, "prepare-done", hero=False)  # e.g. Combat Training: one more card
    enforce_limit(s, p)


def usurp(s: LordsState, p: int) -> None:
    """Usurp: take control of your Hero's Region; enemies withdraw without losses."""
    here = s.hero_at[p]
    take_control(s, here, p)
    up_to = max([1, *fx.passive(s, p, "usurp-recruits")])  # e.g. Glory of Zeus: 3
    s.stack.append({"k": "usurp", "region": here, "n": up_to})
    for q in armies(s, here):
        if q != p:
            push_withdrawal(s, q, here, "usurp")


def usurp_options(s: LordsState, f: UsurpFrame) -> list[str]:
    """Usurp's Recruit: how many Hoplites (one may arrive Fortified)."""
    p = s.current
    most = min(f["n"], s.supply[p])
    out = [f"usurp:{k}" for k in range(most + 1)]
    if most and can_fortify(s, f["region"], p):
        out += [f"usurp-fortified:{k}" for k in range(1, most + 1)]
    return out


def usurp_choose(s: LordsState, f: UsurpFrame, key: str) -> None:
    """Recruit the Usurp Hoplites."""
    s.stack.pop()
    verb, _, arg = key.partition(":")
    add_hoplites(s, f["region"], s.current, int(arg), fortified=verb == "usurp-fortified")


def build_monument(s: LordsState, p: int, god_id: str) -> None:
    """Build Monument: a level, Priests return, tokens and Artifacts reset, Monsters, Events."""
    if god_id != "rest":
        g = s.content.god(god_id)
        s.monument[g.index] += 1
        if s.monument[g.index] == 5 and not s.activation and s.n > 2:
            # "A player who builds the final part of a Monument takes the Monument
            # Activation Card and places 3 of his Used Action Tokens on it."
            s.activation = [p, KING_OF_KINGS_TOKENS, g.index]
    for priests in s.monument_priests:
        priests.clear()
    gain_priest(s, p, board.temples_controlled(s, p))
    for q in range(s.n):
        s.used[q] = 0
    s.artifact_charged = [True] * len(s.artifact_charged)  # "charge their Artifacts"
    start_round_end(s, p)
    for q in range(s.n):  # e.g. God's Strength: heal an Injury (before the Monsters move)
        fx.fire(s, q, "monument-built")
    if s.options.get("modules"):
        hooks.run(s, "monument_built", p, god_id)


__all__ = ["HUNT", "start_turn", "turn_choose", "turn_options"]
