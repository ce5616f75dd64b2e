"""Lords content is a value the state carries: games with different modules and packs coexist.

``GAME.new`` builds the content (base data + modules + content pack) once, as an immutable
value kept by the state; there is no thread-local or process-wide "content in use".  These
tests interleave many games with different modules and packs in one process, and in threads,
and check that each plays exactly as it does alone; that states and records name their pack by
fingerprint, old ones (without it) still load, and a changed pack is refused clearly.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest

from hellas.core.errors import ContentError
from hellas.core.record import Match, Record, replay
from hellas.core.rng import Rng
from hellas.games.lords import GAME
from hellas.games.lords.content import base, configured, content_of
from hellas.games.lords.state import LordsState

FIFTH_HERO = (
    '[[hero]]\nnew = true\nid = "fifth"\nname = "The Fifth"\nbonus = "strength+1"\n'
    'ability = "glory-for-artifacts"\nprovenance = "provisional"\n'
)
STRONGER_ZEUS = (
    '[[god]]\nid = "zeus"\nname = "Zeus"\nsite = "thessaly"\nattribute = "strength"\n'
    'artifact = "thunder-of-zeus"\npowers = [{draw = 1}, {draw = 2}, {draw = 2}, {draw = 3}, '
    '{draw = 3}]\nprovenance = "provisional"\n'
)


@pytest.fixture
def packs(tmp_path: Path) -> dict[str, str]:
    """Two content packs: one adds a fifth Hero, one changes Zeus' Monument Powers."""
    fifth = tmp_path / "fifth"
    fifth.mkdir()
    (fifth / "heroes.toml").write_text(FIFTH_HERO)
    zeus = tmp_path / "zeus"
    zeus.mkdir()
    (zeus / "gods.toml").write_text(STRONGER_ZEUS)
    return {"fifth": str(fifth), "zeus": str(zeus)}


def _tables(packs: dict[str, str]) -> list[dict[str, Any]]:
    """Option sets of different shapes: seats, modules, packs, and both together."""
    return [
        {"players": 5, "content": packs["fifth"], "turn_limit": 30},
        {"players": 2, "turn_limit": 30},
        {"players": 3, "modules": "poseidon", "turn_limit": 30},
        {"players": 4, "modules": "hades", "content": packs["zeus"], "turn_limit": 30},
        {"players": 5, "modules": "poseidon,atlantis", "turn_limit": 30},
        {
            "players": 3,
            "modules": "chiron,opportunity",
            "content": packs["fifth"],
            "turn_limit": 30,
        },
        {"players": 2, "content": packs["zeus"], "turn_limit": 30},
        {"players": 4, "modules": "hephaestus,heroes-monsters", "turn_limit": 30},
    ]


def _alone(options: dict[str, Any], seed: int) -> dict[str, Any]:
    """Play one game to its end by itself; return its final state as JSON."""
    s = GAME.new(options, seed)
    rng = Rng(seed)
    while GAME.to_act(s) is not None:
        cs = GAME.choices(s)
        GAME.step(s, cs[rng.below(len(cs))])
    return GAME.state_to_json(s)


def test_the_reported_crash_a_five_player_pack_game_then_a_two_player_table(
    packs: dict[str, str],
) -> None:
    """The issue's reproduction: a 5-player game on a pack adding a fifth Hero, then
    ``GAME.new({"players": 2}, 2)`` for another table; the first game's view still works."""
    first = GAME.new({"players": 5, "content": packs["fifth"]}, 1)
    for _ in range(10):
        GAME.step(first, GAME.choices(first)[0])
    GAME.new({"players": 2}, 2)
    for seat in range(5):
        assert GAME.view(first, seat)["players"] == 5
    assert "hero:fifth" in GAME.choice_table(first)
    assert "hero:fifth" not in GAME.table and len(base().heroes) == 4


