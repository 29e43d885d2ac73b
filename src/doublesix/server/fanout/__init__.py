"""Events between server processes: how a move made on one process reaches sockets on another.

The fanout sits above the rooms service: it listens to the service's signals (events stored,
rooms gone) and tells the other processes; what it hears from them it hands back down through
the service's public methods (``tell_presence``, ``resume_computer``) or delivers from storage
to this process's sockets. With one process there is nobody to tell and nothing runs; with
several, :mod:`.redis_fanout` publishes over Redis pub/sub. Pub/sub is only a doorbell: what a
socket is sent always comes from storage, by event number, so a lost message delays an event by
one sweep (a couple of seconds) and loses nothing.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING

from doublesix.server.rooms.service import RoomsService

if TYPE_CHECKING:
    from doublesix.server.fanout.redis_fanout import RedisFanout


@contextlib.asynccontextmanager
async def running(service: RoomsService, redis_url: str | None
                  ) -> AsyncIterator[RedisFanout | None]:
    """Connect *service* to the other processes through *redis_url* while the block runs;
    yields the fanout, or None with one process."""
    if not redis_url:
        yield None
        return
    from doublesix.server.fanout.redis_fanout import RedisFanout  # the redis extra, lazily

    fanout = RedisFanout(service, redis_url)
    await fanout.start()
    try:
        yield fanout
    finally:
        await fanout.stop()
