"""The Hephaestus module and its simple mode (Dark Ages rulebook, "Hephaestus"), rule by rule."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hellas.core.conformance import random_game
from hellas.games.lords import GAME
from hellas.games.lords.content import configured
from hellas.games.lords.state import LordsState

from ..helpers import R, clear_board, give_cards, keys, play, put, record_index, started
from ..test_hunt import HYDRA, attacks_next, top
from .games import heuristic_games, random_games

H = "hephaestus"
PACK_CARDS = (
    '[[card]]\nid = "adamantine-sickle"\nname = "Adamantine Sickle"\nkind = "relic"\n'
    'symbol = "sickle"\nstrength = 4\ncasualties = 0\neffect = "none"\ncount = 1\n'
    'provenance = "provisional"\n\n'
    '[[card]]\nnew = true\nid = "lightning-bolt"\nname = "Lightning Bolt"\nkind = "lightning"\n'
    'symbol = "lightning"\nstrength = 3\ncasualties = 0\neffect = "none"\ncount = 1\n'
    'provenance = "provisional"\n'
)


@pytest.fixture
def pack(tmp_path: Path) -> Iterator[str]:
    """A content pack adding the Adamantine Sickle and one Lightning Relic."""
    (tmp_path / "combat.toml").write_text(PACK_CARDS)
    yield str(tmp_path)


def game(modules: str = H, players: int = 2, **kw: object) -> LordsState:
    """Heracles and Achilles (and more) after setup, the board cleared, empty hands."""
    s = started(players, modules=modules, printed_only=True, **kw)  # type: ignore[arg-type]
    clear_board(s)
    for q in range(players):
        give_cards(s, q)
    return s


def C(card_id: str) -> int:
    return record_index("combat", card_id)


def A(artifact_id: str) -> int:
    return configured(H).artifact(artifact_id).index


def relic_state(s: LordsState) -> dict:
    return s.mod[H]  # type: ignore[no-any-return]


def face_up(s: LordsState, *relic_ids: str) -> None:
    """Lay these Relics face up (the ones they push out go back under the Relic deck)."""
    m = relic_state(s)
    for rid in relic_ids:
        c = C(rid)
        for pile in (m["deck"], m["offer"], m["lightning"]):
            if c in pile:
                pile.remove(c)
        m["offer"].insert(0, c)
    while len(m["offer"]) > 3:
        m["deck"].insert(0, m["offer"].pop())
    s.cache = None


def hold(s: LordsState, seat: int, *relic_ids: str) -> None:
    """Give a seat these Relics (taken from wherever they lie)."""
    m = relic_state(s)
    for rid in relic_ids:
        c = C(rid)
        for pile in (m["deck"], m["offer"], m["lightning"]):
            if c in pile:
                pile.remove(c)
        m["held"][seat].append(c)
    s.cache = None


def own(s: LordsState, seat: int, artifact_id: str, charged: bool = True) -> None:
    a = A(artifact_id)
    if a in s.neutral_deck:
        s.neutral_deck.remove(a)
    s.artifact_owner[a] = seat
    s.artifact_charged[a] = charged
    s.cache = None


def pray_at_level(s: LordsState, level: int) -> int:
    """Give the player to act a Priest and Hephaestus' Monument this level; return the seat."""
    p = s.current
    s.monument[s.content.god(H).index] = level
    s.priests[p] = 1
    s.cache = None
    return p


def battle_frame(s: LordsState) -> dict:
    return next(f for f in reversed(s.stack) if f["k"] == "battle")


def arena(
    att: int, dfn: int, region: str = "corinthia", **kw: object
) -> tuple[LordsState, int, int]:
    """The player to act (attacker, in Attica) next to a defender in ``region``."""
    s = game(**kw)
    p = s.current
    q = 1 - p
    put(s, "attica", p, att, control=True)
    put(s, region, q, dfn, control=True)
    s.attrs[p * s.na] = 5
    return s, p, q


def attack(s: LordsState, n: int, region: str = "corinthia") -> None:
    play(s, "hoplite-move", *[f"move:attica>{region}"] * n)
    if "done" in keys(s):
        play(s, "done")


# -- Hephaestus Setup ----------------------------------------------------------------------------


