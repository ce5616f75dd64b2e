"""Chiron (Dark Ages): the Monster, Training Quests and cards, the Ashen Spear, sentence by
sentence."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from hellas.cli.main import app
from hellas.core.conformance import random_game
from hellas.core.rng import Rng
from hellas.games.lords import GAME
from hellas.games.lords.content import configured
from hellas.games.lords.monster_phase import region_attack
from hellas.games.lords.monsters import appear, slay
from hellas.games.lords.state import LordsState

from ..helpers import R, clear_board, evolve, give_cards, keys, play, put, record_index, started
from ..test_battle import arena, attack, settle
from ..test_hunt import attacks_next, top
from .games import heuristic_games, random_games

MODS = "chiron"
CHIRON = 7  # after the 7 base Monsters


def ch(players: int = 3) -> LordsState:
    return started(players, modules=MODS, printed_only=True)


def tq(card_id: str) -> int:
    """Return the Training Quest of a Training card."""
    return record_index("quests", f"training-{card_id}")


def card(card_id: str) -> int:
    return record_index("combat", card_id)


def reset_training(s: LordsState) -> None:
    """Every Training Quest back in the Training deck (none in the Quest slots)."""
    m = s.mod["chiron"]
    m["deck"], m["aside"], m["out"] = sorted(TRAININGS()), [], []
    m["owned"] = [[] for _ in range(s.n)]
    s.quest_slots = [q for q in s.quest_slots if q not in TRAININGS()]


def TRAININGS() -> set[int]:
    return {tq("tactical-failure-bow"), tq("illegible-sword")}


def chiron_out(s: LordsState, region: str = "thessaly") -> None:
    """Chiron stands in ``region``; the Tactical Failure Training Quest in the slots."""
    reset_training(s)
    s.monster_at[CHIRON] = R(region)
    s.mod["chiron"]["deck"].remove(tq("tactical-failure-bow"))
    s.quest_slots.append(tq("tactical-failure-bow"))
    s.cache = None


# -- setup -----------------------------------------------------------------------------------


def test_setup_chiron_cards_in_the_event_deck_training_cards_in_their_own_deck() -> None:
    """Setup: "shuffle the Chiron Monster Cards into the Event Deck"; "Create a face down deck
    containing the ... Training Cards" (the 2 legible ones)."""
    base = GAME.new({"players": 3}, 2)
    s = GAME.new({"players": 3, "modules": MODS, "printed_only": True}, 2)

    def total(x: LordsState) -> int:
        return len(x.event_deck) + len(x.event_discard) + len(x.quest_slots)

    held = len(s.mod["chiron"]["deck"])
    assert total(s) + held == total(base) + 2 + 2  # Chiron's 2 cards, 2 Training cards
    assert set(s.mod["chiron"]["deck"]) | (set(s.quest_slots) & TRAININGS()) == TRAININGS()
    assert not {tq("tactical-failure-bow"), tq("illegible-sword")} & set(s.event_deck)
    assert GAME.view(s, 0)["module_panels"][MODS]["training_deck"] == len(s.mod["chiron"]["deck"])
    reset_training(s)  # its order is hidden: another seat's sample reshuffles it
    orders = {tuple(GAME.determinize(s, 0, Rng(k)).mod["chiron"]["deck"]) for k in range(20)}
    assert len(orders) == 2


def test_chiron_appearing_puts_a_training_card_in_the_first_empty_quest_slot() -> None:
    """ "When Chiron appears on the board, draw 1 Training Card and place it on the first
    empty Quest slot." - also during the Game Setup."""
    s = ch()
    clear_board(s)
    reset_training(s)
    s.quest_slots = [0]
    top = s.mod["chiron"]["deck"][-1]
    appear(s, CHIRON, 0)
    assert s.monster_at[CHIRON] == R("thessaly") and s.quest_slots == [0, top]


