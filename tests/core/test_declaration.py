"""A game's one declaration: the properties of ``GameMeta`` and the capabilities it returns.

Each registered game's metadata agrees with its capabilities (``check_declarations``, also run
by the conformance suite), and a declaration that contradicts itself is refused when the game's
module is imported.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

import pytest

from hellas.core.capabilities import (
    Campaign,
    ContentPacks,
    Coverage,
    Presentation,
    capability,
    declared,
)
from hellas.core.compiled import compiled_now, modules
from hellas.core.conformance import check_declarations
from hellas.core.game import WebModules
from hellas.games import REGISTRY
from tests.nim import GAME as NIM
from tests.nim import META as NIM_META
from tests.nim import NimGame

# Nim with its declarations taken away: the game that declares nothing
BARE_META = dataclasses.replace(NIM_META, rated=False, campaign=False, web=WebModules())


class BareNim(NimGame):
    """Nim's rules alone: no property, no capability of its own."""

    meta = BARE_META

    def capabilities(self) -> Mapping[type, Any]:
        """Return none."""
        return {}


@pytest.mark.parametrize("game_id", REGISTRY.ids())
def test_each_games_metadata_agrees_with_its_capabilities(game_id: str) -> None:
    check_declarations(REGISTRY.get(game_id))


def test_the_properties_each_game_declares() -> None:
    rated = {g.meta.id for g in REGISTRY if g.meta.rated}
    teams = {g.meta.id for g in REGISTRY if g.meta.score_kind == "team"}
    assert rated == {g.meta.id for g in REGISTRY if not g.meta.cooperative}
    assert teams == {g.meta.id for g in REGISTRY if g.meta.cooperative}
    assert [g.meta.id for g in REGISTRY if g.meta.campaign] == [
        g.meta.id for g in REGISTRY if declared(g, Campaign)
    ]


def test_a_game_that_declares_nothing_gets_the_defaults() -> None:
    """Bare Nim: no campaign, no packs, one golden game between random bots."""
    bare = BareNim()
    assert not bare.meta.rated and bare.meta.score_kind == "places"
    assert capability(bare, Campaign).steps() == ()
    assert not capability(bare, ContentPacks).check("anywhere").ok
    (golden,) = capability(bare, Coverage).golden_cases()
    assert golden.stem == "nim-default" and golden.bots == ("random", "random")
    check_declarations(bare)


def test_the_test_game_declares_the_features_it_uses() -> None:
    """Nim as the tests register it: rated, a campaign and an explanation of its own."""
    assert NIM.meta.rated and NIM.meta.campaign and not NIM.meta.cooperative
    assert declared(NIM, Campaign) and declared(NIM, Presentation)
    assert len(capability(NIM, Campaign).steps()) == 3
    assert NIM.meta.web.renderer == "render.js" and NIM.meta.encoder
    check_declarations(NIM)


def test_the_compiled_build_takes_each_games_declared_modules() -> None:
    """A game added to the registry is compiled with the modules it names (no list to edit)."""
    assert "hellas.core.rng" in modules([]) and "hellas.ai.ismcts" in modules([])
    fast = type(
        "FastNim", (type(NIM),), {"meta": dataclasses.replace(NIM_META, compiled=("tests.nim",))}
    )
    assert modules([*REGISTRY, fast()]) == tuple(sorted({*modules(REGISTRY), "tests.nim"}))
    assert len(modules(REGISTRY)) == 51  # the generic four and the three games' own
    assert compiled_now(modules(REGISTRY)) == []  # this process runs pure Python


def test_a_declaration_that_contradicts_itself_is_refused() -> None:
    with pytest.raises(ValueError, match="co-operative game cannot be rated"):
        dataclasses.replace(NIM_META, rated=True, cooperative=True)
    with pytest.raises(ValueError, match="score_kind"):
        dataclasses.replace(NIM_META, score_kind="medals")
    campaigner = dataclasses.replace(BARE_META, campaign=True)
    liar = type("Liar", (BareNim,), {"meta": campaigner})()
    with pytest.raises(AssertionError, match="its Campaign capability disagree"):
        check_declarations(liar)


def test_the_standard_web_pieces_name_every_kind_by_convention() -> None:
    standard = WebModules.standard().to_json()
    assert all(standard.values()) and standard["styles"] == "style.css"
    assert standard["renderer"] == "render.js" and WebModules().to_json()["renderer"] is None
