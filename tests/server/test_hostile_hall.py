"""The hall under hostile players (issue 12, items 6, 7 and 9): the lobby sends coalesced
changes, not the list; public tables and new rooms are budgeted per client address (the
forwarded address only from a trusted proxy); a table closed by its grace period stays closed
after a restart; the watcher count drops when a spectator leaves."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

from doublesix.server.config import Settings
from tests.server.harness import LIFTED, Client, ServerThread, create
from tests.server.hostile import assert_rooms_replay, post_raw


class Clock:
    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


def hall_body(name: str = "Аня", public: bool = True) -> dict[str, Any]:
    return {"mode": "online", "name": name, "rules": {"preset": "draw"},
            "hall": {"public": public}}


async def tables(server: ServerThread) -> list[dict[str, Any]]:
    async with httpx.AsyncClient(base_url=server.http) as http:
        result: list[dict[str, Any]] = (await http.get("/api/hall/tables")).json()["tables"]
        return result


async def test_a_table_closed_by_its_grace_stays_closed_after_a_restart(tmp_path: Path
                                                                        ) -> None:
    db = f"sqlite:///{tmp_path}/hall.db"
    clock = Clock()
    first = ServerThread(Settings(db_url=db, computer_delay=0.0, **LIFTED), clock=clock).start()
    try:
        game = await create(first, "online", name="Аня", hall={"public": True})
        seat = Client(first, game["game_id"], game["token"])
        await seat.connect()
        await seat.close()
        await asyncio.sleep(0.2)
        clock.now += first.settings.hall_grace + 1
        first.call(first.hall.tick())
        r = await post_raw(first, f"/api/hall/tables/{game['game_id']}/sit", {"name": "Боря"})
        assert r.status_code == 404
    finally:
        first.stop()
    second = ServerThread(Settings(db_url=db, computer_delay=0.0, **LIFTED), clock=clock).start()
    try:
        r = await post_raw(second, f"/api/hall/tables/{game['game_id']}/sit", {"name": "Боря"})
        assert r.status_code == 404, r.text
        async with connect(second.ws_url) as ws:
            await ws.send(json.dumps({"type": "watch", "game_id": game["game_id"]}))
            assert json.loads(await ws.recv())["code"] == "not_public"
        # its creator may still come back to the room itself
        back = Client(second, game["game_id"], game["token"])
        await back.connect()
        await back.close()
    finally:
        second.stop()


async def test_the_watcher_count_drops_when_a_spectator_leaves(server: ServerThread) -> None:
    game = await create(server, "online", name="Аня", hall={"public": True})
    creator = Client(server, game["game_id"], game["token"])
    await creator.connect()
    spectator = await connect(server.ws_url)
    await spectator.send(json.dumps({"type": "watch", "game_id": game["game_id"]}))
    assert json.loads(await spectator.recv())["type"] == "watching"

    async def watchers() -> int:
        line = next(t for t in await tables(server) if t["game_id"] == game["game_id"])
        count: int = line["watchers"]
        return count

    assert await watchers() == 1
    await creator.close()  # nobody seated is connected: the room may leave memory
    await asyncio.sleep(0.2)
    await spectator.close()
    for _ in range(50):
        if await watchers() == 0:
            break
        await asyncio.sleep(0.05)
    assert await watchers() == 0


async def test_the_lobby_sends_coalesced_changes_not_the_list(server: ServerThread) -> None:
    async with connect(server.ws_url, max_size=None) as ws:
        await ws.send(json.dumps({"type": "lobby"}))
        first = json.loads(await ws.recv())
        assert first["type"] == "lobby"
        known = {t["game_id"]: t for t in first["tables"]}
        made = await asyncio.gather(*(post_raw(server, "/api/games", hall_body(f"Гость {i}"))
                                      for i in range(40)))
        ids = {r.json()["game_id"] for r in made}
        frames: list[dict[str, Any]] = []
        seen: set[str] = set()
        deadline = time.monotonic() + 10
        while not ids <= seen and time.monotonic() < deadline:
            frame = json.loads(await asyncio.wait_for(ws.recv(), 10))
            frames.append(frame)
            assert frame["type"] == "lobby_delta", frame["type"]
            seen |= {t["game_id"] for t in frame["added"] + frame["changed"]}
            assert not set(frame["removed"]) & ids
        assert ids <= seen
        # changes only: no frame repeats a table as it was before (a table of an earlier test
        # may really change meanwhile, e.g. its watcher leaving, and is then rightly sent)
        assert not any(t == known.get(t["game_id"])
                       for f in frames for t in f["added"] + f["changed"])
        # coalesced: 40 tables made in a burst arrive in a few frames, not 40
        assert len(frames) <= 8, len(frames)


async def test_public_tables_are_capped_per_client_address() -> None:
    server = ServerThread(Settings(db_url="memory://", computer_delay=0.0,
                                   tables_per_client=3)).start()
    try:
        for i in range(3):
            assert (await post_raw(server, "/api/games", hall_body(f"Аня {i}"))).status_code == 201
        r = await post_raw(server, "/api/games", hall_body("Аня 4"))
        assert r.status_code == 429 and r.json()["error"]["code"] == "too_many_tables"
        # an invite-only table is not listed, so it is not counted
        assert (await post_raw(server, "/api/games", hall_body(public=False))).status_code == 201
        assert len(await tables(server)) == 3
    finally:
        server.stop()


async def test_room_creation_is_budgeted_per_client_address() -> None:
    server = ServerThread(Settings(db_url="memory://", computer_delay=0.0, create_burst=10,
                                   create_per_minute=6, computer_burst=4,
                                   computer_per_minute=6, trusted_proxies=("10.9.9.9",))
                          ).start()
    try:
        codes = [(await post_raw(server, "/api/games", {"mode": "computer"})).status_code
                 for _ in range(6)]
        assert codes == [201] * 4 + [429] * 2
        codes = [(await post_raw(server, "/api/games", {"mode": "online"})).status_code
                 for _ in range(6)]
        # 6 of the 10 were spent (the refused computer rooms count: a flood pays for itself)
        assert codes == [201] * 4 + [429] * 2, codes
        r = await post_raw(server, "/api/games", {"mode": "online"})
        assert r.json()["error"]["code"] == "too_many_rooms"
        # 127.0.0.1 is no trusted proxy: a forged X-Forwarded-For does not buy a new budget
        r = await post_raw(server, "/api/games", {"mode": "online"},
                           headers={"x-forwarded-for": "203.0.113.7"})
        assert r.status_code == 429
        assert_rooms_replay(server)
    finally:
        server.stop()


async def test_a_trusted_proxy_names_the_client() -> None:
    server = ServerThread(Settings(db_url="memory://", computer_delay=0.0, create_burst=2,
                                   create_per_minute=1, trusted_proxies=("127.0.0.1",))
                          ).start()
    try:
        for client in ("203.0.113.7", "203.0.113.8"):
            headers = {"x-forwarded-for": f"198.51.100.1, {client}"}
            codes = [(await post_raw(server, "/api/games", {"mode": "online"}, headers))
                     .status_code for _ in range(3)]
            assert codes == [201, 201, 429], (client, codes)
    finally:
        server.stop()