def test_full_slots_discard_the_first_quest_without_a_hero() -> None:
    """ "If there is no empty Quest slot, discard the first Quest card on which there is no
    Hero." """
    s = ch()
    reset_training(s)
    s.quest_slots = [0, 1, 2]
    s.questing[0] = 0  # a Hero on the first Quest
    s.event_deck = [e for e in s.event_deck if e not in (0, 1, 2)]
    top = s.mod["chiron"]["deck"][-1]
    appear(s, CHIRON, 0)
    assert s.quest_slots == [0, 2, top] and 1 in s.event_discard
    s.hero_at[0] = -1
    GAME.check_invariants(s)


def test_a_hero_on_every_quest_sets_the_training_card_aside_until_a_quest_is_done() -> None:
    """ "If there is a Hero on each Quest put the Training Card aside. It will become available
    when the first Quest is done." """
    s = ch()
    reset_training(s)
    s.quest_slots = [0, 1, 2]
    s.event_deck = [e for e in s.event_deck if e not in (0, 1, 2)]
    for q, quest in enumerate((0, 1, 2)):
        s.questing[q], s.quest_step[q], s.hero_at[q] = quest, 2, -1
    top = s.mod["chiron"]["deck"][-1]
    appear(s, CHIRON, 0)
    assert s.mod["chiron"]["aside"] == [top] and s.quest_slots == [0, 1, 2]
    GAME.check_invariants(s)
    s.cache = None
    play(s, "quest-step")  # the current player's Hero completes its Quest
    assert top in s.quest_slots and not s.mod["chiron"]["aside"]


# -- Training Quests -------------------------------------------------------------------------


def test_training_quest_stands_with_chiron_and_needs_shown_combat_cards() -> None:
    """ "Training Cards function exactly as normal Quest Cards. A player must possess (and show
    to the other players) specific Combat Cards in order to start the Training Quest." Its
    Token stands where Chiron is; Tactical Failure's steps need 1, 2, 3 bow cards."""
    s = ch()
    p = s.current
    clear_board(s)
    chiron_out(s, "aetolia")
    s.hero_at[p] = R("acarnania")
    give_cards(s, p, "flank-attack-bow-2", "flank-attack-bow-2")
    assert GAME.view(s, None)["regions"][R("aetolia")]["quest"] == "training-tactical-failure-bow"
    play(s, "hero-move", "go:aetolia")
    assert sorted(keys(s)) == ["quest:1", "quest:2", "quest:none"]
    play(s, "quest:2")
    assert s.questing[p] == tq("tactical-failure-bow") and s.hero_at[p] == -1
    assert len(s.hands[p]) == 2  # shown, not spent


def test_completing_training_gives_the_card_and_the_next_training_card_to_the_slot() -> None:
    """ "After Hero completes a Training Quest, the player takes the Training Card and places it
    next to their Hero Board"; "place a new Training card in the Quest slot". The Hero returns
    to Chiron's Region."""
    s = ch()
    p = s.current
    clear_board(s)
    chiron_out(s, "aetolia")
    assert s.mod["chiron"]["deck"] == [tq("illegible-sword")]
    s.questing[p], s.quest_step[p], s.hero_at[p] = tq("tactical-failure-bow"), 2, -1
    play(s, "quest-step")
    assert s.mod["chiron"]["owned"][p] == [card("tactical-failure-bow")]
    assert tq("illegible-sword") in s.quest_slots and not s.mod["chiron"]["deck"]
    assert s.hero_at[p] == R("aetolia") and s.glory[s.content.regions[R("aetolia")].land] == p
    panel = GAME.view(s, None)["module_panels"][MODS]
    assert panel["owned"][p] == ["tactical-failure-bow"]


