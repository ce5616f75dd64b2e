"""The conformance checks every registered game must pass (shipped with the package).

Modelled on pgx's ``api_test``, PettingZoo's ``api_test``/``seed_test``, OpenSpiel's
``random_sim_test`` and TAG's ``ForwardModelTester``: random games from many seeds never fail;
``choices`` is never empty before the end; states round-trip through JSON; records replay to
identical states; copies are independent; views are JSON and hold nothing hidden from their seat
(a view is unchanged when everything its seat cannot know is re-dealt); the global random
generator has no influence.  Failures raise ``AssertionError`` naming the game, options, seed
and step.
"""

from __future__ import annotations

import importlib.util
import json
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from hellas.core.game import Game
from hellas.core.record import Record, replay
from hellas.core.rng import Rng


@dataclass
class RunStats:
    """What one checked random game did."""

    steps: int
    outcome: str
    record: Record


def _fail(game: Game[Any], options: Mapping[str, Any], seed: int, step: int, what: str) -> None:
    raise AssertionError(f"{game.meta.id} options={dict(options)} seed={seed} step={step}: {what}")


def random_game(
    game: Game[Any],
    options: Mapping[str, Any],
    seed: int,
    *,
    deep: bool = False,
    max_steps: int = 100_000,
) -> RunStats:
    """Play one random game, checking the contract at every step (more when ``deep``)."""
    opts = game.validate_options(options)
    seats = game.meta.seats(opts)
    state = game.new(opts, seed)
    shadow = game.new(opts, seed)  # replays the record incrementally, step by step
    rng = Rng(seed ^ 0x5EED)
    record = Record(game.meta.id, game.meta.version, opts, seed, [])
    step = 0
    while True:
        game.check_invariants(state)
        seat = game.to_act(state)
        outcome = game.outcome(state)
        if (seat is None) != (outcome is not None):
            _fail(game, opts, seed, step, "to_act and outcome disagree about the end")
        choices = list(game.choices(state))
        if seat is None:
            if choices:
                _fail(game, opts, seed, step, "choices offered after the end")
            break
        if not choices:
            _fail(game, opts, seed, step, f"no legal choice for seat {seat}")
        keys = [c.key for c in choices]
        if len(set(keys)) != len(keys):
            _fail(game, opts, seed, step, f"duplicate choices {keys}")
        for c in choices:
            table = game.choice_table(state)
            if c.key not in table or table[c.key].index != c.index:
                _fail(game, opts, seed, step, f"choice {c.key} is not in the choice table")
        if deep:
            _deep_checks(game, state, seats, rng, opts, seed, step)
        choice = choices[rng.below(len(choices))]
        random.random()  # perturb the global generator: the game must not notice
        game.apply(state, choice)
        record.choices.append(choice.key)
        game.step(shadow, choice.key)
        if game.state_to_json(shadow) != game.state_to_json(state):
            _fail(game, opts, seed, step, "replaying the record diverged from the game")
        step += 1
        if step > max_steps:
            _fail(game, opts, seed, step, "the game did not end")
    final = replay(game, record)
    if game.state_to_json(final) != game.state_to_json(state):
        _fail(game, opts, seed, step, "replay of the full record differs")
    reloaded = Record.loads(record.dumps())
    if game.state_to_json(replay(game, reloaded)) != game.state_to_json(state):
        _fail(game, opts, seed, step, "replay of the saved record differs")
    assert outcome is not None
    return RunStats(step, outcome.reason, record)


def _deep_checks(
    game: Game[Any],
    state: Any,
    seats: int,
    rng: Rng,
    opts: Mapping[str, Any],
    seed: int,
    step: int,
) -> None:
    before = game.state_to_json(state)
    text = json.dumps(before)
    again = game.state_from_json(json.loads(text))
    if game.state_to_json(again) != before:
        _fail(game, opts, seed, step, "state JSON round trip differs")
    if list(game.choices(again)) != list(game.choices(state)):
        _fail(game, opts, seed, step, "choices differ after a JSON round trip")
    twin = state.copy()
    twin_choices = list(game.choices(twin))
    game.apply(twin, twin_choices[rng.below(len(twin_choices))])
    if game.state_to_json(state) != before:
        _fail(game, opts, seed, step, "a copy shares mutable data with its original")
    json.dumps(game.view(state, None))
    for seat in range(seats):
        mine = game.view(state, seat)
        json.dumps(mine)
        sampled = game.determinize(state, seat, rng.fork())
        if game.state_to_json(state) != before:
            _fail(game, opts, seed, step, "determinize changed the original state")
        if game.view(sampled, seat) != mine:
            _fail(
                game,
                opts,
                seed,
                step,
                f"seat {seat}'s view changes when hidden information is re-dealt",
            )
        if game.to_act(sampled) == seat and game.choices(sampled) != game.choices(state):
            _fail(game, opts, seed, step, f"seat {seat}'s choices depend on hidden information")
        game.check_invariants(sampled)


