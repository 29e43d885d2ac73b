"""«Разбор» (the engine's review of a finished deal) and «Подсказка» (a hint) on the server.

Both search for seconds, so they run in worker processes (:func:`run_in_worker`), never on the
event loop. The review is only for a deal that is over, so it can never tell a hidden tile of
a live deal: a seat of the room may ask with its token, and at a public hall table anyone may
once the deal has ended. Reviews are cached with the room (per game, deal and seat), and both
are rate limited per client. Hints are for games against the computer and hot-seat only.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import multiprocessing
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any, TypeVar

from doublesix.server import tokens
from doublesix.server.errors import ErrorCode, ServiceError
from doublesix.server.ratelimit import BucketTable
from doublesix.server.rooms import Room

log = logging.getLogger("doublesix.server.review")
T = TypeVar("T")

#: the review's budget on the server: worlds per decision and ms per decision
REVIEW_WORLDS = 64
REVIEW_MS = 700.0
#: reviews asked per client: a burst, then one per REVIEW_EVERY seconds
REVIEW_BURST, REVIEW_EVERY = 4, 15.0
HINT_BURST, HINT_EVERY = 6, 2.0
#: reviews and hints waiting for a worker at once; more are refused as busy
MAX_QUEUED = 8
_MAX_CLIENTS = 10_000


# -- the worker side (top-level functions: they are pickled to a process) -----------------
def review_job(record: dict[str, Any], seat: int, deal: int) -> dict[str, Any]:
    from doublesix.bots.analysis import analyse_record

    return analyse_record(record, seat, deal, worlds=REVIEW_WORLDS, ms=REVIEW_MS,
                          seed=deal).to_dict()


def hint_job(record: dict[str, Any], seat: int, seed: int) -> dict[str, Any]:
    from doublesix.bots.hints import hint
    from doublesix.core.notation import load_record
    from doublesix.core.view import PlayerView

    return hint(PlayerView.of(load_record(record), seat), seed=seed).to_dict()


def _warm() -> None:
    import doublesix.bots.analysis  # noqa: F401  (the first real job starts at once)


# -- the event-loop side --------------------------------------------------------------------
class Reviews:
    """The worker pool, the per-room cache of reviews and the rate limits."""

    def __init__(self, workers: int = 1, clock: Callable[[], float] = time.monotonic) -> None:
        self.workers = workers
        self.clock = clock
        self._pool: Executor | None = None
        #: per client (keyed as every per-client limit: clients.address), one table per kind
        self._buckets: dict[str, BucketTable[str]] = {
            "review": BucketTable(1.0 / REVIEW_EVERY, REVIEW_BURST, clock, _MAX_CLIENTS),
            "hint": BucketTable(1.0 / HINT_EVERY, HINT_BURST, clock, _MAX_CLIENTS)}
        self._queued = 0
        #: the same review asked twice while it runs: one job, both wait for it
        self._running: dict[tuple[str, int, int, int], asyncio.Future[dict[str, Any]]] = {}

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    async def run_in_worker(self, fn: Callable[..., T], *args: Any) -> T:
        """Run *fn* off the event loop. The one place to swap for a shared bot pool."""
        if self._queued >= MAX_QUEUED:
            raise ServiceError(ErrorCode.BUSY,
                               "the engine is busy: try again in a moment", status=503)
        if self._pool is None:
            # spawn, not fork: the server process has threads and sockets
            self._pool = ProcessPoolExecutor(self.workers,
                                             mp_context=multiprocessing.get_context("spawn"))
            self._pool.submit(_warm)
        self._queued += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)
        finally:
            self._queued -= 1

    def _limit(self, kind: str, client: str) -> None:
        if not self._buckets[kind].take(client):
            raise ServiceError(ErrorCode.RATE_LIMITED, f"too many {kind} requests: wait a little",
                               status=429)

    # -- the review ---------------------------------------------------------------------
    async def review(self, room: Room, client: str, token: str | None, seat: int | None,
                     deal: int | None) -> dict[str, Any]:
        match = room.match
        number = match.deal_number if deal is None else deal
        if not 1 <= number <= match.deal_number:
            raise ServiceError(ErrorCode.BAD_REQUEST, f"this game has no deal {number}")
        if number == match.deal_number and not match.deal.is_over:
            raise ServiceError(ErrorCode.DEAL_IN_PROGRESS,
                               "the deal is still being played: it can be"
                               " reviewed once it is over", status=409)
        seat = self._review_seat(room, token, seat)
        key = (room.game_id, room.row.game_no, number, seat)
        cached = room.reviews.get(key[1:])
        if cached is None:
            running = self._running.get(key)
            if running is not None:
                cached = await asyncio.shield(running)
            else:
                self._limit("review", client)
                future: asyncio.Future[dict[str, Any]] = \
                    asyncio.get_running_loop().create_future()
                self._running[key] = future
                try:
                    cached = await self.run_in_worker(review_job, dict(room.row.record), seat,
                                                      number)
                    future.set_result(cached)
                except BaseException as exc:
                    future.set_exception(exc)
                    future.exception()  # retrieved: no "never retrieved" warning
                    raise
                finally:
                    del self._running[key]
                room.reviews[key[1:]] = cached
        return {"game_id": room.game_id, "game_no": room.row.game_no, "deal": number,
                "seat": seat, "hints_used": (room.row.game_no, number) in room.hints,
                "review": cached}

    def _review_seat(self, room: Room, token: str | None, seat: int | None) -> int:
        mine = _seats_of(room, token)
        hall = room.row.hall
        anyone = bool(hall and hall.get("public"))
        if not mine and not anyone:
            raise ServiceError(ErrorCode.NOT_YOUR_SEAT,
                               "only a seat of this room may review its deals",
                               status=403)
        if seat is None:
            if not mine:
                raise ServiceError(ErrorCode.BAD_REQUEST, "say which seat to review")
            return mine[0]
        if not 0 <= seat < room.rules.players:
            raise ServiceError(ErrorCode.BAD_REQUEST, f"seat {seat} does not exist")
        if seat not in mine and not anyone:
            raise ServiceError(ErrorCode.NOT_YOUR_SEAT, f"seat {seat} is not yours", status=403)
        return seat

    # -- hints ----------------------------------------------------------------------------
    async def hint(self, room: Room, client: str, token: str | None) -> dict[str, Any]:
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
        found = await self.run_in_worker(hint_job, dict(room.row.record), to_move,
                                         room.seed ^ room.row.game_no)
        room.hints.add((room.row.game_no, room.match.deal_number))
        return {"game_id": room.game_id, "seat": to_move, "state_no": state_no, **found}


def _seats_of(room: Room, token: str | None) -> list[int]:
    if not token:
        return []
    given = tokens.digest(token)
    return [s.seat for s in room.row.seats
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, given)]
