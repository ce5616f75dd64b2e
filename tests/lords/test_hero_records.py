"""Heroes' starting bonuses and special abilities are effect records (issue 50, item 11).

The rulebook: "Heroes are asymmetric (they have a different Starting Bonus and Special
Ability)." - "Starting Bonus: special perk that should be added when placing the Hero on the
board." - "Special Ability: passive skill of a Hero which works whenever certain conditions are
met."  Each base-game bonus and ability is an ``[[ability]]`` record of ``data/heroes.toml`` in
the effect vocabulary (docs/rules/lords.md rulings 1-3 and 13 give their readings); the rules
run its clauses, so a pack that replaces one changes play.  A Blessing of a module's God whose
module is not in play is refused, naming the module.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hellas.core.errors import HellasError
from hellas.games.lords import GAME, battle, describe, packs
from hellas.games.lords.cards import hand_limit
from hellas.games.lords.content import base
from hellas.games.lords.frames import BattleFrame
from hellas.games.lords.movement import can_enter
from hellas.games.lords.state import LordsState

from .helpers import R, clear_board, give_cards, keys, play, put, seat_of, started
from .test_packs_modules import write

STRENGTH, SPEED = 1, 2

# a pack's reading of Achilles' ability: +4 in his Region instead of the lower Attribute
ACHILLES_PLUS_4 = """
[[ability]]
id = "lower-of-speed-strength-in-battle"
text = "In a Battle in the Hero's Region, +4 Army Strength."
effects = [{when = "battle-strength", if = {hero-in-region = true}, do = [{army-strength = 4}]}]
provenance = "community"
"""


def achilles_battle(**options: Any) -> tuple[LordsState, BattleFrame, int, int]:
    """Return a Battle in Corinthia with Achilles (Strength 3, Speed 4) on one side there.

    (state, battle frame, Achilles' side, Achilles' seat)
    """
    s = started(2, heroes=("achilles", "heracles"), **options)
    p = s.current
    q = 1 - p
    clear_board(s)
    put(s, "attica", p, 3, control=True)
    put(s, "corinthia", q, 3, control=True)
    give_cards(s, p, "trap-sword-1")  # both hold a card: the Battle waits for them
    give_cards(s, q, "trap-mace-1")
    s.attrs[p * 3] = 5  # Leadership: the three Hoplites move together
    a = seat_of(s, "achilles")
    s.attrs[a * 3 + STRENGTH] = 3
    s.attrs[a * 3 + SPEED] = 4
    s.hero_at[a] = R("corinthia")
    s.hero_at[1 - a] = R("crete")
    s.cache = None
    play(s, "hoplite-move", *["move:attica>corinthia"] * 3)
    if "done" in keys(s):
        play(s, "done")
    f = s.stack[-1]
    assert f["k"] == "battle"
    return s, f, (0 if a == p else 1), a


def test_every_base_hero_bonus_and_ability_is_a_vocabulary_record() -> None:
    """ "Heroes are asymmetric (they have a different Starting Bonus and Special Ability)." Each
    of the four Heroes' eight is a record of clauses at a trigger of the vocabulary."""
    c = base()
    triggers = {h.id: sorted(clause.when for clause in h.effects) for h in c.heroes}
    assert triggers == {
        "heracles": ["hero-chosen", "turn-start"],
        "perseus": ["hero-placed", "prepare-done"],
        "achilles": ["battle-strength", "hero-chosen"],
        "helen": ["hero-placed", "passive"],
    }
    achilles = c.hero("achilles")
    assert ("army-strength-lower", ("speed", "strength")) in achilles.effects[1].effects
    assert achilles.effects[1].conditions == (("hero-in-region", True),)


