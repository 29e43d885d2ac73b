"""What the server tells its operator: metrics (metrics.py) and room event logs (logs.py).

compose.py builds one :class:`Observer` and passes it to the rooms service, which knows it only
as a ``rooms.observer.RoomsObserver``: the cache (commits) and the computer's turns call it
there, the service's signals (signals.py) tell it of rooms created and expired, and the socket
endpoint (frames) finds it in ``app.state.observe``; each calls it with one line where
something happens, and everything about counting and wording lives here. Nothing here changes
a game or holds a secret: fields are game ids, modes, seats, codes and counts.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Iterable
from typing import TYPE_CHECKING, Any, TypeVar

from doublesix.server.config import Settings
from doublesix.server.ops import logs
from doublesix.server.ops.metrics import Metrics
from doublesix.server.rooms.events import (
    ComputerSeated,
    Joined,
    NewGame,
    Numbered,
    Played,
    Resigned,
    TimedOut,
)
from doublesix.server.rooms.signals import Created, Gone, Signal
from doublesix.server.wire.errors import ErrorCode, ServiceError

if TYPE_CHECKING:
    from wsgiref.simple_server import WSGIServer

    from doublesix.server.rooms.hub import Peer
    from doublesix.server.rooms.room import Room

T = TypeVar("T")
log = logging.getLogger("doublesix.server.ws")
_COMMAND_NAMES = {"NextDeal": "next_deal", "SetLevel": "set_level",
                  "SeatComputer": "seat_computer"}


def frame_type(command: object) -> str:
    """The protocol name of a parsed command (``Simple`` commands carry theirs)."""
    kind = getattr(command, "type", None)
    if isinstance(kind, str):
        return kind
    name = type(command).__name__
    return _COMMAND_NAMES.get(name, name.lower())


def socket_kind(peer: Peer) -> str:
    """seat, lobby or spectator; ``hello`` for a socket that has not opened anything yet."""
    if peer.game_id is None:
        return "hello"
    if peer.seats:
        return "seat"
    return "lobby" if peer.game_id == "" else "spectator"


def _game_id(peer: Peer, command: object | None) -> str | None:
    """The room of a socket, or the one its first frame (hello, watch) names."""
    return peer.game_id or getattr(command, "game_id", None) or None


class Observer:
    """The operator's view of one process (a ``RoomsObserver`` of the rooms service)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.metrics = Metrics()
        #: every open socket of this app (read when scraped: nothing counted per frame)
        self.sockets: set[Peer] = set()
        self._moves: dict[tuple[str, str], Any] = {}
        self._port_server: WSGIServer | None = None
        readings = self.metrics.readings
        readings.add("open_sockets", "Open WebSockets by kind (hello: not yet opened)",
                     self._socket_counts, "kind")

    def count_rooms(self, rooms_in_memory: Callable[[], int]) -> None:
        """Read *rooms_in_memory* when scraped: the service's cache is built after this
        observer, which it is given at construction."""
        self.metrics.readings.add("rooms_in_memory", "Rooms loaded in this process's cache",
                                  rooms_in_memory)

    def _socket_counts(self) -> dict[str, float]:
        counts = dict.fromkeys(("hello", "seat", "lobby", "spectator"), 0.0)
        for peer in list(self.sockets):  # list(): a scrape may run on the metrics port's thread
            counts[socket_kind(peer)] += 1
        return counts

    # -- life cycle ------------------------------------------------------------------------
    def start(self) -> None:
        """Time the collector's pauses, and serve the metrics port when one is set."""
        self.metrics.watch_gc()
        port = self.settings.metrics_port
        if port is not None:
            from prometheus_client import start_http_server

            self._port_server, _ = start_http_server(port, "127.0.0.1",
                                                     registry=self.metrics.registry)

    @property
    def port(self) -> int | None:
        """The metrics port as bound (``metrics_port=0`` binds a free one)."""
        return None if self._port_server is None else self._port_server.server_port

    async def stop(self) -> None:
        self.metrics.unwatch_gc()
        server, self._port_server = self._port_server, None
        if server is not None:
            await asyncio.to_thread(server.shutdown)
            server.server_close()

    # -- sockets ---------------------------------------------------------------------------
    def opened(self, peer: Peer) -> None:
        self.sockets.add(peer)

    def left(self, peer: Peer) -> None:
        """The socket is gone; counted by the code the server closed it with, if it did."""
        self.sockets.discard(peer)
        code = getattr(peer, "close_code", None)
        if code is not None:
            self.closed(code)

    def closed(self, code: int) -> None:
        """The server closes a socket with *code*."""
        self.metrics.closes.labels(str(code)).inc()

    def answered(self, kind: str, started: float) -> None:
        """A frame of *kind*, received at *started* (perf_counter), has had its answer."""
        self.metrics.frame(kind, time.perf_counter() - started)

    def refused(self, peer: Peer, command: object | None, exc: ServiceError) -> None:
        """A frame (None: one that did not parse) was answered with an error code."""
        self.metrics.errors.labels(exc.code).inc()
        # the code, not the message: a message may quote what the client sent
        logs.event(log, logging.INFO, "frame refused", game_id=_game_id(peer, command),
                   type=frame_type(command) if command is not None else "invalid",
                   code=exc.code)

    def failed(self, peer: Peer, command: object) -> None:
        """Inside ``except``: a frame failed in the server (logged with its traceback)."""
        self.metrics.errors.labels(ErrorCode.INTERNAL).inc()
        log.exception("a frame could not be served", extra={"fields": {
            "game_id": _game_id(peer, command), "type": frame_type(command),
            "code": ErrorCode.INTERNAL}})

    # -- rooms -----------------------------------------------------------------------------
    def heard(self, signal: Signal) -> None:
        """A listener of the rooms service's signals (signals.py): creations and expiries."""
        if isinstance(signal, Created):
            self.created(signal.room)
        elif isinstance(signal, Gone):
            self.expired(signal.game_ids)

    def created(self, room: Room) -> None:
        row = room.row
        self.metrics.rooms_created.labels(row.mode).inc()
        logs.event(logs.ROOMS, logging.INFO, "created", game_id=row.game_id, mode=row.mode,
                   preset=room.rules.preset, players=room.rules.players, computer_level=row.level,
                   computers=[s.seat for s in row.seats if s.computer],
                   table=row.hall is not None)

    def committed(self, room: Room, events: Iterable[Numbered], seconds: float) -> None:
        """A change of *room* was stored in *seconds*: count its moves, log what matters."""
        self.metrics.commit_seconds.observe(seconds)
        for stored in events:
            event = stored.event
            if isinstance(event, Played):
                self._moved(room, event)
            elif isinstance(event, Joined):
                logs.event(logs.ROOMS, logging.INFO, "joined", game_id=room.game_id,
                           seat=event.seat)
            elif isinstance(event, ComputerSeated):
                logs.event(logs.ROOMS, logging.INFO, "joined", game_id=room.game_id,
                           seat=event.seat, computer=True)
            elif isinstance(event, NewGame):
                logs.event(logs.ROOMS, logging.INFO, "new game", game_id=room.game_id,
                           game_no=event.game_no, reason=event.reason)
            elif isinstance(event, TimedOut):
                self._finished(room, "time", event.winner)
            elif isinstance(event, Resigned) and room.match.over:
                self._finished(room, "resigned", room.match.winner)

    def _moved(self, room: Room, played: Played) -> None:
        key = (played.by, played.action.partition(" ")[0])
        child = self._moves.get(key)
        if child is None:
            child = self._moves[key] = self.metrics.moves.labels(*key)
        child.inc()
        match = room.match
        if match.over and match.finished_deals:
            self._finished(room, match.finished_deals[-1].reason.value, match.winner)

    def _finished(self, room: Room, reason: str, winner: object) -> None:
        self.metrics.games_finished.labels(reason).inc()
        match = room.match
        logs.event(logs.ROOMS, logging.INFO, "finished", game_id=room.game_id,
                   game_no=room.row.game_no, reason=reason, winner=winner,
                   scores=list(match.scores) if match.rules.is_match else None,
                   deals=len(match.finished_deals), moves=len(match.log))

    def expired(self, game_ids: Iterable[str]) -> None:
        for game_id in game_ids:
            self.metrics.rooms_expired.inc()
            logs.event(logs.ROOMS, logging.INFO, "expired", game_id=game_id)

    # -- the computer ----------------------------------------------------------------------
    async def think(self, decision: Awaitable[T]) -> T:
        """Await a computer decision, timed and counted as waiting in the queue meanwhile."""
        self.metrics.thinking.inc()
        started = time.perf_counter()
        try:
            return await decision
        finally:
            self.metrics.thinking.dec()
            self.metrics.think_seconds.observe(time.perf_counter() - started)

    def computer_failed(self, game_id: str, exc: ServiceError | None = None) -> None:
        """A computer turn refused (*exc*) or failed (called inside ``except``: traceback)."""
        self.metrics.computer_failures.inc()
        if exc is not None:
            logs.event(logs.ROOMS, logging.WARNING, "computer turn refused", game_id=game_id,
                       code=exc.code)
        else:
            logs.ROOMS.exception("computer turn failed", extra={"fields": {"game_id": game_id}})
