"""Artifacts: God's, Monster rewards and the Neutral deck; use once, charged at Build Monument."""

from __future__ import annotations

from hellas.games.lords import GAME
from hellas.games.lords.content import LANDS
from hellas.games.lords.state import MARCH, LordsState

from .helpers import R, clear_board, give_cards, keys, play, put, started
from .test_battle import arena, attack, settle
from .test_hunt import HYDRA, scene


def own(s: LordsState, seat: int, *artifact_ids: str) -> None:
    """Give ``seat`` these Artifacts, charged (Neutral ones leave their deck)."""
    for artifact_id in artifact_ids:
        a = s.content.artifact(artifact_id).index
        if a in s.neutral_deck:
            s.neutral_deck.remove(a)
        s.artifact_owner[a] = seat
        s.artifact_charged[a] = True
    s.cache = None


def charged(s: LordsState, artifact_id: str) -> bool:
    return s.artifact_charged[s.content.artifact(artifact_id).index]


def test_an_artifact_is_used_once_until_build_monument_charges_it() -> None:
    """Artifacts: "After being used, the Artifact cannot be used again until it is charged
    during the 'Build Monument' Special Action used by any player. Once a player obtains an
    Artifact, he/she has it for the rest of the game. Artifacts are visible to other players."""
    s = started(2)
    p = s.current
    s.injured[p] = 0b011
    own(s, p, "ambrosia")
    assert GAME.view(s, 1 - p)["artifacts"]["ambrosia"] == {"owner": p, "charged": True}
    play(s, "artifact:ambrosia")
    assert s.injured[p] == 0 and not charged(s, "ambrosia")
    s.injured[p] = 0b001
    s.cache = None
    assert "artifact:ambrosia" not in keys(s)
    play(s, "monument:zeus")
    assert charged(s, "ambrosia") and s.artifact_owner[s.content.artifact("ambrosia").index] == p


def test_artifacts_are_used_together_as_one_regular_action() -> None:
    """Regular Actions: "2 Artifacts can be used at once, but a player cannot use one Artifact,
    move Hoplites, and then use another Artifact"."""
    s = started(2)
    p = s.current
    s.injured[p] = 0b001
    s.hero_at[p] = R("attica")
    s.temples[R("attica")] = 1
    own(s, p, "ambrosia", "eye-of-cyclops")
    play(s, "artifact:ambrosia")
    assert "artifact:eye-of-cyclops" in keys(s)
    play(s, "hoplite-move", "done")
    assert "artifact:eye-of-cyclops" not in keys(s)


def test_thunder_of_zeus_injures_an_enemy_hero_who_picks_the_attribute() -> None:
    """Thunder of Zeus (community): "Deal 1 Injury to an enemy Hero (the enemy chooses which
    Attribute)" - its other option, a Wound, is in test_hunt."""
    s = started(2)
    p = s.current
    q = 1 - p
    own(s, p, "thunder-of-zeus")
    hero = s.content.heroes[s.heroes[q]].id
    play(s, "artifact:thunder-of-zeus", f"zap:{hero}")
    assert GAME.to_act(s) == q
    play(s, "injure:leadership")
    assert s.injured[q] == 0b001


def test_monster_artifacts_on_ones_turn() -> None:
    """Monster reward Artifacts (community): Adamant Tethers kills 3 Hoplites and Chimera's
    Fire 1 in the Hero's Region; Eye of Cyclops a Priest by a Temple; Head of Sphinx takes the
    Neutral Region with a Hoplite."""
    s = started(2)
    p = s.current
    q = 1 - p
    clear_board(s)
    s.hero_at[p] = R("attica")
    put(s, "attica", q, 5)
    own(s, p, "adamant-tethers", "chimeras-fire")
    play(s, "artifact:adamant-tethers", "artifact:chimeras-fire")
    assert s.hoplites(R("attica"), q) == 1
    s = started(2)
    p = s.current
    clear_board(s)
    s.hero_at[p] = R("attica")
    s.temples[R("attica")] = 1
    own(s, p, "eye-of-cyclops", "head-of-sphinx")
    play(s, "artifact:eye-of-cyclops", "artifact:head-of-sphinx")
    assert s.priests[p] == 1 and s.control[R("attica")] == p and s.hoplites(R("attica"), p) == 1


