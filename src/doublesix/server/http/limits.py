"""Limits on what one connection may cost before the app sees it (docs/protocol.md,
"Limits").

HTTP: the h11 parser with a cap on the request line plus headers (a 20 MiB header line is
refused at 16 KiB instead of being buffered), a deadline for the headers to arrive (a client
that never finishes them is closed), no request body read after its answer (the answer says
``Connection: close`` and the connection ends), and no proxy headers unless the server was
told which proxies to trust (``clients.address`` reads them then). uvicorn's default parser
(httptools) has neither limit, and by default it believes an X-Forwarded-For from 127.0.0.1:
both are turned off here.

WebSocket: the app sees whole messages only, and its own limits (frame size, frames per
second, the hello deadline, the "not reading" queue) count nothing below them. Below them a
client can still make the protocol work and hold memory without the app hearing of it: a
ping is answered with a pong without the app, a message may come in any number of empty
fragments, and what the server writes to a client that never reads piles up in the
transport's buffer. :class:`GuardedWebSocketProtocol` bounds each of these where it happens.
"""

from __future__ import annotations

import asyncio
import functools
import os
from typing import Any, TypedDict, cast

import h11
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn._types import ASGISendEvent
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.frames import Frame

from doublesix.core.jsonvalue import JSONObject
from doublesix.server.config import Settings
from doublesix.server.rooms.ratelimit import TokenBucket
from doublesix.server.wire.errors import CLOSE_FLOOD, CLOSE_POLICY, CLOSE_TOO_BIG

#: fragments one message may come in: a browser never splits what it sends, and a client that
#: does splits a message of at most 8 KiB into a few, not into millions of empty ones
MAX_FRAGMENTS = 64
#: seconds from a message's first fragment to its last
ASSEMBLY_TIMEOUT = 5.0
#: bytes of input handed to the frame parser at once: the guards look between two slices, so
#: the 256 KiB the event loop reads at a time (43,000 empty frames) is not parsed to the end
#: after the first guard has closed the socket
PARSE_SLICE = 4096
#: seconds a refused socket's close frame has to leave before the connection is cut: a client
#: that does not read would otherwise hold it until its buffer drained, that is for ever
CLOSE_GRACE = 1.0


def _environment() -> Settings:
    """The settings of ``DOUBLESIX_*`` variables."""
    try:
        return Settings.from_env()
    except ValueError:
        return Settings()  # preflight refuses the bad variable before the server starts


class GuardedH11Protocol(H11Protocol):
    """h11 with a deadline for each request's headers (the first one and each kept-alive
    one): a connection still without a whole request head after ``header_timeout`` is shut."""

    #: set by ``uvicorn_options``; worker processes read the environment
    header_timeout = float(os.environ.get("DOUBLESIX_HEADER_TIMEOUT") or 10.0)

    _head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._arm()  # the next request on this connection gets the same deadline

    def connection_lost(self, exc: Exception | None) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
        super().connection_lost(exc)

    def _arm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
        self._head_timer = asyncio.get_running_loop().call_later(self.header_timeout,
                                                                 self._head_late)

    def _head_late(self) -> None:
        self._head_timer = None
        waiting = self.conn.their_state is h11.IDLE  # no complete request head yet
        if waiting and self.transport.get_protocol() is self and not self.transport.is_closing():
            self.transport.close()


class CloseUnreadBodies:
    """ASGI middleware: an answer sent before its request's body has all arrived (a 413, a
    408, a route that reads no body) says ``Connection: close``, and the connection ends with
    it. Otherwise uvicorn reads the rest of the body, only to discard it, to keep the
    connection for a next request: 985 MiB after a 413, or a body dripped a byte at a time
    kept the connection for ever after its 408. (A client sending a body it was refused gets
    a reset for it: httpx and browsers read the answer that came before.)"""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        pending = _declares_body(scope)

        async def receive_watched() -> Message:
            nonlocal pending
            message = await receive()
            if message["type"] != "http.request" or not message.get("more_body", False):
                pending = False  # the whole body, or the client left
            return message

        async def send_closing(message: Message) -> None:
            if message["type"] == "http.response.start" and pending:
                message = {**message, "headers": [*message.get("headers", []),
                                                  (b"connection", b"close")]}
            await send(message)

        await self.app(scope, receive_watched, send_closing)


