"""The lean rules contract and the optional capabilities a game may provide beside it.

:class:`Rules` is what every front end may rely on for any game: ``new``, ``to_act``,
``choices``, ``apply``, ``view``, ``outcome``, ``determinize`` and the state's JSON form.
Everything else a game offers is one typed capability object, asked for by kind through
:func:`capability` (or ``Registry.capability``), never found by probing the game for an
attribute or a function name:

- :class:`Presentation`: the terminal drawing, seat names, choice labels, ``hellas explain``;
- :class:`SearchHints`: rollout policy, values, depths, the rule kernel and win chances;
- :class:`Narration`: what the terminal tells in words (card texts, rules, the ending);
- :class:`BenchFigures`: game-specific figures for ``hellas bench``;
- :class:`Campaign`: an account's progress through a campaign (the profile's grid);
- :class:`ContentPacks`: packs of content an owner writes (``hellas content``, a server);
- :class:`Coverage`: the conformance plan and golden games of the shared test harness.

A game returns its own from ``Game.capabilities()``; for any kind it does not return, the
default here applies: for the first, second and fourth an adapter over the ``Game`` methods of
the same names, for the others "none offered".  :func:`declared` says whether a game returns its
own.  The game's properties (co-operative, rated, campaign, score kind, compiled modules) are
data in ``GameMeta``; so is the RL encoder's name, because the rules may never import RL code.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, TypeVar, runtime_checkable

from hellas.core.errors import HellasError
from hellas.core.game import Choice, Event, GameMeta, Outcome, View
from hellas.core.rng import Rng

if TYPE_CHECKING:
    from hellas.core.game import Game


@runtime_checkable
class Rules(Protocol):
    """The lean rules contract: eight calls and the metadata; nothing about bots or screens."""

    meta: GameMeta

    def new(self, options: Mapping[str, Any], seed: int) -> Any:
        """Return the starting state."""
        ...

    def to_act(self, s: Any) -> int | None:
        """Return the seat to act, or ``None`` at the end."""
        ...

    def choices(self, s: Any) -> Sequence[Choice]:
        """Return the legal choices."""
        ...

    def apply(self, s: Any, choice: Choice | str) -> list[Event]:
        """Apply a legal choice and return the events."""
        ...

    def view(self, s: Any, seat: int | None) -> View:
        """Return what ``seat`` may know."""
        ...

    def outcome(self, s: Any) -> Outcome | None:
        """Return how the game ended, or ``None``."""
        ...

    def determinize(self, s: Any, seat: int, rng: Rng) -> Any:
        """Return a copy with what ``seat`` cannot know re-dealt."""
        ...

    def state_to_json(self, s: Any) -> dict[str, Any]:
        """Return the state as JSON data."""
        ...

    def state_from_json(self, data: Mapping[str, Any]) -> Any:
        """Rebuild a state from its JSON data."""
        ...


@dataclass(frozen=True)
class Explanation:
    """Why a position scores what it scores: a headline, JSON data and a terminal drawing."""

    headline: str
    data: dict[str, Any] = field(default_factory=dict)
    table: Any = None  # a rich renderable, or None: front ends show ``data``


class Capability:
    """A capability object: built over one game, asked for by its class."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game


class Presentation(Capability):
    """How front ends show a game: terminal drawing, seat names, choice labels, explanations."""

    # what ``explain_position`` accepts, field name -> meaning ({}: saved positions only)
    position_fields: Mapping[str, str] = {}

    def renderer(self) -> Callable[[View], Any] | None:
        """Return a function drawing a view for the terminal (``None``: show the JSON)."""
        return self.game.renderer()

    def seat_name(self, view: View, seat: int) -> str:
        """Return how front ends name ``seat``, from a public view."""
        return self.game.seat_name(view, seat)

    def describe(self, choice: Choice, s: Any) -> str:
        """Return the choice's label in the context of ``s``."""
        return self.game.describe(choice, s)

    def explain(self, outcome: Outcome | None, view: View, seat: int | None) -> Explanation:
        """Explain the score of a position from ``seat``'s view (and the outcome, once over)."""
        if outcome is None:
            return Explanation("The game goes on.", {"over": False})
        names = [self.seat_name(view, q) for q in range(len(outcome.scores))]
        winners = ", ".join(names[q] for q in outcome.winners) or "nobody"
        data = {"over": True, "seats": names, **outcome.to_json()}
        return Explanation(f"{outcome.reason} Winners: {winners}.", data)

    def explain_position(self, fields: Mapping[str, str], choose: Sequence[str]) -> Explanation:
        """Explain a position described in words (``position_fields``); raise ``HellasError``."""
        raise HellasError(
            f"{self.game.meta.title} explains saved games only: give --record (and --step)"
        )


