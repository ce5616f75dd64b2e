"""Battles: the sequence, Casualties, the limit on Casualties, withdrawal, pyrrhic victory."""

from __future__ import annotations

from hellas.games.lords import GAME

from .helpers import R, clear_board, give_cards, keys, play, put, started


def arena(
    att_hoplites: int,
    def_hoplites: int,
    region: str = "corinthia",
    src: str = "attica",
    **kw: object,
) -> tuple[object, int, int]:
    """Attacker (to act) next to a defender; returns (state, attacker, defender)."""
    s = started(2, **kw)  # type: ignore[arg-type]
    p = s.current
    q = 1 - p
    clear_board(s)
    put(s, src, p, att_hoplites, control=True)
    put(s, region, q, def_hoplites, control=True)
    s.attrs[p * 3] = 5
    give_cards(s, p)
    give_cards(s, q)
    return s, p, q


def attack(s: object, n: int, region: str = "corinthia", src: str = "attica") -> None:
    play(s, "hoplite-move", *[f"move:{src}>{region}"] * n)  # type: ignore[arg-type]
    if "done" in keys(s):  # type: ignore[arg-type]
        play(s, "done")  # type: ignore[arg-type]


def settle(s: object) -> None:
    """Let the loser withdraw to its first choice, if it has one to make."""
    while s.stack and s.stack[-1]["k"] == "battle" and s.stack[-1]["stage"] == "withdraw":  # type: ignore[attr-defined]
        play(s, keys(s)[0])  # type: ignore[arg-type]


def test_defender_plays_first_then_alternate_until_both_pass() -> None:
    """Battle 1: "The defending player can play one Combat Card ... The attacking player can
    play one Combat Card in the same way ... The sequence is repeated until both players
    pass." """
    s, p, q = arena(3, 3)
    give_cards(s, p, "charge-sickle-4")
    give_cards(s, q, "wild-attack-axe-3", "trap-sword-1")
    attack(s, 3)
    assert GAME.to_act(s) == q
    play(s, "card:wild-attack-axe-3")
    assert GAME.to_act(s) == p
    play(s, "pass")
    assert GAME.to_act(s) == q  # the attacker passed: the defender may go on alone
    play(s, "pass")
    settle(s)
    assert s.stack[-1]["k"] == "turn"


def test_army_strength_ties_go_to_the_defender() -> None:
    """Battle 2: "If any players have equal Army Strength, the defending player wins." """
    s, p, q = arena(2, 2)
    attack(s, 2)  # nobody holds a card: the Battle resolves at once
    region = R("corinthia")
    assert s.control[region] == q
    # the attacker lost: 1 more killed, the rest withdrew to where they came from
    assert s.hoplites(region, p) == 0 and s.hoplites(R("attica"), p) == 1


def test_casualties_from_your_own_cards_and_the_loser_loses_one_more() -> None:
    """Battle 3: "Players ... kill as many Hoplites ... as there were Casualties Symbols on the
    Combat Cards they played ... The loser of the Battle kills an additional Hoplite"."""
    s, p, q = arena(4, 2)
    give_cards(s, p, "charge-sickle-4")  # Strength 4, 2 casualties
    attack(s, 4)  # the defender holds no card and passes by itself
    play(s, "card:charge-sickle-4")
    settle(s)
    region = R("corinthia")
    assert s.control[region] == p and s.hoplites(region, p) == 2  # 4 - 2 casualties
    assert s.hoplites(region, q) == 0
    assert sum(s.hoplites(r, q) for r in range(19)) == 1  # 2 - 1 killed; 1 withdrew


def test_casualty_symbols_cannot_exceed_your_hoplites() -> None:
    """Casualty symbols: "A player cannot play Combat Cards with total number of Casualty
    Symbols exceeding the number of his/her Hoplites in a Battle!" """
    s, p, _q = arena(1, 2)
    give_cards(s, p, "charge-sickle-4", "wild-attack-axe-3")
    attack(s, 1)
    assert "card:charge-sickle-4" not in keys(s)  # 2 casualties, 1 Hoplite
    assert "card:wild-attack-axe-3" in keys(s)


