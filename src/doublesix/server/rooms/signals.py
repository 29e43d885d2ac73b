"""What happened in the rooms service, told to whoever listens (the service knows none of them).

The rooms service (:mod:`.service`) is the lower layer: it changes a room, stores it, acknowledges
and sends to the room's own sockets, and only then publishes a signal. The hall (lobby lines,
clocks, chat), the fanout to other processes, and anything an operator adds (metrics, structured
logs) subscribe from above::

    def log_room(signal: Signal) -> None:
        if isinstance(signal, Created):
            log.info("created", extra={"game_id": signal.room.game_id})

    service.signals.subscribe(log_room)

A listener runs synchronously on the event loop, in subscription order, after the change is
stored and sent: it must be quick (queue work for a task if it is not) and must not raise; if it
does, the error is logged and the other listeners still run, since the change already happened.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from doublesix.server.rooms.events import Numbered
from doublesix.server.rooms.room import Room

log = logging.getLogger("doublesix.server.signals")


@dataclass(frozen=True, slots=True)
class Created:
    """A room was created and stored; *client* is its creator's address (budgets per client)."""

    room: Room
    client: str | None


@dataclass(frozen=True, slots=True)
class Stored:
    """*events* of *room* were stored by this process and sent to its sockets here."""

    room: Room
    events: Sequence[Numbered]


@dataclass(frozen=True, slots=True)
class Presence:
    """Who is connected to a room (its seats, or how many watch) changed. *room* is the
    loaded room, or None when this process does not hold it; *remote*: the change happened
    on another process (this one heard of it through the fanout)."""

    game_id: str
    room: Room | None
    remote: bool = False


@dataclass(frozen=True, slots=True)
class Gone:
    """These rooms were deleted (expiry); their sockets here are already closed."""

    game_ids: Sequence[str]


Signal = Created | Stored | Presence | Gone
Listener = Callable[[Signal], None]


class Signals:
    """The subscribers of one service."""

    def __init__(self) -> None:
        self._listeners: list[Listener] = []

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Hear every signal from now on; returns the call that stops it."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    def publish(self, signal: Signal) -> None:
        for listener in list(self._listeners):
            try:
                listener(signal)
            except Exception:
                log.exception("a listener failed on %s", type(signal).__name__)