def test_setup_monument_in_messenia_with_the_hammer_under_it() -> None:
    """ "Place the Hephaestus Monument in Messenia" and "Hephaestus' Artifact card under"."""
    s = game()
    c = s.content
    god = c.god(H)
    assert c.regions[god.site].id == "messenia" and god.artifact == "hephaestus-hammer"
    assert c.artifact("hephaestus-hammer").kind == "god" and s.monument[god.index] == 1
    assert c.attributes[god.attribute] == "strength"  # our ruling: Priests raise Strength
    from hellas.games.lords.board import take_control  # noqa: PLC0415

    take_control(s, R("messenia"), 1)
    assert s.artifact_owner[A("hephaestus-hammer")] == 1


def test_setup_three_relics_face_up_lightning_apart_none_in_the_combat_deck(pack: str) -> None:
    """ "set aside all the Lightning cards from the Relic deck and form a Lightning deck face
    up. Then, draw 3 cards from the Relic deck and place them face up"."""
    s = game(content=pack)
    m = relic_state(s)
    relics = {C(x) for x in ("eurytus-bow", "sword-of-justice", "mirror-shield")}
    relics.add(C("adamantine-sickle"))
    assert len(m["offer"]) == 3 and set(m["offer"] + m["deck"]) == relics
    assert m["lightning"] == [C("lightning-bolt")]
    everywhere = s.combat_deck + s.combat_discard + [c for h in s.hands for c in h]
    assert not relics & set(everywhere) and C("lightning-bolt") not in everywhere


def test_by_default_only_the_three_legible_relics_and_no_lightning() -> None:
    s = game()
    m = relic_state(s)
    names = sorted(s.content.combat[c].name for c in m["offer"] + m["deck"])
    assert names == ["Eurytus' Bow", "Mirror Shield", "Sword of Justice"] and m["lightning"] == []


def test_only_the_legible_hephaestus_blessings_join_the_deck() -> None:
    """ "Shuffle Hephaestus Blessings into Blessing Deck": the 3 legible cards of 10."""
    s = game()
    ours = sorted(b.id for b in s.content.blessings if b.god == H)
    assert ours == ["charged-by-fire", "forge-temple", "votive-offering"]
    assert sorted(s.blessing_deck) == [b.index for b in s.content.blessings]


def test_event_phase_refills_the_face_up_relics_to_three(pack: str) -> None:
    """ "During the Event Phase, if there are less than 3 face up Relic cards, draw cards"."""
    s = game(content=pack)  # 4 Relics besides the Lightning one: 1 stays in the deck
    p = s.current
    m = relic_state(s)
    assert len(m["deck"]) == 1
    hold(s, p, s.content.combat[m["offer"][0]].id)
    assert len(m["offer"]) == 2
    play(s, f"monument:{H}")
    while s.stack and s.stack[-1]["k"] not in ("turn",):
        play(s, keys(s)[0])
    assert len(m["offer"]) == 3 and m["deck"] == []


# -- Relics ---------------------------------------------------------------------------------------


def test_a_relic_is_played_in_battle_like_a_card_then_marked_used_not_discarded() -> None:
    """ "Relics are used as normal Combat Card ... but they are not discarded after use.
    Instead, they are marked as used as an Artifact." """
    s, p, q = arena(3, 3)
    hold(s, p, "sword-of-justice")
    give_cards(s, q, "trap-mace-1", "glory-bow-1")
    attack(s, 3)
    play(s, "pass")  # the defender passes: the attacker plays its Relic alone
    assert "play:sword-of-justice" in keys(s) and s.hands[p] == []
    play(s, "play:sword-of-justice")
    while any(f["k"] == "battle" for f in s.stack):
        play(s, keys(s)[0])
    assert s.control[R("corinthia")] == p  # 3 Hoplites + Strength 3 beat 3
    assert C("sword-of-justice") not in s.combat_discard
    assert relic_state(s)["spent"][p] == [C("sword-of-justice")]


def test_a_used_relic_cannot_be_played_until_build_monument_charges_it() -> None:
    """ "They are charged as normal Artifacts, during the Build Monument Special Action." """
    s, p, _q = arena(3, 3)
    hold(s, p, "sword-of-justice")
    relic_state(s)["spent"][p].append(C("sword-of-justice"))
    attack(s, 3)  # no playable card: the Battle resolves at once (the tie: the defender)
    assert not any(f["k"] == "battle" for f in s.stack)
    s2 = game()
    hold(s2, s2.current, "mirror-shield")
    relic_state(s2)["spent"][s2.current].append(C("mirror-shield"))
    play(s2, f"monument:{H}")
    assert relic_state(s2)["spent"][0] == [] and relic_state(s2)["spent"][1] == []


