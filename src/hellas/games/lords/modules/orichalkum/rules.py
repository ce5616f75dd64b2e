"""Orichalkum and Constructs: tokens in the Cities, taken by Heroes, spent at the turn's start.

Rulebook (Dark Ages, Orichalkum and Constructs):

- Setup: "place 1 Orichalkum token in each Region with a City. Do not place any Orichalkum token
  in Sparta or in Troy"; "draw 3 Construct Cards and set them (face up) next to the board".
- "When a Hero ends a Hero Movement Regular Action (and doesn't start any Quest) in a Region with
  a Orichalkum token, they may take it."
- "At the beginning of their Turn (before performing any Action), a player may spend any number
  of Orichalkum tokens (removing them from the game) to recharge the same number of their
  Artifacts" and "may use 1 of the 3 face up Construct cards, paying its cost".  Hellas reads
  *before performing any Action* as: no Regular Action and no Special Action taken yet this
  turn (``opening``); playing a Construct's own effect does not close that window.
- "A Construct card is removed from the game after use"; "During the Event Phase, if there are
  less than 3 face up Construct cards, draw cards from the Construct deck" up to 3.

Module state ``s.mod["orichalkum"]``: ``map`` (Regions holding a token), ``held`` (per seat),
``spent`` (removed from the game), ``total`` (placed at setup), ``deck`` (face down, hidden
order), ``up`` (face up), ``gone`` (used), ``built`` (a Construct used this turn) and ``horse``
(a Trojan Horse March whose Battle is about to start: ``[seat, region, bonus]``).
"""

from __future__ import annotations

from typing import Any

from hellas.core.rng import Rng
from hellas.games.lords import board, effects, fx, turn
from hellas.games.lords.board import rid
from hellas.games.lords.content import Content
from hellas.games.lords.frames import BattleFrame, FxFrame, OriHorseFrame, OriTakeFrame, TurnFrame
from hellas.games.lords.modules.orichalkum.constructs import Construct, settings
from hellas.games.lords.movement import can_enter
from hellas.games.lords.state import LordsState

ID = "orichalkum"


def mod(s: LordsState) -> dict[str, Any]:
    """Return this module's part of the state."""
    data: dict[str, Any] = s.mod[ID]
    return data


def token_regions(s: LordsState) -> list[int]:
    """Return the Regions that get a token: every City but Sparta (and Troy)."""
    skip = settings(s.content).no_token
    return [r.index for r in s.content.regions if r.city == 1 and r.id not in skip]


# -- setup, turn start, Event Phase -------------------------------------------------------------


def prepare(s: LordsState) -> None:
    """Game Preparation steps 2 and 8: the tokens, and the face-up Constructs."""
    tokens = token_regions(s)
    deck = [c.index for c in settings(s.content).constructs]
    s.rng.shuffle(deck)
    s.mod[ID] = {
        "map": tokens,
        "held": [0] * s.n,
        "spent": 0,
        "total": len(tokens),
        "deck": deck,
        "up": [],
        "gone": [],
        "built": False,
        "horse": [],
    }
    refill(s)


def refill(s: LordsState) -> None:
    """Draw Constructs face up until the display holds 3 (or the deck is empty)."""
    m = mod(s)
    while len(m["up"]) < settings(s.content).display and m["deck"]:
        m["up"].append(m["deck"].pop())


def start_turn(s: LordsState, seat: int) -> None:
    """Start a turn: a Construct may be used again; drop a stale Trojan Horse mark."""
    m = mod(s)
    m["built"] = False
    m["horse"] = []


def event_phase(s: LordsState) -> None:
    """Refill the face-up Constructs to 3."""
    refill(s)


# -- taking a token after Hero Movement -----------------------------------------------------


def after_hero_move(s: LordsState, seat: int) -> None:
    """Offer the token where the Hero ended its Hero Movement, once a Quest is not started.

    The base rules may just have offered the Quest here (a ``quest-start`` frame above the turn):
    the offer goes under it, so it is asked only if the Hero did not board the Quest.
    """
    here = s.hero_at[seat]
    if here < 0 or here not in mod(s)["map"]:
        return
    at, quest = len(s.stack), -1
    for i in range(len(s.stack) - 1, -1, -1):  # this movement's frames sit above the turn's
        below = s.stack[i]
        if below["k"] in ("quest-start", "turn"):
            if below["k"] == "quest-start":
                at, quest = i, below["quest"]
            break
    s.stack.insert(at, {"k": "ori-take", "seat": seat, "region": here, "quest": quest})


