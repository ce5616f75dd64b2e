"""The stack frames of the Dark Ages modules' own procedures (``frames.Frame`` includes them).

Split from ``frames`` only for length: the same rules hold (plain dicts at run time, one
``TypedDict`` per ``k``); ``frames`` re-exports every name, so code imports them from there.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict, final

_RelicExcluding = TypedDict("_RelicExcluding", {"not": NotRequired[str]})  # never set so far


@final
class AtlInjureFrame(TypedDict):
    """Atlantis: the chooser picks which Attribute of ``victim``'s Hero is Injured."""

    k: Literal["atl-injure"]
    seat: int
    victim: int


@final
class AtlTalosFrame(TypedDict):
    """Atlantis: Talos's controller moves or attacks with it (``mode``)."""

    k: Literal["atl-talos"]
    seat: int
    mode: str


@final
class ChArtifactFrame(TypedDict):
    """Chiron: the seat gives up one Artifact."""

    k: Literal["ch-artifact"]
    seat: int


@final
class HadesEscortFrame(TypedDict):
    """Hades: the seat escorts Hoplites from ``src`` to ``dst``."""

    k: Literal["hades-escort"]
    seat: int
    src: int
    dst: int


@final
class HadesReapFrame(TypedDict):
    """Hades: the seat reaps ``left`` Hoplites (``m``: the Monster, -1 none yet)."""

    k: Literal["hades-reap"]
    seat: int
    left: int
    m: int


@final
class HadesWarriorFrame(TypedDict):
    """Hades: the seat places an Underworld Warrior."""

    k: Literal["hades-warrior"]
    seat: int


@final
class HepChargeFrame(_RelicExcluding):
    """Hephaestus: the seat charges a Relic (``must``: not optional)."""

    k: Literal["hep-charge"]
    seat: int
    must: bool


@final
class HepLyreFrame(TypedDict):
    """Hephaestus's Lyre: the seat keeps or returns the Blessing ``card``."""

    k: Literal["hep-lyre"]
    seat: int
    card: int


@final
class HepPickFrame(TypedDict):
    """Hephaestus: the seat keeps one of the drawn Relic ``cards``."""

    k: Literal["hep-pick"]
    seat: int
    cards: list[int]


@final
class HepReforgeFrame(TypedDict):
    """Hephaestus: the seat reforges a Relic to ``level``."""

    k: Literal["hep-reforge"]
    seat: int
    relic: int
    level: int


@final
class HepVotiveFrame(TypedDict):
    """Hephaestus's Votive: the seat picks an Artifact."""

    k: Literal["hep-votive"]
    seat: int
    artifact: int


@final
class HepWoundFrame(TypedDict):
    """A Hunt's wound: the seat picks one of the Monster's wound ``slots``."""

    k: Literal["hep-wound"]
    seat: int
    slots: list[int]


@final
class HmBlessingFrame(TypedDict):
    """Heroes & Monsters: the seat takes a Blessing."""

    k: Literal["hm-blessing"]
    seat: int


@final
class HmCassandraFrame(TypedDict):
    """Cassandra: the seat holds Event ``card`` back or lets it go."""

    k: Literal["hm-cassandra"]
    seat: int
    card: int
    got: int


@final
class HmOdysseusFrame(TypedDict):
    """Odysseus: the seat acts in ``region``."""

    k: Literal["hm-odysseus"]
    seat: int
    region: int


@final
class HmOmphalosFrame(TypedDict):
    """The Omphalos: the seat recruits in ``region`` (``most`` Hoplites)."""

    k: Literal["hm-omphalos"]
    seat: int
    most: int
    region: str


@final
class HmPythonFrame(TypedDict):
    """Python: Monster ``m`` picks one of ``where``."""

    k: Literal["hm-python"]
    m: int
    where: list[int]


@final
class OriHorseFrame(TypedDict):
    """Orichalkum's Trojan Horse: a March into a City (with its ``bonus``)."""

    k: Literal["ori-horse"]
    stage: str
    src: int
    dst: int
    limit: int
    source: str
    bonus: int
    murdered: NotRequired[bool]


@final
class OriTakeFrame(TypedDict):
    """Orichalkum: the seat takes the Orichalkum in ``region``."""

    k: Literal["ori-take"]
    seat: int
    region: int
    quest: int


@final
class PoseidonHoplitesFrame(TypedDict):
    """Poseidon: Hoplite Movement over ``land`` and ``sea`` links."""

    k: Literal["poseidon-hoplites"]
    left: int
    arrived: list[int]
    entered: list[int]
    mode: str
    origins: dict[str, list[int]]
    land: int
    sea: int


@final
class PoseidonTridentFrame(TypedDict):
    """Poseidon's Trident: its decision."""

    k: Literal["poseidon-trident"]
