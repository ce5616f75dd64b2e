"""What each seat may know in Fantasy Realms, and determinization for honest search bots.

Public: the discard area, every Afterlife, hand sizes, the deck's size, and - once the game
ends - every hand.  Private: one's own hand, the cards seen at the Oracle at Delphi, and what
one knows other hands hold (cards taken from the discard area, cards the Fates revealed, cards
seen at the Oracle then drawn).
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict, cast

from hellas.core.game import View, everyone
from hellas.core.rng import Rng
from hellas.games.realms.endgame import narrate
from hellas.games.realms.rules import cards, endgame_of
from hellas.games.realms.scoring import Outcome, Table, explain, score
from hellas.games.realms.solver import solve
from hellas.games.realms.state import P_ENDGAME, P_ORACLE, P_OVER, PHASE_NAMES, RealmsState


class RealmsView(TypedDict):
    """What one seat (or a spectator, ``seat`` None) is sent: the view's top level, typed.

    Cards are named by id.  ``score`` (the seat's own hand scored) is sent to a seat only,
    ``scores`` (every hand scored) once the game is over; their lines are plain JSON objects.
    """

    game: Literal["realms"]
    seat: int | None
    players: int
    turn: int
    current: int
    to_act: int | None
    phase: str
    first_turn: bool
    hand: list[str] | None
    hand_sizes: list[int]
    afterlives: list[list[str]]
    discard: list[str]
    deck: int
    known: dict[str, list[str]]
    oracle: list[str] | None
    oracle_count: int
    hands: list[list[str]] | None
    endgame_choices: list[list[str]] | None
    result: dict[str, Any] | None
    score: NotRequired[dict[str, Any]]
    scores: NotRequired[list[dict[str, Any]]]


def _ids(indices: list[int]) -> list[str]:
    cs = cards()
    return [cs[i].id for i in indices]


def breakdown(
    hand: list[int],
    afterlife: list[int],
    forced: list[str] | None = None,
    manual: bool = False,
    s: RealmsState | None = None,
    seat: int = -1,
) -> dict[str, Any]:
    """Return the best score of a hand + Afterlife with the card-by-card explanation."""
    cs = cards()
    if manual and s is not None:
        table = Table([cs[i] for i in hand], [cs[i] for i in afterlife])
        eg = endgame_of(s, seat)
        outcome = eg.outcome()
        return score_report(table, outcome, score(table, outcome), eg.keys())
    key = (id(cs), tuple(hand), tuple(afterlife), tuple(forced or ()))
    hit = _REPORTS.get(key)
    if hit is None or hit[0] is not cs:
        table = Table([cs[i] for i in hand], [cs[i] for i in afterlife])
        solution = solve(table, key[3])
        report = score_report(table, solution.outcome, solution.score, solution.choices)
        if len(_REPORTS) >= REPORTS_KEPT:
            _REPORTS.clear()
        hit = _REPORTS[key] = (cs, report)
    return _copy(hit[1])


# Solved hands: a hand and Afterlife always get the same best score and explanation, and views
# ask again and again (every seat, every frontend, search bots), so each is solved once.  Keyed
# by the content's identity too (the entry keeps the content, so the id is not reused).
_REPORTS: dict[tuple[int, tuple[int, ...], tuple[int, ...], tuple[str, ...]], Any] = {}
REPORTS_KEPT = 1 << 14


def _copy(report: dict[str, Any]) -> dict[str, Any]:
    """Return a fresh copy of a cached report (callers own the views they get)."""
    return {
        "score": report["score"],
        "choices": list(report["choices"]),
        "endgame": list(report["endgame"]),
        "lines": [{**line, "notes": list(line["notes"])} for line in report["lines"]],
        "afterlife_penalty": report["afterlife_penalty"],
    }


def score_report(table: Table, outcome: Outcome, total: int, choices: list[str]) -> dict[str, Any]:
    """Return a scored hand as JSON data: total, endgame choices and story, card-by-card lines."""
    lines, cost = explain(table, outcome)
    return {
        "score": total,
        "choices": choices,
        "endgame": narrate(table, choices),
        "lines": [line.to_json() for line in lines],
        "afterlife_penalty": -cost,
    }


def view(s: RealmsState, seat: int | None) -> View:
    """Return what ``seat`` may know (``None``: a spectator).

    Built as a :class:`RealmsView` (mypy checks every key and value), sent as plain JSON data.
    """
    over = s.phase in (P_ENDGAME, P_OVER)
    known: dict[str, list[str]] = {}
    if seat is not None:
        for owner in range(s.n):
            if owner != seat and s.known[seat][owner]:
                known[str(owner)] = _ids(s.known[seat][owner])
    v: RealmsView = {
        "game": "realms",
        "seat": seat,
        "players": s.n,
        "turn": s.turn,
        "current": s.current,
        "to_act": None if s.phase == P_OVER else s.actor,
        "phase": PHASE_NAMES[s.phase],
        "first_turn": s.first_turn,
        "hand": _ids(s.hands[seat]) if seat is not None else None,
        "hand_sizes": [len(h) for h in s.hands],
        "afterlives": [_ids(a) for a in s.afterlife],
        "discard": _ids(s.discard),
        "deck": len(s.deck),
        "known": known,
        "oracle": _ids(s.look) if seat == s.current and s.phase == P_ORACLE else None,
        "oracle_count": len(s.look),
        "hands": [_ids(h) for h in s.hands] if over else None,
        "endgame_choices": [list(e) for e in s.endgame] if over else None,
        "result": dict(s.result) if s.result else None,
    }
    if seat is not None:
        v["score"] = breakdown(
            s.hands[seat], s.afterlife[seat], manual=s.phase == P_ENDGAME, s=s, seat=seat
        )
    if s.phase == P_OVER:
        v["scores"] = (
            [breakdown(s.hands[q], s.afterlife[q], forced=s.endgame[q]) for q in range(s.n)]
            if not s.manual
            else [
                breakdown(s.hands[q], s.afterlife[q], manual=True, s=s, seat=q) for q in range(s.n)
            ]
        )
    return cast(View, v)  # a TypedDict is a dict at run time: no copy


def determinize(s: RealmsState, seat: int, rng: Rng) -> RealmsState:
    """Return a copy with everything ``seat`` cannot know re-dealt from ``rng``."""
    t = s.copy()
    n = s.n
    bit = 1 << seat
    if s.phase in (P_ENDGAME, P_OVER):
        hidden_hands: list[int] = []  # every hand is on the table
    else:
        hidden_hands = [q for q in range(n) if q != seat]
    pool: list[int] = []
    slots: list[tuple[int, list[int], int]] = []  # (seat, cards it is known to hold, unknown)
    for q in hidden_hands:
        known_here = set(s.known[seat][q])
        kept = [c for c in s.hands[q] if c in known_here]
        pool.extend(c for c in s.hands[q] if c not in known_here)
        slots.append((q, kept, len(s.hands[q]) - len(known_here & set(s.hands[q]))))
    hidden_deck = [i for i, m in enumerate(s.deck_seen) if not m & bit]
    pool.extend(s.deck[i] for i in hidden_deck)
    look_hidden = s.phase == P_ORACLE and seat != s.current
    if look_hidden:
        pool.extend(s.look)
    pool.sort()
    rng.shuffle(pool)
    pos = 0
    for q, kept, free in slots:
        t.hands[q] = sorted(kept + pool[pos : pos + free])
        pos += free
    for i in hidden_deck:
        t.deck[i] = pool[pos]
        pos += 1
    if look_hidden:
        t.look = pool[pos : pos + len(s.look)]
        pos += len(s.look)
    public = s.known[n]
    for obs in range(n):
        if obs != seat:
            t.known[obs] = [k[:] for k in public]
    every = everyone(s.n)
    t.deck_seen = [m if m == every else m & bit for m in s.deck_seen]
    t.rng = Rng(rng.next64())
    t.cache = None
    return t
