"""No input reaches a 500: the HTTP API fuzzed from its OpenAPI schema, the WebSocket by hand.

Schemathesis generates requests (valid and invalid by the schema) for every route of the API,
both at random tables and at a real table whose seats are all taken; the WebSocket fuzzer sends
random JSON, wrong types, huge and unusual text, binary frames and stale choices.  Every answer
must be a 2xx-4xx (or a clean close for an over-large frame), the connection must stay usable,
and the real table must not change: its move count and every seat's view stay as they were.
Both run a bounded, derandomized number of examples, so they take seconds and never flake.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from .conftest import Server, start_server, stop_server

FUZZ = settings(
    max_examples=100,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = f"sqlite:///{tmp_path_factory.mktemp('fuzz') / 'hellas.db'}"
    # no message rate: the fuzzer probes what each message does (the rate has tests of its own)
    limits = ["--ws-rate", "0", "--replay-rate", "0", "--hint-rate", "0", "--http-rate", "0"]
    server = start_server(db, args=["--create-rate", "0", "--max-bot-iterations", "20", *limits])
    yield server
    stop_server(server)


def full_table(server: Server) -> tuple[str, dict[int, str]]:
    """Return a two-seat table whose seats are both taken, and the seats' tokens."""
    body = {"game": "legends", "options": {"players": 2}, "seats": ["human", "human"], "seed": 9}
    status, data = server.post("/api/tables", body)
    assert status == 200, data
    _s, other = server.post(f"/api/tables/{data['id']}/claim", {"seat": 1})
    return data["id"], {data["you"]["seat"]: data["you"]["token"], 1: other["token"]}


def snapshot(server: Server, table: str, tokens: dict[int, str]) -> list[Any]:
    """Return everything a client can see of a table: its facts and every seat's view."""
    facts = server.get(f"/api/tables/{table}")[1]
    for seat in facts["seats"]:
        seat.pop("online")  # who is connected changes as the fuzzer reconnects
    views = [facts]
    for seat, token in tokens.items():
        message = server.get(f"/api/tables/{table}/view?seat={seat}&token={token}")[1]
        views.append({k: message[k] for k in ("seq", "view", "choices", "to_act", "outcome")})
    return views


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
@pytest.mark.parametrize("at", ["random tables", "a real table"])
def test_no_generated_request_reaches_a_500(fuzzed: Server, mode: GenerationMode, at: str) -> None:
    table, tokens = full_table(fuzzed)
    before = snapshot(fuzzed, table, tokens)
    schema = schemathesis.openapi.from_url(fuzzed.url + "/openapi.json")
    fixed = {"table_id": table} if at == "a real table" else None
    strategy = schema.as_strategy(generation_mode=mode, path_parameters=fixed)
    seen: set[int] = set()

    @FUZZ
    @given(case=strategy)
    def check(case: Any) -> None:
        response = case.call(base_url=fuzzed.url, timeout=30)
        seen.add(response.status_code)
        assert response.status_code < 500, (case.as_curl_command(), response.text[:500])

    check()
    assert any(400 <= s < 500 for s in seen)  # the fuzzer did reach the checks
    assert snapshot(fuzzed, table, tokens) == before  # nobody without a token changed it


# -- the WebSocket --------------------------------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
ODD_TEXT = st.one_of(
    st.text(max_size=40),
    st.text(alphabet=st.characters(codec="utf-8"), min_size=200, max_size=6000),
    st.sampled_from(["", "\x00", "\u202e", "𓀀" * 50, "choose", "fight:slay", "../../etc"]),
)
SEQS = st.one_of(JSON, st.integers(-(2**70), 2**70))