def test_relics_do_not_count_against_the_combat_card_limit() -> None:
    """ "Relics do not count against your Combat Card limit." """
    s = game()
    p = s.current
    hold(s, p, "sword-of-justice", "mirror-shield", "eurytus-bow")
    give_cards(s, p, "trap-sword-1", "trap-mace-1", "glory-bow-1", "glory-torch-1")
    play(s, "prepare", "prep:draw", "prep:draw")
    assert s.stack[-1]["k"] == "discard" and len(s.hands[p]) == 6  # 2 over the limit of 4
    assert all(f"discard:{x}" not in keys(s) for x in ("sword-of-justice", "mirror-shield"))


def test_relics_are_not_artifacts_nothing_charges_them() -> None:
    """ "Relics are not Artifacts. They are not affected by effects affecting Artifacts." """
    s = game()
    p = s.current
    hold(s, p, "mirror-shield")
    relic_state(s)["spent"][p].append(C("mirror-shield"))
    own(s, p, "hephaestus-hammer")
    own(s, p, "ambrosia", charged=False)
    play(s, "artifact:hephaestus-hammer")
    assert keys(s) == ["charge:ambrosia"]  # the Hammer offers Artifacts only, never a Relic
    play(s, "charge:ambrosia")
    assert s.artifact_charged[A("ambrosia")] and relic_state(s)["spent"][p]


def test_a_gained_relic_is_visible_to_every_player() -> None:
    """ "When a player gains a Relic, it is placed next to their Hero board, visible"."""
    s = game()
    p = s.current
    hold(s, p, "eurytus-bow")
    for seat in (None, 1 - p):
        panel = GAME.view(s, seat)["module_panels"][H]
        assert panel["players"][p] == ["Eurytus' Bow"]
        name = s.content.heroes[s.heroes[p]].name
        assert any(c["id"] == "eurytus-bow" and name in c["state"] for c in panel["cards"])


# -- Reforge (the rulebook's examples) ------------------------------------------------------------


def test_reforge_example_a_sword_card_into_the_sword_of_justice() -> None:
    """Reforge: "you can Reforge a Sword Combat Card into the Sword of Justice Relic card"."""
    s = game()
    p = pray_at_level(s, 1)
    face_up(s, "sword-of-justice")
    give_cards(s, p, "wild-attack-sword-3", "glory-bow-1")
    play(s, f"pray:{H}")
    assert s.stack[-1]["k"] == "hep-reforge"
    assert "reforge:sword-of-justice" in keys(s) and "reforge:eurytus-bow" in keys(s)
    assert "reforge:mirror-shield" not in keys(s)  # no shield card in hand
    play(s, "reforge:sword-of-justice")
    assert s.hands[p] == [C("glory-bow-1")] and C("wild-attack-sword-3") in s.combat_discard
    m = relic_state(s)
    assert m["held"][p] == [C("sword-of-justice")] and C("sword-of-justice") not in m["offer"]
    assert s.priests[p] == 0 and s.attrs[p * s.na + 1] >= 2  # the Priest raised Strength


def test_reforge_example_a_shield_into_the_mirror_shield() -> None:
    """Reforge: "Shield can be Reforged into Mirror Shield." """
    s = game()
    p = pray_at_level(s, 1)
    face_up(s, "mirror-shield")
    give_cards(s, p, "reinforcements-shield-0")
    play(s, f"pray:{H}", "reforge:mirror-shield")
    assert relic_state(s)["held"][p] == [C("mirror-shield")] and s.hands[p] == []


def test_reforge_example_a_sickle_into_the_adamantine_sickle(pack: str) -> None:
    """Reforge: "Sickle can be Reforged into Adamantine Sickle" (its card comes from a pack)."""
    s = game(content=pack)
    p = pray_at_level(s, 1)
    face_up(s, "adamantine-sickle")
    give_cards(s, p, "charge-sickle-4")
    play(s, f"pray:{H}", "reforge:adamantine-sickle")
    assert relic_state(s)["held"][p] == [C("adamantine-sickle")]
    assert C("charge-sickle-4") in s.combat_discard


def test_reforge_with_two_kinds_of_card_of_the_symbol_asks_which_to_discard() -> None:
    s = game()
    p = pray_at_level(s, 1)
    face_up(s, "sword-of-justice")
    give_cards(s, p, "wild-attack-sword-3", "trap-sword-1")
    play(s, f"pray:{H}", "reforge:sword-of-justice")
    assert keys(s) == ["smelt:trap-sword-1", "smelt:wild-attack-sword-3"]
    play(s, "smelt:trap-sword-1")
    assert s.hands[p] == [C("wild-attack-sword-3")]


