"""Legends of Hellas rules: setup, the five actions, monsters, missions, winning and losing.

Pure functions over :class:`~hellas.games.legends.state.LegendsState`.  ``legal`` lists the
choices of the seat to act; ``play`` applies one legal choice and, when given a list, appends
events describing what happened (with their visibility).  Rulebook sections are quoted next to
the code that implements them; rulings on open questions are listed in docs/rules/legends.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hellas.core.errors import OptionError, quoted
from hellas.core.game import Choice, everyone
from hellas.core.rng import Rng
from hellas.games.legends import choices as C
from hellas.games.legends import notes as N
from hellas.games.legends.content import (
    ATTRIBUTES,
    CARD_TYPES,
    DIVINE,
    NUM_ATTRS,
    content,
)
from hellas.games.legends.hands import (
    cap,
    discard,
    draw,
    empty_hand,
    hero_name,
    log_draw,
    put,
    take,
    title,
)
from hellas.games.legends.notes import NoteLog
from hellas.games.legends.state import (
    CHIMERA,
    FACE_DOWN,
    FACE_UP,
    HADES,
    P_ACTION,
    P_MOVE_DISCARD,
    P_ORACLE_DISCARD,
    P_ORACLE_ORDER,
    P_OVER,
    P_PLACE,
    P_RECOVER,
    P_RECOVER_DISCARD,
    P_SETUP_PLACE,
    P_SUPPORT_DISCARD,
    P_SUPPORT_GIVE,
    P_VOLUNTEER,
    SIDEWAYS,
    SINGLE,
    LegendsState,
    MonsterSlot,
)

HAND_LIMIT = 5  # "Draw ... so that you hold up to 5 action cards"
SUPPORT_KEEP = 4  # "... continue discarding until they hold no more than 4 cards"
ORACLE_REVEAL = 6  # "Draw the top 6 action cards"

# -- setup ---------------------------------------------------------------------------------


def resolve_heroes(options: Mapping[str, Any]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Return (hero index per seat, colour per seat) from validated options."""
    c = content()
    ids = [h.id for h in c.heroes]
    n = int(options["players"])
    chosen = list(options.get("heroes") or [])
    if not chosen:
        chosen = ids[:n]
    if len(chosen) != n:
        raise OptionError(f"option 'heroes' names {len(chosen)} heroes for {n} players")
    for h in chosen:
        if h not in ids:
            raise OptionError(
                f"option 'heroes': unknown hero {quoted(h)} (heroes: {', '.join(ids)})"
            )
    if len(set(chosen)) != n:
        raise OptionError("option 'heroes': each player needs a different hero")
    colours = {h.id: h.colour for h in c.heroes}
    for item in options.get("hero_colours") or []:
        hero, sep, attr = item.partition("=")
        if not sep or hero not in colours or attr not in ATTRIBUTES:
            raise OptionError(
                f"option 'hero_colours': expected HERO=ATTRIBUTE with a hero of "
                f"{', '.join(ids)} and an attribute of {', '.join(ATTRIBUTES)}, got {quoted(item)}"
            )
        colours[hero] = ATTRIBUTES.index(attr)
    heroes = tuple(ids.index(h) for h in chosen)
    return heroes, tuple(colours[ids[h]] for h in heroes)


