"""A view that is slow to build never runs on the server's event loop.

The abuse suite's Fantasy Realms attack: a hand whose exact scoring was the slowest the old
solver met (0.8 CPU-s).  The solver now has a worst-case bound, and the server builds every
message (views, serialized) in a worker thread while the table's lock holds the state still,
so even a slow view costs only its own table's listeners a moment.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from hellas.games.realms.rules import cards
from hellas.games.realms.solver import best_score
from hellas.server.app import create_app

WORST = ["heracles", "minotaur", "athena", "homer", "scylla-and-charybdis", "perseus", "chiron"]
AFTER = ["pomegranate", "oracle-at-delphi", "persephones-garden"]


def test_the_worst_known_hand_is_scored_off_the_event_loop(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'slow.db'}", bot_delay=0.0)
    hub = app.state.hub
    threads: set[int] = set()
    build = hub.message

    def noting(*args: Any, **kwargs: Any) -> Any:
        threads.add(threading.get_ident())
        return build(*args, **kwargs)

    hub.message = noting  # the test notes where messages are built
    index = {c.id: i for i, c in enumerate(cards())}
    with TestClient(app) as client:
        body = {"game": "realms", "options": {"players": 2}, "seats": ["human", "human"]}
        data = client.post("/api/tables", json={**body, "private": True}).json()
        table, token = data["id"], data["you"]["token"]
        seat = data["you"]["seat"]
        live = hub.tables[table]
        state = live.match.state
        state.hands[seat] = [index[c] for c in WORST]
        state.afterlife[seat] = [index[c] for c in AFTER]
        live.changed()
        answer = client.get(
            f"/api/tables/{table}/view?seat={seat}", headers={"X-Seat-Token": token}
        )
        assert answer.status_code == 200
        loop_thread = client.portal.call(threading.get_ident)  # type: ignore[union-attr]
        other = client.get("/api/games")  # and the server answers everybody meanwhile
        assert other.status_code == 200
    assert threads and loop_thread not in threads
    view = answer.json()["view"]
    expected = best_score([cards()[index[c]] for c in WORST], [cards()[index[c]] for c in AFTER])
    assert expected in {p.get("score") for p in _scored(view)}, view


def _scored(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Return every scored hand the view shows (its own, live)."""
    found = []
    stack: list[Any] = [view]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if "score" in item and "lines" in item:
                found.append(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found