def take_options(s: LordsState, f: OriTakeFrame) -> list[str]:
    """Take the token or leave it (nothing to ask once the Hero started the Quest)."""
    quest = f["quest"]
    started = quest >= 0 and (s.questing[f["seat"]] == quest or quest not in s.quest_slots)
    if started or s.hero_at[f["seat"]] != f["region"] or f["region"] not in mod(s)["map"]:
        return []  # (a Quest boarded at its third Step is completed at once: still no token)
    return ["ori-take", "ori-leave"]


def take_choose(s: LordsState, f: OriTakeFrame, key: str) -> None:
    """Move the token to the player's supply, or leave it."""
    s.stack.pop()
    if key == "ori-take":
        m = mod(s)
        m["map"].remove(f["region"])
        m["held"][f["seat"]] += 1


# -- the beginning of the turn: recharge Artifacts, use a Construct ----------------------------


def opening(s: LordsState, f: TurnFrame) -> bool:
    """Return whether no Regular or Special Action has been taken yet this turn."""
    return s.regular == 0 and f["specials"] == 0 and not f["must"]


def turn_options(s: LordsState, seat: int, f: TurnFrame) -> list[str]:
    """Offer the recharges and Constructs the player can pay for, at the turn's beginning."""
    if not opening(s, f):
        return []
    m = mod(s)
    held = m["held"][seat]
    out = []
    if held:
        arts = s.content.artifacts
        out += [
            f"ori-charge:{arts[a].id}"
            for a in range(len(arts))
            if s.artifact_owner[a] == seat and not s.artifact_charged[a]
        ]
    if not m["built"]:
        cards = settings(s.content).constructs
        out += [
            f"ori-build:{cards[c].id}"
            for c in m["up"]
            if cards[c].cost <= held and playable(s, seat, cards[c])
        ]
    return out


def playable(s: LordsState, seat: int, card: Construct) -> bool:
    """Return whether a Construct's clause holds now (a March needs an Army that can go)."""
    clause = card.effects[0]
    if any(name == "march-to-city" for name, _ in clause.effects) and not horse_sources(s, seat):
        return False
    return fx.holds(s, seat, clause, {})


def horse_targets(s: LordsState, seat: int, src: int) -> list[int]:
    """Return the neighbouring Cities (Sparta too) an Army in ``src`` may March to."""
    regions = s.content.regions
    return [
        r
        for r in board.links(s, src, "march")
        if r != src and regions[r].city and can_enter(s, seat, r)
    ]


def horse_sources(s: LordsState, seat: int) -> list[int]:
    """Return the Regions whose (not Fortified) Hoplites can March to a neighbouring City."""
    return [r for r in range(len(s.control)) if s.hop[r * s.n + seat] and horse_targets(s, seat, r)]


def turn_choose(s: LordsState, f: TurnFrame, seat: int, key: str) -> None:
    """Spend tokens: recharge one Artifact, or pay for and play a Construct."""
    m = mod(s)
    verb, _, arg = key.partition(":")
    if verb == "ori-charge":
        m["held"][seat] -= 1
        m["spent"] += 1
        s.artifact_charged[s.content.artifact(arg).index] = True
        return
    card = settings(s.content).construct(arg)
    m["held"][seat] -= card.cost
    m["spent"] += card.cost
    m["up"].remove(card.index)
    m["gone"].append(card.index)  # "removed from the game after use"
    m["built"] = True
    fx.run(s, seat, card.effects[0].effects, {})


def march_to_city(s: LordsState, context: FxFrame, seat: int, bonus: int) -> None:
    """Start the Trojan Horse's March to a neighbouring City, +``bonus`` in its Battle.

    "Perform a March action to a neighboring City/Sparta. If there's a Battle there, add +2 to
    your Army Strength" (the ``march-to-city`` effect; ``bonus`` is its value).
    """
    s.stack.append(
        {
            "k": "ori-horse",
            "stage": "from",
            "src": -1,
            "dst": -1,
            "limit": 0,
            "source": "construct",
            "bonus": bonus,
        }
    )