def test_chiron_slain_discards_the_training_card_and_returns_its_heroes() -> None:
    """ "If Chiron was killed, discard a Training Card (if any Hero was on this Training, place
    them back in the Region Chiron was in)." """
    s = ch()
    p = s.current
    other = (p + 1) % 3
    clear_board(s)
    chiron_out(s, "aetolia")
    s.questing[other], s.quest_step[other], s.hero_at[other] = tq("tactical-failure-bow"), 1, -1
    slay(s, CHIRON, p)
    assert tq("tactical-failure-bow") not in s.quest_slots
    assert tq("tactical-failure-bow") in s.mod["chiron"]["out"]
    assert s.questing[other] == -1 and s.hero_at[other] == R("aetolia")
    GAME.check_invariants(s)


# -- Training cards --------------------------------------------------------------------------


def own(s: LordsState, seat: int, card_id: str) -> None:
    """Give a seat a completed Training card (taken from the Training deck or a slot)."""
    quest = tq(card_id)
    m = s.mod["chiron"]
    for pile in (m["deck"], s.quest_slots):
        if quest in pile:
            pile.remove(quest)
    m["owned"][seat].append(card(card_id))
    s.cache = None


def test_training_card_played_in_battle_stays_marked_used_until_build_monument() -> None:
    """ "Training Cards are used as normal Combat Card (during Hunt or Battle), but they are not
    discarded after use. Instead, they are marked as used as an Artifact. They are charged as
    normal Artifacts, during the Build Monument Special Action." """
    s, p, _q = arena(4, 2, modules=MODS, printed_only=True)
    own(s, p, "illegible-sword")
    attack(s, 4)  # the defender, without cards, passes by itself
    assert keys(s) == ["pass", "play:illegible-sword"]
    play(s, "play:illegible-sword")  # then nothing is left to play: the Battle ends
    assert card("illegible-sword") not in s.combat_discard
    settle(s)
    m = s.mod["chiron"]
    assert m["owned"][p] == [card("illegible-sword")] == m["used"][p]
    from hellas.games.lords.turn import build_monument  # noqa: PLC0415

    build_monument(s, p, "zeus")
    assert not s.mod["chiron"]["used"][p]


def test_the_sword_training_card_has_its_printed_text_and_no_battle_effect() -> None:
    """The second legible Training card (a sword, name not legible): "Use 2 Combat Cards with a
    sword symbol to deal a Wound of any type. When performing a Region Attack, kill 2 Hoplites."
    Only a Monster performs a Region Attack ("Action: The Monster performs a Region Attack as
    described on its Monster Tray"), so in a Battle the card counts its Strength alone: the
    loser loses its 1 Hoplite, nothing more."""
    c = configured(MODS).card("illegible-sword")
    assert (c.symbol, c.effect, c.effects, c.name) == ("sword", "none", (), "Training card (sword)")
    assert "When performing a Region Attack, kill 2 Hoplites" in c.text
    s, p, q = arena(4, 4, modules=MODS, printed_only=True)
    own(s, p, "illegible-sword")
    attack(s, 4)
    play(s, "play:illegible-sword")  # 4 + 2 against 4: the attacker wins
    settle(s)
    assert sum(s.hoplites(r, p) for r in range(len(s.control))) == 4 - 1  # its own Casualty
    assert sum(s.hoplites(r, q) for r in range(len(s.control))) == 4 - 1


def test_tactical_failure_makes_the_opponent_discard_all_but_one_card() -> None:
    """Tactical Failure: "After this Battle, your opponent must discard all their Combat Cards
    from their hand except one." """
    s, p, q = arena(4, 2, modules=MODS, printed_only=True)
    own(s, p, "tactical-failure-bow")
    give_cards(s, q, "trap-sword-1", "trap-mace-1", "charge-sickle-4")
    attack(s, 4)
    play(s, "pass", "play:tactical-failure-bow")  # the defender first; then all have passed
    settle(s)
    assert s.stack[-1]["k"] == "discard" and GAME.to_act(s) == q
    play(s, "discard:trap-sword-1", "discard:trap-mace-1")
    assert s.hands[q] == [card("charge-sickle-4")]


