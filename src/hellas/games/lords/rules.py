"""Lords of Hellas rules: set-up, and the dispatch of every decision to its procedure.

The state's stack holds the pending procedures; ``legal`` asks the top one for its choices and
``play`` applies one, then ``advance`` runs what needs no decision (the Event Phase, the end of a
turn) and checks the victory conditions, which end the game at once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from hellas.core.game import Choice, Event
from hellas.core.rng import Rng
from hellas.games.lords import (
    artifacts,
    battle,
    fx,
    fx_effects,
    fx_fight,
    hooks,
    hunt,
    monster_phase,
    phases,
    quests,
    setup,
    turn,
)
from hellas.games.lords.board import MAX_HOPLITES, check_victory
from hellas.games.lords.cards import deck_cards
from hellas.games.lords.choices import table
from hellas.games.lords.content import Content
from hellas.games.lords.frames import Frame
from hellas.games.lords.hooks import proc
from hellas.games.lords.notes import BUILT, CHOICE, KEEP, MONSTER_DIE, TURN, NoteLog, seat_name
from hellas.games.lords.state import LordsState

Options = Callable[[LordsState, Frame], list[str]]
Chooser = Callable[[LordsState, Frame, str], None]

PROCEDURES: dict[str, tuple[Options, Chooser]] = {
    "setup": proc(setup.setup_options, setup.setup_choose),
    "turn": proc(turn.turn_options, turn.turn_choose),
    "hero": proc(turn.hero_options, turn.hero_choose),
    "wrath": proc(fx_effects.wrath_options, fx_effects.wrath_choose),
    "hoplites": proc(turn.hoplite_options, turn.hoplite_choose),
    "power-recruit": proc(turn.power_recruit_options, turn.power_recruit_choose),
    "recruit": proc(turn.recruit_options, turn.recruit_choose),
    "march": proc(turn.march_options, turn.march_choose),
    "temple-site": proc(turn.temple_site_options, turn.temple_site_choose),
    "prepare": proc(turn.prepare_options, turn.prepare_choose),
    "usurp": proc(turn.usurp_options, turn.usurp_choose),
    "battles": proc(phases.battles_options, phases.battles_choose),
    "battle": proc(battle.options, battle.choose),
    "discard": proc(phases.discard_options, phases.discard_choose),
    "withdraw": proc(phases.withdraw_frame_options, phases.withdraw_frame_choose),
    "monsters": proc(monster_phase.monsters_options, monster_phase.monsters_choose),
    "mmove": proc(monster_phase.mmove_options, monster_phase.mmove_choose),
    "mmode": proc(monster_phase.mmode_options, monster_phase.mmode_choose),
    "sphinx": proc(monster_phase.sphinx_options, monster_phase.sphinx_choose),
    "draft": proc(phases.draft_options, phases.draft_choose),
    "attrs": proc(phases.attrs_options, phases.attrs_choose),
    "owl": proc(phases.owl_options, phases.owl_choose),
    "boots": proc(phases.place_options, phases.place_choose),
    "perseus": proc(phases.place_options, phases.place_choose),
    "thunder": proc(phases.thunder_options, phases.thunder_choose),
    "injure": proc(phases.injure_options, phases.injure_choose),
    "heal": proc(phases.heal_options, phases.heal_choose),
    "victim": proc(monster_phase.victim_options, monster_phase.victim_choose),
    "mtarget": proc(monster_phase.mtarget_options, monster_phase.mtarget_choose),
    "hunt": proc(hunt.options, hunt.choose),
    "hunt-target": proc(hunt.target_options, hunt.target_choose),
    "hurt": proc(hunt.hurt_options, hunt.hurt_choose),
    "lower": proc(hunt.lower_options, hunt.lower_choose),
    "strike": proc(hunt.strike_options, hunt.strike_choose),
    "strike-slot": proc(hunt.strike_slot_options, hunt.strike_slot_choose),
    "quest-start": proc(quests.start_options, quests.start_choose),
    "artifact-pick": proc(quests.pick_options, quests.pick_choose),
    "glory": proc(quests.glory_options, quests.glory_choose),
    "to3": proc(quests.to3_options, quests.to3_choose),
    # Pheme's Trumpet's frame before it ran the vocabulary's ``untoken`` (saved states load)
    "untoken": proc(artifacts.untoken_options, artifacts.untoken_choose),
    "thread": proc(artifacts.thread_options, artifacts.thread_choose),
    "graeae": proc(artifacts.graeae_options, artifacts.graeae_choose),
    "heracles": proc(artifacts.heracles_options, artifacts.heracles_choose),
    "exile": proc(phases.exile_options, phases.exile_choose),
    "shoot": proc(phases.shoot_options, phases.shoot_choose),
    "fly": proc(phases.fly_options, phases.fly_choose),
    **{kind: proc(fx.frame_options, fx.frame_choose) for kind in fx.FRAMES},
    # the decisions of effects the Dark Ages cards brought (their frames keep the names the
    # modules gave them, so saved games load)
    "hep-votive": proc(fx_effects.votive_options, fx_effects.votive_choose),
    "hep-lyre": proc(fx_effects.lyre_options, fx_effects.lyre_choose),
    "hm-omphalos": proc(fx_effects.recruit_at_options, fx_effects.recruit_at_choose),
    "hep-wound": proc(fx_fight.wound_options, fx_fight.wound_choose),
    "hm-blessing": proc(fx_fight.blessing_options, fx_fight.blessing_choose),
    "ch-artifact": proc(fx_fight.artifact_options, fx_fight.artifact_choose),
}
SEAT_FRAMES = (
    "discard",
    "injure",
    "sphinx",
    "withdraw",
    "heal",
    "hurt",
    "lower",
    "artifact-pick",
    "graeae",
    *fx.FRAMES,
    "hep-votive",
    "hep-lyre",
    "hm-omphalos",
    "hep-wound",
    "hm-blessing",
    "ch-artifact",
)


def procedure(s: LordsState, kind: str) -> tuple[Options, Chooser]:
    """Return the procedure of a frame kind: the base game's, or an active module's."""
    p = PROCEDURES.get(kind)
    if p is None:
        p = hooks.procedure(s, kind)
        if p is None:
            raise AssertionError(f"no procedure for frame {kind!r}")  # pragma: no cover
    return p


def new_state(c: Content, options: Mapping[str, Any], seed: int) -> LordsState:
    """Game preparation and the start of hero picking, with the game's content ``c``."""
    n = int(options["players"])
    s = LordsState()
    s.content = c
    s.n = n
    s.options = dict(options)
    s.rng = rng = Rng(seed)
    regions = len(c.regions)
    s.heroes = [-1] * n
    s.na = len(c.attributes)
    s.attrs = [1] * (s.na * n)  # every Attribute starts at 1
    s.injured = [0] * n
    s.hero_at = [-1] * n
    s.hop = [0] * (regions * n)
    s.fort = [-1] * regions
    s.control = [-1] * regions
    s.supply = [MAX_HOPLITES] * n
    s.priests = [0] * n
    s.monument = [1] * len(c.gods)  # "Place the first level of each assigned Monument"
    s.monument_priests = [[] for _ in c.gods]
    s.activation = []
    s.temples = [0] * regions
    s.temples_built = 0
    s.oracle = 0
    s.temple_card = rng.below(len(c.temples))
    s.artifact_owner = [-1] * len(c.artifacts)
    s.artifact_charged = [True] * len(c.artifacts)
    s.glory = [-1] * len(c.land_ids)
    s.used = [0] * n
    s.regular = 0
    s.hands = [[] for _ in range(n)]
    s.combat_deck = [card.index for card in deck_cards(c, options) for _ in range(card.count)]
    rng.shuffle(s.combat_deck)
    s.combat_discard = []
    s.blessings = [[] for _ in range(n)]
    s.blessing_deck = [b.index for b in c.blessings]
    rng.shuffle(s.blessing_deck)
    s.monster_at = [-1] * len(c.monsters)
    s.slain = [-1] * len(c.monsters)
    s.evolutions = [[] for _ in c.monsters]
    s.wounds = [[] for _ in c.monsters]
    s.attack_deck = [a.index for a in c.attack_cards for _ in range(a.count)]
    rng.shuffle(s.attack_deck)
    s.attack_discard = []
    s.neutral_deck = [a.index for a in c.artifacts if a.kind == "neutral"]
    rng.shuffle(s.neutral_deck)
    s.event_deck = list(range(hooks.event_total(s, len(c.events))))
    rng.shuffle(s.event_deck)
    s.event_discard = []
    s.quest_slots = []
    s.questing = [-1] * n
    s.quest_step = [0] * n
    s.quest_cards = [-1] * len(c.quests)
    s.turn = 0
    s.result = None
    s.cache = None
    s.mod = {}
    hooks.run(s, "prepare")
    setup.setup_events(s)
    setup.deal_starting_cards(s)
    start = rng.below(n)  # "Decide upon a starting player."
    s.current = start
    order = [(start - k) % n for k in range(n)]  # counter-clockwise picks
    s.stack = [{"k": "setup", "order": order, "step": "pick"}]
    return s


