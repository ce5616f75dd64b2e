"""The terminal tells what a game's ``Narration`` capability offers, and nothing by name lookup.

Issue 51: ``hellas play`` used to look for functions named ``story``, ``rules``, ``phrase``...
in the game's terminal renderer module.  Now the game returns a ``Narration`` object; Nim
(tests/nim, registered here for the test) gets one, and its lines are seen in the narration.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import pytest
from typer.testing import CliRunner

from hellas.cli.main import app
from hellas.core.capabilities import Narration
from hellas.core.game import View
from hellas.games import REGISTRY
from tests.nim import META, NimGame


class NimNarration(Narration):
    """Nim told in words: the rules at the start, the heap after each take, the ending."""

    def rules_text(self) -> Callable[[View], list[str]]:
        """Return the rules."""
        return lambda view: [f"Take one to three of the {view['heap']} stones."]

    def narrate(self) -> Callable[[View, View], list[str]]:
        """Return what two public views reveal: how the heap shrank."""
        return lambda before, after: [f"The heap shrinks from {before['heap']} to {after['heap']}."]

    def story(self) -> Callable[[View, dict[str, Any]], list[str]]:
        """Return the ending."""
        return lambda view, details: [f"The heap is empty ({view['heap']} stones left)."]


class ToldNim(NimGame):
    """Nim with a narration capability."""

    meta = dataclasses.replace(META, id="toldnim")

    def capabilities(self) -> Mapping[type, Any]:
        """Return its narration."""
        return {Narration: NimNarration(self)}


@pytest.fixture
def told_nim() -> Iterator[None]:
    REGISTRY.register(ToldNim())
    try:
        yield
    finally:
        REGISTRY.unregister("toldnim")


def test_the_narration_capability_tells_each_step_and_the_ending(told_nim: None) -> None:
    result = CliRunner().invoke(app, ["play", "toldnim", "--seats", "random,random", "--seed", "2"])
    assert result.exit_code == 0, result.output
    assert "The heap is empty (0 stones left)." in result.output
    assert "The heap shrinks from 10 to 8." in result.output


def test_a_human_is_told_the_rules_first(told_nim: None) -> None:
    result = CliRunner().invoke(
        app, ["play", "toldnim", "--seats", "human,random", "--seed", "2"], input="quit\n"
    )
    assert "Take one to three of the 10 stones." in result.output
