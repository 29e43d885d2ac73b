"""Rooms nobody is connected to leave memory after ``room_idle`` seconds; storage keeps them
and the next hello (or move, sit-down, watch) loads them again. Without this, every room a
client created and never opened stayed in memory until its seven-day expiry."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from doublesix.server.service import RoomsService

log = logging.getLogger("doublesix.server.idle")


def sweep(service: RoomsService, now: float | None = None) -> int:
    """Forget the idle rooms of *service*'s cache; how many left memory."""
    now = time.monotonic() if now is None else now
    cutoff = now - service.settings.room_idle
    gone = 0
    for game_id in service.rooms.idle_since(cutoff):
        room = service.rooms.cached(game_id)
        busy = (room is None or room.lock.locked() or game_id in service._computer
                or any(True for _ in service.hub.peers(game_id))
                or service.hall.watchers.get(game_id))
        if not busy:
            service.rooms.forget(game_id)
            gone += 1
    return gone


async def sweep_loop(service: RoomsService) -> None:
    interval = min(30.0, max(0.05, service.settings.room_idle / 4))
    while True:
        await asyncio.sleep(interval)
        try:
            sweep(service)
        except Exception:
            log.exception("sweeping idle rooms failed; trying again later")