def actor(s: LordsState) -> int:
    """Return the seat whose decision is next."""
    f = s.stack[-1]
    if f["k"] == "setup":
        return f["order"][0]
    if f["k"] == "battle":
        return battle.actor(s, f)
    if f["k"] == "hunt":
        return hunt.actor(s, f)
    # a seat frame (each has its ``seat``), or a module's frame that names one
    if "seat" in f and (f["k"] in SEAT_FRAMES or f["k"] not in PROCEDURES):
        return f["seat"]
    if f["k"] == "draft":
        return f["order"][f["i"]]
    return s.current


def legal(s: LordsState) -> list[Choice]:
    """Return the legal choices now."""
    if s.cache is not None:
        return s.cache
    if s.result is not None or not s.stack:
        s.cache = []
        return []
    f = s.stack[-1]
    keys = procedure(s, f["k"])[0](s, f)
    if not keys and f["k"] == "turn":
        raise AssertionError("a turn with no choice")  # pragma: no cover
    s.cache = _choices(s, keys)
    return s.cache


def _choices(s: LordsState, keys: list[str]) -> list[Choice]:
    """Return the choices of ``keys``, each once, in order."""
    by_key = table(s.content).by_key()
    return [by_key[k] for k in dict.fromkeys(keys)]


def play(s: LordsState, choice: Choice, ev: NoteLog) -> None:
    """Apply one legal choice, then run everything that needs no decision.

    ``ev``: the list the log's notes go to (``notes.py``; rendered into events when read), or
    None when nobody listens.
    """
    s.cache = None
    f = s.stack[-1]
    if ev is None:
        procedure(s, f["k"])[1](s, f, choice.key)
        advance(s, None)
        return
    who = actor(s)
    kind = f["k"]
    ev.append((CHOICE, s.content, who, s.heroes[who], choice, kind))
    if choice.key.startswith("keep:"):
        ev.append((KEEP, who, choice))
    if f["k"] == "monsters":  # (narrows the frame's type)
        before_log = len(f.get("log", []))
        procedure(s, kind)[1](s, f, choice.key)
        if len(f.get("log", [])) > before_log:
            m, face = f["log"][-1]
            ev.append((MONSTER_DIE, s.content, m, face))
    else:
        procedure(s, kind)[1](s, f, choice.key)
    advance(s, ev)