effects.register("march-to-city", march_to_city)


# -- the Trojan Horse: a March to a neighbouring City, +2 in the Battle there --------------------


def horse_options(s: LordsState, f: OriHorseFrame) -> list[str]:
    """Return the March steps of ``march-to-city``: Army, neighbouring City, how many."""
    p = s.current
    if f["stage"] == "from":
        return [f"march:{rid(s, r)}" for r in horse_sources(s, p)]
    if f["stage"] == "to":
        return [f"to:{rid(s, r)}" for r in horse_targets(s, p, f["src"])]
    return turn.march_options(s, f)


def horse_choose(s: LordsState, f: OriHorseFrame, key: str) -> None:
    """Apply one step of the March; mark its Battle, if one follows, for the bonus."""
    turn.march_choose(s, f, key)  # the base March (no March Blessing: its source is not "march")
    if any(x is f for x in s.stack):
        return  # not moved yet
    top = s.stack[-1] if s.stack else None
    if top is not None and top["k"] == "battles" and f["dst"] in top["regions"]:
        mod(s)["horse"] = [s.current, f["dst"], f["bonus"]]


def before_battle(s: LordsState, f: BattleFrame) -> None:
    """Give the Trojan Horse's Battle its bonus: "add +2 to your Army Strength"."""
    m = mod(s)
    if m["horse"] and m["horse"][0] == f["att"] and m["horse"][1] == f["region"]:
        f["bonus"][0] += m["horse"][2]
        m["horse"] = []


# -- views, hidden information, invariants --------------------------------------------------------


def view(s: LordsState, seat: int | None) -> dict[str, Any]:
    """Return the public panel: tokens, face-up Constructs, the deck's size."""
    m = mod(s)
    cards = settings(s.content).constructs
    regions = s.content.regions
    return {
        "title": "Orichalkum and Constructs",
        "lines": [
            f"Orichalkum on the map: {len(m['map'])}; spent: {m['spent']}",
            f"Construct deck: {len(m['deck'])} face down; {len(m['gone'])} used",
        ],
        "players": [[f"Orichalkum {k}"] for k in m["held"]],
        "regions": {
            regions[r].id: [{"kind": "orichalkum", "seat": None, "label": "Orichalkum"}]
            for r in m["map"]
        },
        "cards": [
            {
                "id": cards[c].id,
                "name": cards[c].name,
                "text": cards[c].text,
                "state": f"face up, cost {cards[c].cost}",
                "provisional": cards[c].stand_in,
            }
            for c in m["up"]
        ],
        "private": [],
        "tokens": [regions[r].id for r in m["map"]],
        "held": list(m["held"]),
        "constructs": [cards[c].id for c in m["up"]],
        "deck": len(m["deck"]),
        "spent": m["spent"],
        "gone": len(m["gone"]),
    }


def determinize(t: LordsState, s: LordsState, seat: int, rng: Rng) -> None:
    """Shuffle the Construct deck anew (its order is hidden from everyone)."""
    deck = sorted(mod(t)["deck"])
    rng.shuffle(deck)
    mod(t)["deck"] = deck


def invariants(s: LordsState) -> None:
    """Tokens and Constructs are conserved; nobody holds a negative number of tokens."""
    m = mod(s)
    if len(m["map"]) + sum(m["held"]) + m["spent"] != m["total"] or min(m["held"]) < 0:
        raise AssertionError(f"Orichalkum tokens not conserved: {m}")
    cards = sorted(m["deck"] + m["up"] + m["gone"])
    if cards != list(range(len(settings(s.content).constructs))):
        raise AssertionError(f"Construct cards not conserved: {cards}")
    if len(m["up"]) > settings(s.content).display:
        raise AssertionError("too many face-up Constructs")


def entries(c: Content) -> list[tuple[str, str]]:
    """Return this module's choice-table entries for the configured content."""
    out = [
        ("ori-take", "Take the Orichalkum token here"),
        ("ori-leave", "Leave the Orichalkum token"),
    ]
    out += [(f"ori-charge:{a.id}", f"Spend 1 Orichalkum: recharge {a.name}") for a in c.artifacts]
    out += [
        (f"ori-build:{k.id}", f"Use the Construct {k.name} (cost {k.cost}): {k.text}")
        for k in settings(c).constructs
    ]
    return out
