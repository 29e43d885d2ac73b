"""Rooms nobody is connected to leave memory after ``room_idle`` seconds; storage keeps them
and the next hello (or move, sit-down, watch) loads them again. Without this, every room a
client created and never opened stayed in memory until its seven-day expiry."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

from doublesix.server.rooms.cache import RoomCache

log = logging.getLogger("doublesix.server.idle")


def sweep(rooms: RoomCache, busy: Callable[[str], bool], room_idle: float,
          now: float | None = None) -> int:
    """Forget the rooms of *rooms* idle for *room_idle* seconds unless *busy* (a socket, a
    watcher or a computer turn holds them); how many left memory."""
    now = time.monotonic() if now is None else now
    gone = 0
    for game_id in rooms.idle_since(now - room_idle):
        room = rooms.cached(game_id)
        if room is not None and not room.lock.locked() and not busy(game_id):
            rooms.forget(game_id)
            gone += 1
    return gone


async def sweep_loop(rooms: RoomCache, busy: Callable[[str], bool], room_idle: float) -> None:
    interval = min(30.0, max(0.05, room_idle / 4))
    while True:
        await asyncio.sleep(interval)
        try:
            sweep(rooms, busy, room_idle)
        except Exception:
            log.exception("sweeping idle rooms failed; trying again later")
