"""Messages composed once per seat per move (issue 52) never cross seats or go stale.

A real ``Hub`` over a real SQLite store; each connection is a real ``Connection`` whose send
keeps the texts it was given.  The server now computes each seat's view once per table version
and splices its encoding into every message of that seat (``server/views.py``), so these tests
check what sharing could break: a seat gets its own view and nobody else's, a spectator's view
hides every hand, a message after a move never holds a view from before it, and the view of a
seat with several tabs is computed once.  The choice is resolved once per move (before issue
52, three times: ``Hub._commit``, ``Match.apply``, ``Game.apply``).

Fantasy Realms, rulebook p. 2 (Setup): "Deal each player a hand of 7 cards" - hands are hidden
from the other players, so every seat's view differs from every other's.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from hellas.core.errors import IllegalChoice
from hellas.server import views
from hellas.server.errors import ServerError
from hellas.server.hub import Hub
from hellas.server.live import Connection, LiveTable
from hellas.server.store import Store
from hellas.server.wire import dumps


def catcher() -> tuple[list[dict[str, Any]], Callable[[str], Awaitable[None]]]:
    """Return a list and a send function that appends each message (parsed) to it."""
    got: list[dict[str, Any]] = []

    async def send(text: str) -> None:
        got.append(json.loads(text))

    return got, send


def expected(table: LiveTable, seat: int | None) -> Any:
    """Return ``seat``'s view of the table now, as it looks on the wire."""
    return json.loads(dumps(table.game.view(table.match.state, seat)))


async def seated(
    tmp_path: Path, game: str, players: int
) -> tuple[Hub, Store, LiveTable, dict[int, str]]:
    """Return a hub and a private all-human table, with every seat's token."""
    store = Store(f"sqlite:///{tmp_path / 'views.db'}")
    hub = Hub(store)
    table, creator = await hub.create(
        game, {"players": players}, ["human"] * players, 7, "", private=True
    )
    tokens = {creator["seat"]: creator["token"]}
    tokens.update({i["seat"]: i["token"] for i in creator["invites"]})
    return hub, store, table, tokens


async def play(hub: Hub, table: LiveTable, tokens: dict[int, str], moves: int) -> None:
    """Make ``moves`` choices (the first legal one each time) through ``Hub.choose``."""
    for _ in range(moves):
        seat = table.match.to_act()
        if seat is None:
            return
        key = table.game.choices(table.match.state)[0].key
        await hub.choose(table, seat, tokens[seat], key, len(table.match.record.choices))


def test_each_connection_gets_its_own_seats_view_and_spectators_see_no_hand(
    tmp_path: Path,
) -> None:
    """Two tabs of seat 0, one of seat 1, one of seat 2, two spectators: after every move."""

    async def scenario() -> None:
        hub, store, table, tokens = await seated(tmp_path, "realms", 3)
        who = [0, 0, 1, 2, None, None]
        conns = []
        inboxes = []
        for seat in who:
            got, send = catcher()
            conn = Connection(seat, send)
            await hub.join(table, conn)
            conns.append(conn)
            inboxes.append(got)
        for _ in range(6):
            await play(hub, table, tokens, 1)
            seq = len(table.match.record.choices)
            now = {seat: expected(table, seat) for seat in (0, 1, 2, None)}
            for seat, got in zip(who, inboxes, strict=True):
                last = got[-1]
                assert last["seq"] == seq and last["seat"] == seat
                assert last["view"] == now[seat]  # its own seat's, of this very move
            hands = {json.dumps(now[s]["hand"]) for s in (0, 1, 2)}
            assert len(hands) == 3  # three different hidden hands ...
            assert now[None]["hand"] is None and "score" not in now[None]
            shown = json.dumps(inboxes[4][-1]["view"])
            for s in (0, 1, 2):  # ... none of them in what a spectator was sent
                assert now[s]["hand"] and json.dumps(now[s]["hand"]) not in shown
            assert inboxes[0][-1] == inboxes[1][-1]  # two tabs of one seat: the same message
        await hub.close()
        store.close()

    asyncio.run(scenario())


def test_a_cached_message_is_never_sent_after_a_move(tmp_path: Path) -> None:
    """``state`` requests are served from the cache of the current version, never an older one."""

    async def scenario() -> None:
        hub, store, table, tokens = await seated(tmp_path, "realms", 2)
        got, send = catcher()
        watcher = Connection(1, send)
        first = json.loads(await hub.current(table, watcher))  # cached for this version
        assert json.loads(await hub.current(table, watcher)) == first
        seat = table.match.to_act()
        assert seat is not None
        key = table.game.choices(table.match.state)[0].key
        await hub.choose(table, seat, tokens[seat], key, 0)  # nobody connected: no broadcast
        after = json.loads(await hub.current(table, watcher))
        assert after["seq"] == first["seq"] + 1
        assert after["view"] == expected(table, 1) != first["view"]
        spectator = json.loads(await hub.current(table, Connection(None, send)))
        assert spectator["seq"] == after["seq"] and spectator["view"] == expected(table, None)
        assert not got
        await hub.close()
        store.close()

    asyncio.run(scenario())


