"""What the operator's view costs per frame: the metrics and log calls of the hot path.

Times the calls ws.py and cache.py make for every move (a frame's histogram, a commit's
histogram and its move counter) against a real room, N times each, in this process.

    .venv/bin/python bench/observe_cost.py --n 100000
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import time

from doublesix.core import Ruleset
from doublesix.server.config import Settings
from doublesix.server.http.ws import Connection
from doublesix.server.ops.observe import Observer
from doublesix.server.rooms.events import Numbered, Played
from doublesix.server.rooms.room import Room, new_match
from doublesix.server.rooms.service import RoomsService
from doublesix.server.storage import GameRow, SeatRow, open_storage


def per_call(n: int, call: object) -> float:
    assert callable(call)
    started = time.perf_counter()
    for _ in range(n):
        call()
    return (time.perf_counter() - started) / n * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=100_000, help="calls of each (default: 100000)")
    n = parser.parse_args().n
    settings = Settings(db_url="memory://")
    observe = Observer(settings)
    service = RoomsService(open_storage("memory://"), settings, observe=observe)
    observe.count_rooms(lambda: len(service.rooms.ids()))
    metrics = observe.metrics
    match, record = new_match(Ruleset.from_dict({"preset": "draw"}), 1)
    row = GameRow(game_id="bench", mode="online", level=None, record=record, game_no=1,
                  state_no=0, event_no=1, seats=[SeatRow(0), SeatRow(1)], invite_hash=None,
                  created_at=0.0, updated_at=0.0)
    room = Room(row=row, match=match)
    move = [Numbered.of(2, 1, Played(0, "play 6-6", "player"))]
    started = time.perf_counter()
    figures = {
        "histogram labels(...).observe": per_call(n, lambda: metrics.frame_seconds.labels(
            "move").observe(0.001)),
        "observe.answered (frame count + latency)": per_call(
            n, lambda: observe.answered("move", started)),
        "observe.committed (commit time + move count)": per_call(
            n, lambda: observe.committed(room, move, 0.001)),
    }
    for name, micro in figures.items():
        print(f"{name:48} {micro:6.2f} µs per call")
    total = figures["observe.answered (frame count + latency)"] + figures[
        "observe.committed (commit time + move count)"]
    print(f"{'per move (answered + committed)':48} {total:6.2f} µs = {total / 15:.2f} % of 1.5 ms")
    bare = per_call(n // 10, lambda: gc.collect(0))
    metrics.watch_gc()
    watched = per_call(n // 10, lambda: gc.collect(0))
    metrics.unwatch_gc()
    print(f"{'a young collection, timed by gc.callbacks':48} {watched - bare:6.2f} µs more"
          f" ({bare:.2f} µs untimed)")
    # a scrape: every frame type seen, 2,000 seat sockets counted by kind
    for kind in ("hello", "move", "next_deal", "ping", "chat", "watch", "lobby", "invalid"):
        observe.answered(kind, started)
    for _ in range(2000):
        peer = Connection(None)  # type: ignore[arg-type]  # never sends: only counted
        peer.game_id, peer.seats = "g", (0,)
        observe.opened(peer)
    scrape = per_call(200, metrics.render) / 1000
    print(f"{'a scrape (render, 2,000 sockets counted)':48} {scrape:6.2f} ms")
    asyncio.run(service.computer.stop())  # lets the bot pool go


if __name__ == "__main__":
    main()
