"""The Atlantis module: the board, Cleito, the Factory, Talos, the Siren and Cetus (Dark Ages).

Each test quotes the rule sentence of the "Atlantis" chapter it checks.
"""

from __future__ import annotations

import pytest

from hellas.core.conformance import random_game
from hellas.core.errors import OptionError
from hellas.core.rng import Rng
from hellas.games.lords import GAME, hunt
from hellas.games.lords.board import temples_controlled
from hellas.games.lords.bots import choose
from hellas.games.lords.content import configured
from hellas.games.lords.modules.atlantis import rules
from hellas.games.lords.monster_phase import mmove_options, region_attack
from hellas.games.lords.monsters import has_passive, slay, tray
from hellas.games.lords.state import RA_HERO, TEMPLE, LordsState
from hellas.games.lords.turn import build_monument
from tests.lords.helpers import R, clear_board, give_cards, put, seat_of

FULL, SIMPLE = "poseidon,atlantis", "poseidon-simple,atlantis"
HEROES = ("heracles", "achilles", "helen", "perseus", "cleito")
STARTS = ("epirus", "crete", "elis", "boeotia", "south-atlantis")


def five(modules: str = FULL, seed: int = 1) -> LordsState:
    """A 5-player game after Picking Heroes (Helen keeps her first Neutral Artifact)."""
    s = GAME.new({"players": 5, "modules": modules}, seed)
    for hero, start in zip(HEROES, STARTS, strict=True):
        GAME.apply(s, f"hero:{hero}")
        GAME.apply(s, f"start:{start}")
        while s.stack and s.stack[-1]["k"] == "artifact-pick":
            GAME.apply(s, GAME.choices(s)[0].key)
    s.cache = None
    return s


def keys(s: LordsState) -> list[str]:
    s.cache = None
    return [c.key for c in GAME.choices(s)]


def M(monster_id: str) -> int:
    return configured("poseidon,atlantis").monster(monster_id).index


def turn_of(s: LordsState, seat: int) -> None:
    """Make it ``seat``'s fresh turn (no Regular Action taken yet)."""
    s.current = seat
    s.regular = 0
    s.stack = [{"k": "turn", "open": False, "extra": 0, "specials": 0, "must": ""}]
    rules.start_turn(s, seat)
    s.cache = None


def hunting(s: LordsState, seat: int, monster: str) -> dict:
    """Start a Hunt of ``monster`` by ``seat`` (its Hero put in the Monster's Region)."""
    m = M(monster)
    s.hero_at[seat] = s.monster_at[m]
    hunt.start_hunt(s, seat, m)
    return s.stack[-1]


# -- Setup and combinations -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 5, "modules": "atlantis"}, "needs module 'poseidon' or 'poseidon-simple'"),
        ({"players": 4, "modules": FULL}, "module 'atlantis' is played with 5 players, not 4"),
        ({"players": 3, "modules": SIMPLE}, "played with 5 players, not 3"),
    ],
)
def test_atlantis_needs_poseidon_and_exactly_five_players(options: dict, message: str) -> None:
    """ "Atlantis requires the use of the Poseidon expansion"; "designed for 5-player games and
    cannot be used if there are less players"."""
    with pytest.raises(OptionError, match=message):
        GAME.new(options, 1)


def test_poseidon_and_atlantis_together_draw_no_one_icon_warning() -> None:
    """The rulebook requires Poseidon for Atlantis: the pair is not advised against."""
    assert GAME.option_warnings({"players": 5, "modules": FULL}) == []
    assert GAME.option_warnings({"players": 5, "modules": SIMPLE}) == []


@pytest.mark.parametrize("modules", [FULL, SIMPLE])
def test_the_atlantis_board_is_a_land_at_the_lower_right_with_a_port_in_north_atlantis(
    modules: str,
) -> None:
    """ "Place the additional Atlantis board on the lower-right side of the main board"; with
    5-6 players a Port token goes to North Atlantis; its Sea Trails "work both ways"."""
    s = five(modules)
    c = s.content
    land = c.land_ids.index("atlantis")
    assert [c.regions[r].id for r in c.lands[land]] == [
        "north-atlantis",
        "south-atlantis",
        "inner-circle",
    ]
    main = [r for r in c.regions if r.land != land]
    for r in c.lands[land]:
        region = c.regions[r]
        assert region.x > max(m.x for m in main) and region.y > 0
    assert R("south-atlantis") in c.region("crete").sea  # the Cetus card's Sea Trail
    assert R("crete") in c.region("south-atlantis").sea
    assert R("euboea") in c.region("north-atlantis").sea
    assert R("north-atlantis") in rules.ports(s)
    assert len(s.glory) == 6  # the Atlantis Land has its Glory Token


