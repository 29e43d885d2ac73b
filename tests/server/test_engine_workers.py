"""The review and hint workers (issue 21, item 10): niced like the computer's, stopped with
the job nobody waits for any more, and gone with the server — a stop, or a kill -9."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from doublesix.server.review.service import Engine
from doublesix.server.rooms.botpool import NICE
from doublesix.server.wire.errors import ServiceError
from tests.server.harness import Client
from tests.server.test_modes import play_alone
from tests.support.procs import ServerProcess


def _alive(pid: int) -> bool:
    """Running (a zombie waiting to be reaped counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _cpu_seconds(pid: int) -> float:
    """The processor time *pid* has used (user and system); 0 once it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def test_the_workers_run_at_a_lower_priority() -> None:
    engine = Engine(workers=1, queue=4)
    try:
        assert await engine.run(os.nice, 0) == os.nice(0) + NICE
    finally:
        engine.stop()


async def test_a_job_nobody_waits_for_is_killed_and_the_next_one_runs() -> None:
    engine = Engine(workers=1, queue=2)
    try:
        pid = await engine.run(os.getpid)
        long = asyncio.create_task(engine.run(time.sleep, 60))
        waiting = asyncio.create_task(engine.run(os.getpid))  # behind it, in the queue
        await asyncio.sleep(0.5)
        with pytest.raises(ServiceError) as full:  # 2 places, both taken
            await engine.run(os.getpid)
        assert full.value.code == "busy" and full.value.status == 503
        assert _alive(pid)
        long.cancel()
        # the sleeping worker is killed at once; a new one takes the next job
        fresh = await asyncio.wait_for(waiting, 30)
        assert fresh != pid and not _alive(pid)
        assert await engine.run(os.getpid) == fresh  # the new worker is kept for the next
    finally:
        engine.stop()


async def test_a_job_that_fails_says_why_and_leaves_its_worker_sound() -> None:
    engine = Engine(workers=1, queue=2)
    try:
        pid = await engine.run(os.getpid)
        with pytest.raises(RuntimeError, match="ValueError: invalid literal"):
            await engine.run(int, "x")
        assert await engine.run(os.getpid) == pid
    finally:
        engine.stop()


async def test_stop_answers_the_running_jobs_503_and_leaves_no_worker() -> None:
    engine = Engine(workers=2, queue=4)
    pids = await asyncio.gather(engine.run(os.getpid), engine.run(os.getpid))
    jobs = [asyncio.create_task(engine.run(time.sleep, 60)) for _ in range(3)]
    await asyncio.sleep(0.5)
    began = time.monotonic()
    engine.stop()
    for job in jobs:
        with pytest.raises(ServiceError) as cut:
            await asyncio.wait_for(job, 5)
        assert cut.value.code == "busy" and cut.value.status == 503
        assert "restarting" in str(cut.value)
    assert time.monotonic() - began < 2
    for pid in set(pids):
        assert not _alive(pid)
    with pytest.raises(ServiceError):
        await engine.run(os.getpid)


# -- a real server -------------------------------------------------------------------------
#: the games are played at machine speed: the frame-rate limit is not what is tested here
FAST = {"DOUBLESIX_WS_RATE": "10000", "DOUBLESIX_WS_BURST": "10000",
        "DOUBLESIX_COMPUTER_DELAY": "0"}


def start(tmp_path: Path, **env: str) -> ServerProcess:
    return ServerProcess(f"sqlite:///{tmp_path}/ds.db", log=tmp_path / "server.log",
                         env={**FAST, **env}).start()


def _engine_workers(server: ServerProcess) -> list[int]:
    """The server's worker processes started by multiprocessing's spawn (the engine's and
    the computer's; not its resource tracker)."""
    found = []
    for pid in server.pids()[1:]:
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as fh:
                if b"spawn_main" in fh.read():
                    found.append(pid)
        except OSError:
            continue
    return found


async def _finished_games(server: ServerProcess, count: int) -> list[dict[str, Any]]:
    games = []
    async with httpx.AsyncClient(base_url=server.http) as http:
        for i in range(count):
            game = (await http.post("/api/games", json={"mode": "hotseat"})).json()
            client = Client(server, game["game_id"], game["token"])  # type: ignore[arg-type]
            await client.connect()
            await play_alone(client, random.Random(i))
            await client.close()
            games.append(game)
    return games


def _ask_review(server: ServerProcess, game: dict[str, Any], seat: int,
                source: str) -> socket.socket:
    """A review asked from *source* (127.0.0.x: a client of its own for the rate limit) on
    a raw connection, left unread: the caller hangs up by closing it."""
    sock = socket.create_connection(("127.0.0.1", server.port), source_address=(source, 0))
    body = json.dumps({"token": game["token"], "seat": seat}).encode()
    sock.sendall(f"POST /api/games/{game['game_id']}/review HTTP/1.1\r\nHost: x\r\n"
                 f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
                 .encode() + body)
    return sock


@pytest.mark.slow  # kills and waits on real engine and server processes: not in check
async def test_abandoned_reviews_free_their_places_and_their_cpu(tmp_path: Path) -> None:
    """16 reviews asked and abandoned (the clients hung up) kept the one engine worker busy
    for many seconds and the 8 places of the queue full: the next honest review got 503."""
    server = start(tmp_path)
    try:
        games = await _finished_games(server, 9)
        asked = [_ask_review(server, games[i // 2], i % 2, f"127.0.0.{2 + i // 4}")
                 for i in range(16)]  # 4 clients of 4 reviews: within their rate limit
        await asyncio.sleep(1.5)
        busy = _engine_workers(server)
        assert busy, "no engine worker is running"
        for sock in asked:
            sock.close()
        await asyncio.sleep(0.5)  # the server hears the hang-ups and stops what ran for them
        # no worker goes on computing for nobody: neither the abandoned job it ran nor the
        # queued ones. (One that finished its job a moment before the hang-up stays, idle:
        # whether it was killed says more of the timing than of the server.)
        before = {pid: _cpu_seconds(pid) for pid in busy if _alive(pid)}
        await asyncio.sleep(1.0)
        working = {pid: round(_cpu_seconds(pid) - spent, 2) for pid, spent in before.items()
                   if _alive(pid) and _cpu_seconds(pid) - spent > 0.05}
        assert not working, f"CPU seconds spent after the hang-up: {working}"
        async with httpx.AsyncClient(base_url=server.http, timeout=120,
                                     transport=httpx.AsyncHTTPTransport(
                                         local_address="127.0.0.9")) as http:
            r = await http.post(f"/api/games/{games[8]['game_id']}/review",
                                json={"token": games[8]["token"], "seat": 0})
        assert r.status_code == 200, r.text
        assert r.json()["review"]["decisions"]
    finally:
        server.stop()


@pytest.mark.slow  # kills and waits on real engine and server processes: not in check
async def test_the_workers_die_with_a_killed_server(tmp_path: Path) -> None:
    """kill -9: no shutdown code runs, yet no worker may go on computing for nobody."""
    server = start(tmp_path)
    try:
        games = await _finished_games(server, 2)
        async with httpx.AsyncClient(base_url=server.http) as http:  # the computer's pool
            game = (await http.post("/api/games", json={"mode": "computer", "level": "hard",
                                                        "rules": {"preset": "draw"}})).json()
        client = Client(server, game["game_id"], game["token"])  # type: ignore[arg-type]
        await client.connect()
        if client.view["to_move"] == client.view["seat"]:
            assert (await client.move(client.view["legal"][0]))["type"] == "ack"
        await client.expect("event", where=lambda f: f["event"].get("by") == "computer")
        asked = [_ask_review(server, g, 0, "127.0.0.1") for g in games]
        await asyncio.sleep(1.5)
        workers = _engine_workers(server)
        assert len(workers) >= 2, workers  # the review's and the computer's
        assert all(_alive(pid) for pid in workers)
        server.kill()
        deadline = time.monotonic() + 3.0
        while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        assert not [pid for pid in workers if _alive(pid)]
        for sock in asked:
            sock.close()
    finally:
        server.stop()


@pytest.mark.slow  # kills and waits on real engine and server processes: not in check
async def test_a_stop_answers_running_reviews_503_within_the_bound(tmp_path: Path) -> None:
    """--shutdown-timeout 5 exited after 6.6–7.6 s while reviews ran, and they got 500."""
    bound = 5.0
    server = start(tmp_path, DOUBLESIX_SHUTDOWN_TIMEOUT=str(bound))
    try:
        games = await _finished_games(server, 2)

        async def review(game: dict[str, Any], seat: int) -> httpx.Response:
            async with httpx.AsyncClient(base_url=server.http, timeout=60) as http:
                return await http.post(f"/api/games/{game['game_id']}/review",
                                       json={"token": game["token"], "seat": seat})

        asked = [asyncio.create_task(review(games[i // 2], i % 2)) for i in range(4)]
        # the stop comes while they are asked. A short deal's review takes 0.13 s on a quiet
        # machine (a stop 0.3 s in found one of the four done: 200, in a lone clone's make
        # test) and over a second on a busy one: 0.1 s, and a review that ended before the
        # signal may answer 200; every one still running answers 503, never 500
        await asyncio.sleep(0.1)
        assert not any(task.done() for task in asked)  # running or waiting for the engine
        began = time.monotonic()
        os.kill(server.pid, signal.SIGTERM)
        answers = await asyncio.gather(*asked)
        assert server.proc is not None
        status = await asyncio.to_thread(server.proc.wait, bound + 5)
        took = time.monotonic() - began
        stopped = [r for r in answers if r.status_code != 200]
        assert stopped, "the stop came after every review was done: nothing was tested"
        for r in stopped:
            assert r.status_code == 503, r.text
            assert r.json()["error"]["code"] == "busy"
        for r in answers:
            if r.status_code == 200:
                assert r.json()["review"]["decisions"], r.text  # whole, not cut short
        assert status == 0
        assert took < bound, took
    finally:
        server.stop()
