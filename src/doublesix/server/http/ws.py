"""The WebSocket endpoint: frames in and out, limits, and handing commands to the service.

A seat's socket (after ``hello``) goes to the rooms service, which stores and answers; its
chat, and lobby and spectator sockets (``lobby`` / ``watch`` instead of ``hello``), go to the
hall above it.

Frames to a client go through a per-socket queue drained by one writer task, so the service
can "send" while holding a room's lock without waiting on a slow client, and every socket sees
frames in the order the service produced them.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from starlette.responses import JSONResponse
from starlette.websockets import WebSocket, WebSocketDisconnect

from doublesix.server.hall import again
from doublesix.server.hall.seek import Matchmaker
from doublesix.server.hall.service import Hall
from doublesix.server.http import clients
from doublesix.server.ops import shutdown
from doublesix.server.ops.observe import Observer, frame_type
from doublesix.server.rooms.ratelimit import TokenBucket
from doublesix.server.rooms.service import RoomsService
from doublesix.server.wire.edge import well_formed
from doublesix.server.wire.errors import (
    CLOSE_BAD_TOKEN,
    CLOSE_FLOOD,
    CLOSE_NO_HELLO,
    CLOSE_TOO_BIG,
    CLOSE_TOO_MANY,
    CLOSE_UNSUPPORTED,
    ErrorCode,
    ServiceError,
)
from doublesix.server.wire.protocol import (
    Chat,
    Command,
    Hello,
    OutFrame,
    React,
    Seek,
    Simple,
    parse_frame,
)

_STOP = object()
#: a client that stops reading is dropped rather than letting its queue grow without end
MAX_QUEUE = 1000


class Connection:
    """One socket: the :class:`~doublesix.server.rooms.hub.Peer` the service talks to."""

    def __init__(self, ws: WebSocket) -> None:
        self.ws = ws
        self.game_id: str | None = None
        self.seats: tuple[int, ...] = ()
        self.closing = False
        #: hellos refused for their token on this socket (closed with 4001 at the cap)
        self.bad_hellos = 0
        #: the code this server closed the socket with (None: the client left)
        self.close_code: int | None = None
        self._queue: asyncio.Queue[Any] = asyncio.Queue()

    def send(self, frame: OutFrame) -> None:
        if self.closing:
            return
        if self._queue.qsize() >= MAX_QUEUE:
            self.close(1008, "not reading")
            return
        self._queue.put_nowait(frame)

    def close(self, code: int, reason: str) -> None:
        if not self.closing:
            self.closing = True
            self.close_code = code
            self._queue.put_nowait((code, reason))

    def stop(self) -> None:
        self._queue.put_nowait(_STOP)

    async def write(self) -> None:
        """Send queued frames until a close or a stop; a vanished client just ends it."""
        try:
            while True:
                item = await self._queue.get()
                if item is _STOP:
                    return
                if isinstance(item, tuple):
                    await self.ws.close(*item)
                    return
                text = json.dumps(item, ensure_ascii=False)
                if not well_formed(text):
                    # text the edge should have refused: escaped, it cannot kill the socket
                    text = json.dumps(item)
                await self.ws.send_text(text)
        except (WebSocketDisconnect, RuntimeError, OSError):
            return
        finally:
            self.closing = True


async def websocket_endpoint(ws: WebSocket) -> None:
    service: RoomsService = ws.app.state.service
    observe: Observer = ws.app.state.observe
    client = clients.address(ws.scope, service.settings.trusted_proxies)
    if not service.budgets.may_connect(client):
        # refused before the socket exists: an HTTP answer to the upgrade is the cheapest
        # refusal there is, and no socket is set up only to be closed
        refusal = ServiceError(ErrorCode.TOO_MANY_SOCKETS, "too many new sockets from this"
                               " address: wait a little", status=429)
        await ws.send_denial_response(JSONResponse(refusal.body(), status_code=429))
        observe.closed(CLOSE_TOO_MANY)
        return
    await ws.accept()
    if not service.budgets.open_socket(client):
        await ws.close(CLOSE_TOO_MANY, "too many sockets from this address")
        observe.closed(CLOSE_TOO_MANY)
        return
    try:
        conn = await _connection(ws, service, ws.app.state.hall, observe, client)
    finally:
        service.budgets.close_socket(client)
    if conn.close_code == CLOSE_FLOOD:
        service.budgets.flooded(client)


async def _connection(ws: WebSocket, service: RoomsService, hall: Hall, observe: Observer,
                      client: str | None) -> Connection:
    conn = Connection(ws)
    observe.opened(conn)
    drain = shutdown.drain_of(ws.app)  # a stopping process closes the socket with 1012
    writer = asyncio.create_task(conn.write())
    drain.add(conn)
    try:
        await _read(ws, conn, service, hall, observe, drain, client)
    except WebSocketDisconnect:
        pass
    finally:
        drain.discard(conn)
        observe.left(conn)
        if conn.seats:
            await service.leave(conn)
        else:
            hall.leave(conn)  # a lobby or spectator socket (or one that never said hello)
            ws.app.state.matchmaker.left(conn)  # a lobby socket leaves «Играть сейчас»
        conn.stop()
        await writer
    return conn


async def _read(
    ws: WebSocket, conn: Connection, service: RoomsService, hall: Hall, observe: Observer,
    drain: shutdown.Drain, client: str | None,
) -> None:
    settings = service.settings
    bucket = TokenBucket(settings.rate_per_second, settings.rate_burst)
    hello_by = time.monotonic() + settings.hello_timeout
    while not conn.closing:
        if conn.game_id is None:
            try:
                message = await asyncio.wait_for(ws.receive(), hello_by - time.monotonic())
            except TimeoutError:
                conn.close(CLOSE_NO_HELLO, "hello expected")
                return
        else:
            message = await ws.receive()
        if message["type"] == "websocket.disconnect":
            if message.get("code") == CLOSE_FLOOD and conn.close_code is None:
                conn.close_code = CLOSE_FLOOD  # the transport's guard (limits.py) closed it
            return
        if conn.closing:
            return  # a frame that crossed our close is not served: nobody would see its answer
        text = message.get("text")
        if text is None:
            conn.close(CLOSE_UNSUPPORTED, "text frames only")
            return
        if len(text) > settings.max_frame:
            conn.close(CLOSE_TOO_BIG, "frame too large")
            return
        # the socket's own limit, then its address's over all its sockets: 50 sockets each
        # under its limit are not 50 times the work one client may make (issue 21, item 8)
        if not bucket.take() or not service.budgets.frame(client):
            conn.close(CLOSE_FLOOD, "too many messages")
            return
        with drain.serving(conn):
            await _serve(conn, service, hall, observe, text, client)


def _seeks(command: Command) -> bool:
    return isinstance(command, Seek) or (isinstance(command, Simple)
                                          and command.type == "seek_cancel")


async def _seek(conn: Connection, command: Command, client: str | None) -> None:
    """«Играть сейчас» (hall/seek.py): only from the hall's lobby socket (not a seat's, not a
    spectator's: a seat already has its game)."""
    if conn.seats or conn.game_id != "":
        raise ServiceError(ErrorCode.NOT_ALLOWED, "«Играть сейчас» is asked from the hall's"
                           " lobby socket ({\"type\": \"lobby\"} first)")
    matchmaker: Matchmaker = conn.ws.app.state.matchmaker
    if isinstance(command, Seek):
        await matchmaker.seek(conn, command, client)
    else:
        await matchmaker.cancel(conn, command.id)