def test_atlantis_shuffles_its_four_monster_cards_into_the_events_deck() -> None:
    """ "Shuffle the additional Monster and Quest Cards into the Event Deck" (the 2 Siren and
    2 Cetus cards; Talos has none; the Atlantis Quests are illegible and not in play)."""
    base = len(GAME.new({"players": 4}, 1).event_deck)
    s = five()
    spawned = sum(1 for m in s.monster_at if m >= 0)
    assert len(s.event_deck) + len(s.event_discard) + len(s.quest_slots) >= base + 4 - spawned
    cards = [e for e in s.content.events if e[0] == "monster" and e[1] in (M("siren"), M("cetus"))]
    assert len(cards) == 4
    assert not s.content.monster("talos").cards
    spawns = {s.content.regions[card.spawn].id for card in s.content.monster("siren").cards}
    assert spawns == {"laconia", "north-atlantis"}
    assert not {"saving-persephone", "graeae", "pirithous-wedding"} & {
        q.id for q in s.content.quests
    }


# -- Cleito ---------------------------------------------------------------------------------------


def test_cleito_starts_with_one_priest() -> None:
    """ "Starting Bonus: Cleito starts with 1 Priest in her Priest Pool.\""""
    s = five()
    cleito = seat_of(s, "cleito")
    assert s.priests[cleito] == 1
    assert all(s.priests[q] == 0 for q in range(5) if q != cleito)


def test_cleito_heals_an_injury_instead_of_hero_movement() -> None:
    """ "Instead of performing a Hero Movement Regular Action, you can heal 1 Injury on
    Cleito.\""""
    s = five()
    cleito = seat_of(s, "cleito")
    turn_of(s, cleito)
    assert not [k for k in keys(s) if k.startswith("atl-heal")]  # nothing to heal
    s.injured[cleito] = 0b011  # Leadership and Strength
    offered = [k for k in keys(s) if k.startswith("atl-heal")]
    assert offered == ["atl-heal:leadership", "atl-heal:strength"]
    GAME.apply(s, "atl-heal:strength")
    assert s.injured[cleito] == 0b001
    assert s.regular & RA_HERO
    assert "hero-move" not in keys(s) and not [k for k in keys(s) if k.startswith("atl-heal")]
    other = seat_of(s, "achilles")
    turn_of(s, other)
    s.injured[other] = 1
    assert not [k for k in keys(s) if k.startswith("atl-heal")]  # Cleito's ability only


# -- The Factory ----------------------------------------------------------------------------------


def factory(s: LordsState, seat: int) -> None:
    s.control[R("inner-circle")] = seat
    turn_of(s, seat)
    GAME.apply(s, "atl-factory")


def test_the_inner_circle_controller_builds_the_factory_with_build_temple() -> None:
    """ "Any player controlling the Inner Circle Region ... may perform a Build Temple Special
    Action to build the Factory"; it adds a Priest when built; "When the Factory is built, put
    Talos ... in the Inner Circle Region.\""""
    s = five()
    p = seat_of(s, "heracles")
    turn_of(s, p)
    assert "atl-factory" not in keys(s)  # not the Inner Circle's controller
    s.control[R("inner-circle")] = p
    assert "atl-factory" in keys(s)
    priests = s.priests[p]
    GAME.apply(s, "atl-factory")
    assert s.temples[R("inner-circle")] == 1
    assert s.priests[p] == priests + 1
    assert s.used[p] >> TEMPLE & 1
    assert s.monster_at[M("talos")] == R("inner-circle")
    assert s.current != p  # a Special Action ends the turn
    turn_of(s, p)
    assert "atl-factory" not in keys(s)  # built once


