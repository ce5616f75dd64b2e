"""The Atlantis module of Lords of Hellas: Dark Ages."""

from __future__ import annotations

from typing import Any

from hellas.games.lords.hooks import Module, proc, register
from hellas.games.lords.modules.atlantis import rules
from hellas.games.lords.modules.atlantis.bots import bot_choose
from hellas.games.lords.modules.atlantis.view import panel


def entries(c: Any) -> list[tuple[str, str]]:
    """Return the Atlantis choice keys for the configured content."""
    e = [
        ("atl-factory", "Special Action: Build Temple - the Factory in the Inner Circle"),
        ("atl-talos", "Talos Regular Action: move Talos 1 Region or use its Region Attack"),
        ("atl-talos-stay", "Talos does nothing"),
        ("atl-crown", "Use Siren's Crown: Recruit 1 Hoplite in each of your Cities"),
        ("atl-tentacle:recruit", "Use Cetus' Tentacle: take this Port Region, Recruit 1 Hoplite"),
        ("atl-tentacle:only", "Use Cetus' Tentacle: take this Port Region (no Recruit)"),
    ]
    e += [(f"atl-talos-move:{r.id}", f"Move Talos to {r.name}") for r in c.regions]
    e += [
        (f"atl-talos-kill:{r.id}:{h.id}", f"Talos kills a Hoplite of {h.name} in {r.name}")
        for r in c.regions
        for h in c.heroes
    ]
    e += [(f"atl-injure:{a}", f"Talos injures the hunter's {a.capitalize()}") for a in c.attributes]
    return e


MODULE = register(
    Module(
        id="atlantis",
        title="Atlantis",
        summary=(
            "the Atlantis board, Cleito, the Factory, Talos, Siren and Cetus "
            "(5 players, needs Poseidon)"
        ),
        # the rulebook requires Poseidon for Atlantis, so the pair must not draw the "one
        # expansion-icon module per game" advice: Atlantis is not counted as a second one
        expansion_icon=False,
        requires=(("poseidon", "poseidon-simple"),),
        excludes=(),
        players=(5,),
        hooks={
            "prepare": rules.prepare,
            "start_turn": rules.start_turn,
            "turn_options": rules.turn_options,
            "monster_phase": rules.monster_phase,
            "region_attack": rules.region_attack,
            "monster_moves": rules.monster_moves,
            "hunt_barred": rules.hunt_barred,
            "crossing_closed": rules.crossing_closed,
            "hero_held": rules.hero_held,
            "monument_built": rules.monument_built,
            "invariants": rules.invariants,
            "view": panel,
        },
        procedures={
            "atl-talos": proc(rules.talos_options, rules.talos_choose),
            "atl-injure": proc(rules.injure_options, rules.injure_choose),
        },
        turn_prefixes=("atl-factory", "atl-talos"),
        turn_choose=rules.turn_choose,
        entries=entries,
        bot_choose=bot_choose,
    )
)
