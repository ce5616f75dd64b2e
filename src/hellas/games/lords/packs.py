"""Content packs: folders of TOML files an owner writes to add or correct Lords cards.

A pack is a folder holding any of the built-in data files (``map.toml``, ``heroes.toml``,
``combat.toml``, ``blessings.toml``, ``temples.toml``, ``gods.toml``, ``monsters.toml``,
``artifacts.toml``), a module's own records in ``modules/<module id>.toml`` (Constructs for
``orichalkum``, Opportunity cards for ``opportunity``, the Help card of ``hades``,
``hephaestus``, ``poseidon`` and their simple modes: ``packs_modules.py``) and an optional
``pack.toml``:

    [pack]
    name = "My Dark Ages cards"
    description = "The Hades Blessings typed in from my box"
    modules = ["hades"]          # the modules its records need (checked and played with)

A record with ``new = true`` adds a card; one with a built-in id replaces that record (a
provisional stand-in included); cards say what they do with the effect vocabulary
(``effects.py``).  ``check`` validates a pack as a game would load it, and ``installed`` lists
the packs of a folder (what a server operator offers); the format is documented in
``docs/rules/lords-content-packs.md`` with a worked example in ``data/packs/example``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from hellas.core.content import PACK, Fields
from hellas.core.errors import ContentError, HellasError, clip
from hellas.games.lords.content import FILES, Content, configured, fingerprint
from hellas.games.lords.packs_files import read_pack_file
from hellas.games.lords.packs_modules import MODULE_FILES, RECORD_FILES, help_summary

MANIFEST = "pack.toml"


@dataclass(frozen=True)
class Manifest:
    """What ``pack.toml`` says about a pack (every field optional)."""

    name: str
    description: str
    modules: tuple[str, ...]


@dataclass
class Report:
    """The result of checking a pack: its manifest, what it holds, and the first error."""

    path: str
    manifest: Manifest
    fingerprint: str = ""
    modules: str = ""
    error: str = ""
    lines: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Return whether the pack loads."""
        return not self.error

    def to_json(self) -> dict[str, Any]:
        """Return the report as JSON data (what a server lists)."""
        return {
            "id": Path(self.path).name,
            "path": self.path,
            "name": self.manifest.name,
            "description": self.manifest.description,
            "modules": self.modules,
            "fingerprint": self.fingerprint,
            "ok": self.ok,
            "error": self.error,
            "contents": list(self.lines),
        }


def read_manifest(folder: Path) -> Manifest:
    """Return the pack's ``pack.toml`` (defaults: the folder's name, no modules)."""
    path = folder / MANIFEST
    if not path.exists():
        return Manifest(folder.name, "", ())
    data = read_pack_file(path)
    unknown = sorted(set(data) - {"pack"})
    if unknown:
        raise ContentError(str(path), "", unknown[0], "unknown table (known: [pack])")
    f = Fields(str(path), "pack", data.get("pack", {}))
    name = f.optional_text("name") or folder.name
    description = f.optional_text("description") or ""
    modules = f.raw("modules", [])
    if not isinstance(modules, list) or not all(isinstance(m, str) for m in modules):
        raise f.error("modules", 'expected a list of module ids, e.g. ["hades"]')
    f.finish()
    return Manifest(name, description, tuple(modules))


def pack_modules(folder: str | Path) -> tuple[str, ...]:
    """Return the modules a pack's ``pack.toml`` names (none when the folder has no manifest)."""
    path = Path(folder)
    return read_manifest(path).modules if path.is_dir() else ()


def pack_name(folder: str | Path) -> str:
    """Return a pack's name in words (its manifest's, else its folder's), as players see it."""
    path = Path(folder)
    try:
        return read_manifest(path).name
    except HellasError:  # a game's pack was checked when loaded; its name is all this needs
        return path.name


def _modules(folder: Path, manifest: Manifest, extra: Sequence[str]) -> str:
    """Return the normalized modules to check the pack with.

    They are the manifest's, the modules of its record files (``modules/orichalkum.toml``,
    ``modules/opportunity.toml``) and ``extra``.  A Help card file puts no module in play (a pack
    may give both sides of a card, full and simple mode): it is checked whatever is in play.
    """
    from hellas.games.lords import modules as registry  # noqa: PLC0415 - modules import rules

    names = [*manifest.modules, *extra]
    for path in sorted((folder / "modules").glob("*.toml")):
        if path.stem not in MODULE_FILES:
            raise ContentError(
                str(path),
                "",
                "",
                f"no module takes records here (known: {', '.join(MODULE_FILES)})",
            )
        if path.stem in RECORD_FILES:
            names.append(path.stem)
    players = 5 if "atlantis" in names else 3
    normalized, _ = registry.normalize(names, players)
    return normalized


def _summary(pack: Content, core: Content) -> list[str]:
    """Return what the pack changes, kind by kind, in words (printed records it replaces last)."""
    lines = []
    printed: list[str] = []
    for kind, title in (
        ("blessings", "Blessings"),
        ("combat", "Combat Cards (Relics, Training cards ...)"),
        ("artifacts", "Artifacts"),
        ("heroes", "Heroes"),
        ("monsters", "Monsters"),
        ("quests", "Quests"),
        ("gods", "gods"),
        ("regions", "Regions"),
        ("attack_cards", "Monster Attack cards"),
        ("evolutions", "Evolutions"),
        ("rewards", "Quest rewards"),
    ):
        ours = {r.id: r for r in getattr(core, kind)}
        added = [_title(r) for r in getattr(pack, kind) if r.id not in ours]
        changed = [_title(r) for r in getattr(pack, kind) if r.id in ours and r != ours[r.id]]
        if added:
            lines.append(f"adds {len(added)} {title}: {', '.join(added)}")
        if changed:
            lines.append(f"changes {len(changed)} {title}: {', '.join(changed)}")
        printed += [
            _title(r)
            for r in getattr(pack, kind)
            if r.id in ours
            and getattr(r, "provenance", "") == PACK
            and getattr(ours[r.id], "provenance", "") == "rulebook"
        ]
    if printed:  # said apart: in a game these cards are the pack's, not the rulebook's
        lines.append(
            f"replaces {len(printed)} printed records (now the pack's): {', '.join(printed)}"
        )
    return lines


