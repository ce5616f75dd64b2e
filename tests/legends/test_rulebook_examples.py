"""Every worked example of the Legends of Hellas rulebook, as a named test quoting its section."""

from __future__ import annotations

from hellas.games.legends.state import P_OVER, P_RECOVER, P_RECOVER_DISCARD, SIDEWAYS

from .builders import hand, keys, play, position, slot


def test_the_monsters_example_hydra_with_four_speed_cards_needs_courage() -> None:
    """The Monsters: "Perseus wants to defeat the Hydra, which has already had 4 speed action
    cards played on it. To defeat the Hydra, Perseus cannot play another speed action card; he
    must instead play a courage action card." """
    s = position(
        players=2,
        monsters=[slot("hydra", ["speed"] * 4)],
        hands={0: ["speed", "courage", "divine"], 1: ["arms"]},
        heroes=["perseus", "atalanta"],
    )
    legal = keys(s)
    assert "fight:speed" not in legal
    assert "fight:divine=speed" not in legal
    assert "fight:courage" in legal
    assert "fight:divine=courage" in legal
    play(s, "fight:courage")
    assert not s.monsters[0].alive
    assert s.defeats == 1


def test_the_monsters_example_griffin_divine_interventions() -> None:
    """The Monsters: "One strength card has already been played on the Griffin ... Perseus goes
    first, playing his divine intervention as a guile card. Atalanta then plays her divine
    intervention, and with one of each attribute already in play, Atalanta immediately defeats
    the Griffin! ... Atalanta plays her card sideways, under the Griffin." """
    s = position(
        players=2,
        mission=3,
        monsters=[slot("griffin", ["strength"]), "hydra", "lamia"],
        hands={0: ["divine", "speed"], 1: ["divine", "courage"]},
        heroes=["perseus", "atalanta"],
    )
    assert "fight:slay" not in keys(s)  # guile is still missing
    play(s, "fight:divine=guile")
    assert s.actor == 1
    assert "fight:slay" in keys(s)
    play(s, "fight:slay")
    griffin = s.monsters[0]
    assert not griffin.alive and griffin.by_divine
    assert griffin.played == 2  # the sideways card does not count as one of the 5
    assert griffin.cards[-1][3] == SIDEWAYS
    assert hand(s, 1) == {"courage": 1}


def test_chimera_example_two_arms_one_strength_one_courage_before_a_divine_slay() -> None:
    """The Monsters: "To defeat this combined monster using fewer than 8 cards, Hercules,
    Atalanta and Perseus must play at least 2 arms, 1 strength, and 1 courage action card before
    any of them can play a divine intervention to defeat the Chimera; they may still play divine
    interventions as 'wild' attributes." """
    chimera = slot("minotaur+lamia", ["arms", "strength", "courage"])
    assert chimera.need == (0, 0, 2, 1, 1)  # arms twice: "1 card per symbol"
    s = position(
        players=3,
        monsters=[chimera],
        hands={0: ["divine", "divine", "arms"], 1: ["divine"], 2: ["divine"]},
        heroes=["hercules", "atalanta", "perseus"],
        discs={0: 0, 1: 0, 2: 0},
    )
    legal = keys(s)
    assert "fight:slay" not in legal  # only 1 arms so far
    assert "fight:divine=arms" in legal  # a wild card is still allowed
    play(s, "fight:divine=arms")  # Hercules: divine as the second arms
    assert "fight:slay" in keys(s)
    play(s, "fight:slay")  # Atalanta slays the Chimera: the last one, so the mission is won
    assert s.phase == P_OVER and s.result == 1


def test_chimera_needs_eight_cards_covering_every_symbol() -> None:
    """The Monsters: "Chimeras are harder to beat, requiring 8 action cards to vanquish."
    Seven cards of the wrong mix leave no legal card that would make the eighth impossible."""
    chimera = slot("minotaur+lamia", ["strength"] * 3 + ["courage"] * 3)
    assert chimera.playable == (2,)  # only arms keeps 2 arms possible in 2 slots
    s = position(
        players=1, monsters=[chimera], hands={0: ["arms", "arms", "strength"]}, heroes=["hercules"]
    )
    assert "fight:strength" not in keys(s)
    play(s, "fight:arms")
    assert s.monsters[0].played == 7
    play(s, "fight:arms")
    assert s.phase == P_OVER and s.result == 1


def test_recover_example_jason_draws_three_of_nine() -> None:
    """Recover: "There are still 9 action cards left in the draw deck, and Jason, holding no
    cards, wants to replenish his hand. Instead of drawing 5 cards, he calculates that he can
    draw 3 cards (and then discard one)" """
    s = position(
        players=3,
        monsters=[slot("minotaur+lamia")],
        hands={0: [], 1: ["arms"], 2: ["courage"]},
        heroes=["jason", "perseus", "achilles"],
        deck_size=9,
    )
    assert len(s.deck) == 9
    discarded = len(s.discard)
    play(s, "recover")
    assert s.phase == P_RECOVER
    assert "stop" not in keys(s)  # holding no cards, he must draw at least one to discard
    play(s, "draw", "draw", "draw")
    assert "stop" in keys(s) and "draw" in keys(s)
    play(s, "stop")
    assert s.phase == P_RECOVER_DISCARD and s.hsize[0] == 3
    play(s, keys(s)[0])
    assert s.hsize[0] == 2 and len(s.deck) == 6 and len(s.discard) == discarded + 1


def test_special_ability_example_atalanta_face_down_card_counts_as_guile() -> None:
    """Special Ability: "Once per mission, each player may play one action card from their hand
    face-down next to a monster, causing that card to match their player color (e.g. the yellow
    hero, Atalanta, can turn a face-down action card into a guile action card) ... flip their
    hero disc to its 'broken' side"."""
    s = position(
        players=2,
        monsters=["griffin", "hydra"],
        hands={0: ["courage", "speed"], 1: ["speed", "courage"]},
        heroes=["atalanta", "perseus"],
        discs={0: 0, 1: 1},
    )
    assert "special:courage" in keys(s)
    play(s, "special:courage")
    griffin = s.monsters[0]
    assert griffin.counts[0] == 1  # counts as guile
    assert s.broken & 1
    play(s, "fight:speed")  # Perseus, on the Hydra
    assert not any(k.startswith("special:") for k in keys(s))  # once per mission