def test_the_factory_counts_toward_favored_of_the_gods() -> None:
    """ "The Factory also counts towards the Favored of the Gods Victory Condition (controlling 5
    Regions with a Temple).\""""
    s = five()
    p = seat_of(s, "achilles")
    for region in ("epirus", "elis", "attica", "messenia"):
        s.temples[R(region)] = 1
        s.control[R(region)] = p
    factory(s, p)
    assert s.result is not None
    assert s.result["winner"] == p and s.result["condition"] == "favored"


def test_the_factory_adds_priests_at_its_controllers_build_monument() -> None:
    """ "The Factory counts as a Temple (adding Priests to the Priest Pool when built or during
    Build Monument Actions of the controlling player).\""""
    s = five()
    p = seat_of(s, "helen")
    factory(s, p)
    assert temples_controlled(s, p) == 1
    before = s.priests[p]
    build_monument(s, p, "zeus")
    assert s.priests[p] == before + 1


# -- Talos ----------------------------------------------------------------------------------------


def test_talos_controller_cannot_hunt_it_but_others_may() -> None:
    """ "The player controlling Talos cannot Hunt it"; "Talos is treated like a regular Monster,
    and may be killed during a Hunt.\""""
    s = five()
    p, q = seat_of(s, "heracles"), seat_of(s, "perseus")
    factory(s, p)
    s.hero_at[p] = s.hero_at[q] = R("inner-circle")
    assert M("talos") not in hunt.hunt_targets(s, p)
    assert M("talos") in hunt.hunt_targets(s, q)
    s.control[R("inner-circle")] = q  # Talos follows the Inner Circle's controller
    assert rules.controller(s) == q
    assert M("talos") in hunt.hunt_targets(s, p)
    assert M("talos") not in hunt.hunt_targets(s, q)


def test_one_talos_regular_action_a_turn_moves_talos_or_attacks_its_land() -> None:
    """ "The player controlling Talos may perform 1 Talos Regular Action. Each turn the player
    may perform this additional Regular Action to move Talos 1 Region or to use its Region
    Attack" ("Kill 1 Hoplite in any 1 Region of the Land Talos is in")."""
    s = five()
    p, q = seat_of(s, "heracles"), seat_of(s, "perseus")
    factory(s, p)
    clear_board(s)
    s.monster_at[M("talos")] = R("inner-circle")
    s.control[R("inner-circle")] = p
    put(s, "north-atlantis", q, 3)
    put(s, "crete", q, 2)  # another Land: out of reach
    turn_of(s, p)
    assert "atl-talos" in keys(s)
    GAME.apply(s, "atl-talos")
    options = keys(s)
    assert "atl-talos-kill:north-atlantis:perseus" in options
    assert not [k for k in options if k.startswith("atl-talos-kill:crete")]
    assert {"atl-talos-move:north-atlantis", "atl-talos-move:south-atlantis"} <= set(options)
    GAME.apply(s, "atl-talos-kill:north-atlantis:perseus")
    assert s.hoplites(R("north-atlantis"), q) == 2
    assert "atl-talos" not in keys(s)  # once a turn
    turn_of(s, p)
    GAME.apply(s, "atl-talos")
    GAME.apply(s, "atl-talos-move:south-atlantis")
    assert s.monster_at[M("talos")] == R("south-atlantis")
    turn_of(s, q)
    assert "atl-talos" not in keys(s)  # only its controller


def test_talos_controller_takes_a_talos_action_instead_of_the_monster_die() -> None:
    """ "During each Monster Phase, the player controlling Talos gains an additional Talos
    Regular Action instead of rolling the Monster Die for Talos.\""""
    s = five()
    p, builder = seat_of(s, "heracles"), seat_of(s, "achilles")
    factory(s, p)
    turn_of(s, builder)
    s.stack.append({"k": "monsters", "todo": [M("talos")]})
    s.cache = None
    rng_before = s.rng.state
    GAME.apply(s, "monster:talos")
    top = s.stack[-1]
    assert top["k"] == "atl-talos" and top["seat"] == p
    assert s.rng.state == rng_before  # no Monster Die rolled
    assert GAME.to_act(s) == p
    assert "atl-talos-stay" in keys(s)


