"""A quick local load run: N online games played by real WebSocket clients, bounded in time.

Starts `doublesix serve` on 127.0.0.1 (a free port, a throw-away SQLite file) unless --url is
given, then plays random legal moves as fast as the server acknowledges them, starting a
rematch whenever a game ends. Prints connections, moves/s and the move round trip (send ->
ack, which the server sends only after the move is committed to storage).

    .venv/bin/python bench/load_quick.py --games 50 --seconds 15
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.support.procs import ServerProcess  # noqa: E402


class Seat:
    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.view: dict[str, Any] = {}
        self.state_no = -1
        self.acks: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.changed = asyncio.Event()

    async def read(self) -> None:
        async for raw in self.ws:
            frame = json.loads(raw)
            kind = frame["type"]
            if kind in ("welcome", "event"):
                self.view, self.state_no = frame["view"], frame["state_no"]
                self.changed.set()
            elif kind in ("ack", "error") and frame.get("id") in self.acks:
                self.acks.pop(frame["id"]).set_result(frame)


class Stats:
    def __init__(self) -> None:
        self.rtts: list[float] = []
        self.errors = 0
        self.games = 0
        self.connections = 0


async def play_room(base: str, ws_url: str, stop_at: float, stats: Stats, seed: int,
                    pause: float = 0.0) -> None:
    """Play until *stop_at*, *pause* seconds after each acknowledged move (0: none)."""
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        game = (await http.post("/api/games", json={"mode": "online",
                                                    "rules": {"preset": "draw"}})).json()
        guest = (await http.post(f"/api/games/{game['game_id']}/join",
                                 json={"invite": game["invite"]})).json()
    seats: list[Seat] = []
    readers = []
    for token in (game["token"], guest["token"]):
        ws = await connect(ws_url, max_size=None)
        stats.connections += 1
        seat = Seat(ws)
        seats.append(seat)
        readers.append(asyncio.create_task(seat.read()))
        await ws.send(json.dumps({"type": "hello", "game_id": game["game_id"], "token": token}))
    next_id = 0
    try:
        while time.monotonic() < stop_at:
            for seat in seats:
                while seat.state_no < 0:
                    seat.changed.clear()
                    await seat.changed.wait()
            state = max(s.state_no for s in seats)
            for seat in seats:  # both sides must have seen the last change
                while seat.state_no < state:
                    seat.changed.clear()
                    await seat.changed.wait()
            view = seats[0].view
            if view["result"] is not None:
                stats.games += 1
                for seat in seats:
                    await seat.ws.send(json.dumps({"type": "rematch"}))
                while any(s.view["result"] is not None for s in seats):
                    for seat in seats:
                        seat.changed.clear()
                    await asyncio.wait([asyncio.create_task(s.changed.wait()) for s in seats],
                                       return_when=asyncio.FIRST_COMPLETED)
                continue
            mover = next(s for s in seats if s.view["legal"] and s.view["to_move"] ==
                         s.view["seat"])
            next_id += 1
            done: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
            mover.acks[next_id] = done
            sent = time.perf_counter()
            await mover.ws.send(json.dumps({"type": "move", "state_no": mover.state_no,
                                            "action": rng.choice(mover.view["legal"]),
                                            "id": next_id}))
            reply = await asyncio.wait_for(done, 30)
            if reply["type"] == "ack":
                stats.rtts.append(time.perf_counter() - sent)
                if pause:
                    await asyncio.sleep(pause)
                for seat in seats:
                    while seat.state_no < reply["state_no"]:
                        seat.changed.clear()
                        await seat.changed.wait()
            else:
                stats.errors += 1
    finally:
        for seat in seats:
            await seat.ws.close()
        for task in readers:
            task.cancel()


async def run(base: str, games: int, seconds: float) -> dict[str, Any]:
    stats = Stats()
    ws_url = base.replace("http", "ws", 1) + "/ws"
    start = time.monotonic()
    stop_at = start + seconds
    await asyncio.gather(*(play_room(base, ws_url, stop_at, stats, i) for i in range(games)))
    elapsed = time.monotonic() - start
    rtts = sorted(stats.rtts)
    quantiles = statistics.quantiles(rtts, n=100) if len(rtts) >= 2 else [0.0] * 99
    return {
        "connections": stats.connections,
        "games_finished": stats.games,
        "moves": len(rtts),
        "errors": stats.errors,
        "seconds": round(elapsed, 1),
        "moves_per_s": round(len(rtts) / elapsed, 1),
        "rtt_p50_ms": round(quantiles[49] * 1000, 2),
        "rtt_p99_ms": round(quantiles[98] * 1000, 2),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="concurrent online games")
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--url", help="an already running server (http://127.0.0.1:PORT)")
    parser.add_argument("--db", help="storage URL for the started server (default: a temp"
                        " SQLite file)")
    args = parser.parse_args()
    server = None
    with tempfile.TemporaryDirectory() as tmp:
        base = args.url
        if base is None:
            # every client moves as fast as it can, so the flood limit is lifted
            server = ServerProcess(
                args.db or f"sqlite:///{tmp}/load.db",
                env={"DOUBLESIX_WS_RATE": "100000", "DOUBLESIX_WS_BURST": "100000"},
            ).start()
            base = server.http
        try:
            result = asyncio.run(run(base, args.games, args.seconds))
        finally:
            if server is not None:
                server.stop()
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
