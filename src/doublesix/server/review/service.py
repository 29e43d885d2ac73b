"""«Разбор» (the engine's review of a finished deal) and «Подсказка» (a hint) on the server.

Both search for seconds, so they run in worker processes (:func:`run_in_worker`), never on the
event loop. The review is only for a deal that is over, so it can never tell a hidden tile of
a live deal, and only for the asking token's own seats, so it never shows anyone a hand that
was not theirs (a spectator of a public table sees no hand, during the deal or after).
Reviews are cached with the room (per game, deal and seat), and both are rate limited per
client. Hints are for games against the computer and hot-seat only.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import multiprocessing
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, Any, TypedDict, TypeVar

from doublesix.core.notation import RecordJSON
from doublesix.server.config import Settings
from doublesix.server.rooms import tokens
from doublesix.server.rooms.botpool import start_worker, worker_args
from doublesix.server.rooms.ratelimit import BucketTable
from doublesix.server.rooms.room import Room
from doublesix.server.wire.errors import ErrorCode, ServiceError

if TYPE_CHECKING:  # the engine is imported in the workers only
    from doublesix.bots.analysis import AnalysisJSON
    from doublesix.bots.hints import HintJSON

log = logging.getLogger("doublesix.server.review")
T = TypeVar("T")

#: the review's budget on the server: worlds per decision and ms per decision
REVIEW_WORLDS = 64
REVIEW_MS = 700.0
#: reviews asked per client: a burst (Settings.review_burst), then one per REVIEW_EVERY seconds
REVIEW_BURST, REVIEW_EVERY = Settings.review_burst, 15.0
#: hints asked per client: a burst, then one per HINT_EVERY seconds (Settings.hint_every)
HINT_BURST, HINT_EVERY = 6, Settings.hint_every
#: reviews and hints waiting for a worker at once; more are refused as busy
MAX_QUEUED = 8
_MAX_CLIENTS = 10_000


# -- the worker side (top-level functions: they are pickled to a process) -----------------
class ReviewAnswer(TypedDict):
    """``POST /api/games/{game_id}/review``'s answer."""

    game_id: str
    game_no: int
    deal: int
    seat: int
    hints_used: bool
    review: AnalysisJSON


class HintAnswer(TypedDict):
    """``POST /api/games/{game_id}/hint``'s answer."""

    game_id: str
    seat: int
    state_no: int
    action: str
    reason: str
    value: int | None


def review_job(record: RecordJSON, seat: int, deal: int) -> AnalysisJSON:
    from doublesix.bots.analysis import analyse_record

    return analyse_record(record, seat, deal, worlds=REVIEW_WORLDS, ms=REVIEW_MS,
                          seed=deal).to_dict()


def hint_job(record: RecordJSON, seat: int, seed: int) -> HintJSON:
    from doublesix.bots.hints import hint
    from doublesix.core.notation import load_record
    from doublesix.core.view import PlayerView

    return hint(PlayerView.of(load_record(record), seat), seed=seed).to_dict()


def _warm() -> None:
    import doublesix.bots.analysis  # noqa: F401  (the first real job starts at once)


def _serve(conn: Connection, server_pid: int, with_parent_thread: bool) -> None:
    """A worker process: niced and tied to the server (botpool.start_worker), then one job
    at a time from *conn* until the server closes it — or kills this process, which is how
    a job nobody waits for any more is stopped."""
    start_worker(server_pid, with_parent_thread)
    _warm()
    while True:
        try:
            fn, args = conn.recv()
        except (EOFError, OSError):
            return
        try:
            answer: tuple[bool, Any] = (True, fn(*args))
        except Exception as exc:  # the server logs it; this worker goes on
            answer = (False, f"{type(exc).__name__}: {exc}")
        conn.send(answer)


class _Worker:
    """One engine process and the server's end of its pipe."""

    def __init__(self) -> None:
        # spawn, not fork: the server process has threads and sockets
        context = multiprocessing.get_context("spawn")
        self.conn, theirs = context.Pipe()
        self.process = context.Process(target=_serve, args=(theirs, *worker_args()),
                                       name="doublesix-engine", daemon=True)
        self.process.start()
        theirs.close()

    async def run(self, fn: Callable[..., Any], args: tuple[Any, ...]) -> tuple[bool, Any]:
        """(True, the result) or (False, what went wrong in the job); raises EOFError or
        OSError when the process is gone."""
        loop = asyncio.get_running_loop()
        self.conn.send((fn, args))  # a record: a few kilobytes, and the worker is reading
        ready = loop.create_future()
        fd = self.conn.fileno()
        loop.add_reader(fd, lambda: None if ready.done() else ready.set_result(None))
        try:
            await ready
        finally:
            loop.remove_reader(fd)
        answer: tuple[bool, Any] = self.conn.recv()  # readable: the answer comes in one piece
        return answer

    def kill(self) -> None:
        """At once, whatever it is doing (SIGKILL); reaped once it has ended, without waiting
        for that on the event loop."""
        self.process.kill()
        self.conn.close()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.process.join(1.0)
            return
        sentinel = self.process.sentinel

        def reap() -> None:
            loop.remove_reader(sentinel)
            self.process.join()

        loop.add_reader(sentinel, reap)