def test_reforge_is_optional_and_needs_a_face_up_relic_of_the_symbol() -> None:
    s = game()
    p = pray_at_level(s, 1)
    face_up(s, "sword-of-justice", "mirror-shield")
    m = relic_state(s)
    m["offer"].remove(C("eurytus-bow"))
    m["deck"].append(C("eurytus-bow"))  # the Bow is not face up
    give_cards(s, p, "glory-bow-1")
    play(s, f"pray:{H}")
    assert keys(s) == ["reforge:none"]
    play(s, "reforge:none")
    assert s.hands[p] == [C("glory-bow-1")]


# -- Lightning ------------------------------------------------------------------------------------


def test_lightning_costs_no_card_is_always_there_goes_back_after_use_one_at_most(
    pack: str,
) -> None:
    """Lightning: no discard when Reforging; "always available"; "discarded after use and go
    back the Lightning deck"; "never have more than 1 Lightning Relic card at a time"."""
    s = game(content=pack)
    p = pray_at_level(s, 1)
    bolt = C("lightning-bolt")
    give_cards(s, p, "glory-bow-1")
    play(s, f"pray:{H}")
    assert "reforge:lightning-bolt" in keys(s)
    play(s, "reforge:lightning-bolt")
    m = relic_state(s)
    assert m["held"][p] == [bolt] and s.hands[p] == [C("glory-bow-1")] and m["lightning"] == []
    m["lightning"].append(m["held"][p].pop())  # another Lightning card face up
    m["held"][p].append(bolt)
    from hellas.games.lords.modules.hephaestus.relics import reforge_targets  # noqa: PLC0415

    assert bolt not in reforge_targets(s, p)  # holds one already
    # played in a Battle: back to the Lightning deck, not marked used
    s2, a, _d = arena(3, 3, content=pack)
    hold(s2, a, "lightning-bolt")
    attack(s2, 3)
    play(s2, "play:lightning-bolt")
    m2 = relic_state(s2)
    assert m2["held"][a] == [] and m2["lightning"] == [bolt] and m2["spent"][a] == []
    while any(f["k"] == "battle" for f in s2.stack):
        play(s2, keys(s2)[0])
    assert s2.control[R("corinthia")] == a and bolt not in s2.combat_discard


def test_a_content_pack_relic_is_used_in_a_game(pack: str) -> None:
    """A pack adds a Relic: it joins the Relic deck, can be Reforged and played in a Battle."""
    s, p, _q = arena(2, 3, content=pack)
    hold(s, p, "adamantine-sickle")
    attack(s, 2)
    play(s, "play:adamantine-sickle")  # Strength 4 (provisional) + 2 beats 3
    while any(f["k"] == "battle" for f in s.stack):
        play(s, keys(s)[0])
    assert s.control[R("corinthia")] == p


# -- The Relic cards -------------------------------------------------------------------------------


def test_eurytus_bow_adds_the_heros_strength_in_the_heros_region() -> None:
    """Eurytus' Bow: "When a Battle is taking place in the Region your Hero is in, add your
    Hero's Strength to your Army Strength." """
    from hellas.games.lords import battle  # noqa: PLC0415

    for hero_there, expected in ((True, 3 + 2 + 4), (False, 3 + 2)):
        s, p, q = arena(3, 3, heroes=("heracles", "perseus"))
        s.attrs[p * s.na + 1] = 4
        s.hero_at[p] = R("corinthia") if hero_there else R("crete")
        hold(s, p, "eurytus-bow")
        give_cards(s, q, "trap-mace-1", "glory-bow-1")  # the defender answers, the Battle goes on
        attack(s, 3)
        play(s, "card:trap-mace-1", "play:eurytus-bow")
        assert battle.strength(s, battle_frame(s), 0) == expected


def test_eurytus_bow_with_one_more_bow_card_deals_any_wound() -> None:
    """Eurytus' Bow: "Use with another Combat Card with a bow symbol to deal a Wound of any
    type." """
    s, p = hunt_scene(hand=("glory-bow-1",), draws=())
    hold(s, p, "eurytus-bow")
    play(s, "hunt:hydra")
    assert "relic-any:eurytus-bow" in keys(s)
    play(s, "relic-any:eurytus-bow", "with:glory-bow-1")
    if s.stack[-1]["stage"] == "slot":
        play(s, keys(s)[0])
    assert len(s.wounds[HYDRA]) == 1  # a Wound of any type from 2 bow cards, not 3
    assert relic_state(s)["spent"][p] == [C("eurytus-bow")] and C("glory-bow-1") not in s.hands[p]


