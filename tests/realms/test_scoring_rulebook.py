"""The rulebook's scoring example, FAQ answers, Terminology and Endgame examples."""

from __future__ import annotations

import pytest

from hellas.games.realms.content import deck
from hellas.games.realms.endgame import Endgame
from hellas.games.realms.scoring import Table

from .helpers import best, cards, every_score, lines

EXAMPLE_HAND = "Hera, Arachne, Hippolyta, Orpheus, Antaeus, Apotheosis, Moly"
EXAMPLE_AFTERLIFE = "Pomegranate, River Styx"


def test_scoring_example_item_by_item() -> None:
    """Scoring Example: "Hera (+12 for one pair of Heroes): 6+12=18; Arachne (+10 since Heroes >
    Gods): 3+10=13; Hippolyta (Strong): 10; Orpheus (adds value of one card in afterlife): 6+6
    (Pomegranate) = 12; Antaeus (no penalty since Hippolyta has Strong): 18; Apotheosis (meets
    all requirements in hand and Afterlife): +28; Moly (clears penalty on Pomegranate): 4 ...
    Pomegranate (penalty cleared by Moly): 6; River Styx (+5 since 1 pair of god & hero):
    0+5 = 5; Afterlife penalty (2 cards in Afterlife): -20" """
    got = lines(EXAMPLE_HAND, EXAMPLE_AFTERLIFE, ["clear:moly=pomegranate"])
    expected = {
        "Hera": 18,
        "Arachne": 13,
        "Hippolyta": 10,
        "Orpheus": 12,
        "Antaeus": 18,
        "Apotheosis": 28,
        "Moly": 4,
        "Pomegranate": 6,
        "River Styx": 5,
    }
    assert {name: line.total for name, line in got.items()} == expected
    assert got["Pomegranate"].place == got["River Styx"].place == "afterlife"
    assert "Pomegranate" in got["Orpheus"].notes[0]


def test_scoring_example_true_total_is_94_not_the_printed_92() -> None:
    """Scoring Example: "Total: 92" — but its own items sum to 94 (recorded in
    docs/rules/realms.md); the solver's best for this hand is the true sum."""
    assert sum([18, 13, 10, 12, 18, 28, 4, 6, 5]) - 20 == 94
    assert best(EXAMPLE_HAND, EXAMPLE_AFTERLIFE, ["clear:moly=pomegranate"]).score == 94
    assert best(EXAMPLE_HAND, EXAMPLE_AFTERLIFE).score == 94


def test_faq_argo_counts_its_own_aquatic_tag() -> None:
    """FAQ: "Does Argo count its own Aquatic tag when multiplying? Yes. In a hand with Argo,
    Poseidon, and three Heroes, Argo would be worth 2x3x5 or 30 points." """
    got = lines("Argo, Poseidon, Achilles, Jason, Theseus")
    assert got["Argo"].total == 30


def test_faq_using_a_bonus_is_optional_helm_of_hades() -> None:
    """FAQ: "you can choose not to use the Helm of Hades to save a Hero if you would prefer to
    see the Hero in the Afterlife." Sacrificial Altar pays +7 per Hero in the Afterlife."""
    hand = "Helm of Hades, Medusa, Achilles, Hector, Sacrificial Altar, Hades, Cerberus"
    solution = best(hand)
    assert "helm:none" in solution.choices
    saved = best(hand, forced=["helm:achilles"]).score
    assert solution.score > saved


def test_faq_bridle_need_not_be_used_and_clears_a_whole_monster() -> None:
    """FAQ: "if you have the Charmed Bridle and a monster that would kill all your Heroes, you
    can choose not to use the Bridle to remove the monster's penalties ... you can't use it to
    save some Heroes from the Monster's penalty and doom others." """
    hand = "Charmed Bridle, Sirens, Achilles, Hector, Sacrificial Altar, Cerberus, Hades"
    solution = best(hand)
    assert "clear:charmed-bridle=sirens" not in solution.choices  # the Heroes should die
    assert solution.score > best(hand, forced=["clear:charmed-bridle=sirens"]).score
    eg = Endgame(Table(cards(hand), []))
    keys = [o.key(eg.table) for o in eg.options()]
    assert "clear:charmed-bridle=sirens" in keys
    assert not any(k.startswith("clear:charmed-bridle=achilles") for k in keys)  # monsters only