class Engine:
    """Worker processes for reviews and hints that can be stopped in the middle of a job.

    A ``ProcessPoolExecutor`` cannot: a cancelled future whose job has started runs to the
    end, so a client that hung up still cost its review's seconds of CPU and held its place
    in the queue, and the interpreter's exit waited for it. Here a job whose caller is
    cancelled (the client left) kills its worker, and a fresh one is started in its place,
    to warm up while nobody waits for it; :meth:`stop` ends every job at once."""

    def __init__(self, workers: int, queue: int) -> None:
        self.workers = workers
        self.queue = queue
        self._idle: list[_Worker] = []
        self._busy: set[_Worker] = set()
        self._slots: asyncio.Semaphore | None = None
        self._queued = 0
        self._stopped = False

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        if self._queued >= self.queue:
            raise ServiceError(ErrorCode.BUSY,
                               "the engine is busy: try again in a moment", status=503)
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.workers)
        self._queued += 1
        try:
            async with self._slots:
                if self._stopped:
                    raise _restarting()
                worker = self._idle.pop() if self._idle else _Worker()
                self._busy.add(worker)
                try:
                    ok, value = await worker.run(fn, args)
                except BaseException as exc:
                    worker.kill()  # cancelled mid-job, or its process died: never reused
                    if self._stopped:
                        raise _restarting() from None
                    if not self._idle:
                        self._idle.append(_Worker())  # the next job finds one warm
                    if isinstance(exc, EOFError | OSError):
                        raise ServiceError(ErrorCode.BUSY, "the engine stopped: try again in"
                                           " a moment", status=503) from exc
                    raise
                finally:
                    self._busy.discard(worker)
                self._idle.append(worker)  # a job that failed leaves its worker sound
                if not ok:
                    raise RuntimeError(f"the engine failed: {value}")
                result: T = value
                return result
        finally:
            self._queued -= 1

    def stop(self) -> None:
        """No more jobs: idle workers end now; a busy one is killed, and its job's caller,
        seeing the pipe end, answers 503 (``_restarting``: ask another process)."""
        self._stopped = True
        for worker in self._idle:
            worker.kill()
        self._idle.clear()
        for worker in self._busy:
            worker.process.kill()  # its pipe is closed by the job's own cleanup, in run()


def _restarting() -> ServiceError:
    return ServiceError(ErrorCode.BUSY, "the server is restarting: ask again in a moment",
                        status=503)


class _Shared:
    """One review job and how many requests wait for it."""

    def __init__(self, task: asyncio.Task[AnalysisJSON]) -> None:
        self.task = task
        self.waiting = 0

    async def wait(self) -> AnalysisJSON:
        self.waiting += 1
        try:
            return await asyncio.shield(self.task)
        finally:
            self.waiting -= 1
            if self.waiting == 0 and not self.task.done():
                self.task.cancel()  # nobody wants it any more: its worker is stopped


