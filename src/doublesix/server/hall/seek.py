"""«Играть сейчас» (issue 25, point 5): seek a rated game from the lobby socket, and be seated.

A lobby socket (``{"type": "lobby"}`` first) sends ``seek`` with its profile key, a game type
and a clock; the person enters the pool (hall/pool.py) with their rating in that type and is
told ``seeking`` (again each time their window widens). Every :data:`~.pool.TICK`, and at
once on each seek, the pool is looked over for pairs; a pair taken out of the pool (only one
process takes it: hall/pool_redis.py) becomes one rated public hall table, made here as a
create and a join would make it, and each of the two sockets is sent ``matched`` with its seat
(the answer a create or a sit-down gives), on whichever process it is (``tell``, hall/shared.py).

``seek_cancel``, a closed socket, and a seek of the same person from another tab (which
replaces it: ``seek_ended`` ``replaced`` to the first) take a person out.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

from doublesix.server.hall.holders import identities
from doublesix.server.hall.names import clean_name
from doublesix.server.hall.pool import TICK, MemoryPool, Seeker, check_kind, pairs, window
from doublesix.server.rooms.hub import Peer
from doublesix.server.rooms.service import RoomsService
from doublesix.server.rooms.tables import TableOptions
from doublesix.server.storage.profiles import Profile
from doublesix.server.wire.errors import ErrorCode, ServiceError, leave_wait
from doublesix.server.wire.protocol import OutFrame, Seek

log = logging.getLogger("doublesix.server.hall")
#: a process silent this long (s) after this one started has its seekers taken out
STALE_AFTER = 600.0
#: a frame for a socket on another process: (the socket, the frame)
Tell = Callable[[str, OutFrame], None]


@dataclass(frozen=True, slots=True)
class People:
    """What the matchmaker asks of the layers above the hall (compose.py passes them in):
    the profile a key opens, a profile's shown rating in a game type, and how long a profile
    is held back from rated games (issue 26; 0: not)."""

    profile: Callable[[str], Awaitable[Profile | None]]
    rating: Callable[[str, str], Awaitable[int]]
    hold: Callable[[str], Awaitable[float]]


class Pool(Protocol):
    async def start(self) -> None: ...
    async def stop(self) -> None: ...
    async def put(self, seeker: Seeker) -> Seeker | None: ...
    async def remove(self, seeker: Seeker) -> bool: ...
    async def seekers(self) -> list[Seeker]: ...
    async def take(self, a: Seeker, b: Seeker) -> bool: ...


class Matchmaker:
    def __init__(self, service: RoomsService, people: People, pool: Pool | None = None,
                 ) -> None:
        self.service = service
        self.people = people
        self.pool: Pool = pool if pool is not None else MemoryPool()
        self.clock = service.clock
        self.process = service.instance
        self.started = service.clock()
        #: frames for sockets of other processes (hall/shared.py); none with one process
        self.tell: Tell | None = None
        #: whether a process is alive (with several: heard from lately)
        self.alive: Callable[[str], bool] = lambda process: True
        #: this process's waiting sockets: socket id -> (the socket, its entry, window sent)
        self.waiting: dict[str, tuple[Peer, Seeker, int | None]] = {}
        self._ids = itertools.count(1)
        self._socket_of: dict[int, str] = {}
        self._lock = asyncio.Lock()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._loop: asyncio.Task[None] | None = None

    # -- life cycle ------------------------------------------------------------------------
    async def start(self) -> None:
        await self.pool.start()
        self._loop = asyncio.create_task(self._ticks())

    async def stop(self) -> None:
        tasks = [t for t in (self._loop, *self._tasks) if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for seeker in [s for _, s, _ in self.waiting.values()]:
            try:
                await self.pool.remove(seeker)  # a stopping process's seekers leave with it
            except Exception:
                log.warning("taking %s out of the pool on stop failed", seeker.socket)
        await self.pool.stop()

    async def _ticks(self) -> None:
        while True:
            await asyncio.sleep(TICK)
            try:
                await self.tick()
            except Exception:
                log.exception("the «Играть сейчас» pool's tick failed; trying again")

    async def tick(self) -> None:
        """Tell this process's seekers their wider windows, then seat the pairs that fit."""
        now = self.clock()
        for socket, (peer, seeker, sent) in list(self.waiting.items()):
            width = window(now - seeker.since)
            if width != sent:
                self.waiting[socket] = (peer, seeker, width)
                peer.send(self._seeking(seeker, now, None))
        await self.match()

    # -- frames of a lobby socket ----------------------------------------------------------
    async def seek(self, peer: Peer, cmd: Seek, client: str | None) -> None:
        try:
            preset, minutes, increment = check_kind(cmd.preset, cmd.clock)
        except ValueError as exc:
            raise ServiceError(ErrorCode.BAD_SEEK, str(exc)) from None
        profile = await self.people.profile(cmd.key)
        if profile is None:
            raise ServiceError(ErrorCode.BAD_PROFILE_KEY, "this profile key opens no profile"
                               " (deleted?): forget it and make a new profile", status=401)
        wait = await self.people.hold(profile.profile_id)
        if wait > 0:
            raise leave_wait(wait)  # issue 26: the pool only makes rated tables
        name = clean_name(cmd.name) if cmd.name is not None else profile.name
        rating = await self.people.rating(profile.profile_id, preset)
        socket = self._socket_of.setdefault(id(peer), f"{self.process}/{next(self._ids)}")
        now = self.clock()
        seeker = Seeker(profile.profile_id, name, rating, preset, minutes, increment,
                        now, socket, identities(client, cmd.browser, profile.profile_id))
        mine = self.waiting.pop(socket, None)
        if mine is not None and mine[1].profile_id != seeker.profile_id:
            await self.pool.remove(mine[1])  # this socket now seeks as another profile
        # waiting here before the pool has it: a pairing meanwhile sees a socket that listens
        self.waiting[socket] = (peer, seeker, window(0.0))
        old = await self.pool.put(seeker)
        if old is not None and old.socket != socket:
            self._to(old.socket, {"type": "seek_ended", "reason": "replaced", "id": None})
        peer.send(self._seeking(seeker, now, cmd.id))
        await self.match()

    async def cancel(self, peer: Peer, request_id: Any) -> None:
        socket = self._socket_of.get(id(peer))
        mine = self.waiting.get(socket) if socket is not None else None
        # taken by a pair meanwhile (on another process): its ``matched`` is on its way
        if mine is None or not await self.pool.remove(mine[1]):
            raise ServiceError(ErrorCode.NOTHING_TO_CANCEL, "you are not waiting for a game"
                               " (already seated, or never asked)")
        self.waiting.pop(mine[1].socket, None)
        peer.send({"type": "seek_ended", "reason": "cancelled", "id": request_id})

    def left(self, peer: Peer) -> None:
        """A lobby socket closed: its person leaves the pool (unless another tab replaced it)."""
        socket = self._socket_of.pop(id(peer), None)
        mine = self.waiting.pop(socket, None) if socket is not None else None
        if mine is not None:
            self._spawn(self.pool.remove(mine[1]))

    def _seeking(self, seeker: Seeker, now: float, request_id: Any) -> OutFrame:
        return {"type": "seeking", "id": request_id, "preset": seeker.preset,
                "clock": {"minutes": seeker.minutes, "increment": seeker.increment},
                "rating": seeker.rating, "window": window(now - seeker.since),
                "waited": round(now - seeker.since, 1)}

    # -- pairs -----------------------------------------------------------------------------
    async def match(self) -> int:
        """Take out and seat every pair that fits now; how many were seated here."""
        async with self._lock:
            now = self.clock()
            seekers = []
            for seeker in await self.pool.seekers():
                if seeker.process == self.process and seeker.socket not in self.waiting:
                    # its socket here closed, and the removal that started has not run yet (or
                    # came after another process read the pool): seated now, they would hold a
                    # seat at a rated table nobody told them of, and their opponent would wait
                    await self.pool.remove(seeker)
                elif self.alive(seeker.process):
                    seekers.append(seeker)
                elif now - self.started > STALE_AFTER and now - seeker.since > STALE_AFTER:
                    await self.pool.remove(seeker)  # a process that died unseen left it
            seated = 0
            for a, b in pairs(seekers, now, self.service.settings.seats_per_client):
                if await self.pool.take(a, b):  # else another process took one of them
                    await self._seat(a, b)
                    seated += 1
            return seated

    async def _seat(self, a: Seeker, b: Seeker) -> None:
        """One rated public table for *a* (the longer waiting: its creator) and *b*."""
        hall: TableOptions = {"public": True, "rated": True,
                              "clock": {"minutes": a.minutes, "increment": a.increment}}
        try:
            made = await self.service.create("online", {"preset": a.preset}, None, a.name, hall,
                                              None, None, a.holders, a.profile_id)
            joined = await self.service.join(made["game_id"], made["invite"], b.name,
                                             holders=b.holders, profile=b.profile_id)
        except ServiceError as exc:
            log.warning("seating a «Играть сейчас» pair failed: %s", exc)
            for seeker in (a, b):
                self._to(seeker.socket, {"type": "seek_ended", "reason": "failed", "id": None})
            return
        del made["invite"], made["invite_url"]  # the table is full: nobody else is invited
        for seeker, seat, other in ((a, made, b), (b, joined, a)):
            self._to(seeker.socket, {"type": "matched", **seat,
                                     "opponent": {"name": other.name, "rating": other.rating}})

    # -- to sockets here or elsewhere --------------------------------------------------------
    def _to(self, socket: str, frame: OutFrame) -> None:
        if socket.partition("/")[0] == self.process:
            self.heard(socket, frame)
        elif self.tell is not None:
            self.tell(socket, frame)

    def heard(self, socket: str, frame: OutFrame) -> None:
        """A frame for *socket*, if it still waits here: a pool's end leaves ``waiting``."""
        mine = self.waiting.get(socket)
        if mine is None:
            return  # closed meanwhile (a table it was seated at waits for it in the hall)
        if frame.get("type") in ("matched", "seek_ended"):
            del self.waiting[socket]
        mine[0].send(frame)

    def forget_process(self, process: str) -> None:
        """A process went silent: its seekers leave the pool (every process tries; the
        first removes them, the others find them gone)."""
        self._spawn(self._forget(process))

    async def _forget(self, process: str) -> None:
        for seeker in await self.pool.seekers():
            if seeker.process == process:
                await self.pool.remove(seeker)

    def _spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
