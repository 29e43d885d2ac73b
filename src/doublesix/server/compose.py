"""The server's parts, put together: the rooms service below, the hall and the fanout above it.

The rooms service (rooms/service.py) knows neither: the hall and the fanout subscribe to its
signals and register their checks when they are built here. The operator's metrics and logs
(ops/observe.py) are passed to it at construction and hang on the same ``service.signals``.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass

from doublesix.server import fanout
from doublesix.server.config import Settings
from doublesix.server.hall.again import Again
from doublesix.server.hall.seek import Matchmaker, People, Pool
from doublesix.server.hall.service import Hall
from doublesix.server.ops.observe import Observer
from doublesix.server.profiles.service import key_hash
from doublesix.server.ratings.model import MODELS
from doublesix.server.ratings.service import Ratings
from doublesix.server.rooms import clocks
from doublesix.server.rooms.leavers import Leavers
from doublesix.server.rooms.service import RoomsService
from doublesix.server.storage import Storage

log = logging.getLogger("doublesix.server")


@dataclass(frozen=True, slots=True)
class Parts:
    service: RoomsService
    hall: Hall
    observe: Observer
    ratings: Ratings
    matchmaker: Matchmaker
    again: Again


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
    leavers = Leavers(service)
    # a rated table's finished game is rated right after it is kept (ratings/service.py)
    ratings = Ratings(storage.ratings, storage.profiles, clock)
    service.rooms.kept.append(ratings.settle)
    matchmaker = Matchmaker(service, _people(storage, ratings), _pool(settings.redis_url))
    try:
        observe.start()  # inside: a metrics port that fails to bind still unhooks the collector
        async with fanout.running(service, settings.redis_url) as shared:
            if shared is not None:
                from doublesix.server.hall import shared as shared_lobby  # the redis extra

                shared_lobby.link(hall, shared)
                shared_lobby.link_pool(matchmaker, shared)
            await service.start()
            await _sweep(ratings, clock())
            hall.start()
            leavers.start()
            await matchmaker.start()
            yield Parts(service, hall, observe, ratings, matchmaker, Again(service, ratings.hold))
    finally:
        await matchmaker.stop()
        await leavers.stop()
        await hall.stop()
        await service.stop()
        await observe.stop()


def _people(storage: Storage, ratings: Ratings) -> People:
    """What «Играть сейчас» asks of profiles and ratings, which stand above the hall."""

    async def rating(profile_id: str, preset: str) -> int:
        found = await ratings.store.current([profile_id], preset)
        return found.get(profile_id, MODELS[preset].new()).display

    return People(lambda key: storage.profiles.by_key(key_hash(key)), rating, ratings.hold)


def _pool(redis_url: str | None) -> Pool | None:
    """The «Играть сейчас» pool: in Redis with several processes, else this process's own."""
    if not redis_url:
        return None
    from doublesix.server.hall.pool_redis import RedisPool  # the redis extra, lazily

    return RedisPool(redis_url)


async def _sweep(ratings: Ratings, now: float) -> None:
    """Rate what a stopped process kept but did not rate (rooms live seven days at most)."""
    try:
        settled = await ratings.sweep(now - 8 * 86400)
    except Exception:
        log.exception("rating the games left unrated failed; they are rated on the next start")
        return
    if settled:
        log.info("rated %d finished games a stopped process had left unrated", settled)
