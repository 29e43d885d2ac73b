"""Make ``v1.db``: a SQLite database as the server of schema version 1 leaves it.

Run once at main e82dee9 (before versioned migrations existed), and the file it wrote is
committed beside it; ``test_upgrade.py`` upgrades a copy of that file with today's code and
plays every room on. It is kept so the file can be read as a recipe and made again by an old
checkout (``git worktree add /tmp/v1 e82dee9`` and run it there): run with today's code it
makes a database at today's version, which is not the point.

    .venv/bin/python -m tests.server.upgrade.make_v1_db tests/server/upgrade/v1.db

Rooms in different phases, each with what a client needs to come back (seat tokens and
invites exist only on the clients' side, never in the database) in ``v1.json``, with the
time it was made (``made_at``: the hall clock's time goes on from there in the test):

- ``computer``: against the computer, a few moves into the first deal;
- ``hotseat_101``: hot-seat «до 101», its first deal played out, waiting for the next deal;
- ``online_waiting``: online, the guest not yet arrived (its invite still open);
- ``online_playing``: online, both seats taken, some moves in;
- ``hall_clock``: a public hall table with a 5 + 2 clock, both seated, a move in.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
from pathlib import Path
from typing import Any

import httpx

from doublesix.server.config import Settings
from tests.server.harness import LIFTED, Client, ServerThread, create, join, my_turn


async def _moves(client: Client, count: int, rng: random.Random) -> None:
    for _ in range(count):
        while not my_turn(client):  # the computer's move comes first
            await client.recv()
        ack = await client.move(rng.choice(client.view["legal"]))
        assert ack["type"] == "ack", ack
        await client.until_state(ack["state_no"])


async def _to_deal_end(client: Client, rng: random.Random) -> None:
    while client.view["result"] is None:
        await _moves(client, 1, rng)


async def _make(server: ServerThread) -> dict[str, Any]:
    rng = random.Random(25)
    rooms: dict[str, Any] = {}

    game = await create(server, "computer", "draw", level="easy")
    me = Client(server, game["game_id"], game["token"])
    await me.connect()
    await _moves(me, 3, rng)
    rooms["computer"] = {"game_id": game["game_id"], "tokens": [game["token"]]}
    await me.close()

    game = await create(server, "hotseat", "101")
    me = Client(server, game["game_id"], game["token"])
    await me.connect()
    await _to_deal_end(me, rng)
    rooms["hotseat_101"] = {"game_id": game["game_id"], "tokens": [game["token"]]}
    await me.close()

    game = await create(server, "online", "block", name="Аня")
    rooms["online_waiting"] = {"game_id": game["game_id"], "tokens": [game["token"]],
                               "invite": game["invite"]}

    game = await create(server, "online", "draw", name="Аня")
    guest = await join(server, game, "Боря")
    a = Client(server, game["game_id"], game["token"])
    b = Client(server, game["game_id"], guest["token"])
    await a.connect()
    await b.connect()
    for _ in range(4):
        mover = a if my_turn(a) else b
        await _moves(mover, 1, rng)
        await (b if mover is a else a).until_state(mover.state_no)
    rooms["online_playing"] = {"game_id": game["game_id"],
                               "tokens": [game["token"], guest["token"]]}
    await a.close()
    await b.close()

    game = await create(server, "online", "draw", name="Аня",
                        hall={"public": True, "clock": {"minutes": 5, "increment": 2}})
    async with httpx.AsyncClient(base_url=server.http) as http:
        sat = (await http.post(f"/api/hall/tables/{game['game_id']}/sit",
                               json={"name": "Вера"})).json()
    a = Client(server, game["game_id"], game["token"])
    b = Client(server, game["game_id"], sat["token"])
    await a.connect()
    await b.connect()
    mover = a if my_turn(a) else b
    await _moves(mover, 1, rng)
    rooms["hall_clock"] = {"game_id": game["game_id"], "tokens": [game["token"], sat["token"]]}
    await a.close()
    await b.close()
    return rooms


def main(path: str) -> None:
    target = Path(path)
    target.unlink(missing_ok=True)
    settings = Settings(db_url=f"sqlite:///{target}", computer_delay=0.0,
                        rate_per_second=10_000, rate_burst=10_000, **LIFTED)
    server = ServerThread(settings).start()
    try:
        rooms = asyncio.run(_make(server))
        # every room's stored state, to compare after the upgrade
        for info in rooms.values():
            room = server.call(server.service.rooms.get(info["game_id"]))
            info["state_no"] = room.row.state_no
            info["event_no"] = room.row.event_no
        # a hall clock runs on real time: the test starts its server's clock here
        rooms["made_at"] = server.service.clock()
    finally:
        server.stop()
    for suffix in ("-wal", "-shm"):  # stopped: the WAL is checkpointed into the file
        Path(f"{target}{suffix}").unlink(missing_ok=True)
    target.with_suffix(".json").write_text(json.dumps(rooms, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