def new_state(options: Mapping[str, Any], seed: int) -> LegendsState:
    """Set up a mission ("Starting a Mission"): monsters, deck, 4 cards each."""
    c = content()
    n = int(options["players"])
    mission = c.mission(int(options["mission"]))
    difficulty = str(options["difficulty"])
    heroes, colours = resolve_heroes(options)
    s = LegendsState()
    s.n = n
    s.mission = mission
    s.difficulty = difficulty
    s.heroes = heroes
    s.colours = colours
    s.divine_in_deck = c.divine_count(difficulty, n)
    s.rng = rng = Rng(seed)
    # "Shuffle the monster cards and assemble them into a face-down deck."
    s.mdeck = list(range(len(c.monsters)))
    rng.shuffle(s.mdeck)
    # "Shuffle the action cards into a face-down deck; include a number of divine
    # intervention cards according to player count and desired difficulty."
    deck = [a for a in range(NUM_ATTRS) for _ in range(c.cards_per_attribute)]
    deck += [DIVINE] * s.divine_in_deck
    rng.shuffle(deck)
    s.deck = deck
    s.deck_known = 0
    s.discard = []
    s.dmask = []
    s.hands = [0] * (6 * n)
    s.hsize = [0] * n
    s.monsters = []
    s.discs = [-1] * n
    s.broken = 0
    s.known = [0] * ((n + 1) * n * 6)
    s.known_sum = [0] * n
    s.gifts = ()
    s.turn = 0
    s.defeats = 0
    s.entered = 0
    s.finals_done = 0
    s.pending = ()
    s.passes = 0
    s.place_order = ()
    s.support_to = -1
    s.support_left = 0
    s.oracle = []
    s.order = []
    s.forced = False
    s.free_replace = bool(options.get("free_replace", False))
    s.result = 0
    s.reason = ""
    s.cache = None
    for _ in range(mission.start):
        _arrive(s, "monster", None)
    for _ in range(c.starting_hand):
        for seat in range(n):
            draw(s, seat)
    # "Once all players have looked at their action cards, any one player can decide to
    # place their hero disc": seats are asked in turn whether they place now or wait.
    s.phase = P_VOLUNTEER
    s.current = 0
    s.actor = 0
    return s


# -- legal choices ---------------------------------------------------------------------------


def to_act(s: LegendsState) -> int | None:
    """Return the seat to act, or ``None`` once the mission is won or lost."""
    return None if s.phase == P_OVER else s.actor


def legal(s: LegendsState) -> list[Choice]:
    """Return the legal choices of the seat to act (empty once the mission is over)."""
    cached = s.cache
    if cached is not None:
        return cached
    out: list[Choice] = []
    phase = s.phase
    p = s.actor
    b = p * 6
    hands = s.hands
    if phase == P_ACTION:
        here = s.discs[p]
        if here >= 0:  # ruling 8: a disc off a defeated monster cannot fight until it moves
            slot = s.monsters[here]
            playable = slot.playable
            for a in playable:
                if hands[b + a]:
                    out.append(C.FIGHT[a])
            if hands[b + DIVINE]:
                for a in playable:
                    out.append(C.DIVINE_AS[a])
                if slot.slayable:
                    out.append(C.SLAY)
            if not (s.broken >> p) & 1 and s.colours[p] in playable:
                for t in range(6):
                    if hands[b + t]:
                        out.append(C.SPECIAL[t])
        if s.hsize[p]:
            for i, m in enumerate(s.monsters):
                if m.alive and i != here:
                    out.append(C.MOVE[m.name])
        out.append(C.RECOVER)
        if s.hsize[p] and s.n > 1:
            for q in range(s.n):
                if q != p:
                    out.append(C.SUPPORT[s.heroes[q]])
        if s.deck:
            out.append(C.ORACLE)
    elif phase in (P_MOVE_DISCARD, P_RECOVER_DISCARD, P_SUPPORT_DISCARD):
        for t in range(6):
            if hands[b + t]:
                out.append(C.DISCARD[t])
    elif phase == P_RECOVER:
        if s.hsize[p] < HAND_LIMIT and s.deck:
            out.append(C.DRAW)
        if s.hsize[p]:
            out.append(C.STOP)
    elif phase == P_SUPPORT_GIVE:
        for t in range(6):
            if hands[b + t]:
                out.append(C.GIVE[t])
        if s.support_left:  # at least one card given
            out.append(C.DONE)
    elif phase in (P_PLACE, P_SETUP_PLACE, P_VOLUNTEER):
        for m in s.monsters:
            if m.alive:
                out.append(C.PLACE[m.name])
        if phase == P_VOLUNTEER and s.passes < s.n - 1:
            out.append(C.WAIT)
    elif phase == P_ORACLE_DISCARD:
        for t in sorted(set(s.oracle)):
            out.append(C.ORACLE_DISCARD[t])
    elif phase == P_ORACLE_ORDER:
        for t in sorted(set(s.oracle)):
            out.append(C.ORACLE_NEXT[t])
    s.cache = out
    return out


