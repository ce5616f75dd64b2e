"""Lords observations with Dark Ages modules: the module fields are written, bounded and honest."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from hellas.core.rng import Rng
from hellas.games.lords import hooks
from hellas.games.lords.content import configured
from hellas.rl.encoders.lords import LordsEncoder
from hellas.rl.encoders.lords_modules import BUILDERS, CONSTANT_PANELS, PROSE
from hellas.rl.session import Session
from tests.rl.test_encoders import Recording

# (modules, players, seeds, the module fields random play must change)
CASES = [
    ("poseidon", 4, 8, {"poseidon.procedure", "poseidon.fleet"}),
    ("poseidon-simple", 3, 10, {"poseidon-simple.procedure"}),
    ("orichalkum", 3, 2, {"orichalkum.procedure", "orichalkum.tokens", "orichalkum.held"}),
    (
        "hades",
        3,
        2,
        {"hades.procedure", "hades.underworld", "hades.gates", "hades.warriors"},
    ),
    ("hades-simple", 3, 2, {"hades-simple.procedure"}),
    ("hephaestus", 3, 3, {"hephaestus.procedure", "hephaestus.drawn", "hephaestus.relics"}),
    ("hephaestus-simple", 3, 4, {"hephaestus-simple.procedure", "hephaestus-simple.drawn"}),
    ("heroes-monsters", 3, 3, {"heroes-monsters.procedure", "heroes-monsters.extra_blessing"}),
    ("chiron", 3, 18, {"chiron.training", "chiron.cards"}),  # a Training is rarely won
    ("opportunity", 3, 3, {"opportunity.cards"}),  # its charge is the effect frame's now
    ("atlantis,poseidon", 5, 2, {"poseidon.fleet"}),  # Fleet rises only by Prayer
]


def _module_keys(session: Session) -> set[str]:
    """Return the choice keys the modules in play add (random play prefers them)."""
    modules = session.options["modules"]
    return {key for key, _ in hooks.all_entries(configured(modules), hooks.modules_of(modules))}


def _play(modules: str, players: int, seeds: int) -> tuple[Session, set[str]]:
    """Play random games (module choices preferred) checking range and leaks at every step.

    Returns the session and the module fields that took more than one value.
    """
    session = Session("lords", {"players": players, "modules": modules, "turn_limit": 90})
    game, encoder = session.game, session.encoder
    layout = encoder.layout
    fields = [f for f in layout.fields if "." in f.name]
    seen: dict[str, set[bytes]] = {f.name: set() for f in fields}
    mine = _module_keys(session)
    table = session.table
    for seed in range(seeds):
        session.reset(seed)
        rng = Rng(seed + 7)
        while session.to_act() is not None:
            state = session.state
            view = game.view(state, 0)
            panels = {k: Recording(p) for k, p in view["module_panels"].items()}
            encoder.encode({**view, "module_panels": panels})
            for module, panel in panels.items():
                unread = set(panel) - panel.read - PROSE
                assert not unread, f"{module} panel keys never encoded: {sorted(unread)}"
            for seat in range(players):
                vector = encoder.encode(game.view(state, seat))
                assert vector.shape == (layout.size,) and vector.dtype == np.float32
                assert vector.min() >= 0.0 and vector.max() <= 1.0
                for f in fields:
                    seen[f.name].add(vector[f.start : f.stop].tobytes())
                twin = game.determinize(state, seat, rng.fork())
                other = encoder.encode(game.view(twin, seat))
                if not np.array_equal(vector, other):
                    where = [
                        f.name
                        for f in layout.fields
                        if not np.array_equal(vector[f.start : f.stop], other[f.start : f.stop])
                    ]
                    raise AssertionError(f"{modules} seed {seed}: seat {seat} sees {where} move")
            legal = session.legal()
            ours = [i for i in legal if table.at(i).key in mine]
            pick = ours if ours and rng.below(10) else legal
            session.play(pick[rng.below(len(pick))])
    changed = {name for name, values in seen.items() if len(values) > 1}
    return session, changed


@pytest.mark.parametrize(
    ("modules", "players", "seeds", "expected"), CASES, ids=[c[0] for c in CASES]
)
def test_module_fields_are_written_in_range_and_hide_what_the_seat_cannot_see(
    modules: str, players: int, seeds: int, expected: set[str]
) -> None:
    session, changed = _play(modules, players, seeds)
    names = {f.name for f in session.encoder.layout.fields}
    for module in modules.split(","):
        assert any(n.startswith(f"{module}.") for n in names), f"{module} declares its fields"
    assert expected <= changed, f"never changed: {sorted(expected - changed)}"


def test_base_layout_is_unchanged_without_modules_and_grows_with_them() -> None:
    base = Session("lords", {"players": 3}).encoder.layout
    assert not any("." in f.name for f in base.fields)
    more = Session("lords", {"players": 3, "modules": "opportunity"}).encoder.layout
    assert more.fields[: len(base.fields)] == base.fields  # same content: same base fields
    assert more.size > base.size
    assert more.fields[len(base.fields)].start == base.size


def _encode_panel(session: Session, seat: int = 0) -> tuple[Any, np.ndarray]:
    view = session.game.view(session.state, seat)
    return view, session.encoder.encode(view)


def _field(session: Session, vector: np.ndarray, name: str) -> np.ndarray:
    return vector[session.encoder.layout.slice(name)]


def test_atlantis_fields_follow_the_factory_talos_and_the_siren() -> None:
    session = Session("lords", {"players": 5, "modules": "poseidon,atlantis", "turn_limit": 20})
    session.reset(3)
    _, before = _encode_panel(session)
    assert not _field(session, before, "atlantis.factory").any()
    data = session.state.mod["atlantis"]
    data["factory"], data["talos_used"], data["captives"] = True, True, [1, 3]
    view, after = _encode_panel(session)
    panel = view["module_panels"]["atlantis"]
    got = _field(session, after, "atlantis.factory")
    n = 5
    assert got[0] == 1.0 and got[1 + n] == 1.0
    assert got[2 + n :].tolist() == [0.0, 1.0, 0.0, 1.0, 0.0]
    owner = panel["talos_controller"]
    assert got[1 : 1 + n].tolist() == [float(q == owner) for q in range(n)]


def test_removed_hoplites_and_orichalkum_counters_reach_the_vector() -> None:
    for modules, name in (("hades-simple", "hades-simple.removed"), ("hades", "hades.removed")):
        session = Session("lords", {"players": 3, "modules": modules})
        session.reset(1)
        session.state.mod["fx"] = {"removed": [0, 3, 0]}  # Price of Victory's count
        _, vector = _encode_panel(session)
        assert _field(session, vector, name).tolist() == pytest.approx([0.0, 0.2, 0.0])
    session = Session("lords", {"players": 3, "modules": "orichalkum"})
    session.reset(1)
    mod = session.state.mod["orichalkum"]
    mod["spent"], mod["gone"] = 4, [0]
    _, vector = _encode_panel(session)
    counts = _field(session, vector, "orichalkum.counts")
    assert counts[1] == pytest.approx(0.2) and counts[2] == pytest.approx(0.1)
    assert _field(session, vector, "orichalkum.constructs").any()  # the face-up Construct


def test_poseidon_ports_and_the_additional_combat_cards_are_encoded() -> None:
    session = Session("lords", {"players": 3, "modules": "poseidon"})
    session.reset(0)
    view, vector = _encode_panel(session)
    ports = view["module_panels"]["poseidon"]["ports"]
    assert np.count_nonzero(_field(session, vector, "poseidon.ports")) == len(ports) > 0
    session = Session("lords", {"players": 3, "modules": "combat-cards"})
    extra = [c.id for c in configured("combat-cards").combat if c.additional]
    encoder = session.encoder
    assert isinstance(encoder, LordsEncoder)
    assert extra and all(x in encoder.combat for x in extra)
    assert not any("." in f.name for f in session.encoder.layout.fields)  # a constant panel


def test_every_module_has_its_panel_encoded_or_is_known_constant() -> None:
    for module_id in hooks.registered():
        assert module_id.replace("-simple", "") in BUILDERS or module_id in CONSTANT_PANELS
