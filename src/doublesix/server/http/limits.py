"""Limits on what one HTTP connection may cost before the app sees it (docs/protocol.md,
"Limits"): the h11 parser with a cap on the request line plus headers (a 20 MiB header line
is refused at 16 KiB instead of being buffered), a deadline for the headers to arrive (a
client that never finishes them is closed), and no proxy headers unless the server was told
which proxies to trust (``clients.address`` reads them then).

uvicorn's default parser (httptools) has neither limit, and by default it believes an
X-Forwarded-For from 127.0.0.1: both are turned off here.
"""

from __future__ import annotations

import asyncio
import os
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from doublesix.server.config import Settings


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


def uvicorn_options(settings: Settings) -> dict[str, Any]:
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
        # websockets' Sans-I/O protocol, named rather than left to "auto" (which picks it in
        # the uvicorn we run, not in older ones): the legacy one runs four tasks a socket, 214
        # live objects and 46 KiB an idle socket against 148 and 38 KiB (bench/memory.py)
        "ws": "websockets-sansio",
        "timeout_keep_alive": 5,
    }