def _declares_body(scope: Scope) -> bool:
    """Whether the request's headers announce a body (h11 reads none otherwise)."""
    for name, value in scope["headers"]:
        if name == b"transfer-encoding":
            return True
        if name == b"content-length":
            return bool(value.strip() != b"0")
    return False


class GuardedWebSocketProtocol(WebSocketsSansIOProtocol):
    """websockets' Sans-I/O protocol with bounds below the app's: control frames (ping and
    pong) spend a token bucket of their own, as large as the one for messages (4008 when
    empty); a message may come in at most ``MAX_FRAGMENTS`` frames (1009) and within
    ``ASSEMBLY_TIMEOUT`` seconds of its first (1008); the output a client leaves unread may
    reach ``max_unsent`` bytes and stay blocked ``stall_timeout`` seconds (settings), then
    the connection is cut (no close frame could reach a client that does not read)."""

    def __init__(self, *args: Any, limits: Settings | None = None, **kwargs: Any) -> None:
        """*limits*: the server's settings (``uvicorn_options`` binds them; without: the
        environment's)."""
        super().__init__(*args, **kwargs)
        self.limits = limits if limits is not None else _environment()
        self._control = TokenBucket(self.limits.rate_per_second, self.limits.rate_burst)
        self._fragments = 0  # of the message being assembled (0: none)
        self._assembly_timer: asyncio.TimerHandle | None = None
        self._stall_timer: asyncio.TimerHandle | None = None
        #: a guard closed the socket: what still comes is not parsed
        self.refused = False

    # -- input ---------------------------------------------------------------------------

    def data_received(self, data: bytes) -> None:
        if self.refused:
            return
        for start in range(0, len(data), PARSE_SLICE):
            part = data if len(data) <= PARSE_SLICE else data[start:start + PARSE_SLICE]
            super().data_received(part)
            if self.refused or self.transport.is_closing():
                return
        self._check_unsent()  # the pongs just written

    def handle_ping(self) -> None:
        if self._spend_control():
            super().handle_ping()

    def handle_pong(self, event: Frame) -> None:
        if self._spend_control():
            super().handle_pong(event)

    def handle_text(self, event: Frame) -> None:
        self._message_begins(event)
        super().handle_text(event)

    def handle_bytes(self, event: Frame) -> None:
        self._message_begins(event)
        super().handle_bytes(event)

    def handle_cont(self, event: Frame) -> None:
        if self.refused:
            return
        self._fragments += 1
        if self._fragments > MAX_FRAGMENTS:
            self._refuse(CLOSE_TOO_BIG, "message in too many fragments")
            return
        if event.fin:
            self._fragments = 0
            self._stop_assembly()
        super().handle_cont(event)

    def _spend_control(self) -> bool:
        if self.refused:
            return False
        if self._control.take():
            return True
        self._refuse(CLOSE_FLOOD, "too many control frames")
        return False

    def _message_begins(self, event: Frame) -> None:
        self._stop_assembly()
        self._fragments = 0
        if not event.fin:
            self._fragments = 1
            self._assembly_timer = self.loop.call_later(ASSEMBLY_TIMEOUT, self._assembly_late)

    def _stop_assembly(self) -> None:
        if self._assembly_timer is not None:
            self._assembly_timer.cancel()
            self._assembly_timer = None

    def _assembly_late(self) -> None:
        self._assembly_timer = None
        self._refuse(CLOSE_POLICY, "message not finished in time")

    # -- output --------------------------------------------------------------------------

    async def send(self, message: ASGISendEvent) -> None:
        await super().send(message)
        if message["type"] == "websocket.http.response.body" and not message.get("more_body"):
            # a refusal of the upgrade (the 429 of ws.py) is a whole answer: uvicorn 0.54
            # would log "returned without completing handshake" for each one
            self.handshake_complete = True
        self._check_unsent()

    def pause_writing(self) -> None:
        super().pause_writing()
        if self._stall_timer is None:
            self._stall_timer = self.loop.call_later(self.limits.stall_timeout, self._cut)

    def resume_writing(self) -> None:
        super().resume_writing()
        if self._stall_timer is not None:
            self._stall_timer.cancel()
            self._stall_timer = None

    def _check_unsent(self) -> None:
        if self.transport.get_write_buffer_size() > self.limits.max_unsent:
            self._cut()

    # -- ending --------------------------------------------------------------------------

    def _refuse(self, code: int, reason: str) -> None:
        """Close with *code*, parse nothing more, and cut the connection if the close frame
        has not left within ``CLOSE_GRACE``."""
        if self.refused:
            return
        self.refused = True
        self._stop_assembly()
        if self.transport.is_closing():
            return
        self.conn.fail(code, reason)
        if not self.close_sent:  # else the app has closed and heard of it already
            self.queue.put_nowait({"type": "websocket.disconnect", "code": code,
                                   "reason": reason})
        self.close_sent = True
        self.transport.write(b"".join(self.conn.data_to_send()))
        self.transport.close()
        self.loop.call_later(CLOSE_GRACE, self.transport.abort)

    def _cut(self) -> None:
        """End the connection at once: its client does not read, so nothing (not even a close
        frame) can reach it, and every byte more would stay in this process."""
        self._stall_timer = None
        self.refused = True
        self._stop_assembly()
        self.transport.abort()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_assembly()
        if self._stall_timer is not None:
            self._stall_timer.cancel()
            self._stall_timer = None
        super().connection_lost(exc)


