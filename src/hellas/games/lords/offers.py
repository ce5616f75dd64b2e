"""What Lords of Hellas offers beyond its rules: content packs and its test coverage.

Returned by ``LordsGame.capabilities``: ``hellas content`` and a server's lobby check packs
through :class:`LordsPacks` (the checks of ``packs.py``), and the shared test harness plays the
golden games named by :class:`LordsCoverage`.
"""

from __future__ import annotations

from collections.abc import Sequence

from hellas.core.capabilities import ContentPacks, Coverage, GoldenCase, PackCheck
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
