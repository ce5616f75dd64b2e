"""A content pack adds a card of every kind as a record, and a game plays with all of them.

One record per kind, as an owner would type them in: a Blessing, an Artifact, a Relic, a
Training card with its Training Quest, a Construct, an Opportunity card, a Quest with its
reward, a Monster Attack card, and a Monster whose Event card names a new Evolution (with its
Special Attack).  Each one is checked by ``hellas content check``, then used through the real
rules; random games with the pack play to their end with every invariant.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hellas.core.rng import Rng
from hellas.games.lords import GAME, hunt, packs
from hellas.games.lords.modules.opportunity.rules import cards as opportunity_cards
from hellas.games.lords.modules.orichalkum.constructs import settings
from hellas.games.lords.quests import complete
from hellas.games.lords.state import LordsState

from .helpers import R, clear_board, evolve, give_cards, keys, play, put, started

MODULES = "hephaestus,chiron,orichalkum,opportunity"
FILES = {
    "pack.toml": """
[pack]
name = "Every kind"
modules = ["hephaestus", "chiron", "orichalkum", "opportunity"]
""",
    "blessings.toml": """
[[blessing]]
new = true
id = "kind-blessing"
god = "zeus"
name = "Kind: Blessing"
text = "Instead of your Hoplite Movement, Recruit 1 Hoplite in a Region you control."
effects = [{when = "instead-hoplite-move", do = [{recruit-controlled = 1}]}]
provenance = "provisional"
""",
    "artifacts.toml": """
[[artifact]]
new = true
id = "kind-artifact"
name = "Kind: Artifact"
kind = "neutral"
effect = "A Priest and a Combat Card."
effects = [{when = "use", do = [{priest = 1}, {draw = 1}]}]
provenance = "provisional"
""",
    "combat.toml": """
[[card]]
new = true
id = "kind-relic"
name = "Kind: Relic"
kind = "relic"
symbol = "axe"
strength = 1
casualties = 0
effect = "none"
text = "Relic. In a Hunt, with 1 more card of any kind: a Wound of any type."
effects = [{when = "hunt-attack", do = [{wound-with-card = "any"}]}]
count = 1
provenance = "provisional"

[[card]]
new = true
id = "kind-training"
name = "Kind: Training"
kind = "training"
symbol = "mace"
strength = 2
casualties = 1
effect = "none"
text = "Training card. Played in a Battle: +1 Army Strength."
effects = [{when = "battle-strength", do = [{army-strength = 1}]}]
count = 1
provenance = "provisional"
""",
    "monsters.toml": """
[[quest]]
new = true
id = "training-kind-training"
name = "Training: Kind"
region = "thessaly"
steps = [{show-mace = 1}, {show-mace = 2}, {show-mace = 3}]
reward = "training"
provenance = "provisional"

[[quest]]
new = true
id = "kind-quest"
name = "Kind: Quest"
region = "arcadia"
steps = [{speed = 1}, {speed = 1}, {speed = 1}]
reward = "kind-reward"
provenance = "provisional"

[[reward]]
new = true
id = "kind-reward"
text = "Two Priests."
effects = [{when = "completed", do = [{priest = 2}]}]
provenance = "provisional"

[[attack_card]]
new = true
id = "kind-attack"
name = "Kind: Attack"
strength = {fixed = 9}
effects = [{when = "undefended", do = [{injure-self = 1}, {discard-to = 1}]}]
count = 1
provenance = "provisional"

[[monster]]
new = true
id = "kind-monster"
name = "Kind: Monster"
artifact = "none"
wounds = ["spear", "axe+priest", "mace"]
special = [{when = "undefended", do = [{end-hunt = true}]}]
attack = {kill = 1}
cards = [{spawn = "arcadia", evolve = "kind-evolution"}, {spawn = "achaea", evolve = "none"}]
provenance = "provisional"

[[evolution]]
new = true
id = "kind-evolution"
text = "Its Monster Attack cards get +2 Strength; a Hero needs 2 Priests to Hunt it."
effects = [
  {when = "attack-strength", do = [{attack-strength = 2}]},
  {when = "hunt-allowed", if = {priests-at-least = 2}},
]
provenance = "provisional"
""",
    "modules/orichalkum.toml": """
