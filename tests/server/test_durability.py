"""A move acknowledged is a move stored: SIGKILL the server right after the ack, restart, look.

The server runs as `doublesix serve` in a fresh directory with the default storage URL, as
`make run` starts it, so this also checks that the data directory is created.
"""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from tests.server.harness import Client, my_turn
from tests.support.procs import ServerProcess


def start_default_server(cwd: Path) -> ServerProcess:
    """`doublesix serve` with its default storage (what `make run` uses), in *cwd*."""
    return ServerProcess(None, env={"DOUBLESIX_COMPUTER_DELAY": "0"}, cwd=cwd).start()


@pytest.mark.slow  # kills and restarts a real server process: make test, not check
async def test_acknowledged_moves_survive_sigkill(tmp_path: Path) -> None:
    server = start_default_server(tmp_path)
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
        server.kill()  # a no-op once it is already dead
    assert (tmp_path / "data" / "doublesix.db").exists()
    restarted = start_default_server(tmp_path)
    try:
        client = Client(restarted, game["game_id"], game["token"])  # type: ignore[arg-type]
        welcome = await client.connect()
        assert welcome["state_no"] == last_ack + 1
        assert [h["action"] for h in welcome["view"]["history"]] == played
    finally:
        restarted.stop()
