"""The Lords of Hellas stack frames: one ``TypedDict`` per pending procedure, by its ``k``.

A frame is a plain dict at run time (states are copied as JSON data, pickled, recorded and
compared by the goldens); these types only tell the checker which keys each kind holds.  Each
push site builds its own kind and each procedure's ``options``/``choose`` takes its own kind;
the one place that hands the top frame to the procedure its ``k`` names is
``rules.procedure`` (through ``proc``), and code that reads a frame of unknown kind narrows it
by ``f["k"]``.  Module-only kinds (``frames_modules``, re-exported here) are in ``Frame`` (the
union) too, so it is the stack's type;
a frame kind not typed here cannot be pushed (``tests/lords/test_frames.py``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal, NotRequired, TypedDict, final

from hellas.games.lords.frames_modules import (
    AtlInjureFrame,
    AtlTalosFrame,
    ChArtifactFrame,
    HadesEscortFrame,
    HadesReapFrame,
    HadesWarriorFrame,
    HepChargeFrame,
    HepLyreFrame,
    HepPickFrame,
    HepReforgeFrame,
    HepVotiveFrame,
    HepWoundFrame,
    HmBlessingFrame,
    HmCassandraFrame,
    HmOdysseusFrame,
    HmOmphalosFrame,
    HmPythonFrame,
    OriHorseFrame,
    OriTakeFrame,
    PoseidonHoplitesFrame,
    PoseidonTridentFrame,
)

# the modules' kinds, re-exported: every frame type is imported from here
__all__ = [
    "AtlInjureFrame",
    "AtlTalosFrame",
    "ChArtifactFrame",
    "HadesEscortFrame",
    "HadesReapFrame",
    "HadesWarriorFrame",
    "HepChargeFrame",
    "HepLyreFrame",
    "HepPickFrame",
    "HepReforgeFrame",
    "HepVotiveFrame",
    "HepWoundFrame",
    "HmBlessingFrame",
    "HmCassandraFrame",
    "HmOdysseusFrame",
    "HmOmphalosFrame",
    "HmPythonFrame",
    "OriHorseFrame",
    "OriTakeFrame",
    "PoseidonHoplitesFrame",
    "PoseidonTridentFrame",
]

# keys that are Python keywords, so spelled in the functional form
_Defender = TypedDict("_Defender", {"def": int})  # a Battle's defending seat
_Excluding = TypedDict("_Excluding", {"not": int})  # an Artifact the charge may not pick


@final
class ArtifactPickFrame(TypedDict):
    """A Quest's reward: the seat keeps one of the drawn Artifacts."""

    k: Literal["artifact-pick"]
    seat: int
    cards: list[int]


@final
class AttrsFrame(TypedDict):
    """An Oracle bonus: raise ``left`` Attributes (not twice the same one)."""

    k: Literal["attrs"]
    left: int
    chosen: list[str]


@final
class BattleFrame(_Defender):
    """A Battle in ``region`` between the attacking (``att``) and defending seats."""

    k: Literal["battle"]
    region: int
    att: int
    stage: str
    played: list[list[int]]
    passed: list[bool]
    turn: int
    bonus: list[int]
    bluffed: list[bool]
    withdrew: int
    first: int
    ended: bool
    pending: str
    origins: list[int]
    no_attrition: list[bool]
    sources: NotRequired[list[int]]
    pending_seat: NotRequired[int]
    src: NotRequired[int]
    most: NotRequired[int]
    saved: NotRequired[list[int]]
    result: NotRequired[dict[str, int]]
    dead: NotRequired[int]
    winner: NotRequired[int]
    loser: NotRequired[int]
    spent: NotRequired[list[list[int]]]
    where: NotRequired[list[int]]
    bluff_now: NotRequired[int]
    master: NotRequired[int]
    blood: NotRequired[list[int]]
    kept: NotRequired[list[list[int]]]
    more_casualties: NotRequired[list[int]]
    card_bonus: NotRequired[list[int]]
    artifact: NotRequired[int]  # the "Use when you lose a Battle" Artifact offered (Palladium)


@final
class BattlesFrame(TypedDict):
    """Battles a move started, fought one Region at a time in the mover's order."""

    k: Literal["battles"]
    att: int
    regions: list[int]
    origins: dict[str, list[int]]


