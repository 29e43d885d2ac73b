"""Events between server processes: how a move made on one process reaches sockets on another.

A process tells its :class:`Fanout` after it stored and sent events (``stored``) and after it
deleted expired rooms (``gone``). With one process there is nobody to tell (:class:`NoFanout`);
with several, :mod:`.redis_fanout` publishes over Redis pub/sub. Pub/sub is only a doorbell:
what a socket is sent always comes from storage, by event number, so a lost message delays
an event by one sweep (a couple of seconds) and loses nothing.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from doublesix.server.service import RoomsService


class Fanout(Protocol):
    def stored(self, game_id: str, event_no: int) -> None:
        """Events up to *event_no* of the room are stored and sent to this process's sockets."""

    def gone(self, game_ids: Sequence[str]) -> None:
        """These rooms were deleted (expiry)."""


class NoFanout:
    """One process: every socket is here, so there is nobody to tell."""

    def stored(self, game_id: str, event_no: int) -> None:
        return None

    def gone(self, game_ids: Sequence[str]) -> None:
        return None


@contextlib.asynccontextmanager
async def running(service: RoomsService, redis_url: str | None) -> AsyncIterator[None]:
    """Connect *service* to the other processes through *redis_url* while the block runs."""
    if not redis_url:
        yield
        return
    from doublesix.server.fanout.redis_fanout import RedisFanout  # the redis extra, lazily

    fanout = RedisFanout(service, redis_url)
    await fanout.start()
    try:
        yield
    finally:
        await fanout.stop()