# -- applying a choice -----------------------------------------------------------------------


def play(s: LegendsState, choice: Choice, ev: NoteLog) -> None:
    """Apply one legal choice for the seat to act."""
    s.cache = None
    op, arg = _DISPATCH[choice.index]
    phase = s.phase
    p = s.actor
    if op == _OP_FIGHT:
        _fight(s, p, arg, arg, FACE_UP, ev)
    elif op == _OP_DISCARD:
        discard(s, p, arg, 1 << p, ev)
        if phase == P_SUPPORT_DISCARD:
            s.support_left -= 1
            if s.support_left == 0:
                s.support_to = -1
                s.actor = s.current
                _end_action(s, ev)
        elif phase == P_RECOVER_DISCARD:
            s.forced = False
            _end_action(s, ev)
        else:
            _end_action(s, ev)
    elif op == _OP_DIVINE_AS:
        _fight(s, p, DIVINE, arg, FACE_UP, ev)
    elif op == _OP_SLAY:
        _fight(s, p, DIVINE, -1, SIDEWAYS, ev)
    elif op == _OP_SPECIAL:
        s.broken |= 1 << p
        _fight(s, p, arg, s.colours[p], FACE_DOWN, ev)
    elif op == _OP_DRAW:
        card = draw(s, p)
        if ev is not None:
            log_draw(s, p, card, ev)
        if s.hsize[p] >= HAND_LIMIT or not s.deck:
            s.phase = P_RECOVER_DISCARD
    elif op == _OP_STOP:
        s.phase = P_RECOVER_DISCARD
    elif op == _OP_RECOVER:
        _start_recover(s, p, ev)
    elif op == _OP_MOVE:
        s.discs[p] = _slot_index(s, choice)
        s.phase = P_MOVE_DISCARD
        if ev is not None:
            ev.append((N.MOVE, p, s.heroes[p], s.monsters[s.discs[p]]))
    elif op == _OP_PLACE:
        _place(s, p, _slot_index(s, choice), ev)
    elif op == _OP_WAIT:
        s.passes += 1
        s.actor = (p + 1) % s.n
        if ev is not None:
            ev.append((N.WAIT, p, s.heroes[p]))
    elif op == _OP_SUPPORT:
        q = s.heroes.index(arg)
        s.support_to = q
        s.support_left = 0
        s.phase = P_SUPPORT_GIVE
        if ev is not None:
            ev.append((N.SUPPORT, p, s.heroes[p], q, s.heroes[q]))
    elif op == _OP_GIVE:
        _give(s, p, arg, ev)
    elif op == _OP_DONE:
        _finish_give(s, ev)
    elif op == _OP_ORACLE:
        _oracle(s, p, ev)
    elif op == _OP_ORACLE_DISCARD:
        s.oracle.remove(arg)
        s.discard.append(arg)
        s.dmask.append((1 << (s.n + 1)) - 1)  # shown to everybody before it went face-down
        if ev is not None:
            ev.append((N.ORACLE_DISCARD, p, s.heroes[p], arg))
        if len(set(s.oracle)) <= 1:
            _finish_oracle(s, p, ev)
        else:
            s.phase = P_ORACLE_ORDER
    elif op == _OP_ORACLE_NEXT:
        s.oracle.remove(arg)
        s.order.append(arg)
        if len(set(s.oracle)) <= 1:
            _finish_oracle(s, p, ev)
    else:  # pragma: no cover - the dispatch table covers every key
        raise AssertionError(f"no rule for {choice.key}")


(
    _OP_WAIT,
    _OP_PLACE,
    _OP_MOVE,
    _OP_FIGHT,
    _OP_DIVINE_AS,
    _OP_SLAY,
    _OP_SPECIAL,
    _OP_RECOVER,
    _OP_DRAW,
    _OP_STOP,
    _OP_DISCARD,
    _OP_SUPPORT,
    _OP_GIVE,
    _OP_DONE,
    _OP_ORACLE,
    _OP_ORACLE_DISCARD,
    _OP_ORACLE_NEXT,
) = range(17)