def test_a_relic_deals_its_own_wound_symbol_in_a_hunt() -> None:
    """ "Relics are used as normal Combat Card (during Hunt ...)": the Sword Wound."""
    s, p = hunt_scene()
    hold(s, p, "sword-of-justice")
    play(s, "hunt:hydra")
    play(s, "hit:sword-of-justice")
    assert len(s.wounds[HYDRA]) == 1 and relic_state(s)["spent"][p] == [C("sword-of-justice")]
    assert C("sword-of-justice") not in s.combat_discard


def test_a_relic_offered_in_a_defence_that_falls_short_stays_charged() -> None:
    """A Relic is spent only when used: offered against a stronger attack, then "Not Defend"."""
    s, p = hunt_scene(draws=("glory-torch-1",))
    hold(s, p, "eurytus-bow")
    attacks_next(s, "attack-5", "attack-5")
    play(s, "hunt:hydra", "hit:glory-torch-1", "end-attack", "mattack:attack-5")
    play(s, "card:eurytus-bow")  # Strength 2 of 5
    assert s.stack[-1]["committed"] == [C("eurytus-bow")]
    assert "card:eurytus-bow" not in keys(s)  # offered once
    play(s, "take")
    assert relic_state(s)["spent"][p] == [] and C("eurytus-bow") not in s.hands[p]


def test_sword_of_justice_lets_the_opponent_play_one_card_then_both_pass() -> None:
    """Sword of Justice: "After you play this card, your opponent can play 1 Combat Card, then
    both players must pass." """
    s, p, q = arena(3, 3)
    hold(s, p, "sword-of-justice")
    give_cards(s, p, "trap-sword-1")
    give_cards(s, q, "wild-attack-axe-3", "trap-mace-1")
    attack(s, 3)
    play(s, "pass")  # the defender has passed already: the card-playing ends at once
    play(s, "play:sword-of-justice")
    assert not any(f["k"] == "battle" and f["stage"] == "cards" for f in s.stack)
    assert s.hands[p] == [C("trap-sword-1")]
    s, p, q = arena(3, 3)
    hold(s, p, "sword-of-justice")
    give_cards(s, p, "trap-sword-1")
    give_cards(s, q, "wild-attack-axe-3", "trap-mace-1")
    attack(s, 3)
    play(s, "card:trap-mace-1")  # the defender plays first
    play(s, "play:sword-of-justice")
    assert GAME.to_act(s) == q and "card:wild-attack-axe-3" in keys(s)
    play(s, "card:wild-attack-axe-3")  # one card, then the card-playing is over
    assert not any(f["k"] == "battle" and f["stage"] == "cards" for f in s.stack)
    assert C("trap-sword-1") in s.hands[p]  # the attacker could not play another card


def test_sword_of_justice_defending_in_a_hunt_deals_a_sword_wound() -> None:
    """Sword of Justice: "When you use this card to defend, deal a sword Wound to the
    Monster." """
    s, p = hunt_scene(draws=("glory-torch-1",))
    hold(s, p, "sword-of-justice")
    attacks_next(s, "attack-3", "attack-3")
    play(s, "hunt:hydra", "hit:glory-torch-1", "end-attack", "mattack:attack-3")
    before = len(s.wounds[HYDRA])
    play(s, "card:sword-of-justice")  # Strength 3 defends against 3
    symbols = [s.content.monsters[HYDRA].wounds[i][0] for i in s.wounds[HYDRA]]
    assert len(s.wounds[HYDRA]) == before + 1 and "sword" in symbols
    assert relic_state(s)["spent"][p] == [C("sword-of-justice")]


def test_mirror_shield_copies_the_opponents_last_card() -> None:
    """Mirror Shield: "This card copies your opponent's last played Combat Card (Strength
    Value, effect and Causalties)." """
    from hellas.games.lords import battle  # noqa: PLC0415

    s, p, q = arena(4, 4)
    hold(s, p, "mirror-shield")
    give_cards(s, q, "charge-sickle-4", "trap-mace-1")
    attack(s, 4)
    play(s, "card:charge-sickle-4")  # Strength 4, 2 Casualties
    play(s, "play:mirror-shield")
    f = battle_frame(s)
    assert f["played"][0] == [C("charge-sickle-4")] and f["kept"][0] == [C("charge-sickle-4")]
    assert battle.strength(s, f, 0) == 4 + 4
    while any(x["k"] == "battle" for x in s.stack):
        play(s, "pass" if "pass" in keys(s) else keys(s)[0])
    # both lost 2 Hoplites to the Casualties; the tie went to the defender; 1 copy discarded
    assert s.hoplites(R("corinthia"), q) == 2 and s.hoplites(R("attica"), p) == 1
    assert s.combat_discard.count(C("charge-sickle-4")) == 1
    assert relic_state(s)["spent"][p] == [C("mirror-shield")]


