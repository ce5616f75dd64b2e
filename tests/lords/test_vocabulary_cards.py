"""The built-in cards on the effect vocabulary: every card is a record whose clauses the rules run.

The cards' own tests (``test_artifacts``, ``test_hunt``, the modules' tests) show what each card
does; these tests show what moving them onto the vocabulary settled: no card is code any more,
the turn menu lists card choices by group, a card draw over the hand limit asks one discard, and
the Atlantis Factory is a Build Temple for the cards that react to one.
"""

from __future__ import annotations

import ast
from pathlib import Path

from hellas.games.lords import GAME, fx
from hellas.games.lords.cards import receive_blessing
from hellas.games.lords.content import configured
from hellas.games.lords.effects import EFFECTS, TRIGGERS

from .helpers import give_cards, keys, play, started
from .test_part1_defects import bless

LORDS = Path(__file__).resolve().parents[2] / "src" / "hellas" / "games" / "lords"
EVERY = "poseidon,atlantis,hades,hephaestus,heroes-monsters,chiron,opportunity,orichalkum"


def test_every_card_of_every_module_says_what_it_does_with_clauses() -> None:
    """Blessings, Artifacts, Relics, Training cards, Monster Attack cards, Special Attacks,
    Evolutions and Quest rewards of the built-in data all carry clauses (an empty Evolution is
    one that adds only Wound symbols or whose text is not legible)."""
    for modules in ("", "poseidon,atlantis", "hades", "hephaestus", "heroes-monsters", "chiron"):
        c = configured(modules)
        assert all(b.effects for b in c.blessings), [b.id for b in c.blessings if not b.effects]
        assert all(a.effects for a in c.artifacts), [a.id for a in c.artifacts if not a.effects]
        assert all(x.effects for x in c.combat if x.kind == "relic" and not x.stand_in)
        assert all(a.effects for a in c.attack_cards)
        assert all(m.special for m in c.monsters)
        assert all(r.effects for r in c.rewards)
        assert {e.id for e in c.evolutions if not e.effects} <= {"wounds", "none"}


# names that are a card's id and something else too
OTHER_MEANING = {
    "exile": "the frame that asks where a Monster is exiled",
    "local-support": "a Combat Card effect of that name",
    "hephaestus-hammer": "a module panel names its God's Artifact's holder",
    "poseidons-trident": "a module panel names its God's Artifact's holder",
}


def test_the_rules_name_no_card() -> None:
    """No rule module tests a Blessing's, an Artifact's or a Relic's id: what cards do is data.
    (Bots may know cards by id; views and texts may name them.)"""
    c = configured(EVERY)
    ids = {b.id for b in c.blessings} | {a.id for a in c.artifacts}
    ids |= {x.id for x in c.combat if x.kind != "deck"}
    rules = [p for p in LORDS.rglob("*.py") if "bot" not in p.name and p.name != "view.py"]
    named = []
    for path in rules:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            value = node.value if isinstance(node, ast.Constant) else None
            if value in ids and value not in OTHER_MEANING:
                named.append(f"{path.name}: {value}")
    assert named == []


def test_every_trigger_and_effect_has_words() -> None:
    assert all(meaning for meaning, _ in TRIGGERS.values())
    assert all(kind and triggers and meaning for kind, triggers, meaning in EFFECTS.values())


def test_a_card_drawn_over_the_hand_limit_asks_one_discard() -> None:
    """Charged by Fire draws a card when received: over the limit, its holder discards down to
    the limit once (the draw and the receipt used to push a discard each: two cards went)."""
    s = started(3, modules="hephaestus")
    p = s.current
    give_cards(s, p, "glory-torch-1", "trap-sword-1", "charge-sickle-4", "phalanx-torch-2")
    b = s.content.blessing("charged-by-fire").index
    s.blessing_deck.remove(b)
    receive_blessing(s, p, b)
    s.cache = None
    assert len(s.hands[p]) == 5
    assert [f["k"] for f in s.stack].count("discard") == 1
    GAME.apply(s, keys(s)[0])
    assert len(s.hands[p]) == 4 and s.stack[-1]["k"] != "discard"


def test_the_turn_menu_lists_a_hero_movement_alternative_after_hero_movement() -> None:
    """Each group of card choices comes in its place: the Blessings used instead of Hero
    Movement right after Hero Movement (Wild Hunt too), those instead of Hoplite Movement after
    Hoplite Movement, then the Blessings' actions."""
    s = started(2)
    p = s.current
    for b in ("wild-hunt", "push-ups", "winged-boots", "battle-prayer"):
        bless(s, p, b)
    s.priests[p] = 1
    s.attrs[p * s.na + 1] = 3  # Wild Hunt lowers Strength for good: it must be above 1
    s.monster_at[s.content.monster("hydra").index] = s.hero_at[p]
    got = [k for k in keys(s) if k.startswith(("alt:", "use:", "hero-move", "hoplite-move"))]
    assert got == [
        "hero-move",
        "alt:push-ups",
        "alt:wild-hunt",
        "hoplite-move",
        "alt:winged-boots",
        "use:battle-prayer",
    ]


def test_a_blessing_offered_in_a_hunt_is_taken_once_per_hunt() -> None:
    """Sacrifice of Flesh: a Priest for a card and a heal, once in a Hunt."""
    s = started(2)
    p = s.current
    bless(s, p, "sacrifice-of-flesh")
    s.priests[p] = 3
    s.monster_at[s.content.monster("hydra").index] = s.hero_at[p]
    play(s, "hunt:hydra")
    assert "use:sacrifice-of-flesh" in keys(s)
    play(s, "use:sacrifice-of-flesh")
    assert s.priests[p] == 2 and "use:sacrifice-of-flesh" not in keys(s)


def test_an_artifact_offers_the_choice_of_its_trigger_where_it_has_several() -> None:
    """Harpe has a Battle clause and a Hunt clause under one key: in a Hunt its key plays the
    Hunt clause (one card drawn at the Hunt's start)."""
    s = started(2)
    p = s.current
    harpe = s.content.artifact("harpe").index
    if harpe in s.neutral_deck:
        s.neutral_deck.remove(harpe)
    s.artifact_owner[harpe], s.artifact_charged[harpe] = p, True
    s.monster_at[s.content.monster("hydra").index] = s.hero_at[p]
    s.cache = None
    play(s, "hunt:hydra")
    cards = len(s.hands[p])
    play(s, "artifact:harpe")
    assert len(s.hands[p]) == cards + 1 and not s.artifact_charged[harpe]
    assert fx.offer_of(s, "artifact:harpe", ("battle-before",)) is not None


def test_the_pack_format_page_lists_the_whole_vocabulary() -> None:
    """docs/rules/lords-content-packs.md names every trigger, condition and effect."""
    from hellas.games.lords.effects import CONDITIONS  # noqa: PLC0415

    page = (LORDS.parents[3] / "docs" / "rules" / "lords-content-packs.md").read_text("utf-8")
    for name in [*TRIGGERS, *CONDITIONS, *EFFECTS]:
        assert f"`{name}`" in page, name