def test_neutral_artifacts_on_ones_turn() -> None:
    """Neutral Artifacts (community): Pheme's Trumpet, Horn of Plenty, Pandora's Box,
    Ariadne's Thread."""
    s = started(2)
    p = s.current
    clear_board(s)
    s.used[p] = 1 << MARCH
    s.control[R("attica")] = p
    s.monster_at[HYDRA] = R("crete")
    own(s, p, "phemes-trumpet", "horn-of-plenty", "pandoras-box", "ariadnes-thread")
    play(s, "artifact:phemes-trumpet", "untoken:march")
    assert s.used[p] == 0
    play(s, "artifact:horn-of-plenty", "power:attica")
    assert s.hoplites(R("attica"), p) == 2
    play(s, "artifact:ariadnes-thread")
    assert all(k.startswith("thread:hydra>") for k in keys(s))
    play(s, "thread:hydra>laconia")
    assert s.monster_at[HYDRA] == R("laconia")
    play(s, "artifact:pandoras-box")  # one more Monster Phase, its user deciding
    assert s.stack[-1]["k"] == "monsters" and keys(s) == ["monster:hydra"]
    assert GAME.to_act(s) == p and s.stack[-2]["k"] == "turn"


def test_battle_artifacts() -> None:
    """Neutral and Monster Artifacts in Battle (community): Caduceus (the enemy discards),
    Apollo's Arrow (+2 next to the Hero), Harpe (a card), Minotaur's Horn (the defender's
    neighbours come in), Aegis (Hoplites saved), Medusa's Blood (a Casualty ignored)."""
    s, p, q = arena(3, 3)
    s.hero_at[p] = R("attica")
    give_cards(s, q, "trap-sword-1")
    give_cards(s, p, "charge-sickle-4")
    own(s, p, "caduceus", "apollos-arrow", "medusas-blood", "aegis")
    attack(s, 3)
    play(s, "pass")  # the defender passes; the attacker's turn
    assert {"artifact:caduceus", "artifact:apollos-arrow"} <= set(keys(s))
    play(s, "artifact:apollos-arrow", "artifact:medusas-blood", "artifact:aegis")
    play(s, "card:charge-sickle-4")  # 3 + 4 + 2 against 3: 2 Casualties, 1 ignored, 1 saved
    settle(s)
    assert s.control[R("corinthia")] == p and s.hoplites(R("corinthia"), p) == 3

    s, p, q = arena(3, 1)
    put(s, "argolis", q, 3, control=True)
    own(s, q, "minotaurs-horn", "harpe")
    give_cards(s, q, "trap-sword-1")
    attack(s, 3)
    assert "artifact:minotaurs-horn" in keys(s)
    play(s, "artifact:minotaurs-horn", "artifact:harpe")
    assert s.hoplites(R("corinthia"), q) == 4 and len(s.hands[q]) == 2
    play(s, "pass")
    settle(s)
    assert s.control[R("corinthia")] == q  # 4 beat 3


def test_caduceus_makes_the_enemy_discard_a_card_of_their_choice() -> None:
    s, p, q = arena(3, 3)
    give_cards(s, q, "trap-sword-1", "charge-sickle-4")
    give_cards(s, p, "wild-attack-axe-3")
    own(s, p, "caduceus")
    attack(s, 3)
    play(s, "pass", "artifact:caduceus")
    assert GAME.to_act(s) == q and s.stack[-1]["k"] == "discard"
    play(s, "discard:trap-sword-1")
    assert s.hands[q] == [s.content.card("charge-sickle-4").index]


