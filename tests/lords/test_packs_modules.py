"""Content packs and the modules (issue 50, item 11): what owners can type in for a module.

A pack record naming a rule only a module runs (a Region Attack, a passive, a Hero's bonus or
ability) is refused while that module is not in play, naming it; a pack's
``modules/<id>.toml`` gives the Help card of Hades, Hephaestus and Poseidon (red and grey
sides), checked by the module's own reader and played by its rules.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hellas.core.errors import HellasError
from hellas.games.lords import GAME, packs
from hellas.games.lords.modules import IDS
from hellas.games.lords.modules.hephaestus.common import settings as hephaestus_settings
from hellas.games.lords.modules.poseidon.rules import settings as poseidon_settings
from hellas.games.lords.packs_modules import HELP_FIELDS

from .helpers import R, keys, play


def write(folder: Path, files: dict[str, str]) -> str:
    """Write a pack's files and return its folder."""
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text.lstrip(), encoding="utf-8")
    return str(folder)


def monster(attack: str, passive: str = "none") -> str:
    """Return a pack Monster record with a Region Attack and a passive."""
    return f"""
[[monster]]
new = true
id = "typed-beast"
name = "Typed Beast"
artifact = "none"
wounds = ["spear", "axe+priest", "mace"]
special = [{{when = "undefended", do = [{{end-hunt = true}}]}}]
attack = {attack}
passive = "{passive}"
cards = [{{spawn = "arcadia", evolve = "none"}}]
provenance = "rulebook"
"""


# -- a record naming a module's rule needs that module ------------------------------------------


def test_a_monster_with_chirons_region_attack_needs_the_chiron_module(tmp_path: Path) -> None:
    """Chiron's tray: "Region Attack: If Wounded: Kill 1 Hoplite in each Region of this Land. If
    not Wounded: Heal 1 Injury on each Hero in this Land." - the chiron module's rules run it
    (``region_attack`` hook); without the module a pack Monster with it would do nothing."""
    folder = write(tmp_path, {"monsters.toml": monster("{kill_land_or_heal = 1}")})
    report = packs.check(folder)
    assert not report.ok
    assert "\n" not in report.error
    assert "monsters.toml: monster typed-beast: field 'attack'" in report.error
    assert "'kill_land_or_heal' is a rule of the chiron module" in report.error
    with pytest.raises(HellasError, match="chiron module"):
        GAME.new({"players": 3, "content": folder}, 1)
    write(tmp_path, {"pack.toml": '[pack]\nmodules = ["chiron"]\n'})
    report = packs.check(folder)
    assert report.ok, report.error
    s = GAME.new({"players": 3, "modules": "chiron", "content": folder}, 1)
    assert s.content.monster("typed-beast").attack == ("kill_land_or_heal", 1)


@pytest.mark.parametrize(
    ("attack", "module"),
    [
        # "Region Attack: Kill 1 Hoplite in each Region with a Port." (Cetus)
        ("{kill_ports = 1}", "atlantis"),
        # "Region Attack: Kill 1 Hoplite in any 1 Region of the Land Talos is in."
        ("{kill_in_land = 1}", "atlantis"),
        # "Region Attack: Kill half of the Hoplites in the Region (rounding up)." (Typhon)
        ("{kill_half_up = 1}", "heroes-monsters"),
        # "Region Attack: Kill 1 Hoplite. Move Python to any Region with a Shrine (but without
        # a Temple)."
        ("{kill_move_to_shrine = 1}", "heroes-monsters"),
    ],
)
def test_every_module_region_attack_names_its_module(
    tmp_path: Path, attack: str, module: str
) -> None:
    """Each Dark Ages Region Attack is its module's rule: refused without it, in one line."""
    report = packs.check(write(tmp_path, {"monsters.toml": monster(attack)}))
    assert f"is a rule of the {module} module, which is not in play" in report.error