def test_mirror_shield_defends_from_any_monster_attack_and_draws_one() -> None:
    """Mirror Shield: "Use to defend from any Monster Attack Card. Draw only 1 Combat Card." """
    s, p = hunt_scene(draws=("wild-attack-sword-3",))
    hold(s, p, "mirror-shield")
    attacks_next(s, "attack-5", "attack-4")
    play(s, "hunt:hydra", "hit:wild-attack-sword-3", "end-attack", "mattack:attack-5")
    assert "relic-shield:mirror-shield" in keys(s) and "shield:mirror-shield" not in keys(s)
    play(s, "relic-shield:mirror-shield")
    assert s.injured[p] == 0 and len(s.hands[p]) == 1 and s.stack[-1]["stage"] == "attack"


# -- The Help card, the Hammer ---------------------------------------------------------------------


def test_help_card_level_one_charges_any_one_of_your_artifacts() -> None:
    """Help card I: "Reforge a Combat Card. Charge any 1 of your Artifacts." """
    s = game()
    p = pray_at_level(s, 1)
    own(s, p, "ambrosia", charged=False)
    play(s, f"pray:{H}", "reforge:none")
    assert keys(s) == ["charge:none", "charge:ambrosia"]
    play(s, "charge:ambrosia")
    assert s.artifact_charged[A("ambrosia")]


@pytest.mark.parametrize(("level", "drawn"), [(2, 1), (3, 2), (4, 3), (5, 3)])
def test_help_card_levels_draw_artifacts_keep_one_used(level: int, drawn: int) -> None:
    """Help card II-V: "Draw an Artifact card (it is used)" / "Draw 2 (3) Artifact cards and
    choose 1 (it is used)"."""
    s = game()
    p = pray_at_level(s, level)
    deck = len(s.neutral_deck)
    play(s, f"pray:{H}", "reforge:none")
    if drawn > 1:
        assert s.stack[-1]["k"] == "hep-pick" and len(keys(s)) == drawn
        play(s, keys(s)[0])
    mine = [a for a in range(len(s.artifact_owner)) if s.artifact_owner[a] == p]
    assert len(mine) == 1 and not s.artifact_charged[mine[0]]
    assert len(s.neutral_deck) == deck - 1


def test_hephaestus_hammer_charges_another_artifact_not_itself() -> None:
    """Hephaestus' Hammer: "Charge any 1 of your Artifacts." """
    s = game()
    p = s.current
    own(s, p, "hephaestus-hammer")
    assert "artifact:hephaestus-hammer" not in keys(s)  # nothing to charge
    own(s, p, "harpe", charged=False)
    play(s, "artifact:hephaestus-hammer")
    assert keys(s) == ["charge:harpe"]
    play(s, "charge:harpe")
    assert s.artifact_charged[A("harpe")] and not s.artifact_charged[A("hephaestus-hammer")]


# -- Blessings -------------------------------------------------------------------------------------


def bless(s: LordsState, seat: int, blessing_id: str) -> None:
    from hellas.games.lords.cards import receive_blessing  # noqa: PLC0415

    b = s.content.blessing(blessing_id).index
    s.blessing_deck.remove(b)
    receive_blessing(s, seat, b)
    s.cache = None


def test_charged_by_fire_draws_then_a_torch_card_charges_an_artifact() -> None:
    """Charged by Fire: "Upon receiving this Blessing, draw 1 Combat Card. You can discard a
    Combat Card with a Torch symbol to charge any 1 Artifact." """
    s = game()
    p = s.current
    bless(s, p, "charged-by-fire")
    assert len(s.hands[p]) == 1
    give_cards(s, p, "glory-torch-1")
    own(s, p, "harpe", charged=False)
    play(s, "use:charged-by-fire", "discard:glory-torch-1", "charge:harpe")
    assert s.artifact_charged[A("harpe")] and s.hands[p] == []


def test_forge_temple_adds_a_priest_and_charges_when_building_a_temple() -> None:
    """Forge-Temple: "add 1 Priest to your Priest Pool. When you perform the Build Temple
    Special Action, you can charge any 1 Artifact." """
    s = game()
    p = s.current
    bless(s, p, "forge-temple")
    assert s.priests[p] == 1
    put(s, "corinthia", p, 1, control=True)  # a Shrine
    own(s, p, "harpe", charged=False)
    temple = next(k for k in keys(s) if k.startswith("temple:"))
    play(s, temple)
    assert "charge:harpe" in keys(s)
    play(s, "charge:harpe")
    assert s.artifact_charged[A("harpe")]


