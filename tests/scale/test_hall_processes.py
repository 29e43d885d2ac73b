"""The hall across two `doublesix serve` processes on one PostgreSQL and one Redis: the lobby,
sitting down and watching work whichever process a socket or request lands on."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.scale.services import FAST, two_processes
from tests.server.harness import Client, play_online_game
from tests.server.test_hall import Outsider, listed
from tests.support.procs import ServerProcess

#: the fanout's beat is 2 s and a process silent for 3 beats is dropped
SILENT_AFTER = 6.0


@pytest.fixture(scope="module")
def pair(pg_url: str, redis_url: str, tmp_path_factory: pytest.TempPathFactory
         ) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    with two_processes(pg_url, redis_url, tmp_path_factory.mktemp("hall-logs")) as both:
        yield both


async def table(server: ServerProcess, name: str = "Аня", preset: str = "draw") -> Any:
    async with httpx.AsyncClient(base_url=server.http) as http:
        r = await http.post("/api/games", json={"mode": "online", "rules": {"preset": preset},
                                                "name": name, "hall": {"public": True}})
        assert r.status_code == 201, r.text
        return r.json()


async def sit(server: ServerProcess, game_id: str, name: str) -> httpx.Response:
    async with httpx.AsyncClient(base_url=server.http) as http:
        return await http.post(f"/api/hall/tables/{game_id}/sit", json={"name": name})


async def tables(server: ServerProcess) -> dict[str, dict[str, Any]]:
    async with httpx.AsyncClient(base_url=server.http) as http:
        r = await http.get("/api/hall/tables")
        return {t["game_id"]: t for t in r.json()["tables"]}


async def lobby(server: ServerProcess) -> Outsider:
    client = Outsider(server, "", "")  # type: ignore[arg-type]
    await client.open({"type": "lobby"}, "lobby")
    return client


async def watcher(server: ServerProcess, game_id: str) -> Outsider:
    client = Outsider(server, game_id, "")  # type: ignore[arg-type]
    await client.open({"type": "watch", "game_id": game_id}, "watching")
    return client


async def until(client: Outsider, where: Any, timeout: float = 10.0) -> None:
    """Until the lobby *client* holds (as of its last frame, or a later one) meets *where*."""
    if where({"tables": list(client.tables.values())}):
        return
    await client.expect("lobby", timeout=timeout, where=where)


def line_of(game_id: str, **want: Any) -> Any:
    """A ``where`` for a lobby frame: the table is listed with these fields."""
    def check(frame: dict[str, Any]) -> bool:
        line = listed(frame, game_id)
        return line is not None and all(line.get(k) == v for k, v in want.items())
    return check


async def test_a_table_created_on_one_process_is_played_and_watched_on_the_other(
    pair: tuple[ServerProcess, ServerProcess]
) -> None:
    one, two = pair
    hall_two = await lobby(two)
    started = time.monotonic()
    game = await table(one)
    game_id = game["game_id"]
    # listed on the other process at once (its lobby frames are 0.25 s apart)
    await until(hall_two, line_of(game_id, status="open"), timeout=3)
    assert time.monotonic() - started < 3
    # the creator connects on one: the other's line shows her connected
    a = Client(one, game_id, game["token"])  # type: ignore[arg-type]
    await a.connect()
    await until(hall_two, lambda f: (listed(f, game_id) or {"seats": [{}]})
                          ["seats"][0].get("connected") is True)
    # a spectator on two: counted in the lobby of one
    hall_one = await lobby(one)
    spectator = await watcher(two, game_id)
    await until(hall_one, line_of(game_id, watchers=1))
    # Боря sits down through two at the table of one, and plays there
    r = await sit(two, game_id, "Боря")
    assert r.status_code == 200, r.text
    await until(hall_one, line_of(game_id, status="playing"))
    b = Client(two, game_id, r.json()["token"])  # type: ignore[arg-type]
    await b.connect()
    for client in (a, b):
        await client.expect("presence", where=lambda f: all(s["connected"] for s in f["seats"]))
    last = await play_online_game([a, b], random.Random(3))
    assert last["result"] is not None
    # the spectator on two saw every event of the game, in order, without a hand
    while spectator.event_no < a.event_no:
        await spectator.recv()
    events = [f for f in spectator.frames if f["type"] == "event"]
    assert events and all(f["seat"] is None for f in events)
    assert all("hand" not in f["view"] and "legal" not in f["view"] for f in events)
    numbers = [f["event_no"] for f in events]
    assert numbers == sorted(set(numbers)) and numbers[-1] == a.event_no
    assert spectator.view["line"] == a.view["line"]
    kinds = {f["event"]["kind"] for f in events}
    assert {"joined", "action"} <= kinds
    # Аня leaves one: the spectator on two sees her go
    await a.close()
    await spectator.expect("presence", where=lambda f: not f["seats"][0]["connected"]
                           and f["seats"][1]["connected"])
    # the spectator leaves two: the count on one drops back (Боря is still there)
    await spectator.close()
    await until(hall_one, line_of(game_id, watchers=0, status="finished"))
    for client in (b, hall_one, hall_two):
        await client.close()


async def test_two_sit_down_at_once_on_two_processes_and_one_gets_the_seat(
    pair: tuple[ServerProcess, ServerProcess]
) -> None:
    one, two = pair
    for _ in range(3):
        game = await table(one)
        replies = await asyncio.gather(sit(one, game["game_id"], "Боря"),
                                       sit(two, game["game_id"], "Вика"))
        codes = sorted(r.status_code for r in replies)
        assert codes == [200, 409], [r.text for r in replies]
        refused = next(r for r in replies if r.status_code == 409)
        assert refused.json()["error"]["code"] in ("room_full", "seat_taken"), refused.text


async def test_a_new_process_learns_the_tables_and_a_killed_ones_lines_go(
    pair: tuple[ServerProcess, ServerProcess], pg_url: str, redis_url: str, tmp_path: Path
) -> None:
    one, two = pair
    game = await table(one, "Гена")
    creator = Client(one, game["game_id"], game["token"])  # type: ignore[arg-type]
    await creator.connect()  # so the table stays listed (its creator is here)
    three = ServerProcess(pg_url, redis=redis_url, env=FAST, log=tmp_path / "three.log").start()
    try:
        # started after the table was created, and no change since: it asked the others
        deadline = time.monotonic() + 5
        while game["game_id"] not in await tables(three):
            assert time.monotonic() < deadline, "the new process never listed the table"
            await asyncio.sleep(0.1)
        # a table created on three, then three is killed: the others drop its line
        own = await table(three, "Дима")
        hall_one = await lobby(one)
        await until(hall_one, line_of(own["game_id"]))
        three.kill()
        killed = time.monotonic()
        await until(hall_one, lambda f: listed(f, own["game_id"]) is None,
                    timeout=SILENT_AFTER + 10)
        assert time.monotonic() - killed >= SILENT_AFTER - 2.5  # not before it went silent
        assert game["game_id"] in await tables(one)  # a live process's tables stay
        await hall_one.close()
    finally:
        three.stop()
        await creator.close()
    assert "Traceback" not in (tmp_path / "three.log").read_text()
