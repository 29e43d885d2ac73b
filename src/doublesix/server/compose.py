"""The server's parts, put together: the rooms service below, the hall and the fanout above it.

The rooms service (rooms/service.py) knows neither: the hall and the fanout subscribe to its
signals and register their checks when they are built here. The operator's metrics and logs
(ops/observe.py) are passed to it at construction and hang on the same ``service.signals``.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass

from doublesix.server import fanout
from doublesix.server.config import Settings
from doublesix.server.hall.service import Hall
from doublesix.server.ops.observe import Observer
from doublesix.server.rooms import clocks
from doublesix.server.rooms.service import RoomsService
from doublesix.server.storage import Storage


@dataclass(frozen=True, slots=True)
class Parts:
    service: RoomsService
    hall: Hall
    observe: Observer


@contextlib.asynccontextmanager
async def running(
    storage: Storage, settings: Settings, clock: Callable[[], float] = time.time
) -> AsyncIterator[Parts]:
    """The service with its hall and (with Redis) its fanout, started; stopped on exit.
    *storage* is opened and closed by the caller."""
    observe = Observer(settings)
    # a hall table's clock is charged in the same save as the move that stops it
    service = RoomsService(storage, settings, clock, before_commit=lambda room, now:
                           clocks.hall_sync(room, now, settings.sheet_grace), observe=observe)
    observe.count_rooms(lambda: len(service.rooms.ids()))
    service.signals.subscribe(observe.heard)
    hall = Hall(service)
    try:
        observe.start()  # inside: a metrics port that fails to bind still unhooks the collector
        async with fanout.running(service, settings.redis_url) as shared:
            if shared is not None:
                from doublesix.server.hall import shared as shared_lobby  # the redis extra

                shared_lobby.link(hall, shared)
            await service.start()
            hall.start()
            yield Parts(service, hall, observe)
    finally:
        await hall.stop()
        await service.stop()
        await observe.stop()
