"""The effect vocabulary: clauses checked at load, and each trigger, condition and effect run.

Cards here are written in content packs, as an owner would: a new card of a known kind needs a
record, not code.  Each test plays the clause through the real rules (no stand-in objects).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hellas.core.errors import ContentError
from hellas.games.lords import GAME, effects
from hellas.games.lords.board import region_of
from hellas.games.lords.cards import receive_blessing
from hellas.games.lords.content import load
from hellas.games.lords.fx import removed
from hellas.games.lords.state import LordsState
from hellas.games.lords.turn import start_turn

from .helpers import R, clear_board, give_cards, keys, play, put, started
from .test_battle import arena, attack, settle


def blessing(tmp_path: Path, clauses: str, god: str = "zeus", bid: str = "test-card") -> str:
    """Write a pack with one Blessing carrying ``clauses`` (TOML); return the folder."""
    (tmp_path / "blessings.toml").write_text(
        f'[[blessing]]\nnew = true\nid = "{bid}"\ngod = "{god}"\nname = "Test Card"\n'
        f'text = "A test card."\neffects = {clauses}\nprovenance = "provisional"\n',
        encoding="utf-8",
    )
    return str(tmp_path)


def holder(pack: str, players: int = 2, **options: object) -> tuple[LordsState, int]:
    """A game on ``pack`` after setup; the player to act holds the pack's Blessing."""
    s = started(players, content=pack, **options)
    p = s.current
    b = s.content.blessing("test-card").index
    s.blessing_deck.remove(b)
    receive_blessing(s, p, b)
    s.cache = None
    return s, p


# -- checked at load: errors name file, record and field ---------------------------------------


@pytest.mark.parametrize(
    ("clauses", "problem"),
    [
        ('[{when = "sometimes", do = [{draw = 1}]}]', r"effects\[0\].when': unknown trigger"),
        ('[{when = "turn-start", do = [{drow = 1}]}]', r"effects\[0\].do\[0\]': unknown effect"),
        ('[{when = "turn-start", do = [{draw = "one"}]}]', r"draw needs int"),
        ('[{when = "turn-start", do = [{draw = 99}]}]', r"0-20"),
        ('[{when = "turn-start", do = []}]', r"effects\[0\].do': expected a list of effects"),
        (
            '[{when = "turn-start", if = {rich = true}, do = [{draw = 1}]}]',
            r"effects\[0\].if.rich': unknown condition",
        ),
        (
            '[{when = "turn-start", do = [{army-strength = 2}]}]',
            r"army-strength cannot run at the beginning of each of your turns",
        ),
        ('[{when = "action", do = [{march-to-city = 2}]}]', "orichalkum card's own effect"),
        ('[{when = "battle-played", do = [{draw = 1}]}]', "unknown trigger 'battle-played'"),
        ('[{when = "turn-start", do = [{draw = 1}], then = 2}]', r"effects\[0\].then'"),
    ],
)
def test_bad_clauses_are_refused_naming_file_record_and_field(
    tmp_path: Path, clauses: str, problem: str
) -> None:
    blessing(tmp_path, clauses)
    with pytest.raises(ContentError, match=problem) as caught:
        load(tmp_path)
    assert "blessings.toml" in str(caught.value) and "blessing test-card" in str(caught.value)


def test_clauses_say_what_they_do_in_words() -> None:
    clause = effects.Clause("turn-start", (("priests-at-least", 2),), (("draw", 1),))
    assert effects.describe([clause]) == (
        "At the beginning of each of your turns, if you have at least 2 Priests in your Priest "
        "Pool: draw 1 Combat Cards."
    )


# -- triggers ----------------------------------------------------------------------------------


def test_received_runs_once_when_the_card_is_taken(tmp_path: Path) -> None:
    s, p = holder(blessing(tmp_path, '[{when = "received", do = [{draw = 2}, {priest = 1}]}]'))
    assert len(s.hands[p]) == 2 + 1 and s.priests[p] == 1  # its 1 starting card, 2 drawn