def test_achilles_adds_the_lower_of_speed_and_strength_in_his_region() -> None:
    """ "Special Ability: passive skill of a Hero which works whenever certain conditions are
    met." - Achilles (ruling 1's Hero): in a Battle in his Region, the lower of his Speed and
    Strength joins his Army Strength; elsewhere nothing."""
    s, f, side, a = achilles_battle()
    here = battle.strength(s, f, side)
    s.hero_at[a] = R("crete")
    away = battle.strength(s, f, side)
    assert here - away == 3  # min(Speed 4, Strength 3)
    s.hero_at[a] = R("corinthia")
    s.attrs[a * 3 + SPEED] = 2
    assert battle.strength(s, f, side) - away == 2


def test_a_pack_replacing_achilles_ability_changes_the_battle(tmp_path: Path) -> None:
    """A pack replaces the ability record with a clause of the vocabulary: Achilles now adds 4
    in his Region (his Attributes would have given 3), and his words are the pack's."""
    folder = write(tmp_path, {"heroes.toml": ACHILLES_PLUS_4})
    report = packs.check(folder)
    assert report.ok, report.error
    s, f, side, a = achilles_battle(content=folder)
    here = battle.strength(s, f, side)
    s.hero_at[a] = R("crete")
    assert here - battle.strength(s, f, side) == 4
    words = describe.hero(s.content.hero("achilles"))
    assert words == "Starts with Speed 2. In a Battle in the Hero's Region, +4 Army Strength."


def test_a_pack_gives_heracles_a_new_ability(tmp_path: Path) -> None:
    """A new record (``new = true``) named by a replaced Hero: Heracles draws a Combat Card at
    the beginning of each of his turns instead of trading Glory Tokens, and starts with
    Leadership 2 instead of Strength 2 ("should be added when placing the Hero")."""
    folder = write(
        tmp_path,
        {
            "heroes.toml": """
[[ability]]
new = true
id = "my-draw"
text = "At the beginning of each of its turns, draws 1 Combat Card."
effects = [{when = "turn-start", do = [{draw = 1}]}]
provenance = "community"

[[hero]]
id = "heracles"
name = "Heracles"
bonus = "leadership+1"
ability = "my-draw"
provenance = "community"
"""
        },
    )
    s = started(2, heroes=("achilles", "heracles"), content=folder)
    h = seat_of(s, "heracles")
    assert [s.attr(h, a) for a in range(3)] == [2, 1, 1]
    plain = started(2, heroes=("achilles", "heracles"))
    assert [plain.attr(h, a) for a in range(3)] == [1, 2, 1]
    assert s.current == h  # the last to place begins: the clause ran at his first turn
    assert len(s.hands[h]) == len(plain.hands[h]) + 1


def test_helen_bars_enemy_hoplites_unless_their_hero_is_there(tmp_path: Path) -> None:
    """Ruling 2 (Helen, provisional): enemy Hoplites may not enter the Region where Helen stands
    unless their own Hero is there - her ``passive`` clause; a pack that replaces it lifts it."""
    s = started(2, heroes=("heracles", "helen"))
    play(s, keys(s)[0])  # Helen's Neutral Artifact
    helen, enemy = seat_of(s, "helen"), seat_of(s, "heracles")
    here = s.hero_at[helen]
    assert not can_enter(s, enemy, here)
    assert can_enter(s, helen, here)
    s.hero_at[enemy] = here
    assert can_enter(s, enemy, here)
    folder = write(
        tmp_path,
        {
            "heroes.toml": """
[[ability]]
id = "bars-enemy-hoplites"
effects = [{when = "battle-strength", if = {hero-in-region = true}, do = [{army-strength = 1}]}]
provenance = "community"
"""
        },
    )
    other = started(2, heroes=("heracles", "helen"), content=folder)
    play(other, keys(other)[0])
    assert can_enter(other, enemy, other.hero_at[helen])


