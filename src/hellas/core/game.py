"""The game contract every game implements and every front end relies on.

A game is a forward model over a mutable *state* object that always knows whose decision comes
next.  Front ends only ever call the methods of :class:`Game`: ``new``, ``to_act``, ``choices``,
``apply``, ``view``, ``outcome`` and ``determinize``.  Choices carry stable text keys (and a
stable integer index per key, for RL action masks); events carry a visibility so that logs can
be filtered by seat exactly like views.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Generic, NamedTuple, Protocol, TypeVar, runtime_checkable

from hellas.core.errors import IllegalChoice, OptionError
from hellas.core.options import Options, OptionSchema
from hellas.core.rng import Rng

View = dict[str, Any]


class State(Protocol):
    """What the core needs of any game state: a fast, deep, independent copy."""

    def copy(self) -> Any:  # pragma: no cover - protocol
        """Return an independent copy of the state."""
        ...


S = TypeVar("S", bound=State)


@dataclass(frozen=True, slots=True, eq=False)
class Choice:
    """One atomic decision: a stable text key, its stable integer index and a label.

    Each game builds every choice once (its ``ChoiceTable``), so identity is equality and
    comparisons on the hot path cost one pointer check.
    """

    key: str
    index: int
    label: str

    def __str__(self) -> str:
        return self.key


class ChoiceTable:
    """Every choice a game can ever offer, numbered once and for all (for RL masks)."""

    def __init__(self, entries: Iterable[tuple[str, str]]) -> None:
        self._by_key: dict[str, Choice] = {}
        for key, label in entries:
            if key in self._by_key:
                raise ValueError(f"duplicate choice key {key!r}")
            self._by_key[key] = Choice(key, len(self._by_key), label)
        self._by_index = list(self._by_key.values())

    def __getitem__(self, key: str) -> Choice:
        return self._by_key[key]

    def __contains__(self, key: object) -> bool:
        return key in self._by_key

    def __len__(self) -> int:
        return len(self._by_index)

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_key)

    def by_key(self) -> Mapping[str, Choice]:
        """Return the choices by key (read-only use: a compiled caller looks many up at once)."""
        return self._by_key

    def at(self, index: int) -> Choice:
        """Return the choice with stable integer ``index``."""
        return self._by_index[index]

    def keys(self) -> list[str]:
        """Return every key in index order."""
        return [c.key for c in self._by_index]


NO_DATA: Mapping[str, Any] = MappingProxyType({})


class Event(NamedTuple):
    """Something that happened, with the seats allowed to see it (``None`` = everyone).

    An immutable record built like a dataclass (``Event(kind, text, to, data)``); a named
    tuple because rules make one at every logged step, and a tuple is the cheapest object
    Python builds.
    """

    kind: str
    text: str
    to: frozenset[int] | None = None
    data: Mapping[str, Any] = NO_DATA

    def visible_to(self, seat: int | None) -> bool:
        """Return whether ``seat`` (``None`` = spectator) may see this event."""
        return self.to is None or (seat is not None and seat in self.to)

    def to_json(self) -> dict[str, Any]:
        """Return the event as plain JSON data."""
        return {"kind": self.kind, "text": self.text, "data": dict(self.data)}


def visible_events(events: Iterable[Event], seat: int | None) -> list[Event]:
    """Return the events ``seat`` may see, in order."""
    return [e for e in events if e.visible_to(seat)]


EventLog = list[Event] | None  # what rules append events to; None when nobody is listening


def everyone(seats: int) -> int:
    """Return the observer bitmask of every seat plus the public layer (bit ``seats``)."""
    return (1 << (seats + 1)) - 1


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: a score per seat, the winners and the reason in words."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    reason: str
    details: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """Return the outcome as plain JSON data."""
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "reason": self.reason,
            "details": dict(self.details),
        }


_WEB_PATH = re.compile(r"^[a-z0-9_-]+(/[a-z0-9_-]+)*\.(js|css)$")
WEB_KINDS = ("renderer", "help", "guide", "pickers", "art", "styles")


@dataclass(frozen=True)
class WebModules:
    """The browser pieces a game brings, as paths in its own ``web/`` folder (beside its rules).

    ``renderer`` draws a view (``render.js``), ``help`` explains choices at the table, ``guide``
    is the how-to-play page, ``pickers`` the lobby's fields for its options, ``art`` draws the
    lobby tile (its ``tile()``) and the game's icons, ``styles`` is its stylesheet (``.css``).
    The server serves the folder at ``/static/games/<id>/`` and joins every game's ``styles``
    into ``/static/games.css``.  ``None``: the web's generic fallback (the view as JSON, the
    phase line, no guide, the generic option fields, a plain tile, no styles of its own).
    """

    renderer: str | None = None
    help: str | None = None
    guide: str | None = None
    pickers: str | None = None
    art: str | None = None
    styles: str | None = None

    def __post_init__(self) -> None:
        for name, path in self.to_json().items():
            if path is not None and not _WEB_PATH.match(path):
                raise ValueError(f"web {name} module {path!r} is not a relative .js or .css path")
            if path is not None and (name == "styles") != path.endswith(".css"):
                raise ValueError(f"web {name} {path!r}: styles are .css, the others .js")

    @classmethod
    def standard(cls) -> WebModules:
        """Return every piece under its conventional name (``render.js`` ... ``style.css``)."""
        return cls(
            renderer="render.js",
            help="help.js",
            guide="howto.js",
            pickers="pickers.js",
            art="art.js",
            styles="style.css",
        )

    def to_json(self) -> dict[str, str | None]:
        """Return the paths (in the game's web folder) as plain JSON data."""
        return {kind: getattr(self, kind) for kind in WEB_KINDS}

    def urls(self, game_id: str) -> dict[str, str | None]:
        """Return where the browser loads each piece: ``/static/games/<id>/<path>``."""
        return {k: p and f"/static/games/{game_id}/{p}" for k, p in self.to_json().items()}


SCORE_KINDS = ("places", "team")


@dataclass(frozen=True)
class GameMeta:
    """Declarative facts about a game that every tool reads, declared once in its package.

    Front ends derive everything from here: CLI help and the docs' games table, Gymnasium and
    PettingZoo names (with the rules version), OpenSpiel registration (``max_decisions``), the
    RL encoder (``encoder``, ``"module:Class"``: a name, so the rules never import RL code), the
    web's renderer, help, guide and tile art (``web``) and whether players may talk (``talk``).
    The table's properties are declared here too: ``cooperative`` (the seats win or lose
    together) or competitive, ``rated`` (accounts' ratings move with its finished games),
    ``campaign`` (an account's progress is kept step by step), ``score_kind`` (how a finished
    game ranks its seats: ``places`` or ``team``) and the modules the optional compiled build
    compiles (``compiled``, module names).  What a game *does* beyond the rules is a capability
    object (``hellas.core.capabilities``).
    """

    id: str
    title: str
    version: str
    min_seats: int
    max_seats: int
    options: OptionSchema
    rulebook: str
    summary: str
    seats_option: str = "players"
    cooperative: bool = False
    report_layout: tuple[str, ...] = ()  # option columns of report tables: rows, then columns
    progress_metric: str | None = None  # an outcome detail whose distribution reports plot
    # may the players talk at the table?  False: the rulebook forbids it, and ``talk_rule``
    # says why in words (a table then offers only non-informative reactions)
    talk: bool = True
    talk_rule: str = ""
    encoder: str | None = None  # the RL observation encoder, "module:Class"
    # raised when the default observation changes meaning; added to the environment ids' version
    observation_version: int = 0
    max_decisions: int = 100_000  # a bound on a game's length (OpenSpiel's max_game_length)
    # a game of similar size in another library, by library, timed beside it by ``hellas bench``
    bench_peers: tuple[tuple[str, str], ...] = ()  # (library, game) pairs: hashable
    web: WebModules = field(default_factory=WebModules)
    rated: bool = False  # do finished games between accounts move their ratings?
    # how a finished game ranks its seats: "places" (first, second...) or "team" (won or lost
    # together: a co-operative game)
    score_kind: str = "places"
    campaign: bool = False  # played as a campaign (its ``Campaign`` capability says how)
    compiled: tuple[str, ...] = ()  # modules the compiled build compiles (core/compiled.py)

    def __post_init__(self) -> None:
        if self.score_kind not in SCORE_KINDS:
            raise ValueError(f"{self.id}: score_kind {self.score_kind!r} is not in {SCORE_KINDS}")
        if self.rated and self.cooperative:
            raise ValueError(f"{self.id}: a co-operative game cannot be rated")

    @property
    def name(self) -> str:
        """Return the game's short name for ids (``Legends``: ``hellas/Legends-v103``)."""
        return self.id.capitalize()

    @property
    def env_version(self) -> int:
        """Return the ids' version: rules 1.1 is 101, 0.3 is 3, plus ``observation_version``."""
        major, _, minor = self.version.partition(".")
        return int(major) * 100 + int(minor or 0) + self.observation_version

    @property
    def gym_id(self) -> str:
        """Return the Gymnasium id, tied to the rules version: ``hellas/Legends-v103``."""
        return f"hellas/{self.name}-v{self.env_version}"

    def to_json(self) -> dict[str, Any]:
        """Return the facts front ends show (no option schema: it has its own ``to_json``)."""
        return {
            "id": self.id,
            "title": self.title,
            "version": self.version,
            "summary": self.summary,
            "min_seats": self.min_seats,
            "max_seats": self.max_seats,
            "seats_option": self.seats_option,
            "cooperative": self.cooperative,
            "talk": self.talk,
            "rated": self.rated,
            "score_kind": self.score_kind,
            "campaign": self.campaign,
            "web": self.web.urls(self.id),
        }

    def validate(self, raw: Mapping[str, Any]) -> Options:
        """Return complete, typed options for this game or raise ``OptionError``."""
        options = self.options.validate(raw)
        seats = options.get(self.seats_option)
        if not isinstance(seats, int) or not self.min_seats <= seats <= self.max_seats:
            raise OptionError(
                f"{self.title} takes {self.min_seats} to {self.max_seats} players, got {seats!r}"
            )
        return options

    def seats(self, options: Mapping[str, Any]) -> int:
        """Return the number of seats the (validated) options ask for."""
        return int(options[self.seats_option])


class Decision(Generic[S]):
    """What a bot is given for one decision: its seat's view, the legal choices, a sampler.

    The true state is private: honest bots reach it only through :meth:`sample`, which re-deals
    everything the seat cannot know.  ``true_state`` exists for the clairvoyant reference bot.
    """

    __slots__ = ("_state", "choices", "game", "seat")

    def __init__(self, game: Game[S], state: S, seat: int) -> None:
        self.game = game
        self._state = state
        self.seat = seat
        self.choices: Sequence[Choice] = game.choices(state)

    def view(self) -> View:
        """Return the seat's view of the table."""
        return self.game.view(self._state, self.seat)

    def sample(self, rng: Rng) -> S:
        """Return a state consistent with what the seat knows (a determinization)."""
        return self.game.determinize(self._state, self.seat, rng)

    def follow(self, policy: Callable[[S, Rng], Choice], rng: Rng) -> Choice:
        """Return the legal choice a state policy picks on a sample of this seat's information."""
        picked = policy(self.sample(rng), rng)
        for c in self.choices:
            if c.key == picked.key:
                return c
        raise AssertionError(f"the policy chose {picked.key}, which is not legal")

    def true_state(self) -> S:
        """Return the real state: for the labelled clairvoyant reference bot only."""
        return self._state


@dataclass(frozen=True, slots=True)
class BotCost:
    """What one decision of a bot declares it may cost, checked before a server seats it.

    ``iterations`` are search simulations, ``samples`` the sampled deals (determinizations) a
    decision draws, ``depth`` the plies a rollout may play (0: the game's own bound).  ``search``
    bots think for a server's whole time budget and wait in the search lane; the others answer
    in milliseconds.  ``reads_hidden`` marks a reference bot that reads hidden cards: fine for
    simulation and research, never seated at a table with people.
    """

    iterations: int = 0
    samples: int = 0
    depth: int = 0
    search: bool = False
    reads_hidden: bool = False


INSTANT = BotCost(samples=1)  # a policy on one sample of the seat's information


class Bot(Protocol):
    """A seat-filling player: given a decision and its own generator, returns one choice."""

    name: str

    def choose(self, decision: Decision[Any], rng: Rng) -> Choice:  # pragma: no cover
        """Return one of ``decision.choices``."""
        ...

    def cost(self) -> BotCost:  # pragma: no cover
        """Return what one decision of this bot may cost (see :class:`BotCost`)."""
        ...


@runtime_checkable
class Budgeted(Protocol):
    """A bot whose thinking time per decision a server sets (``seconds``; ``None``: no limit)."""

    seconds: float | None


BotFactory = Callable[[], Bot]

LEVELS = ("easy", "normal", "hard", "expert")


@dataclass(frozen=True)
class BotLevel:
    """A bot level people pick instead of a bot name: Easy, Normal, Hard or Expert.

    ``bot`` is the name ``hellas.ai.make_bot`` accepts, budget included (``ismcts:200``);
    ``seconds`` is its budget: the most it thinks over one move, within the server's default
    bot budget (a search bot stops there and answers with what it found); ``about`` says, in
    words, what to expect of it.  A level is never a bot that reads hidden cards.
    """

    level: str
    bot: str
    seconds: float
    about: str

    @property
    def title(self) -> str:
        """Return the level's name for people: ``Easy``."""
        return self.level.capitalize()

    def to_json(self) -> dict[str, Any]:
        """Return the level as plain JSON data (with its title)."""
        return {
            "level": self.level,
            "title": self.title,
            "bot": self.bot,
            "seconds": self.seconds,
            "about": self.about,
        }


class SampledPolicyBot:
    """A bot that applies a game's state policy to a sample of its own seat's information.

    The policy sees a determinized state (``Decision.sample``), never the true one, so the bot
    is honest by construction; subclasses set ``name`` and ``policy``.
    """

    name = "policy"
    policy: Callable[[Any, Rng], Choice]

    def cost(self) -> BotCost:
        """Return the cost of one policy call on one sample (a subclass that does more says so)."""
        return INSTANT

    def choose(self, decision: Decision[Any], rng: Rng) -> Choice:
        """Return the policy's choice on a sample of this seat's information."""
        if len(decision.choices) == 1:
            return decision.choices[0]
        return decision.follow(self.policy, rng)


def check_seat(seat: int | None, seats: int) -> None:
    """Raise ``ValueError`` unless ``seat`` is a seat number (or ``None``: a spectator)."""
    if seat is not None and not 0 <= seat < seats:
        raise ValueError(f"seat {seat} is not at this table (0-{seats - 1})")


class Game(ABC, Generic[S]):
    """The contract: a forward model over states, with views, records and determinization."""

    meta: GameMeta
    table: ChoiceTable
    state_class: Any = None  # the state type, whose to_json/from_json give the JSON form
    # Whether the rollout policy's move for the searching seat can differ between
    # determinizations (it reads re-dealt cards); if not, search works it out once per node.
    policy_reads_samples: bool = True

    @abstractmethod
    def new(self, options: Mapping[str, Any], seed: int) -> S:
        """Return the starting state for (raw or validated) options and a seed."""

    @abstractmethod
    def to_act(self, s: S) -> int | None:
        """Return the seat whose decision is next, or ``None`` once the game is over."""

    @abstractmethod
    def choices(self, s: S) -> Sequence[Choice]:
        """Return every legal choice now (never empty before the end)."""

    @abstractmethod
    def _apply(self, s: S, choice: Choice, log: bool) -> list[Event]:
        """Apply a choice already known to be legal; return events when ``log`` is true."""

    @abstractmethod
    def view(self, s: S, seat: int | None) -> View:
        """Return, as JSON data, exactly what ``seat`` may know (``None`` = spectator)."""

    @abstractmethod
    def outcome(self, s: S) -> Outcome | None:
        """Return how the game ended, or ``None`` while it goes on."""

    def reveal(self, s: S) -> View:
        """Return the all-seats view of a state of a *finished* game (its public replay).

        The spectator's view plus ``revealed``: for each seat its hand as its own view shows
        it (``hand``) and in words (``cards``).  It reads the whole state, so the server asks
        for it only once the game is over; a live table's replay never gets it.
        """
        public = dict(self.view(s, None))
        players = public.get("players")
        seats = players if isinstance(players, int) else 0
        public["revealed"] = [
            {"seat": q, "hand": self.view(s, q).get("hand"), "cards": self.hand_words(s, q)}
            for q in range(seats)
        ]
        return public

    def hand_words(self, s: S, seat: int) -> list[str]:
        """Return ``seat``'s hand in words, one entry a card (default: from its own view)."""
        hand = self.view(s, seat).get("hand")
        if isinstance(hand, dict):
            return [f"{count} × {name}" for name, count in hand.items()]
        if isinstance(hand, list):
            return [str(card) for card in hand]
        return []

    @abstractmethod
    def determinize(self, s: S, seat: int, rng: Rng) -> S:
        """Return a copy with everything ``seat`` cannot know re-dealt using ``rng``."""

    def state_to_json(self, s: S) -> dict[str, Any]:
        """Return the whole state as JSON data (round-trips through ``state_from_json``)."""
        data: dict[str, Any] = s.to_json()  # type: ignore[attr-defined]
        return data

    def state_from_json(self, data: Mapping[str, Any]) -> S:
        """Rebuild a state from ``state_to_json`` output."""
        state: S = self.state_class.from_json(data)
        return state

    def bots(self) -> Mapping[str, BotFactory]:
        """Return the game's own bots by name (heuristics live with the game)."""
        return {}

    def bot_levels(self) -> Sequence[BotLevel]:
        """Return the bot levels people pick (easiest first; default: none declared)."""
        return ()

    def renderer(self) -> Callable[[View], Any] | None:
        """Return a function drawing a view for the terminal (``None``: show the JSON)."""
        return None

    def rollout_policy(self) -> Callable[[S, Rng], Choice] | None:
        """Return a fast policy for search rollouts (reads only the actor's information)."""
        return None

    def worth_searching(self, s: S) -> bool:
        """Return whether search bots should search this decision (else follow the policy).

        Must depend only on public information (the phase of the turn, not hidden cards).
        """
        return True

    def round_done(self, s: S, seat: int) -> bool:
        """Return whether a one-round lookahead rollout for ``seat`` stops at ``s``.

        Asked only after another seat has acted; default: ``seat`` faces a searched decision.
        """
        return self.to_act(s) == seat and self.worth_searching(s)

    def lookahead_settings(self) -> Mapping[str, Any]:
        """Return keyword settings for the generic lookahead bot in this game (default: none).

        Keys are ``LookaheadBot``'s: ``samples``, ``full``, ``margin``, ``z``, ``horizon``.
        """
        return {}

    def rollout_value(self, s: S, seat: int) -> float:
        """Return the value of a finished game for ``seat`` (default: its outcome score)."""
        outcome = self.outcome(s)
        return 0.0 if outcome is None else float(outcome.scores[seat])

    def rollout_depth(self, s: S) -> int | None:
        """Return how many rollout steps to play before ``evaluate`` (None: to the end)."""
        return None

    def evaluate(self, s: S, seat: int) -> float:
        """Return a value in [0, 1] for ``seat`` of an unfinished state (truncated rollouts)."""
        return 0.5

    def evaluate_seats(self, s: S, seats: Sequence[int]) -> list[float]:
        """Return ``evaluate(s, seat)`` for each of ``seats`` (override to share the work)."""
        return [self.evaluate(s, seat) for seat in seats]

    def benchmarks(self, seconds: float) -> dict[str, Any]:
        """Return game-specific speed figures for ``hellas bench`` (default: none)."""
        return {}

    def conformance_options(self) -> list[dict[str, Any]]:
        """Return option sets the conformance suite should exercise (default options only)."""
        return [{}]

    def check_invariants(self, s: S) -> None:
        """Raise ``AssertionError`` if a conservation law or bound is broken (tests only)."""

    def seat_name(self, view: View, seat: int) -> str:
        """Return how front ends name ``seat``, from a public view (default: ``Seat n``)."""
        return f"Seat {seat + 1}"

    def choice_table(self, s: S) -> ChoiceTable:
        """Return the choice table of ``s`` (a game whose table follows its content overrides)."""
        return self.table

    def describe(self, choice: Choice, s: S) -> str:
        """Return the choice's label in the context of ``s`` (default: the static label)."""
        return choice.label

    # -- generic helpers ------------------------------------------------------------------

    def resolve(self, s: S, choice: Choice | str) -> Choice:
        """Return the legal choice matching ``choice`` (object or key) or raise IllegalChoice."""
        legal = self.choices(s)
        if isinstance(choice, Choice):
            if choice in legal:  # choices are the table's own objects: an identity check
                return choice
            for c in legal:
                if c.key == choice.key:
                    return c
            key = choice.key
        elif isinstance(choice, str):
            by_key = self.table._by_key  # (same module: no method call on this hot path)
            key = choice
            known = by_key.get(key)  # an exact key, the usual case: no stripped copy made
            if known is None:
                key = choice.strip()
                known = by_key.get(key)
            if known is not None and known in legal:
                return known
            for c in legal:
                if c.key == key:
                    return c
        else:
            raise IllegalChoice(repr(choice), [c.key for c in legal], "not a choice or key")
        if self.to_act(s) is None:
            raise IllegalChoice(key, [], "the game is over")
        reason = "unknown key" if key not in self.choice_table(s) else "not legal now"
        raise IllegalChoice(key, [c.key for c in legal], reason)

    def apply(self, s: S, choice: Choice | str) -> list[Event]:
        """Apply a legal choice (object or key) and return the events; raise IllegalChoice."""
        return self._apply(s, self.resolve(s, choice), True)

    def step(self, s: S, choice: Choice | str) -> None:
        """Apply a legal choice without building events (the fast path for bots and sims)."""
        self._apply(s, self.resolve(s, choice), False)

    def play_random(self, s: S, rng: Rng, limit: int | None = None) -> int:
        """Play uniformly random legal choices (to the end, or ``limit``); return how many."""
        choices, step, to_act, below = self.choices, self.step, self.to_act, rng.below
        decisions = 0
        while to_act(s) is not None and decisions != limit:
            cs = choices(s)
            step(s, cs[below(len(cs))])
            decisions += 1
        return decisions

    def validate_options(self, raw: Mapping[str, Any]) -> Options:
        """Return complete typed options or raise ``OptionError``."""
        return self.meta.validate(raw)

    def option_warnings(self, options: Mapping[str, Any]) -> list[str]:
        """Return advice about a valid set of options (front ends show it once)."""
        return []

    def capabilities(self) -> Mapping[type, Any]:
        """Return the game's own capability objects by kind (``hellas.core.capabilities``).

        Default: none; front ends then use adapters over this class's optional methods.
        """
        return {}

    def content_packs(self, root: str) -> list[dict[str, Any]]:
        """Return the content packs in ``root`` this game can load, each checked (default: none).

        Each is ``{id, name, description, modules, fingerprint, ok, error, contents, path}``;
        a server offers the ``ok`` ones, and its ``local_only`` option takes the pack's path.
        """
        return []