@final
class BootsFrame(TypedDict):
    """Hermes's Boots: place the Hero anywhere."""

    k: Literal["boots"]


@final
class DiscardFrame(TypedDict):
    """The seat discards Combat Cards down to ``limit`` (default: the hand limit)."""

    k: Literal["discard"]
    seat: int
    limit: NotRequired[int]


@final
class DraftFrame(TypedDict):
    """The Blessing Draft: ``order``'s seats take ``cards`` in turn (``i`` next)."""

    k: Literal["draft"]
    cards: list[int]
    order: list[int]
    i: int


@final
class EventFrame(TypedDict):
    """The Event Phase (``draw``: a card's text draws one more Event)."""

    k: Literal["event"]
    draw: NotRequired[bool]


@final
class ExileFrame(TypedDict):
    """Exile: move an enemy Hero away."""

    k: Literal["exile"]


@final
class FlyFrame(TypedDict):
    """A flight of up to ``steps`` Regions for the Hero."""

    k: Literal["fly"]
    steps: int


@final
class FxFrame(TypedDict):
    """Effects queued by a card or a trigger, applied one after another with their context."""

    k: Literal["fx"]
    seat: int
    todo: list[list[Any]]
    source: NotRequired[int]
    opp: NotRequired[int]
    region: NotRequired[int]
    side: NotRequired[int]
    dead: NotRequired[int]
    quest: NotRequired[int]


@final
class FxChargeFrame(_Excluding):
    """An effect: charge an Artifact (``may``: optional; ``not``: one it may not pick)."""

    k: Literal["fx-charge"]
    seat: int
    may: bool


@final
class FxDiscardFrame(TypedDict):
    """An effect: the seat discards a card with ``symbol``."""

    k: Literal["fx-discard"]
    seat: int
    symbol: str


@final
class FxHealFrame(TypedDict):
    """An effect: the seat heals one Injured Attribute."""

    k: Literal["fx-heal"]
    seat: int


@final
class FxKillFrame(TypedDict):
    """An effect: the seat removes ``left`` enemy Hoplites."""

    k: Literal["fx-kill"]
    seat: int
    left: int


@final
class FxRaiseFrame(TypedDict):
    """An effect: the seat raises one Attribute."""

    k: Literal["fx-raise"]
    seat: int


@final
class FxRemoveFrame(TypedDict):
    """An effect: the seat removes ``left`` of its own Hoplites."""

    k: Literal["fx-remove"]
    seat: int
    left: int


@final
class FxUntokenFrame(TypedDict):
    """An effect: the seat takes back one Used Action Token."""

    k: Literal["fx-untoken"]
    seat: int


@final
class GloryFrame(TypedDict):
    """A Glory token on one of ``lands``."""

    k: Literal["glory"]
    lands: list[int]


@final
class GraeaeFrame(TypedDict):
    """The Eye of the Graeae: the seat looks at Events (``n`` seen)."""

    k: Literal["graeae"]
    seat: int
    n: int


@final
class HealFrame(TypedDict):
    """The seat heals one Injured Attribute of its choice."""

    k: Literal["heal"]
    seat: int


@final
class HeraclesFrame(TypedDict):
    """Heracles: at the beginning of the turn the player may discard."""

    k: Literal["heracles"]


@final
class HeroFrame(TypedDict):
    """Hero Movement: ``left`` steps remain."""

    k: Literal["hero"]
    left: int


@final
class HoplitesFrame(TypedDict):
    """Hoplite Movement: ``left`` Hoplites may move one Region each."""

    k: Literal["hoplites"]
    left: int
    arrived: list[int]
    entered: list[int]
    mode: str
    origins: dict[str, list[int]]


@final
class HuntFrame(TypedDict):
    """A Hunt of Monster ``m`` by the seat, its rounds and cards."""

    k: Literal["hunt"]
    seat: int
    m: int
    stage: str
    dealt: list[int]
    round: int
    first: bool
    need: int
    symbol: str
    slots: list[int]
    drawn: list[int]
    attack: int
    strength: int
    committed: list[int]
    attacks: int
    used: list[str]
    ended: str
    boost: NotRequired[int]
    dodged: NotRequired[bool]
    own_pick: NotRequired[bool]