def test_a_monster_with_the_sirens_passive_needs_atlantis(tmp_path: Path) -> None:
    """Siren: "Passive: Siren can move only between Regions with a Port." (the atlantis rules)."""
    folder = write(tmp_path, {"monsters.toml": monster("{kill = 1}", "moves-by-ports")})
    report = packs.check(folder)
    assert "field 'passive'" in report.error
    assert "'moves-by-ports' is a rule of the atlantis module" in report.error


def test_a_hero_with_cleitos_ability_needs_cleito(tmp_path: Path) -> None:
    """Cleito: "Special Ability: Instead of performing a Hero Movement Regular Action, you can
    heal 1 Injury on Cleito." - run by the cleito module (the atlantis module includes it)."""
    folder = write(
        tmp_path,
        {
            "heroes.toml": '[[hero]]\nnew = true\nid = "typed-hero"\nname = "Typed Hero"\n'
            'bonus = "strength+1"\nability = "heal-instead-of-move"\nprovenance = "rulebook"\n'
        },
    )
    report = packs.check(folder)
    assert "heroes.toml: hero typed-hero: field 'ability'" in report.error
    assert "the cleito module" in report.error
    assert packs.check(folder, ["cleito"]).ok


def test_a_base_game_region_attack_needs_no_module(tmp_path: Path) -> None:
    """The base game's Region Attacks (kill, kill_each ...) play without any module."""
    assert packs.check(write(tmp_path, {"monsters.toml": monster("{kill_each = 1}")})).ok


# -- Help cards from a pack ---------------------------------------------------------------------

GREY_HADES = """
[module]
wounds = [1, 1, 2, 2, 3]
provenance = "rulebook"
"""


def test_a_pack_gives_the_grey_side_of_the_hades_help_card(tmp_path: Path) -> None:
    """Hades simple mode: "Take the Hades Help card - use the side marked with a gray corner."
    The grey side is not transcribed (our stand-in: nothing at level I); an owner types it in:
    here level I Wounds a chosen Monster."""
    folder = write(tmp_path, {"modules/hades-simple.toml": GREY_HADES})
    report = packs.check(folder)
    assert report.ok, report.error
    assert "gives the hades-simple Help card (used when that module is in play)" in report.lines
    s = GAME.new({"players": 2, "modules": "hades-simple", "content": folder}, 1)
    play(s, "hero:heracles", "start:epirus", "hero:achilles", "start:crete")
    p = s.current
    cyclops = s.content.monster("cyclops").index
    s.monster_at = [-1] * len(s.monster_at)
    s.monster_at[cyclops] = R("thessaly")
    assert s.monument[s.content.god("hades").index] == 1
    s.priests[p] = 1
    s.cache = None
    play(s, "pray:hades")
    assert keys(s) == ["hades-reap:cyclops"]  # level I: the pack's card Wounds
    card = GAME.view(s, 0)["module_panels"]["hades-simple"]["cards"][0]
    assert card["name"] == "Hades Help card (grey corner), the content pack's"
    assert "I: 1; II: 1; III: 2; IV: 2; V: 3" in card["text"]
    plain = GAME.new({"players": 2, "modules": "hades-simple"}, 1)
    play(plain, "hero:heracles", "start:epirus", "hero:achilles", "start:crete")
    plain.monster_at = [-1] * len(plain.monster_at)
    plain.monster_at[cyclops] = R("thessaly")
    plain.priests[plain.current] = 1
    plain.cache = None
    play(plain, "pray:hades")
    assert "hades-reap:cyclops" not in keys(plain)  # the module's own card: nothing at level I


