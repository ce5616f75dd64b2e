"""The generic bots and the lookup that turns a seat name (``random``, ``bot``) into a bot.

Game-specific bots (heuristics) come from ``Game.bots()``; the generic ones live here.  Names are
what ``hellas play --seats`` and the simulator accept.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hellas.ai.ismcts import ClairvoyantBot, HandReaderBot, ISMCTSBot, reads_hands
from hellas.ai.lookahead import ClairvoyantLookaheadBot, LookaheadBot
from hellas.core.capabilities import SearchHints, capability
from hellas.core.errors import HellasError, suggest
from hellas.core.game import Bot, BotCost, Choice, Decision, Game
from hellas.core.rng import Rng


class RandomBot:
    """Picks a legal choice uniformly at random (honest: it looks at nothing else)."""

    name = "random"

    def choose(self, decision: Decision[Any], rng: Rng) -> Choice:
        """Return a uniformly random legal choice."""
        return decision.choices[rng.below(len(decision.choices))]

    def cost(self) -> BotCost:
        """Return a random pick's cost: nothing to speak of."""
        return BotCost()


GENERIC: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "ismcts": ISMCTSBot,
    "clairvoyant": ClairvoyantBot,
    "clairvoyant-hands": HandReaderBot,
    "lookahead": LookaheadBot,
    "clairvoyant-lookahead": ClairvoyantLookaheadBot,
}
# the lookahead bots take the game's own settings (``Game.lookahead_settings``)
LOOKAHEADS: dict[str, type[LookaheadBot]] = {
    "lookahead": LookaheadBot,
    "clairvoyant-lookahead": ClairvoyantLookaheadBot,
}
TUNABLE: dict[str, Callable[[int], Bot]] = {
    "lookahead": LookaheadBot,
    "clairvoyant-lookahead": ClairvoyantLookaheadBot,
    "ismcts": ISMCTSBot,
    "clairvoyant": ClairvoyantBot,
    "clairvoyant-hands": HandReaderBot,
}


def bot_names(game: Game[Any]) -> list[str]:
    """Return every bot name usable for ``game``."""
    names = {*GENERIC, *game.bots()}
    if not reads_hands(game):
        names.discard("clairvoyant-hands")
    return sorted(names)


def make_bot(game: Game[Any], name: str) -> Bot:
    """Return a new bot called ``name`` (``ismcts:200`` sets iterations) or raise clearly."""
    key, _, knob = name.strip().lower().partition(":")
    if key == "clairvoyant-hands" and not reads_hands(game):
        raise HellasError(f"bot {key!r} needs a game that can re-deal all but the hands")
    if knob:
        if key not in TUNABLE:
            raise HellasError(f"bot {key!r} has no strength setting (only {', '.join(TUNABLE)})")
        if not (knob.isascii() and knob.isdigit()) or int(knob) < 1:  # "²".isdigit() is True
            raise HellasError(f"{name!r}: the setting after ':' is iterations per decision (>= 1)")
        if key in LOOKAHEADS:
            settings = {**capability(game, SearchHints).lookahead_settings(), "samples": int(knob)}
            return LOOKAHEADS[key](**settings)
        return TUNABLE[key](int(knob))
    if key in LOOKAHEADS and key not in game.bots():
        return LOOKAHEADS[key](**capability(game, SearchHints).lookahead_settings())
    factories = {**GENERIC, **game.bots()}
    if key not in factories:
        hint = suggest(key, factories)
        did = f"; did you mean {hint[0]!r}?" if hint else ""
        raise HellasError(
            f"unknown bot {name!r} for {game.meta.id}{did} Bots: {', '.join(sorted(factories))}"
        )
    return factories[key]()
