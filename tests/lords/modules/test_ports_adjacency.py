"""Dark Ages Ports for every use of adjacency the rulebook does not exclude (issue 50, item 1).

"Regions with Ports are treated as connected with each other. However there are some
limitations:" - and the list names only "Monsters cannot move from one Port to another." and
"The Hoplite Movement Regular Action cannot be used to move Hoplites from one Port to another."
So withdrawals, Hoplites brought into a Battle and "neighbouring Region" effects see the Port
links too (docs/rules/lords-dark-ages.md, "Ports and adjacency").
"""

from __future__ import annotations

from hellas.games.lords import GAME
from hellas.games.lords.board import adjacent, neighbours, withdraw_options
from hellas.games.lords.monster_phase import region_attack
from hellas.games.lords.phases import push_withdrawal
from hellas.games.lords.state import LordsState

from ..helpers import R, give_cards, keys, play, put
from .test_poseidon import game

PORTS = ("acarnania", "thessaly", "attica", "messenia", "laconia")


def _surround_attica(s: LordsState, p: int) -> None:
    """``p`` holds Attica's land neighbours and every Port but Messenia (which stays empty)."""
    for region in ("boeotia", "corinthia", "crete", "acarnania", "thessaly", "laconia"):
        put(s, region, p, 1, control=True)


def test_defender_losing_in_attica_retreats_by_port_to_messenia() -> None:
    """The reproduction of the issue: "Regions with Ports are treated as connected with each
    other" and the limits name only Monsters and Hoplite Movement, so a defender beaten in
    Attica whose land neighbours are enemy-held withdraws over the Port link to the empty
    Messenia instead of losing both Hoplites."""
    s = game()
    p = s.current
    q = 1 - p
    _surround_attica(s, p)
    put(s, "boeotia", p, 3)
    put(s, "attica", q, 2, control=True)
    s.attrs[p * s.na] = 5  # Leadership 5: all four move
    play(s, "hoplite-move", *["move:boeotia>attica"] * 4, "done")
    assert s.stack[-1]["k"] == "turn"  # no cards: the Battle resolved at once
    assert s.hoplites(R("attica"), q) == 0
    assert s.hoplites(R("messenia"), q) >= 1  # retreated by Port; 1.0-0.4 killed them all
    GAME.check_invariants(s)


def test_withdrawal_after_usurp_or_an_effect_sees_the_ports() -> None:
    """Every forced withdrawal (``push_withdrawal``: Usurp, Cetus' Tentacle...) uses the same
    options: "Regions with Ports are treated as connected with each other"."""
    s = game()
    p = s.current
    q = 1 - p
    _surround_attica(s, p)
    put(s, "attica", q, 2, control=True)
    assert withdraw_options(s, q, R("attica")) == [R("messenia")]
    push_withdrawal(s, q, R("attica"), "test")
    assert s.hoplites(R("attica"), q) == 0 and s.hoplites(R("messenia"), q) == 2


def test_reinforcements_may_come_from_a_port() -> None:
    """Reinforcements ("Bring any number of your Hoplites into the Battle from one neighbouring
    Region") is no Hoplite Movement Regular Action: a Port counts as a neighbour."""
    s = game()
    p = s.current
    q = 1 - p
    put(s, "boeotia", p, 2, control=True)
    put(s, "messenia", p, 3, control=True)
    put(s, "attica", q, 2, control=True)
    give_cards(s, p, "reinforcements-shield-0")
    give_cards(s, q, "trap-sword-1")
    s.attrs[p * s.na] = 5
    play(s, "hoplite-move", "move:boeotia>attica", "move:boeotia>attica", "done")
    play(s, "pass" if GAME.to_act(s) == q else "card:reinforcements-shield-0")
    if s.stack[-1].get("stage") != "reinforce":
        play(s, "card:reinforcements-shield-0")
    assert s.stack[-1].get("stage") == "reinforce"
    assert "reinforce:messenia" in keys(s)  # Messenia borders neither Attica nor Boeotia


def test_adjacent_adds_the_port_links_and_only_with_ports_in_play() -> None:
    """``adjacent`` = borders and Sea Trails plus the Port links; ``neighbours`` (Hoplite
    Movement, Monster moves) stays the printed board."""
    s = game()
    for port in PORTS:
        here = R(port)
        others = {R(o) for o in PORTS if o != port}
        assert others <= set(adjacent(s, here))
        assert set(adjacent(s, here)) == others | set(neighbours(s, here))
    assert adjacent(s, R("boeotia")) == neighbours(s, R("boeotia"))  # no Port there
    plain = GAME.new({"players": 2}, 1)
    assert adjacent(plain, R("attica")) == neighbours(plain, R("attica"))


def test_kill_neighbours_region_attack_may_strike_across_a_port() -> None:
    """A Monster's Region Attack on "a neighbouring Region" is no Monster move: with Ports in
    play, an Army in another Port Region is struck (here the only Army around Attica)."""
    s = game()
    p = s.current
    q = 1 - p
    put(s, "attica", p, 1, control=True)
    put(s, "laconia", q, 2, control=True)
    monster = next(i for i, m in enumerate(s.content.monsters) if m.attack[0] == "kill_neighbours")
    s.monster_at[monster] = R("attica")
    s.cache = None
    region_attack(s, monster)
    assert s.hoplites(R("laconia"), q) == 1  # Laconia borders Messenia, not Attica