def messages(legal: list[str], seq: int) -> st.SearchStrategy[str | bytes]:
    """Frames a client might send; a legal key only ever comes with a wrong sequence number."""
    choose = st.fixed_dictionaries(
        {"type": st.just("choose")},
        optional={"key": st.one_of(ODD_TEXT, JSON).filter(lambda k: k not in legal), "seq": SEQS},
    )
    stale = st.builds(
        lambda key, off: {"type": "choose", "key": key, "seq": seq + off},
        st.sampled_from(legal),
        st.integers(-5, 5).filter(bool),
    )
    typed = st.fixed_dictionaries(
        {"type": st.one_of(st.sampled_from(["ping", "state", "choose"]), JSON)},
        optional={"key": JSON, "seq": JSON, "extra": ODD_TEXT},
    )
    as_text = st.one_of(choose, stale, typed, JSON).map(json.dumps)
    return st.one_of(
        as_text,
        ODD_TEXT,  # mostly not JSON at all
        st.binary(max_size=300),  # binary frames
        as_text.map(lambda t: t[: len(t) // 2]),  # cut short
    )


class Client:
    """One WebSocket to the table, reopened if the server closed it cleanly."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.ws = self._open()

    def _open(self) -> ClientConnection:
        ws = connect(self.url, max_size=None).__enter__()  # closed by ``close``
        assert json.loads(ws.recv(timeout=30))["type"] == "state"
        return ws

    def exchange(self, frame: str | bytes) -> None:
        """Send a frame, then check the connection still answers a ping (or closed cleanly)."""
        try:
            self.ws.send(frame)
            self.ws.send(json.dumps({"type": "ping"}))
            while True:
                reply = json.loads(self.ws.recv(timeout=30))
                assert isinstance(reply, dict) and isinstance(reply.get("type"), str), reply
                if reply["type"] == "error":
                    assert reply["code"] != "internal", reply
                if reply["type"] == "pong":
                    return
        except ConnectionClosed as closed:
            code = closed.rcvd.code if closed.rcvd else None
            assert code in (1000, 1009), f"closed with {code}"  # 1009: frame over the limit
            self.ws = self._open()

    def oversize(self) -> None:
        """Send a frame over the server's limit: it closes the connection (1009) unread."""
        with contextlib.suppress(ConnectionClosed, OSError):
            self.ws.send("x" * (70 * 1024))
            while True:
                self.ws.recv(timeout=30)
        received = self.ws.protocol.close_rcvd
        assert received is None or received.code == 1009, received  # None: the pipe broke first
        self.ws = self._open()
        self.exchange(json.dumps({"type": "ping"}))

    def close(self) -> None:
        self.ws.close()


def test_websocket_fuzz_changes_nothing_and_never_breaks(fuzzed: Server) -> None:
    table, tokens = full_table(fuzzed)
    before = snapshot(fuzzed, table, tokens)
    mover = fuzzed.get(f"/api/tables/{table}/view")[1]["to_act"]
    state = fuzzed.get(f"/api/tables/{table}/view?seat={mover}&token={tokens[mover]}")[1]
    assert state["to_act"] == mover and state["choices"]
    legal = [c["key"] for c in state["choices"]]
    clients = [
        Client(fuzzed.ws(table, mover, tokens[mover])),  # the seat to act
        Client(fuzzed.ws(table, 1 - mover, tokens[1 - mover])),  # a seat waiting its turn
        Client(fuzzed.ws(table)),  # a spectator
    ]
    try:

        @settings(FUZZ, max_examples=300)
        @given(
            frames=st.lists(messages(legal, state["seq"]), min_size=1, max_size=4),
            who=st.integers(0, 2),
        )
        def check(frames: list[str | bytes], who: int) -> None:
            for frame in frames:
                clients[who].exchange(frame)

        check()
        clients[0].oversize()
        assert snapshot(fuzzed, table, tokens) == before
        # and the table still plays: the same connection's legal choice is taken
        clients[0].ws.send(json.dumps({"type": "choose", "key": legal[0], "seq": state["seq"]}))
        while json.loads(clients[0].ws.recv(timeout=30)).get("seq") != state["seq"] + 1:
            pass
    finally:
        for client in clients:
            client.close()
    assert fuzzed.get(f"/api/tables/{table}")[1]["moves"] == before[0]["moves"] + 1
