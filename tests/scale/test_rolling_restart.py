"""A rolling restart behind nginx (the README's config) on PostgreSQL + Redis, and SIGTERM to
`doublesix serve --workers 2`: players are sent away with 1012 only, lose no acknowledged move,
and every game plays on."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import time
from pathlib import Path

import httpx
from bench import restart
from bench.procs import ServerProcess
from websockets.exceptions import ConnectionClosed

from doublesix.server.errors import CLOSE_RESTART
from tests.scale.services import required_program
from tests.server.harness import Client

BOUND = 6.0
SLACK = 2.0


def test_rolling_restart_of_two_processes_behind_nginx(pg_url: str, redis_url: str,
                                                       tmp_path: Path) -> None:
    required_program("nginx")
    args = restart.parser().parse_args([
        "--servers", "2", "--nginx", "--games", "16", "--warmup", "3", "--gap", "3",
        "--settle", "4", "--bound", str(BOUND), "--db", pg_url, "--redis", redis_url,
        "--max-seconds", "120"])
    result = restart.run(args, tmp_path)
    # the figures (moves acknowledged, reconnects, longest gap): shown with pytest -s
    print("rolling restart:", json.dumps(result))
    assert result["restarts"] == 2
    assert result["lost"] == 0 and result["rooms_corrupted"] == 0, result
    assert result["games_stuck"] == 0, result
    # sockets were closed only by the restarts, and the proxy always had a process to offer
    assert list(result["close_codes"]) == [str(CLOSE_RESTART)], result
    assert result["close_codes"][str(CLOSE_RESTART)] >= 2, result
    assert not result["drops"], result
    assert all(x < BOUND + SLACK for x in result["exit_s"]), result
    assert result["longest_gap_s"] < 2.0, result
    assert result["acknowledged"] > 200, result
    assert not result["server_tracebacks"], result


async def test_sigterm_to_two_workers_sends_every_socket_away(pg_url: str, redis_url: str,
                                                              tmp_path: Path) -> None:
    env = {"DOUBLESIX_SHUTDOWN_TIMEOUT": str(BOUND), "DOUBLESIX_COMPUTER_DELAY": "0"}
    server = ServerProcess(pg_url, redis=redis_url, workers=2, env=env,
                           log=tmp_path / "workers.log").start()
    try:
        clients = []
        async with httpx.AsyncClient(base_url=server.http) as http:
            for _ in range(8):  # spread over both workers by the kernel
                game = (await http.post("/api/games", json={"mode": "hotseat"})).json()
                client = Client(server, game["game_id"], game["token"])  # type: ignore[arg-type]
                await client.connect()
                clients.append(client)
        assert len(server.pids()) >= 3  # the parent and its two workers
        began = time.monotonic()
        os.kill(server.pid, signal.SIGTERM)
        codes = []
        for client in clients:
            assert client.ws is not None
            try:
                while True:
                    await asyncio.wait_for(client.ws.recv(), 10)
            except ConnectionClosed as exc:
                # the reason says the app closed it, not uvicorn's own shutdown (no reason)
                codes.append((exc.rcvd.code, exc.rcvd.reason) if exc.rcvd else None)
        assert codes == [(CLOSE_RESTART, "server restarting")] * len(clients)
        assert server.proc is not None
        server.proc.wait(BOUND + SLACK)
        assert time.monotonic() - began < BOUND + SLACK
    finally:
        server.stop()
    assert "Traceback" not in (tmp_path / "workers.log").read_text()