[[module.construct]]
id = "kind-construct"
new = true
name = "Kind: Construct"
cost = 1
text = "Draw 2 Combat Cards."
effects = [{when = "action", do = [{draw = 2}]}]
provenance = "provisional"
""",
    "modules/opportunity.toml": """
[[module.card]]
id = "kind-opportunity"
new = true
name = "Kind: Opportunity"
text = "A Priest."
effects = [{when = "action", do = [{priest = 1}]}]
provenance = "provisional"
""",
}


@pytest.fixture
def pack(tmp_path: Path) -> str:
    for name, text in FILES.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text.lstrip(), encoding="utf-8")
    return str(tmp_path)


def game(pack: str, players: int = 3) -> LordsState:
    return started(players, modules=MODULES, content=pack)


def test_the_pack_checks_with_one_card_of_each_kind(pack: str) -> None:
    report = packs.check(pack)
    assert report.ok, report.error
    text = " ".join(report.lines)
    for kind in (
        "Blessings: Kind: Blessing",
        "Artifacts: Kind: Artifact",
        "Kind: Relic",
        "Kind: Training",
        "Kind: Quest",
        "Monster Attack cards: Kind: Attack",
        "Monsters: Kind: Monster",
        "Evolutions: Kind evolution",
        "Quest rewards: Kind reward",
        "Constructs: Kind: Construct",
        "Opportunity cards: Kind: Opportunity",
    ):
        assert kind in text, kind


def test_each_card_of_the_pack_does_what_its_record_says(pack: str) -> None:
    s = game(pack)
    p = s.current
    c = s.content
    clear_board(s)
    put(s, "attica", p, 1, control=True)
    # the Blessing: a choice instead of Hoplite Movement, and its Recruit
    b = c.blessing("kind-blessing").index
    s.blessing_deck.remove(b)
    s.blessings[p].append(b)
    s.cache = None
    play(s, "alt:kind-blessing", "power:attica")
    assert s.hoplites(R("attica"), p) == 2 and "hoplite-move" not in keys(s)
    # the Artifact: used on the turn
    a = c.artifact("kind-artifact").index
    s.neutral_deck.remove(a)
    s.artifact_owner[a], s.artifact_charged[a] = p, True
    s.cache = None
    priests, hand = s.priests[p], len(s.hands[p])
    play(s, "artifact:kind-artifact")
    assert s.priests[p] == priests + 1 and len(s.hands[p]) == hand + 1
    # the Training card and the Construct and the Opportunity card are in their decks
    assert c.quest("training-kind-training").index in s.mod["chiron"]["deck"]
    assert "kind-construct" in [k.id for k in settings(c).constructs]
    assert "kind-opportunity" in [k.id for k in opportunity_cards(c)]
    # the Quest: its reward's clauses run when it is completed
    q = c.quest("kind-quest").index  # its Events card: the Quest's index
    for pile in (s.event_deck, s.event_discard):
        if q in pile:
            pile.remove(q)
    s.questing[p], s.quest_step[p] = q, 3
    if q not in s.quest_slots:
        s.quest_slots.append(q)
    priests = s.priests[p]
    complete(s, p)
    assert s.priests[p] == min(4, priests + 2) and s.glory[c.regions[R("arcadia")].land] == p


def test_the_pack_monster_evolves_and_its_attack_card_strikes(pack: str) -> None:
    s = game(pack)
    p = s.current
    c = s.content
    m = c.monster("kind-monster").index
    s.monster_at[m] = s.hero_at[p]
    s.priests[p] = 0
    evolve(s, m, 0)  # the Evolve card naming the pack's Evolution
    assert f"hunt:{c.monsters[m].id}" not in keys(s)  # it needs 2 Priests now
    s.priests[p] = 2
    s.cache = None
    assert "hunt:kind-monster" in keys(s)
    give_cards(s, p)
    play(s, "hunt:kind-monster")
    f = s.stack[-1]
    attack = next(a.index for a in c.attack_cards if a.id == "kind-attack")
    assert hunt.attack_strength(s, f, attack) == 9 + 2
    # not defended: an Injury, then down to 1 card (the Injury is asked first)
    f["attack"] = attack
    f["stage"] = "defend"
    hunt._undefended(s, f)
    s.cache = None
    assert s.stack[-1]["k"] == "hurt"


def test_the_relic_of_the_pack_is_offered_in_a_hunt(pack: str) -> None:
    s = game(pack)
    p = s.current
    c = s.content
    relic = c.card("kind-relic").index
    m = s.mod["hephaestus"]
    for pile in (m["deck"], m["offer"]):
        if relic in pile:
            pile.remove(relic)
    m["held"][p].append(relic)
    hydra = c.monster("hydra").index
    s.monster_at[hydra] = s.hero_at[p]
    give_cards(s, p, "trap-sword-1")
    play(s, "hunt:hydra")
    assert "use:kind-relic" in keys(s)
    play(s, "use:kind-relic")
    assert relic in m["spent"][p] and s.stack[-1]["stage"] == "combo"


@pytest.mark.parametrize("seed", range(4))
def test_games_with_the_pack_play_to_their_end(pack: str, seed: int) -> None:
    s = GAME.new(
        {"players": 3 + seed % 2, "modules": MODULES, "content": pack, "turn_limit": 60}, seed
    )
    rng = Rng(seed)
    while GAME.to_act(s) is not None:
        choices = GAME.choices(s)
        GAME.apply(s, choices[rng.below(len(choices))])
        GAME.check_invariants(s)
    assert s.result is not None


def test_check_names_the_packs_file_in_full(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An error names the pack's file by its full path, even for a folder given relatively
    (a record of a pack file, a clause of it, a module file)."""
    folder = tmp_path / "mine"
    (folder / "modules").mkdir(parents=True)
    monkeypatch.chdir(tmp_path)
    bad = '[[artifact]]\nnew = true\nid = "x"\nname = "X"\nkind = "neutral"\neffect = "t t"\n'
    (folder / "artifacts.toml").write_text(
        bad + 'effects = [{when = "use", do = [{drow = 1}]}]\nprovenance = "provisional"\n',
        encoding="utf-8",
    )
    report = packs.check("mine")
    full = str((folder / "artifacts.toml").resolve())
    assert report.error.startswith(f"{full}: artifact x: field 'effects[0].do[0]'"), report.error
    (folder / "artifacts.toml").unlink()
    (folder / "modules" / "orichalkum.toml").write_text("[module]\nx = 1\n", encoding="utf-8")
    assert str((folder / "modules" / "orichalkum.toml").resolve()) in packs.check("mine").error


