"""Orichalkum and Constructs (Dark Ages): every rule sentence of the chapter, bots, views, packs."""

from __future__ import annotations

from pathlib import Path

import pytest

from hellas.core.conformance import random_game
from hellas.core.errors import ContentError
from hellas.core.rng import Rng
from hellas.games.lords import GAME, battle
from hellas.games.lords.phases import event_phase
from hellas.games.lords.state import LordsState
from tests.lords.helpers import R, clear_board, give_cards, put, started
from tests.lords.modules.games import heuristic_games, random_games

MOD = "orichalkum"


def game(**options: object) -> LordsState:
    """Two players after Hero placement (Heracles in Epirus, Achilles in Crete), P1 to act."""
    s = started(2, modules=MOD, printed_only=True, **options)
    clear_board(s)
    return s


def m(s: LordsState) -> dict:
    return s.mod[MOD]


def keys(s: LordsState) -> list[str]:
    s.cache = None
    return [c.key for c in GAME.choices(s)]


def hero_walk(s: LordsState, *regions: str) -> None:
    """Hero Movement through ``regions`` (then stop if steps remain)."""
    GAME.apply(s, "hero-move")
    for r in regions:
        GAME.apply(s, f"go:{r}")
    if s.stack[-1]["k"] == "hero":
        GAME.apply(s, "stop")


def own_spent_artifacts(s: LordsState, seat: int, *ids: str) -> None:
    for a in ids:
        i = s.content.artifact(a).index
        s.artifact_owner[i] = seat
        s.artifact_charged[i] = False


# -- Orichalkum Setup ------------------------------------------------------------------------


def test_setup_places_a_token_in_each_city_but_sparta() -> None:
    """Setup: "place 1 Orichalkum token in each Region with a City. Do not place any
    Orichalkum token in Sparta or in Troy"."""
    s = GAME.new({"players": 3, "modules": MOD, "printed_only": True}, 4)
    cities = {r.index for r in s.content.regions if r.city}
    assert set(m(s)["map"]) == cities - {R("laconia")}
    assert R("laconia") not in m(s)["map"] and len(m(s)["map"]) == 12
    assert m(s)["held"] == [0, 0, 0] and m(s)["total"] == 12


def test_setup_draws_the_constructs_face_up_only_legible_cards() -> None:
    """Setup: "draw 3 Construct Cards and set them (face up)": only the Trojan Horse is legible,
    so the display holds that one card and the deck is empty."""
    s = GAME.new({"players": 2, "modules": MOD, "printed_only": True}, 1)
    view = GAME.view(s, 0)["module_panels"][MOD]
    assert view["constructs"] == ["trojan-horse"] and view["deck"] == 0
    assert view["cards"][0]["name"] == "Trojan Horse" and "cost 3" in view["cards"][0]["state"]


# -- Orichalkum: taking tokens -----------------------------------------------------------------


def test_hero_movement_ending_on_a_token_may_take_it() -> None:
    """ "When a Hero ends a Hero Movement Regular Action (and doesn't start any Quest) in a
    Region with a Orichalkum token, they may take it.\""""
    s = game()
    p = s.current
    s.hero_at[p] = R("epirus")
    hero_walk(s, "macedonia")
    assert keys(s) == ["ori-take", "ori-leave"]
    GAME.apply(s, "ori-take")
    assert m(s)["held"][p] == 1 and R("macedonia") not in m(s)["map"]
    GAME.check_invariants(s)


def test_a_token_may_be_left_on_the_map() -> None:
    s = game()
    p = s.current
    s.hero_at[p] = R("epirus")
    hero_walk(s, "macedonia")
    GAME.apply(s, "ori-leave")
    assert m(s)["held"][p] == 0 and R("macedonia") in m(s)["map"]


def test_passing_through_a_token_region_does_not_take_it() -> None:
    """Only where the Hero *ends* its movement."""
    s = game()
    p = s.current
    s.hero_at[p] = R("epirus")
    s.attrs[p * s.na + 2] = 2  # Speed 2
    hero_walk(s, "macedonia", "epirus")
    assert s.stack[-1]["k"] == "turn" and not any(k.startswith("ori-take") for k in keys(s))


