"""The abuse suite: each attack a hostile client could make, run against a real server.

Every test runs one attack for a few seconds while a quiet table (``probes.Victim``: a person
and a bot) keeps playing, and asserts liveness with a generous bound - the person's choices are
acknowledged and the bot answers within ``LIVE`` seconds, tens of times what they take on a
quiet server - plus that the attack was refused or bounded and nothing was lost.  The figures
themselves are measured by ``scripts/abuse_bench.py`` (docs/benchmarks.md), never asserted.
"""

from __future__ import annotations

import json
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from websockets.sync.client import connect

from .conftest import Server, start_server, stop_server
from .probes import (
    Victim,
    create,
    flood,
    hint_spam,
    long_finished_game,
    scrub,
    seat_crowd,
    seat_socket,
)

LIVE = 5.0  # seconds: a choice acknowledged or a bot's answer slower than this is a freeze
ATTACK = 4.0  # seconds each attack runs while the victim plays
OPEN = ["--create-rate", "0", "--open-table-ttl", "0"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = f"sqlite:///{tmp_path_factory.mktemp('abuse') / 'hellas.db'}"
    s = start_server(db, bot_delay=0.05, args=OPEN)
    yield s
    stop_server(s)


def during(attack: Callable[[threading.Event], None], victim: Victim, rounds: int = 6) -> None:
    """Run ``attack`` in threads while the victim plays ``rounds`` choices; check liveness."""
    stop = threading.Event()
    threads = [threading.Thread(target=attack, args=(stop,), daemon=True)]
    for t in threads:
        t.start()
    time.sleep(0.5)  # the attack is under way
    try:
        started = time.time()
        victim.rounds(rounds, timeout=60)
        if time.time() - started < ATTACK:
            time.sleep(ATTACK - (time.time() - started))
            victim.rounds(2, timeout=60)
    finally:
        stop.set()
        for t in threads:
            t.join(timeout=30)
    assert victim.acks and max(victim.acks) < LIVE, victim.acks
    assert victim.replies and max(victim.replies) < LIVE, victim.replies


def moves(server: Server, tables: list[str]) -> int:
    return sum(server.get(f"/api/tables/{t}")[1]["moves"] for t in tables)


def bot_tables(server: Server, count: int, bot: str, game: str = "legends") -> list[str]:
    ids = []
    for _ in range(count):
        body = {"game": game, "options": {"players": 3 if game == "legends" else 2}}
        body["seats"] = [bot] * body["options"]["players"]  # type: ignore[index]
        status, data = server.post("/api/tables", body)
        assert status == 200, data
        ids.append(data["id"])
    return ids


# -- bots ------------------------------------------------------------------------------------


def test_a_costly_bot_is_refused_at_creation_and_hand_off(server: Server) -> None:
    for bot in ("lookahead:99999", "lookahead:999999999", "ismcts:5001"):
        body = {"game": "realms", "options": {"players": 2}, "seats": [bot, bot]}
        status, err = server.post("/api/tables", body)
        assert status == 400 and err["code"] == "bad-bot" and "at most" in err["message"], err
        body = {"game": "realms", "options": {"players": 2}, "seats": ["human", "random"]}
        _s, data = server.post("/api/tables", body)
        handed = {"token": data["you"]["token"], "bot": bot}
        status, err = server.post(f"/api/tables/{data['id']}/seats/0/bot", handed)
        assert status == 400 and "at most" in err["message"], err


def test_a_runaway_bot_plays_cheap_moves_and_slows_nobody(tmp_path: Path) -> None:
    """A bot the limits let through that would think forever is stopped at the budget."""
    lax = ["--max-bot-samples", "100000", "--bot-budget", "0.5", *OPEN]  # the ceiling
    server = start_server(f"sqlite:///{tmp_path / 'lax.db'}", bot_delay=0.05, args=lax)
    victim = Victim(server)
    try:
        runaway = bot_tables(server, 2, "lookahead:100000", game="realms")
        victim.sit()
        during(lambda stop: stop.wait(), victim)
        deadline = time.time() + 60
        while moves(server, runaway) < 4 and time.time() < deadline:
            time.sleep(0.2)
        assert moves(server, runaway) >= 4  # the runaway tables go on
        assert "thought past" not in server.logged()  # [issue 46] it stops itself at the budget
    finally:
        victim.close()
        stop_server(server)


def test_ten_strong_search_tables_leave_other_bots_answering(server: Server) -> None:
    busy = bot_tables(server, 10, "ismcts:5000")
    victim = Victim(server)
    victim.sit()
    before = moves(server, busy)
    try:
        during(lambda stop: stop.wait(), victim)
    finally:
        victim.close()
    assert moves(server, busy) > before  # and the search bots were thinking all along


def test_hint_spam_waits_behind_every_bot(server: Server) -> None:
    tables = []
    for _ in range(12):
        data = create(server, "legends", ["human", "bot"], hints=True)
        tables.append((data["id"], data["you"]["token"]))
    answers: Counter[int] = Counter()
    victim = Victim(server)
    victim.sit()
    try:
        during(lambda stop: hint_spam(server, tables, 10, stop, answers), victim)
    finally:
        victim.close()
    assert answers[429] > 0, answers  # refused: one hint at a time, so many a minute
    assert answers[500] == 0, answers


# -- messages and connections ------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["state", "ping", "nonsense"])
def test_a_message_flood_closes_the_flooder(server: Server, kind: str) -> None:
    victim = Victim(server)
    victim.sit()
    closed: list[int] = []
    try:
        during(lambda stop: flood(server, victim.table, kind, stop, closed, again=False), victim)
    finally:
        victim.close()
    assert closed == [4429], closed  # told why, and closed


def test_connections_on_one_seat_are_capped(server: Server) -> None:
    data = create(server, "legends", ["human", "bot"])
    began = time.monotonic()
    kept, refused = seat_crowd(server, data["id"], data["you"]["token"], 12)
    try:
        assert len(kept) == 8 and refused == 4  # --max-seat-connections 8 (the default)
        # each refusal is held like a 429 (--hold-refused 1): a crowd cannot spin the server
        assert time.monotonic() - began >= 4 * 0.7  # (1 s ± 25% each)
        assert server.get(f"/api/tables/{data['id']}")[0] == 200
    finally:
        for ws in kept:
            ws.close()


def test_connections_from_one_address_are_capped(tmp_path: Path) -> None:
    server = start_server(
        f"sqlite:///{tmp_path / 'cap.db'}", args=[*OPEN, "--max-address-connections", "12"]
    )
    try:
        body = {"game": "legends", "options": {"players": 2}, "seats": ["human", "bot"]}
        _s, data = server.post("/api/tables", body)
        sockets = [connect(server.ws(data["id"]), open_timeout=30) for _ in range(15)]
        firsts = [json.loads(ws.recv(timeout=30)) for ws in sockets]
        assert [m["type"] for m in firsts].count("state") == 12
        assert all(m["code"] == "too-many-connections" for m in firsts if m["type"] == "error")
        for ws in sockets:
            ws.close()
        time.sleep(0.5)
        with connect(server.ws(data["id"]), open_timeout=30) as again:  # freed once closed
            assert json.loads(again.recv(timeout=30))["type"] == "state"
    finally:
        stop_server(server)


# -- replays ---------------------------------------------------------------------------------


def test_replay_steps_of_a_long_game_slow_nobody(tmp_path: Path) -> None:
    server = start_server(f"sqlite:///{tmp_path / 'replays.db'}", args=OPEN)
    victim = Victim(server)
    try:
        table, total = long_finished_game(server.db)
        assert total > 1000
        answers: Counter[int] = Counter()
        victim.sit()
        during(lambda stop: scrub(server, table, total, 8, stop, answers), victim)
        assert answers[200] > 0 and answers[429] > 0, answers
        assert set(answers) <= {200, 429}, answers
    finally:
        victim.close()
        stop_server(server)


# -- faults ----------------------------------------------------------------------------------


def test_a_table_with_missing_seats_does_not_stop_the_others_resuming(tmp_path: Path) -> None:
    import sqlite3  # noqa: PLC0415

    path = tmp_path / "resume.db"
    first = start_server(f"sqlite:///{path}", bot_delay=1.0, args=OPEN)
    try:
        tables = bot_tables(first, 4, "random", game="realms")
    finally:
        stop_server(first)
    with sqlite3.connect(path) as db:
        db.execute("DELETE FROM hellas_seats WHERE table_id = ?", (tables[1],))
    second = start_server(f"sqlite:///{path}", bot_delay=0.05, args=OPEN)
    try:
        before = {t: second.get(f"/api/tables/{t}")[1].get("moves", 0) for t in tables[2:]}
        deadline = time.time() + 60
        while time.time() < deadline:
            now = {t: second.get(f"/api/tables/{t}")[1].get("moves", 0) for t in tables[2:]}
            if all(now[t] > before[t] for t in now):
                break
            time.sleep(0.2)
        assert all(now[t] > before[t] for t in now), (before, now)  # resumed, after the broken one
        status, err = second.get(f"/api/tables/{tables[1]}")
        assert status == 409 and "seats" in err["message"], err
        assert "table unavailable" in second.logged()
    finally:
        stop_server(second)


def workers_of(server: Server) -> list[int]:
    """Return the pids of the server's bot workers: the children of its fork server."""
    from .test_robustness import descendants  # noqa: PLC0415

    def parent(pid: int) -> int:
        try:
            return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            return -1

    below = descendants(server.proc.pid)
    return [pid for pid in below if parent(pid) in below]


def test_killed_workers_are_replaced_and_the_tables_go_on(server: Server) -> None:
    import os  # noqa: PLC0415
    import signal  # noqa: PLC0415

    busy = bot_tables(server, 3, "ismcts:200")
    victim = Victim(server)
    victim.sit()
    try:
        victim.rounds(2, timeout=60)
        for _ in range(2):  # twice in a row, as the OOM killer might
            pids = workers_of(server)
            assert pids
            for pid in pids:
                os.kill(pid, signal.SIGKILL)
            time.sleep(0.3)
        before = moves(server, busy)
        victim.rounds(4, timeout=60)
        deadline = time.time() + 60
        while moves(server, busy) <= before and time.time() < deadline:
            time.sleep(0.2)
        assert moves(server, busy) > before
        assert max(victim.replies) < 30  # replaced workers answer (first start included)
        assert "bot worker lost" in server.logged()
    finally:
        victim.close()


def test_resumed_tables_never_seat_a_clairvoyant_bot(tmp_path: Path) -> None:
    import sqlite3  # noqa: PLC0415

    path = tmp_path / "cheat.db"
    first = start_server(f"sqlite:///{path}", bot_delay=5.0, args=OPEN)
    try:
        seated = bot_tables(first, 1, "random", game="realms")[0]
        body = {"game": "realms", "options": {"players": 2}, "seats": ["human", "random"]}
        _s, data = first.post("/api/tables", body)
        handed, token = data["id"], data["you"]["token"]
        assert (
            first.post(f"/api/tables/{handed}/seats/0/bot", {"token": token, "bot": "random"})[0]
            == 200
        )
    finally:
        stop_server(first)
    with sqlite3.connect(path) as db:  # rows from before the server refused such bots
        db.execute("UPDATE hellas_seats SET kind = 'clairvoyant' WHERE table_id = ?", (seated,))
        db.execute(
            "UPDATE hellas_seats SET bot = 'clairvoyant-lookahead' WHERE table_id = ?", (handed,)
        )
    second = start_server(f"sqlite:///{path}", args=OPEN)
    try:
        status, err = second.get(f"/api/tables/{seated}")
        assert status == 409 and "reads hidden cards" in err["message"], err
        status, info = second.get(f"/api/tables/{handed}")
        assert status == 200 and info["seats"][0]["driver"] == "human", info  # handed back
        _s, games = second.get("/api/games")
        for game in games:
            assert not [b for b in game["bots"] if b.startswith("clairvoyant")], game["bots"]
    finally:
        stop_server(second)


# -- inputs, tokens, memory ------------------------------------------------------------------


def test_errors_quote_only_a_short_prefix_of_bad_input(server: Server) -> None:
    huge = "x" * 60_000
    cases = [
        {"game": "legends", "options": {huge: 1}, "seats": ["human", "bot"]},
        {"game": huge[:20_000], "options": {}, "seats": ["human"]},
        {"game": "legends", "options": {"players": huge}, "seats": ["human", "bot"]},
        {"game": "legends", "options": {f"o{k}": 1 for k in range(30)}, "seats": ["human"]},
    ]
    for body in cases:
        status, err = server.post("/api/tables", body)
        assert status == 400 and len(err["message"]) < 600, (status, len(err["message"]))
        assert "x" * 100 not in err["message"]


def test_seat_tokens_stay_out_of_urls_and_old_links_still_work(server: Server) -> None:
    body = {"game": "legends", "options": {"players": 2}, "seats": ["human", "human"]}
    _s, data = server.post("/api/tables", body)
    table, token = data["id"], data["you"]["token"]
    assert data["you"]["link"] == f"/table/{table}#seat=0&token={token}"  # in the fragment
    with seat_socket(server, table, 0, token) as ws:  # the token in the first message
        assert json.loads(ws.recv(timeout=30))["seat"] == 0
    with connect(server.ws(table, 0, token), open_timeout=30) as ws:  # an old ?token= link
        assert json.loads(ws.recv(timeout=30))["seat"] == 0
    with connect(f"ws://127.0.0.1:{server.port}/ws/{table}?seat=0", open_timeout=30) as ws:
        ws.send(json.dumps({"type": "auth", "token": "wrong"}))
        assert json.loads(ws.recv(timeout=30))["code"] == "bad-token"
    import urllib.request  # noqa: PLC0415

    req = urllib.request.Request(
        f"{server.url}/api/tables/{table}/view?seat=0", headers={"X-Seat-Token": token}
    )
    with urllib.request.urlopen(req, timeout=30) as r:
        assert json.loads(r.read())["seat"] == 0
    status, err = server.get(f"/api/tables/{table}/view?seat=0")
    assert status == 403 and err["code"] == "bad-token"


def test_idle_tables_are_unloaded_and_come_back_whole(tmp_path: Path) -> None:
    server = start_server(f"sqlite:///{tmp_path / 'idle.db'}", args=[*OPEN, "--idle-unload", "1"])
    try:
        body = {"game": "realms", "options": {"players": 2}, "seats": ["human", "human"]}
        _s, data = server.post("/api/tables", body)
        table = data["id"]
        _s, other = server.post(f"/api/tables/{table}/claim", {"seat": 1})
        tokens = {data["you"]["seat"]: data["you"]["token"], 1: other["token"]}
        for _ in range(4):
            seat = server.get(f"/api/tables/{table}/view")[1]["to_act"]
            mine = server.get(f"/api/tables/{table}/view?seat={seat}&token={tokens[seat]}")[1]
            move = {"seat": seat, "token": tokens[seat], "key": mine["choices"][0]["key"]}
            assert server.post(f"/api/tables/{table}/choose", move)[0] == 200
        deadline = time.time() + 30
        while "unloaded" not in server.logged() and time.time() < deadline:
            time.sleep(0.2)
        assert "unloaded 1 idle table" in server.logged()
        status, info = server.get(f"/api/tables/{table}")  # rebuilt from the database
        assert status == 200 and info["moves"] == 4
    finally:
        stop_server(server)