def test_each_seats_view_is_computed_once_per_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three tabs of a seat and three spectators: one view each of seat 0 and spectators."""

    async def scenario() -> None:
        hub, store, table, tokens = await seated(tmp_path, "legends", 2)
        for seat in (0, 0, 0, None, None, None):
            await hub.join(table, Connection(seat, catcher()[1]))
        game = table.game
        computed: list[int | None] = []
        real = game.view

        def counted(state: Any, seat: int | None) -> Any:
            computed.append(seat)
            return real(state, seat)

        monkeypatch.setattr(game, "view", counted)  # the real view, its calls noted
        await play(hub, table, tokens, 1)
        assert sorted(computed, key=str) == [0, None]  # seat 1 has no connection
        computed.clear()
        again = Connection(0, catcher()[1])
        await hub.current(table, again)  # a fourth tab of seat 0 asks: the same version's
        await hub.join(table, again)
        assert computed == []
        await hub.close()
        store.close()

    asyncio.run(scenario())


def test_a_choice_is_resolved_once_and_bad_ones_are_refused_as_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One ``resolve`` per move through the Hub (three before), the same errors for bad keys."""

    async def scenario() -> None:
        hub, store, table, tokens = await seated(tmp_path, "legends", 2)
        game = table.game
        calls: list[object] = []
        real = game.resolve

        def counted(state: Any, choice: Any) -> Any:
            calls.append(choice)
            return real(state, choice)

        monkeypatch.setattr(game, "resolve", counted)  # the real resolve, its calls noted
        seat = table.match.to_act()
        assert seat is not None
        key = game.choices(table.match.state)[0].key
        await hub.choose(table, seat, tokens[seat], key, 0)
        assert calls == [key]
        assert table.match.record.choices == [key]
        seat = table.match.to_act()
        assert seat is not None
        with pytest.raises(IllegalChoice) as direct:
            real(table.match.state, "fight:slay")
        with pytest.raises(ServerError) as refused:
            await hub.choose(table, seat, tokens[seat], "fight:slay", 1)
        assert refused.value.code == "illegal" and str(refused.value) == str(direct.value)
        assert len(table.match.record.choices) == 1  # a bad key changes nothing
        await hub.close()
        store.close()

    asyncio.run(scenario())


def test_a_spliced_view_is_byte_for_byte_the_view_encoded_in_place(tmp_path: Path) -> None:
    """Clients get the same bytes as before: the view encoded once is what encoding gave."""

    async def scenario() -> None:
        hub, store, table, tokens = await seated(tmp_path, "realms", 2)
        await play(hub, table, tokens, 3)
        for seat in (0, 1, None):
            sent = await hub.current(table, Connection(seat, catcher()[1]))
            assert sent == dumps(hub.message(table, Connection(seat, catcher()[1]), recent=True))
        await hub.close()
        store.close()

    asyncio.run(scenario())


def test_after_a_slow_composition_the_game_is_composed_off_the_event_loop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Fast: on the loop.  After one over ``SLOW``: the next ``AWHILE`` in a worker thread."""

    async def scenario() -> None:
        monkeypatch.setattr(views, "slow_games", {})
        hub, store, table, tokens = await seated(tmp_path, "legends", 2)
        await hub.join(table, Connection(0, catcher()[1]))
        game = table.game
        where: list[int] = []
        real = game.view

        def noted(state: Any, seat: int | None) -> Any:
            where.append(threading.get_ident())
            return real(state, seat)

        monkeypatch.setattr(game, "view", noted)
        loop = threading.get_ident()
        await play(hub, table, tokens, 1)
        assert where == [loop]  # a fast game's message is composed on the event loop
        monkeypatch.setattr(views, "SLOW", -1.0)  # every composition now counts as slow
        await play(hub, table, tokens, 1)
        assert views.slow_games == {game.meta.id: views.AWHILE}
        monkeypatch.setattr(views, "SLOW", 1e9)
        await play(hub, table, tokens, 2)
        assert len(where) == 4 and loop not in where[2:]  # the next ones: in a worker thread
        assert views.slow_games == {game.meta.id: views.AWHILE - 2}
        await hub.close()
        store.close()

    asyncio.run(scenario())