def test_faq_heroes_able_to_defeat_a_monster_must_and_others_may_face_it_first() -> None:
    """Endgame: "You have three heroes, one of whom has NIMBLE, plus the Medusa ... you could
    have two Heroes face the Medusa and be killed, before the third Hero with NIMBLE defeats
    her." FAQ: "If they have the ability to defeat a Monster, they must." """
    hand = "Medusa, Achilles, Hector, Atalanta, Sacrificial Altar, Cerberus, Hades"
    eg = Endgame(Table(cards(hand), []))
    keys = [o.key(eg.table) for o in eg.options()]
    assert "face:medusa=achilles" in keys and "face:medusa=hector" in keys
    assert "face:medusa=atalanta" not in keys  # Atalanta (Nimble) cannot be sent to die
    solution = best(hand)
    assert solution.choices == ["face:medusa=achilles", "face:medusa=hector", "face:medusa=stop"]
    story = solution.story(Table(cards(hand), []))
    assert "Medusa is defeated by Atalanta." in story


def test_faq_omega_monster_stops_at_a_hero_who_can_defeat_it() -> None:
    """FAQ: "as soon as a Monster faces a Hero with the icon needed to defeat it, it will stop
    attacking." Without a reason to sacrifice, nobody dies."""
    got = lines("Medusa, Achilles, Hector, Atalanta, Apollo, Ares, Zeus")
    assert all(line.place == "hand" for line in got.values())


def test_faq_omega_cards_resolve_one_at_a_time_in_chosen_order() -> None:
    """FAQ: "you must choose each card in your hand with an Omega symbol ... one at a time, in
    whatever order you wish." Heracles dies facing Antaeus first, so he sends nobody else."""
    hand = "Heracles, Antaeus, Hippolyta, Orpheus, Hades, Cerberus, Apollo"
    eg = Endgame(Table(cards(hand), []))
    keys = [o.key(eg.table) for o in eg.options()]
    assert keys == ["omega:heracles", "omega:antaeus"]


def test_faq_calydonian_boar_and_hydra_check_immediately() -> None:
    """FAQ: "When you choose to activate the Calydonian Boar or the Lernaean Hydra, it will
    immediately check to see if there are sufficient living Heroes or icons on living Heroes
    to stop it." Afterlife: Calydonian Boar "unless you have three or more living Heroes"."""
    boar = lines("Calydonian Boar, Achilles, Hector, Apollo, Ares, Zeus, Hera")
    assert boar["Achilles"].place == boar["Hector"].place == "afterlife"
    held = lines("Calydonian Boar, Achilles, Hector, Theseus, Ares, Zeus, Hera")
    assert held["Achilles"].place == "hand"
    hydra = lines("Lernaean Hydra, Odysseus, Hector, Apollo, Ares, Zeus, Hera")
    assert hydra["Odysseus"].place == "hand"  # Clever, Monarch, Warrior: three tags
    hydra2 = lines("Lernaean Hydra, Theseus, Hector, Apollo, Ares, Zeus, Hera")
    assert hydra2["Theseus"].place == "afterlife"


def test_afterlife_sirens_unless_a_clever_hero() -> None:
    """The Afterlife: "Sirens. Endgame: Place all Heroes in the Afterlife unless you have a
    Hero with CLEVER." """
    doomed = lines("Sirens, Achilles, Hector, Apollo, Ares, Zeus, Hera")
    assert doomed["Achilles"].place == "afterlife"
    safe = lines("Sirens, Achilles, Medea, Apollo, Ares, Zeus, Hera")
    assert safe["Achilles"].place == "hand"


def test_faq_circe_penalty_triggers_from_the_afterlife() -> None:
    """FAQ: "Does Circe's penalty trigger even if she is in the Afterlife? Yes." """
    got = lines("Achilles, Hector, Ares, Apollo, Zeus, Hera, Poseidon", "Circe")
    assert got["Achilles"].bonus == 0 and got["Hector"].bonus == 0
    assert "bonus cleared" in got["Achilles"].notes