def test_a_pack_gives_the_poseidon_and_hephaestus_help_cards(tmp_path: Path) -> None:
    """ "Take the Poseidon Help card - use the side marked with a gray corner." and the
    Hephaestus one: a pack gives both sides; each plays when its module is in play, named as the
    pack's on its panel."""
    folder = write(
        tmp_path,
        {
            "modules/poseidon-simple.toml": "[module]\nhelp = [true, true, true, true, true]\n"
            "help_recruit = [1, 2, 3]\n",
            "modules/poseidon.toml": "[module]\nhelp_recruit = [2, 2, 4]\n",
            "modules/hephaestus-simple.toml": '[module]\nhelp = ["charge", "charge", "draw-1", '
            '"draw-2", "draw-3"]\n',
        },
    )
    report = packs.check(folder)
    assert report.ok, report.error
    s = GAME.new({"players": 2, "modules": "poseidon-simple", "content": folder}, 1)
    conf = poseidon_settings("poseidon-simple", s.content)
    assert conf["help"] == [True] * 5 and conf["recruit"] == [1, 2, 3] and conf["from_pack"]
    assert poseidon_settings("poseidon-simple")["help"][0] is False  # the module's own
    panel = GAME.view(s, 0)["module_panels"]["poseidon-simple"]
    assert panel["cards"][0]["name"].endswith("the content pack's")
    assert poseidon_settings("poseidon", s.content)["recruit"] == [2, 2, 4]
    s = GAME.new({"players": 2, "modules": "hephaestus-simple", "content": folder}, 1)
    assert hephaestus_settings("hephaestus-simple", s.content)["help"][1] == "charge"
    assert hephaestus_settings("hephaestus-simple")["help"][1] == "draw-1"


@pytest.mark.parametrize(
    ("file", "text", "problem"),
    [
        (
            "modules/hades.toml",
            "[module]\nwounds = [1, 2]\n",
            "hades.toml: module: field 'wounds': expected 5 whole numbers 0-5",
        ),
        (
            "modules/poseidon.toml",
            '[module]\nports = ["attica"]\n',
            "poseidon.toml: module: field 'ports': a pack gives only the poseidon Help card",
        ),
        (
            "modules/hephaestus.toml",
            '[module]\nhelp = ["charge", "charge", "charge", "charge", "fly"]\n',
            "hephaestus.toml: module: field 'help': 5 levels, each one of",
        ),
        ("modules/hades-simple.toml", "[module]\n", "field 'wounds': expected [module] wounds"),
        ("modules/cetus.toml", "[module]\n", "cetus.toml: no module takes records here"),
    ],
)
def test_a_bad_help_card_is_refused_naming_its_file_and_field(
    tmp_path: Path, file: str, text: str, problem: str
) -> None:
    """A Help card the module's reader refuses is refused by check and by a game, in one line."""
    folder = write(tmp_path, {file: text})
    report = packs.check(folder)
    assert problem in report.error, report.error
    assert str(tmp_path) in report.error and "\n" not in report.error
    with pytest.raises(HellasError):
        GAME.new({"players": 2, "content": folder}, 1)


# -- a module's cards in modules/<id>.toml ------------------------------------------------------

HADES_CARD = """
[[blessing]]
new = true
id = "typed-hades-card"
god = "hades"
name = "Typed Hades Card"
text = "On receiving it: draw 2 Combat Cards."
effects = [{when = "received", do = [{draw = 2}]}]
provenance = "rulebook"
"""
POSEIDON_CARD = HADES_CARD.replace("hades", "poseidon").replace("Hades", "Poseidon")


def test_a_pack_carries_the_hades_blessings_in_the_hades_modules_file(tmp_path: Path) -> None:
    """Hades setup: "Shuffle Hades Blessings into Blessing Deck." - "the other eight are not
    transcribed": an owner types them into modules/hades.toml, where they join a game with the
    hades module only, so one pack carries the Hades and the Poseidon cards together."""
    folder = write(
        tmp_path,
        {"modules/hades.toml": HADES_CARD, "modules/poseidon.toml": POSEIDON_CARD},
    )
    report = packs.check(folder)
    assert report.ok, report.error
    assert any(
        "gives 1 record for the hades module, played with it" in line for line in report.lines
    ), report.lines
    s = GAME.new({"players": 3, "modules": "hades", "content": folder}, 1)
    card = s.content.blessing("typed-hades-card")
    assert card.index in s.blessing_deck and card.provenance == "pack"
    assert s.content.blessing_index("typed-poseidon-card") == -1  # Poseidon is not in play
    s = GAME.new({"players": 3, "content": folder}, 1)
    assert s.content.blessing_index("typed-hades-card") == -1
    s = GAME.new({"players": 3, "modules": "poseidon", "content": folder}, 1)
    assert s.content.blessing("typed-poseidon-card").index in s.blessing_deck