def test_no_token_offered_when_the_hero_starts_the_quest_there() -> None:
    """ "(and doesn't start any Quest)": the Quest is asked first; boarding it skips the token."""
    s = game()
    p = s.current
    s.quest_slots = [s.content.quest("saving-prometheus").index]  # its Token: Macedonia
    give_cards(s, p, "phalanx-torch-2", "phalanx-torch-2")
    s.hero_at[p] = R("epirus")
    hero_walk(s, "macedonia")
    assert s.stack[-1]["k"] == "quest-start"
    GAME.apply(s, "quest:1")
    while s.stack[-1]["k"] == "discard":
        GAME.apply(s, keys(s)[0])
    assert s.stack[-1]["k"] == "turn" and m(s)["held"][p] == 0
    assert R("macedonia") in m(s)["map"]


def test_token_offered_when_the_quest_is_declined() -> None:
    s = game()
    p = s.current
    s.quest_slots = [s.content.quest("saving-prometheus").index]
    give_cards(s, p, "phalanx-torch-2")
    s.hero_at[p] = R("epirus")
    hero_walk(s, "macedonia")
    GAME.apply(s, "quest:none")
    assert keys(s) == ["ori-take", "ori-leave"]


def test_no_token_without_a_hero_movement() -> None:
    """A Hero standing on a token gets it only by ending a Hero Movement there."""
    s = game()
    s.hero_at[s.current] = R("macedonia")
    assert not any(k.startswith("ori-take") for k in keys(s))
    GAME.apply(s, "hoplite-move") if "hoplite-move" in keys(s) else None
    assert s.stack[-1]["k"] != "ori-take"


# -- Orichalkum: recharging Artifacts --------------------------------------------------------


def test_spend_tokens_to_recharge_artifacts_at_the_beginning_of_the_turn() -> None:
    """ "a player may spend any number of Orichalkum tokens (removing them from the game) to
    recharge the same number of their Artifacts"."""
    s = game()
    p = s.current
    m(s)["held"][p] = 2
    m(s)["map"] = m(s)["map"][2:]
    own_spent_artifacts(s, p, "owl-of-athena", "ambrosia")
    ks = keys(s)
    assert {"ori-charge:owl-of-athena", "ori-charge:ambrosia"} <= set(ks)
    GAME.apply(s, "ori-charge:owl-of-athena")
    GAME.apply(s, "ori-charge:ambrosia")
    assert s.artifact_charged[s.content.artifact("owl-of-athena").index]
    assert s.artifact_charged[s.content.artifact("ambrosia").index]
    assert m(s)["held"][p] == 0 and m(s)["spent"] == 2
    GAME.check_invariants(s)


def test_only_spent_artifacts_of_ones_own_are_offered() -> None:
    s = game()
    p = s.current
    m(s)["held"][p] = 1
    m(s)["map"].pop()
    own_spent_artifacts(s, 1 - p, "ambrosia")
    i = s.content.artifact("owl-of-athena").index
    s.artifact_owner[i] = p
    s.artifact_charged[i] = True
    assert not any(k.startswith("ori-charge") for k in keys(s))


def test_before_performing_any_action_means_no_regular_or_special_action_yet() -> None:
    """ "At the beginning of their Turn (before performing any Action)": Hellas offers the
    tokens only while no Regular Action and no Special Action has been taken this turn."""
    s = game()
    p = s.current
    m(s)["held"][p] = 3
    m(s)["map"] = m(s)["map"][3:]
    own_spent_artifacts(s, p, "ambrosia")
    put(s, "epirus", p, 3)
    put(s, "thessaly", 1 - p, 1, control=True)
    assert "ori-charge:ambrosia" in keys(s) and "ori-build:trojan-horse" in keys(s)
    GAME.apply(s, "hoplite-move")
    GAME.apply(s, "done")
    ks = keys(s)
    assert s.regular and not any(k.startswith("ori-") for k in ks)


def test_spending_tokens_does_not_close_the_beginning_of_the_turn() -> None:
    s = game()
    p = s.current
    m(s)["held"][p] = 2
    m(s)["map"] = m(s)["map"][2:]
    own_spent_artifacts(s, p, "ambrosia", "owl-of-athena")
    GAME.apply(s, "ori-charge:ambrosia")
    assert "ori-charge:owl-of-athena" in keys(s)


# -- Constructs -----------------------------------------------------------------------------


def horse_board(tokens: int = 3) -> tuple[LordsState, int]:
    s = game()
    p = s.current
    m(s)["held"][p] = tokens
    m(s)["map"] = m(s)["map"][tokens:]
    put(s, "epirus", p, 3, control=True)
    put(s, "thessaly", 1 - p, 3, control=True)
    return s, p


