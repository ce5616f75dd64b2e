"""The core contract pieces: generator, options, records, matches, registry, choice table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hellas.core.errors import IllegalChoice, OptionError, RecordError
from hellas.core.game import ChoiceTable
from hellas.core.options import OptionSchema, OptionSpec, parse_assignments
from hellas.core.record import Match, Record, replay
from hellas.core.registry import Registry, UnknownGame
from hellas.core.rng import Rng
from hellas.games import REGISTRY
from hellas.games.legends import GAME


def test_rng_is_deterministic_and_serializable() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    c = Rng(a.state)
    assert c.next64() == a.next64()
    assert Rng(1).next64() != Rng(2).next64()


def test_rng_known_values_are_stable_across_machines() -> None:
    # SplitMix64 reference outputs for seed 0 (first two values).
    r = Rng(0)
    assert r.next64() == 0xE220A8397B1DCDAF
    assert r.next64() == 0x6E789E6AA1B965F4


@given(st.integers(min_value=1, max_value=1000), st.integers(min_value=0, max_value=2**64 - 1))
def test_rng_below_stays_in_range(n: int, seed: int) -> None:
    r = Rng(seed)
    assert all(0 <= r.below(n) < n for _ in range(20))


def test_rng_shuffle_is_a_permutation_and_roughly_uniform() -> None:
    r = Rng(7)
    counts = [0] * 4
    for _ in range(4000):
        xs = [0, 1, 2, 3]
        r.shuffle(xs)
        assert sorted(xs) == [0, 1, 2, 3]
        counts[xs[0]] += 1
    assert all(850 < c < 1150 for c in counts)


def test_rng_rejects_empty_range() -> None:
    with pytest.raises(ValueError, match="n >= 1"):
        Rng(1).below(0)


SCHEMA = OptionSchema(
    (
        OptionSpec("players", "int", 2, "players", minimum=1, maximum=4),
        OptionSpec("mode", "str", "a", "mode", choices=("a", "b")),
        OptionSpec("fast", "bool", False, "fast"),
        OptionSpec("names", "list", [], "names"),
    )
)


def test_options_fill_defaults_and_convert_strings() -> None:
    assert SCHEMA.validate({}) == {"players": 2, "mode": "a", "fast": False, "names": []}
    got = SCHEMA.validate({"players": "3", "mode": "B", "fast": "yes", "names": "x, y"})
    assert got == {"players": 3, "mode": "b", "fast": True, "names": ["x", "y"]}


def test_local_only_text_options_keep_their_case() -> None:
    schema = OptionSchema((OptionSpec("pack", "str", "", "a folder", local_only=True),))
    assert schema.validate({"pack": " /Data/My Pack "}) == {"pack": "/Data/My Pack"}
    with pytest.raises(OptionError):
        schema.validate({"pack": 3})


def test_options_report_every_problem_at_once() -> None:
    with pytest.raises(OptionError) as err:
        SCHEMA.validate({"players": "9", "mode": "c", "fats": "1", "fast": "maybe"})
    text = str(err.value)
    assert "at most 4" in text and "not one of a, b" in text
    assert "did you mean 'fast'" in text and "true or false" in text


def test_parse_assignments() -> None:
    assert parse_assignments(["a=1", "b-c=x"]) == {"a": "1", "b_c": "x"}
    with pytest.raises(OptionError, match="NAME=VALUE"):
        parse_assignments(["oops"])


def test_choice_table_indices_are_stable_and_unique() -> None:
    table = ChoiceTable([("a", "A"), ("b", "B")])
    assert table["b"].index == 1 and table.at(0).key == "a" and len(table) == 2
    with pytest.raises(ValueError, match="duplicate"):
        ChoiceTable([("a", "A"), ("a", "A2")])
    keys = GAME.table.keys()
    assert len(keys) == len(set(keys))
    assert [GAME.table[k].index for k in keys] == list(range(len(keys)))


def test_record_round_trip_and_replay(tmp_path: Path) -> None:
    match = Match(GAME, {"players": 2, "mission": 3}, seed=11)
    rng = Rng(5)
    for _ in range(40):
        cs = GAME.choices(match.state)
        match.apply(cs[rng.below(len(cs))])
    path = tmp_path / "game.json"
    match.record.save(path)
    loaded = Record.load(path)
    assert loaded == match.record
    assert replay(GAME, loaded) == match.state
    again = Match.from_record(GAME, loaded)
    assert again.state == match.state


def test_undo_replays_to_an_earlier_point() -> None:
    match = Match(GAME, {"players": 2}, seed=3)
    snapshots = [match.state.copy()]
    for _ in range(6):
        match.apply(GAME.choices(match.state)[0])
        snapshots.append(match.state.copy())
    match.undo(2)
    assert match.state == snapshots[4] and len(match.record.choices) == 4
    with pytest.raises(RecordError, match="cannot undo"):
        match.undo(10)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "not a JSON record"),
        ("[]", "must be a JSON object"),
        ('{"game": "legends"}', "missing"),
        (
            '{"game": "legends", "version": "1.0", "options": {}, "seed": "x", "choices": []}',
            "seed",
        ),
        (
            '{"game": "legends", "version": "1.0", "options": {}, "seed": 1, "choices": [1]}',
            "list of choice keys",
        ),
        (
            '{"game": "legends", "version": "1.0", "options": {}, "seed": 1, "choices": [], '
            '"x": 1}',
            "unknown fields",
        ),
    ],
)
def test_bad_records_get_clear_errors(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        Record.loads(text)


def test_record_that_does_not_replay_names_the_step() -> None:
    record = Record("legends", GAME.meta.version, {"players": 1}, 1, ["place:nowhere"])
    with pytest.raises(RecordError, match="choice 1 of the record"):
        replay(GAME, record)
    wrong = Record("legends", "0.0", {"players": 1}, 1, [])
    with pytest.raises(RecordError, match="version"):
        replay(GAME, wrong)
    missing = tmp = Path("/nonexistent/record.json")
    with pytest.raises(RecordError, match="cannot read"):
        Record.load(missing)
    del tmp


def test_registry_lookup_and_suggestions() -> None:
    assert REGISTRY.get("Legends") is GAME
    with pytest.raises(UnknownGame, match="did you mean 'legends'"):
        REGISTRY.get("legend")
    for wrong in (GAME, 3, None):  # a clear error, not an AttributeError from inside
        with pytest.raises(UnknownGame, match="named by its id, a string"):
            REGISTRY.get(wrong)
    with pytest.raises(ValueError, match="twice"):
        Registry([GAME, GAME])


def test_views_and_records_are_plain_json() -> None:
    s = GAME.new({"players": 3}, 1)
    for seat in (None, 0, 1, 2):
        assert json.loads(json.dumps(GAME.view(s, seat))) == GAME.view(s, seat)


def test_play_random_stops_at_the_limit_or_the_end_and_replays() -> None:
    a, b = GAME.new({}, 3), GAME.new({}, 3)
    assert GAME.play_random(a, Rng(5), 10) == 10 and GAME.to_act(a) is not None
    total = GAME.play_random(b, Rng(5))
    assert total > 10 and GAME.to_act(b) is None
    assert GAME.play_random(a, Rng(5), 0) == 0


def test_apply_takes_a_key_with_or_without_surrounding_spaces_and_refuses_others() -> None:
    """A key is found as given, or stripped of spaces; a bad key changes nothing."""
    state = GAME.new(GAME.validate_options({"players": 2}), 3)
    twin = GAME.new(GAME.validate_options({"players": 2}), 3)
    legal = GAME.choices(state)
    GAME.apply(state, f"  {legal[0].key}\n")
    GAME.apply(twin, legal[0].key)
    assert state == twin
    before = state.to_json()
    with pytest.raises(IllegalChoice, match="unknown key"):
        GAME.apply(state, "no-such-key")
    illegal = next(k for k in GAME.table if GAME.table[k] not in GAME.choices(state))
    with pytest.raises(IllegalChoice, match="not legal now"):
        GAME.apply(state, f" {illegal} ")
    assert state.to_json() == before