async def _serve(conn: Connection, service: RoomsService, hall: Hall, observe: Observer,
                 text: str, client: str | None = None) -> None:
    """One frame: parse, hand to the service, turn a refusal into an error frame."""
    started = time.perf_counter()
    try:
        command = parse_frame(text)
    except ServiceError as exc:
        conn.send(exc.frame())
        observe.refused(conn, None, exc)
        observe.answered("invalid", started)
        return
    try:
        if conn.game_id is None:
            if hall.opens(command):
                await hall.open(conn, command)  # a lobby or spectator socket
            elif not isinstance(command, Hello):
                raise ServiceError(ErrorCode.HELLO_REQUIRED,
                                   "say hello first: {\"type\": \"hello\","
                                   " \"game_id\": …, \"token\": …}")
            else:
                await service.hello(conn, command)
        elif _seeks(command):
            await _seek(conn, command, client)
        elif not conn.seats:
            await hall.handle_outsider(conn, command)
        elif isinstance(command, Chat):
            await hall.chat(conn, command)
        elif isinstance(command, React):
            await hall.react(conn, command)
        elif isinstance(command, Simple) and command.type in again.TYPES:
            await conn.ws.app.state.again.handle(conn, command)  # «Ещё раз с ним»
        else:
            await service.handle(conn, command)
    except ServiceError as exc:
        conn.send(exc.frame(command.id))
        observe.refused(conn, command, exc)
        if exc.close is not None:
            conn.close(*exc.close)
        elif exc.code == ErrorCode.BAD_TOKEN:
            conn.bad_hellos += 1
            if conn.bad_hellos >= service.settings.max_bad_hellos:
                conn.close(CLOSE_BAD_TOKEN, "too many bad tokens")
    except Exception:
        observe.failed(conn, command)
        conn.send(ServiceError(ErrorCode.INTERNAL, "the server failed on this frame; nothing"
                               " changed").frame(command.id))
    finally:
        observe.answered(frame_type(command), started)