def test_a_bad_card_in_a_module_file_is_refused_though_its_module_is_not_in_play(
    tmp_path: Path,
) -> None:
    """check reads a module file's cards as a game with that module would, naming the file."""
    folder = write(tmp_path, {"modules/hades.toml": HADES_CARD.replace("draw = 2", "drow = 2")})
    report = packs.check(folder)
    assert str(tmp_path / "modules" / "hades.toml") in report.error
    assert "field 'effects[0].do[0]': unknown effect 'drow'" in report.error
    folder = write(tmp_path, {"modules/hades.toml": HADES_CARD + '[[spell]]\nid = "x"\n'})
    assert "hades.toml: field 'spell': unknown table (known: [module], [[region]]" in (
        packs.check(folder).error
    )


def test_a_module_without_settings_of_its_own_takes_no_module_table(tmp_path: Path) -> None:
    """Chiron's file holds its cards ([[card]], [[quest]] ...); it has no Help card to give."""
    folder = write(tmp_path, {"modules/chiron.toml": "[module]\nwounds = [1, 1, 1, 1, 1]\n"})
    report = packs.check(folder)
    assert "chiron.toml: field 'module': the chiron module takes cards here" in report.error


def test_the_guides_example_records_check(tmp_path: Path) -> None:
    """docs/rules/lords-content-packs.md's module-file examples are a pack that checks: the
    Hades file (a Blessing and the Help card), both grey-side Help cards, a Monster that needs
    chiron (refused without it), a Hero and a Monument Power."""
    guide = Path(__file__).resolve().parents[2] / "docs" / "rules" / "lords-content-packs.md"
    section = guide.read_text(encoding="utf-8").split("### A module's file")[1].split("\nIn `")[0]
    blocks = [b.split("```")[0] for b in section.split("```toml\n")[1:]]
    names = ["modules/hades.toml", "modules/poseidon-simple.toml"]
    names += ["modules/hephaestus-simple.toml", "monsters.toml", "heroes.toml", "gods.toml"]
    folder = write(tmp_path, dict(zip(names, blocks, strict=True)))
    assert "'kill_land_or_heal' is a rule of the chiron module" in packs.check(folder).error
    report = packs.check(folder, ["chiron"])
    assert report.ok, report.error
    assert "gives the hades Help card (used when that module is in play)" in report.lines


def _toml(value: object) -> str:
    """Write a value as TOML (lists of scalars; a str quoted with its escapes)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return str(value)


SCALARS = st.booleans() | st.integers(-3, 9) | st.sampled_from(["charge", "draw-1", "x", ""])


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    module=st.sampled_from(IDS),
    field=st.sampled_from(["wounds", "help", "help_recruit", "reforge", "ports", "provenance"]),
    value=SCALARS | st.lists(SCALARS, max_size=6),
    table=st.sampled_from(["", "[[blessing]]\nid = 1\n", "[[spell]]\n", "[[module.card]]\n"]),
)
def test_fuzz_module_files(
    tmp_path: Path, module: str, field: str, value: object, table: str
) -> None:
    """Any module's file with any [module] field and value: it loads or one line says why."""
    folder = tmp_path / "fuzzed"
    (folder / "modules").mkdir(parents=True, exist_ok=True)
    text = f"[module]\n{field} = {_toml(value)}\n{table}"
    (folder / "modules" / f"{module}.toml").write_text(text, encoding="utf-8")
    report = packs.check(folder)
    if not report.ok:
        assert report.error.strip() and "\n" not in report.error, report.error
        assert "Traceback" not in report.error and "(KeyError" not in report.error
    else:
        assert module in HELP_FIELDS or module in ("orichalkum", "opportunity"), text
