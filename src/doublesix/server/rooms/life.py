"""A room's life in the server: it expires after ``room_ttl`` without activity (deleted from
storage, its sockets closed), and leaves memory after ``room_idle`` when nobody here holds it
(storage keeps it; :mod:`.idle`). Both run as loops of their own beside the service."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from doublesix.server.config import Settings
from doublesix.server.rooms import idle
from doublesix.server.rooms.cache import RoomCache
from doublesix.server.storage import Storage

log = logging.getLogger("doublesix.server")


class RoomLife:
    def __init__(self, storage: Storage, rooms: RoomCache, settings: Settings,
                 clock: Callable[[], float], holds: Callable[[str], bool],
                 gone: Callable[[list[str]], None]) -> None:
        self.storage = storage
        self.rooms = rooms
        self.settings = settings
        self.clock = clock
        #: whether something here (a socket, a watcher, a computer turn) still needs the room
        self.holds = holds
        #: told of the rooms expiry deleted (after they left the cache): closes their sockets
        self.gone = gone
        self._tasks: list[asyncio.Task[None]] = []

    async def start(self) -> None:
        """Delete the rooms that expired while the server was down, then keep at it."""
        await self.expire()
        self._tasks = [asyncio.create_task(self._expiry_loop()),
                       asyncio.create_task(idle.sweep_loop(self.rooms, self.holds,
                                                           self.settings.room_idle))]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def _expiry_loop(self) -> None:
        while True:
            await asyncio.sleep(self.settings.expiry_interval)
            try:
                await self.expire()
            except Exception:
                log.exception("expiry failed; trying again later")

    async def expire(self) -> list[str]:
        """Delete rooms without activity for ``room_ttl`` seconds; their ids."""
        gone = await self.storage.delete_inactive(self.clock() - self.settings.room_ttl)
        for game_id in gone:
            self.rooms.forget(game_id)
        if gone:
            log.info("expired %d room(s)", len(gone))
            self.gone(gone)
        return gone