def check_capabilities(
    game: Game[Any], options: Mapping[str, Any], seed: int, *, every: int = 7
) -> int:
    """Check the lean contract and every capability over one random game; return the steps.

    The game must satisfy :class:`~hellas.core.capabilities.Rules`; its presentation must label
    every offered choice and name every seat in words and explain the start and the end as
    JSON; its search hints must answer in their ranges (``evaluate`` in [0, 1]) and say truly
    whether its states carry a generator; a campaign game places its end on its grid; and its
    metadata must agree with the capabilities it returns (:func:`check_declarations`).
    """
    from hellas.core.capabilities import (  # noqa: PLC0415 - capabilities import this module's peers
        KINDS,
        Presentation,
        Rules,
        SearchHints,
        capability,
    )

    rules: object = game  # checked at run time: a game may be any object the registry holds
    if not isinstance(rules, Rules):
        _fail(game, options, seed, 0, "does not satisfy the lean rules contract")
    for kind in KINDS:
        capability(game, kind)  # its own object is of the right kind, or the default adapter
    present, hints = capability(game, Presentation), capability(game, SearchHints)
    opts = game.validate_options(options)
    seats = game.meta.seats(opts)
    state = game.new(opts, seed)
    if hints.seeded_states != isinstance(getattr(state, "rng", None), Rng):
        _fail(game, opts, seed, 0, "SearchHints.seeded_states disagrees with its states")
    rng = Rng(seed ^ 0xCAFE)
    step = 0
    while (seat := game.to_act(state)) is not None:
        choices = game.choices(state)
        if step % every == 0:
            public = game.view(state, None)
            for q in range(seats):
                if not isinstance(present.seat_name(public, q), str):
                    _fail(game, opts, seed, step, f"seat {q} has no name")
            for c in choices:
                label = present.describe(c, state)
                if not isinstance(label, str) or not label:
                    _fail(game, opts, seed, step, f"choice {c.key} has no label")
            if not isinstance(hints.worth_searching(state), bool):
                _fail(game, opts, seed, step, "worth_searching is not a bool")
            value = hints.evaluate(state, seat)
            if not 0.0 <= value <= 1.0:
                _fail(game, opts, seed, step, f"evaluate gave {value} (not in [0, 1])")
            json.dumps(present.explain(None, game.view(state, seat), seat).data)
        game.step(state, choices[rng.below(len(choices))])
        step += 1
    outcome = game.outcome(state)
    for who in [None, *range(seats)]:
        told = present.explain(outcome, game.view(state, who), who)
        if not told.headline or told.data.get("over") is not True:
            _fail(game, opts, seed, step, f"the end is not explained to seat {who}")
        json.dumps(told.data)
    for q in range(seats):
        float(hints.rollout_value(state, q))
    if outcome is not None:
        _check_campaign(game, opts, seed, step, game.view(state, None), outcome)
    check_declarations(game)
    return step


def _check_campaign(
    game: Game[Any], opts: Mapping[str, Any], seed: int, step: int, public: Any, outcome: Any
) -> None:
    """Check that a campaign game places its finished game on its own grid."""
    from hellas.core.capabilities import Campaign, capability  # noqa: PLC0415

    campaign = capability(game, Campaign)
    found = campaign.result(public, outcome)
    if not game.meta.campaign:
        if found is not None:
            _fail(game, opts, seed, step, "a game with no campaign gave a campaign result")
        return
    levels = [level for level, _title in campaign.levels()]
    if found is None or found.level not in levels or not 1 <= found.step <= len(campaign.steps()):
        _fail(game, opts, seed, step, f"the campaign result {found} is off its grid")


def check_declarations(game: Game[Any]) -> None:
    """Check what the metadata declares against the capabilities the game returns.

    A campaign game returns a :class:`~hellas.core.capabilities.Campaign` with a title, levels
    and steps (a game that declares none returns none); its content packs, if any, say what
    they are and their example pack checks; the modules it names for the compiled build exist;
    its golden games are valid option sets with one bot per seat.  Raises ``AssertionError``
    naming the game.
    """
    from hellas.core.capabilities import (  # noqa: PLC0415
        Campaign,
        ContentPacks,
        Coverage,
        capability,
        declared,
    )

    meta = game.meta
    if meta.campaign != declared(game, Campaign):
        raise AssertionError(f"{meta.id}: meta.campaign and its Campaign capability disagree")
    campaign = capability(game, Campaign)
    if meta.campaign and not (campaign.title and campaign.levels() and campaign.steps()):
        raise AssertionError(f"{meta.id}: its campaign has no title, levels or steps")
    if declared(game, ContentPacks):
        packs = capability(game, ContentPacks)
        example = packs.example()
        if not packs.about or (example is not None and not packs.check(example).ok):
            raise AssertionError(f"{meta.id}: its content packs are unnamed or the example fails")
    for name in meta.compiled:  # the compiled build's modules exist
        if importlib.util.find_spec(name) is None:
            raise AssertionError(f"{meta.id}: its compiled module {name} does not exist")
    cover = capability(game, Coverage)
    if cover.shallow_per_options < 1 or cover.deep_every < 1:
        raise AssertionError(f"{meta.id}: its conformance plan plays no game")
    stems = [case.stem for case in cover.golden_cases()]
    if not stems or len(set(stems)) != len(stems):
        raise AssertionError(f"{meta.id}: its golden games are missing or share a name")
    for case in cover.golden_cases():
        seats = meta.seats(game.validate_options(case.options))
        if len(case.bots) != seats:
            raise AssertionError(f"{meta.id}: golden {case.stem} names {len(case.bots)} bots")
