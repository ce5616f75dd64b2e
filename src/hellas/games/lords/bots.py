"""The Lords of Hellas heuristic bot: expand, fight when stronger, build, pray.

It decides on a sample of its own seat's information (the board is public; other hands are
re-dealt), so it is honest by construction.  Movement and Special Actions are chosen by a
one-step look-ahead with the rules engine and a position value (Regions, whole Lands, Temples,
Hoplites, Priests); Battles by comparing Army Strength; the rest by simple preferences.
"""

from __future__ import annotations

from hellas.core.game import Choice, SampledPolicyBot
from hellas.core.rng import Rng
from hellas.games.lords import battle, fx, hooks
from hellas.games.lords.board import land_regions, population, temples_controlled
from hellas.games.lords.bots_hunt import hero_goal, hero_step, hunt_choice, hurt_choice, wants_hunt
from hellas.games.lords.choices import table
from hellas.games.lords.frames import (
    BattleFrame,
    EffectFrame,
    HoplitesFrame,
    MarchFrame,
    OriHorseFrame,
    PoseidonHoplitesFrame,
)
from hellas.games.lords.rules import actor, legal, play, procedure
from hellas.games.lords.state import LordsState

LOOKAHEAD = ("recruit", "power-recruit", "fly", "usurp", "setup", "withdraw")
SPECIAL_ORDER = ("temple", "recruit", "march", "usurp", "prepare", "monument")
GOOD_ARTIFACTS = (
    "artifact:owl",
    "artifact:thunder",
    "artifact:ambrosia",
    "artifact:eye-of-cyclops",
    "artifact:head-of-sphinx",
    "artifact:horn-of-plenty",
    "artifact:phemes-trumpet",
)
BATTLE_ARTIFACTS = ("artifact:apollos", "artifact:minotaurs", "artifact:aegis", "artifact:harpe")
# base-game Blessing actions the heuristic leaves to its other rules (not taken at once)
NOT_AT_ONCE = ("use:battle-prayer", "use:exile", "use:shoot-to-kill")


def value(s: LordsState, p: int) -> float:
    """Return how good the board is for ``p`` (higher is better)."""
    if s.result is not None:
        return 1000.0 if s.result.get("winner") == p else -1000.0
    control = s.control
    counts = [control.count(q) for q in range(s.n)]
    held = [sum(1 for r in regions if control[r] == p) for regions in s.content.lands]
    return _board_value(s, p, counts, held, temples_controlled(s, p))


def _board_value(s: LordsState, p: int, counts: list[int], held: list[int], temples: int) -> float:
    total = 10.0 * counts[p]
    lands = s.content.lands  # ``held`` has one count per Land
    for i in range(len(lands)):
        share = held[i] / len(lands[i])
        total += 30.0 * share * share
    total += 12.0 * temples
    hop = s.hop
    men = 0
    for k in range(p, len(hop), s.n):  # the seat's Hoplites in every Region
        men += hop[k]
    total += men + s.fort.count(p)  # the Fortified one included
    total += 2.0 * s.priests[p]
    for q in range(s.n):
        if q != p:
            total -= 3.0 * counts[q]
    total += 30.0 * s.slain.count(p) + 4.0 * s.glory.count(p)
    total += 3.0 * s.artifact_owner.count(p) - 4.0 * bin(s.injured[p]).count("1")
    return total


def _settled(t: LordsState, p: int) -> LordsState:
    """Finish the current movement of ``t`` (a copy the caller owns) so control can be valued."""
    for _ in range(3):
        if not t.stack or t.result is not None:
            break
        f = t.stack[-1]
        options = procedure(t, f["k"])[0](t, f)
        if f["k"] in ("hoplites", "recruit") and "done" in options:
            play(t, table(t.content)["done"], None)
        else:
            break
    return t


def _battle_value(s: LordsState, p: int) -> float:
    """Value a pending Battle by its Hoplite odds."""
    bonus = 0.0
    for f in s.stack:
        if f["k"] == "battle" and p in (f["att"], f["def"]):
            mine = s.hoplites(f["region"], p)
            other = f["def"] if p == f["att"] else f["att"]
            theirs = s.hoplites(f["region"], other)
            bonus += 8.0 if mine > theirs + 1 else -8.0
    return bonus


