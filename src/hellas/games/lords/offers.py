"""What Lords of Hellas offers beyond its rules: hints, narration, content packs, coverage.

Returned by ``LordsGame.capabilities``: states carry their generator (search re-seeds it); the
terminal draws the board when a turn starts, joins a player's steps into sentences and tells
battles and the ending (``render.py``, ``terminal.py``); ``hellas content`` and a server's
lobby check packs through :class:`LordsPacks` (the checks of ``packs.py``); and the shared test
harness plays the golden games named by :class:`LordsCoverage`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from hellas.core.capabilities import (
    ContentPacks,
    Coverage,
    GoldenCase,
    Narration,
    PackCheck,
    SearchHints,
)
from hellas.core.game import View
from hellas.games.lords import packs

# Games that end in a victory (the turn limit only a safety net): the core box, then one per
# Dark Ages module family, each using its module's actions on the way (stem, modules, seats, seed)
VICTORIES = (
    ("lords-3p-victory", "", 3, 2),
    ("lords-poseidon-atlantis-5p", "poseidon,atlantis", 5, 3),
    ("lords-hades-3p", "hades", 3, 4),
    ("lords-hephaestus-3p", "hephaestus", 3, 1),
    ("lords-orichalkum-3p", "orichalkum", 3, 1),
    ("lords-chiron-opportunity-3p", "chiron,opportunity", 3, 8),
)


def _options(seats: int, modules: str) -> dict[str, object]:
    """Return a victory golden's options: its seats, modules (if any) and a 60-turn net."""
    return {"players": seats, **({"modules": modules} if modules else {}), "turn_limit": 60}


class LordsSearch(SearchHints):
    """The generic hints over the game's methods; its states carry their generator."""

    seeded_states = True


class LordsNarration(Narration):
    """The board drawn per turn, steps joined into sentences, battles and the ending told."""

    def card_text(self) -> Callable[[str], str]:
        """Return a card's (or monster's, artifact's...) text by name."""
        from hellas.games.lords.render import explain  # noqa: PLC0415 - rich loads lazily

        return explain

    def turn_key(self) -> Callable[[View], Any]:
        """Return what changes when a new turn starts."""
        from hellas.games.lords.terminal import turn_key  # noqa: PLC0415

        return turn_key

    def narrate(self) -> Callable[[View, View], list[str]]:
        """Return the lines two public views reveal (who won a battle, what an attack cost)."""
        from hellas.games.lords.render import narrate  # noqa: PLC0415

        return narrate

    def phrase(self) -> Callable[[str, list[str]], str | None]:
        """Return one player's run of steps as one sentence."""
        from hellas.games.lords.terminal import phrase  # noqa: PLC0415

        return phrase

    def story(self) -> Callable[[View, dict[str, Any]], list[str]]:
        """Return the ending in words."""
        from hellas.games.lords.render import story  # noqa: PLC0415

        return story


class LordsPacks(ContentPacks):
    """Folders of TOML files adding cards, monsters and more (docs/rules/lords-content-packs.md)."""

    about = "Lords of Hellas content packs"

    def check(self, folder: str, modules: Sequence[str] = ()) -> PackCheck:
        """Check a pack the way a game that loads it would (file, record and field named)."""
        report = packs.check(folder, modules)
        if not report.ok:
            return PackCheck(False, error=report.error)
        return PackCheck(
            True,
            f"{report.manifest.name} ({report.fingerprint})",
            modules=report.modules,
            lines=tuple(report.lines),
        )

    def example(self) -> str:
        """Return the folder of the worked example pack (invented cards, to copy and edit)."""
        return str(packs.example())


class LordsCoverage(Coverage):
    """Conformance: 25 random games per option set, all deep; goldens that reach a victory."""

    shallow_per_options = 25
    deep_every = 1

    def golden_cases(self) -> Sequence[GoldenCase]:
        """Return a 40-turn game, then the victories of the core box and each module family."""
        first = GoldenCase(
            "lords-3p-heuristic",
            {"players": 3, "turn_limit": 40},
            3,
            ("heuristic", "random", "heuristic"),
        )
        return (
            first,
            *(
                GoldenCase(stem, _options(seats, modules), seed, ("heuristic",) * seats)
                for stem, modules, seats, seed in VICTORIES
            ),
        )