def test_training_cards_count_neither_for_the_hand_limit_nor_as_artifacts() -> None:
    """ "Training Cards do not count against Combat Card limit." "Training Cards are not
    Artifacts. They are not affected by effects affecting Artifacts." (Chiron's Special Attack
    finds nothing to discard.)"""
    from hellas.games.lords.cards import enforce_limit  # noqa: PLC0415

    s = ch()
    p = s.current
    own(s, p, "tactical-failure-bow")
    give_cards(s, p, "trap-sword-1", "trap-mace-1", "charge-sickle-4", "assault-axe-4")
    enforce_limit(s, p)
    assert s.stack[-1]["k"] != "discard"
    hunt_s, hp = hunt_scene()
    own(hunt_s, hp, "tactical-failure-bow")
    attacks_next(hunt_s, "special-attack-3", "attack-4")
    play(hunt_s, "hunt:chiron", "hit:wild-attack-sword-3", "end-attack", "mattack:special-attack-3")
    play(hunt_s, "take", "injure:speed")
    assert hunt_s.mod["chiron"]["owned"][hp] == [card("tactical-failure-bow")]


def hunt_scene() -> tuple[LordsState, int]:
    s = ch()
    p = s.current
    clear_board(s)
    s.monster_at[CHIRON] = s.hero_at[p]
    give_cards(s, p)
    top(s, "wild-attack-sword-3")
    return s, p


def test_training_card_wounds_in_a_hunt_like_a_combat_card() -> None:
    """A Training card in a Hunt: its symbol Wounds a matching symbol, then it is marked used."""
    s, p = hunt_scene()
    own(s, p, "tactical-failure-bow")  # Chiron's tray has a bow symbol
    s.attrs[p * 3 + 1] = 0 + 1
    play(s, "hunt:chiron")
    assert "hit:tactical-failure-bow" in keys(s)
    play(s, "hit:tactical-failure-bow")
    assert s.mod["chiron"]["used"][p] == [card("tactical-failure-bow")]
    assert card("tactical-failure-bow") not in s.combat_discard


# -- Chiron the Monster ----------------------------------------------------------------------


def test_chiron_special_attack_injures_and_discards_an_artifact() -> None:
    """Chiron's Special Attack: "Deal 1 Injury. Discard 1 Artifact (if you have any)." """
    s, p = hunt_scene()
    a, b = s.content.artifact("aegis").index, s.content.artifact("harpe").index
    s.neutral_deck = [x for x in s.neutral_deck if x not in (a, b)]
    s.artifact_owner[a] = s.artifact_owner[b] = p
    attacks_next(s, "special-attack-3", "attack-4")
    play(s, "hunt:chiron", "hit:wild-attack-sword-3", "end-attack", "mattack:special-attack-3")
    play(s, "take")
    assert s.stack[-1]["k"] == "hurt"
    play(s, "injure:speed")
    assert sorted(keys(s)) == ["ch-artifact:aegis", "ch-artifact:harpe"]
    play(s, "ch-artifact:harpe")
    assert s.artifact_owner[b] == -1 and s.neutral_deck[0] == b and s.artifact_owner[a] == p


def test_chiron_region_attack_wounded_kills_in_each_region_of_his_land() -> None:
    """Chiron's Region Attack: "If Wounded: Kill 1 Hoplite in each Region of this Land." With
    the Laconia card ("Evolve: When performing a Region Attack, kill 2 Hoplites"): 2."""
    for evolved, dead in ((False, 1), (True, 2)):
        s = ch()
        clear_board(s)
        for region in ("epirus", "macedonia", "thessaly", "chalkidiki"):
            put(s, region, 0, 3)
        put(s, "aetolia", 0, 3)  # another Land
        s.monster_at[CHIRON] = R("thessaly")
        s.wounds[CHIRON] = [0]
        if evolved:
            evolve(s, CHIRON, 1)
        region_attack(s, CHIRON)
        lost = [3 - s.hoplites(R(r), 0) for r in ("epirus", "macedonia", "thessaly", "chalkidiki")]
        assert lost == [dead] * 4 and s.hoplites(R("aetolia"), 0) == 3