def _lookahead(s: LordsState, p: int, options: list[Choice], rng: Rng) -> Choice:
    best, best_value = options[0], -1e18
    for c in options:
        t = s.copy()
        play(t, c, None)
        t = _settled(t, p)
        v = value(t, p) + _battle_value(t, p) + rng.random() * 0.01
        if c.key in ("done", "stop"):
            v += 0.5  # no gain: prefer to stop
        if v > best_value:
            best, best_value = c, v
    return best


def choose(s: LordsState, rng: Rng) -> Choice:
    """Return the heuristic's choice for the seat to act."""
    options = legal(s)
    if len(options) == 1:
        return options[0]
    f = s.stack[-1]
    kind = f["k"]

    p = actor(s)
    if s.options.get("modules"):
        mine = hooks.bot_choice(s, p, options)  # a module's own actions and frames
        if mine is not None:
            return mine  # type: ignore[no-any-return]
    keys = [c.key for c in options]
    if f["k"] == "turn":
        return _turn(s, p, options, keys, rng)
    if f["k"] == "hoplites":
        return _hoplites(s, f, p, options, keys)
    if f["k"] == "march":
        return _march(s, f, p, options, keys)
    if kind in LOOKAHEAD:
        return _lookahead(s, p, options, rng)
    if f["k"] == "battle":
        return _battle(s, f, p, options, keys)
    if f["k"] == "hunt":
        return options[keys.index(hunt_choice(s, f, p, keys))]
    if f["k"] in ("hurt", "injure"):
        return options[keys.index(hurt_choice(s, f["seat"], keys))]
    if f["k"] == "quest-start":
        return options[-1]  # the highest step it may board
    if f["k"] == "victim":
        return max(options, key=lambda c: _enemy_army(s, p, f["region"], c.key[7:]))
    if f["k"] in (
        "fx-charge",
        "fx-discard",
        "fx-kill",
        "fx-remove",
        "fx-heal",
        "fx-untoken",
        "fx-raise",
    ):
        return _effect_frame(s, f, p, options, keys)
    if f["k"] in ("discard", "sphinx", "owl"):

        def worth(key: str) -> float:
            verb, _, arg = key.partition(":")
            if verb == "lose":
                return 2.5
            card = s.content.card(arg)
            sign = 1 if verb == "keep" else -1
            return sign * (card.strength - card.casualties * 0.5)

        return options[max(range(len(keys)), key=lambda i: (worth(keys[i]), -i))]
    if f["k"] in ("mmove", "mmode", "monsters"):
        return _monster(s, p, options, keys)
    if f["k"] == "prepare":
        for pref in ("prep:heal", "prep:recruit", "prep:draw"):
            for c in options:
                if c.key.startswith(pref):
                    return c
    if f["k"] == "hero":
        return options[keys.index(hero_step(s, p, keys))]
    return options[rng.below(len(options))]


def need(s: LordsState, p: int, region: int) -> int:
    """Return how many of ``p``'s Hoplites must stand in ``region`` to take it."""
    enemies = sum(s.hoplites(region, q) for q in range(s.n) if q != p)
    if enemies:
        return enemies + 2
    if s.control[region] == p:
        return 0
    if s.control[region] >= 0:
        return 1
    return population(s, region, p)


def worth(s: LordsState, p: int, region: int) -> float:
    """Return what taking ``region`` is worth to ``p``."""
    r = s.content.regions[region]
    land = land_regions(s, r.land)
    share = (sum(1 for x in land if s.control[x] == p) + 1) / len(land)
    value = 10.0 + 25.0 * share * share + 6.0 * (r.shrine > 0) + 4.0 * (r.city > 0)
    if s.temples[region]:
        value += 10.0
    return value