@final
class HuntDrawFrame(TypedDict):
    """A Hunt's draw: the seat draws ``n`` cards."""

    k: Literal["hunt-draw"]
    seat: int
    n: int


@final
class HuntTargetFrame(TypedDict):
    """Pick the Monster to Hunt."""

    k: Literal["hunt-target"]


@final
class HurtFrame(TypedDict):
    """The seat's Hero takes ``left`` Injuries, one at a time."""

    k: Literal["hurt"]
    seat: int
    left: int


@final
class InjureFrame(TypedDict):
    """The seat picks which Attribute of its Hero is Injured."""

    k: Literal["injure"]
    seat: int


@final
class LowerFrame(TypedDict):
    """The seat lowers ``n`` of the Attributes ``among``."""

    k: Literal["lower"]
    seat: int
    among: list[int]
    n: int


@final
class MarchFrame(TypedDict):
    """A March: from ``src`` to ``dst`` (``stage``), at most ``limit`` Hoplites."""

    k: Literal["march"]
    stage: str
    src: int
    dst: int
    limit: int
    source: str
    murdered: NotRequired[bool]


@final
class MmodeFrame(TypedDict):
    """The Monster Phase: Monster ``m`` attacks or moves."""

    k: Literal["mmode"]
    m: int


@final
class MmoveFrame(TypedDict):
    """The Monster Phase: where Monster ``m`` moves."""

    k: Literal["mmove"]
    m: int


@final
class MonstersFrame(TypedDict):
    """The Monster Phase: the Monsters ``todo`` (``log``: what each did)."""

    k: Literal["monsters"]
    todo: list[int]
    log: NotRequired[list[list[int | str]]]


@final
class MtargetFrame(TypedDict):
    """The Monster Phase: the attack picks ``n`` of the Regions ``where``."""

    k: Literal["mtarget"]
    where: list[int]
    n: int


@final
class OwlFrame(TypedDict):
    """Athena's Owl: keep one of the drawn Blessing ``cards``."""

    k: Literal["owl"]
    cards: list[int]


@final
class PerseusFrame(TypedDict):
    """Perseus: place the Hero anywhere."""

    k: Literal["perseus"]


@final
class PowerRecruitFrame(TypedDict):
    """A Recruit power: ``n`` Hoplites (``cities``/``regions`` where, ``counts`` caps)."""

    k: Literal["power-recruit"]
    n: int
    cities: NotRequired[bool]
    regions: NotRequired[list[int]]
    counts: NotRequired[dict[str, int]]


@final
class PrepareFrame(TypedDict):
    """Prepare: ``left`` Priests or cards to take."""

    k: Literal["prepare"]
    left: int


@final
class QuestStartFrame(TypedDict):
    """A Quest begins: its first step."""

    k: Literal["quest-start"]
    quest: int


@final
class RecruitFrame(TypedDict):
    """Recruit: up to ``caps`` per City, ``fort`` Fortified, ``mobilize`` extra."""

    k: Literal["recruit"]
    caps: dict[str, int]
    fort: list[str]
    mobilize: int


@final
class SetupFrame(TypedDict):
    """Set-up: hero picks and first placements in ``order`` (``step``)."""

    k: Literal["setup"]
    order: list[int]
    step: str
    last: NotRequired[int]


@final
class ShootFrame(TypedDict):
    """A ranged attack of ``n``."""

    k: Literal["shoot"]
    n: int


@final
class SphinxFrame(TypedDict):
    """The Sphinx: the seat answers in ``region``."""

    k: Literal["sphinx"]
    seat: int
    region: int


@final
class StrikeFrame(TypedDict):
    """Strike: hit ``n`` of the Monsters ``ms`` (``hoplites``: Hoplites too)."""

    k: Literal["strike"]
    ms: list[int]
    hoplites: bool
    n: int


@final
class StrikeSlotFrame(TypedDict):
    """Strike: pick which wound slot of Monster ``m``."""

    k: Literal["strike-slot"]
    m: int
    slots: list[int]


