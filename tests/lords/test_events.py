"""Lords events are built when read, from notes taken when things happened (``notes.py``)."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from hellas.core.events import LazyEvents
from hellas.core.game import Event
from hellas.core.rng import Rng
from hellas.games.lords.game import GAME
from tests.core.events_play import play_events

# random games to their end (every note kind: choices, kept cards, Monster Die rolls, Event
# Phases, turns, the victory) with and without Dark Ages modules
CASES: list[tuple[dict[str, Any], int]] = [
    ({"players": 4}, 3),
    ({"players": 2}, 8),
    ({"players": 3, "modules": "hades,hephaestus,chiron", "turn_limit": 60}, 3),
    ({"players": 5, "modules": "poseidon,atlantis,heroes-monsters", "turn_limit": 60}, 4),
    ({"players": 3, "modules": "orichalkum,opportunity,combat-cards,cleito", "turn_limit": 60}, 5),
]


def _play(options: dict[str, Any], seed: int, read_at_once: bool) -> list[list[Event]]:
    """Play random moves through ``apply``; return each move's events, read at once or late."""
    return play_events(GAME, options, seed, read_at_once)


@pytest.mark.parametrize(("options", "seed"), CASES)
def test_events_read_later_are_the_events_of_their_moment(
    options: dict[str, Any], seed: int
) -> None:
    """Reading a move's events after the game went on gives what reading them at once gave."""
    later = _play(options, seed, read_at_once=False)
    now = _play(options, seed, read_at_once=True)
    assert all(isinstance(e, LazyEvents) for e in later)
    assert [len(e) for e in later] == [len(e) for e in now]  # lengths before rendering
    assert later == now
    assert [[e.to_json() for e in ev] for ev in later] == [[e.to_json() for e in ev] for ev in now]
    assert [[(e.kind, e.to, dict(e.data)) for e in ev] for ev in later] == [
        [(e.kind, e.to, dict(e.data)) for e in ev] for ev in now
    ]


def test_every_kind_of_note_is_rendered() -> None:
    """The random games meet every sentence the rules note down, in the words they had."""
    kinds: set[str] = set()
    texts: list[str] = []
    for options, seed in CASES:
        for events in _play(options, seed, read_at_once=False):
            kinds.update(e.kind for e in events)
            texts.extend(e.text for e in events)
    assert {"choice", "private", "monster-die", "event", "turn", "over"} <= kinds
    assert any(t.startswith("Turn ") and "(P" in t for t in texts)
    assert any(t.startswith("Monster Die for the ") for t in texts)
    assert any(t.startswith("You keep ") for t in texts)
    assert any(t.startswith("Player ") for t in texts)  # a hero pick, before the hero is named


def test_the_owl_keeps_its_two_cards_hidden_in_the_public_line() -> None:
    """The Owl's keep/discard choice reads as a generic line for everyone, rendered late too."""
    for seed in range(40):
        s = GAME.new({"players": 3}, seed)
        rng = Rng(seed)
        while GAME.to_act(s) is not None:
            cs = GAME.choices(s)
            owl = s.stack[-1]["k"] == "owl"
            c = cs[rng.below(len(cs))]
            events = GAME.apply(s, c.key)
            if owl and c.key.startswith(("keep:", "discard:")):
                GAME.play_random(s, rng, 20)  # the game goes on before anyone reads
                public = [e for e in events if e.kind == "choice"]
                assert public[0].text.endswith(": Keep one of the two cards drawn")
                assert c.label not in public[0].text
                return
    pytest.fail("no Owl decision in 40 random games")  # pragma: no cover


def test_lazy_events_copy_and_pickle_as_plain_lists() -> None:
    """A move's events pickle and copy as the plain list of the same events."""
    s = GAME.new({"players": 3}, 6)
    events = GAME.apply(s, GAME.choices(s)[0].key)
    assert isinstance(events, LazyEvents)
    restored = pickle.loads(pickle.dumps(events))
    assert type(restored) is list and restored == list(events) and events.copy() == restored


def test_the_fast_path_builds_no_events_and_plays_the_same() -> None:
    """``step`` notes nothing; the game it plays is the one ``apply`` plays."""
    options = {"players": 3, "modules": "hades,chiron", "turn_limit": 40}
    a, b = GAME.new(options, 4), GAME.new(options, 4)
    rng_a, rng_b = Rng(9), Rng(9)
    while GAME.to_act(a) is not None:
        ca, cb = GAME.choices(a), GAME.choices(b)
        assert GAME._apply(a, ca[rng_a.below(len(ca))], False) == []
        GAME.apply(b, cb[rng_b.below(len(cb))].key)
    assert GAME.state_to_json(a) == GAME.state_to_json(b)
