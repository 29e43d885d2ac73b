"""What a room and an idle socket cost the server: RSS and objects the collector tracks.

Starts one server (SQLite, under bench/serverprobe.py), then in steps: N online rooms created
and joined over HTTP (in memory, no socket); two sockets per room that said hello and stay
idle; M moves played in each room over those sockets; the sockets closed (a room leaves
memory with its last socket, so the census falls back to where it started unless something
leaks). After each step: the server's RSS, a census of the collector's live objects, and the
SQLite file's size (with its WAL). Prints one JSON line.

    python bench/memory.py --rooms 1000 [--moves 10] [--src /tmp/before/src]

Figures do not depend on the machine's load (except a little on allocator timing).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.support.procs import ServerProcess  # noqa: E402


def census(server: ServerProcess) -> dict[str, Any]:
    assert server.probe is not None
    before = len(json.loads(server.probe.read_text()).get("census", []))
    os.kill(server.pid, signal.SIGUSR1)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        time.sleep(0.3)
        try:
            taken = json.loads(server.probe.read_text()).get("census", [])
        except (OSError, ValueError):
            continue
        if len(taken) > before:
            last: dict[str, Any] = taken[-1]
            return last
    raise RuntimeError("no census from the probe")


def snapshot(server: ServerProcess, db: Path) -> dict[str, Any]:
    time.sleep(1.0)  # let the allocator settle after the last burst
    c = census(server)
    size = sum(p.stat().st_size for p in db.parent.glob(db.name + "*"))
    return {"rss_kib": server.rss_kib(), "tracked": c["tracked"], "frozen": c["frozen"],
            "db_bytes": size}


async def create_rooms(url: str, n: int) -> list[tuple[str, str, str]]:
    import httpx

    out = []
    async with httpx.AsyncClient(timeout=30) as http:
        for _ in range(n):
            r = await http.post(url + "/api/games", json={"mode": "online",
                                                          "rules": {"preset": "draw"}})
            game = r.json()
            r = await http.post(f"{url}/api/games/{game['game_id']}/join",
                                json={"invite": game["invite"]})
            out.append((game["game_id"], game["token"], r.json()["token"]))
    return out


Pair = list[tuple[Any, dict[str, Any]]]


async def open_sockets(ws_url: str, rooms: list[tuple[str, str, str]]) -> list[Pair]:
    """Two sockets a room, each with its welcome."""
    from websockets.asyncio.client import connect

    pairs = []
    for game_id, *seat_tokens in rooms:
        pair = []
        for token in seat_tokens:
            ws = await connect(ws_url, max_size=None, ping_interval=None)
            await ws.send(json.dumps({"type": "hello", "game_id": game_id, "token": token}))
            pair.append((ws, json.loads(await ws.recv())))
        pairs.append(pair)
    return pairs


async def play(pairs: list[Pair], moves: int, rng: random.Random) -> None:
    for pair in pairs:
        views = [w["view"] for _, w in pair]
        state_no = pair[0][1]["state_no"]
        for n in range(moves):
            mover = next((i for i, v in enumerate(views) if v["legal"]
                          and v["to_move"] == v["seat"]), None)
            if mover is None:
                break
            ws = pair[mover][0]
            await ws.send(json.dumps({"type": "move", "state_no": state_no, "id": n,
                                      "action": rng.choice(views[mover]["legal"])}))
            for i, (sock, _) in enumerate(pair):
                while True:
                    frame = json.loads(await sock.recv())
                    if frame["type"] == "event":
                        views[i], state_no = frame["view"], frame["state_no"]
                        break


async def measure(server: ServerProcess, db: Path, rooms: int, moves: int) -> dict[str, Any]:
    steps: dict[str, Any] = {"started": snapshot(server, db)}
    made = await create_rooms(server.http, rooms)
    steps["rooms_created"] = snapshot(server, db)
    pairs = await open_sockets(server.ws_url, made)
    steps["sockets_open"] = snapshot(server, db)
    await play(pairs, moves, random.Random(1))
    steps["rooms_played"] = snapshot(server, db)
    for pair in pairs:
        for ws, _ in pair:
            await ws.close()
    await asyncio.sleep(1.0)
    steps["sockets_closed"] = snapshot(server, db)
    return steps


def per(steps: dict[str, Any], a: str, b: str, n: int, key: str) -> float:
    return round(float((steps[b][key] - steps[a][key]) / n), 1)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rooms", type=int, default=1000)
    p.add_argument("--moves", type=int, default=10, help="moves played in each room")
    p.add_argument("--src", default=None, help="run the server from this source tree")
    args = p.parse_args(argv)
    tmp = Path(tempfile.mkdtemp(prefix="ds-memory-"))
    db = tmp / "doublesix.db"
    env = {"PYTHONPATH": str(Path(args.src).resolve())} if args.src else {}
    server = ServerProcess(f"sqlite:///{db}", log=tmp / "server.log", probe=tmp / "probe.json",
                           env=env).start()
    try:
        steps = asyncio.run(measure(server, db, args.rooms, args.moves))
    finally:
        server.stop()
    n = args.rooms
    summary = {
        "rooms": n, "moves_per_room": args.moves, "server_src": args.src or "this tree",
        "rss_kib_per_room_created": per(steps, "started", "rooms_created", n, "rss_kib"),
        "tracked_per_room_created": per(steps, "started", "rooms_created", n, "tracked"),
        "rss_kib_per_idle_socket": per(steps, "rooms_created", "sockets_open", 2 * n,
                                       "rss_kib"),
        "tracked_per_idle_socket": per(steps, "rooms_created", "sockets_open", 2 * n,
                                       "tracked"),
        "tracked_added_per_room_by_moves": per(steps, "sockets_open", "rooms_played", n,
                                               "tracked"),
        "rss_kib_added_per_room_by_moves": per(steps, "sockets_open", "rooms_played", n,
                                               "rss_kib"),
        "tracked_left_after_close": steps["sockets_closed"]["tracked"]
        - steps["started"]["tracked"],
        "db_bytes_per_stored_room": per(steps, "started", "sockets_closed", n, "db_bytes"),
        "steps": steps,
    }
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
