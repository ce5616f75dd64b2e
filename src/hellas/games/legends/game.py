"""The Legends of Hellas game object: metadata, option schema and the contract methods.

This is the only object front ends see; it ties together the rules (``rules``), the view and
determinization (``view``), the state's JSON form (``state``) and the game's own bots.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from hellas.core.capabilities import Campaign, Coverage, Narration, SearchHints
from hellas.core.game import (
    BotFactory,
    BotLevel,
    Choice,
    Event,
    Game,
    GameMeta,
    Outcome,
    View,
    WebModules,
    check_seat,
)
from hellas.core.options import OptionSchema, OptionSpec
from hellas.core.rng import Rng
from hellas.games.legends import choices as C
from hellas.games.legends import rules
from hellas.games.legends.content import CARD_TITLES, CARD_TYPES, DIFFICULTIES, NUM_ATTRS, content
from hellas.games.legends.notes import Notes
from hellas.games.legends.offers import (
    LegendsCampaign,
    LegendsCoverage,
    LegendsNarration,
    LegendsSearch,
)
from hellas.games.legends.policy import choose
from hellas.games.legends.sentences import LegendsEvents
from hellas.games.legends.state import (
    FACE_DOWN,
    P_ACTION,
    P_OVER,
    P_PLACE,
    P_SETUP_PLACE,
    P_SUPPORT_DISCARD,
    P_SUPPORT_GIVE,
    P_VOLUNTEER,
    SIDEWAYS,
    LegendsState,
)
from hellas.games.legends.value import evaluate as search_value
from hellas.games.legends.value import needed_defeats
from hellas.games.legends.view import determinize, view

VERSION = "1.3"
ROLLOUT_STEPS = 2  # search rollouts: policy steps before the value model scores the position

OPTIONS = OptionSchema(
    (
        OptionSpec("players", "int", 3, "number of players (1-5)", minimum=1, maximum=5),
        OptionSpec("mission", "int", 1, "mission number (1-12)", minimum=1, maximum=12),
        OptionSpec(
            "difficulty",
            "str",
            "human",
            "how many divine interventions go into the deck",
            choices=DIFFICULTIES,
        ),
        OptionSpec(
            "heroes",
            "list",
            [],
            "hero of each seat, e.g. atalanta,jason (default: "
            "atalanta, hercules, perseus, achilles, jason in seat order)",
        ),
        OptionSpec(
            "hero_colours",
            "list",
            [],
            "override hero colours, e.g. jason=speed,perseus="
            "courage (default: see docs/rules/legends.md)",
        ),
        OptionSpec(
            "free_replace",
            "bool",
            False,
            "ruling 8's old reading: a disc on a defeated monster is placed again for free, "
            "then a full action (default: leaving it is a Move, with its discard)",
        ),
    )
)

META = GameMeta(
    id="legends",
    title="Legends of Hellas",
    version=VERSION,
    min_seats=1,
    max_seats=5,
    options=OPTIONS,
    rulebook="legends-of-hellas.txt",
    summary="Co-operative card game: 1-5 heroes, hidden hands, no talking, 12 missions.",
    cooperative=True,
    score_kind="team",
    campaign=True,
    report_layout=("mission", "difficulty", "players"),
    progress_metric="monsters_defeated",
    talk=False,
    talk_rule=(
        "Legends of Hellas forbids talking about your cards: players may not hint at what they "
        "hold, so this table offers only a few reactions that reveal nothing."
    ),
    encoder="hellas.rl.encoders.legends:LegendsEncoder",
    max_decisions=5_000,
    bench_peers=(("pgx", "sparrow_mahjong"),),
    # the hot modules the optional compiled build compiles (mypyc; core/compiled.py)
    compiled=(
        "hellas.games.legends.choices",
        "hellas.games.legends.hands",
        "hellas.games.legends.notes",
        "hellas.games.legends.policy",
        "hellas.games.legends.rules",
        "hellas.games.legends.state",
        "hellas.games.legends.value",
        "hellas.games.legends.view",
        "hellas.rl.encoders.legends",
        "hellas.rl.encoders.legends_slots",
        "hellas.rl.encoders.legends_state",
    ),
    web=WebModules.standard(),  # in games/legends/web/
)


_BY_KEY = C.TABLE.by_key()


class LegendsGame(Game[LegendsState]):
    """Legends of Hellas on the Hellas contract."""

    meta = META
    state_class = LegendsState
    table = C.TABLE

    def new(self, options: Mapping[str, Any], seed: int) -> LegendsState:
        """Return the state of a freshly set-up mission."""
        validated = self.meta.validate(options)
        rules.resolve_heroes(validated)  # raises OptionError for bad heroes/colours
        return rules.new_state(validated, seed)

    def to_act(self, s: LegendsState) -> int | None:
        """Return the seat to act, or ``None`` once the mission is won or lost."""
        return None if s.phase == P_OVER else s.actor

    def choices(self, s: LegendsState) -> Sequence[Choice]:
        """Return the legal choices of the seat to act."""
        return rules.legal(s)

    def resolve(self, s: LegendsState, choice: Choice | str) -> Choice:
        """Return the legal choice matching ``choice`` (object or key) or raise IllegalChoice.

        The common cases first - a table key or object that is legal, one identity check
        against the cached legal list - and anything else through ``Game.resolve``.
        """
        legal = s.cache
        if legal is None:
            legal = rules.legal(s)
        known = _BY_KEY.get(choice) if type(choice) is str else choice
        if known is not None and known in legal:
            return known  # in the legal list: a Choice
        return super().resolve(s, choice)

    def apply(self, s: LegendsState, choice: Choice | str) -> list[Event]:
        """Apply a legal choice (object or key) and return the events; raise IllegalChoice."""
        legal = self.resolve(s, choice)
        events = LegendsEvents()  # its sentences are built when someone reads them
        notes: Notes = []
        events.notes = notes
        rules.play(s, legal, notes)
        return events

    def _apply(self, s: LegendsState, choice: Choice, log: bool) -> list[Event]:
        if not log:
            rules.play(s, choice, None)
            return []
        events = LegendsEvents()  # its sentences are built when someone reads them
        notes: Notes = []
        events.notes = notes
        rules.play(s, choice, notes)
        return events

    def view(self, s: LegendsState, seat: int | None) -> View:
        """Return what ``seat`` may know."""
        check_seat(seat, s.n)
        return view(s, seat)

    def reveal(self, s: LegendsState) -> View:
        """Return the all-seats view: every hand, and every face-down card and gift turned up."""
        shown = super().reveal(s)
        seats = [self.view(s, q) for q in range(s.n)]
        for i, slot in enumerate(shown["monsters"]):
            for j, card in enumerate(slot["cards"]):
                if card.get("card") is None:  # face down: its player's view knows it
                    known = (v["monsters"][i]["cards"][j] for v in seats)
                    slot["cards"][j] = next((c for c in known if c.get("card")), card)
        for k, gift in enumerate(shown["gifts"]):
            if gift["card"] is None:
                gift["card"] = next(
                    (v["gifts"][k]["card"] for v in seats if v["gifts"][k]["card"]), None
                )
        return shown

    def hand_words(self, s: LegendsState, seat: int) -> list[str]:
        """Return ``seat``'s hand as counts of each card type, in words."""
        counts = s.hand(seat)
        return [f"{counts[t]} × {CARD_TITLES[t]}" for t in range(len(counts)) if counts[t]]

    def outcome(self, s: LegendsState) -> Outcome | None:
        """Return won/lost (every seat scores 1 on a win, 0 on a loss), or ``None``."""
        if s.phase != P_OVER:
            return None
        won = s.result == 1
        return Outcome(
            scores=tuple(1.0 if won else 0.0 for _ in range(s.n)),
            winners=tuple(range(s.n)) if won else (),
            reason=s.reason,
            details=summary(s),
        )

    def determinize(
        self, s: LegendsState, seat: int, rng: Rng, reveal_hands: bool = False
    ) -> LegendsState:
        """Return a copy with everything ``seat`` cannot know re-dealt (hands kept if asked)."""
        return determinize(s, seat, rng, reveal_hands)

    def bot_levels(self) -> Sequence[BotLevel]:
        """Return the bot levels people pick (``levels.py``)."""
        from hellas.games.legends.levels import LEVELS  # noqa: PLC0415

        return LEVELS

    def bots(self) -> Mapping[str, BotFactory]:
        """Return the Legends heuristic bot (also registered as the default ``bot``)."""
        from hellas.games.legends.bots import HeuristicBot  # noqa: PLC0415 - avoid a cycle

        return {"heuristic": HeuristicBot, "bot": HeuristicBot}

    def capabilities(self) -> Mapping[type, Any]:
        """Return search hints, narration, the campaign and the test harness's coverage."""
        return {
            SearchHints: LegendsSearch(self),
            Narration: LegendsNarration(self),
            Campaign: LegendsCampaign(self),
            Coverage: LegendsCoverage(self),
        }

    def seat_name(self, view: View, seat: int) -> str:
        """Return the seat's hero and number, e.g. ``Jason (seat 2)``."""
        return f"{view['heroes'][seat]['name']} (seat {seat + 1})"

    def renderer(self) -> Callable[[View], Any]:
        """Return the terminal renderer (a Rich renderable from a view)."""
        from hellas.games.legends.render import render  # noqa: PLC0415 - rich loads lazily

        return render

    def rollout_policy(self) -> Callable[[LegendsState, Rng], Choice]:
        """Return the heuristic policy, used by ISMCTS rollouts."""
        return choose

    def lookahead_settings(self) -> Mapping[str, Any]:
        """Return Hard's lookahead settings: 48 deals, up to 144 where close, 1.5 SE (issue 49)."""
        return {"samples": 48, "most": 144, "look": 0.75, "z": 1.5, "margin": 0.01}

    def worth_searching(self, s: LegendsState) -> bool:
        """Search the choice of action (and setup placement); routine steps follow the policy."""
        return s.phase in (P_ACTION, P_VOLUNTEER, P_SETUP_PLACE, P_PLACE)

    def rollout_value(self, s: LegendsState, seat: int) -> float:
        """Return 1 for a win; a loss scores a little for progress (shaped for search)."""
        if s.result == 1:
            return 1.0
        return _progress(s)

    def rollout_depth(self, s: LegendsState) -> int | None:
        """Return how many policy steps a search rollout plays before the value estimate."""
        return ROLLOUT_STEPS

    def evaluate(self, s: LegendsState, seat: int) -> float:
        """Return the value model's win chance, with the same progress shaping as a loss."""
        return search_value(s, seat)

    def conformance_options(self) -> list[dict[str, Any]]:
        """Return every mission x player count x difficulty."""
        return [
            {"mission": m, "players": p, "difficulty": d}
            for m in range(1, 13)
            for p in range(1, 6)
            for d in DIFFICULTIES
        ]

    def check_invariants(self, s: LegendsState) -> None:
        """Check card conservation and the knowledge bounds (raises AssertionError)."""
        check_invariants(s)