def _build_dispatch() -> list[tuple[int, int]]:
    """Map every choice index to an (operation, integer argument) pair."""
    heroes = [h.id for h in content().heroes]
    ops = {
        "wait": _OP_WAIT,
        "place": _OP_PLACE,
        "move": _OP_MOVE,
        "fight": _OP_FIGHT,
        "special": _OP_SPECIAL,
        "recover": _OP_RECOVER,
        "draw": _OP_DRAW,
        "stop": _OP_STOP,
        "discard": _OP_DISCARD,
        "support": _OP_SUPPORT,
        "give": _OP_GIVE,
        "done": _OP_DONE,
        "oracle": _OP_ORACLE,
        "oracle.discard": _OP_ORACLE_DISCARD,
        "oracle.next": _OP_ORACLE_NEXT,
    }
    out = []
    for key in C.TABLE:
        verb, _, arg = key.partition(":")
        if key == "fight:slay":
            out.append((_OP_SLAY, 0))
        elif verb == "fight" and arg.startswith("divine="):
            out.append((_OP_DIVINE_AS, ATTRIBUTES.index(arg[7:])))
        elif verb == "support":
            out.append((_OP_SUPPORT, heroes.index(arg)))
        elif arg in CARD_TYPES:
            out.append((ops[verb], CARD_TYPES.index(arg)))
        else:
            out.append((ops[verb], 0))
    return out


_DISPATCH = _build_dispatch()


_NAMED = [key.partition(":")[2] for key in C.TABLE]  # what a key names, by index


def _slot_index(s: LegendsState, choice: Choice) -> int:
    name = _NAMED[choice.index]
    for i, m in enumerate(s.monsters):
        if m.alive and m.name == name:
            return i
    raise AssertionError(f"{choice.key} names no monster on the table")  # pragma: no cover


# -- actions -----------------------------------------------------------------------------------


def _place(s: LegendsState, p: int, slot: int, ev: NoteLog) -> None:
    """Place a hero disc (setup; or, with ``free_replace``, after its monster was defeated)."""
    s.discs[p] = slot
    if ev is not None:
        ev.append((N.PLACE, p, s.heroes[p], s.monsters[slot]))
    if s.phase == P_VOLUNTEER:
        # "The first player to have placed their hero disc will also take the first turn";
        # "all other players must also place their discs in clockwise order".
        s.current = p
        s.place_order = tuple((p + k) % s.n for k in range(1, s.n))
        s.phase = P_SETUP_PLACE
    if s.phase == P_SETUP_PLACE:
        if s.place_order:
            s.actor = s.place_order[0]
            s.place_order = s.place_order[1:]
            return
        s.actor = s.current
        s.turn = 1
        s.phase = P_ACTION
        if ev is not None:
            ev.append((N.FIRST_TURN, s.current, s.heroes[s.current]))
        return
    s.phase = P_ACTION  # P_PLACE: the turn goes on with the action


def _fight(s: LegendsState, p: int, card: int, as_attr: int, mode: int, ev: NoteLog) -> None:
    """Play a card next to the monster under ``p``'s disc ("1. Fight")."""
    idx = s.discs[p]
    slot = s.monsters[idx]
    take(s, p, card, everyone(s.n) if mode != FACE_DOWN else 0)
    new = slot.with_card(p, card, as_attr, mode)
    if ev is not None:
        ev.append((N.FIGHT, p, s.heroes[p], slot, card, as_attr, mode))
        if mode == FACE_DOWN:
            ev.append((N.FIGHT_OWN, p, card))
    defeated = mode == SIDEWAYS or new.played == new.size
    divine = card == DIVINE and mode != FACE_DOWN
    if defeated:
        # Ruling: a monster counts as "defeated by a divine intervention card" (mission 10)
        # when the card that defeats it is a divine intervention, sideways or as a wild card.
        new = new.defeated(divine)
    s.monsters[idx] = new
    if defeated:
        _defeat(s, idx, divine, ev)
        if s.result:
            return
    if divine and slot.kind == SINGLE:
        special = s.mission.special
        if special == "recover-after-divine":
            # Mission 5: "must immediately perform the RECOVER action before the next player
            # takes a turn, or before a new monster is put into play."
            s.forced = True
            _start_recover(s, p, ev)
            return
        if special == "cycle-through-deck":
            _cycle_deck(s, p, ev)
        elif special == "cycle-through-discard":
            _cycle_discard(s, p, ev)
    _end_action(s, ev)


