"""The rule a free bot worker follows: least-used table first, tables in turn, hints last."""

from __future__ import annotations

from hellas.server.fairness import BOT, HALF_LIFE, HINT, FairQueue, Job


def job(kind: str, table: str, client: str = "", search: bool = True) -> Job:
    return Job(kind, table, client or table, "move", (), 1.0, 5.0, search)


def test_a_table_that_used_the_workers_least_goes_first() -> None:
    queue = FairQueue()
    queue.charge("busy", 20.0, now=0.0)  # ten 2-second searches lately
    queue.push(job(BOT, "busy"))
    queue.push(job(BOT, "quiet"))
    first = queue.pop(now=1.0)
    assert first is not None and first.table == "quiet"


def test_use_is_forgotten_with_a_half_life() -> None:
    queue = FairQueue()
    queue.charge("a", 8.0, now=0.0)
    assert abs(queue.usage["a"].now(HALF_LIFE) - 4.0) < 1e-9
    assert abs(queue.usage["a"].now(2 * HALF_LIFE) - 2.0) < 1e-9


def test_tables_with_equal_use_take_turns_in_the_order_they_asked() -> None:
    queue = FairQueue()
    for table in ("a", "b", "c"):
        queue.push(job(BOT, table))
        queue.push(job(BOT, table))
    order = []
    while (picked := queue.pop(now=0.0)) is not None:
        order.append(picked.table)
    assert order == ["a", "b", "c", "a", "b", "c"]


def test_hints_wait_behind_every_bot_move_and_take_turns_by_client() -> None:
    queue = FairQueue()
    queue.push(job(HINT, "t1", "spammer"))
    queue.push(job(HINT, "t2", "spammer"))
    queue.push(job(HINT, "t3", "other"))
    queue.push(job(BOT, "t9"))
    picked = [queue.pop(now=0.0) for _ in range(4)]
    assert [(p.kind, p.client) for p in picked if p] == [
        (BOT, "t9"),
        (HINT, "spammer"),
        (HINT, "other"),  # the other client's hint before the spammer's second
        (HINT, "spammer"),
    ]
    assert queue.pop(now=0.0) is None and len(queue) == 0


def test_a_policy_worker_takes_only_cheap_moves() -> None:
    queue = FairQueue()
    queue.push(job(BOT, "search", search=True))
    queue.push(job(HINT, "t", "c"))
    assert queue.pop(now=0.0, search=False) is None  # neither a search nor a hint
    queue.push(job(BOT, "cheap", search=False))
    picked = queue.pop(now=0.0, search=False)
    assert picked is not None and picked.table == "cheap"
    assert queue.waiting(BOT) == 1 and queue.waiting(HINT) == 1


def test_dropping_jobs_keeps_the_rest_in_order() -> None:
    queue = FairQueue()
    jobs = [job(BOT, "a"), job(BOT, "a"), job(BOT, "b")]
    for j in jobs:
        queue.push(j)
    dropped = queue.drop(lambda j: j is jobs[0])
    assert dropped == [jobs[0]]
    assert [queue.pop(now=0.0), queue.pop(now=0.0)] == [jobs[1], jobs[2]]
