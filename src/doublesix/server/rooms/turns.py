"""The computer's turns: claim, think, play through the service's one command path, hand over.

One task per room plays the computer's turns in order while a computer seat is to move. Each
turn is claimed first (with several processes on one database exactly one plays it), thought
about outside the room's lock (a hard search may take ~250 ms, in the bot pool's worker
processes), then played as a :class:`~.machine.ComputerMove` through ``run``, so it is saved,
broadcast and published like a person's move. A stopping process plays no more turns and gives
its claims up (``hand_over``), so another process takes them at once.

The service builds its scheduler at construction (``RoomsService(computer=...)``, this class
by default) and tells it after every change (``resume``); it never plays a turn itself.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Protocol

from doublesix.core import Action, PlayerView
from doublesix.server.config import Settings
from doublesix.server.rooms.botpool import BotPool, release_pool, shared_pool
from doublesix.server.rooms.cache import RoomCache
from doublesix.server.rooms.machine import Command, ComputerMove
from doublesix.server.rooms.observer import RoomsObserver
from doublesix.server.storage import SharedStorage, Storage
from doublesix.server.wire.errors import ErrorCode, ServiceError


class Runner(Protocol):
    """What the computer needs of the rooms service: its rooms, and its command path."""

    storage: Storage
    settings: Settings
    rooms: RoomCache
    observe: RoomsObserver
    clock: Callable[[], float]
    #: names this process in computer-turn claims
    instance: str

    def run(self, game_id: str, command: Command) -> Awaitable[object]: ...


class Scheduler(Protocol):
    """Plays the computer's turns of the rooms it is told about (``resume``)."""

    def resume(self, game_id: str) -> None: ...

    def holds(self, game_id: str) -> bool: ...

    def forget(self, game_id: str) -> None: ...

    async def start(self) -> None: ...

    async def hand_over(self) -> None: ...

    async def stop(self) -> None: ...


class ComputerTurns:
    def __init__(self, service: Runner) -> None:
        self.service = service
        self.bots: BotPool = shared_pool(service.settings.bot_workers,
                                         service.settings.bot_queue)
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._handed_over = False  # stopping: computer turns are left to other processes

    async def start(self) -> None:
        """Resume the computer turns a restart cut off."""
        for game_id in await self.service.storage.awaiting_computer():
            self.resume(game_id)

    def resume(self, game_id: str) -> None:
        """Play the room's computer turns if it is the computer's move (no-op when a task here
        already does, when another process holds the claim, or when this one is stopping)."""
        if self._handed_over:
            return
        task = self._tasks.get(game_id)
        if task is not None and not task.done():
            return
        self._tasks[game_id] = asyncio.create_task(self._turns(game_id))

    def holds(self, game_id: str) -> bool:
        """A computer turn of the room is being played here (the room stays in memory)."""
        return game_id in self._tasks

    def forget(self, game_id: str) -> None:
        """The room is gone (expired): stop playing it."""
        task = self._tasks.pop(game_id, None)
        if task is not None:
            task.cancel()

    async def hand_over(self) -> None:
        """A stopping process plays the computer no more and gives up its claims, so another
        process (or this one, restarted) plays those turns now rather than once the claims
        lapse (``computer_claim_ttl``); storage keeps every turn that is due."""
        self._handed_over = True
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        storage = self.service.storage
        if isinstance(storage, SharedStorage):
            await storage.release_computer_claims(self.service.instance)

    async def stop(self) -> None:
        """After ``hand_over``: the bot pool's workers are let go (the last user stops them)."""
        release_pool(self.bots)

    async def _claim(self, game_id: str, state_no: int) -> bool:
        """Whether this process plays the computer's turn (exactly one process does)."""
        storage, settings = self.service.storage, self.service.settings
        if not isinstance(storage, SharedStorage):
            return True
        ttl = settings.computer_delay + settings.computer_claim_ttl
        return await storage.claim_computer(game_id, state_no, self.service.instance,
                                            self.service.clock(), ttl)

    async def _think(self, game_id: str) -> ComputerMove | None:
        """The computer's next move in the room, or None when it is not to move (or another
        process plays this turn)."""
        async with self.service.rooms.locked(game_id) as room:
            if not room.computer_to_move():
                return None
            state_no = room.row.state_no
            if not await self._claim(game_id, state_no):
                return None
            seat = room.match.to_move
            assert seat is not None
            view = PlayerView.of(room.match, seat)
            bot = room.bot()
        if self.service.settings.computer_delay > 0:
            await asyncio.sleep(self.service.settings.computer_delay)
        action: Action = await self.service.observe.think(self.bots.choose(bot, view))
        return ComputerMove(state_no, seat, action)

    async def _turns(self, game_id: str) -> None:
        """Play the computer's turns until a person is to move; each one saved like a move."""
        observe = self.service.observe
        try:
            while (move := await self._think(game_id)) is not None:
                try:
                    await self.service.run(game_id, move)
                except ServiceError as exc:
                    if exc.code != ErrorCode.BUSY:
                        raise
                    # the stale copy is reloaded on the next lap, then the computer thinks again
        except ServiceError as exc:
            if exc.code != ErrorCode.NOT_FOUND:  # not_found: the room expired meanwhile
                observe.computer_failed(game_id, exc)
        except asyncio.CancelledError:
            raise
        except Exception:
            observe.computer_failed(game_id)
        finally:
            if self._tasks.get(game_id) is asyncio.current_task():
                del self._tasks[game_id]