def test_faq_moly_cannot_cancel_the_afterlife_cost() -> None:
    """FAQ: "Can Moly cancel the -10 penalty for being in the Afterlife? No." """
    solution = best("Moly, Apollo, Ares, Zeus, Hera, Poseidon, Artemis", "Hades")
    assert all(not k.endswith("=hades") for k in solution.choices)
    base = sum(c.base for c in cards("Moly, Apollo, Ares, Zeus, Hera, Poseidon, Artemis, Hades"))
    assert solution.score < base + 200  # sanity
    eg = Endgame(Table(cards("Moly, Apollo, Ares, Zeus, Hera, Poseidon, Artemis"), cards("Hades")))
    assert [o.key(eg.table) for o in eg.options()] == ["clear:moly=none"]


def test_faq_cards_with_multiple_tags_count_more_than_once_poseidon_sirens() -> None:
    """FAQ: "Poseidon reads '+5 for each other AQUATIC tag and for each Monster.' Since the Sirens
    are an Aquatic Monster, they will give Poseidon +10." """
    got = lines("Poseidon, Sirens, Medea, Apollo, Ares, Zeus, Hera")
    assert got["Poseidon"].bonus == 10


def test_faq_persephone_pairs_on_one_card_and_other() -> None:
    """FAQ: "Persephone would still get her bonus if there was only one card in the Afterlife,
    and it was the only card with the Afterlife tag (such as the Cornucopia). Also, even though
    Persephone says 'one other card,' she still gets her bonus even if she herself is not in
    the Afterlife area. The word 'other' simply means not to count Persephone herself." """
    got = lines("Persephone, Apollo, Ares, Zeus, Hera, Athena, Artemis", "Cornucopia")
    assert got["Persephone"].bonus == 6
    alone = lines("Apollo, Ares, Zeus, Hera, Athena, Artemis, Hecate", "Persephone")
    assert alone["Persephone"].bonus == 0  # she does not pair with herself


def test_faq_jason_bonus_counts_from_the_afterlife() -> None:
    """FAQ: "although Jason and Sappho refer to 'other living Heroes,' they can still get their
    bonus even if they themselves are in the Afterlife." """
    got = lines("Achilles, Hector, Theseus, Apollo, Ares, Zeus, Hera", "Jason")
    assert got["Jason"].place == "afterlife" and got["Jason"].bonus == 12
    sappho = lines("Achilles, Hector, Apollo, Ares, Zeus, Hera, Hades", "Sappho")
    assert sappho["Sappho"].bonus == 10


def test_hermes_counts_locations_in_the_afterlife() -> None:
    """The Afterlife: "Hermes ... won't care if some of your Locations are places like the River
    Styx or Persephone's Garden that you've placed in the Afterlife." """
    got = lines(
        "Hermes, Apollo, Ares, Zeus, Hera, Athena, Artemis", "River Styx, Persephone's Garden"
    )
    assert got["Hermes"].bonus == 10


def test_terminology_with_pays_once() -> None:
    """Terminology, With: "You have Hector, and also have Ares and Apollo. You only get the +6
    bonus once." """
    got = lines("Hector, Ares, Apollo, Zeus, Hera, Athena, Hecate")
    assert got["Hector"].bonus == 6


def test_terminology_for_each_counts_every_card() -> None:
    """Terminology, For Each: "once for each card you hold of the variety named"."""
    got = lines("Helen, Achilles, Hector, Agamemnon, Ares, Zeus, Hera")
    assert got["Helen"].bonus == 40  # four Warriors