def test_trojan_horse_costs_three_orichalkum() -> None:
    """ "use 1 of the 3 face up Construct cards, paying its cost (printed on the card)"."""
    s, _ = horse_board(2)
    assert "ori-build:trojan-horse" not in keys(s)
    s, _ = horse_board(3)
    assert "ori-build:trojan-horse" in keys(s)


def test_trojan_horse_marches_to_a_neighbouring_city_with_plus_two() -> None:
    """Trojan Horse: "Perform a March action to a neighboring City/Sparta. If there's a Battle
    there, add +2 to your Army Strength."  Paid, removed from the game, the March's Used Action
    Token untouched."""
    s, p = horse_board()
    GAME.apply(s, "ori-build:trojan-horse")
    assert m(s)["held"][p] == 0 and m(s)["spent"] == 3
    assert m(s)["up"] == [] and m(s)["gone"] == [0]
    ks = keys(s)
    assert ks == ["march:epirus"]
    GAME.apply(s, "march:epirus")
    # Epirus' neighbours: Macedonia, Thessaly, Acarnania (Cities) and Aetolia (no City)
    assert set(keys(s)) == {"to:macedonia", "to:thessaly", "to:acarnania"}
    GAME.apply(s, "to:thessaly")
    GAME.apply(s, "count:3")
    f = s.stack[-1]
    assert f["k"] == "battle" and f["att"] == p and f["region"] == R("thessaly")
    assert battle.strength(s, f, 0) == 3 + 2  # 3 Hoplites + the Trojan Horse
    assert not s.used[p] >> 1 & 1  # the March Special Action is still free
    GAME.check_invariants(s)


def test_a_used_construct_never_comes_back() -> None:
    """ "A Construct card is removed from the game after use. It cannot not be used again this
    game." - the Event Phase refills the display from the deck only."""
    s, _ = horse_board()
    GAME.apply(s, "ori-build:trojan-horse")
    event_phase(s)
    assert m(s)["up"] == [] and m(s)["gone"] == [0]
    GAME.apply(s, "march:epirus")
    GAME.apply(s, "to:macedonia")
    GAME.apply(s, "count:1")
    m(s)["held"][s.current], m(s)["built"] = 3, False  # tokens again, as on a later turn
    m(s)["map"] = m(s)["map"][3:]
    assert s.stack[-1]["k"] == "turn" and not any(k.startswith("ori-build") for k in keys(s))


def test_trojan_horse_without_battle_just_takes_the_city() -> None:
    s, p = horse_board()
    GAME.apply(s, "ori-build:trojan-horse")
    GAME.apply(s, "march:epirus")
    GAME.apply(s, "to:macedonia")
    GAME.apply(s, "count:2")
    assert s.control[R("macedonia")] == p and s.stack[-1]["k"] == "turn"
    assert m(s)["horse"] == []


def test_a_later_battle_gets_no_horse_bonus() -> None:
    """The +2 belongs to the Battle of the Trojan Horse's March only."""
    s, _ = horse_board()
    GAME.apply(s, "ori-build:trojan-horse")
    GAME.apply(s, "march:epirus")
    GAME.apply(s, "to:macedonia")
    GAME.apply(s, "count:1")
    GAME.apply(s, "march")
    GAME.apply(s, "march:epirus")
    GAME.apply(s, "to:thessaly")
    GAME.apply(s, "count:2")
    f = s.stack[-1]
    assert f["k"] == "battle" and battle.strength(s, f, 0) == 2  # 2 Hoplites, no bonus


def test_trojan_horse_needs_an_army_next_to_a_city() -> None:
    s = game()
    p = s.current
    m(s)["held"][p] = 3
    m(s)["map"] = m(s)["map"][3:]
    put(s, "phocis", p, 2)  # Phocis: Locris (City) next door
    assert "ori-build:trojan-horse" in keys(s)
    s2 = game()
    m(s2)["held"][p] = 3
    m(s2)["map"] = m(s2)["map"][3:]
    put(s2, "crete", p, 2, fortified=False)
    s2.hop[R("crete") * s2.n + p] = 0  # nobody left to march
    s2.supply[p] += 2
    assert "ori-build:trojan-horse" not in keys(s2)


# -- a content pack with more Constructs: refill, one per turn, removal ----------------------


