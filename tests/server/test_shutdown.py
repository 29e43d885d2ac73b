"""SIGTERM: every socket is told to reconnect (1012), no acknowledged move is lost, and the
process exits within --shutdown-timeout. Real `doublesix serve` processes on SQLite files."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import signal
import socket
import time
from pathlib import Path

import httpx
import pytest
from bench import restart
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from doublesix.server.ops.shutdown import Drain
from doublesix.server.wire.errors import CLOSE_RESTART
from tests.server.harness import Client, my_turn
from tests.support.procs import ServerProcess

BOUND = 4.0
#: Python's start-up and uvicorn's own steps on a busy 2-core machine, beyond the bound
SLACK = 2.0


def start(tmp_path: Path, bound: float = BOUND) -> ServerProcess:
    env = {"DOUBLESIX_COMPUTER_DELAY": "0", "DOUBLESIX_SHUTDOWN_TIMEOUT": str(bound)}
    return ServerProcess(f"sqlite:///{tmp_path}/ds.db", env=env,
                         log=tmp_path / "server.log").start()


async def closed_by(ws: object) -> tuple[int | None, str]:
    try:
        while True:
            await ws.recv()  # type: ignore[attr-defined]
    except ConnectionClosed as exc:
        return (exc.rcvd.code, exc.rcvd.reason) if exc.rcvd else (None, "")


@pytest.mark.slow  # stops real server processes and waits out their deadlines: make test, not check
async def test_sigterm_closes_seats_and_lobby_with_1012_and_keeps_moves_in_flight(
    tmp_path: Path,
) -> None:
    server = start(tmp_path)
    games, clients = [], []
    try:
        async with httpx.AsyncClient(base_url=server.http) as http:
            for _ in range(6):
                games.append((await http.post("/api/games", json={"mode": "hotseat"})).json())
        for game in games:
            client = Client(server, game["game_id"], game["token"])  # type: ignore[arg-type]
            await client.connect()
            ack = await client.move(client.view["legal"][0])  # mid-game
            assert ack["type"] == "ack"
            await client.until_state(ack["state_no"])
            clients.append(client)
        lobby = await connect(server.ws_url)
        await lobby.send(json.dumps({"type": "lobby"}))
        await lobby.recv()
        # every seat sends a move, and the signal goes out while they are being stored
        sent = []
        for client in clients:
            assert my_turn(client)
            rid = client.next_id()
            action = client.view["legal"][0]
            await client.send({"type": "move", "state_no": client.state_no, "action": action,
                               "id": rid})
            sent.append((client, rid, action, client.state_no + 1))
        began = time.monotonic()
        os.kill(server.pid, signal.SIGTERM)
        acked = []
        for client, rid, action, state_no in sent:
            assert client.ws is not None
            frames = []
            try:
                while True:
                    frames.append(json.loads(await asyncio.wait_for(client.ws.recv(), 10)))
            except ConnectionClosed as exc:
                assert exc.rcvd is not None, "closed without a close frame"
                assert (exc.rcvd.code, exc.rcvd.reason) == (CLOSE_RESTART, "server restarting")
            replies = [f for f in frames if f.get("id") == rid]
            assert all(f["type"] == "ack" for f in replies), replies
            if replies:
                acked.append((client, action, state_no))
        assert await closed_by(lobby) == (CLOSE_RESTART, "server restarting")
        assert server.proc is not None
        server.proc.wait(BOUND + SLACK)
        took = time.monotonic() - began
        assert took < BOUND + SLACK
    finally:
        server.stop()
    log = (tmp_path / "server.log").read_text()
    assert "Traceback" not in log, log
    assert acked, "no move in flight was acknowledged before the close"
    restarted = start(tmp_path)
    try:
        for client, action, state_no in acked:
            again = Client(restarted, client.game_id, client.token)  # type: ignore[arg-type]
            welcome = await again.connect()
            assert welcome["state_no"] >= state_no
            assert welcome["view"]["history"][state_no - 1]["action"] == action
            await again.close()
    finally:
        restarted.stop()


def _raw_websocket(port: int) -> socket.socket:
    """A socket that completes the WebSocket handshake and then never reads again."""
    sock = socket.create_connection(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                  "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(1024)
    assert head.startswith(b"HTTP/1.1 101"), head
    return sock


@pytest.mark.slow  # stops real server processes and waits out their deadlines: make test, not check
def test_a_client_that_never_answers_the_close_does_not_hold_the_exit(tmp_path: Path) -> None:
    server = start(tmp_path, bound=3.0)
    try:
        silent = [_raw_websocket(server.port) for _ in range(3)]
        began = time.monotonic()
        os.kill(server.pid, signal.SIGTERM)
        assert server.proc is not None
        server.proc.wait(3.0 + SLACK)
        took = time.monotonic() - began
        # the socket got its close frame, then the connection was dropped
        data = b""
        while chunk := silent[0].recv(4096):
            data += chunk
        assert data[:1] == b"\x88" and int.from_bytes(data[2:4], "big") == CLOSE_RESTART
        assert took < 3.0 + SLACK
        for sock in silent:
            sock.close()
    finally:
        server.stop()


@pytest.mark.slow  # stops real server processes and waits out their deadlines: make test, not check
def test_a_request_cut_in_half_neither_keeps_the_port_open_nor_holds_the_exit(
    tmp_path: Path,
) -> None:
    # a request whose body never ends keeps uvicorn waiting: meanwhile the port must already
    # be closed (a proxy in front sends new players to another process), and the bound holds
    env = {"DOUBLESIX_SHUTDOWN_TIMEOUT": "3", "DOUBLESIX_BODY_TIMEOUT": "60"}
    server = ServerProcess(f"sqlite:///{tmp_path}/ds.db", env=env,
                           log=tmp_path / "server.log").start()
    try:
        stuck = socket.create_connection(("127.0.0.1", server.port))
        stuck.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                      b"\r\nContent-Length: 100\r\n\r\n{\"mode\":")
        time.sleep(0.3)
        began = time.monotonic()
        os.kill(server.pid, signal.SIGTERM)
        time.sleep(0.6)
        assert server.proc is not None and server.proc.poll() is None  # still waiting for it
        try:
            socket.create_connection(("127.0.0.1", server.port), timeout=1).close()
            refused = False
        except OSError:
            refused = True
        assert refused
        server.proc.wait(3.0 + SLACK)
        assert time.monotonic() - began < 3.0 + SLACK
        stuck.close()
    finally:
        server.stop()


@pytest.mark.slow  # stops real server processes and waits out their deadlines: make test, not check
def test_bots_playing_through_a_restart_lose_no_acknowledged_move(tmp_path: Path) -> None:
    args = restart.parser().parse_args(["--games", "8", "--warmup", "2", "--settle", "3",
                                        "--bound", str(BOUND), "--max-seconds", "60"])
    result = restart.run(args, tmp_path)
    print(json.dumps(result))
    assert result["lost"] == 0 and result["rooms_corrupted"] == 0, result
    assert result["games_stuck"] == 0, result
    assert list(result["close_codes"]) == [str(CLOSE_RESTART)], result
    assert result["exit_s"][0] < BOUND + SLACK, result
    assert result["acknowledged"] > 50, result
    assert not result["server_tracebacks"], result


class _Socket:
    """What the drain needs of a socket: to be closed with a code."""

    def __init__(self, closed: list[tuple[object, int]]) -> None:
        self.closed = closed

    def close(self, code: int, reason: str) -> None:
        self.closed.append((self, code))


def test_the_drain_closes_a_socket_serving_a_frame_only_after_that_frame() -> None:
    closed: list[tuple[object, int]] = []
    drain = Drain()
    idle, busy = _Socket(closed), _Socket(closed)
    drain.add(idle)
    drain.add(busy)
    with drain.serving(busy):
        assert drain.begin() == 2
        assert closed == [(idle, CLOSE_RESTART)]  # the frame's ack is still to be queued
    assert closed == [(idle, CLOSE_RESTART), (busy, CLOSE_RESTART)]
    late = _Socket(closed)
    drain.add(late)  # accepted just before the port closed
    assert closed[-1] == (late, CLOSE_RESTART)
    for sock in (idle, busy, late):
        drain.discard(sock)
    assert not drain.open