class SearchKernel(NamedTuple):
    """The rule functions a search may call instead of the ``Game`` methods around them.

    ``apply(s, choice, quiet)`` plays a legal choice (``quiet``: its no-events argument),
    ``to_act``, ``legal`` and ``evaluate`` are what ``to_act``, ``choices`` and ``evaluate`` run.
    """

    apply: Callable[[Any, Choice, Any], Any]
    quiet: Any
    to_act: Callable[[Any], int | None]
    legal: Callable[[Any], Sequence[Choice]]
    evaluate: Callable[[Any, int], float]


class SearchHints(Capability):
    """What search bots may use to play a game well: a rollout policy, values, depths.

    ``seeded_states``: the game's states carry their own generator (``state.rng``), which a
    search re-seeds for each simulation.  :meth:`kernel` and :meth:`chance` are for speed and
    for hints (default: none).
    """

    seeded_states = False

    def kernel(self) -> SearchKernel | None:
        """Return the rule functions a search may call directly, or ``None``."""
        return None

    def chance(self) -> Callable[[Any, int], float] | None:
        """Return an estimate of a seat's chance to win from a state (for hints), or ``None``."""
        return None

    def forwards(self) -> bool:
        """Return whether the value methods are this class's adapters over the game's own."""
        own = type(self)
        return all(
            getattr(own, name) is getattr(SearchHints, name)
            for name in ("rollout_value", "evaluate", "evaluate_seats", "rollout_depth")
        )

    @property
    def policy_reads_samples(self) -> bool:
        """Return whether the rollout policy's move can differ between determinizations."""
        return bool(self.game.policy_reads_samples)

    def rollout_policy(self) -> Callable[[Any, Rng], Choice] | None:
        """Return a fast policy for rollouts, or ``None``."""
        return self.game.rollout_policy()

    def worth_searching(self, s: Any) -> bool:
        """Return whether a search bot should search this decision."""
        return self.game.worth_searching(s)

    def round_done(self, s: Any, seat: int) -> bool:
        """Return whether a one-round lookahead for ``seat`` stops here."""
        return self.game.round_done(s, seat)

    def lookahead_settings(self) -> Mapping[str, Any]:
        """Return keyword settings for the generic lookahead bot."""
        return self.game.lookahead_settings()

    def rollout_value(self, s: Any, seat: int) -> float:
        """Return the value of a finished game for ``seat``."""
        return self.game.rollout_value(s, seat)

    def rollout_depth(self, s: Any) -> int | None:
        """Return how many rollout steps to play before ``evaluate`` (``None``: to the end)."""
        return self.game.rollout_depth(s)

    def evaluate(self, s: Any, seat: int) -> float:
        """Return a value in [0, 1] for ``seat`` of an unfinished state."""
        return self.game.evaluate(s, seat)

    def evaluate_seats(self, s: Any, seats: Sequence[int]) -> list[float]:
        """Return ``evaluate(s, seat)`` for each of ``seats``, sharing the work where it can."""
        return self.game.evaluate_seats(s, seats)


class Narration(Capability):
    """What the terminal may tell beyond the views and events (``hellas play``, narration).

    Each is a function the game's terminal module defines, or ``None`` (the default: the
    terminal shows the generic form).
    """

    def card_text(self) -> Callable[[str], str] | None:
        """Return ``f(name)``: a card's text by name (the ``card`` command)."""
        return None

    def turn_key(self) -> Callable[[View], Any] | None:
        """Return ``f(view)``: what changes when a new turn starts (the board is drawn then)."""
        return None

    def rules_text(self) -> Callable[[View], list[str]] | None:
        """Return ``f(view)``: the special rules in words (at the start and on ``rules``)."""
        return None

    def story(self) -> Callable[[View, dict[str, Any]], list[str]] | None:
        """Return ``f(view, details)``: the ending told in words."""
        return None

    def narrate(self) -> Callable[[View, View], list[str]] | None:
        """Return ``f(before, after)``: lines only a comparison of two public views reveals."""
        return None

    def phrase(self) -> Callable[[str, list[str]], str | None] | None:
        """Return ``f(who, deeds)``: one player's run of steps as one sentence (or ``None``)."""
        return None


