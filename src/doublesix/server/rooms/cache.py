"""Loaded rooms: each read once from storage, locked for every change, saved atomically.

A failed save marks the cached room stale, so the next request reloads it from storage and
nobody ever sees a half-done change. With several processes on one database the same path
turns a lost race into a ``busy`` refusal (storage's optimistic ``event_no`` check).

Several processes: before a change to a cached room, storage is asked whether another process
stored newer events of it. A seat's command need not ask when a fanout keeps this process told
(``listening``, ``told``): while it hears every other process's stores, a copy that was current
when it began to listen stays current until it hears of a newer store. A store whose news is
still on its way is caught by the optimistic check when the command stores, and a command
refused on such a copy is judged again once ``behind`` found storage ahead (service.handle).
Everything else (a hello, the hall, the computer) asks: a refusal there is not retried.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import cast

from doublesix.server.rooms import history
from doublesix.server.rooms.events import Event, Numbered
from doublesix.server.rooms.observer import RoomsObserver, Unobserved
from doublesix.server.rooms.room import Room
from doublesix.server.storage import Conflict, SharedStorage, Storage
from doublesix.server.storage.profiles import FinishedGame
from doublesix.server.wire.errors import ErrorCode, ServiceError, not_found

log = logging.getLogger("doublesix.server")
#: brings a room's own data up to a change just before it is saved, at *now* (the hall's
#: clocks: compose.py passes ``clocks.hall_sync``); runs under the room's lock
BeforeCommit = Callable[[Room, float], None]


class RoomCache:
    def __init__(self, storage: Storage, clock: Callable[[], float],
                 observe: RoomsObserver | None = None, before_commit: BeforeCommit | None = None
                 ) -> None:
        self.storage = storage
        self.clock = clock
        self.before_commit = before_commit
        #: called with each finished game once it is kept, before anyone hears of its end
        self.kept: list[Callable[[FinishedGame], Awaitable[object]]] = []
        self._rooms: dict[str, Room] = {}
        #: when each room was last asked for (monotonic): idle ones leave memory (idle.py)
        self._touched: dict[str, float] = {}
        #: rooms being read from storage, each once however many callers wait for it
        self._loading: dict[str, asyncio.Future[Room]] = {}
        self.observe: RoomsObserver = observe if observe is not None else Unobserved()
        # once: a Protocol isinstance costs ~0.1 ms, and this was asked on every move
        self._shared = isinstance(storage, SharedStorage)
        #: the fanout's current subscription (a new number for each), None while none holds
        self._listening: int | None = None
        self._subscriptions = 0
        #: per room held here, the subscription under which its copy was known current
        self._current_under: dict[str, int] = {}
        #: per room held here, the newest event_no another process was heard to store
        self._heard: dict[str, int] = {}

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
        self._current_under.pop(game_id, None)
        self._heard.pop(game_id, None)
        room = self._rooms.pop(game_id, None)
        if room is not None:
            room.stale = True

    async def get(self, game_id: str) -> Room:
        return (await self._get(game_id))[0]

    async def _get(self, game_id: str) -> tuple[Room, bool]:
        """The room, and whether it was just read from storage (by this call or one it
        joined: a room is read once however many ask for it at the same time)."""
        room = self._rooms.get(game_id)
        if room is not None and not room.stale:
            self._touched[game_id] = time.monotonic()
            return room, False
        loading = self._loading.get(game_id)
        if loading is None:
            loading = self._loading[game_id] = asyncio.ensure_future(self._load(game_id, room))
            loading.add_done_callback(lambda done: self._loaded(game_id, done))
        return await asyncio.shield(loading), True

    async def _load(self, game_id: str, stale: Room | None) -> Room:
        listening = self._listening
        self._current_under.pop(game_id, None)  # vouched for again below, or not at all
        row = await self.storage.load(game_id)
        if row is None:
            raise not_found(game_id)
        # a copy that went stale only because another process moved is carried on
        room = Room.reloaded(row, stale if stale is self._rooms.get(game_id) else None)
        self.add(room)
        self._known_current(room, listening)
        return room

    def created(self, room: Room) -> None:
        """Hold *room*, just stored by this process: nobody else knew of it before, so it is
        current under whatever subscription holds now."""
        self.add(room)
        self._known_current(room, self._listening)

    # -- told by a fanout of other processes' stores ---------------------------------------
    def listening(self, on: bool) -> None:
        """A fanout began to hear every other process's stores (*on*), or stopped."""
        if on:
            self._subscriptions += 1
            self._listening = self._subscriptions
        else:
            self._listening = None

    def told(self, game_id: str, event_no: int) -> None:
        """Another process stored events of *game_id* up to *event_no*."""
        if game_id in self._rooms or game_id in self._loading:
            self._heard[game_id] = max(event_no, self._heard.get(game_id, 0))

    def _known_current(self, room: Room, listening: int | None) -> None:
        """*room*'s copy was current in storage after *listening* (the subscription of when
        storage was read) began: if it still holds, every newer store will be heard of."""
        if listening is not None and listening == self._listening:
            self._current_under[room.game_id] = listening

    def _loaded(self, game_id: str, done: asyncio.Future[Room]) -> None:
        if self._loading.get(game_id) is done:
            del self._loading[game_id]
        if not done.cancelled():
            done.exception()  # heard by every caller that waited: not "never retrieved"

    @contextlib.asynccontextmanager
    async def locked(self, game_id: str, *, stored: int | None = None, told: bool = False
                     ) -> AsyncIterator[Room]:
        """The room, locked; reloaded first if a failed save or another process left the
        cached copy stale. *stored*: an ``event_no`` storage is known to hold (the fanout
        heard of it), which spares asking storage whether the copy is current; *told*: the
        fanout's word that no newer store was heard of spares it too (see the module)."""
        while True:
            room, fresh = await self._get(game_id)
            async with room.lock:
                if room.stale or self._rooms.get(game_id) is not room:
                    continue
                # just read, the copy is as current as asking again would tell
                if not fresh and not await self._current(room, stored, told):
                    room.stale = True  # another process changed it: reload
                    continue
                try:
                    yield room
                except ServiceError:
                    raise  # a refusal: checked before anything changed
                except BaseException:
                    # a failure half-way may have moved the live match (its shuffle
                    # included) past what is stored: the next request reads it afresh
                    self.forget(game_id)
                    raise
                return

    async def behind(self, game_id: str) -> bool:
        """Whether storage holds newer events of the room than the copy here (which is then
        read again at its next use): asked after a refusal made on the fanout's word."""
        room = self._rooms.get(game_id)
        if not self._shared or room is None:
            return False
        if room.stale or not await self._current(room):
            room.stale = True
            return True
        return False

    async def _current(self, room: Room, known: int | None = None, told: bool = False) -> bool:
        """False when a process sharing the storage has stored newer events of the room."""
        if not self._shared:
            return True  # one process owns the storage: the cache is the truth
        if known is not None:
            return room.row.event_no >= known
        game_id = room.game_id
        listening = self._listening
        if told and listening is not None and self._current_under.get(game_id) == listening:
            return self._heard.get(game_id, 0) <= room.row.event_no
        stored = await cast(SharedStorage, self.storage).event_nos([game_id])
        current = stored.get(game_id) == room.row.event_no
        if current:
            self._known_current(room, listening)
        return current

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
        if room.kept != row.game_no:
            await self._keep(room, now)
        self.observe.committed(room, events, time.perf_counter() - started)
        return events

    async def _keep(self, room: Room, now: float) -> None:
        """Keep the room's game in history once it is over (rooms/history.py): after the save
        that ended it, before anyone hears of that move. The move is stored either way."""
        game = history.finished(room, now)
        if game is None:
            return
        try:
            await self.storage.profiles.record_game(game)
            # what hangs on a kept game (its rating: compose.py), idempotent as the keeping
            for hook in self.kept:
                await hook(game)
        except Exception:
            log.exception("keeping the finished game %s of room %s failed", room.row.game_no,
                          room.game_id)
            return
        room.kept = room.row.game_no