def test_turn_start_runs_each_turn_while_its_condition_holds(tmp_path: Path) -> None:
    s, p = holder(
        blessing(
            tmp_path, '[{when = "turn-start", if = {priests-at-least = 1}, do = [{draw = 1}]}]'
        )
    )
    give_cards(s, p)
    s.stack.pop()
    start_turn(s, p)
    assert s.hands[p] == []  # no Priest: nothing
    s.priests[p] = 1
    s.stack.pop()
    start_turn(s, p)
    assert len(s.hands[p]) == 1


def test_an_action_clause_is_offered_as_use_and_asks_its_decisions_in_order(
    tmp_path: Path,
) -> None:
    """``action``: offered on the turn while its 'if' holds; the discard (a cost) is asked
    first, then the charge."""
    pack = blessing(
        tmp_path,
        '[{when = "action", if = {holds-symbol = "torch", used-artifact = true}, '
        'do = [{discard-symbol = "torch"}, {charge-artifact = 1}]}]',
    )
    s, p = holder(pack)
    give_cards(s, p, "glory-torch-1", "trap-sword-1")
    assert "use:test-card" not in keys(s)  # no used Artifact
    harpe = s.content.artifact("harpe").index
    s.artifact_owner[harpe], s.artifact_charged[harpe] = p, False
    s.cache = None
    play(s, "use:test-card")
    assert keys(s) == ["discard:glory-torch-1"]
    play(s, "discard:glory-torch-1")
    assert keys(s) == ["charge:harpe"]
    play(s, "charge:harpe")
    assert s.artifact_charged[harpe] and s.hands[p] == [s.content.card("trap-sword-1").index]
    assert "use:test-card" not in keys(s)  # no torch left


def test_battle_strength_counts_while_its_condition_holds(tmp_path: Path) -> None:
    pack = blessing(
        tmp_path,
        '[{when = "battle-strength", if = {attacking = true}, do = [{army-strength = 3}]}]',
    )
    s, p, q = arena(3, 3, content=pack)
    b = s.content.blessing("test-card").index
    s.blessing_deck.remove(b)
    receive_blessing(s, p, b)
    give_cards(s, q, "trap-sword-1")  # the defender may answer: the Battle waits
    attack(s, 3)
    from hellas.games.lords import battle  # noqa: PLC0415

    f = next(x for x in s.stack if x["k"] == "battle")
    assert battle.strength(s, f, 0) == 3 + 3 and battle.strength(s, f, 1) == 3


def test_after_battle_sees_the_dead_of_the_battle(tmp_path: Path) -> None:
    """``dead-at-least``: Hoplites killed in the Battle, whatever killed them."""
    pack = blessing(
        tmp_path, '[{when = "after-battle", if = {dead-at-least = 2}, do = [{draw = 1}]}]'
    )
    s, _p, q = arena(4, 1, content=pack)
    b = s.content.blessing("test-card").index
    s.blessing_deck.remove(b)
    receive_blessing(s, q, b)  # the defender holds it
    attack(s, 4)  # 1 defender dies: not enough
    settle(s)
    assert s.hands[q] == []
    s2, p2, q2 = arena(4, 3, content=pack)
    s2.blessing_deck.remove(b)
    receive_blessing(s2, q2, b)
    give_cards(s2, p2, "assault-axe-4")  # 4 + 4 against 3: the loser loses 1, the card 1
    attack(s2, 4)
    play(s2, "card:assault-axe-4")
    settle(s2)
    assert len(s2.hands[q2]) == 1


def test_temple_built_and_kill_other_ask_whose_hoplite(tmp_path: Path) -> None:
    s, p = holder(blessing(tmp_path, '[{when = "temple-built", do = [{kill-other = 1}]}]'))
    q = 1 - p
    clear_board(s)
    put(s, "corinthia", p, 1, control=True)
    put(s, "crete", q, 2, control=True)
    play(s, "temple:corinthia")
    hero = s.content.heroes[s.heroes[q]].id
    assert keys(s) == [f"kill-other:crete>{hero}"]
    play(s, f"kill-other:crete>{hero}")
    assert s.hoplites(R("crete"), q) == 1


# -- effects with decisions, and the rest ------------------------------------------------------


