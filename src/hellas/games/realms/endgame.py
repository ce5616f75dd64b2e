"""The endgame as a sequence of decisions (the solver that finds the best is ``solver``).

The rulebook's endgame steps, in order: (1) optional bonus CLEARs, (2) mandatory penalty CLEARs
in an order of the player's choosing, (3) optional ADDs of tags, (4) Omega penalties one at a
time in the player's chosen order (monsters facing Heroes, the Helm of Hades saving one Hero),
then (5) scoring.  :class:`Endgame` is that procedure as a small state machine: ``options``
lists the decisions available now (each with a stable key such as ``clear:moly=pomegranate``)
and ``choose`` applies one; ``narrate`` tells a sequence of decisions in words.
``brute_force`` scores every decision sequence without any shortcut, for tests.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from hellas.games.realms.content import (
    GOD,
    HERO,
    MONSTER,
    TAGS,
)
from hellas.games.realms.scoring import Outcome, Table, score

STEP_BONUS_CLEAR, STEP_PENALTY_CLEAR, STEP_ADD, STEP_OMEGA, STEP_DONE = 1, 2, 3, 4, 5
EACH_TAG = tuple(1 << b for b in range(len(TAGS)))  # no two tags alike: every ADD is offered


@dataclass(frozen=True, slots=True)
class Option:
    """One endgame decision: an operation on card positions (its key is built on demand)."""

    op: str
    a: int = -1
    b: int = -1
    c: int = -1  # the card whose decision this is, when a and b name other cards

    def key(self, table: Table) -> str:
        """Return the stable text key (``clear:moly=pomegranate``, ``add:athena=...``)."""
        cards = table.cards

        def name(i: int) -> str:
            return cards[i].id

        op, a, b = self.op, self.a, self.b
        if op == "helm":
            return f"helm:{name(a) if a >= 0 else 'none'}"
        if op == "face":
            return f"face:{name(a)}={name(b) if b >= 0 else 'stop'}"
        if op in ("heracles", "pomegranate", "dionysus"):
            return f"{op}:{name(b)}"
        if op == "clear":
            return f"clear:{name(a)}={name(b) if b >= 0 else 'none'}"
        if op == "resolve":
            return f"resolve:{name(a)}"
        if op == "add":
            if a < 0:
                return f"add:{name(self.c)}=none"
            return f"add:{name(self.c)}={name(a)}/{TAGS[b]}"
        return f"omega:{name(a)}"


class Endgame:
    """One player's endgame in progress (copyable, so a search can branch)."""

    __slots__ = (
        "afterlife",
        "bonus_off",
        "current",
        "dying",
        "helm",
        "last",
        "log",
        "penalty_off",
        "queue",
        "settled",
        "step",
        "story",
        "table",
        "tags",
    )

    def __init__(self, table: Table, blank: bool = False) -> None:
        self.table = table
        if blank:  # ``copy`` sets every other field (no ``__new__``: compiled classes lack it)
            return
        self.afterlife = table.afterlife
        self.tags = [c.tags for c in table.cards]
        self.bonus_off = 0
        self.penalty_off = 0
        self.helm = table.helm
        self.step = STEP_BONUS_CLEAR
        self.queue: tuple[int, ...] = table.bonus_clears
        self.current = -1  # the Omega card being resolved (its victims are being chosen)
        self.last = -1  # position of the last Hero sacrificed (keeps subsets unique)
        self.dying = 0  # Heroes an effect is sending to the Afterlife (Helm may save one)
        self.log: tuple[Option, ...] = ()
        self.story: list[str] | None = None  # what happened, in words (explanations only)
        self.settled = False  # moved on to the next decision since the last change

    def _tell(self, text: str) -> None:
        if self.story is not None:
            self.story.append(text)

    def _names(self, mask: int) -> str:
        if self.story is None:
            return ""  # nobody is listening: the sentence is dropped anyway
        return ", ".join(self.table.cards[h].name for h in range(self.table.k) if mask >> h & 1)

    def copy(self) -> Endgame:
        """Return an independent copy."""
        e = Endgame(self.table, blank=True)
        e.afterlife = self.afterlife
        e.tags = self.tags[:]
        e.bonus_off = self.bonus_off
        e.penalty_off = self.penalty_off
        e.helm = self.helm
        e.step = self.step
        e.queue = self.queue
        e.current = self.current
        e.last = self.last
        e.dying = self.dying
        e.log = self.log
        e.settled = self.settled
        e.story = None if self.story is None else self.story[:]
        return e

    def skip_adds(self, tags: Sequence[int], queue: tuple[int, ...] = ()) -> Endgame:
        """Return a copy with these tags whose ADDs still to come are ``queue`` (for searches).

        The ADDs give their tags in any order, so a search may make them in an order of its
        own; the decisions are not logged (a search that wants them replays the ADDs).
        """
        e = self.copy()
        e.tags = list(tags)
        e.queue = queue
        e.settled = False
        e._advance()
        return e

    def key(self) -> tuple[object, ...]:
        """Return a hashable summary of everything that matters from here on."""
        return (
            self.step,
            self.queue,
            self.current,
            self.last,
            self.dying,
            self.afterlife,
            tuple(self.tags),
            self.bonus_off,
            self.penalty_off,
            self.helm,
        )

    def outcome(self) -> Outcome:
        """Return the scoring outcome so far, every automatic effect up to now resolved."""
        self._advance()
        return Outcome(self.afterlife, self.tags, self.bonus_off, self.penalty_off)

    def keys(self) -> list[str]:
        """Return the keys of the decisions made so far."""
        return [o.key(self.table) for o in self.log]

    # -- helpers --------------------------------------------------------------------------

    def living(self) -> list[int]:
        """Return the positions of living Heroes (Heroes in hand)."""
        living = self.table.hero_mask & ~self.afterlife
        return [i for i in range(living.bit_length()) if living >> i & 1]

    def _penalty_on(self, i: int) -> bool:
        return not self.penalty_off >> i & 1

    def _advance(self) -> None:
        """Move on through steps that need no decision, resolving what is automatic.

        Moving on twice changes nothing, so once done it is skipped until the next change
        (``choose``, ``skip_adds``: nothing else writes an endgame's fields).
        """
        if self.settled:
            return
        self.settled = True
        cards = self.table.cards
        while True:
            if self.dying or self.current >= 0:
                return
            if self.step == STEP_BONUS_CLEAR:
                if self.queue:
                    return
                self.step = STEP_PENALTY_CLEAR
                self.queue = self.table.penalty_clears
            if self.step == STEP_PENALTY_CLEAR:
                self.queue = tuple(i for i in self.queue if self._penalty_on(i))
                if len(self.queue) > 1 or (
                    self.queue
                    and cards[self.queue[0]].clear_penalty == "dionysus"
                    and self._dionysus_targets()
                ):
                    return
                if self.queue:
                    self._resolve_clear(self.queue[0], -1)
                    self.queue = ()
                    continue
                self.step = STEP_ADD
                off = self.bonus_off
                self.queue = tuple(i for i in self.table.adds if not off >> i & 1)
            if self.step == STEP_ADD:
                if self.queue:
                    return
                self.step = STEP_OMEGA
                self.queue = self.table.omegas
            if self.step == STEP_OMEGA:
                self.queue = tuple(i for i in self.queue if self._omega_pending(i))
                if not self.queue:
                    self.step = STEP_DONE
                    return
                if len(self.queue) > 1:
                    return
                self._start_omega(self.queue[0])
                continue
            return

    def _omega_pending(self, i: int) -> bool:
        c = self.table.cards[i]
        if not self._penalty_on(i) or c.omega is None:
            return False
        if c.omega.kind == "other_hero":
            # Heracles: "if alive", and only if there is another living Hero
            return not self.afterlife >> i & 1 and (
                self.table.hero_mask & ~self.afterlife & ~(1 << i) != 0
            )
        if c.omega.kind == "god_in_hand":
            return self.table.suit_pos[GOD] & ~self.afterlife != 0
        return True

    def _dionysus_targets(self) -> list[int]:
        return [i for i, c in enumerate(self.table.cards) if c.suit == HERO]

    def _resolve_clear(self, i: int, target: int) -> None:
        """Resolve a penalty CLEAR (Lotus-Eaters, Circe, Dionysus)."""
        kind = self.table.cards[i].clear_penalty
        living = self.living()
        if self.story is not None:
            self._tell(
                f"{self.table.cards[i].name}'s penalty clears: "
                + {
                    "lotus": "every living Hero loses tags, bonus and penalty",
                    "circe": "with no living Clever Hero, the other living Heroes lose tags"
                    " and bonus",
                    "dionysus": "one Hero loses tags and bonus",
                }[kind or "lotus"]
                + "."
            )
        if kind == "lotus":
            for h in living:
                self.tags[h] = 0
                self.bonus_off |= 1 << h
                self.penalty_off |= 1 << h
        elif kind == "circe":
            if not any(self.tags[h] & (1 << TAGS.index("clever")) for h in living):
                for h in living:
                    if h != i:
                        self.tags[h] = 0
                        self.bonus_off |= 1 << h
        elif kind == "dionysus" and target >= 0:
            self.tags[target] = 0
            self.bonus_off |= 1 << target
        self.queue = tuple(j for j in self.queue if j != i)

    def _start_omega(self, i: int) -> None:
        """Begin resolving Omega card ``i``: automatic cases resolve at once."""
        self.queue = tuple(j for j in self.queue if j != i)
        omega = self.table.cards[i].omega
        assert omega is not None
        living = self.living()
        name = self.table.cards[i].name
        if omega.kind == "defeat":
            defeaters = [h for h in living if self.tags[h] & omega.tags]
            if defeaters:
                self.current = i  # the player picks Heroes to face it first, then it stops
                self.last = -1
                if self.story is not None:  # the sentence is built only for a listener
                    names = " or ".join(self.table.cards[h].name for h in defeaters)
                    self._tell(f"{name} is defeated by {names}.")
            else:
                self._tell(f"{name}: no living Hero can defeat it.")
                self._kill(living)
        elif omega.kind == "living_heroes":
            if len(living) < omega.number:
                self._tell(f"{name}: fewer than {omega.number} living Heroes.")
                self._kill(living)
            else:
                self._tell(f"{name} is held off by {len(living)} living Heroes.")
        elif omega.kind == "hero_with_tags":
            if not any(self.tags[h].bit_count() >= omega.number for h in living):
                self._tell(f"{name}: no living Hero has {omega.number} different tags.")
                self._kill(living)
            else:
                self._tell(f"{name} is held off by a Hero with {omega.number} tags.")
        else:
            self.current = i  # Heracles or the Pomegranate: the player picks the card

    def _kill(self, heroes: Iterable[int]) -> None:
        mask = 0
        for h in heroes:
            mask |= 1 << h
        if not mask:
            return
        if self.helm:
            self.dying = mask
        else:
            self.afterlife |= mask
            self._tell(f"To the Afterlife: {self._names(mask)}.")

    # -- the decisions --------------------------------------------------------------------

    def options(self, alike: Sequence[int] = EACH_TAG, sacrifice: int = -1) -> list[Option]:
        """Return the decisions available now (empty when the endgame is over).

        A search may pass groups of tags that no card tells apart (``alike``: an ADD then
        offers one new tag of each group) and ``sacrifice``, the positions of the Heroes that
        may ever gain from facing a monster they cannot defeat (all by default): the others
        are never sent to face one needlessly, and with none at all (0) the Helm always saves
        someone.
        """
        self._advance()
        cards = self.table.cards
        if self.dying:
            out = [Option("helm")] if sacrifice else []
            for h in range(self.table.k):
                if self.dying >> h & 1:
                    out.append(Option("helm", h))
            return out
        if self.current >= 0:
            c = cards[self.current]
            assert c.omega is not None
            if c.omega.kind == "defeat":
                out = [Option("face", self.current)]
                if not sacrifice:
                    return out
                for h in self.living():
                    if h > self.last and sacrifice >> h & 1 and not self.tags[h] & c.omega.tags:
                        out.append(Option("face", self.current, h))
                return out
            if c.omega.kind == "other_hero":
                return [
                    Option("heracles", self.current, h) for h in self.living() if h != self.current
                ]
            return [
                Option("pomegranate", self.current, j)
                for j, c2 in enumerate(cards)
                if c2.suit == GOD and not self.afterlife >> j & 1
            ]
        if self.step == STEP_BONUS_CLEAR:
            i = self.queue[0]
            c = cards[i]
            out = [Option("clear", i)]
            for j, t in enumerate(cards):
                if j == i or not t.has_penalty or not self._penalty_on(j):
                    continue
                if c.clear_bonus == "monster-penalty" and t.suit != MONSTER:
                    continue
                out.append(Option("clear", i, j))
            return out
        if self.step == STEP_PENALTY_CLEAR:
            if len(self.queue) > 1:
                out = []
                for i in self.queue:
                    if cards[i].clear_penalty == "dionysus":
                        out.extend(Option("dionysus", i, h) for h in self._dionysus_targets())
                    else:
                        out.append(Option("resolve", i))
                return out
            i = self.queue[0]
            return [Option("dionysus", i, h) for h in self._dionysus_targets()]
        if self.step == STEP_ADD:
            i = self.queue[0]
            c = cards[i]
            out = [Option("add", c=i)]
            allowed = c.add_tag
            for h in self.living():
                have = self.tags[h]
                free = 0
                for group in alike:  # one new tag of a group stands for all of them
                    new = group & allowed & ~have
                    if new:
                        free |= new & -new
                b = 0
                while free >> b:
                    if free >> b & 1:
                        out.append(Option("add", h, b, i))
                    b += 1
            return out
        if self.step == STEP_OMEGA:
            if not sacrifice and not self.helm:
                # Without sacrifices, Heracles or the Helm, each Omega check only asks whether
                # all living Heroes die, so the order cannot change the result.
                return [Option("omega", self.queue[0])]
            return [Option("omega", i) for i in self.queue]
        return []

    def choose(self, option: Option) -> None:
        """Apply one decision returned by ``options``."""
        self.settled = False
        self.log = (*self.log, option)
        op = option.op
        if op == "helm":
            saved = (1 << option.a) if option.a >= 0 else 0
            self.afterlife |= self.dying & ~saved
            if saved:
                self.helm = False
                self._tell(f"The Helm of Hades saves {self._names(saved)}.")
            if self.dying & ~saved:
                self._tell(f"To the Afterlife: {self._names(self.dying & ~saved)}.")
            self.dying = 0
        elif op == "face":
            if option.b < 0:
                self.current = -1
            else:
                self.afterlife |= 1 << option.b
                self.last = option.b
                if self.story is not None:
                    self._tell(
                        f"{self.table.cards[option.b].name} faces "
                        f"{self.table.cards[option.a].name} first and dies."
                    )
        elif op == "heracles":
            self.current = -1
            self._kill([option.b])
        elif op == "pomegranate":
            self.current = -1
            self.afterlife |= 1 << option.b
            self._tell(f"The Pomegranate sends {self.table.cards[option.b].name} to the Afterlife.")
        elif op == "clear":
            self.queue = self.queue[1:]
            if option.b >= 0:
                self.penalty_off |= 1 << option.b
                if self.story is not None:
                    self._tell(
                        f"{self.table.cards[option.a].name} clears the penalty of "
                        f"{self.table.cards[option.b].name}."
                    )
        elif op == "resolve":
            self._resolve_clear(option.a, -1)
        elif op == "dionysus":
            self._resolve_clear(option.a, option.b)
        elif op == "add":
            self.queue = self.queue[1:]
            if option.b >= 0:
                self.tags[option.a] |= 1 << option.b
                if self.story is not None:
                    self._tell(
                        f"{self.table.cards[option.c].name} adds {TAGS[option.b].capitalize()}"
                        f" to {self.table.cards[option.a].name}."
                    )
        elif op == "omega":
            self._start_omega(option.a)
        else:  # pragma: no cover
            raise AssertionError(op)
        self._advance()

    def done(self) -> bool:
        """Return whether every decision has been made."""
        self._advance()
        return self.step == STEP_DONE and not self.dying and self.current < 0


def narrate(table: Table, keys: Sequence[str]) -> list[str]:
    """Return the endgame in words for a sequence of decision keys."""
    eg = Endgame(table)
    eg.story = []
    for key in keys:
        option = next(o for o in eg.options() if o.key(table) == key)
        eg.choose(option)
    eg.done()
    return eg.story


def brute_force(table: Table) -> list[tuple[int, list[str]]]:
    """Return the score of every complete decision sequence (no shortcuts; for tests)."""
    results: list[tuple[int, list[str]]] = []

    def walk(eg: Endgame) -> None:
        options = eg.options()
        if not options:
            results.append((score(eg.table, eg.outcome()), eg.keys()))
            return
        for option in options:
            child = eg.copy()
            child.choose(option)
            walk(child)

    walk(Endgame(table))
    return results


__all__ = ["Endgame", "Option", "brute_force", "narrate"]