def test_uncontrolled_talos_rolls_the_monster_die() -> None:
    """Nobody controls the Inner Circle: Talos is a regular Monster (our ruling)."""
    s = five()
    factory(s, seat_of(s, "heracles"))
    s.control[R("inner-circle")] = -1
    assert rules.controller(s) == -1
    assert not rules.monster_phase(s, M("talos"))
    clear_board(s)
    s.monster_at[M("talos")] = R("inner-circle")
    put(s, "north-atlantis", 2, 2)
    region_attack(s, M("talos"))  # the Monster Die's Region Attack: the active player aims it
    top = s.stack[-1]
    assert top["k"] == "atl-talos" and top["mode"] == "attack" and top["seat"] == s.current
    hero = s.content.heroes[s.heroes[2]].id
    assert keys(s) == [f"atl-talos-kill:north-atlantis:{hero}"]


def test_talos_special_attack_ends_the_hunt_its_controller_injures_and_it_heals() -> None:
    """Talos' Special Attack: "The Hunt ends immediately. Deal 1 Injury (Talos' controller
    chooses the Attribute), and Talos heals 1 of its Wounds (except Mace Wounds)"; no reward
    is printed on its tray."""
    s = five()
    p, q = seat_of(s, "heracles"), seat_of(s, "perseus")
    factory(s, p)
    t = M("talos")
    symbols = tray(s, t)
    mace = next(i for i, w in enumerate(symbols) if w[0] == "mace")
    other = next(i for i, w in enumerate(symbols) if w[0] != "mace")
    s.wounds[t] = [other, mace]
    f = hunting(s, q, "talos")
    f["dealt"] = [other, mace]
    hunt.apply_effects(s, f, list(s.content.monster("talos").special))
    s.cache = None
    assert f["ended"] == "failure"
    assert s.wounds[t] == [mace]  # the Mace Wound stays
    top = s.stack[-1]
    assert top["k"] == "atl-injure" and top["seat"] == p and top["victim"] == q
    assert GAME.to_act(s) == p
    GAME.apply(s, "atl-injure:speed")
    assert s.injured[q] == 0b100
    f["ended"] = "success"
    assert "monster" not in hunt.rewards(s, f)  # "Reward: none printed"


# -- The Siren ------------------------------------------------------------------------------------


def test_the_siren_takes_the_hero_until_the_next_build_monument_then_euboea() -> None:
    """Siren's Special Attack: "This Hunt ends immediately. Place the Hero on this Tray. The
    Hero is out of the game. After the next Build Monument Special Action, the Hero is
    returned into play in Euboea.\""""
    s = five()
    q = seat_of(s, "achilles")
    s.monster_at[M("siren")] = R("laconia")
    f = hunting(s, q, "siren")
    hunt.apply_effects(s, f, list(s.content.monster("siren").special))
    assert f["ended"] == "failure"
    assert s.hero_at[q] == -1 and rules.mine(s)["captives"] == [q]
    turn_of(s, q)
    assert "hero-move" not in keys(s)
    panel = GAME.view(s, None)["module_panels"]["atlantis"]
    assert panel["captives"] == [q] and "Siren's captive" in panel["players"][q]
    s.stack.append({"k": "perseus"})  # no placing effect brings the Hero back meanwhile
    assert keys(s) == ["place:stay"]
    s.stack.pop()
    build_monument(s, seat_of(s, "helen"), "zeus")
    assert s.hero_at[q] == R("euboea") and rules.mine(s)["captives"] == []


def test_the_siren_moves_only_between_regions_with_a_port() -> None:
    """Siren's passive: "Siren can move only between Regions with a Port.\""""
    s = five()
    siren = M("siren")
    s.monster_at[siren] = R("laconia")
    moves = {k[6:] for k in mmove_options(s, {"m": siren})}
    ports = {s.content.regions[r].id for r in rules.ports(s)} - {"laconia"}
    assert moves == ports and "arcadia" not in moves
    s.monster_at[M("cyclops")] = R("laconia")  # other Monsters keep their borders
    assert "arcadia" in {k[6:] for k in mmove_options(s, {"m": M("cyclops")})}