def test_votive_offering_gives_up_an_artifact_instead_of_a_prayer() -> None:
    """Votive Offering: "Instead of performing a Prayer Action, discard any 1 of your Neutral
    / Monster Artifacts to permanently increase one of your Hero's Attributes by 1." """
    s = game()
    p = s.current
    bless(s, p, "votive-offering")
    own(s, p, "harpe")
    own(s, p, "hephaestus-hammer")
    s.priests[p] = 1
    play(s, "use:votive-offering")
    assert keys(s) == ["votive:harpe"]  # not a God's Artifact
    speed = s.attr(p, 2)
    play(s, "votive:harpe", "attr:speed")
    assert s.artifact_owner[A("harpe")] == -1 and s.attr(p, 2) == speed + 1
    assert not any(k.startswith("pray:") for k in keys(s))  # it was the Prayer


# -- The 5 Neutral Artifacts ----------------------------------------------------------------------


def test_the_five_neutral_artifacts_join_the_neutral_deck() -> None:
    s = game()
    extra = ("golden-goblet", "dragon-teeth", "palladium", "staff-of-tiresias", "orpheus-lyre")
    assert all(A(x) in s.neutral_deck for x in extra) and len(s.neutral_deck) == 15


def test_golden_goblet_raises_speed_for_this_hero_movement_only() -> None:
    """Golden Goblet of Helios: "Use before any Hoplite Movement, Hero Movement or Hunt
    action. One chosen Attribute is raised by 1 for this action (max. 5)." """
    s = game()
    p = s.current
    own(s, p, "golden-goblet")
    speed = s.attr(p, 2)
    play(s, "goblet:speed>hero")
    assert s.stack[-1]["k"] == "hero" and s.stack[-1]["left"] == speed + 1
    assert s.attr(p, 2) == speed and not s.artifact_charged[A("golden-goblet")]


def test_golden_goblet_before_a_hunt_draws_one_more_card() -> None:
    s, p = hunt_scene()
    own(s, p, "golden-goblet")
    play(s, "goblet:strength>hunt-hydra")
    assert len(s.hands[p]) == 2 and s.attr(p, 1) == 1


def test_dragon_teeth_kills_half_of_the_hoplites_rounded_up_picking_whose() -> None:
    """Dragon Teeth: "Use to choose and kill half of the Hoplites in the Region your Hero is
    in." """
    s = game()
    p = s.current
    here = s.content.regions[s.hero_at[p]].id
    put(s, here, p, 1)
    put(s, here, 1 - p, 4)
    own(s, p, "dragon-teeth")
    play(s, "artifact:dragon-teeth")
    enemy = s.content.heroes[s.heroes[1 - p]].id
    for _ in range(3):  # 5 Hoplites: 3 die, the user picks whose
        play(s, f"victim:{enemy}")
    assert s.hoplites(R(here), 1 - p) == 1 and s.hoplites(R(here), p) == 1


def test_palladium_makes_the_attacker_withdraw_from_a_city() -> None:
    """Palladium: "Use when you lose a Battle in a Region with a City/Sparta. Your opponent
    must withdraw instead (and does not capture the Region)." """
    s, p, q = arena(4, 2, region="boeotia")  # Boeotia has a City
    own(s, q, "palladium")
    attack(s, 4, region="boeotia")
    while any(f["k"] == "battle" for f in s.stack):
        play(s, keys(s)[0])
    assert s.control[R("boeotia")] == q and s.hoplites(R("boeotia"), p) == 0
    assert s.hoplites(R("attica"), p) == 4 and s.hoplites(R("boeotia"), q) == 1
    assert not s.artifact_charged[A("palladium")]
    s, p, q = arena(4, 2, region="boeotia")  # without it: the attacker takes the Region
    attack(s, 4, region="boeotia")
    while any(f["k"] == "battle" for f in s.stack):
        play(s, keys(s)[0])
    assert s.control[R("boeotia")] == p