def _module_files(folder: Path, pack: Content, modules: str) -> list[str]:
    """Check the cards of each module file whose module is not in play, with that module.

    Return a line per file with cards: how many, and the module they play with.
    """
    from hellas.games.lords import modules as registry  # noqa: PLC0415 - modules import rules
    from hellas.games.lords.hooks import registered  # noqa: PLC0415

    playing = registry.expand(modules.split(","))
    lines = []
    for module_id, found in pack.pack_modules.items():
        data = found["data"]
        tables = [t for t in data if t != "module" and isinstance(data[t], list)]
        if not tables:
            continue
        if module_id not in playing:  # checked as a game with that module would load them
            need = [module_id, *(options[0] for options in registered()[module_id].requires)]
            try:
                together, _ = registry.normalize([*playing, *need], 5)
            except HellasError:  # e.g. hades-simple's cards in a pack that names hades
                together, _ = registry.normalize(need, 5)
            configured(together, folder)
        count = sum(len(data[t]) for t in tables)
        lines.append(
            f"gives {count} record{'' if count == 1 else 's'} for the {module_id} module, "
            "played with it "
            f"({', '.join(f'[[{t}]]' for t in tables)})"
        )
    return lines


def _title(record: Any) -> str:
    """Return a record's name (an Evolution's or a reward's id, in words)."""
    name = getattr(record, "name", None)
    return str(name) if name else str(record.id).replace("-", " ").capitalize()


def check(folder: str | Path, modules: Sequence[str] = ()) -> Report:
    """Validate a pack as a game loads it.

    The report names the first problem (file, record, field), or what the pack adds and changes.
    """
    path = Path(folder)
    report = Report(str(path), Manifest(path.name, "", ()))
    try:
        path = path.resolve()  # errors name the pack's files in full
        report.path = str(path)
        if not path.is_dir():
            raise ContentError(str(path), "", "", "a content pack must be a folder")
        report.manifest = read_manifest(path)
        known = {*FILES, MANIFEST}
        for file in sorted(path.glob("*.toml")):
            if file.name not in known:
                raise ContentError(str(file), "", "", f"unknown file (known: {', '.join(FILES)})")
        report.modules = _modules(path, report.manifest, modules)
        report.fingerprint = fingerprint(path)
        pack = configured(report.modules, path)
        core = configured(report.modules)
        _load_module_records(pack)
        report.lines = _summary(pack, core) + _module_summary(pack, core) + help_summary(pack)
        report.lines += _module_files(path, pack, report.modules)
        if not report.lines:
            report.lines = ["changes nothing"]
    except HellasError as exc:
        report.error = one_line(str(getattr(exc, "source", "")), str(exc))
    except Exception as exc:  # a pack is input: whatever else fails is a refusal too
        detail = f"the pack cannot be loaded ({type(exc).__name__}: {exc or 'no detail'})"
        report.error = one_line(str(path), f"{path}: {detail}")
    return report


def one_line(source: str, message: str) -> str:
    """Return an error as one line: the file it names in full, then its words clipped.

    A pack's text is input: the words after the file repeat at most 80 characters of any of it.
    """
    text = " ".join(message.split())
    if source and text.startswith(source):
        return source + clip(text[len(source) :])
    return clip(text)


def _load_module_records(c: Content) -> None:
    """Read (and so check) the pack's module records of the modules in play."""
    if "orichalkum" in c.modules:
        from hellas.games.lords.modules.orichalkum.constructs import settings  # noqa: PLC0415

        settings(c)
    if "opportunity" in c.modules:
        from hellas.games.lords.modules.opportunity.rules import cards  # noqa: PLC0415

        cards(c)


def _module_summary(pack: Content, core: Content) -> list[str]:
    lines = []
    if "orichalkum" in pack.modules:
        from hellas.games.lords.modules.orichalkum.constructs import settings  # noqa: PLC0415

        ours = {k.id for k in settings(core).constructs}
        added = [k.name for k in settings(pack).constructs if k.id not in ours]
        if added:
            lines.append(f"adds {len(added)} Constructs: {', '.join(added)}")
    if "opportunity" in pack.modules:
        from hellas.games.lords.modules.opportunity.rules import cards  # noqa: PLC0415

        ours = {k.id for k in cards(core)}
        added = [k.name for k in cards(pack) if k.id not in ours]
        if added:
            lines.append(f"adds {len(added)} Opportunity cards: {', '.join(added)}")
    return lines


def installed(root: str | Path) -> list[dict[str, Any]]:
    """Return the packs in the folders under ``root`` (a server operator's pack folder).

    Each is checked: id (the folder's name), name, description, modules, fingerprint, ok, error.
    """
    base = Path(root)
    if not base.is_dir():
        raise ContentError(str(base), "", "", "the packs folder does not exist")
    try:
        folders = sorted(f for f in base.iterdir() if f.is_dir())
    except OSError as exc:
        raise ContentError(str(base), "", "", f"cannot read: {exc.strerror or exc}") from exc
    return [check(folder).to_json() for folder in folders]


def example() -> Path:
    """Return the folder of the worked example pack shipped with Hellas."""
    return Path(str(resources.files("hellas.games.lords.data").joinpath("packs", "example")))
