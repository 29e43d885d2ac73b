"""Computer decisions in worker processes, so a hard search never holds the server's GIL.

One pool per server process (every service of the process shares it), started on the first
decision. Its workers run at a lower CPU priority (``nice``), so under a flood of computer
games the event loop — every other player's moves — is scheduled first; the bots' time
budgets keep each decision bounded either way. At most ``queue`` decisions wait or run at
once; more wait their turn in their own room's task, which keeps each room's turns in order
(one task per room, see ``RoomsService._computer_turns``) and the claim semantics unchanged
(the turn is claimed before it is thought about).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import threading
import time
import weakref
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from doublesix.bots import Bot
from doublesix.core import Action, PlayerView
from doublesix.server.rooms.computer import decide

log = logging.getLogger("doublesix.server.botpool")
#: how much lower the bot workers' priority is than the server's
NICE = 10


def _start_worker(server_pid: int) -> None:
    """In each worker: a lower priority, and an exit when the server is gone (a worker
    blocked on its queue would otherwise outlive a server that was killed)."""
    with contextlib.suppress(OSError):  # not allowed here: the pool still frees the GIL
        os.nice(NICE)
    threading.Thread(target=_watch_server, args=(server_pid,), daemon=True).start()


def _watch_server(server_pid: int) -> None:
    while True:
        time.sleep(1.0)
        try:
            os.kill(server_pid, 0)
        except ProcessLookupError:
            os._exit(0)
        except PermissionError:
            pass  # a process with that id exists


class BotPool:
    def __init__(self, workers: int, queue: int) -> None:
        self.workers = workers
        self.queue = queue
        self._executor: Executor | None = None
        #: one bound per event loop (tests run several servers, each on its own loop)
        self._slots: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = (
            weakref.WeakKeyDictionary())

    def _pool(self) -> Executor:
        if self._executor is None:
            # spawn: workers are the server's own children, nothing forked from a threaded
            # process and no forkserver left behind
            context = multiprocessing.get_context("spawn")
            self._executor = ProcessPoolExecutor(self.workers, mp_context=context,
                                                 initializer=_start_worker,
                                                 initargs=(os.getpid(),))
        return self._executor

    def _semaphore(self) -> asyncio.Semaphore:
        loop = asyncio.get_running_loop()
        slots = self._slots.get(loop)
        if slots is None:
            slots = self._slots[loop] = asyncio.Semaphore(self.queue)
        return slots

    async def choose(self, bot: Bot, view: PlayerView) -> Action:
        """The bot's (legal) action for *view*, computed in a worker process."""
        if self.workers <= 0:
            return await asyncio.to_thread(decide, bot, view)
        async with self._semaphore():
            loop = asyncio.get_running_loop()
            try:
                return await loop.run_in_executor(self._pool(), decide, bot, view)
            except BrokenProcessPool:
                # a worker died (killed, out of memory): a new pool for the next decision,
                # and this one in a thread so the game goes on
                log.error("the bot pool broke; starting a new one")
                self._executor = None
                return await asyncio.to_thread(decide, bot, view)

    def close(self) -> None:
        if self._executor is not None:
            # wait: a process that exits while the pool's manager thread still tears its
            # queues down leaves the resource tracker printing "leaked semaphore objects"
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None


_POOLS: dict[tuple[int, int], BotPool] = {}
_USERS: dict[tuple[int, int], int] = {}


def shared_pool(workers: int, queue: int) -> BotPool:
    """The process's pool for these sizes (tests run many services in one process); give it
    back with :func:`release_pool` when the service stops."""
    key = (workers, queue)
    if key not in _POOLS:
        _POOLS[key] = BotPool(workers, queue)
    _USERS[key] = _USERS.get(key, 0) + 1
    return _POOLS[key]


def release_pool(pool: BotPool) -> None:
    """One user fewer; the last one shuts the worker processes down."""
    key = (pool.workers, pool.queue)
    _USERS[key] = _USERS.get(key, 1) - 1
    if _USERS[key] <= 0:
        _USERS.pop(key, None)
        _POOLS.pop(key, None)
        pool.close()
