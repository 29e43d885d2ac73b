"""Graceful shutdown: on SIGTERM stop accepting, send every socket to another process, exit.

What uvicorn 0.54 does by itself on SIGTERM: it closes the listening sockets, then calls
``shutdown()`` on every connection — for a WebSocket (the websockets-sansio protocol) that
writes a close 1012 and drops the TCP connection at once, so frames still queued in our
per-socket writers (acks of moves just stored) are lost, and a frame being served loses its
ack. Then it waits for its tasks without a bound (``timeout_graceful_shutdown`` is None) and
only then runs the lifespan shutdown (``RoomsService.stop``), also without a bound.

:class:`GracefulServer` does the part that needs the app first: every socket of this process
is closed by the app itself with 1012 ("server restarting"), behind the frames already queued
for it, and a socket in the middle of a frame is closed right after that frame's ack. So a
move being stored is either stored and acknowledged, or (cut off by the bound) not
acknowledged at all — never acknowledged and lost: the ack is only queued after the commit.
Then uvicorn's own shutdown runs with what is left of the bound, and the whole of it
(lifespan included) is cut a little before ``shutdown_timeout`` seconds, leaving the rest to
the interpreter's exit; should anything hold the process past the bound itself, it ends
there with status 1. Reviews and hints running at the signal are stopped at once and
answered 503 (``Reviews.close``): they take seconds, and their workers would hold the exit.

Before the sockets go, the process stops playing the computer and gives up its claims on
computer turns (``RoomsService.hand_over_computer``): the player who reconnects to another
process has the turn played there at once, not after the claim lapses (30 s); on one process
the restarted one resumes it from storage.

``doublesix serve --workers N``: uvicorn's supervisor builds a plain ``uvicorn.Server`` in each
worker, with no hook to choose the class; :func:`run_workers` hands it a process class that
builds ours, and closes the parent's copy of the listening socket on SIGTERM too (otherwise
the kernel keeps queueing connections that nobody will accept).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any, Protocol

import uvicorn
from uvicorn.supervisors import multiprocess

from doublesix.server.wire.errors import CLOSE_RESTART

log = logging.getLogger("doublesix.server.shutdown")
REASON = "server restarting"
#: of the bound, the part kept for the interpreter's own exit once the stop is done (at most
#: EXIT_MAX seconds): the stop's steps are fitted into the rest
EXIT_SHARE, EXIT_MAX = 0.1, 0.5


class Closable(Protocol):
    def close(self, code: int, reason: str) -> None: ...


class Drain:
    """The sockets open in one app, and closing them all with 1012 when the process stops."""

    def __init__(self) -> None:
        self.open: set[Closable] = set()
        #: sockets in the middle of a frame: closed once it is served (and acknowledged)
        self.busy: set[Closable] = set()
        self.draining = False

    def add(self, conn: Closable) -> None:
        self.open.add(conn)
        if self.draining:  # accepted just before the listening socket closed
            conn.close(CLOSE_RESTART, REASON)

    def discard(self, conn: Closable) -> None:
        self.open.discard(conn)
        self.busy.discard(conn)

    @contextlib.contextmanager
    def serving(self, conn: Closable) -> Iterator[None]:
        self.busy.add(conn)
        try:
            yield
        finally:
            self.busy.discard(conn)
            if self.draining:
                conn.close(CLOSE_RESTART, REASON)

    def begin(self) -> int:
        """Close every idle socket now (busy ones after their frame); how many are open."""
        self.draining = True
        for conn in list(self.open - self.busy):
            conn.close(CLOSE_RESTART, REASON)
        return len(self.open)

    async def wait(self, timeout: float, stop: Any = None) -> bool:
        """Until every socket has gone (True), *timeout* passed or ``stop()`` is true."""
        deadline = time.monotonic() + timeout
        while self.open and time.monotonic() < deadline and not (stop and stop()):
            await asyncio.sleep(0.02)
        return not self.open


def drain_of(app: Any) -> Drain:
    """The app's :class:`Drain`, made on first use (the socket endpoint's first socket)."""
    drain: Drain | None = getattr(app.state, "drain", None)
    if drain is None:
        drain = app.state.drain = Drain()
    return drain


def _exit_now(bound: float) -> None:
    log.error("still running at --shutdown-timeout (%g s): exiting now", bound)
    os._exit(1)


def _app_state(app: Any) -> Any:
    """The Starlette app's ``state`` (the service, the drain) under uvicorn's wrappers."""
    for _ in range(10):  # each middleware keeps the inner app as .app
        if app is None:
            return None
        if hasattr(getattr(app, "state", None), "service"):
            return app.state
        app = getattr(app, "app", None)
    return None


class GracefulServer(uvicorn.Server):
    """uvicorn's server, whose shutdown first sends every socket away with 1012 (see above)."""

    def __init__(self, config: uvicorn.Config, timeout: float = 10.0) -> None:
        super().__init__(config)
        self.shutdown_timeout = timeout
        #: the stop ran past its bound or the service's own shutdown failed: exit non-zero
        self.failed = False

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        """uvicorn's signal capture, without raising the caught signal again at the end.

        uvicorn re-raises SIGTERM after its shutdown, so even a clean stop would end "killed
        by SIGTERM" (status 143) and a supervisor (systemd, a rolling restart script) could
        not tell it from a failed one. Here the stop is the normal end of the server: the
        exit status is 0 when it went well and 1 when it did not (:attr:`failed`).
        """
        with super().capture_signals():
            try:
                yield
            finally:
                self._captured_signals.clear()

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        started = time.monotonic()
        bound = self.shutdown_timeout
        deadline = started + bound - min(EXIT_MAX, bound * EXIT_SHARE)
        # the bound is kept whatever holds the exit (a cancelled task that refuses to end,
        # for asyncio.run waits for all; a thread the interpreter joins at exit): at the bound
        # the process ends, status 1. What was acknowledged is committed, so nothing is lost
        guard = threading.Timer(bound, _exit_now, args=(bound,))
        guard.daemon = True
        guard.start()
        for server in self.servers:  # stop accepting: a proxy sends new sockets elsewhere
            server.close()
        for sock in sockets or []:
            sock.close()
        state = _app_state(self.config.loaded_app)
        service = getattr(state, "service", None)
        if service is not None:
            # before the sockets go: a player who reconnects to another process finds the
            # computer's turn free to be played there
            try:
                await asyncio.wait_for(service.hand_over_computer(), self.shutdown_timeout / 4)
            except Exception:  # storage away or slow: the claims lapse by themselves
                log.exception("computer turns could not be handed over")
        reviews = getattr(state, "reviews", None)
        if reviews is not None:
            # a review takes seconds and this process is going: its askers get 503 now (ask
            # another process) instead of a request cut off at the bound, and no engine
            # worker is left for the exit to wait for
            reviews.close()
        drain: Drain | None = getattr(state, "drain", None)
        if drain is not None:
            count = drain.begin()
            # half the bound for clients to read their last frames and the close; the rest
            # for uvicorn's own shutdown and the service's
            gone = await drain.wait(self.shutdown_timeout / 2, lambda: self.force_exit)
            log.info("told %d socket(s) to reconnect elsewhere (%s) in %.2f s", count,
                     "all closed" if gone else f"{len(drain.open)} still open",
                     time.monotonic() - started)
        left = max(0.1, deadline - time.monotonic())
        # uvicorn cancels the requests still running after this, then runs the lifespan
        # (typed int, but it only goes to asyncio.wait_for: a fraction of a second is fine)
        self.config.timeout_graceful_shutdown = max(0.1, left / 2)  # type: ignore[assignment]
        try:
            await asyncio.wait_for(super().shutdown(sockets), left)
        except TimeoutError:
            self.failed = True
            log.error("shutdown took over %.1f s (--shutdown-timeout): stopping anyway",
                      self.shutdown_timeout)
        # uvicorn's own test for logging "Application shutdown failed" (with lifespan "auto"
        # an app without lifespan support also sets error_occured, at start-up: not a failure)
        lifespan = getattr(self, "lifespan", None)
        if getattr(lifespan, "shutdown_failed", False) or (
                getattr(lifespan, "error_occured", False) and self.config.lifespan == "on"):
            self.failed = True


