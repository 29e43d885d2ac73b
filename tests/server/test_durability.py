"""A move acknowledged is a move stored: SIGKILL the server right after the ack, restart, look.

The server runs as `doublesix serve` in a fresh directory with the default storage URL, as
`make run` starts it, so this also checks that the data directory is created.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

from tests.server.harness import Client, ServerThread, free_port, my_turn


class Process:
    """Just enough of ServerThread for the harness clients: a port."""

    def __init__(self, cwd: Path) -> None:
        self.port = free_port()
        env = {**os.environ, "DOUBLESIX_COMPUTER_DELAY": "0"}
        env.pop("DOUBLESIX_DB", None)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "doublesix", "serve", "--host", "127.0.0.1",
             "--port", str(self.port), "--log-level", "warning"],
            cwd=cwd, env=env,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{self.http}/api/health", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.05)
        self.proc.kill()
        raise RuntimeError("the server did not start")

    http = ServerThread.http
    ws_url = ServerThread.ws_url

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)


async def test_acknowledged_moves_survive_sigkill(tmp_path: Path) -> None:
    server = Process(tmp_path)
    try:
        async with httpx.AsyncClient(base_url=server.http) as http:
            game = (await http.post("/api/games", json={"mode": "hotseat"})).json()
        client = Client(server, game["game_id"], game["token"])  # type: ignore[arg-type]
        await client.connect()
        played = []
        for _ in range(3):
            assert my_turn(client)
            action = client.view["legal"][0]
            ack = await client.move(action)
            assert ack["type"] == "ack"
            played.append(action)
            await client.until_state(ack["state_no"])
        last_ack = ack["state_no"]
        action = client.view["legal"][0]
        rid = client.next_id()
        await client.send({"type": "move", "state_no": client.state_no, "action": action,
                           "id": rid})
        reply = await client.expect_reply(rid)
        server.kill()  # at once: no shutdown, no flush
        assert reply["type"] == "ack"
        played.append(action)
    finally:
        if server.proc.poll() is None:
            server.kill()
    assert (tmp_path / "data" / "doublesix.db").exists()
    restarted = Process(tmp_path)
    try:
        client = Client(restarted, game["game_id"], game["token"])  # type: ignore[arg-type]
        welcome = await client.connect()
        assert welcome["state_no"] == last_ack + 1
        assert [h["action"] for h in welcome["view"]["history"]] == played
    finally:
        restarted.stop()
