"""Rooms without activity for seven days are deleted: periodically, and at start-up."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

from doublesix.server.config import DAY, Settings
from doublesix.server.wire.errors import CLOSE_NOT_FOUND
from tests.server.harness import Client, ServerThread, create, join


class FakeClock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


async def test_idle_rooms_expire_and_their_sockets_close() -> None:
    clock = FakeClock()
    s = ServerThread(Settings(db_url="memory://", computer_delay=0.0, expiry_interval=0.05),
                     clock=clock).start()
    try:
        idle = await create(s, "online")
        busy = await create(s, "online")
        client = Client(s, idle["game_id"], idle["token"])
        await client.connect()
        clock.now += 6 * DAY
        await join(s, busy)  # activity keeps this one alive
        clock.now += 1.5 * DAY
        assert client.ws is not None
        await client.ws.wait_closed()
        assert client.ws.close_code == CLOSE_NOT_FOUND
        async with httpx.AsyncClient(base_url=s.http) as http:
            r = await http.post(f"/api/games/{idle['game_id']}/join", json={"invite": "x"})
            assert r.status_code == 404
        alive = s.call(s.storage.load(busy["game_id"]))
        assert alive is not None and s.call(s.storage.load(idle["game_id"])) is None
    finally:
        s.stop()


async def test_expired_rooms_are_deleted_at_start_up(tmp_path: Path) -> None:
    clock = FakeClock()
    db = f"sqlite:///{tmp_path}/expiry.db"
    first = ServerThread(Settings(db_url=db), clock=clock).start()
    try:
        game = await create(first, "hotseat")
    finally:
        first.stop()
    clock.now += 8 * DAY
    second = ServerThread(Settings(db_url=db), clock=clock).start()
    try:
        assert second.call(second.storage.load(game["game_id"])) is None
        async with connect(second.ws_url) as ws:
            await ws.send(json.dumps({"type": "hello", "game_id": game["game_id"],
                                      "token": game["token"]}))
            assert '"not_found"' in str(await ws.recv())
            await ws.wait_closed()
            assert ws.close_code == CLOSE_NOT_FOUND
    finally:
        second.stop()