def test_the_siren_region_attack_kills_two_and_its_laconia_card_evolves() -> None:
    """Siren: "Region Attack: Kill 2 Hoplites"; the Laconia card's Evolve: "When you move your
    Hoplites into Siren's Region, kill 1 of these Hoplites"; the North Atlantis card's Evolve
    is not legible: it Evolves nothing."""
    s = five()
    clear_board(s)
    siren = M("siren")
    s.monster_at[siren] = R("messenia")
    put(s, "messenia", 0, 3)
    region_attack(s, siren)
    assert s.hoplites(R("messenia"), 0) == 1
    north = next(i for i, c in enumerate(s.content.monster("siren").cards) if c.evolve == "none")
    s.evolutions[siren] = [north]
    assert not has_passive(s, R("messenia"), "kills-entering-hoplite")
    assert len(tray(s, siren)) == len(s.content.monster("siren").wounds)
    s.evolutions[siren] = [1 - north]
    assert has_passive(s, R("messenia"), "kills-entering-hoplite")


# -- Cetus ----------------------------------------------------------------------------------------


def test_cetus_region_attack_kills_in_every_port_and_two_when_evolved() -> None:
    """Cetus: "Region Attack: Kill 1 Hoplite in each Region with a Port"; the
    Chalkidiki-Euboea card: "Region Attack kills 2 Hoplites instead of 1.\""""
    s = five()
    clear_board(s)
    cetus = M("cetus")
    s.monster_at[cetus] = R("crete")
    for region in ("attica", "laconia", "north-atlantis", "arcadia"):
        put(s, region, 1, 3)
    region_attack(s, cetus)
    assert [s.hoplites(R(r), 1) for r in ("attica", "laconia", "north-atlantis")] == [2, 2, 2]
    assert s.hoplites(R("arcadia"), 1) == 3  # no Port
    evolve = next(i for i, c in enumerate(s.content.monster("cetus").cards) if c.evolve != "none")
    s.evolutions[cetus] = [evolve]
    region_attack(s, cetus)
    assert [s.hoplites(R(r), 1) for r in ("attica", "laconia", "north-atlantis")] == [0, 0, 0]


def test_cetus_special_attack_injures_twice_and_discards_half_rounded_up() -> None:
    """Cetus: "Special Attack: Deal 2 Injuries. Discard half of your Combat Cards (rounded
    up).\""""
    s = five()
    q = seat_of(s, "perseus")
    s.monster_at[M("cetus")] = R("crete")
    f = hunting(s, q, "cetus")
    give_cards(s, q, *[s.content.combat[i].id for i in range(5)])
    hunt.apply_effects(s, f, list(s.content.monster("cetus").special))
    kinds = {fr["k"]: fr for fr in s.stack[-2:]}
    assert kinds["hurt"]["left"] == 2
    assert kinds["discard"]["limit"] == 2  # 5 cards: 3 discarded


def test_cetus_special_attack_left_undefended_discards_before_the_draw() -> None:
    """Hunt, Not Defend: "Resolve Monster Attack Card effects ... and draw 1 Combat Card": with
    4 cards Cetus' "Discard half of your Combat Cards (rounded up)" leaves 2, then the draw 3."""
    s = five()
    q = seat_of(s, "perseus")
    s.monster_at[M("cetus")] = R("crete")
    f = hunting(s, q, "cetus")
    give_cards(s, q, *[s.content.combat[i].id for i in range(4)])
    drawn = s.content.card("javelin-volley-spear-2").index
    s.combat_deck.remove(drawn)
    s.combat_deck.append(drawn)
    special = next(a.index for a in s.content.attack_cards if a.id == "special-attack-3")
    s.attack_deck.remove(special)
    f.update(stage="defend", attack=special, strength=3, committed=[])
    s.cache = None
    GAME.apply(s, "take")
    GAME.apply(s, "injure:leadership")
    GAME.apply(s, "injure:strength")
    while s.stack[-1]["k"] == "discard":
        assert "discard:javelin-volley-spear-2" not in keys(s)
        GAME.apply(s, keys(s)[0])
    assert len(s.hands[q]) == 3 and drawn in s.hands[q]