def test_interleaved_games_with_different_modules_and_packs_play_as_alone(
    packs: dict[str, str],
) -> None:
    """Eight games (seats 2-5, modules, two packs, packs with modules) advanced one decision at
    a time in turn, with views, copies, determinizations and JSON round-trips in between: each
    ends exactly as it does played alone."""
    tables = _tables(packs)
    expected = [_alone(options, seed) for seed, options in enumerate(tables)]
    games = [GAME.new(options, seed) for seed, options in enumerate(tables)]
    rngs = [Rng(seed) for seed in range(len(tables))]
    step = 0
    while any(GAME.to_act(s) is not None for s in games):
        for i, s in enumerate(games):
            if GAME.to_act(s) is None:
                continue
            cs = GAME.choices(s)
            GAME.step(s, cs[rngs[i].below(len(cs))])
            other = games[(i + 3) % len(games)]  # touch another table in between
            GAME.view(other, 0)
            GAME.determinize(other, 0, Rng(step))
            if step % 97 == 0:
                games[i] = GAME.state_from_json(json.loads(json.dumps(GAME.state_to_json(s))))
                assert games[i].content is s.content  # the same value, found again
            step += 1
    for s, want in zip(games, expected, strict=True):
        assert GAME.state_to_json(s) == want
    assert len({id(content_of(s)) for s in games}) == len(tables)  # 8 configurations


def test_games_in_threads_each_keep_their_own_content(packs: dict[str, str]) -> None:
    """The same eight games played at once in eight threads end as they do alone."""
    tables = _tables(packs)
    expected = [_alone(options, seed) for seed, options in enumerate(tables)]
    got: dict[int, dict[str, Any]] = {}

    def play(i: int) -> None:
        got[i] = _alone(tables[i], i)

    threads = [threading.Thread(target=play, args=(i,)) for i in range(len(tables))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [got[i] for i in range(len(tables))] == expected


def test_state_json_and_records_name_the_modules_and_the_pack_fingerprint(
    packs: dict[str, str],
) -> None:
    """A state's JSON and a record's options carry ``modules``, the pack folder and its
    fingerprint; both load again into the same content."""
    match = Match(GAME, {"players": 3, "modules": "poseidon", "content": packs["zeus"]}, 4)
    for _ in range(30):
        match.apply(GAME.choices(match.state)[0])
    options = match.record.options
    assert options["modules"] == "poseidon" and options["content"] == packs["zeus"]
    assert len(options["pack_fingerprint"]) == 16
    data = GAME.state_to_json(match.state)
    assert data["options"]["pack_fingerprint"] == options["pack_fingerprint"]
    again = GAME.state_from_json(json.loads(json.dumps(data)))
    assert again == match.state and again.content is match.state.content
    assert again.content.god("zeus").powers[1] == ("draw", 2)
    replayed = replay(GAME, Record.loads(match.record.dumps()))
    assert replayed == match.state


def test_old_states_and_records_without_a_fingerprint_still_load(packs: dict[str, str]) -> None:
    """Saved before the fingerprint existed: the option is missing, and defaults to the pack
    as it is now (no pack: none)."""
    s = GAME.new({"players": 2, "content": packs["zeus"]}, 6)
    for _ in range(20):
        GAME.step(s, GAME.choices(s)[0])
    data = GAME.state_to_json(s)
    del data["options"]["pack_fingerprint"]
    assert GAME.state_from_json(data).content is s.content
    old = Record(
        "lords",
        GAME.meta.version,
        {"players": 2, "modules": "", "content": "", "additional_combat_cards": False},
        6,
        [c.key for c in [GAME.choices(GAME.new({"players": 2}, 6))[0]]],
    )
    state = replay(GAME, old)
    assert isinstance(state, LordsState) and state.content is base()


def test_a_pack_changed_since_the_game_was_saved_is_refused_clearly(
    packs: dict[str, str],
) -> None:
    """The fingerprint names the pack's files: a saved game does not silently replay with
    other cards; the error names the folder and both fingerprints."""
    s = GAME.new({"players": 2, "content": packs["zeus"]}, 6)
    data = GAME.state_to_json(s)
    (Path(packs["zeus"]) / "gods.toml").write_text(
        STRONGER_ZEUS.replace("draw = 3}]", "draw = 4}]")
    )
    with pytest.raises(ContentError, match="its files changed"):
        GAME.state_from_json(data)
    with pytest.raises(ContentError, match=str(packs["zeus"])):
        GAME.new(dict(s.options), 6)
    fresh = GAME.new({"players": 2, "content": packs["zeus"]}, 6)  # a new game takes it as is
    assert fresh.content.god("zeus").powers[4] == ("draw", 4)
    assert configured("", packs["zeus"]) is fresh.content