PACK = """
[[module.construct]]
id = "bronze-ram"
new = true
name = "Bronze Ram"
cost = 1
effects = [{when = "action", do = [{march-to-city = 1}]}]
text = "Test card: march to a neighbouring City, +1 in the Battle."
provenance = "provisional"

[[module.construct]]
id = "siege-tower"
new = true
name = "Siege Tower"
cost = 1
effects = [{when = "action", do = [{march-to-city = 3}]}]
text = "Test card: march to a neighbouring City, +3 in the Battle."
provenance = "provisional"

[[module.construct]]
id = "war-chariot"
new = true
name = "War Chariot"
cost = 2
effects = [{when = "action", do = [{march-to-city = 0}]}]
text = "Test card: march to a neighbouring City."
provenance = "provisional"
"""


def packed(tmp_path: Path, text: str = PACK) -> Path:
    (tmp_path / "modules").mkdir()
    (tmp_path / "modules" / "orichalkum.toml").write_text(text, encoding="utf-8")
    return tmp_path


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    """A pack folder; nothing to undo after (content is a value the state carries)."""
    return packed(tmp_path)


def test_a_content_pack_adds_constructs(pack: Path) -> None:
    """A content pack adds Constructs in ``modules/orichalkum.toml`` (``new = true``)."""
    s = GAME.new({"players": 2, "modules": MOD, "printed_only": True, "content": str(pack)}, 3)
    assert len(m(s)["up"]) == 3 and len(m(s)["deck"]) == 1
    assert "ori-build:siege-tower" in GAME.choice_table(
        s
    ) and "ori-build:bronze-ram" in GAME.choice_table(s)
    GAME.check_invariants(s)


def test_one_construct_per_turn_and_the_event_phase_refills(pack: Path) -> None:
    """ "use 1 of the 3 face up Construct cards"; "During the Event Phase, if there are less than
    3 face up Construct cards, draw cards from the Construct deck"."""
    s = started(2, modules=MOD, printed_only=True, content=str(pack))
    clear_board(s)
    p = s.current
    m(s)["held"][p] = 4
    m(s)["map"] = m(s)["map"][4:]
    put(s, "epirus", p, 3, control=True)
    builds = [k for k in keys(s) if k.startswith("ori-build:")]
    assert len(builds) == 3
    cheap = next(k for k in builds if k in ("ori-build:bronze-ram", "ori-build:siege-tower"))
    GAME.apply(s, cheap)
    GAME.apply(s, "march:epirus")
    GAME.apply(s, "to:acarnania")
    GAME.apply(s, "count:1")
    assert not any(k.startswith("ori-build:") for k in keys(s))  # one per turn
    assert len(m(s)["up"]) == 2 and len(m(s)["gone"]) == 1
    event_phase(s)
    assert len(m(s)["up"]) == 3 and m(s)["deck"] == []
    GAME.check_invariants(s)


def test_a_pack_may_replace_the_trojan_horse(tmp_path: Path) -> None:
    text = (
        '[[module.construct]]\nid = "trojan-horse"\nname = "Trojan Horse"\ncost = 2\n'
        'effects = [{when = "action", do = [{march-to-city = 2}]}]\ntext = "Cheaper."\n'
        'provenance = "community"\n'
    )
    s = GAME.new(
        {
            "players": 2,
            "modules": MOD,
            "printed_only": True,
            "content": str(packed(tmp_path, text)),
        },
        1,
    )
    assert GAME.view(s, 0)["module_panels"][MOD]["cards"][0]["state"] == "face up, cost 2"


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (
            '[[module.construct]]\nid = "x"\nnew = true\nname = "X"\ncost = 1\n'
            'effects = [{when = "action", do = [{fly = 1}]}]\ntext = "t"\n'
            'provenance = "provisional"\n',
            "field 'effects\\[0\\].do\\[0\\]': unknown effect 'fly'",
        ),
        (
            '[[module.construct]]\nid = "x"\nnew = true\nname = "X"\ncost = -1\n'
            'effects = [{when = "action", do = [{draw = 1}]}]\ntext = "t"\n'
            'provenance = "provisional"\n',
            "cost",
        ),
        (
            '[[module.construct]]\nid = "x"\nnew = true\nname = "X"\ncost = 1\n'
            'effects = [{when = "action", do = [{draw = 1}]}]\ntext = "t"\n',
            "provenance",
        ),
        (
            '[[module.construct]]\nid = "nope"\nname = "X"\ncost = 1\n'
            'effects = [{when = "action", do = [{draw = 1}]}]\ntext = "t"\n'
            'provenance = "provisional"\n',
            "no built-in record",
        ),
        ("[module]\ndisplay = 5\n", "only add"),
    ],
)
def test_a_bad_pack_is_refused_with_a_clear_error(tmp_path: Path, text: str, problem: str) -> None:
    with pytest.raises(ContentError, match=problem):
        GAME.new(
            {
                "players": 2,
                "modules": MOD,
                "printed_only": True,
                "content": str(packed(tmp_path, text)),
            },
            1,
        )


