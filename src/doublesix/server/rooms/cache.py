"""Loaded rooms: each read once from storage, locked for every change, saved atomically.

A failed save marks the cached room stale, so the next request reloads it from storage and
nobody ever sees a half-done change. With several processes on one database the same path
turns a lost race into a ``busy`` refusal (storage's optimistic ``event_no`` check).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Callable, Sequence
from typing import cast

from doublesix.server.ops.observe import Observer
from doublesix.server.rooms.events import Event, Numbered
from doublesix.server.rooms.room import Room
from doublesix.server.storage import Conflict, SharedStorage, Storage
from doublesix.server.wire.errors import ErrorCode, ServiceError, not_found

log = logging.getLogger("doublesix.server")
#: brings a room's own data up to a change just before it is saved, at *now* (the hall's
#: clocks: compose.py passes ``clocks.hall_sync``); runs under the room's lock
BeforeCommit = Callable[[Room, float], None]


class RoomCache:
    def __init__(self, storage: Storage, clock: Callable[[], float],
                 observe: Observer | None = None, before_commit: BeforeCommit | None = None
                 ) -> None:
        self.storage = storage
        self.clock = clock
        self.before_commit = before_commit
        self._rooms: dict[str, Room] = {}
        #: when each room was last asked for (monotonic): idle ones leave memory (idle.py)
        self._touched: dict[str, float] = {}
        self._load_lock = asyncio.Lock()
        self.observe = observe
        # once: a Protocol isinstance costs ~0.1 ms, and this was asked on every move
        self._shared = isinstance(storage, SharedStorage)

    def ids(self) -> list[str]:
        return list(self._rooms)

    def cached(self, game_id: str) -> Room | None:
        return self._rooms.get(game_id)

    def add(self, room: Room) -> None:
        room.now = self.clock
        self._rooms[room.game_id] = room
        self._touched[room.game_id] = time.monotonic()

    def idle_since(self, cutoff: float) -> list[str]:
        """Rooms in memory not asked for since *cutoff* (a ``time.monotonic()`` value)."""
        return [g for g, at in self._touched.items() if at < cutoff]

    def forget(self, game_id: str) -> None:
        self._touched.pop(game_id, None)
        room = self._rooms.pop(game_id, None)
        if room is not None:
            room.stale = True

    async def get(self, game_id: str) -> Room:
        room = self._rooms.get(game_id)
        if room is not None and not room.stale:
            self._touched[game_id] = time.monotonic()
            return room
        async with self._load_lock:
            room = self._rooms.get(game_id)
            if room is not None and not room.stale:
                return room
            row = await self.storage.load(game_id)
            if row is None:
                raise not_found(game_id)
            room = Room.from_row(row)
            self.add(room)
            return room

    @contextlib.asynccontextmanager
    async def locked(self, game_id: str) -> AsyncIterator[Room]:
        """The room, locked; reloaded first if a failed save left the cached copy stale."""
        while True:
            room = await self.get(game_id)
            async with room.lock:
                if room.stale or self._rooms.get(game_id) is not room:
                    continue
                if not await self._current(room):
                    room.stale = True  # another process changed it: reload
                    continue
                try:
                    yield room
                except ServiceError:
                    raise  # a refusal: checked before anything changed
                except BaseException:
                    # a failure half-way may have moved the live match (its shuffle
                    # included) past what is stored: the next request reloads it
                    room.stale = True
                    raise
                return

    async def _current(self, room: Room) -> bool:
        """False when a process sharing the storage has stored newer events of the room."""
        if not self._shared:
            return True  # one process owns the storage: the cache is the truth
        stored = await cast(SharedStorage, self.storage).event_nos([room.game_id])
        return stored.get(room.game_id) == room.row.event_no

    async def commit(self, room: Room, changes: Sequence[Event]) -> list[Numbered]:
        """Store the room's changed row with *changes* as its next events (before anyone
        hears of them)."""
        row = room.row
        expected = row.event_no
        now = self.clock()
        events = [Numbered.of(expected + i + 1, row.state_no, e) for i, e in enumerate(changes)]
        row.event_no = expected + len(events)
        row.updated_at = now
        room.sync_record()
        if self.before_commit is not None:
            self.before_commit(room, now)  # e.g. a hall clock, charged and saved with the move
        started = time.perf_counter()
        try:
            await self.storage.save(row, expected, [e.row(row.game_id, now) for e in events])
        except Conflict:
            room.stale = True
            raise ServiceError(ErrorCode.BUSY,
                               "the room changed meanwhile: nothing was stored, retry"
                               " with the new state") from None
        except BaseException as exc:
            room.stale = True
            if isinstance(exc, Exception):
                log.exception("saving room %s failed", row.game_id)
                raise ServiceError(ErrorCode.INTERNAL, "the change could not be stored; nothing"
                                   " changed", status=500) from exc
            raise
        if self.observe is not None:
            self.observe.committed(room, events, time.perf_counter() - started)
        return events