def hero_name(s: LordsState, seat: int) -> str:
    """Return a seat's name for messages (its Hero once chosen)."""
    return seat_name(s.content, seat, s.heroes[seat])


def advance(s: LordsState, ev: NoteLog) -> None:
    """Resolve what needs no decision; check victory; end turns."""
    while s.result is None and s.stack:
        won = check_victory(s)
        if won:
            s.result = won
            break
        f = s.stack[-1]
        if f["k"] == "event":
            s.stack.pop()
            text = phases.event_phase(s, not f.get("draw"))  # "draw": a lone card (a module)
            if ev is not None:
                what = "Event card" if f.get("draw") else "Event Phase"
                ev.append((BUILT, Event("event", f"{what}: {text}", None, {})))
            continue
        if f["k"] == "turn" and f["specials"] > f.get("handled", 0):
            f["handled"] = f["specials"]
            if turn.end_of_special(s, f):
                s.stack.pop()
                _next_turn(s, ev)
            continue
        if f["k"] == "setup" and not f["order"]:
            s.stack.pop()  # the last placement's own decisions are done: the game begins
            setup.begin(s, f["last"])
            continue
        if f["k"] == "fx":
            fx.resume(s, f)
            continue
        if f["k"] == "hunt-draw":
            hunt.draw_after_effects(s, f)
            continue
        if f["k"] == "hunt" and hunt.pending(f):
            hunt.finish(s, f)
            continue
        if f["k"] == "battles" and len(f["regions"]) == 1:
            phases.battles_choose(s, f, f"battle:{s.content.regions[f['regions'][0]].id}")
            continue
        if f["k"] == "turn":
            # A turn always has a choice, so its list waits until legal() asks: a search
            # leaf is valued without it (about one move in four on the search path).
            break
        keys = procedure(s, f["k"])[0](s, f)
        if not keys:
            s.stack.pop()  # a procedure with nothing left to do (e.g. no Region to use)
            continue
        s.cache = _choices(s, keys)  # legal() would list them again
        break
    if s.result is not None:
        s.stack = []
        if ev is not None:
            winner = s.result.get("winner", -1)
            who = hero_name(s, winner) if winner >= 0 else "Nobody"
            ev.append(
                (BUILT, Event("over", f"{who} wins: {s.result['text']}.", None, dict(s.result)))
            )


def _next_turn(s: LordsState, ev: NoteLog) -> None:
    limit = int(s.options.get("turn_limit", 0))
    if limit and s.turn >= limit:
        s.result = {
            "winner": -1,
            "condition": "limit",
            "text": f"the turn limit ({limit}) is reached: no victory",
        }
        return
    turn.start_turn(s, (s.current + 1) % s.n)
    if ev is not None:
        ev.append((TURN, s.content, s.turn, s.current, s.heroes[s.current]))
