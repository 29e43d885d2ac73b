"""Leavers: a person away from an online game in play (an invite room or a hall table) for
longer than ``leave_grace`` seconds — half that at a timed table, whose clock already runs —
is marked as having left (a stored ``left`` event). The others are then offered, in one tap,
to let the computer play the seat (``stand_in``) or, with two players, to claim the game
(``claim``): the transitions are in :mod:`.machine`. A leaver who connects again takes the
seat back at once (``back``); a computer thought already under way for it is dropped, so they
play their seat from its next turn.

Away times are this process's memory, heard from the service's presence signals (with several
processes each one sees every process's presence through the shared hub); the marks
themselves are stored with the room, so a restart keeps who left and who plays for them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from doublesix.server.rooms import machine
from doublesix.server.rooms.room import Room
from doublesix.server.rooms.service import RoomsService
from doublesix.server.rooms.signals import Gone, Presence, Signal, Stored
from doublesix.server.wire.errors import ServiceError

log = logging.getLogger("doublesix.server.leavers")


class Leavers:
    def __init__(self, service: RoomsService) -> None:
        self.service = service
        #: (game id, seat) -> since when that person is away from a game in play
        self.away: dict[tuple[str, int], float] = {}
        #: (game id, seat)s connected again with their leave mark still stored
        self._back: set[tuple[str, int]] = set()
        self._task: asyncio.Task[None] | None = None
        service.signals.subscribe(self._heard)

    def start(self) -> None:
        self._task = asyncio.create_task(self._loop())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    def grace(self, room: Room) -> float:
        grace = self.service.settings.leave_grace
        timed = room.row.hall is not None and room.row.hall.get("clock")
        return grace / 2 if timed else grace

    # -- what the service tells ------------------------------------------------------------
    def _heard(self, signal: Signal) -> None:
        if isinstance(signal, Presence | Stored) and signal.room is not None:
            self.track(signal.room)
        elif isinstance(signal, Gone):
            gone = set(signal.game_ids)
            self.away = {k: v for k, v in self.away.items() if k[0] not in gone}

    def track(self, room: Room) -> None:
        """Note who is away from *room*'s game in play now, and who is back."""
        game_id = room.game_id
        connected = self.service.hub.connected(game_id)
        playing = (room.mode == "online" and room.all_taken()
                   and machine.phase(room) in (machine.Phase.PLAYING, machine.Phase.DEAL_OVER))
        now = self.service.clock()
        for seat in room.row.seats:
            key = (game_id, seat.seat)
            person = seat.token_hash is not None and not seat.computer
            if playing and person and seat.seat not in connected and not seat.left:
                self.away.setdefault(key, now)
            else:
                self.away.pop(key, None)
            if seat.left and seat.seat in connected:
                self._back.add(key)

    # -- the loop --------------------------------------------------------------------------
    async def _loop(self) -> None:
        interval = min(1.0, max(0.05, self.service.settings.leave_grace / 8))
        while True:
            await asyncio.sleep(interval)
            try:
                await self.tick()
            except Exception:
                log.exception("checking leavers failed; trying again")

    async def tick(self) -> None:
        """Mark the people away past their grace; give returning leavers their seats back."""
        for game_id, seat in list(self._back):
            self._back.discard((game_id, seat))
            await self._run(game_id, machine.TakeBack(seat))
        now = self.service.clock()
        for (game_id, seat), since in list(self.away.items()):
            room = self.service.rooms.cached(game_id)
            if room is None:
                self.away.pop((game_id, seat), None)
                continue
            if now - since >= self.grace(room):
                self.away.pop((game_id, seat), None)
                await self._run(game_id, machine.MarkLeft(seat))

    async def _run(self, game_id: str, command: machine.Command) -> None:
        # the room expired or changed meanwhile: the next presence change tells again
        with contextlib.suppress(ServiceError):
            await self.service.run(game_id, command)
