"""What the periodic catch-up heals between server processes over PostgreSQL (issue 47).

Real ``hellas serve`` processes share a fresh database.  A notice can be lost (the listening
connection dropped, a restart) and a database can blink between storing a move and what
follows it; each test makes one of these happen for real - a link written with no notice, a
presence row with no notice, a clock write the database refuses (a trigger raising a
serialization failure, as PostgreSQL does under contention) - and checks that every process
still learns of it, with no further request: within one catch-up period (bounded here by a
generous liveness limit, never a timing claim).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import create_engine
from websockets.sync.client import connect

from hellas.server.accounts import Accounts

from .conftest import Server, server_pair
from .test_cluster import sql, state_at, until
from .test_cluster_shared import call, seats_online, signup

ARGS = ["--lease-seconds", "2", "--create-rate", "0", "--hold-refused", "0"]


@pytest.fixture
def pair(pg_db: str) -> Iterator[tuple[Server, Server]]:
    yield from server_pair(pg_db, ARGS)


def human_table(server: Server, players: int, **more: object) -> tuple[str, dict[int, str]]:
    """Create a Legends table of ``players`` human seats on ``server``; return (id, tokens)."""
    made = {"game": "legends", "seed": 3, "options": {"players": players, "mission": 1}}
    made.update(seats=["human"] * players, private=True, **more)
    status, data, _ = call(server, "POST", "/api/tables", made)
    assert status == 200, data
    tokens = {data["you"]["seat"]: data["you"]["token"]}
    tokens.update({i["seat"]: i["token"] for i in data["invites"]})
    return data["id"], tokens


def test_a_link_whose_notice_was_lost_is_learnt_at_the_catch_up(
    pair: tuple[Server, Server],
) -> None:
    """Issue 47 (leftover 2): 'the periodic catch-up does not re-read account links': a
    process that missed a link notice refused the account's token for good."""
    a, b = pair
    table, tokens = human_table(a, 2)
    view = f"/api/tables/{table}/view?seat=0"
    assert call(a, "GET", view, token=tokens[0])[0] == 200  # A holds the table in memory
    signup(b, "Ana")
    ana = sql(a.db, "SELECT id FROM hellas_accounts WHERE name = 'Ana'")[0][0]
    # the link is stored as a process stores it, and its notice is lost: nobody is told
    accounts = Accounts(create_engine(a.db))
    try:
        accounts.link(ana, table, 0)
        own = accounts.seat_token(ana, table, 0)
    finally:
        accounts.engine.dispose()
    until(
        lambda: call(a, "GET", view, token=own)[0] == 200,
        "the process that missed the link notice takes the account's token",
    )


def test_a_presence_whose_notice_was_lost_shows_at_the_catch_up(
    pair: tuple[Server, Server],
) -> None:
    """Issue 47 (leftover 2): the catch-up did not re-read presence either: a seat that came
    online on another process whose notice was lost stayed offline here."""
    a, b = pair
    table, tokens = human_table(a, 3)
    with connect(b.ws(table, 0, tokens[0])) as on_b:
        assert seats_online(on_b) == {0}
        with connect(a.ws(table, 1, tokens[1])) as on_a:
            while seats_online(on_a) != {0, 1}:
                pass
            node = sql(
                a.db, "SELECT node FROM hellas_presence WHERE table_id = %s AND seat = 0", table
            )[0][0]
            # seat 2 comes online on B, and the notice saying so is lost
            sql(
                a.db,
                "INSERT INTO hellas_presence (table_id, seat, node) VALUES (%s, 2, %s)",
                table,
                node,
            )
            while seats_online(on_a) != {0, 1, 2}:
                pass


def acting(server: Server, view: str, token: str) -> dict[str, Any] | None:
    """Return the seat's view if it has choices (it is to act), else None."""
    status, seen, _ = call(server, "GET", view, token=token)
    assert status == 200, seen
    return seen if seen["choices"] else None


BLIP = """
CREATE FUNCTION hellas_blip() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the database blinked' USING ERRCODE = '40001';
END $$;
CREATE TRIGGER hellas_blip BEFORE INSERT OR UPDATE ON hellas_clocks
  FOR EACH ROW EXECUTE FUNCTION hellas_blip();
"""


def test_a_move_whose_aftermath_failed_reaches_every_process_and_the_bots_play_on(
    pair: tuple[Server, Server],
) -> None:
    """Issue 47 (leftover 3): a human move stored, then a database blip before its broadcast
    (the clocks' write refused): the mover's process answered an error and never sent the
    move nor let the bots play, and the other process never sent it to its clients either."""
    a, b = pair
    made = {"game": "legends", "seed": 3, "options": {"players": 2, "mission": 1}}
    made.update(seats=["human", "bot"], private=True, pace={"per_move": 3600})
    status, data, _ = call(a, "POST", "/api/tables", made)
    assert status == 200, data
    table, seat, token = data["id"], data["you"]["seat"], data["you"]["token"]
    view = f"/api/tables/{table}/view?seat={seat}"
    mine = until(lambda: acting(a, view, token), "the person is to act")
    with connect(b.ws(table)) as watch_b:
        state_at(watch_b, mine["seq"])
        sql(a.db, BLIP)
        try:
            for _ in itertools.count():  # the person plays until a bot is to act
                body = {"seat": seat, "token": token, "key": mine["choices"][0]["key"]}
                status, answer, _ = call(a, "POST", f"/api/tables/{table}/choose", body)
                assert status == 200, answer  # the move is stored: it stands
                mine = call(a, "GET", view, token=token)[1]
                if not mine["choices"]:
                    break
            moved = sql(a.db, "SELECT count(*) FROM hellas_moves WHERE table_id = %s", table)
            assert state_at(watch_b, moved[0][0])  # the other process's client sees the move
        finally:
            sql(a.db, "DROP TRIGGER hellas_blip ON hellas_clocks; DROP FUNCTION hellas_blip()")
        until(  # the bot played on, with no request
            lambda: sql(
                a.db, "SELECT count(*) FROM hellas_moves WHERE table_id = %s AND seat = 1", table
            )[0][0],
            "the bot moves",
        )
        # the clocks are stored once the database is back: the person's runs for the new step
        until(
            lambda: (
                call(a, "GET", view, token=token)[1]["choices"]
                and sql(
                    a.db,
                    "SELECT c.seq FROM hellas_clocks c WHERE c.table_id = %s AND c.seat = %s "
                    "AND c.seq = (SELECT count(*) FROM hellas_moves m WHERE m.table_id = %s)",
                    table,
                    seat,
                    table,
                )
            ),
            "the clocks are stored again for the person's next decision",
        )
