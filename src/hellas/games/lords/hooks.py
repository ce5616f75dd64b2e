"""Named hook points of the Lords rules, where Dark Ages modules add their rules.

The base rules call these points and never test for a module by name; a module (a package in
``lords/modules/<id>/``) registers handlers on the points it needs.  Which modules are in play
is an option of the game (``s.options["modules"]``, a normalized comma list), so a state always
knows its own rules.

Hook points and the arguments their handlers receive (``s`` is the state):

=====================  =============================================  ==========================
point                  arguments                                      result
=====================  =============================================  ==========================
``prepare``            ``s``                                          Game Preparation done
``placed``             ``s``                                          every Hero is placed
``start_turn``         ``s, seat``                                    the turn has begun
``turn_options``       ``s, seat, turn_frame``                        extra choice keys
``after_hero_move``    ``s, seat``                                    a Hero Movement ended
``links``              ``s, region, purpose``                         extra reachable Regions
``army_strength``      ``s, battle_frame, side``                      added Army Strength
``before_battle``      ``s, battle_frame``                            the Battle is set up
``after_battle``       ``s, battle_frame, winner``                    the Battle is resolved
``hoplites_killed``    ``s, region, seat, count``                     Hoplites died
``prayer``             ``s, seat, god_id``                            a Priest was sent
``monument_built``     ``s, seat, god_id``                            Build Monument done
``temple_built``       ``s, seat, region``                            Build Temple done
``monster_phase``      ``s, monster``                                 ``True``: no Monster Die
``event_phase``        ``s``                                          the Event Phase ran
``hoplites_held``      ``s, seat``                                    Hoplites kept off the map
``event_count``        ``s``                                          extra Event cards existing
``population``         ``s, region, seat``                            Population change
``view``               ``s, seat``                                    the module's view panel
``determinize``        ``copy, original, seat, rng``                  hidden module cards redealt
``invariants``         ``s``                                          raises if broken
``region_attack``      ``s, monster``                                 a module's attack kind ran
``monster_moves``      ``s, monster, regions``                        edits the list in place
``hunt_barred``        ``s, seat, monster``                           ``True``: may not hunt it
``crossing_closed``    ``s, from_region, to_region``                  ``True``: step not allowed
``hero_held``          ``s, seat``                                    ``True``: Hero out of play
``hero_chosen``        ``s, seat``                                    a Hero picked, not placed
``hoplites_moved``     ``s, seat, from_region, to_region``            a March/Hoplite move done
``blessing_received``  ``s, seat, blessing_id``                       a Blessing was taken
``monster_appears``    ``s, monster, card``                           ``[region]``: appears there
``monster_slain``      ``s, monster, seat, region``                   a Monster was slain
``attack_strength``    ``s, hunt_frame, attack_card``                 added Monster Attack Strength
``attack_draws``       ``s, hunt_frame``                              extra Monster Attack cards
``start_placed``       ``s, seat, region``                            a start placed (may push)
``draft_done``         ``s, draft_frame``                             a Blessing Draft ended
``quest_region``       ``s, quest``                                   ``[region]``: Token there
``quest_done``         ``s, seat, quest``                             ``True``: the module keeps it
``reusable``           ``s, seat, frame``                             ``[card]``: reusable cards
``reuse``              ``s, seat, card, frame``                       ``[card]``: it is spent
``card_played``        ``s, battle_frame, side, card``                a card's module effect
``battle_lost``        ``s, battle_frame, loser``                     ``True``: winner withdraws
``hunt_options``       ``s, hunt_frame``                              extra Hunt choice keys
``hunt_play``          ``s, hunt_frame, key``                         ``True``: the module did it
``battle_options``     ``s, battle_frame, seat``                      extra Battle choice keys
``battle_play``        ``s, battle_frame, seat, key``                 ``True``: the module did it
=====================  =============================================  ==========================

Reusable combat cards (Relics, Training cards): Combat Card records of a ``kind`` other than
``deck`` that stay in front of their owner.  ``reusable`` lists the ones a seat may play now
(charged); the base offers them as ``play:<id>`` in a Battle and as ordinary cards in a Hunt,
counts their Strength, Casualties and effects like any Combat Card, and calls ``reuse`` when one
is played or spent (the module marks it used).  They are never discarded (a Battle lists them in
``kept``).  What such a card does is its clauses' (``fx``), e.g. a Mirror Shield's
``copy-enemy-card``; a module's own Special Attack or other effect is an effect of the
vocabulary it registers (``effects.register``), not a hook.

A module may also add procedures (stack frames with their ``options``/``choose``), choice-table
entries, data records (``data.toml``) and bot knowledge (``bot_choose``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

from hellas.games.lords.frames import Frame, TurnFrame
from hellas.games.lords.state import LordsState

Options = Callable[[LordsState, Frame], list[str]]
Chooser = Callable[[LordsState, Frame, str], None]
F = TypeVar("F", bound=Frame)  # one procedure's own frame kind(s)
Handler = Callable[..., Any]
Entries = Callable[[Any], list[tuple[str, str]]]

POINTS = (
    "prepare",
    "placed",
    "start_turn",
    "turn_options",
    "after_hero_move",
    "links",
    "army_strength",
    "before_battle",
    "after_battle",
    "hoplites_killed",
    "prayer",
    "monument_built",
    "temple_built",
    "monster_phase",
    "event_phase",
    "hoplites_held",
    "event_count",
    "population",
    "view",
    "determinize",
    "invariants",
    "region_attack",
    "monster_moves",
    "hunt_barred",
    "crossing_closed",
    "hero_held",
    "hero_chosen",
    "hoplites_moved",
    "blessing_received",
    "monster_appears",
    "monster_slain",
    "attack_strength",
    "attack_draws",
    "start_placed",
    "draft_done",
    "quest_region",
    "quest_done",
    "reusable",
    "reuse",
    "card_played",
    "battle_lost",
    "hunt_options",
    "hunt_play",
    "battle_options",
    "battle_play",
)


@dataclass(frozen=True)
class Module:
    """One Dark Ages module: its id, its constraints and its rules on the hook points."""

    id: str
    title: str
    summary: str
    expansion_icon: bool = False  # the rulebook suggests one such module per game
    requires: tuple[tuple[str, ...], ...] = ()  # each: one of these modules must be in play
    excludes: tuple[str, ...] = ()
    players: tuple[int, ...] = ()  # seat counts it allows (empty: any)
    hooks: Mapping[str, Handler] = field(default_factory=dict)
    procedures: Mapping[str, tuple[Options, Chooser]] = field(default_factory=dict)
    turn_prefixes: tuple[str, ...] = ()  # turn-frame keys this module's ``turn_choose`` takes
    turn_choose: Callable[[LordsState, TurnFrame, int, str], None] | None = None
    # cards this module shuffles into the Events Deck (numbered after base): a number, or a
    # function of the game's content (a pack or the stand-ins may change how many)
    events: int | Callable[[Any], int] = 0
    event: Callable[[LordsState, int, bool], str] | None = None  # resolve one (number, setup)
    entries: Entries | None = None  # extra choice-table entries for the configured content
    # the heuristic bot's knowledge of this module: a choice, or None to leave it to the base
    # bot (called on the bot's own determinized sample, so it stays honest)
    bot_choose: Callable[[LordsState, int, Sequence[Any]], Any] | None = None

    def __post_init__(self) -> None:
        unknown = set(self.hooks) - set(POINTS)
        if unknown:
            raise ValueError(f"module {self.id}: unknown hook points {sorted(unknown)}")


def proc(
    options: Callable[[LordsState, F], list[str]], choose: Callable[[LordsState, F, str], None]
) -> tuple[Options, Chooser]:
    """Return a procedure (its ``options`` and ``choose`` of its own frame type) for a table.

    The one place a frame's type is narrowed to its kind: a procedure is registered under the
    ``k`` of the frames it takes, and ``rules.procedure`` hands it only the top frame whose ``k``
    named it, so the pair may be stored as taking any ``Frame``.
    """
    return cast("Options", options), cast("Chooser", choose)


_REGISTRY: dict[str, Module] = {}
_ACTIVE: dict[str, tuple[Module, ...]] = {"": ()}


def register(module: Module) -> Module:
    """Add a module to the registry (once, at import of its package)."""
    _REGISTRY[module.id] = module
    return module


def registered() -> Mapping[str, Module]:
    """Return every registered module by id (importing the module packages first)."""
    from hellas.games.lords import modules  # noqa: PLC0415

    modules.load_all()
    return _REGISTRY


def modules_of(names: str) -> tuple[Module, ...]:
    """Return the modules of a normalized ``modules`` option value (and those they include)."""
    found = _ACTIVE.get(names)
    if found is None:
        from hellas.games.lords.modules import expand  # noqa: PLC0415

        reg = registered()
        found = _ACTIVE[names] = tuple(reg[n] for n in expand(names.split(",")))
    return found


def active(s: LordsState) -> tuple[Module, ...]:
    """Return the modules in play in ``s``."""
    return modules_of(s.options.get("modules", ""))


def has(s: LordsState, module_id: str) -> bool:
    """Return whether a module is in play (for a module's own code, never the base rules)."""
    return any(m.id == module_id for m in active(s))


def run(s: LordsState, point: str, *args: Any) -> None:
    """Call every active handler of ``point``."""
    for m in active(s):
        h = m.hooks.get(point)
        if h is not None:
            h(s, *args)


def total(s: LordsState, point: str, *args: Any) -> int:
    """Return the sum of the active handlers' results (0 without modules)."""
    out = 0
    for m in active(s):
        h = m.hooks.get(point)
        if h is not None:
            out += int(h(s, *args))
    return out


def collect(s: LordsState, point: str, *args: Any) -> list[Any]:
    """Return the concatenated lists the active handlers return."""
    out: list[Any] = []
    for m in active(s):
        h = m.hooks.get(point)
        if h is not None:
            out += h(s, *args)
    return out


def any_true(s: LordsState, point: str, *args: Any) -> bool:
    """Return whether some active handler returns true (all of them are called)."""
    hit = False
    for m in active(s):
        h = m.hooks.get(point)
        if h is not None and h(s, *args):
            hit = True
    return hit


def panels(s: LordsState, seat: int | None) -> dict[str, Any]:
    """Return each active module's view panel, by module id."""
    out: dict[str, Any] = {}
    for m in active(s):
        h = m.hooks.get("view")
        if h is not None:
            out[m.id] = h(s, seat)
    return out


def procedure(s: LordsState, kind: str) -> tuple[Options, Chooser] | None:
    """Return an active module's procedure for a frame kind, if one has it."""
    for m in active(s):
        p = m.procedures.get(kind)
        if p is not None:
            return p
    return None


def turn_choose(s: LordsState, f: TurnFrame, seat: int, key: str) -> bool:
    """Let the module owning a turn-frame key apply it; return whether one did."""
    for m in active(s):
        if m.turn_choose is not None and key.startswith(m.turn_prefixes):
            m.turn_choose(s, f, seat, key)
            return True
    return False


def bot_choice(s: LordsState, seat: int, options: Sequence[Any]) -> Any:
    """Return the first active module's bot choice for these options, or ``None``."""
    for m in active(s):
        if m.bot_choose is not None:
            c = m.bot_choose(s, seat, options)
            if c is not None:
                return c
    return None


def all_entries(content: Any, modules: Sequence[Module]) -> list[tuple[str, str]]:
    """Return the choice-table entries the given modules add for ``content``."""
    out: list[tuple[str, str]] = []
    for m in modules:
        if m.entries is not None:
            out += m.entries(content)
    return out


def event_total(s: LordsState, base: int) -> int:
    """Return how many Events Deck cards a game has: the base game's, then each module's."""
    return base + sum(events_of(m, s) for m in active(s))


def events_of(m: Module, s: LordsState) -> int:
    """Return how many Events Deck cards module ``m`` adds to game ``s``."""
    return m.events if isinstance(m.events, int) else m.events(s.content)


def module_event(s: LordsState, card: int, setup: bool) -> str:
    """Resolve a module's Events Deck card; return what happened ("" if it was skipped)."""
    number = card - len(s.content.events)
    for m in active(s):
        count = events_of(m, s)
        if number < count:
            if m.event is None:  # pragma: no cover - a module with cards resolves them
                raise AssertionError(f"module {m.id} has Event cards but no resolver")
            return m.event(s, number, setup)
        number -= count
    raise AssertionError(f"Event card {card} belongs to no module")  # pragma: no cover
