"""Two `doublesix serve` processes on one PostgreSQL and one Redis: a room spans both."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from doublesix.server.wire.errors import CLOSE_REPLACED
from tests.scale.services import FAST, two_processes
from tests.server.harness import Client, create, join, my_turn, play_online_game
from tests.support.procs import ServerProcess


@pytest.fixture(scope="module")
def pair(pg_url: str, redis_url: str, tmp_path_factory: pytest.TempPathFactory
         ) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    with two_processes(pg_url, redis_url, tmp_path_factory.mktemp("logs")) as both:
        yield both


@pytest.mark.parametrize("preset", ["draw", "101"])
async def test_players_on_different_processes_finish_a_game(
    pair: tuple[ServerProcess, ServerProcess], preset: str
) -> None:
    one, two = pair
    game = await create(one, "online", preset, name="Аня")  # type: ignore[arg-type]
    guest = await join(two, game, "Боря")  # type: ignore[arg-type]
    a = Client(one, game["game_id"], game["token"])  # type: ignore[arg-type]
    b = Client(two, game["game_id"], guest["token"])  # type: ignore[arg-type]
    await a.connect()
    await b.connect()
    # each sees the other connected, though the other's socket is on another process
    for client in (a, b):
        await client.expect("presence", where=lambda f: all(s["connected"] for s in f["seats"]))
    last = await play_online_game([a, b], random.Random(preset))
    assert last["result"] is not None
    assert a.view["line"] == b.view["line"] and a.state_no == b.state_no
    assert a.event_no == b.event_no
    await a.close()
    await b.close()


async def test_leaving_on_one_process_is_seen_on_the_other(
    pair: tuple[ServerProcess, ServerProcess]
) -> None:
    one, two = pair
    game = await create(one, "online")  # type: ignore[arg-type]
    guest = await join(one, game)  # type: ignore[arg-type]
    a = Client(one, game["game_id"], game["token"])  # type: ignore[arg-type]
    b = Client(two, game["game_id"], guest["token"])  # type: ignore[arg-type]
    await a.connect()
    await b.connect()
    await a.expect("presence", where=lambda f: f["seats"][1]["connected"])
    await b.close()
    await a.expect("presence", where=lambda f: not f["seats"][1]["connected"])
    if my_turn(a):
        reply = await a.move(a.view["legal"][0])
        assert reply["code"] == "opponent_away"
    await a.close()


async def test_racing_moves_on_two_processes_store_one(
    pair: tuple[ServerProcess, ServerProcess]
) -> None:
    """One seat's move sent to both processes at once (a second tab opened a moment ago,
    before the first was replaced): stored once, never twice."""
    one, two = pair
    game = await create(one, "online")  # type: ignore[arg-type]
    guest = await join(one, game)  # type: ignore[arg-type]
    b = Client(one, game["game_id"], guest["token"])  # type: ignore[arg-type]
    await b.connect()
    a1 = Client(one, game["game_id"], game["token"])  # type: ignore[arg-type]
    await a1.connect()
    mover = a1 if my_turn(a1) else b
    state = mover.state_no
    legal = mover.view["legal"]
    tabs = [Client(one, game["game_id"], mover.token),  # type: ignore[arg-type]
            Client(two, game["game_id"], mover.token)]  # type: ignore[arg-type]
    await asyncio.gather(*(tab.connect() for tab in tabs))
    moves = [tabs[0].move(legal[0], state_no=state), tabs[1].move(legal[-1], state_no=state)]
    replies = await asyncio.gather(*moves, return_exceptions=True)
    applied = [r for r in replies if isinstance(r, dict) and r["type"] == "ack"
               and not r.get("duplicate")]
    # one is stored; the other is refused, or its tab was already replaced (closed)
    assert len(applied) <= 1, replies
    refused = [r for r in replies if isinstance(r, dict) and r["type"] == "error"]
    assert all(r["code"] in ("stale_state", "busy", "opponent_away") for r in refused), replies
    async with httpx.AsyncClient() as http:
        r = await http.get(one.http + "/api/health")
        assert r.json()["storage"] == "postgresql"


async def test_a_second_tab_on_another_process_replaces_the_first(
    pair: tuple[ServerProcess, ServerProcess]
) -> None:
    one, two = pair
    game = await create(one, "online")  # type: ignore[arg-type]
    first = Client(one, game["game_id"], game["token"])  # type: ignore[arg-type]
    await first.connect()
    second = Client(two, game["game_id"], game["token"])  # type: ignore[arg-type]
    await second.connect()
    assert first.ws is not None
    await asyncio.wait_for(first.ws.wait_closed(), 10)
    assert first.ws.close_code == CLOSE_REPLACED
    await second.close()


async def test_computer_moves_once_for_a_player_on_another_process(
    pair: tuple[ServerProcess, ServerProcess]
) -> None:
    one, two = pair
    game = await create(one, "computer", level="easy")  # type: ignore[arg-type]
    a = Client(two, game["game_id"], game["token"])  # type: ignore[arg-type]
    await a.connect()
    rng = random.Random(5)
    for _ in range(200):
        if a.view["result"] is not None:
            break
        if my_turn(a):
            ack = await a.move(rng.choice(a.view["legal"]))
            assert ack["type"] == "ack", ack
            await a.until_state(ack["state_no"])
        else:
            await a.recv()
    assert a.view["result"] is not None
    # every state number was stored once: event numbers and state numbers have no gaps
    seen = [f for f in a.frames if f["type"] == "event"]
    assert [f["event_no"] for f in seen] == list(range(seen[0]["event_no"],
                                                       seen[-1]["event_no"] + 1))
    await a.close()


async def test_a_computer_turn_left_by_a_killed_process_is_taken_over(
    pg_url: str, redis_url: str, tmp_path: Path
) -> None:
    slow = {**FAST, "DOUBLESIX_COMPUTER_DELAY": "3", "DOUBLESIX_COMPUTER_CLAIM_TTL": "1"}
    one = ServerProcess(pg_url, redis=redis_url, env=slow, log=tmp_path / "one.log").start()
    two = ServerProcess(pg_url, redis=redis_url, env=slow, log=tmp_path / "two.log").start()
    try:
        game = await create(one, "computer", level="easy")  # type: ignore[arg-type]
        a = Client(one, game["game_id"], game["token"])  # type: ignore[arg-type]
        await a.connect()
        if my_turn(a):  # else the computer leads: process one already holds that turn
            ack = await a.move(a.view["legal"][0])
            assert ack["type"] == "ack"
        state = a.state_no if not my_turn(a) else a.state_no + 1
        one.kill()  # while "thinking": its claim is left behind
        b = Client(two, game["game_id"], game["token"])  # type: ignore[arg-type]
        await b.connect()
        moved = await b.expect("event", timeout=40, where=lambda f: f["event"].get("by")
                               == "computer")
        assert moved["state_no"] >= state
        async with httpx.AsyncClient() as http:
            assert (await http.get(two.http + "/api/health")).status_code == 200
        await b.close()
    finally:
        one.stop()
        two.stop()
    rows = await _events(pg_url, game["game_id"])
    states = [s for s, kind in rows if kind in ("action", "next_deal", "new_game")]
    assert states == list(range(1, len(states) + 1))  # every turn stored exactly once


async def _events(pg_url: str, game_id: str) -> list[tuple[int, str]]:
    from doublesix.server.storage import open_storage

    storage = open_storage(pg_url)
    await storage.open()
    try:
        events = await storage.events_after(game_id, 0, 10_000)
    finally:
        await storage.close()
    return [(e.state_no, e.payload["kind"]) for e in events]


async def test_a_lost_pubsub_message_is_caught_up_from_storage(
    pair: tuple[ServerProcess, ServerProcess], redis_url: str
) -> None:
    """Subscribers cut off while a move is published: the move still reaches the other
    process's player, by the sweep reading storage."""
    import redis.asyncio as redis

    one, two = pair
    game = await create(one, "online")  # type: ignore[arg-type]
    guest = await join(one, game)  # type: ignore[arg-type]
    a = Client(one, game["game_id"], game["token"])  # type: ignore[arg-type]
    b = Client(two, game["game_id"], guest["token"])  # type: ignore[arg-type]
    await a.connect()
    await b.connect()
    for client in (a, b):
        await client.expect("presence", where=lambda f: all(s["connected"] for s in f["seats"]))
    mover, other = (a, b) if my_turn(a) else (b, a)
    r = redis.from_url(redis_url)
    try:
        assert await r.client_kill_filter(_type="pubsub") >= 2  # every subscriber drops
    finally:
        await r.aclose()
    ack = await mover.move(mover.view["legal"][0])
    assert ack["type"] == "ack"
    await asyncio.wait_for(other.until_state(ack["state_no"]), 15)
    await a.close()
    await b.close()


async def test_serve_with_two_workers_plays_games(pg_url: str, redis_url: str,
                                                  tmp_path: Path) -> None:
    """`doublesix serve --workers 2`: one port, two processes; sockets land on either."""
    server = ServerProcess(pg_url, redis=redis_url, env=FAST, workers=2,
                           log=tmp_path / "workers.log").start()
    try:
        assert len(server.pids()) >= 3  # the supervisor and its two workers
        for n in range(3):
            game = await create(server, "online", "draw")  # type: ignore[arg-type]
            guest = await join(server, game)  # type: ignore[arg-type]
            a = Client(server, game["game_id"], game["token"])  # type: ignore[arg-type]
            b = Client(server, game["game_id"], guest["token"])  # type: ignore[arg-type]
            await a.connect()
            await b.connect()
            for client in (a, b):
                await client.expect("presence", timeout=15,
                                    where=lambda f: all(s["connected"] for s in f["seats"]))
            last = await play_online_game([a, b], random.Random(n))
            assert last["result"] is not None
            await a.close()
            await b.close()
    finally:
        server.stop()
    assert "Traceback" not in (tmp_path / "workers.log").read_text()
