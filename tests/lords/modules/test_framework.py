"""The Dark Ages module framework: the modules option, content overlays, hook points, threads."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from hellas.core.errors import ContentError, OptionError
from hellas.games.lords import hooks
from hellas.games.lords.content import base, configured, load
from hellas.games.lords.game import GAME
from hellas.games.lords.modules import IDS


def test_modules_are_canonicalised_in_registry_order() -> None:
    opts = GAME.validate_options({"players": 4, "modules": "hades, Poseidon,hades"})
    assert opts["modules"] == "poseidon,hades"
    assert GAME.validate_options({"players": 4})["modules"] == ""


def test_every_module_id_is_registered() -> None:
    assert set(hooks.registered()) == set(IDS)


def test_the_old_additional_cards_option_is_the_combat_cards_module() -> None:
    old = GAME.validate_options({"additional_combat_cards": True})
    new = GAME.validate_options({"modules": "combat-cards"})
    assert old["modules"] == new["modules"] == "combat-cards"
    assert old["additional_combat_cards"] and new["additional_combat_cards"]
    alias = GAME.validate_options({"modules": "additional-combat-cards"})
    assert alias["modules"] == "combat-cards"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 5, "modules": "atlantis"}, "needs module 'poseidon' or 'poseidon-simple'"),
        ({"players": 4, "modules": "poseidon,atlantis"}, "played with 5 players, not 4"),
        ({"modules": "posiedon"}, "did you mean 'poseidon'"),
        ({"modules": "hades,hades-simple"}, "cannot be used together"),
        ({"modules": "hades-simple,hephaestus-simple"}, "cannot be used together"),
        ({"modules": "poseidon,poseidon-simple"}, "cannot be used together"),
    ],
)
def test_impossible_combinations_are_refused_clearly(options: dict, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        GAME.new(options, 1)


def test_expansion_icon_modules_together_warn_once_but_play() -> None:
    warnings = GAME.option_warnings({"players": 4, "modules": "poseidon,hades"})
    assert len(warnings) == 1 and "poseidon, hades" in warnings[0]
    assert GAME.option_warnings({"players": 4, "modules": "poseidon,chiron,opportunity"}) == []
    GAME.new({"players": 4, "modules": "poseidon,hades"}, 1)  # allowed


def test_a_module_with_an_unknown_hook_point_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="unknown hook points"):
        hooks.Module(id="x", title="X", summary="", hooks={"no-such-point": print})


def test_a_content_pack_may_not_drop_records(tmp_path: Path) -> None:
    (tmp_path / "gods.toml").write_text('[[god]]\nid = "zeus"\ndrop = true\n')
    with pytest.raises(ContentError, match="only a module drops records"):
        load(tmp_path)


def test_module_content_is_a_value_built_once_per_configuration() -> None:
    """Two games with different modules in two threads each carry their own content."""
    seen: dict[str, object] = {}

    def play(name: str, modules: str) -> None:
        s = GAME.new({"players": 4, "modules": modules}, 3)
        for _ in range(40):
            GAME.step(s, GAME.choices(s)[0])
        seen[name] = s.content

    threads = [
        threading.Thread(target=play, args=("base", "")),
        threading.Thread(target=play, args=("poseidon", "poseidon")),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen["base"] is configured("") is base()
    assert seen["poseidon"] is configured("poseidon")
    assert configured("poseidon").modules == ("poseidon",)


def test_the_choice_table_follows_the_configuration() -> None:
    s = GAME.new({"players": 4}, 1)
    core = len(GAME.choice_table(s))
    t = GAME.new(
        {
            "players": 4,
            "modules": ",".join(m for m in IDS if "simple" not in m and m != "atlantis"),
        },
        1,
    )
    assert len(GAME.choice_table(t)) > core == len(GAME.table)
    assert GAME.choice_table(s) is GAME.table