class UvicornLimits(TypedDict):
    """The keyword arguments of ``uvicorn.Config`` that :func:`uvicorn_options` sets."""

    http: type[GuardedH11Protocol]
    h11_max_incomplete_event_size: int
    proxy_headers: bool
    ws_max_size: int
    ws_per_message_deflate: bool
    ws: type[GuardedWebSocketProtocol]
    timeout_keep_alive: int


class ServeOptions(UvicornLimits):
    """Everything ``doublesix serve`` hands ``uvicorn.Config``."""

    host: str
    port: int
    log_level: str
    log_config: JSONObject


def uvicorn_options(settings: Settings) -> UvicornLimits:
    """Keyword arguments for ``uvicorn.run`` / ``uvicorn.Config`` that apply these limits."""
    GuardedH11Protocol.header_timeout = settings.header_timeout
    return {
        "http": GuardedH11Protocol,
        "h11_max_incomplete_event_size": settings.max_header,
        # X-Forwarded-For is read by clients.address, from settings.trusted_proxies only
        "proxy_headers": False,
        # the app closes frames over settings.max_frame itself, with a clear reason
        "ws_max_size": 64 * 1024,
        "ws_per_message_deflate": False,
        # websockets' Sans-I/O protocol (the legacy one runs four tasks a socket, 214 live
        # objects and 46 KiB an idle socket against 148 and 38 KiB: bench/memory.py), with the
        # bounds below the app's of GuardedWebSocketProtocol
        # (bound to these settings: a class attribute would be shared by every server of the
        # process; the partial travels to worker processes as the class and the settings)
        # (uvicorn's annotation asks for a class; it only ever calls it, as it calls this)
        "ws": cast("type[GuardedWebSocketProtocol]",
                   functools.partial(GuardedWebSocketProtocol, limits=settings)),
        "timeout_keep_alive": 5,
    }