def test_heroes_and_hoplites_cannot_use_a_sea_trail_cetus_is_on() -> None:
    """Cetus' passive: "Heroes and Hoplites cannot use any Sea Trail [that] Cetus is on"
    (a "Sea Trail: A-B" card puts Cetus in A; it closes the Sea Trails of its Region)."""
    s = five()
    clear_board(s)
    p = seat_of(s, "heracles")
    s.hero_at[p] = R("south-atlantis")
    put(s, "south-atlantis", p, 2)
    turn_of(s, p)
    GAME.apply(s, "hero-move")
    assert "go:crete" in keys(s)
    turn_of(s, p)
    s.monster_at[M("cetus")] = R("crete")
    GAME.apply(s, "hero-move")
    assert "go:crete" not in keys(s) and "go:inner-circle" in keys(s)
    turn_of(s, p)
    GAME.apply(s, "hoplite-move")
    moves = keys(s)
    assert "move:south-atlantis>crete" not in moves
    assert "move:south-atlantis>inner-circle" in moves
    spawn = s.content.monster("cetus").cards
    assert {s.content.regions[c.spawn].id for c in spawn} == {"chalkidiki", "crete"}


# -- The Monster reward Artifacts -----------------------------------------------------------------


def test_sirens_crown_recruits_one_hoplite_in_each_city_you_control() -> None:
    """Siren's Crown: "Recruit up to 1 Hoplite in each Region you control with a City/Sparta.\""""
    s = five()
    clear_board(s)
    p = seat_of(s, "helen")
    crown = s.content.artifact("sirens-crown").index
    s.artifact_owner[crown] = p
    for region in ("laconia", "attica", "messenia"):  # Sparta, a City, no City
        put(s, region, p, 1, control=True)
    turn_of(s, p)
    GAME.apply(s, "atl-crown")
    assert [s.hoplites(R(r), p) for r in ("laconia", "attica", "messenia")] == [2, 2, 1]
    assert not s.artifact_charged[crown]
    assert "atl-crown" not in keys(s)


def test_cetus_tentacle_takes_the_port_region_of_your_hero() -> None:
    """Cetus' Tentacle: "Use when your Hero is in a Region with a Port. Take control of that
    Region. You may Recruit 1 Hoplite in that Region.\""""
    s = five()
    clear_board(s)
    p = seat_of(s, "perseus")
    tentacle = s.content.artifact("cetus-tentacle").index
    s.artifact_owner[tentacle] = p
    s.hero_at[p] = R("arcadia")
    turn_of(s, p)
    assert "atl-tentacle:recruit" not in keys(s)  # no Port there
    s.hero_at[p] = R("attica")
    assert "atl-tentacle:recruit" in keys(s)
    GAME.apply(s, "atl-tentacle:recruit")
    assert s.control[R("attica")] == p and s.hoplites(R("attica"), p) == 1


def test_cetus_tentacle_has_no_condition_the_card_does_not_print() -> None:
    """The card's only condition is "when your Hero is in a Region with a Port": it may be used
    in a Port Region its owner already controls (for the Recruit), and where enemy Hoplites
    stand; those withdraw without losses, as from a Usurp (the base game's other "take control
    over that Region" where the Hero is: "All enemy Hoplites must withdraw ... suffer no
    losses"), since no player keeps Hoplites in a Region another controls."""
    s = five()
    clear_board(s)
    p = seat_of(s, "perseus")
    q = seat_of(s, "helen")
    tentacle = s.content.artifact("cetus-tentacle").index
    s.artifact_owner[tentacle] = p
    put(s, "attica", p, 2, control=True)
    s.hero_at[p] = R("attica")
    turn_of(s, p)
    assert {"atl-tentacle:only", "atl-tentacle:recruit"} <= set(keys(s))  # already p's
    put(s, "laconia", q, 3, control=True)
    s.hero_at[p] = R("laconia")
    GAME.apply(s, "atl-tentacle:recruit")
    if s.stack[-1]["k"] == "withdraw":  # Helen picks where her army goes, when she may choose
        GAME.apply(s, keys(s)[0])
    assert s.control[R("laconia")] == p and s.hoplites(R("laconia"), p) == 1
    assert s.hoplites(R("laconia"), q) == 0
    assert sum(s.hoplites(r, q) for r in range(len(s.control))) == 3  # no losses
    GAME.check_invariants(s)