def test_others_remove_hoplites_takes_the_supply_first_then_asks(tmp_path: Path) -> None:
    s, p = holder(blessing(tmp_path, '[{when = "action", do = [{others-remove-hoplites = 3}]}]'), 3)
    q, r = [x for x in range(3) if x != p]
    clear_board(s)
    put(s, "crete", r, 14, control=True)
    supply = s.supply[q]
    play(s, "use:test-card")
    assert s.supply[q] == supply - 3 and s.supply[r] == 0
    assert keys(s) == ["remove:crete"] and GAME.to_act(s) == r
    play(s, "remove:crete", "remove:crete")
    assert s.hoplites(R("crete"), r) == 12 and removed(s) == [0 if x == p else 3 for x in range(3)]


def test_injuries_heal_raise_untoken_and_recruit(tmp_path: Path) -> None:
    pack = blessing(
        tmp_path,
        '[{when = "action", if = {healthy-at-least = 3}, do = [{injure-self = 1}, {heal = 1}, '
        "{raise-attribute = 1}, {untoken = 1}, {recruit-hero = 2}, {sacrifice-priest = 1}]}]",
    )
    s, p = holder(pack)
    clear_board(s)
    s.priests[p] = 2
    s.used[p] = 1  # the Recruit token is down
    here = s.hero_at[p]
    play(s, "use:test-card", "injure:speed", "prep:heal-speed", "attr:leadership")
    assert s.injured[p] == 0 and s.attrs[p * s.na] == 2
    play(s, "untoken:recruit")
    assert s.used[p] == 0 and s.hoplites(here, p) == 2 and s.priests[p] == 1
    assert s.control[here] == p or s.content.regions[here].population > 2


def test_opponent_discard_after_a_battle_with_a_played_card(tmp_path: Path) -> None:
    """A Combat Card's clauses run for the Battle it is played in (Tactical Failure's kind)."""
    (tmp_path / "combat.toml").write_text(
        '[[card]]\nid = "trap-sword-1"\nname = "Trap"\nsymbol = "sword"\nstrength = 1\n'
        'casualties = 0\neffect = "trap"\ncount = 1\nprovenance = "rulebook"\n'
        'effects = [{when = "after-battle", do = [{opponent-discard-to = 1}]}]\n',
        encoding="utf-8",
    )
    s, p, q = arena(4, 2, content=str(tmp_path))
    give_cards(s, p, "trap-sword-1")
    give_cards(s, q, "glory-torch-1", "glory-bow-1", "charge-sickle-4")
    attack(s, 4)
    play(s, "pass", "card:trap-sword-1")
    settle(s)
    assert s.stack[-1]["k"] == "discard" and GAME.to_act(s) == q
    play(s, "discard:glory-torch-1", "discard:glory-bow-1")
    assert len(s.hands[q]) == 1


def test_a_game_with_clause_cards_plays_to_its_end_with_every_invariant(tmp_path: Path) -> None:
    """Random games with a pack of Blessings using most of the vocabulary."""
    from hellas.core.rng import Rng  # noqa: PLC0415

    clauses = [
        '[{when = "received", do = [{draw = 1}, {priest = 1}]}]',
        '[{when = "turn-start", if = {controls-a-land = false}, do = [{draw = 1}]}]',
        '[{when = "battle-strength", if = {controls-more-regions = true}, '
        'do = [{army-strength-attribute = "leadership"}]}]',
        '[{when = "after-battle", do = [{may-charge-artifact = 1}]}]',
        '[{when = "action", if = {priests-at-least = 1}, do = [{sacrifice-priest = 1}, '
        "{others-remove-hoplites = 1}]}]",
        '[{when = "temple-built", do = [{kill-other = 2}]}]',
    ]
    lines = []
    for i, c in enumerate(clauses):
        lines.append(
            f'[[blessing]]\nnew = true\nid = "test-{i}"\ngod = "hermes"\nname = "Test {i}"\n'
            f'text = "A test card."\neffects = {c}\nprovenance = "provisional"\n'
        )
    (tmp_path / "blessings.toml").write_text("\n".join(lines), encoding="utf-8")
    for seed in range(4):
        s = GAME.new({"players": 2 + seed % 3, "content": str(tmp_path), "turn_limit": 60}, seed)
        rng = Rng(seed)
        while GAME.to_act(s) is not None:
            cs = GAME.choices(s)
            GAME.apply(s, cs[rng.below(len(cs))])
            GAME.check_invariants(s)
    assert region_of(s, "attica") == R("attica")