# -- the event-loop side --------------------------------------------------------------------
class Reviews:
    """The worker processes, the per-room cache of reviews and the rate limits."""

    def __init__(self, workers: int = 1, clock: Callable[[], float] = time.monotonic,
                 hint_every: float = HINT_EVERY, review_burst: int = REVIEW_BURST) -> None:
        self.workers = workers
        self.clock = clock
        self.engine = Engine(workers, MAX_QUEUED)
        #: per client (keyed as every per-client limit: clients.address), one table per kind
        self._buckets: dict[str, BucketTable[str]] = {
            "review": BucketTable(1.0 / REVIEW_EVERY, review_burst, clock, _MAX_CLIENTS),
            "hint": BucketTable(1.0 / hint_every, HINT_BURST, clock, _MAX_CLIENTS)}
        #: the same review asked twice while it runs: one job, each asker waits for it, and
        #: it is stopped when the last of them is gone
        self._running: dict[tuple[str, int, int, int], _Shared] = {}

    def close(self) -> None:
        """Stop every job now (the server is stopping): their askers get 503."""
        self.engine.stop()

    async def run_in_worker(self, fn: Callable[..., T], *args: Any) -> T:
        """Run *fn* in a worker process; cancelling the caller stops the job."""
        return await self.engine.run(fn, *args)

    def _limit(self, kind: str, client: str) -> None:
        if not self._buckets[kind].take(client):
            raise ServiceError(ErrorCode.RATE_LIMITED, f"too many {kind} requests: wait a little",
                               status=429)

    # -- the review ---------------------------------------------------------------------
    async def review(self, room: Room, client: str, token: str | None, seat: int | None,
                     deal: int | None) -> ReviewAnswer:
        return await self.review_for(room, client, _seats_of(room, token), seat, deal)

    async def review_for(self, room: Room, client: str, mine: list[int], seat: int | None,
                         deal: int | None) -> ReviewAnswer:
        """The review of *deal* for *seat*, one of *mine*: the seats the asker proved are
        theirs (a token here; a profile for a finished game of history, profiles/)."""
        match = room.match
        number = match.deal_number if deal is None else deal
        if not 1 <= number <= match.deal_number:
            raise ServiceError(ErrorCode.BAD_REQUEST, f"this game has no deal {number}")
        if number == match.deal_number and not match.deal.is_over:
            raise ServiceError(ErrorCode.DEAL_IN_PROGRESS,
                               "the deal is still being played: it can be"
                               " reviewed once it is over", status=409)
        timed_out = room.row.hall is not None and bool(room.row.hall["over"])
        if room.mode == "online" and not match.is_over and not timed_out:
            # an earlier deal of a live match against people: the engine's verdict on how
            # the seat played is help in the game still being played (issue 26)
            raise ServiceError(ErrorCode.GAME_IN_PROGRESS,
                               "the match is still being played: its deals can be reviewed"
                               " once it is over", status=409)
        seat = self._review_seat(room, mine, seat)
        key = (room.game_id, room.row.game_no, number, seat)
        cached = room.reviews.get(key[1:])
        if cached is None:
            job = self._running.get(key)
            if job is None or job.task.cancelled():  # (cancelled: its callback is due)
                self._limit("review", client)
                task = asyncio.create_task(self._review_job(room, key, seat, number))
                job = self._running[key] = _Shared(task)
                # done, failed or cancelled (even before it ran): the next ask starts anew
                task.add_done_callback(lambda _: self._running.pop(key, None))
            cached = await job.wait()
        return {"game_id": room.game_id, "game_no": room.row.game_no, "deal": number,
                "seat": seat, "hints_used": (room.row.game_no, number) in room.hints,
                "review": cached}

    async def _review_job(self, room: Room, key: tuple[str, int, int, int], seat: int,
                          number: int) -> AnalysisJSON:
        found = await self.run_in_worker(review_job, room.row.record.copy(), seat, number)
        room.reviews[key[1:]] = found
        return found

    def _review_seat(self, room: Room, mine: list[int], seat: int | None) -> int:
        """The seat to review: one of the asker's own, at every table. A review shows the
        seat's hand at each of its decisions, as the other seats never saw it; a spectator
        never sees a hand at all, so a public table gives no one else a review either."""
        if not mine:
            raise ServiceError(ErrorCode.NOT_YOUR_SEAT,
                               "only a seat of this room may review its deals",
                               status=403)
        if seat is None:
            return mine[0]
        if not 0 <= seat < room.rules.players:
            raise ServiceError(ErrorCode.BAD_REQUEST, f"seat {seat} does not exist")
        if seat not in mine:
            raise ServiceError(ErrorCode.NOT_YOUR_SEAT, f"seat {seat} is not yours", status=403)
        return seat

    # -- hints ----------------------------------------------------------------------------
    async def hint(self, room: Room, client: str, token: str | None) -> HintAnswer:
        if room.mode == "online":
            raise ServiceError(ErrorCode.NO_HINTS, "hints are for games against the computer and"
                               " hot-seat only", status=403)
        mine = _seats_of(room, token)
        if not mine:
            raise ServiceError(ErrorCode.NOT_YOUR_SEAT,
                               "this token does not open a seat of this room",
                               status=403)
        to_move = room.match.to_move
        if to_move is None or to_move not in mine or room.is_computer(to_move):
            raise ServiceError(ErrorCode.NOT_YOUR_TURN,
                               "a hint is for the player to move", status=409)
        self._limit("hint", client)
        state_no = room.row.state_no
        found = await self.run_in_worker(hint_job, room.row.record.copy(), to_move,
                                         room.seed ^ room.row.game_no)
        room.hints.add((room.row.game_no, room.match.deal_number))
        return {"game_id": room.game_id, "seat": to_move, "state_no": state_no,
                "action": found["action"], "reason": found["reason"], "value": found["value"]}


def _seats_of(room: Room, token: str | None) -> list[int]:
    if not token:
        return []
    given = tokens.digest(token)
    return [s.seat for s in room.row.seats
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, given)]
