"""One game behind an RL adapter: seeds, action masks, observations and rewards.

Every adapter (PettingZoo, Gymnasium, OpenSpiel) drives the engine through a :class:`Session`,
so they agree on what an action index means (the game's ``ChoiceTable`` index), on masks, on
rewards and on seeding.  Observations are built on request by the game's encoder, straight
from the state where it can (reading only what the seat's view shows), else from
``game.view(state, seat)``; the no-leak checks hold either way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from hellas.core.capabilities import Presentation, capability
from hellas.core.errors import HellasError, IllegalChoice
from hellas.core.game import Choice, Game, Outcome
from hellas.core.options import Options
from hellas.core.rng import Rng
from hellas.rl.encoders import Encoder, encoder_for

REWARDS = ("win", "score")
_MASK_CACHE_LIMIT = 8192
# Masks by table size and legal choices, shared by every session (a batch of 1,024 games
# meets the same few hundred lists): choices are interned, so a choice object always has
# the same index, and each mask is read-only.
_MASKS: dict[int, dict[tuple[Choice, ...], np.ndarray]] = {}


def game_by_id(game_id: str) -> Game[Any]:
    """Return the registered game ``game_id`` (raises ``UnknownGame`` with suggestions)."""
    from hellas.games import REGISTRY  # noqa: PLC0415 - the registry imports every game

    return REGISTRY.get(game_id)


def rewards_of(game: Game[Any], outcome: Outcome, seats: int, mode: str = "win") -> list[float]:
    """Return each seat's reward for a finished game.

    ``win``: a cooperative game gives every seat the team's score (1 won, 0 lost); otherwise
    the winners share 1 (a sole winner gets 1, two tied winners 0.5 each) and the rest get 0.
    ``score``: the outcome's score of each seat (Realms points, Legends 1/0).
    """
    if mode == "score" or game.meta.cooperative:
        return [float(x) for x in outcome.scores]
    share = 1.0 / len(outcome.winners) if outcome.winners else 0.0
    return [share if q in outcome.winners else 0.0 for q in range(seats)]


class Session:
    """A game, its options, its encoder and the state being played (the adapters' core)."""

    def __init__(
        self,
        game_id: str,
        options: Mapping[str, Any] | None = None,
        reward: str = "win",
        extras: Sequence[str] = (),
    ) -> None:
        """Set up ``game_id`` under ``options``; ``extras``: opt-in observation fields."""
        if reward not in REWARDS:
            raise HellasError(f"reward must be one of {', '.join(REWARDS)}, got {reward!r}")
        self.game: Game[Any] = game_by_id(game_id)
        self.options: Options = self.game.validate_options(dict(options or {}))
        self.seats = self.game.meta.seats(self.options)
        self.reward = reward
        self.state: Any = self.game.new(self.options, 0)  # also loads content packs
        self.encoder: Encoder = encoder_for(self.game.meta.id, self.options, extras)
        self._keeps = False
        # Observation cache: ``seat -> (version, vector)``.  ``_version`` changes with every
        # change the session makes to ``self.state`` (reset, play, apply_index on it), and a
        # view is a function of the state and the seat, so an entry with the current version
        # is exactly what encoding the view again would give.
        self._seen: dict[int, tuple[int, np.ndarray]] = {}
        self._version = 0
        self.use_encoder(self.encoder)
        self.table = self.game.choice_table(self.state)  # follows the options' content
        self.num_actions = len(self.table)
        self._by_index: list[Choice] = [self.table.at(i) for i in range(self.num_actions)]
        self.seed = 0
        self._seeds = Rng(0)
        self._masks = _MASKS.setdefault(self.num_actions, {})
        self._sorted: dict[tuple[Any, ...], list[int]] = {}
        self._none = np.zeros(self.num_actions, dtype=np.int8)
        self._none.flags.writeable = False
        self.decisions = 0
        # The legal choices of ``self.state`` at ``_version`` (a mask and the play after it
        # would otherwise list them twice per decision).
        self._listed: tuple[int, Sequence[Choice]] = (-1, ())

    def use_encoder(self, encoder: Encoder) -> None:
        """Observe through ``encoder`` (one of the same layout) from now on."""
        self.encoder = encoder
        # an encoder that keeps each seat's last vector is asked every time (it rewrites only
        # what changed); any other is asked once per version of the state
        self._keeps = encoder.keeps and encoder.reads_state
        self._seen.clear()  # vectors the encoder before it wrote

    def reset(self, seed: int | None = None) -> None:
        """Start a new game: ``seed`` if given, else the next seed of the session's sequence.

        ``reset(seed=s)`` restarts the sequence too, so ``reset(s); reset(); reset()`` always
        plays the same three games.
        """
        if seed is not None:
            self._seeds = Rng(int(seed))
            self.seed = int(seed)
        else:
            self.seed = self._seeds.next64() >> 32
        self.state = self.game.new(self.options, self.seed)
        self.decisions = 0
        self._version += 1

    def to_act(self) -> int | None:
        """Return the seat to decide now (``None`` once the game is over)."""
        return self.game.to_act(self.state)

    def legal(self) -> list[int]:
        """Return the action indices legal now, in the order the game lists them."""
        return [c.index for c in self._choices()]

    def _choices(self) -> Sequence[Choice]:
        """Return the legal choices of ``self.state``, listed once per version of it."""
        version, choices = self._listed
        if version != self._version:
            choices = self.game.choices(self.state)
            self._listed = (self._version, choices)
        return choices

    def mask(self, seat: int) -> np.ndarray:
        """Return ``seat``'s int8 action mask (read-only; all zero when it is not to act)."""
        if self.game.to_act(self.state) != seat:
            return self._none
        version, choices = self._listed  # ``legal_mask``, inlined: asked at every decision
        if version != self._version:
            choices = self.game.choices(self.state)
            self._listed = (self._version, choices)
        key = tuple(choices)
        mask = self._masks.get(key)
        return self._new_mask(key) if mask is None else mask

    def legal_mask(self) -> np.ndarray:
        """Return the action mask of the seat to act (read-only, shared between equal masks)."""
        version, choices = self._listed  # ``_choices``, inlined: asked at every decision
        if version != self._version:
            choices = self.game.choices(self.state)
            self._listed = (self._version, choices)
        key = tuple(choices)  # choices are interned per game: identity hashing is exact
        mask = self._masks.get(key)
        return self._new_mask(key) if mask is None else mask

    def _new_mask(self, key: tuple[Choice, ...]) -> np.ndarray:
        """Return the mask of the legal choices ``key``, kept for the next equal list."""
        if len(self._masks) >= _MASK_CACHE_LIMIT:
            self._masks.clear()
        mask = np.zeros(self.num_actions, dtype=np.int8)
        mask[[c.index for c in key]] = 1
        mask.flags.writeable = False
        self._masks[key] = mask
        return mask

    def observe(self, seat: int) -> np.ndarray:
        """Return ``seat``'s observation vector: what its view shows, and nothing else.

        Asking again before the state changes returns a copy of the vector already built (the
        view cannot have changed); every call returns an array of its own.
        """
        if self._keeps:
            return self.encoder.observe(self.state, seat)
        seen = self._seen.get(seat)
        if seen is not None and seen[0] == self._version:
            return seen[1].copy()
        vector = self.observe_state(self.state, seat)
        self._seen[seat] = (self._version, vector.copy())
        return vector

    def observe_state(self, state: Any, seat: int) -> np.ndarray:
        """Return ``seat``'s observation vector of a state of this game."""
        if self._keeps:
            return self.encoder.observe(state, seat)
        out = np.zeros(self.encoder.layout.size, dtype=np.float32)
        self.observe_into(out, state, seat)
        return out

    def observe_row(self, out: np.ndarray, seat: int) -> None:
        """Write ``seat``'s observation of the current state over every entry of ``out``."""
        if self._keeps:
            self.encoder.fill_state(out, self.state, seat)
            return
        out[:] = 0.0
        self.observe_into(out, self.state, seat)

    def kept_row(self, seat: int) -> np.ndarray | None:
        """Return the encoder's kept row of ``seat`` for the current state, or ``None``.

        Only for an encoder that keeps each seat's row (``Encoder.keeps``): the array is the
        encoder's own and is rewritten at its next observation of that seat, so copy it before
        then and never write into it.
        """
        if not self._keeps:
            return None
        row: np.ndarray = self.encoder.kept_row(self.state, seat)
        return row

    def observe_into(self, out: np.ndarray, state: Any, seat: int) -> None:
        """Write ``seat``'s observation of ``state`` into ``out`` (a zeroed float32 row).

        Straight from the state when the encoder can (``Encoder.fill_state``), else through
        the seat's JSON view.
        """
        if self.encoder.reads_state:
            self.encoder.fill_state(out, state, seat)
        else:
            self.encoder.fill(out, self.game.view(state, seat))

    def play(self, action: int) -> None:
        """Apply the choice with table index ``action``; raise ``IllegalChoice`` if not legal."""
        if 0 <= action < self.num_actions:
            c = self._by_index[action]
            version, choices = self._listed  # ``_choices``, inlined
            if version != self._version:
                choices = self.game.choices(self.state)
                self._listed = (self._version, choices)
            # the legal choices are the table's own objects: one identity check per choice
            if c in choices:
                self._version += 1
                self.game._apply(self.state, c, False)
                self.decisions += 1
                return
        self.apply_index(self.state, action)  # another object with that index, or illegal
        self.decisions += 1

    def apply_legal(self, choice: Choice) -> None:
        """Apply ``choice``, one of the legal choices just listed for the current state.

        The caller vouches for legality (a bot's answer found in its decision's list); this is
        ``play_choice`` without the second lookup.
        """
        self._version += 1
        self.game._apply(self.state, choice, False)
        self.decisions += 1

    def play_choice(self, choice: Choice) -> None:
        """Apply a legal ``choice`` (a bot's answer); raise ``IllegalChoice`` if not legal."""
        if choice in self._choices():
            self._version += 1
            self.game._apply(self.state, choice, False)
            self.decisions += 1
            return
        self.play(choice.index)

    def apply_index(self, state: Any, action: int) -> None:
        """Apply choice-table index ``action`` to ``state``; raise ``IllegalChoice`` if illegal."""
        game = self.game
        if state is self.state:
            self._version += 1
        for c in game.choices(state):
            if c.index == action:
                # ``c`` is one of the legal choices just listed, which is all ``Game.step``
                # would check before applying it; skip the second lookup on this hot path.
                game._apply(state, c, False)
                return
        if 0 <= action < self.num_actions:
            key = self.table.at(action).key
            reason = "not legal now"
        else:
            key, reason = str(action), f"no such action (0-{self.num_actions - 1})"
        legal = [f"{c.index}={c.key}" for c in game.choices(state)]
        raise IllegalChoice(key, legal, reason)

    def sorted_legal(self, state: Any) -> list[int]:
        """Return the legal action indices of ``state`` in ascending order (cached per set)."""
        choices = self.game.choices(state)
        key = tuple(choices)
        found = self._sorted.get(key)
        if found is None:
            if len(self._sorted) >= _MASK_CACHE_LIMIT:
                self._sorted.clear()
            found = self._sorted[key] = sorted(c.index for c in choices)
        return found

    def rewards(self) -> list[float]:
        """Return each seat's reward now (zero until the game is over)."""
        outcome = self.game.outcome(self.state)
        if outcome is None:
            return [0.0] * self.seats
        return rewards_of(self.game, outcome, self.seats, self.reward)

    def render(self, seat: int | None) -> str:
        """Return ``seat``'s view as text: the game's terminal renderer, else JSON."""
        view = self.game.view(self.state, seat)
        draw = capability(self.game, Presentation).renderer()
        if draw is None:
            import json  # noqa: PLC0415

            return json.dumps(view, indent=1, sort_keys=True)
        from io import StringIO  # noqa: PLC0415

        from rich.console import Console  # noqa: PLC0415

        buffer = StringIO()
        Console(file=buffer, width=100, color_system=None, force_terminal=False).print(draw(view))
        return buffer.getvalue()
