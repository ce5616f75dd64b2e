"""The rule a free bot worker follows: fair shares between owners, tables in turn, hints last.

Pure bookkeeping: the simulations below play the pool's part (a worker takes ``pop``'s job and
answers after its seconds with ``charge``) on a clock of their own.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field

from hellas.server.fairness import BOT, HINT, LIGHT, SLICE_FLOOR, FairQueue, Job, weight

BUDGET = 2.0


def job(kind: str, table: str, client: str = "", search: bool = True, owner: str = "") -> Job:
    return Job(kind, table, client or table, "move", (), BUDGET, BUDGET + 3.0, search, owner=owner)


def served(queue: FairQueue, seconds: float = 0.0) -> Job:
    """Pop the next job and answer it at once after ``seconds`` of work."""
    picked = queue.pop()
    assert picked is not None
    queue.charge(picked, seconds)
    return picked


def test_a_table_that_used_the_workers_more_goes_after_one_that_used_less() -> None:
    queue = FairQueue()
    queue.push(job(BOT, "busy"))
    queue.push(job(BOT, "quiet"))
    assert served(queue, 2.0).table == "busy"  # a whole 2-second search while quiet waited
    assert served(queue, 0.1).table == "quiet"
    queue.push(job(BOT, "busy"))  # busy asks again first ...
    queue.push(job(BOT, "quiet"))
    first = queue.pop()
    assert first is not None and first.table == "quiet"  # ... but quiet is owed more


def test_a_newcomer_starts_at_the_current_virtual_time_not_at_zero() -> None:
    """The old rule counted a table that never used a worker as 0: it jumped every queue."""
    queue = FairQueue()
    queue.push(job(BOT, "honest"))
    served(queue, 0.3)
    queue.push(job(BOT, "honest"))  # waits with a little use behind it
    queue.push(job(BOT, "new"))  # never used a worker, asked later
    first = queue.pop()
    assert first is not None and first.table == "honest"


def test_tables_with_equal_use_take_turns_in_the_order_they_asked() -> None:
    queue = FairQueue()
    for table in ("a", "b", "c"):
        queue.push(job(BOT, table))
        queue.push(job(BOT, table))
    order = []
    while (picked := queue.pop()) is not None:
        order.append(picked.table)
        queue.charge(picked, 1.0)
    assert order == ["a", "b", "c", "a", "b", "c"]


def test_ten_tables_of_one_owner_share_one_owners_turn() -> None:
    queue = FairQueue()
    for k in range(10):
        queue.push(job(BOT, f"flood{k}", owner="10.0.0.9"))
    queue.push(job(BOT, "honest", owner="10.0.0.1"))
    order = [served(queue, 2.0).table for _ in range(4)]
    assert order[:2] == ["flood0", "honest"]  # the honest owner's turn comes next, not 11th
    assert order[2:] == ["flood1", "flood2"]  # the owner's tables take turns among themselves


def test_inside_one_owner_a_light_table_goes_before_its_heavy_ones() -> None:
    """Everyone behind one address (a school, a proxy, the tests' 127.0.0.1): ten tables that
    search for their whole budget do not hold back the same owner's light table."""
    sim = Sim(workers=1)
    for k in range(10):
        sim.table(f"heavy{k}", cost=BUDGET, again=0.0, first=0.0, owner="127.0.0.1")
    sim.table("light", cost=0.1, again=2.0, first=30.0, owner="127.0.0.1")  # all have played
    sim.run(until=120.0)
    light = sim.waits["light"]
    assert len(light) >= 20
    assert max(light[1:]) <= BUDGET + 0.01, light  # at most the move running: it is light
    assert light[0] <= 11 * BUDGET  # a new table's cost is unknown: at most one round


def test_hints_wait_behind_every_bot_move_and_take_turns_by_client() -> None:
    queue = FairQueue()
    queue.push(job(HINT, "t1", "spammer"))
    queue.push(job(HINT, "t2", "spammer"))
    queue.push(job(HINT, "t3", "other"))
    queue.push(job(BOT, "t9"))
    picked = [queue.pop() for _ in range(4)]
    assert [(p.kind, p.client) for p in picked if p] == [
        (BOT, "t9"),
        (HINT, "spammer"),
        (HINT, "other"),  # the other client's hint before the spammer's second
        (HINT, "spammer"),
    ]
    assert queue.pop() is None and len(queue) == 0


def test_a_policy_worker_takes_only_cheap_moves() -> None:
    queue = FairQueue()
    queue.push(job(BOT, "search", search=True))
    queue.push(job(HINT, "t", "c"))
    assert queue.pop(search=False) is None  # neither a search nor a hint
    queue.push(job(BOT, "cheap", search=False))
    picked = queue.pop(search=False)
    assert picked is not None and picked.table == "cheap"
    assert queue.waiting(BOT) == 1 and queue.waiting(HINT) == 1


def test_a_policy_worker_finds_an_owners_cheap_move_behind_its_search() -> None:
    queue = FairQueue()
    queue.push(job(BOT, "deep", owner="o", search=True))
    queue.push(job(BOT, "cheap", owner="o", search=False))
    picked = queue.pop(search=False)
    assert picked is not None and picked.table == "cheap"


def test_dropping_jobs_keeps_the_rest_in_order() -> None:
    queue = FairQueue()
    jobs = [job(BOT, "a"), job(BOT, "a"), job(BOT, "b")]
    for j in jobs:
        queue.push(j)
    dropped = queue.drop(lambda j: j is jobs[0])
    assert dropped == [jobs[0]]
    assert [queue.pop(), queue.pop()] == [jobs[1], jobs[2]]


def test_idle_owners_are_forgotten_once_the_virtual_time_passes_them() -> None:
    queue = FairQueue()
    for k in range(5000):
        queue.push(job(BOT, f"t{k}"))
        served(queue, 0.01)
    assert len(queue.flows) <= 4097


# -- simulated arrivals: the bound ---------------------------------------------------------


@dataclass(order=True)
class Event:
    at: float
    order: int
    what: str = field(compare=False)  # "ask" or "done"
    job: Job = field(compare=False)
    seconds: float = field(compare=False, default=0.0)
    cancelled: bool = field(compare=False, default=False)
    cut: bool = field(compare=False, default=False)  # ended at its slice (hurried)


@dataclass
class Sim:
    """A pool of ``workers`` on a simulated clock; each table asks again when answered.

    A move thinks for its cost, or less when the queue gives it a slice; with ``hurry`` (the
    pool's rule) a move that waits also ends the running ones at their slices.
    """

    workers: int
    hurry: bool = False
    spares: int = 0  # spare workers: light moves only (``pop(light=True)``)
    on_spare: set[int] = field(default_factory=set)  # id(job) of the moves spares think on
    spare_tables: list[str] = field(default_factory=list)  # the tables a spare served
    running: dict[int, tuple[float, Event]] = field(default_factory=dict)  # id(job) -> began, end
    queue: FairQueue = field(default_factory=FairQueue)
    events: list[Event] = field(default_factory=list)
    now: float = 0.0
    busy: int = 0
    count: int = 0
    cost: dict[str, float] = field(default_factory=dict)  # table -> seconds a move takes
    again: dict[str, float] = field(default_factory=dict)  # table -> pause before asking again
    stretch: dict[str, float] = field(default_factory=dict)  # table -> wall seconds per cpu one
    asked: dict[int, float] = field(default_factory=dict)  # id(job) -> when it asked
    waits: dict[str, list[float]] = field(default_factory=dict)  # table -> waits for a worker
    depth: dict[int, int] = field(default_factory=dict)  # id(job) -> owners active as it asked
    served: list[tuple[str, float, int]] = field(default_factory=list)  # (table, wait, depth)

    def at(self, when: float, what: str, j: Job, seconds: float = 0.0) -> Event:
        self.count += 1
        event = Event(when, self.count, what, j, seconds)
        heapq.heappush(self.events, event)
        return event

    def table(
        self,
        name: str,
        cost: float,
        again: float,
        first: float,
        owner: str = "",
        stretch: float = 1,
    ) -> None:
        """Add a table whose moves need ``cost`` processor seconds, ``stretch`` x that of wall."""
        self.cost[name], self.again[name], self.stretch[name] = cost, again, stretch
        self.at(first, "ask", job(BOT, name, owner=owner))

    def run(self, until: float) -> None:
        while self.events and self.events[0].at <= until:
            event = heapq.heappop(self.events)
            if event.cancelled:
                continue
            self.now = event.at
            j = event.job
            active = sum(f.active() for f in self.queue.flows.values())
            for key in self.depth:  # the most owners active at any time while it waited
                self.depth[key] = max(self.depth[key], active)
            if event.what == "ask":
                self.asked[id(j)] = self.now
                self.depth[id(j)] = sum(f.active() for f in self.queue.flows.values())
                self.queue.push(j)
            else:
                if id(j) in self.on_spare:
                    self.on_spare.discard(id(j))
                else:
                    self.busy -= 1
                self.running.pop(id(j), None)
                cpu = event.seconds / self.stretch[j.table]  # what its process really used
                self.queue.charge(j, event.seconds, cpu, event.cut)
                again = self.again[j.table]
                if again >= 0:
                    self.at(self.now + again, "ask", job(BOT, j.table, owner=j.owner))
            while (picked := self.next_job()) is not None:
                wait = self.now - self.asked.pop(id(picked))
                self.waits.setdefault(picked.table, []).append(wait)
                self.served.append((picked.table, wait, self.depth.pop(id(picked))))
                seconds = min(self.cost[picked.table] * self.stretch[picked.table], picked.budget)
                end = self.at(self.now + seconds, "done", picked, seconds)
                self.running[id(picked)] = (self.now, end)
            if self.hurry and self.queue.waiting(BOT):
                self.cut_running()

    def strong_owners(self, count: int) -> None:
        """Add ``count`` owners arriving 10 ms apart, each a table whose moves take a budget."""
        for k in range(count):
            self.table(f"strong{k}", cost=BUDGET, again=0.0, first=0.01 * k, owner=f"10.0.1.{k}")

    def next_job(self) -> Job | None:
        """Return the job a free worker takes now (a base worker first, then a spare)."""
        if self.busy < self.workers and (picked := self.queue.pop()) is not None:
            self.busy += 1
            return picked
        if len(self.on_spare) < self.spares and (picked := self.queue.pop(light=True)):
            self.on_spare.add(id(picked))
            self.spare_tables.append(picked.table)
            return picked
        return None

    def cut_running(self) -> None:
        """End every running move at its slice (at once if it thought that long already)."""
        for key, (began, end) in list(self.running.items()):
            at = max(self.now, began + self.queue.slice_for(end.job))
            if at < end.at:
                end.cancelled = True
                self.running[key] = (began, self.at(at, "done", end.job, at - began))
                self.running[key][1].cut = True


def test_a_stream_of_new_tables_never_starves_a_waiting_one() -> None:
    """The attack of issue 46: two addresses create a lookahead table every 1.5 s (each then
    searches for its whole budget, move after move) while an honest table asks for a short
    search every 3 s.  Under the old rule every new table (use 0) went first: the honest
    table's bot waited 46 s and more.  Grouped by the address that created them, the flood is
    two shares: the honest table waits for at most the two others' moves."""
    sim = Sim(workers=1)
    sim.table("honest", cost=0.3, again=3.0, first=0.5, owner="10.0.0.1")
    for k in range(80):  # 80 new tables over a minute, none of them ever stops
        sim.table(f"new{k}", cost=BUDGET, again=0.0, first=k * 0.75, owner=f"10.0.1.{k % 2}")
    sim.run(until=120.0)
    honest = sim.waits["honest"]
    assert len(honest) >= 20
    assert max(honest) <= 2 * BUDGET + 0.01, max(honest)


def test_every_move_starts_within_queue_depth_times_budget() -> None:
    """The bound of the module docstring, when the server cannot group tables (every table its
    own owner): four tables that use the workers fully, an honest light one, and a new owner
    every 0.2 s for a minute, each searching for its whole budget move after move (three
    hundred shares of two workers: everyone waits long, as with any fair rule).  Every move
    starts within (owners active while it waited) x 2 deadlines of the workers' time."""
    workers, deadline = 2, BUDGET + 3.0
    sim = Sim(workers=workers)
    for k in range(4):
        sim.table(f"heavy{k}", cost=BUDGET, again=0.0, first=0.0)
    sim.table("light", cost=0.1, again=1.0, first=0.5)
    for k in range(300):
        sim.table(f"new{k}", cost=BUDGET, again=0.0, first=1.0 + k * 0.2)
    sim.run(until=120.0)
    assert len(sim.served) > 100
    for table, wait, depth in sim.served:
        assert wait <= depth * 2 * deadline / workers, (table, wait, depth)
    for key, asked in sim.asked.items():  # and the moves still waiting are within it too
        assert sim.now - asked <= sim.depth[key] * 2 * deadline / workers


def test_a_light_table_is_overtaken_by_at_most_one_move_per_other_owner() -> None:
    """A light table's move asks at the current virtual time: every owner that asks later
    starts at or after it, so only the owners already waiting go first (once each)."""
    sim = Sim(workers=1)
    sim.table("light", cost=0.1, again=1.0, first=0.0)
    for k in range(20):
        sim.table(f"flood{k}", cost=BUDGET, again=0.0, first=0.05 * k)
    sim.run(until=200.0)
    light = sim.waits["light"]
    assert max(light) <= 21 * BUDGET + 0.01  # 20 other owners, one move each, and one running
    assert len(light) >= 5


# -- slices: nobody waits long behind a busy worker ----------------------------------------


def test_a_lone_owner_thinks_for_the_whole_budget() -> None:
    queue = FairQueue()
    for k in range(3):
        queue.push(job(BOT, f"t{k}", owner="10.0.0.1"))  # one owner's tables: no one else waits
    picked = queue.pop()
    assert picked is not None and picked.budget == BUDGET and picked.asked == BUDGET


def test_a_search_move_thinks_for_a_slice_while_other_owners_wait() -> None:
    queue = FairQueue()
    queue.push(job(BOT, "a", owner="10.0.0.1"))
    queue.push(job(BOT, "b", owner="10.0.0.2"))
    first = queue.pop()
    assert first is not None and first.budget == BUDGET / 2 and first.asked == BUDGET
    for k in range(20):
        queue.push(job(BOT, f"many{k}", owner=f"10.0.1.{k}"))
    queue.charge(first, first.budget)
    second = queue.pop()
    assert second is not None and second.budget == SLICE_FLOOR  # 20 others: the floor


def test_a_cheap_move_is_never_sliced_and_cheap_moves_waiting_cut_no_search() -> None:
    queue = FairQueue()
    queue.push(job(BOT, "search", owner="10.0.0.1"))
    queue.push(job(BOT, "cheap", owner="10.0.0.2", search=False))
    picked = queue.pop()
    assert picked is not None and picked.table == "search" and picked.budget == BUDGET
    assert queue.slice_for(job(BOT, "x", owner="10.0.0.3", search=False)) == BUDGET


def test_with_hurry_a_light_table_waits_one_slice_not_a_whole_budget() -> None:
    """Issue 46: ten tables of the strongest bots keep the one search worker busy, each move
    a whole budget; an honest table's light search waited for the move running when it asked
    (up to a budget), so its reply took up to twice as long as on a quiet server or more.
    Now the running move ends at its slice once the honest move waits."""

    def honest_waits(hurry: bool) -> list[float]:
        sim = Sim(workers=1, hurry=hurry)
        for k in range(10):
            sim.table(f"strong{k}", cost=BUDGET, again=0.0, first=0.0, owner="10.0.0.9")
        sim.table("honest", cost=0.3, again=2.9, first=0.1, owner="10.0.0.1")
        sim.run(until=120.0)
        return sim.waits["honest"]

    before, after = honest_waits(False), honest_waits(True)
    assert len(after) >= 20
    assert max(before) > 1.5  # without the cut it waited for most of a budget
    assert max(after) <= BUDGET / 2 + 1e-6  # one slice: the budget over the two owners


def test_with_hurry_twenty_attacking_owners_cost_a_light_table_little() -> None:
    """Twenty addresses each keep one strong table busy: every move thinks a short slice, and
    the light table, asking at the current virtual time, waits for about one slice per owner
    it cannot pass; it never waits a whole budget per owner."""
    sim = Sim(workers=1, hurry=True)
    sim.strong_owners(20)
    sim.table("honest", cost=0.2, again=2.8, first=1.0, owner="10.0.0.1")
    sim.run(until=120.0)
    honest = sim.waits["honest"]
    assert len(honest) >= 20
    assert max(honest) <= 21 * SLICE_FLOOR + 1e-6, max(honest)


# -- spare workers: light moves never wait for a heavy one -------------------------------------


def test_a_spare_takes_a_light_owners_move_but_never_a_heavy_or_busy_owners() -> None:
    queue = FairQueue()
    queue.push(job(BOT, "heavy", owner="10.0.0.9"))
    running = queue.pop()
    assert running is not None
    queue.push(job(BOT, "heavy2", owner="10.0.0.9"))
    assert queue.pop(light=True) is None  # its owner has a move running: no spare for it
    queue.charge(running, 1.5)  # a heavy move
    assert queue.pop(light=True) is None  # its owner's latest move was heavy
    queue.drop(lambda _job: True)
    queue.push(job(BOT, "light", owner="10.0.0.1"))
    assert queue.pop(light=True) is None  # a newcomer is not light: its first move goes first
    first = queue.pop()
    assert first is not None
    queue.charge(first, 0.02)  # 20 ms of a 2 s budget: light
    queue.push(job(BOT, "light", owner="10.0.0.1"))
    picked = queue.pop(light=True)
    assert picked is not None and picked.table == "light"
    assert picked.budget == LIGHT and picked.asked == BUDGET  # held for a short time at most
    queue.charge(picked, LIGHT)  # it used the whole short time: heavy now
    queue.push(job(BOT, "light", owner="10.0.0.1"))
    assert queue.pop(light=True) is None


def test_a_spare_takes_no_hint() -> None:
    queue = FairQueue()
    queue.push(job(HINT, "t", client="10.0.0.5"))
    assert queue.pop(light=True) is None
    assert queue.pop() is not None


def test_with_spares_a_light_table_never_waits_for_ten_strong_tables() -> None:
    """Issue 46: an honest ``ismcts:200`` table (20 ms a move) waited for a slice of a strong
    table's move on the one search worker; with spare workers it starts at once, and the
    strong tables' moves never reach a spare."""

    def honest_waits(spares: int) -> tuple[list[float], list[str]]:
        sim = Sim(workers=1, hurry=True, spares=spares)
        for k in range(10):
            sim.table(f"strong{k}", cost=BUDGET, again=0.0, first=0.0, owner="10.0.0.9")
        sim.table("honest", cost=0.02, again=0.7, first=0.5, owner="10.0.0.1")
        sim.run(until=60.0)
        return sim.waits["honest"], sim.spare_tables

    before, _ = honest_waits(0)
    after, on_spares = honest_waits(2)
    assert max(before[1:]) > 0.2  # it waited for the running move's slice
    # its first move went to the base worker (a newcomer is not light); then a spare was free
    assert len(after) >= 30 and max(after[1:]) == 0.0
    assert set(on_spares) == {"honest"}


def test_with_spares_twenty_arriving_strong_owners_never_reach_a_spare() -> None:
    """Twenty attacking owners arrive one after the other: none is light (a newcomer is not),
    so their moves never reach a spare, and the honest table waits only for its first move."""
    sim = Sim(workers=1, hurry=True, spares=2)
    sim.strong_owners(20)
    sim.table("honest", cost=0.02, again=1.0, first=2.0, owner="10.0.0.1")
    sim.run(until=60.0)
    honest = sim.waits["honest"]
    assert len(honest) >= 30
    assert max(honest[1:]) == 0.0, max(honest[1:])
    assert set(sim.spare_tables) == {"honest"}


# -- what a move needed: processor time when it ended on its own -------------------------------


def test_a_move_that_ended_on_its_own_is_weighed_by_its_processor_time() -> None:
    """Issue 46: on a crowded machine an honest 20 ms move took 0.4 s of wall time; weighed by
    that it made its owner heavy and its next move waited for a slice.  It needed 20 ms."""
    queue = FairQueue()
    queue.push(job(BOT, "honest", owner="10.0.0.1"))
    first = queue.pop()
    assert first is not None
    queue.charge(first, 0.4, cpu=0.02)  # ended on its own, far before its 2 s budget
    queue.push(job(BOT, "honest", owner="10.0.0.1"))
    picked = queue.pop(light=True)
    assert picked is not None and picked.table == "honest"
    assert weight(first, 0.4, 0.02) == 0.02
    assert weight(first, 0.4, None) == 0.4  # a worker that did not say: its wall time


def test_a_move_that_ran_to_its_deadline_is_weighed_by_its_wall_time() -> None:
    """A strong search on a starved core uses little processor time but all its wall budget:
    it stays heavy, so no owner turns light by thinking on a crowded machine."""
    queue = FairQueue()
    queue.push(job(BOT, "strong", owner="10.0.0.9"))
    first = queue.pop()
    assert first is not None
    queue.charge(first, BUDGET, cpu=0.05)  # ran to its deadline
    queue.push(job(BOT, "strong", owner="10.0.0.9"))
    assert queue.pop(light=True) is None
    running = queue.pop()
    assert running is not None
    queue.charge(running, 0.6, cpu=0.05, cut=True)  # hurried to its slice: cut, not done
    queue.push(job(BOT, "strong", owner="10.0.0.9"))
    assert queue.pop(light=True) is None
    spare_job = job(BOT, "s", owner="x")
    spare_job.budget = LIGHT  # a spare's move: its whole short time is the deadline
    assert weight(spare_job, LIGHT, 0.05) == LIGHT


def test_with_spares_a_stretched_honest_move_never_makes_its_table_wait() -> None:
    """Ten strong tables crowd the machine: the honest table's 20 ms moves take 0.4 s of wall
    time (twenty times their processor time).  Weighed by wall time it turned heavy after every
    move and waited for a slice; weighed by what it needed, a spare takes it at once."""
    sim = Sim(workers=1, hurry=True, spares=2)
    for k in range(10):
        sim.table(f"strong{k}", cost=BUDGET, again=0.0, first=0.0, owner="10.0.0.9")
    sim.table("honest", cost=0.02, again=0.7, first=0.5, owner="10.0.0.1", stretch=20.0)
    sim.run(until=60.0)
    honest = sim.waits["honest"]
    assert len(honest) >= 30
    assert max(honest[1:]) == 0.0, max(honest[1:])
    assert set(sim.spare_tables) == {"honest"}