# -- Monsters without Event cards -----------------------------------------------------------------


def test_slaying_a_monster_discards_its_own_evolve_cards_when_talos_has_none() -> None:
    """The Evolve cards go to the discard pile with the Monster (Talos has no Event cards, so
    card numbers are looked up, not computed)."""
    s = five()
    cetus = M("cetus")
    s.monster_at[cetus] = R("crete")
    s.evolutions[cetus] = [0, 1]
    for number in (0, 1):
        card = s.content.events.index(("monster", cetus, number))
        s.event_deck.remove(card) if card in s.event_deck else s.event_discard.remove(card)
    slay(s, cetus, 0)
    tail = s.event_discard[-2:]
    assert [s.content.events[c] for c in tail] == [("monster", cetus, 0), ("monster", cetus, 1)]


# -- The view -------------------------------------------------------------------------------------


def test_the_view_carries_the_atlantis_board_and_markers() -> None:
    """Front ends draw the board from the panel's Regions, coordinates and Sea Trails."""
    s = five()
    v = GAME.view(s, 0)
    assert {"north-atlantis", "south-atlantis", "inner-circle"} <= {r["id"] for r in v["regions"]}
    panel = v["module_panels"]["atlantis"]
    board = panel["board"]
    assert [r["id"] for r in board["regions"]] == [
        "north-atlantis",
        "south-atlantis",
        "inner-circle",
    ]
    assert all(isinstance(r["x"], float) and isinstance(r["y"], float) for r in board["regions"])
    assert ["south-atlantis", "crete"] in board["sea_trails"]
    assert panel["regions"]["inner-circle"][0]["kind"] == "talos-home"
    p = seat_of(s, "cleito")
    factory(s, p)
    panel = GAME.view(s, 1)["module_panels"]["atlantis"]
    assert panel["regions"]["inner-circle"][0]["kind"] == "factory"
    assert panel["talos_controller"] == p and "Talos" in panel["players"][p]
    assert panel["private"] == []


# -- Whole games ----------------------------------------------------------------------------------


@pytest.mark.parametrize("modules", [FULL, SIMPLE])
def test_random_games_keep_every_invariant(modules: str) -> None:
    """10 random 5-player games per Poseidon mode, invariants checked after every step."""
    for seed in range(10):
        s = GAME.new({"players": 5, "modules": modules, "turn_limit": 120}, seed)
        rng = Rng(seed)
        while GAME.to_act(s) is not None:
            cs = GAME.choices(s)
            GAME.apply(s, cs[rng.below(len(cs))])
            GAME.check_invariants(s)
        assert s.result is not None


@pytest.mark.parametrize("modules", [FULL, SIMPLE])
def test_heuristic_games_end_and_use_the_atlantis_actions(modules: str) -> None:
    """Heuristic 5-player games end by a victory; the bot builds the Factory and uses Talos."""
    used: set[str] = set()
    for seed in range(3):
        s = GAME.new({"players": 5, "modules": modules, "turn_limit": 400}, seed)
        rng = Rng(seed)
        while GAME.to_act(s) is not None:
            c = choose(s, rng)
            used.add(c.key.partition(":")[0])
            GAME.apply(s, c)
            GAME.check_invariants(s)
        assert s.result is not None and s.result["winner"] >= 0
    assert {"atl-factory", "atl-talos", "atl-talos-kill"} <= used


@pytest.mark.parametrize("modules", [FULL, SIMPLE])
def test_conformance_no_leak_determinism_and_replay(modules: str) -> None:
    """The contract checks (views, determinization, replay) with Atlantis in play."""
    random_game(GAME, {"players": 5, "modules": modules, "turn_limit": 40}, 7, deep=True)
    random_game(GAME, {"players": 5, "modules": modules, "turn_limit": 80}, 8)


def test_every_atlantis_card_and_piece_has_words() -> None:
    """Card faces and tooltips: Cleito, the three trays, the rewards and the Evolve cards."""
    from hellas.games.lords.describe import check, monster  # noqa: PLC0415

    c = five().content
    assert check(c) == []
    assert "No reward" in monster(c, c.monster("talos"))
