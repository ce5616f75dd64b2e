"""Not Defend: the Monster Attack card's effects first, then the one Combat Card drawn.

Rulebook, Hunt, 2. Monster attacks Hero: "b) Not Defend: Resolve Monster Attack Card effects
(receive Injuries, end Hunt etc.), and draw 1 Combat Card."  Every attack card that discards
is played here against a hand of 4, with the next Combat Card of the deck known: a discard
never counts or takes the card drawn after it.
"""

from __future__ import annotations

from hellas.core.rng import Rng
from hellas.games.lords.state import LordsState

from .helpers import play
from .test_hunt import HYDRA, attacks_next, scene

MEDUSA, SPHINX = 4, 6
HAND = ("trap-mace-1", "tactical-maneuver-mace-2", "assault-axe-4", "glory-bow-1")
NEXT = "javelin-volley-spear-2"  # the card the undefended attack draws


def _undefended(monster: int, attack: str, speed: int = 1, seed: int = 0) -> tuple[LordsState, int]:
    """Hunt ``monster`` with 4 cards left after the first Wound; leave ``attack`` undefended.

    ``seed`` reseeds the game's generator before the attack resolves (random discards)."""
    s, p = scene(monster=monster, hand=HAND, draws=("wild-attack-sword-3", NEXT))
    s.attrs[p * s.na + 2] = speed
    other = "attack-3" if attack != "attack-3" else "attack-4"
    attacks_next(s, attack, other)
    monster_id = s.content.monsters[monster].id
    play(s, f"hunt:{monster_id}", "hit:wild-attack-sword-3", "end-attack", f"mattack:{attack}")
    s.rng = Rng(seed)
    play(s, "take")
    return s, p


def _ids(s: LordsState, p: int) -> list[str]:
    return sorted(s.content.combat[c].id for c in s.hands[p])


def _injure_then_discard(s: LordsState, p: int, discards: int) -> None:
    """Take the Injury, then discard the first cards offered; the next card is not offered."""
    play(s, "injure:leadership")
    for _ in range(discards):
        assert s.stack[-1]["k"] == "discard"
        assert f"discard:{NEXT}" not in [k for k in _keys(s)]
        play(s, _keys(s)[0])


def _keys(s: LordsState) -> list[str]:
    from .helpers import keys  # noqa: PLC0415

    return keys(s)


def test_surprise_attack_discards_half_of_four_then_draws() -> None:
    """Surprise Attack ("discard half of your Combat Cards, rounded up") with 4 cards: 2 go,
    then the draw brings the hand to 3 (drawing first would leave 2)."""
    s, p = _undefended(HYDRA, "surprise-attack")
    assert s.stack[-1]["k"] == "hurt"
    _injure_then_discard(s, p, 2)
    assert len(s.hands[p]) == 3 and NEXT in _ids(s, p)
    assert s.stack[-1]["k"] == "hunt" and s.stack[-1]["stage"] == "attack"


def test_quick_attack_discards_down_to_speed_then_draws() -> None:
    """Quick Attack (discard down to Speed): with Speed 1, 4 cards become 1, then 2 with the
    card drawn."""
    for card in ("quick-attack-4", "quick-attack-5"):
        s, p = _undefended(HYDRA, card)
        _injure_then_discard(s, p, 3)
        assert len(s.hands[p]) == 2 and NEXT in _ids(s, p)


def test_wild_attack_discards_at_random_before_the_draw() -> None:
    """Wild Attack (1 random discard): the card discarded is one of the 4 held, never the card
    drawn after it; the hand ends at 4."""
    for card in ("wild-attack-4", "wild-attack-5"):
        for seed in range(12):  # a draw first would lose the new card 1 time in 5
            s, p = _undefended(HYDRA, card, seed=seed)
            discarded = s.content.combat[s.combat_discard[-1]].id
            assert discarded in HAND
            play(s, "injure:leadership")
            assert len(s.hands[p]) == 4 and NEXT in _ids(s, p)


def test_medusa_special_attack_discards_half_then_draws() -> None:
    """Medusa's Special Attack (1 Injury, half the hand discarded, rounded up) on a Special
    Attack card: 4 cards become 2, then 3."""
    s, p = _undefended(MEDUSA, "special-attack-3")
    _injure_then_discard(s, p, 2)
    assert len(s.hands[p]) == 3 and NEXT in _ids(s, p)


def test_sphinx_special_attack_discards_two_at_random_then_draws() -> None:
    """The Sphinx's Special Attack (2 random discards, 1 Injury): both discards come from the 4
    held, then the draw: 3 cards."""
    for seed in range(12):
        s, p = _undefended(SPHINX, "special-attack-3", seed=seed)
        assert all(s.content.combat[c].id in HAND for c in s.combat_discard[-2:])
        play(s, "injure:leadership")
        assert len(s.hands[p]) == 3 and NEXT in _ids(s, p)


def test_the_draw_comes_even_when_the_attack_ends_the_hunt() -> None:
    """ "Resolve ... (receive Injuries, end Hunt etc.), and draw 1 Combat Card": Recall ends the
    Hunt and the card is still drawn, before the Hunt closes."""
    s, p = _undefended(HYDRA, "recall-4")
    assert NEXT in _ids(s, p) and len(s.hands[p]) == 5