def _targets(s: LordsState, p: int, free: dict[int, int], budget: int) -> list[tuple[float, int]]:
    """Return (score, region) of Regions ``p`` can take with the free Hoplites nearby."""
    out = []
    for b in range(len(s.control)):
        want = need(s, p, b) - s.hoplites(b, p)
        if need(s, p, b) <= 0 or want <= 0:
            continue
        nearby = sum(free.get(a, 0) for a in s.content.regions[b].neighbours)
        if min(nearby, budget) >= want:
            out.append((worth(s, p, b) / max(want, 1), b))
    return sorted(out, reverse=True)


def _hoplites(
    s: LordsState,
    f: HoplitesFrame | PoseidonHoplitesFrame,
    p: int,
    options: list[Choice],
    keys: list[str],
) -> Choice:
    free = {r: s.hop[r * s.n + p] - f["arrived"][r] for r in range(len(s.control))}
    free = {r: k for r, k in free.items() if k > 0}
    # keep a Hoplite behind where we would otherwise give up a City or Temple unguarded
    targets = _targets(s, p, free, f["left"])
    for _score, b in targets:
        sources = sorted(
            (a for a in s.content.regions[b].neighbours if free.get(a)), key=lambda a: -free[a]
        )
        for a in sources:
            key = f"move:{s.content.regions[a].id}>{s.content.regions[b].id}"
            if key in keys:
                return options[keys.index(key)]
    return options[keys.index("done")]


def _march(
    s: LordsState, f: MarchFrame | OriHorseFrame, p: int, options: list[Choice], keys: list[str]
) -> Choice:
    regions = s.content.regions
    if f["stage"] == "from":
        best, best_score = options[0], -1.0
        for c in options:
            a = regions[[r.id for r in regions].index(c.key[6:])].index
            army = s.hop[a * s.n + p]
            for b in regions[a].neighbours:
                if 0 < need(s, p, b) <= army + s.hoplites(b, p):
                    score = worth(s, p, b) + army * 0.1
                    if score > best_score:
                        best, best_score = c, score
        return best
    if f["stage"] == "to":
        army = s.hop[f["src"] * s.n + p]

        def gain(c: Choice) -> float:
            b = s.content.region(c.key.partition(":")[2]).index
            n = need(s, p, b)
            return worth(s, p, b) if 0 < n <= army + s.hoplites(b, p) else -float(n)

        return max(options, key=gain)
    return options[-1]


def _turn(s: LordsState, p: int, options: list[Choice], keys: list[str], rng: Rng) -> Choice:
    for prefix in ("quest-step", "pray:", *GOOD_ARTIFACTS):
        for c in options:
            if c.key.startswith(prefix):
                return c
    if "hoplite-move" in keys:
        free = {r: s.hop[r * s.n + p] for r in range(len(s.control)) if s.hop[r * s.n + p]}
        if _targets(s, p, free, s.attr(p, 0)):
            return options[keys.index("hoplite-move")]
    if "hero-move" in keys and hero_goal(s, p) >= 0:
        return options[keys.index("hero-move")]
    hunt = wants_hunt(s, p)
    if hunt in keys:
        return options[keys.index(hunt)]
    # a Blessing's action clause: its 'if' says it is worth it
    blessings = [k for k in fx.actions(s, p) if k not in NOT_AT_ONCE]
    if blessings and blessings[0] in keys:
        return options[keys.index(blessings[0])]
    specials = [c for c in options if c.key.split(":")[0] in SPECIAL_ORDER]
    if not specials:
        return options[0]
    scored = []
    for c in specials:
        t = s.copy()
        play(t, c, None)
        t = _settled(t, p)
        rank = SPECIAL_ORDER.index(c.key.split(":")[0])
        scored.append((value(t, p) - 2.0 * rank + rng.random() * 0.01, c))
    return max(scored, key=lambda x: x[0])[1]