@pytest.mark.parametrize(
    ("clauses", "problem"),
    [
        (
            '[{when = "use", key = "hero-move", label = "Go", do = [{draw = 1}]}]',
            "field 'effects[0].key': a card's choice is offered under the card's own key",
        ),
        (
            '[{when = "use", do = [{draw = 1}]}, {when = "use", do = [{priest = 1}]}]',
            "field 'effects[1].when': a card makes one use choice",
        ),
        (
            '[{when = "battle-lost", do = [{draw = 1}]}]',
            "draw cannot run when you lose a Battle",
        ),
        ('[{when = "action", do = [{draw = 1}]}]', "unknown trigger 'action'"),
    ],
)
def test_a_pack_artifact_is_refused_with_a_clear_error(
    tmp_path: Path, clauses: str, problem: str
) -> None:
    """A pack card cannot take a choice key of the rules, offers one choice per trigger, and
    runs each effect only where it can run."""
    (tmp_path / "artifacts.toml").write_text(
        '[[artifact]]\nnew = true\nid = "x"\nname = "X"\nkind = "neutral"\neffect = "t t"\n'
        f'effects = {clauses}\nprovenance = "provisional"\n',
        encoding="utf-8",
    )
    report = packs.check(tmp_path)
    assert not report.ok and problem in report.error, report.error


def test_an_evolution_names_a_known_passive(tmp_path: Path) -> None:
    (tmp_path / "monsters.toml").write_text(
        '[[evolution]]\nnew = true\nid = "x"\ntext = "t"\n'
        'effects = [{when = "monster", do = [{monster-passive = "sleepy"}]}]\n'
        'provenance = "provisional"\n',
        encoding="utf-8",
    )
    assert "unknown passive 'sleepy'" in packs.check(tmp_path).error
