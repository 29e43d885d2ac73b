"""«Играть сейчас» across two `doublesix serve` processes on one PostgreSQL and one Redis: people
seeking on different processes are seated together, each exactly once, at one table each pair
(hall/pool_redis.py: only one process takes a pair out of the shared pool); and «Ещё раз с
ним» offered on one process, accepted on the other."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.scale.services import two_processes
from tests.server.harness import Client
from tests.server.test_seek import Lobby
from tests.support.procs import ServerProcess


@pytest.fixture(scope="module")
def pair(pg_url: str, redis_url: str, tmp_path_factory: pytest.TempPathFactory
         ) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    with two_processes(pg_url, redis_url, tmp_path_factory.mktemp("seek-logs")) as both:
        yield both


async def profile(server: ServerProcess, name: str) -> tuple[str, str]:
    async with httpx.AsyncClient(base_url=server.http) as http:
        r = await http.post("/api/profiles", json={"name": name})
    assert r.status_code == 201, r.text
    return r.json()["profile"]["id"], r.json()["key"]


async def test_two_people_on_two_processes_are_matched_once(
        pair: tuple[ServerProcess, ServerProcess]) -> None:
    one, two = pair
    _, a_key = await profile(one, "Аня")
    _, b_key = await profile(two, "Боря")
    a, b = await Lobby(one).open(), await Lobby(two).open()
    await a.seek(a_key, "block")
    await b.seek(b_key, "block")
    got_a, got_b = await a.next(("matched",)), await b.next(("matched",))
    assert got_a["game_id"] == got_b["game_id"] and got_a["seat"] != got_b["seat"]
    # each plays from the process it is on: the table is one room for both
    seat_a = Client(one, got_a["game_id"], got_a["token"])  # type: ignore[arg-type]
    seat_b = Client(two, got_b["game_id"], got_b["token"])  # type: ignore[arg-type]
    await seat_a.connect()
    await seat_b.connect()
    assert seat_a.room["hall"]["rated"] is True
    assert {s["name"] for s in seat_b.room["seats"]} == {"Аня", "Боря"}
    await a.silent(("matched",))  # and nothing more: matched once
    for c in (seat_a, seat_b, a, b):
        await c.close()


async def test_many_seekers_on_both_processes_each_get_one_seat(
        pair: tuple[ServerProcess, ServerProcess]) -> None:
    """Eight people at once, four on each process, all fitting each other: both processes
    look for pairs in the same pool at the same moments, and still everyone is seated once."""
    people = [await profile(pair[n % 2], f"Игрок {n}") for n in range(8)]
    lobbies = [await Lobby(pair[n % 2]).open() for n in range(8)]
    await asyncio.gather(*(lobby.seek(key, "101") for lobby, (_, key) in
                           zip(lobbies, people, strict=True)))
    matched: list[dict[str, Any]] = list(await asyncio.gather(
        *(lobby.next(("matched",)) for lobby in lobbies)))
    tables: dict[str, list[int]] = {}
    for frame in matched:
        tables.setdefault(frame["game_id"], []).append(frame["seat"])
    assert len(tables) == 4 and all(sorted(seats) == [0, 1] for seats in tables.values())
    for lobby in lobbies:
        await lobby.silent(("matched",), seconds=1.0)
        await lobby.close()


async def test_a_second_tab_on_the_other_process_replaces_the_first(
        pair: tuple[ServerProcess, ServerProcess]) -> None:
    one, two = pair
    _, key = await profile(one, "Вика")
    first, second = await Lobby(one).open(), await Lobby(two).open()
    await first.seek(key, "draw")
    await second.seek(key, "draw")
    assert (await first.next(("seek_ended",)))["reason"] == "replaced"
    await second.silent(("matched",))  # one person: never a game against themselves
    for lobby in (first, second):
        await lobby.close()


async def test_play_them_again_across_the_two_processes(
        pair: tuple[ServerProcess, ServerProcess]) -> None:
    """Seated by «Играть сейчас» on two processes, one resigns; «Ещё раз с ним» is offered on
    one process and accepted on the other, and each opens the new table where it is."""
    one, two = pair
    _, a_key = await profile(one, "Аня")
    _, b_key = await profile(two, "Боря")
    a, b = await Lobby(one).open(), await Lobby(two).open()
    await a.seek(a_key, "draw", clock={"minutes": 10, "increment": 0})
    await b.seek(b_key, "draw", clock={"minutes": 10, "increment": 0})
    got_a, got_b = await a.next(("matched",)), await b.next(("matched",))
    seat_a = Client(one, got_a["game_id"], got_a["token"])  # type: ignore[arg-type]
    seat_b = Client(two, got_b["game_id"], got_b["token"])  # type: ignore[arg-type]
    await seat_a.connect()
    await seat_b.connect()
    await seat_a.send({"type": "resign", "state_no": seat_a.state_no, "match": False, "id": 1})
    assert (await seat_a.expect_reply(1))["type"] == "ack"
    await seat_b.expect("event", where=lambda f: f["event"]["kind"] == "resign")
    await seat_b.send({"type": "again", "id": 2})
    assert (await seat_b.expect_reply(2))["type"] == "ack"
    await seat_a.expect("event", where=lambda f: f["event"]["kind"] == "again_offered")
    await seat_a.send({"type": "again_accept", "id": 3})
    assert (await seat_a.expect_reply(3))["type"] == "ack"
    accepted = (await seat_b.expect(
        "event", where=lambda f: f["event"]["kind"] == "again_accepted"))["event"]
    new_a = Client(one, accepted["game_id"], got_a["token"])  # type: ignore[arg-type]
    new_b = Client(two, accepted["game_id"], got_b["token"])  # type: ignore[arg-type]
    assert (await new_a.connect())["seat"] == accepted["seats"][got_a["seat"]]
    assert (await new_b.connect())["seat"] == accepted["seats"][got_b["seat"]]
    assert new_b.room["hall"]["rated"] is True and new_b.room["rules"]["preset"] == "draw"
    for c in (seat_a, seat_b, new_a, new_b, a, b):
        await c.close()