def _battle(
    s: LordsState, f: BattleFrame, p: int, options: list[Choice], keys: list[str]
) -> Choice:
    stage = f["stage"]
    if stage == "withdraw":
        return max(options, key=lambda c: s.control[s.content.region(c.key[9:]).index] == p)
    if stage in ("response", "reinforce"):
        return options[-1]
    if stage in ("reinforce-count", "response-count"):
        return options[-1]
    if stage == "master":
        return options[0]
    if stage == "lost-artifact":  # e.g. the Palladium turns a lost Battle around: use it
        return options[0]
    side = 0 if p == f["att"] else 1
    mine = battle.strength(s, f, side)
    theirs = battle.strength(s, f, 1 - side)
    winning = mine > theirs if side == 0 else mine >= theirs
    if stage == "tactical":  # Tactical Withdrawal: leave a lost Battle without Casualties
        return options[keys.index("tactical:stay" if winning else "tactical:withdraw")]
    if winning or keys == ["pass"]:
        return options[keys.index("pass")]
    for c in options:
        if c.key.startswith(BATTLE_ARTIFACTS):
            return c
    plays = [c for c in options if c.key.startswith("card:")]
    if not plays:
        return options[keys.index("pass")]
    return max(plays, key=lambda c: s.content.card(c.key[5:]).strength)


def _effect_frame(
    s: LordsState, f: EffectFrame, p: int, options: list[Choice], keys: list[str]
) -> Choice:
    """Answer an effect's decision (``fx.py``): charge, discard, kill, remove, heal, raise."""
    if f["k"] == "fx-charge":
        useful = [c for c in options if c.key != "charge:none"]
        good = [c for c in useful if f"artifact:{c.key[7:]}".startswith(GOOD_ARTIFACTS)]
        return (good or useful or options)[0]
    if f["k"] == "fx-discard":  # the weakest card of the symbol
        return min(options, key=lambda c: s.content.card(c.key[8:]).strength)
    if f["k"] == "fx-kill":  # a lone Hoplite holding a Region for its player first
        return max(options, key=lambda c: _kill_score(s, c.key))
    if f["k"] == "fx-remove":  # from the largest army: it misses one least
        return max(options, key=lambda c: s.hoplites(s.content.region(c.key[7:]).index, p))
    if f["k"] == "fx-untoken":  # the Special Actions worth having back first
        for name in ("march", "recruit", "temple", "hunt", "usurp", "prepare"):
            if f"untoken:{name}" in keys:
                return options[keys.index(f"untoken:{name}")]
    if f["k"] == "fx-raise":  # the lowest Attribute
        names = s.content.attributes
        return min(options, key=lambda c: s.attrs[p * s.na + names.index(c.key[5:])])
    return options[0]


def _kill_score(s: LordsState, key: str) -> float:
    region_id, _, hero_id = key.partition(":")[2].partition(">")
    r = s.content.region(region_id).index
    q = next(q for q in range(s.n) if s.content.heroes[s.heroes[q]].id == hero_id)
    lone = s.hoplites(r, q) == 1
    return 3.0 * (s.control[r] == q) + 2.0 * lone + 0.5 * s.control.count(q)


def _enemy_army(s: LordsState, p: int, region: int, hero_id: str) -> int:
    """Return the size of the hero's army in ``region`` (own army: very low)."""
    q = next(q for q in range(s.n) if s.content.heroes[s.heroes[q]].id == hero_id)
    return -100 if q == p else s.hoplites(region, q)


def _monster(s: LordsState, p: int, options: list[Choice], keys: list[str]) -> Choice:
    def enemy_weight(region_id: str) -> int:
        r = s.content.region(region_id).index
        return sum(s.hoplites(r, q) for q in range(s.n) if q != p) - s.hoplites(r, p) * 2

    if keys[0].startswith("mmove:"):
        return max(options, key=lambda c: enemy_weight(c.key[6:]))
    if keys[0].startswith("mode:"):
        f = s.stack[-1]
        assert f["k"] == "mmode"  # a Monster's mode is asked in its own frame
        here = s.content.regions[s.monster_at[f["m"]]].id
        return options[1] if enemy_weight(here) > 0 else options[0]
    return options[0]


class HeuristicBot(SampledPolicyBot):
    """Rule-based Lords player that reads only its own seat's information."""

    name = "heuristic"
    policy = staticmethod(choose)