def _start_recover(s: LegendsState, p: int, ev: NoteLog) -> None:
    """Begin "3. Recover": draw one by one up to 5, then discard one."""
    if ev is not None:
        ev.append((N.RECOVER, p, s.heroes[p], s.forced))
    if not s.hsize[p] and not s.deck:
        _lose(s, f"{hero_name(s, p)} holds no cards and must draw from the empty draw pile.", ev)
        return
    s.phase = P_RECOVER if s.hsize[p] < HAND_LIMIT and s.deck else P_RECOVER_DISCARD


def _give(s: LegendsState, p: int, card: int, ev: NoteLog) -> None:
    """Give one card to the supported player ("4. Support")."""
    q = s.support_to
    take(s, p, card, 1 << q)
    put(s, q, card, 1 << p)
    s.support_left += 1  # cards given so far, until the receiver starts discarding
    s.gifts = (*s.gifts, (p, q, card, s.turn))
    if ev is not None:
        ev.append((N.GIVE, p, s.heroes[p], q, s.heroes[q]))
        ev.append((N.GIVE_OWN, p, s.heroes[p], q, s.heroes[q], card))
    if not s.hsize[p]:
        _finish_give(s, ev)


def _finish_give(s: LegendsState, ev: NoteLog) -> None:
    """Hand over to the receiver, who "must then discard at least 1 card" down to 4."""
    q = s.support_to
    s.support_left = max(1, s.hsize[q] - SUPPORT_KEEP)
    s.actor = q
    s.phase = P_SUPPORT_DISCARD
    if ev is not None:
        ev.append((N.SUPPORT_DISCARD, q, s.heroes[q], s.support_left))


def _oracle(s: LegendsState, p: int, ev: NoteLog) -> None:
    """Consult the Oracle (action 5): the top 6 cards go face-up for everybody to see."""
    k = min(ORACLE_REVEAL, len(s.deck))
    s.oracle = [s.deck.pop() for _ in range(k)]
    s.deck_known = max(0, s.deck_known - k)
    s.order = []
    s.phase = P_ORACLE_DISCARD
    if ev is not None:
        ev.append((N.ORACLE, p, s.heroes[p], tuple(s.oracle)))


def _finish_oracle(s: LegendsState, p: int, ev: NoteLog) -> None:
    """Return the remaining cards to the top of the deck in the chosen order."""
    s.order.extend(s.oracle)
    s.oracle = []
    s.deck.extend(reversed(s.order))
    s.deck_known = len(s.order)
    if ev is not None and s.order:
        ev.append((N.ORACLE_RETURN, p, s.heroes[p], tuple(s.order)))
    s.order = []
    _end_action(s, ev)


def _cycle_deck(s: LegendsState, p: int, ev: NoteLog) -> None:
    """Mission 6: hand face-down under the draw deck in random order, draw as many."""
    if not s.hsize[p]:
        return
    cards = empty_hand(s, p)
    s.rng.shuffle(cards)
    s.deck[0:0] = cards
    for _ in cards:
        draw(s, p)
    if ev is not None:
        ev.append((N.CYCLE_DECK, p, s.heroes[p], len(cards)))


def _cycle_discard(s: LegendsState, p: int, ev: NoteLog) -> None:
    """Mission 7: hand face-down under the discard pile in random order, draw from its top."""
    if not s.hsize[p]:
        return
    cards = empty_hand(s, p)
    s.rng.shuffle(cards)
    s.discard[0:0] = cards
    s.dmask[0:0] = [0] * len(cards)
    for _ in cards:
        # Whoever knew a discarded card (its discarder, or all after the Oracle) now knows
        # that p holds it.
        put(s, p, s.discard.pop(), s.dmask.pop())
    if ev is not None:
        ev.append((N.CYCLE_DISCARD, p, s.heroes[p], len(cards)))


# -- monsters, missions, turns ---------------------------------------------------------------


