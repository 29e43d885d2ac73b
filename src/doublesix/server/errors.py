"""ServiceError: a refusal with a protocol error code (docs/protocol.md), and its transports."""

from __future__ import annotations

from typing import Any

# WebSocket close codes of docs/protocol.md
CLOSE_NORMAL = 1000
CLOSE_GOING_AWAY = 1001
CLOSE_UNSUPPORTED = 1003
CLOSE_POLICY = 1008  # a message not finished in time, a client that does not read
CLOSE_TOO_BIG = 1009
CLOSE_INTERNAL = 1011
CLOSE_RESTART = 1012  # the process is stopping (a restart): reconnect at once, another takes it
CLOSE_NO_HELLO = 4000
CLOSE_BAD_TOKEN = 4001
CLOSE_REPLACED = 4002
CLOSE_NOT_FOUND = 4004
CLOSE_FLOOD = 4008
CLOSE_TOO_MANY = 4029  # more sockets from one client address than the server allows


class ServiceError(Exception):
    """A request refused with nothing changed. ``close`` asks the socket to be closed too."""

    def __init__(
        self,
        code: str,
        message: str,
        *,
        status: int = 400,
        close: tuple[int, str] | None = None,
        extra: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        self.close = close
        self.extra = extra or {}
        #: the ``id`` of the frame this refuses, when known
        self.request_id: object = None

    def frame(self, request_id: object = None) -> dict[str, Any]:
        """The WebSocket ``error`` frame."""
        rid = self.request_id if request_id is None else request_id
        return {"type": "error", "code": self.code, "message": self.message, "id": rid,
                **self.extra}

    def body(self) -> dict[str, Any]:
        """The HTTP error body."""
        return {"error": {"code": self.code, "message": self.message}}


def not_found(game_id: str) -> ServiceError:
    return ServiceError(
        "not_found", f"room {game_id!r} does not exist or has expired", status=404,
        close=(CLOSE_NOT_FOUND, "room not found"),
    )
