"""Every Lords card and piece a player holds or sees has words, from data/texts.toml."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from hellas.ai import make_bot
from hellas.core.content import read_package_toml
from hellas.core.errors import HellasError
from hellas.core.game import Decision
from hellas.core.record import Match
from hellas.core.rng import Rng
from hellas.games import REGISTRY
from hellas.games.lords import content as vocab
from hellas.games.lords import describe
from hellas.games.lords.content import PACKAGE, base
from hellas.games.lords.render import explain, render


def every_text() -> list[str]:
    c = base()
    out = [describe.combat(x) for x in c.combat]
    out += [describe.blessing(c, b.id) for b in c.blessings]
    out += [describe.artifact(c, a.id) for a in c.artifacts]
    out += [describe.monster(c, m) for m in c.monsters]
    out += [describe.event(c, m, k) for m in c.monsters for k in range(len(m.cards))]
    out += [describe.quest(c, q.id) for q in c.quests]
    out += [describe.hero(h) for h in c.heroes]
    out += [describe.god(c, g.id) for g in c.gods]
    out += [describe.oracle(t.oracle) for t in c.temples]
    out += [describe.attack_card(a) for a in getattr(c, "attack_cards", ())]
    return out


def test_everything_in_play_has_words() -> None:
    assert describe.check(base()) == []
    for text in every_text():
        assert len(text) > 12, text
        assert not re.search(r"[{}_=]|\b[a-z]+-[a-z]+-[a-z]+\b", text), text


def test_word_tables_name_only_known_effects() -> None:
    tables = describe.texts()
    assert set(tables["combat"]) == set(vocab.COMBAT_EFFECTS)
    # a Hero's bonus and ability: an [[ability]] record of heroes.toml, or a module's named rule
    records = {str(r["id"]) for r in read_package_toml(PACKAGE, "heroes.toml")["ability"]}
    named = set(vocab.HERO_BONUSES) | set(vocab.HERO_ABILITIES)
    assert set(tables["hero_bonus"]) | set(tables["hero_ability"]) == records | named
    assert set(tables["oracle"]) == set(vocab.ORACLE_BONUSES)
    assert set(tables["power"]) == set(vocab.POWERS)
    assert set(tables["attack"]) == set(vocab.ATTACKS)
    assert set(tables["evolution"]) == set(vocab.EVOLUTIONS)
    assert set(tables["passive"]) == set(vocab.PASSIVES)
    assert set(tables["attack_effect"]) == set(vocab.ATTACK_EFFECTS)
    assert set(tables["attack_strength"]) == set(vocab.ATTACK_STRENGTHS)
    assert set(tables["quest_need"]) == set(vocab.QUEST_NEEDS)
    assert set(tables["quest_reward"]) == set(vocab.QUEST_REWARDS)


def test_the_words_carry_the_record_facts() -> None:
    c = base()
    phalanx = next(x for x in c.combat if x.effect == "phalanx" and x.strength == 2)
    text = describe.combat(phalanx)
    assert text.startswith("Strength 2, 1 Casualty symbol, torch symbol.")
    assert "every two of your Hoplites" in text
    quiet = next(x for x in c.combat if x.casualties == 0)
    assert "no Casualty symbols" in describe.combat(quiet)
    for m in c.monsters:
        kind, n = m.attack
        if kind in ("kill", "kill_each", "kill_neighbours"):
            assert re.search(rf" {n} Hoplites?\b", describe.monster(c, m))
            assert (n == 1) == (
                f" {n} Hoplite " in describe.monster(c, m)
                or f" {n} Hoplite." in describe.monster(c, m)
            )
        spawn = c.regions[m.cards[0][0]].name
        assert describe.event(c, m, 0).startswith(f"{m.name} appears in {spawn}")
    owl = next(a for a in c.artifacts if a.id == "owl-of-athena")
    assert describe.artifact(c, owl.id) == owl.effect  # a record's own words win
    armory = c.blessing("armory")
    assert describe.blessing(c, "armory") == f"Blessing of Zeus: {armory.text}"
    for quest in c.quests:
        text = describe.quest(c, quest.id)
        assert text.startswith(f"Quest in {c.regions[quest.region].name}. Step 1 needs ")
        for step in quest.steps:
            for _need, n in step:
                assert f" {n} " in text or f" {n};" in text or f" {n}." in text, (quest.id, text)
        assert "Reward, with its Land's Glory Token: " in text
    zeus = describe.god(c, "zeus")
    assert "raises Strength" in zeus and "level 2, draw 1 Combat Card;" in zeus


def test_card_command_and_suggestions() -> None:
    found = explain("phalanx").splitlines()
    assert len(found) == 2 and all(x.startswith("Phalanx: Strength") for x in found)
    assert explain("Owl of Athena").startswith("Owl of Athena: Draw 2 Combat Cards")
    with pytest.raises(HellasError, match="did you mean 'Phalanx'"):
        explain("phalnx")


def test_the_terminal_shows_each_held_card_with_its_words() -> None:
    game = REGISTRY.get("lords")
    match = Match(game, game.validate_options({"players": "2"}), 9)
    bots = [make_bot(game, "bot"), make_bot(game, "bot")]
    rng = Rng(1)
    while (seat := match.to_act()) is not None:
        if game.view(match.state, 0)["hand"]:
            break
        match.apply(bots[seat].choose(Decision(game, match.state, seat), rng))
    view = game.view(match.state, 0)
    assert view["hand"]
    buffer = io.StringIO()
    Console(file=buffer, width=200).print(render(view))
    text = buffer.getvalue()
    for card_id in view["hand"]:
        card = base().card(card_id)
        assert f"{card.name} — {describe.combat(card)}" in text