@final
class TempleSiteFrame(TypedDict):
    """Build a Temple: pick its site."""

    k: Literal["temple-site"]


@final
class ThreadFrame(TypedDict):
    """Ariadne's Thread: ``n`` steps."""

    k: Literal["thread"]
    n: int


@final
class ThunderFrame(TypedDict):
    """Zeus's Thunder: its decision."""

    k: Literal["thunder"]


@final
class TothreeFrame(TypedDict):
    """Raise one Attribute to 3."""

    k: Literal["to3"]


@final
class TurnFrame(TypedDict):
    """A player's turn: its actions so far (``open``, ``extra``, ``specials``, ``must``)."""

    k: Literal["turn"]
    open: bool
    extra: int
    specials: int
    must: str
    handled: NotRequired[int]


@final
class UntokenFrame(TypedDict):
    """Pheme's Trumpet's frame of older saved states: take back a token."""

    k: Literal["untoken"]
    seat: int


@final
class UsurpFrame(TypedDict):
    """Usurp in ``region``: ``n`` Hoplites."""

    k: Literal["usurp"]
    region: int
    n: int


@final
class VictimFrame(TypedDict):
    """A Monster's attack in ``region``: ``left`` Hoplites to lose (``spare``)."""

    k: Literal["victim"]
    region: int
    left: int
    spare: int


@final
class WithdrawFrame(TypedDict):
    """The seat withdraws from ``region`` to one of ``where``."""

    k: Literal["withdraw"]
    seat: int
    region: int
    where: list[int]


@final
class WrathFrame(TypedDict):
    """A god's wrath of ``n``."""

    k: Literal["wrath"]
    n: int


Frame = (
    ArtifactPickFrame
    | AtlInjureFrame
    | AtlTalosFrame
    | AttrsFrame
    | BattleFrame
    | BattlesFrame
    | BootsFrame
    | ChArtifactFrame
    | DiscardFrame
    | DraftFrame
    | EventFrame
    | ExileFrame
    | FlyFrame
    | FxFrame
    | FxChargeFrame
    | FxDiscardFrame
    | FxHealFrame
    | FxKillFrame
    | FxRaiseFrame
    | FxRemoveFrame
    | FxUntokenFrame
    | GloryFrame
    | GraeaeFrame
    | HadesEscortFrame
    | HadesReapFrame
    | HadesWarriorFrame
    | HealFrame
    | HepChargeFrame
    | HepLyreFrame
    | HepPickFrame
    | HepReforgeFrame
    | HepVotiveFrame
    | HepWoundFrame
    | HeraclesFrame
    | HeroFrame
    | HmBlessingFrame
    | HmCassandraFrame
    | HmOdysseusFrame
    | HmOmphalosFrame
    | HmPythonFrame
    | HoplitesFrame
    | HuntFrame
    | HuntDrawFrame
    | HuntTargetFrame
    | HurtFrame
    | InjureFrame
    | LowerFrame
    | MarchFrame
    | MmodeFrame
    | MmoveFrame
    | MonstersFrame
    | MtargetFrame
    | OriHorseFrame
    | OriTakeFrame
    | OwlFrame
    | PerseusFrame
    | PoseidonHoplitesFrame
    | PoseidonTridentFrame
    | PowerRecruitFrame
    | PrepareFrame
    | QuestStartFrame
    | RecruitFrame
    | SetupFrame
    | ShootFrame
    | SphinxFrame
    | StrikeFrame
    | StrikeSlotFrame
    | TempleSiteFrame
    | ThreadFrame
    | ThunderFrame
    | TothreeFrame
    | TurnFrame
    | UntokenFrame
    | UsurpFrame
    | VictimFrame
    | WithdrawFrame
    | WrathFrame
)

# the frames of an effect's own decision (``fx.FRAMES``)
EffectFrame = (
    FxChargeFrame
    | FxDiscardFrame
    | FxKillFrame
    | FxRemoveFrame
    | FxHealFrame
    | FxUntokenFrame
    | FxRaiseFrame
)


def downward(stack: list[Frame]) -> Iterator[Frame]:
    """Return the stack's frames from the top down (``reversed``, typed for the checker)."""
    frames: Iterator[Frame] = reversed(stack)
    return frames