def test_staff_of_tiresias_lets_the_hunter_pick_the_monster_attack() -> None:
    """Staff of Tiresias: "look at the drawn Monster Attack Cards and choose the one that is
    played." """
    s, p = hunt_scene(draws=("wild-attack-sword-3",))
    own(s, p, "staff-of-tiresias")
    attacks_next(s, "attack-5", "attack-3")
    play(s, "hunt:hydra", "hit:wild-attack-sword-3", "artifact:staff-of-tiresias", "end-attack")
    assert GAME.to_act(s) == p
    hunt = GAME.view(s, p)["hunt"]
    assert hunt["picker"] == p and sorted(hunt["drawn_cards"]) == ["attack-3", "attack-5"]
    assert "drawn_cards" not in GAME.view(s, (p + 1) % s.n)["hunt"]
    play(s, "mattack:attack-3")
    assert s.stack[-1]["stage"] == "defend" and not s.stack[-1].get("own_pick")


def test_orpheus_lyre_swaps_a_blessing_or_discards_the_drawn_one() -> None:
    """Orpheus' Lyre: "Draw 1 Blessing Card. You may discard any 1 of your Blessing Cards to
    keep that card." """
    s = game()
    p = s.current
    bless(s, p, "votive-offering")
    own(s, p, "orpheus-lyre")
    top_card = s.blessing_deck[-1]
    play(s, "artifact:orpheus-lyre")
    assert keys(s) == ["lyre:none", "lyre:votive-offering"]
    private = GAME.view(s, p)["module_panels"][H]["private"]
    assert private == [f"Blessing drawn: {s.content.blessings[top_card].name}"]
    assert GAME.view(s, 1 - p)["module_panels"][H]["private"] == []
    play(s, "lyre:votive-offering")
    assert s.blessings[p] == [top_card]


# -- Simple mode -----------------------------------------------------------------------------------


def test_simple_mode_replaces_zeus_in_thessaly_without_relics() -> None:
    """Simple mode: "place the Hephaestus Monument in Thessaly, instead of the Zeus Monument"
    ... "Relic cards rules are not used"."""
    s = game("hephaestus-simple")
    c = s.content
    assert [g.id for g in c.gods] == ["athena", "hermes", H]
    assert c.regions[c.god(H).site].id == "thessaly"
    assert not [x for x in c.combat if x.kind != "deck"] and "hephaestus" not in s.mod
    assert len(s.neutral_deck) == 10  # the extra Neutral Artifacts come with the full module
    assert not any(b.god == "zeus" for b in c.blessings)
    p = pray_at_level(s, 2)
    play(s, f"pray:{H}")  # no Reforge: the grey side's level effect at once
    assert s.stack[-1]["k"] == "turn"
    assert [a for a in range(len(s.artifact_owner)) if s.artifact_owner[a] == p]


# -- views, bots, whole games ----------------------------------------------------------------------


def test_view_panel_and_artifacts_drawn_stay_private() -> None:
    s = game()
    p = pray_at_level(s, 4)
    play(s, f"pray:{H}", "reforge:none")
    panel = GAME.view(s, p)["module_panels"][H]
    assert panel["private"][0].startswith("Artifacts drawn: ")
    assert panel["cards"][0]["id"] == "hephaestus-help" and len(panel["cards"]) == 4
    assert GAME.view(s, 1 - p)["module_panels"][H]["private"] == []


def hunt_scene(
    hand: tuple[str, ...] = (), draws: tuple[str, ...] = ("wild-attack-sword-3",)
) -> tuple[LordsState, int]:
    """The player to act stands with the Hydra (3 players, Strength 1)."""
    s = started(3, starts=("epirus", "crete", "elis"), modules=H, printed_only=True)
    p = s.current
    clear_board(s)
    s.monster_at[HYDRA] = s.hero_at[p]
    give_cards(s, p, *hand)
    s.attrs[p * s.na + 1] = 1
    top(s, *draws)
    return s, p


@pytest.mark.parametrize("modules", [H, "hephaestus-simple"])
def test_random_games_keep_every_invariant(modules: str) -> None:
    """~20 random games per mode (to a turn limit), invariants after every step."""
    random_games(modules, range(10), turn_limit=60)


def test_heuristic_games_reforge_and_play_relics() -> None:
    """5 heuristic games per mode: the bot prays at Hephaestus, Reforges, plays Relics."""
    used: set[str] = set()
    for modules in (H, "hephaestus-simple"):
        chosen = heuristic_games(modules, range(5), players=4, turn_limit=80)
        used |= {key.partition(":")[0] for key in chosen}
    assert {"reforge", "play", "charge"} <= used


@pytest.mark.parametrize("modules", [H, "hephaestus-simple", "hephaestus,chiron"])
def test_conformance_no_leak_determinism_replay(modules: str) -> None:
    for seed in range(2):
        random_game(
            GAME, {"players": 3, "modules": modules, "turn_limit": 30}, seed, deep=seed == 0
        )