def test_hunt_artifacts_poison_arrows_and_eye_of_graeae() -> None:
    """Poison Arrows: "Use at the beginning of a Hunt to deal any 1 Wound to the Monster and
    draw 1 Combat Card"; Eye of Graeae: "Discard any number of Combat Cards and then draw back
    the same number"."""
    s, p = scene(hand=("assault-axe-4", "trap-mace-1"), draws=("wild-attack-axe-3",))
    own(s, p, "poison-arrows", "eye-of-graeae")
    play(s, "hunt:hydra", "artifact:poison-arrows", "wound:3")
    assert s.wounds[HYDRA] == [3] and len(s.hands[p]) == 4
    play(s, "artifact:eye-of-graeae", "discard:assault-axe-4", "discard:trap-mace-1", "done")
    assert len(s.hands[p]) == 4 and s.stack[-1]["k"] == "hunt"


def test_oracle_helen_and_heracles_draw_neutral_artifacts() -> None:
    """Temple Card 3: the Oracle "Draw 3 Neutral Artifacts, keep one and shuffle others back";
    Helen's starting bonus (the same); Heracles: "At the beginning of your turn you may discard
    one of your Glory Tokens to draw 2 Neutral Artifacts, keep 1"."""
    s = started(2)
    p = s.current
    clear_board(s)
    s.control[R("phocis")] = p
    s.temple_card = 2
    play(s, "temple:phocis")
    assert s.stack[-1]["k"] == "artifact-pick" and len(keys(s)) == 3
    play(s, keys(s)[0])
    assert s.artifact_owner.count(p) == 1 and len(s.neutral_deck) == 9

    s = GAME.new({"players": 2}, 3)
    play(s, "hero:helen", "start:attica")
    assert s.stack[-1]["k"] == "artifact-pick" and GAME.to_act(s) == s.stack[-1]["seat"]
    play(s, keys(s)[2])
    assert len(s.neutral_deck) == 9

    s = GAME.new({"players": 2}, 4)
    play(s, "hero:achilles", "start:crete", "hero:heracles", "start:epirus")
    heracles = next(q for q in range(2) if s.content.heroes[s.heroes[q]].id == "heracles")
    s.glory[LANDS.index("green")] = heracles
    s.stack.pop()
    from hellas.games.lords.turn import start_turn  # noqa: PLC0415

    start_turn(s, heracles)
    s.cache = None
    assert keys(s) == ["heracles:none", "heracles:green"]
    play(s, "heracles:green")
    assert s.glory[LANDS.index("green")] == -1 and len(keys(s)) == 2
    play(s, keys(s)[0])
    assert s.artifact_owner.count(heracles) == 1


def test_neutral_artifacts_drawn_to_pick_are_seen_only_by_their_drawer() -> None:
    """Hidden information: the Neutral Artifacts drawn to keep one are shown only to the player
    who drew them; other seats' samples re-deal them."""
    from hellas.core.rng import Rng  # noqa: PLC0415

    s = GAME.new({"players": 2}, 3)
    play(s, "hero:helen", "start:attica")
    seat = s.stack[-1]["seat"]
    assert len(GAME.view(s, seat)["artifact_pick"]) == 3
    assert "artifact_pick" not in GAME.view(s, 1 - seat)
    samples = {tuple(GAME.determinize(s, 1 - seat, Rng(k)).stack[-1]["cards"]) for k in range(8)}
    assert len(samples) > 1
    assert GAME.determinize(s, seat, Rng(1)).stack[-1]["cards"] == s.stack[-1]["cards"]


def test_a_hero_on_a_quest_cannot_be_placed_by_boots_of_hermes_or_perseus() -> None:
    """A Hero on a Quest is off the board until the Quest ends (found by random Atlantis games:
    the Boots put a questing Hero back on the map, leaving it both on the Quest and on the map)."""
    s = started(2)
    p = s.current
    own(s, p, "boots-of-hermes")
    assert "artifact:boots-of-hermes" in keys(s)
    s.questing[p], s.quest_step[p], s.hero_at[p] = s.quest_slots[0], 1, -1
    s.cache = None
    assert "artifact:boots-of-hermes" not in keys(s)
    s.stack.append({"k": "perseus"})
    s.cache = None
    assert keys(s) == ["place:stay"]