# -- views and hidden information -------------------------------------------------------------


def test_view_panel_shows_tokens_badges_and_constructs() -> None:
    s = game()
    p = s.current
    m(s)["held"][p] = 1
    m(s)["map"].remove(R("attica"))
    panel = GAME.view(s, 1 - p)["module_panels"][MOD]
    assert "attica" not in panel["regions"] and "macedonia" in panel["regions"]
    assert panel["regions"]["macedonia"][0]["kind"] == "orichalkum"
    assert panel["players"][p] == ["Orichalkum 1"]
    assert panel["held"][p] == 1 and panel["private"] == []


def test_the_construct_deck_order_is_hidden_and_redealt(tmp_path: Path) -> None:
    """No view shows the face-down Construct order; determinize re-deals it, keeping the
    face-up cards."""
    s = GAME.new(
        {"players": 2, "modules": MOD, "printed_only": True, "content": str(packed(tmp_path))},
        5,
    )
    m(s)["deck"] = m(s)["deck"] + m(s)["up"][:2]  # 3 face down, 1 face up
    m(s)["up"] = m(s)["up"][2:]
    t = s.copy()
    t.mod[MOD]["deck"] = list(reversed(m(s)["deck"]))
    for seat in (0, 1, None):
        assert GAME.view(s, seat) == GAME.view(t, seat)
    orders = {tuple(m(GAME.determinize(s, 0, Rng(k)))["deck"]) for k in range(12)}
    assert len(orders) > 1
    assert all(m(GAME.determinize(s, 0, Rng(k)))["up"] == m(s)["up"] for k in range(5))


# -- whole games --------------------------------------------------------------------------------


def test_random_games_keep_every_invariant() -> None:
    """20 random games (2-4 players) to the end or the turn limit, invariants at every step."""
    random_games(MOD, range(20))


def test_conformance_no_leak_determinism_replay() -> None:
    for seed in (1, 2):
        random_game(
            GAME,
            {"players": 3, "modules": MOD, "printed_only": True, "turn_limit": 30},
            seed,
            deep=True,
        )


def test_heuristic_bots_take_tokens_and_spend_them() -> None:
    """5 heuristic games: the bots fetch tokens and spend them (recharges or the Horse)."""
    chosen = heuristic_games(MOD, range(5))
    spent = sum(k for key, k in chosen.items() if key.startswith(("ori-charge:", "ori-build:")))
    assert chosen["ori-take"] >= 5 and spent >= 1


@pytest.mark.parametrize(
    ("modules", "players"),
    [
        ("orichalkum,poseidon", 3),
        ("orichalkum,poseidon,atlantis", 5),
        ("orichalkum,opportunity", 4),
    ],
)
def test_combined_with_poseidon_and_atlantis(modules: str, players: int) -> None:
    """ "Orichalkum can be combined with the Poseidon and Atlantis expansions." """

    def tokens(s: LordsState) -> None:
        assert len(m(s)["map"]) == sum(1 for r in s.content.regions if r.city == 1)

    random_games(modules, range(3), lambda _: players, 30, tokens)


def test_no_token_when_the_quest_is_boarded_at_its_last_step() -> None:
    """A Quest started at its third Step ends at once and the Hero is back in the Region: it
    still started a Quest, so no token."""
    s = game()
    p = s.current
    quest = s.content.quest("saving-prometheus").index
    s.quest_slots = [quest]
    give_cards(s, p, *["phalanx-torch-2"] * 2, "charge-sickle-4", "charge-sickle-4")
    s.hero_at[p] = R("epirus")
    hero_walk(s, "macedonia")
    GAME.apply(s, "quest:3")
    while s.stack[-1]["k"] not in ("turn",):
        assert s.stack[-1]["k"] != "ori-take"
        GAME.apply(s, keys(s)[0])
    assert s.hero_at[p] == R("macedonia") and quest not in s.quest_slots
    assert m(s)["held"][p] == 0 and R("macedonia") in m(s)["map"]