def _progress(s: LegendsState) -> float:
    """Return the shaped value of a lost game: a little for each monster defeated."""
    return 0.3 * min(1.0, s.defeats / needed_defeats(s.mission))


def card_locations(s: LegendsState) -> dict[str, list[int]]:
    """Return the count of each card type in every location (for accounting)."""
    hands = [0] * 6
    for i, v in enumerate(s.hands):
        hands[i % 6] += v
    deck = [s.deck.count(t) for t in range(6)]
    discard = [s.discard.count(t) for t in range(6)]
    table = [0] * 6
    for slot in s.monsters:
        for _who, card, _as, _mode in slot.cards:
            table[card] += 1
    oracle = [s.oracle.count(t) + s.order.count(t) for t in range(6)]
    box = [0] * 5 + [content().divine_total - s.divine_in_deck]
    return {
        "hands": hands,
        "deck": deck,
        "discard": discard,
        "monsters": table,
        "oracle": oracle,
        "out_of_game": box,
    }


def check_invariants(s: LegendsState) -> None:
    """Raise AssertionError when cards are not all accounted for or a bound is broken."""
    c = content()
    where = card_locations(s)
    total = [sum(v[t] for v in where.values()) for t in range(6)]
    expected = [c.cards_per_attribute] * NUM_ATTRS + [c.divine_total]
    if total != expected:
        raise AssertionError(f"cards not accounted for: {total} != {expected} ({where})")
    for q in range(s.n):
        hand = s.hand(q)
        if sum(hand) != s.hsize[q] or min(hand) < 0:
            raise AssertionError(f"hand size of seat {q} is wrong: {hand} vs {s.hsize[q]}")
        for obs in range(s.n + 1):
            if obs == q:
                continue
            base = s.known_index(obs, q)
            bound = s.known[base : base + 6]
            if any(b > h for b, h in zip(bound, hand, strict=True)) or min(bound) < 0:
                raise AssertionError(f"observer {obs} over-knows seat {q}: {bound} vs {hand}")
    if len(s.dmask) != len(s.discard) or not 0 <= s.deck_known <= len(s.deck):
        raise AssertionError("discard masks or known deck prefix out of step")
    for slot in s.monsters:
        counted = sum(1 for card in slot.cards if card[3] != SIDEWAYS)
        if counted != slot.played or slot.played > slot.size:
            raise AssertionError(f"{slot.name}: {slot.played} played vs {counted} cards")
        if not slot.alive and slot.missing():
            raise AssertionError(f"{slot.name} defeated without every attribute")
    for q in range(s.n):
        if s.phase != P_OVER and s.discs[q] >= 0 and not s.monsters[s.discs[q]].alive:
            raise AssertionError(f"seat {q}'s disc is on a defeated monster")
    receiving = s.support_to if s.phase in (P_SUPPORT_GIVE, P_SUPPORT_DISCARD) else -1
    for q in range(s.n):
        if q != receiving and s.hsize[q] > rules.HAND_LIMIT:
            raise AssertionError(f"seat {q} holds more than 5 cards: {s.hsize}")


def summary(s: LegendsState) -> dict[str, Any]:
    """Return end-of-mission figures: result, turns, defeats, cards left, broken discs."""
    return {
        "result": {1: "won", -1: "lost", 0: "in progress"}[s.result],
        "mission": s.mission.number,
        "players": s.n,
        "difficulty": s.difficulty,
        "turns": s.turn,
        "monsters_defeated": s.defeats,
        "finals_defeated": s.finals_done,
        "deck_left": len(s.deck),
        "cards_in_hands": sum(s.hsize),
        "discarded": len(s.discard),
        "special_abilities_used": bin(s.broken).count("1"),
        "face_down_cards": sum(1 for m in s.monsters for c in m.cards if c[3] == FACE_DOWN),
        "card_types": list(CARD_TYPES),
    }


GAME = LegendsGame()
