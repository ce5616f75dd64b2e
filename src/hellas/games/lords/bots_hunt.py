"""The heuristic's Hunt knowledge: when to hunt, where to walk its Hero, each Hunt decision.

It reads only the public board and its own hand (the seat to act), like the rest of the bot.
"""

from __future__ import annotations

from hellas.games.lords.board import links
from hellas.games.lords.frames import HuntFrame
from hellas.games.lords.hunt import ANY_WOUND, attack_strength, hunt_targets
from hellas.games.lords.monsters import tray, uncovered
from hellas.games.lords.quests import meets, quest_region
from hellas.games.lords.state import LordsState

INJURY_ORDER = ("speed", "leadership", "strength")
REWARD_ORDER = ("reward:monster", "reward:artifact", "reward:priest")


def hunt_odds(s: LordsState, p: int, m: int) -> float:
    """Return a rough share of the Monster's open symbols that ``p`` could cover now."""
    symbols = tray(s, m)
    open_slots = uncovered(s, m)
    if not open_slots:
        return 0.0
    cards = s.content.combat
    hand = [cards[c].symbol for c in s.hands[p]]
    hits = 0
    for i in open_slots:
        if symbols[i][0] in hand:
            hand.remove(symbols[i][0])
            hits += 1
    hits += sum(1 for x in hand if x == "sickle")
    hits += int(0.4 * s.attr(p, 1))  # the cards the Hunt draws
    return min(1.0, hits / len(open_slots))


def wants_hunt(s: LordsState, p: int) -> str | None:
    """Return the Hunt choice worth taking now, if any."""
    best, best_odds = None, 0.0
    for m in hunt_targets(s, p):
        odds = hunt_odds(s, p, m)
        if odds > best_odds:
            best, best_odds = m, odds
    if best is None or best_odds < 0.5 or s.all_injured(p):
        return None
    return f"hunt:{s.content.monsters[best].id}"


def _distances(s: LordsState, start: int) -> dict[int, int]:
    seen = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for r in frontier:
            for t in links(s, r, "hero"):
                if t not in seen:
                    seen[t] = seen[r] + 1
                    nxt.append(t)
        frontier = nxt
    return seen


def hero_goal(s: LordsState, p: int) -> int:
    """Return the Region the Hero should walk to: the nearest Quest it may start, or Monster."""
    here = s.hero_at[p]
    if here < 0:
        return -1
    dist = _distances(s, here)
    spots = [quest_region(s, q) for q in s.quest_slots if any(meets(s, p, q, k) for k in (1, 2, 3))]
    if s.attr(p, 1) >= 2 and not s.injured[p]:
        spots += [r for r in s.monster_at if r >= 0]
    if not spots or here in spots:
        return -1
    return min(spots, key=lambda r: (dist.get(r, 99), r))


def hero_step(s: LordsState, p: int, keys: list[str]) -> str:
    """Return the Hero Movement step toward the goal, or ``stop``."""
    goal = hero_goal(s, p)
    if goal < 0:
        return "stop"
    dist = _distances(s, goal)
    here = dist.get(s.hero_at[p], 99)
    best, best_d = "stop", here
    for k in keys:
        if k.startswith("go:"):
            d = dist.get(s.content.region(k[3:]).index, 99)
            if d < best_d:
                best, best_d = k, d
    return best


def _strength(s: LordsState, card_key: str) -> int:
    return s.content.card(card_key.partition(":")[2]).strength


def hunt_choice(s: LordsState, f: HuntFrame, p: int, keys: list[str]) -> str:
    """Return the heuristic's decision in a Hunt frame."""
    stage = f["stage"]
    if stage == "attack":
        for prefix in ("artifact:poison", "artifact:harpe", "use:weak-spot", "hit:", "any:"):
            picks = [k for k in keys if k.startswith(prefix)]
            if picks:
                return (
                    picks[0]
                    if not prefix.endswith(":")
                    else min(picks, key=lambda k: _strength(s, k))
                )
        return "end-attack"
    if stage == "combo":
        return min(keys, key=lambda k: _strength(s, k))
    if stage == "slot":
        symbols = tray(s, f["m"])
        return max(keys, key=lambda k: symbols[int(k[6:])][1] != "")
    if stage == "pick":  # an opponent picks the strongest attack
        attack_cards = s.content.attack_cards
        ids = [a.id for a in attack_cards]
        return max(keys, key=lambda k: attack_strength(s, f, ids.index(k[8:])))
    if stage == "defend":
        cards = s.content.combat
        need = f["strength"] - sum(cards[c].strength for c in f["committed"])
        plays = [k for k in keys if k.startswith("card:")]
        if sum(_strength(s, k) for k in plays) >= need:
            return max(plays, key=lambda k: _strength(s, k))
        if "use:advanced-dodge" in keys:
            return "use:advanced-dodge"
        shields = [k for k in keys if k.startswith("shield:")]
        if shields and not s.all_injured(p):
            return shields[0]
        return "take"
    if stage == "reward":
        return next(k for k in REWARD_ORDER if k in keys)
    return keys[0]


def hurt_choice(s: LordsState, p: int, keys: list[str]) -> str:
    """Take Injuries on Speed first, Strength last; keep an Artifact that ignores one.

    Hades' Helmet is spent only when the Injury matters: a fourth (it ends the Hunt) or the
    third in a Hunt (the next one would end it).
    """
    use = next((k for k in keys if k.startswith("artifact:")), None)
    left = [k for k in keys if k.startswith("injure:")]
    hunting = any(f["k"] == "hunt" for f in s.stack)
    if use is not None and (not left or (len(left) == 1 and hunting)):
        return use
    for a in INJURY_ORDER:
        if f"injure:{a}" in keys:
            return f"injure:{a}"
    return left[0] if left else keys[-1]


__all__ = ["ANY_WOUND", "hero_step", "hunt_choice", "wants_hunt"]