class GracefulProcess(multiprocess.Process):
    """A worker process of ``--workers N`` that runs :class:`GracefulServer`."""

    #: set by run_workers in the parent; copied to each instance, which is what is pickled
    shutdown_timeout = 10.0

    def __init__(self, config: uvicorn.Config, sockets: list[socket.socket]) -> None:
        super().__init__(config, sockets)
        self.timeout = type(self).shutdown_timeout

    def target(self, sockets: list[socket.socket] | None = None) -> None:
        super().target(sockets)
        # the worker's exit status is what the parent reports (see run_workers)
        if getattr(self._server, "failed", False):
            raise SystemExit(1)

    @property
    def server(self) -> uvicorn.Server:
        if self._server is None:
            self._server = GracefulServer(self.config, self.timeout)
        return self._server


class GracefulMultiprocess(multiprocess.Multiprocess):
    def handle_term(self) -> None:
        self._stop_accepting()
        super().handle_term()

    def handle_int(self) -> None:
        self._stop_accepting()
        super().handle_int()

    def _stop_accepting(self) -> None:
        for sock in self.sockets:
            sock.close()


def run_workers(config: uvicorn.Config, sock: socket.socket, timeout: float) -> bool:
    """uvicorn's ``--workers`` supervisor with :class:`GracefulServer` in every worker; True
    when every worker stopped cleanly (exit status 0)."""
    # each worker is a pickled GracefulProcess (spawned: the child imports this module); the
    # supervisor names its process class as a module global, replaced for this call only
    GracefulProcess.shutdown_timeout = timeout
    plain = multiprocess.Process
    multiprocess.Process = GracefulProcess  # type: ignore[misc]
    try:
        supervisor = GracefulMultiprocess(config, sockets=[sock])
        supervisor.run()
    finally:
        multiprocess.Process = plain  # type: ignore[misc]
    failed = [p.pid for p in supervisor.processes if p.exitcode != 0]
    if failed:
        log.error("worker process(es) %s did not stop cleanly", failed)
    return not failed
