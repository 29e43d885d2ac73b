"""Helpers of the hostile-client suite (tests/server/test_hostile_*.py)."""

from __future__ import annotations

import json
from typing import Any

import httpx

from doublesix.server.rooms import views
from doublesix.server.rooms.room import Room
from tests.server.harness import ServerThread


async def post_raw(server: ServerThread, path: str, body: Any,
                   headers: dict[str, str] | None = None) -> httpx.Response:
    """POST *body* as ASCII JSON, so lone surrogates travel as ``\\ud800`` escapes."""
    content = body if isinstance(body, bytes) else json.dumps(body).encode()
    async with httpx.AsyncClient(base_url=server.http, timeout=20) as http:
        return await http.post(path, content=content,
                               headers={"content-type": "application/json", **(headers or {})})


def assert_rooms_replay(server: ServerThread) -> int:
    """Every room in the server's memory reloads from storage to exactly the state its sockets
    were sent (every seat's view, the state and event numbers). Returns how many were checked."""

    async def check() -> int:
        service = server.service
        count = 0
        for game_id in service.rooms.ids():
            live = service.rooms.cached(game_id)
            row = await service.storage.load(game_id)
            if live is None or row is None or live.stale:
                continue
            loaded = Room.from_row(row)
            assert (loaded.row.state_no, loaded.row.event_no) == (
                live.row.state_no, live.row.event_no), game_id
            for seat in range(live.rules.players):
                assert views.view(loaded, seat) == views.view(live, seat), (game_id, seat)
            count += 1
        return count

    return server.call(check())
