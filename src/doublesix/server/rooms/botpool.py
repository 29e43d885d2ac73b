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
import ctypes
import logging
import multiprocessing
import os
import signal
import sys
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
#: prctl(2): the signal a process gets when its parent dies
PR_SET_PDEATHSIG = 1


def start_worker(server_pid: int, with_parent_thread: bool) -> None:
    """In each worker process (the computer's, the review's): a lower priority, and an exit
    with the server — also after a ``kill -9`` of it, when no shutdown code runs. A worker
    blocked on its queue or in the middle of a search would otherwise outlive the server,
    holding memory and CPU for nobody.

    *with_parent_thread*: the thread that starts the workers lives as long as the server (its
    main thread), so the kernel may kill them the moment it goes; Linux ties that signal to
    the starting thread, not the process, so workers started from a server running in a
    thread of its own (the tests' servers) rely on the watch alone."""
    with contextlib.suppress(OSError):  # not allowed here: the pool still frees the GIL
        os.nice(NICE)
    if with_parent_thread:
        _die_with_parent()
    if os.getppid() != server_pid:  # the server died before the line above took effect
        os._exit(0)
    threading.Thread(target=_watch_server, args=(server_pid,), daemon=True).start()


def worker_args() -> tuple[int, bool]:
    """:func:`start_worker`'s arguments for workers started from the calling thread."""
    return os.getpid(), threading.current_thread() is threading.main_thread()


def _die_with_parent() -> None:
    """Linux: the kernel sends this process SIGKILL the moment its parent dies."""
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)


def _watch_server(server_pid: int) -> None:
    """Elsewhere (and as a second guard): once the server is gone this process is handed to
    another parent, so the parent's id changes. (Signalling the old id is no test: a killed
    server that nobody has reaped yet is a zombie that still answers to its id.)"""
    while True:
        time.sleep(1.0)
        if os.getppid() != server_pid:
            os._exit(0)


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
                                                 initializer=start_worker,
                                                 initargs=worker_args())
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