def test_chiron_region_attack_unwounded_heals_every_hero_in_his_land() -> None:
    """ "If not Wounded: Heal 1 Injury on each Hero in this Land." """
    s = ch()
    clear_board(s)
    s.monster_at[CHIRON] = R("thessaly")
    s.hero_at = [R("epirus"), R("macedonia"), R("aetolia")]
    s.injured = [0b010, 0b011, 0b001]
    region_attack(s, CHIRON)
    assert s.injured[0] == 0 and s.injured[2] == 0b001
    assert s.stack[-1]["k"] == "heal" and s.stack[-1]["seat"] == 1  # two Injuries: it picks


def test_thessaly_chiron_card_evolves_nothing_legible() -> None:
    """Thessaly (Chiron): its Evolve text is not legible, so that card Evolves nothing;
    Laconia (Chiron) is his other spawn Region."""
    s = ch()
    clear_board(s)
    assert [appear(s, CHIRON, k) for k in (0, 1)] == [R("thessaly"), R("laconia")]
    assert s.content.monsters[CHIRON].cards[0].evolve == "none"


def test_ashen_spear_adds_two_in_battle_and_to_a_hunt_defence() -> None:
    """Ashen Spear: "Use when playing a Combat Card. Add +2 to its value." """
    from hellas.games.lords.battle import strength  # noqa: PLC0415

    s, p, _q = arena(3, 3, modules=MODS, printed_only=True)
    spear = s.content.artifact("ashen-spear").index
    s.artifact_owner[spear] = p
    give_cards(s, p, "trap-sword-1")
    attack(s, 3)  # the defender, without cards, passes by itself
    f = s.stack[-1]
    before = strength(s, f, 0)
    play(s, "artifact:ashen-spear")  # on its card turn, before its only card
    assert strength(s, f, 0) == before and not s.artifact_charged[spear]  # no card yet
    assert "artifact:ashen-spear" not in keys(s)
    played = strength(s, f, 0) + s.content.card("trap-sword-1").strength + s.attr(p, 0)
    play(s, "card:trap-sword-1")  # the last card: the Battle resolves
    assert s.stack[-1]["k"] != "battle" or s.stack[-1]["stage"] == "withdraw"
    assert f["result"]["att"] == played + 2
    s, p = hunt_scene()
    s.artifact_owner[spear] = p
    give_cards(s, p, "trap-sword-1", "trap-mace-1")
    attacks_next(s, "attack-4", "attack-5")
    play(s, "hunt:chiron", "hit:wild-attack-sword-3", "end-attack", "mattack:attack-4")
    play(s, "card:trap-sword-1")
    assert "artifact:ashen-spear" in keys(s)
    play(s, "artifact:ashen-spear")  # 1 + 2 = 3 < 4: not yet
    assert s.stack[-1]["stage"] == "defend" and not s.artifact_charged[spear]
    play(s, "card:trap-mace-1")  # 2 + 2 = 4: defended
    assert s.stack[-1]["stage"] == "attack" and s.injured[p] == 0


