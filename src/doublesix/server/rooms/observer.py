"""What the rooms tell whoever watches them work: a commit's time, a computer's thinking, a
computer turn that failed.

The rooms do not know who listens. The operator's metrics and logs (``ops/observe.py``) sit
above them and come in at construction, ``RoomsService(observe=...)`` (compose.py passes
them), as lichess passes its round actor its collaborators; that is the whole dependency, so
the rooms import nothing of ops. Creations and expiries reach the same observer as signals
(:mod:`.signals`). Without one (a test, a bench) :class:`Unobserved` keeps only the log line of
a failed computer turn, which must never pass in silence.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Iterable
from typing import TYPE_CHECKING, Protocol, TypeVar

from doublesix.server.wire.errors import ServiceError

if TYPE_CHECKING:
    from doublesix.server.rooms.events import Numbered
    from doublesix.server.rooms.room import Room

T = TypeVar("T")
log = logging.getLogger("doublesix.rooms")


class RoomsObserver(Protocol):
    def committed(self, room: Room, events: Iterable[Numbered], seconds: float) -> None:
        """A change of *room* was stored in *seconds* (the cache calls it after each save)."""

    async def think(self, decision: Awaitable[T]) -> T:
        """Await a computer's *decision* (the time it takes is the observer's to count)."""

    def computer_failed(self, game_id: str, exc: ServiceError | None = None) -> None:
        """A computer turn refused (*exc*) or failed (called inside ``except``: traceback)."""


class Unobserved:
    """Nobody counts: commits and thinking go unmeasured; a failed computer turn is logged."""

    def committed(self, room: Room, events: Iterable[Numbered], seconds: float) -> None:
        pass

    async def think(self, decision: Awaitable[T]) -> T:
        return await decision

    def computer_failed(self, game_id: str, exc: ServiceError | None = None) -> None:
        if exc is not None:
            log.warning("computer turn refused in %s: %s", game_id, exc.code)
        else:
            log.exception("computer turn failed in %s", game_id)