def test_terminology_add_never_duplicates_a_tag() -> None:
    """Terminology, Add: "no card may ever have two duplicate tags on it"; Overview: Athena "may
    ADD one of her icons to a Living Hero"."""
    eg = Endgame(Table(cards("Athena, Odysseus, Apollo, Ares, Zeus, Hera, Hecate"), []))
    keys = [o.key(eg.table) for o in eg.options()]
    assert "add:athena=odysseus/wise" in keys and "add:athena=odysseus/artistic" in keys
    assert "add:athena=odysseus/clever" not in keys  # he already has it
    got = lines("Athena, Tiresias, Helen, Apollo, Zeus, Hera, Hecate")
    # Athena makes Helen a Warrior: Helen counts herself (+10) and Athena counts Tiresias
    # (Wise) and Helen (now a Warrior).
    assert got["Athena"].bonus == 8 and got["Helen"].bonus == 20  # Athena is a Warrior too


def test_terminology_requires() -> None:
    """Terminology, Requires: "only granted if the required suit or tag is present"."""
    assert (
        lines("Long Journey, Temple, Palace, Apollo, Zeus, Hera, Hecate")["The Long Journey"].bonus
        == 0
    )
    assert (
        lines("Long Journey, Temple, Palace, Achilles, Zeus, Hera, Hecate")[
            "The Long Journey"
        ].bonus
        == 22
    )


def test_terminology_clear_keeps_suit_base_and_bonus() -> None:
    """Terminology, Clear: "A card that has had its Penalty cleared still keeps its suit, base
    value, and Bonus. Bonus clears are optional, and occur before Penalties ... Penalty clears
    are mandatory." """
    got = lines("Moly, Cerberus, Achilles, Hector, Hades, Apollo, Zeus")
    assert got["Cerberus"].penalty == 0 and got["Cerberus"].base == 5
    with_lotus = lines("Land of the Lotus-Eaters, Achilles, Hera, Ares, Zeus, Apollo, Hades")
    assert with_lotus["Achilles"].bonus == 0  # mandatory: living Heroes lose their bonus


def test_endgame_example_athena_restores_a_tag_circe_stripped() -> None:
    """Endgame step 3: "Tags that were Cleared in step 2 may be restored in step 3. Example: If
    Theseus has his tags stripped away by Circe during phase 2, Athena could still ADD a tag to
    him in phase 3." """
    hand = "Circe, Theseus, Athena, Ares, Zeus, Hera, Apollo"
    eg = Endgame(Table(cards(hand), []))
    keys = [o.key(eg.table) for o in eg.options()]  # steps 1-2 resolve by themselves
    theseus = 1
    assert eg.step == 3 and eg.tags[theseus] == 0
    assert "add:athena=theseus/warrior" in keys
    got = lines(hand)
    assert got["Ares"].bonus == 14  # Athena and Theseus, made a Warrior again by Athena
    assert "tags now: warrior" in got["Theseus"].notes


def test_pairs_count_each_pair_once() -> None:
    """Hera: "+12 for each pair of living Heroes" — three Heroes make one pair."""
    assert lines("Hera, Achilles, Hector, Theseus, Apollo, Zeus, Ares")["Hera"].bonus == 12
    assert lines("Hera, Achilles, Hector, Theseus, Jason, Zeus, Ares")["Hera"].bonus == 24


def test_living_means_in_hand() -> None:
    """The Afterlife: "'living' Heroes, which means Heroes that are not in the Afterlife"."""
    got = lines("Hera, Achilles, Apollo, Zeus, Ares, Athena, Hecate", "Jason")
    assert got["Hera"].bonus == 0  # one living Hero: no pair


def test_river_lethe_blanks_heroes_in_the_afterlife() -> None:
    """River Lethe (reconstructed): its penalty takes tags and bonuses from Heroes in the
    Afterlife, and costs 20 unless Lethe itself is there."""
    got = lines("Apollo, Zeus, Ares, Hera, Athena, Hecate, Artemis", "River Lethe, Jason")
    assert got["Jason"].bonus == 0 and got["River Lethe"].penalty == 0


@pytest.mark.parametrize("name", [c.name for c in deck().cards])
def test_every_card_scores_alone_in_a_plain_hand(name: str) -> None:
    """Every card can be scored; the solver's best equals the best of all decision paths."""
    filler = [
        c for c in ("Apollo", "Zeus", "Ares", "Hera", "Athena", "Hecate", "Artemis") if c != name
    ][:6]
    hand = ", ".join([name, *filler])
    assert best(hand).score == every_score(hand)[-1]