def _arrive(s: LegendsState, kind: str, ev: NoteLog) -> None:
    """Put the next monster (or a Chimera of 2 cards, or Hades of 3) face-up on the table."""
    if kind == "monster":
        slot = MonsterSlot((s.mdeck.pop(),), SINGLE)
        s.entered += 1
    elif kind == "chimera":
        slot = MonsterSlot((s.mdeck.pop(), s.mdeck.pop()), CHIMERA)
    else:
        slot = MonsterSlot((s.mdeck.pop(), s.mdeck.pop(), s.mdeck.pop()), HADES)
    s.monsters.append(slot)
    if ev is not None:
        ev.append((N.ARRIVE, slot))
    # Mission 12's "Hero discs must be placed on Hades' central monster card" says where on his
    # three cards a disc stands (like the Chimera's centerpoint), not that reaching him is free:
    # heroes reach Hades as any monster (ruling 8), so no disc moves here.


def _defeat(s: LegendsState, idx: int, by_divine: bool, ev: NoteLog) -> None:
    """Defeat a monster: discs come off it; the mission may bring new monsters or end."""
    slot = s.monsters[idx]
    s.defeats += 1
    for seat in range(s.n):
        if s.discs[seat] == idx:
            # Ruling 8: the disc comes off; leaving is a Move (action and discard) at the
            # owner's turn, or a free placement under the ``free_replace`` option.
            s.discs[seat] = -1
    if ev is not None:
        ev.append((N.DEFEAT, slot, s.defeats, by_divine))
    if slot.kind != SINGLE:
        s.finals_done += 1
        if s.finals_done == s.mission.finals:
            # "A mission is won when the last Chimera is defeated (or Hades at mission 12)."
            s.result = 1
            s.phase = P_OVER
            s.reason = f"{cap(title(s, idx))} is defeated: the mission is won!"
            if ev is not None:
                ev.append((N.WON, s.reason))
        return
    arrivals = s.mission.arrivals_after(s.defeats)
    if arrivals and by_divine and s.mission.special == "divine-blocks-arrivals" and s.entered < 6:
        # Mission 10: "If any of the first 5 monsters is defeated by a divine intervention
        # card, no new monster will come into play to replace it; this rule applies until
        # there are 6 monsters in play."
        arrivals = tuple(k for k in arrivals if k != "monster")
        if ev is not None:
            ev.append((N.BLOCKED,))
    s.pending = s.pending + arrivals


def _end_action(s: LegendsState, ev: NoteLog) -> None:
    """Finish the action: new monsters enter, mission 10's check, then the next turn."""
    if s.pending:
        for kind in s.pending:
            _arrive(s, kind, ev)
        s.pending = ()
    if s.mission.special == "divine-blocks-arrivals" and s.entered < 6:
        # Mission 10: "If defeating monsters by the use of divine intervention cards prevents
        # the 6th monster from entering play, the mission is immediately lost."
        triggers = sum(1 for d, k in s.mission.arrivals if k == "monster" and d > s.defeats)
        alive = any(m.alive for m in s.monsters)
        if s.entered + (triggers if alive else 0) < 6:
            _lose(
                s, "Divine interventions kept the 6th monster from entering play (mission 10).", ev
            )
            return
    _next_turn(s, ev)


def _next_turn(s: LegendsState, ev: NoteLog) -> None:
    """Play continues to the next player in clockwise order."""
    p = (s.current + 1) % s.n
    s.current = p
    s.actor = p
    s.turn += 1
    if ev is not None:
        ev.append((N.TURN, p, s.heroes[p], s.turn))
    if not s.hsize[p] and not s.deck:
        # "if a player ever holds no action cards in their hand AND has to draw from the
        # depleted draw pile, the mission is lost"
        _lose(s, f"{hero_name(s, p)} holds no cards and must draw from the empty draw pile.", ev)
        return
    s.phase = P_PLACE if s.discs[p] < 0 and s.free_replace else P_ACTION


def _lose(s: LegendsState, reason: str, ev: NoteLog) -> None:
    s.result = -1
    s.phase = P_OVER
    s.reason = reason + " The mission is lost."
    if ev is not None:
        ev.append((N.LOST, s.reason))