def test_a_pack_heros_passive_counts_like_a_blessings(tmp_path: Path) -> None:
    """A Hero's ``passive`` clause changes the rule as a held Blessing's does: Helen's ability
    replaced by a hand limit of 6 ("Special Ability: passive skill of a Hero which works
    whenever certain conditions are met"); other Heroes keep the limit of 4."""
    folder = write(
        tmp_path,
        {
            "heroes.toml": """
[[ability]]
id = "bars-enemy-hoplites"
text = "May hold 6 Combat Cards."
effects = [{when = "passive", do = [{hand-limit = 6}]}]
provenance = "community"
"""
        },
    )
    s = started(2, heroes=("heracles", "helen"), content=folder)
    assert hand_limit(s, seat_of(s, "helen")) == 6
    assert hand_limit(s, seat_of(s, "heracles")) == 4
    plain = started(2, heroes=("heracles", "helen"))
    assert hand_limit(plain, seat_of(plain, "helen")) == 4


@pytest.mark.parametrize(
    ("heroes_toml", "message"),
    [
        (
            '[[ability]]\nid = "strength+1"\n'
            'effects = [{when = "hero-chosen", do = [{draw = 1}]}]\nprovenance = "community"\n',
            "ability strength+1: field 'effects[0].do[0]': draw cannot run when you choose the "
            "Hero (hero-chosen)",
        ),
        (
            '[[ability]]\nid = "lower-of-speed-strength-in-battle"\neffects = [{when = '
            '"battle-strength", do = [{army-strength-lower = ["speed"]}]}]\n'
            'provenance = "community"\n',
            "army-strength-lower needs two or more Attributes",
        ),
        (
            '[[ability]]\nnew = true\nid = "priest"\n'
            'effects = [{when = "hero-chosen", do = [{priest = 1}]}]\nprovenance = "community"\n',
            "'priest' is a module's named rule, not a record's id",
        ),
        (
            '[[ability]]\nid = "bars-enemy-hoplites"\n'
            'effects = [{when = "passive", do = [{copy-enemy-card = true}]}]\n'
            'provenance = "community"\n',
            "copy-enemy-card is a Combat Card's own, not a Hero's",
        ),
        (
            '[[hero]]\nid = "perseus"\nname = "Perseus"\nbonus = "speed+2"\n'
            'ability = "place-after-prepare"\nprovenance = "community"\n',
            "hero perseus: field 'bonus': 'speed+2' is not one of strength+1",
        ),
    ],
)
def test_bad_hero_records_get_one_line_errors(
    tmp_path: Path, heroes_toml: str, message: str
) -> None:
    """A bad ability record or a Hero naming no record: one line naming file, record, field."""
    report = packs.check(write(tmp_path, {"heroes.toml": heroes_toml}))
    assert not report.ok
    assert message in report.error and "\n" not in report.error
    assert "Traceback" not in report.error


HADES_BLESSING = """
[[blessing]]
new = true
id = "my-hades-card"
god = "hades"
name = "My Hades Card"
text = "On receiving it: draw 2 Combat Cards."
effects = [{when = "received", do = [{draw = 2}]}]
provenance = "community"
"""


def test_a_hades_blessing_without_its_module_names_the_module(tmp_path: Path) -> None:
    """Dark Ages, Hades Setup: "Shuffle Hades Blessings into Blessing Deck." - only with the
    module; a pack's Blessing of Hades while the module is not in play is refused in one line
    naming the module (as a Region Attack's is), and loads with it."""
    folder = write(tmp_path, {"blessings.toml": HADES_BLESSING})
    report = packs.check(folder)
    assert not report.ok
    assert report.error.endswith(
        "blessing my-hades-card: field 'god': 'hades' is a God of the hades or hades-simple "
        'module, which is not in play: name it in the pack\'s pack.toml (modules = ["hades"]) '
        "or choose that module"
    )
    with pytest.raises(HellasError, match="hades or hades-simple module"):
        GAME.new({"players": 2, "content": folder}, 1)
    assert packs.check(folder, modules=("hades",)).ok
    write(tmp_path, {"pack.toml": '[pack]\nname = "Hades cards"\nmodules = ["hades"]\n'})
    assert packs.check(folder).ok
