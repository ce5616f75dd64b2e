"""Monster slots built the quick way (``with_card``, a shared ``Shape``) equal slots built whole.

``MonsterSlot.with_card`` looks the next shape up by attribute instead of working out what may
still be played from the counts (issue 52: a search plays about 1.35 fights per iteration), and
``LegendsState.copy`` copies its lists with ``list.copy``.  These tests replay random games of
every mission and check each slot and copy against the slow, obvious construction.
"""

from __future__ import annotations

from hellas.core.rng import Rng
from hellas.games import REGISTRY
from hellas.games.legends.state import SIDEWAYS, LegendsState, MonsterSlot, shape_of

GAME = REGISTRY.get("legends")


def _rebuilt(slot: MonsterSlot) -> MonsterSlot:
    """Return the slot built from its fields alone (no shape handed over)."""
    return MonsterSlot(
        slot.ids, slot.kind, slot.counts, slot.played, slot.cards, slot.alive, slot.by_divine
    )


def _games() -> list[LegendsState]:
    """Return the states along random games of missions 1-12 with 2-4 players."""
    seen: list[LegendsState] = []
    rng = Rng(52)
    for mission in range(1, 13):
        for players in (2, 3, 4):
            opts = GAME.validate_options({"players": players, "mission": mission})
            s = GAME.new(opts, mission * 10 + players)
            while GAME.to_act(s) is not None:
                seen.append(s.copy())
                cs = GAME.choices(s)
                GAME.step(s, cs[rng.below(len(cs))])
            seen.append(s)
    return seen


def test_every_slot_of_random_games_equals_its_rebuilt_self() -> None:
    """Whatever cards were played, a slot answers as one built from its counts would."""
    fights = 0
    for s in _games():
        for slot in s.monsters:
            whole = _rebuilt(slot)
            assert slot.shape is whole.shape  # one shape per (needs, counts, room)
            assert (slot.slayable, slot.playable) == (whole.slayable, whole.playable)
            assert (slot.need, slot.size, slot.name) == (whole.need, whole.size, whole.name)
            fights += len(slot.cards)
    assert fights > 500


def test_with_card_counts_what_it_should() -> None:
    """A face-up card counts as its attribute and fills a space; a sideways one does neither."""
    slot = MonsterSlot((0,), 0)
    need = slot.need
    a = next(i for i, k in enumerate(need) if k)
    up = slot.with_card(1, a, a, 0)
    assert up.counts[a] == 1 and up.played == 1 and up.shape is shape_of(need, up.counts, 4)
    side = slot.with_card(1, 5, -1, SIDEWAYS)
    assert side.counts == slot.counts and side.played == 0 and side.shape is slot.shape
    assert slot.counts == (0, 0, 0, 0, 0) and slot.cards == ()  # the old slot is untouched


def test_a_copy_shares_nothing_that_play_changes() -> None:
    """Changing every list of a copy leaves the original as it was (and equal copies compare)."""
    for s in _games()[::97]:
        before = s.to_json()
        t = s.copy()
        assert t == s
        for name in LegendsState.__slots__:
            value = getattr(t, name)
            if isinstance(value, list) and name != "cache":
                assert value is not getattr(s, name)
                value.append(value[0] if value else 0)
        assert s.to_json() == before