def test_fortification_bonus_city_and_sparta() -> None:
    """Hoplite Movement: "Fortified Hoplites receive a bonus of +1/+2 to Army Strength if they
    fight in the Region (+1 for a City / +2 for Sparta)"."""
    from hellas.games.lords import battle  # noqa: PLC0415

    s, p, q = arena(3, 2, region="laconia", src="arcadia")
    s.hop[R("laconia") * s.n + q] -= 1
    s.fort[R("laconia")] = q
    attack(s, 3, region="laconia", src="arcadia")
    assert s.control[R("laconia")] == q  # 2 + 2 (Sparta) beats 3
    assert sum(s.hoplites(r, p) for r in range(19)) == 2
    t, p2, q2 = arena(3, 2, region="laconia", src="arcadia")
    t.hop[R("laconia") * t.n + q2] -= 1
    t.fort[R("laconia")] = q2
    give_cards(t, p2, "trap-sword-1")
    attack(t, 3, region="laconia", src="arcadia")
    f = t.stack[-1]
    assert battle.strength(t, f, 1) == 2 + 2 and battle.strength(t, f, 0) == 3


def test_withdrawal_not_into_enemy_regions_else_all_die() -> None:
    """Battle 3: "he/she cannot withdraw to a Region controlled by another player or a Region
    in which another player's Hoplites are present. If a player is unable to withdraw his/her
    units, all of them are killed." """
    s, p, q = arena(5, 2, region="crete", src="attica")
    for r in ("argolis", "euboea", "laconia"):
        s.control[R(r)] = p  # every other neighbour of Crete is the attacker's
    attack(s, 5, region="crete", src="attica")
    assert sum(s.hoplites(r, q) for r in range(19)) == 0


def test_pyrrhic_victory_gives_no_control() -> None:
    """Pyrrhic Victory: "If the attacker sustains losses to the extent that he/she has no
    Hoplites remaining in the Region, even though he/she won the Battle, he/she cannot take
    control of the Region."."""
    s, p, q = arena(2, 1, region="corinthia", src="attica")
    give_cards(s, p, "charge-sickle-4")
    attack(s, 2)
    play(s, "card:charge-sickle-4")
    region = R("corinthia")
    assert s.hoplites(region, p) == 0 and s.control[region] == q


def test_encirclement_kills_three() -> None:
    """Encirclement: "If you win this Battle, kill 3 of your enemy's Hoplites (instead of
    1)."."""
    s, p, q = arena(4, 4)
    give_cards(s, p, "encirclement-sword-2", "charge-sickle-4")
    attack(s, 4)
    play(s, "card:charge-sickle-4", "card:encirclement-sword-2")
    settle(s)
    assert sum(s.hoplites(r, q) for r in range(19)) == 1


def test_hand_limit_four_after_drawing() -> None:
    """Combat Card Limit: "No player can hold more than 4 Combat Cards ... must then immediately
    discard cards so that they hold no more than 4"."""
    s = started(2)
    p = s.current
    give_cards(s, p, "charge-sickle-4", "wild-attack-axe-3", "trap-sword-1", "trap-mace-1")
    play(s, "prepare", "prep:draw")
    play(s, "prep:draw")
    assert s.stack[-1]["k"] == "discard" and GAME.to_act(s) == p and len(s.hands[p]) == 6
    play(s, keys(s)[0])
    assert s.stack[-1]["k"] == "discard"  # one discard at a time, down to 4
    play(s, keys(s)[0])
    assert len(s.hands[p]) == 4


def test_glory_and_assault_card_effects() -> None:
    """Combat cards: Glory (+3 with the Land's Glory Token), Assault (+2 when attacking)."""
    from hellas.games.lords import battle  # noqa: PLC0415

    s, p, q = arena(3, 3)
    give_cards(s, p, "assault-spear-4", "trap-sword-1")
    give_cards(s, q, "glory-torch-1", "trap-mace-1")
    s.glory[s.content.regions[R("corinthia")].land] = q
    attack(s, 3)
    play(s, "card:glory-torch-1", "card:assault-spear-4")
    f = s.stack[-1]
    assert battle.strength(s, f, 0) == 3 + 4 + 2
    assert battle.strength(s, f, 1) == 3 + 1 + 3
