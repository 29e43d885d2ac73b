"""The computer must not starve other players (issue 12, item 5): decisions run in worker
processes at a lower priority, at most ``bot_queue`` at once, each room's turns in order.
The latency figures under a flood of hard computers come from ``bench/hostile.py computer``
(a small version runs in tests/scale/test_campaigns.py)."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

from doublesix.server.config import Settings
from tests.server.harness import LIFTED, Client, ServerThread, create
from tests.server.hostile import assert_rooms_replay


def _descendants_nice(pid: int) -> dict[int, int]:
    """Every descendant of *pid* (the forkserver's workers included) and its nice value."""
    found: dict[int, int] = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            kids = [int(k) for k in (task / "children").read_text().split()]
        except OSError:
            continue
        for kid in kids:
            try:
                fields = Path(f"/proc/{kid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            found[kid] = int(fields[16])  # field 19 of /proc/PID/stat: nice
            found.update(_descendants_nice(kid))
    return found


async def test_computer_turns_run_in_lower_priority_processes_in_order() -> None:
    server = ServerThread(Settings(db_url="memory://", computer_delay=0.0, bot_workers=2,
                                   bot_queue=1, rate_per_second=10_000, rate_burst=10_000,
                                   **LIFTED)).start()
    try:
        games = await asyncio.gather(*(create(server, "computer", "draw", level="hard",
                                              rules={"players": 4}) for _ in range(6)))
        seats = [Client(server, g["game_id"], g["token"]) for g in games]
        for seat in seats:
            await seat.connect()
        for _ in range(3):  # a few of my moves in each room, the computers between them
            for seat in seats:
                while seat.view["to_move"] != seat.view["seat"] and seat.view["result"] is None:
                    await seat.recv(timeout=60)
                if seat.view["result"] is None:
                    reply = await seat.move(seat.view["legal"][0])
                    assert reply["type"] == "ack", reply
        # each room's computer turns came one after another, as stored
        for seat in seats:
            numbers = [f["state_no"] for f in seat.frames if f["type"] == "event"]
            assert numbers == sorted(numbers)
            kinds = [f["event"].get("by") for f in seat.frames if f["type"] == "event"]
            assert "computer" in kinds
        assert_rooms_replay(server)
        workers = {pid: nice for pid, nice in _descendants_nice(os.getpid()).items()
                   if nice >= os.nice(0) + 10}
        assert workers, "no lower-priority worker process played the computer"
        for seat in seats:
            await seat.close()
    finally:
        server.stop()