def test_a_content_pack_adds_a_training_card(tmp_path: Path) -> None:
    """An owner of the box may enter a missing Training card: a ``training`` Combat Card and
    its ``training-<id>`` Quest in a content pack join the Training deck."""

    (tmp_path / "combat.toml").write_text(
        '[[card]]\nnew = true\nid = "pack-lesson-mace"\nname = "Pack Lesson"\nkind = "training"\n'
        'symbol = "mace"\nstrength = 3\ncasualties = 0\neffect = "none"\ncount = 1\n'
        'provenance = "provisional"\n'
    )
    (tmp_path / "monsters.toml").write_text(
        '[[quest]]\nnew = true\nid = "training-pack-lesson-mace"\nname = "Training: Pack"\n'
        'region = "thessaly"\nsteps = [{show-mace = 1}, {show-mace = 2}, {show-mace = 3}]\n'
        'reward = "training"\nprovenance = "provisional"\n'
    )
    s = GAME.new({"players": 3, "modules": MODS, "printed_only": True, "content": str(tmp_path)}, 1)
    quest = tq("pack-lesson-mace")
    assert quest in s.mod["chiron"]["deck"] + s.quest_slots
    assert quest not in s.event_deck
    rng = Rng(1)
    for _ in range(300):
        cs = GAME.choices(s)
        GAME.step(s, cs[rng.below(len(cs))])
        GAME.check_invariants(s)


def test_a_pack_training_card_with_the_unattributed_text_adds_two_casualties(
    tmp_path: Path,
) -> None:
    """The rulebook prints the Training text "Your opponent adds +2 to their Casualties"
    without its card; an owner enters that card in a pack (a ``battle-played`` clause with
    ``opponent-casualties = 2``):
    in a Battle won with it the loser loses 1 + 2 Hoplites."""

    (tmp_path / "combat.toml").write_text(
        '[[card]]\nnew = true\nid = "pack-lesson-mace"\nname = "Pack Lesson"\nkind = "training"\n'
        'symbol = "mace"\nstrength = 2\ncasualties = 1\neffect = "none"\n'
        'effects = [{when = "battle-played", do = [{opponent-casualties = 2}]}]\n'
        'count = 1\nprovenance = "provisional"\n'
    )
    (tmp_path / "monsters.toml").write_text(
        '[[quest]]\nnew = true\nid = "training-pack-lesson-mace"\nname = "Training: Pack"\n'
        'region = "thessaly"\nsteps = [{show-mace = 1}, {show-mace = 2}, {show-mace = 3}]\n'
        'reward = "training"\nprovenance = "provisional"\n'
    )
    s, p, q = arena(4, 4, modules=MODS, printed_only=True, content=str(tmp_path))
    own(s, p, "pack-lesson-mace")
    attack(s, 4)
    play(s, "play:pack-lesson-mace")  # 4 + 2 against 4: the attacker wins
    settle(s)
    assert sum(s.hoplites(r, p) for r in range(len(s.control))) == 4 - 1  # its Casualty
    assert sum(s.hoplites(r, q) for r in range(len(s.control))) == 4 - 1 - 2


# -- whole games -----------------------------------------------------------------------------


def test_random_games_with_chiron_keep_every_invariant() -> None:
    """20 random games with the invariants checked at every step."""
    random_games(MODS, range(20))


def test_heuristic_games_train_and_play_training_cards() -> None:
    """5 heuristic games: the bots complete Training Quests and play their Training cards."""
    chosen = heuristic_games(MODS, range(5), players=4, turn_limit=60)
    assert sum(n for k, n in chosen.items() if k.startswith("play:"))


def test_conformance_no_leak_determinism_and_replay() -> None:
    """The contract checks, deep in one game (the Training deck order is hidden)."""
    for seed in range(3):
        random_game(
            GAME,
            {"players": 3, "modules": MODS, "printed_only": True, "turn_limit": 30},
            seed,
            deep=seed == 0,
        )


def test_simulate_with_chiron_from_the_command_line(tmp_path: Path) -> None:
    """``hellas simulate lords --modules chiron --games 4`` plays and records 4 games."""
    out = tmp_path / "chiron.csv"
    args = ["simulate", "lords", "--modules", MODS, "--games", "4", "--bots", "random"]
    result = CliRunner().invoke(app, [*args, "--turn-limit", "40", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert len(out.read_text().strip().splitlines()) == 5
