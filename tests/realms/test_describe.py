"""Every Fantasy Realms card explains itself in words, and score notes read as sentences."""

from __future__ import annotations

import re

import pytest

from hellas.core.errors import HellasError
from hellas.core.rng import Rng
from hellas.games.realms.content import TAGS, Term, deck
from hellas.games.realms.describe import describe, summary, term, texts
from hellas.games.realms.render import explain

from .helpers import lines


def test_every_card_has_a_readable_sentence_with_no_raw_tokens() -> None:
    cards = deck()
    ids = [c.id for c in cards.cards if "-" in c.id]
    for c in cards.cards:
        text = describe(c, cards)
        assert len(text) > 10 and text.endswith("."), (c.id, text)
        assert text[0].isupper(), text
        assert not re.search(r"[a-z]\+[a-z]|[=_|{}]|card=|afterlife-icon", text), (c.id, text)
        for card_id in ids:
            assert card_id not in text, (c.id, text)
        for tag in TAGS:  # tags read as names ("Nimble"), never as vocabulary words
            assert not re.search(rf"\b{tag}\b", text), (c.id, tag, text)
        for t in c.bonus + c.penalty:
            if t.kind != "copy_base":
                assert str(abs(t.value)) in text, (c.id, t, text)


def test_the_words_follow_the_effect_records() -> None:
    words = texts()
    assert "+12 for every two living Heroes" in words["hera"]
    assert "Athena, Hera, Poseidon or River Styx" in words["achilles"]
    assert words["twelve-labors"].startswith("Bonus only if you have a living Hero")
    assert "−20 unless this card is in your Afterlife" in words["river-lethe"]
    assert "Strong Hero must defeat it" in words["antaeus"]
    assert "fewer than three living Heroes" in words["calydonian-boar"]
    assert words["atalanta"] == "No special effect."
    assert "Afterlife icon" not in words["cornucopia"]  # a fact shown with the name, not an effect
    assert "draw two cards, then discard two" in words["cornucopia"]


def test_every_kind_of_effect_is_in_the_deck_and_an_unknown_kind_is_refused() -> None:
    cards = deck().cards
    kinds = {t.kind for c in cards for t in c.bonus + c.penalty}
    assert kinds == {"each", "with", "pairs", "pairs_of", "product", "more", "copy_base", "unless"}
    assert {c.instant for c in cards} >= {"oracle", "cornucopia", "fates", "altar"}
    assert {c.omega.kind for c in cards if c.omega} == {
        "defeat",
        "living_heroes",
        "hero_with_tags",
        "other_hero",
        "god_in_hand",
    }
    with pytest.raises(ValueError, match="no words"):
        term(Term("twice", 3), deck())


def test_the_card_command_names_the_card_and_suggests_on_a_typo() -> None:
    assert explain("hera") == summary(deck().by_id("hera"))
    assert explain("cornucopia").startswith(
        "Cornucopia (Item, base 2, Plant; may be discarded to the Afterlife): Sent to"
    )
    assert explain("the muses").startswith("The Muses (God, base 3, Artistic): Bonus:")
    with pytest.raises(HellasError, match="did you mean 'Hera'"):
        explain("herra")


def test_score_notes_read_as_sentences() -> None:
    got = lines("Perseus, Golden Apple")
    assert "no bonus: needs a God" in got["Perseus"].notes
    assert "+5 with an Item" in got["Perseus"].notes
    assert got["Golden Apple"].notes == ["no bonus: needs a Quest"]
    labors = lines("The Twelve Labors, Lernaean Hydra, Zeus")
    assert labors["The Twelve Labors"].notes == ["no bonus: needs a living Hero"]
    styx = lines("River Styx, Zeus, Achilles, Hera")
    assert "+5 for 1 pair of a God and a living Hero" in styx["River Styx"].notes
    assert (
        "−20" not in styx["River Styx"].notes[-1]
        and "-20: not in the Afterlife" in (styx["River Styx"].notes[-1])
    )
    persephone = lines("Persephone, Zeus", "Cornucopia")
    assert persephone["Persephone"].notes == [
        "+6 for 1 pair of another card in your Afterlife and another card with the Afterlife icon"
    ]
    hera = lines("Hera, Achilles, Zeus")
    assert hera["Hera"].notes == ["no two living Heroes"]
    arachne = lines("Arachne, Achilles, Zeus")
    assert arachne["Arachne"].notes == ["+10: 2 Heroes against 1 God"]


def test_no_note_uses_the_old_shorthand_on_many_random_hands() -> None:
    cards = [c.name for c in deck().cards if not c.optional and not c.promo]
    rng = Rng(7)
    for _ in range(150):
        pool = cards[:]
        rng.shuffle(pool)
        for line in lines(", ".join(pool[:7]), ", ".join(pool[7:8])).values():
            for note in line.notes:
                assert not re.match(r"(bonus|penalty) [-+n]", note), note
                assert "(needs" not in note and "requirement not met" not in note, note
                assert not re.search(r"[a-z]-[a-z]+-[a-z]", note.replace("Lotus-Eaters", "")), note