class BenchFigures(Capability):
    """Game-specific speed figures for ``hellas bench``."""

    def figures(self, seconds: float) -> dict[str, Any]:
        """Return the figures measured in about ``seconds`` (default: none)."""
        return self.game.benchmarks(seconds)


@dataclass(frozen=True)
class CampaignResult:
    """Where one finished game stands in a campaign: its level, its step (from 1), won or not."""

    level: str
    step: int
    won: bool


class Campaign(Capability):
    """A game played as a series of steps at levels (Legends: 12 missions at 3 difficulties).

    The accounts keep, per account, level and step, how often it was won and lost; profiles
    show the grid.  The default is no campaign: no levels, no steps, no result.
    """

    title = ""  # the campaign's name in words ("Legends campaign")
    step_noun = "Game"  # what one step is called ("Mission": "Mission won")

    def levels(self) -> Sequence[tuple[str, str]]:
        """Return the levels as (id, title) pairs, easiest first."""
        return ()

    def steps(self) -> Sequence[str]:
        """Return the steps' names in order (step 1 first)."""
        return ()

    def result(self, public: View, outcome: Outcome) -> CampaignResult | None:
        """Return where a finished game stands, from its public view (``None``: not counted)."""
        return None


@dataclass(frozen=True)
class PackCheck:
    """One content pack checked: whether it loads, its title, and what it adds or what is wrong."""

    ok: bool
    title: str = ""
    error: str = ""  # the first problem (file, record, field), in one line
    modules: str = ""  # the modules it is checked with
    lines: tuple[str, ...] = ()  # what it adds, one line each


class ContentPacks(Capability):
    """Folders of content an owner writes and a server offers (Lords: TOML packs of cards).

    The default has none: ``about`` is empty and ``check`` says so.
    """

    about = ""  # what a pack is, in words ("" : the game takes no packs)

    def check(self, folder: str, modules: Sequence[str] = ()) -> PackCheck:
        """Check the pack in ``folder`` with ``modules`` besides those it names."""
        return PackCheck(False, error=f"{self.game.meta.title} takes no content packs")

    def installed(self, root: str) -> list[dict[str, Any]]:
        """Return the packs in ``root``, each checked (``Game.content_packs``)."""
        return self.game.content_packs(root)

    def example(self) -> str | None:
        """Return the folder of a worked example pack, or ``None``."""
        return None


@dataclass(frozen=True)
class GoldenCase:
    """One golden playthrough: its file stem, options, seed and the bot of each seat."""

    stem: str
    options: Mapping[str, Any]
    seed: int
    bots: tuple[str, ...]


class Coverage(Capability):
    """How the shared test harness covers a game: conformance runs and golden playthroughs.

    Every registered game is covered: the default plays ``shallow_per_options`` checked random
    games per option set of ``Game.conformance_options`` (every ``deep_every``-th set deeply)
    and keeps one golden game between random bots with the default options.
    """

    shallow_per_options = 10
    deep_every = 1

    def golden_cases(self) -> Sequence[GoldenCase]:
        """Return the game's golden playthroughs (each a file under ``tests/golden``)."""
        meta = self.game.meta
        seats = meta.seats(meta.validate({}))
        return (GoldenCase(f"{meta.id}-default", {}, 1, ("random",) * seats),)


KINDS: tuple[type[Capability], ...] = (
    Presentation,
    SearchHints,
    Narration,
    BenchFigures,
    Campaign,
    ContentPacks,
    Coverage,
)
C = TypeVar("C", bound=Capability)


def declared(game: Game[Any], kind: type[Capability]) -> bool:
    """Return whether ``game`` supplies its own ``kind`` capability (not the default)."""
    return kind in game.capabilities()


def capability(game: Game[Any], kind: type[C]) -> C:
    """Return ``game``'s own ``kind`` capability, or the default adapter over its methods."""
    own = game.capabilities().get(kind)
    if own is None:
        return kind(game)
    if not isinstance(own, kind):
        raise TypeError(f"{game.meta.id}: its {kind.__name__} is a {type(own).__name__}")
    return own
