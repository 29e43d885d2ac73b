"""ServiceError: a refusal with a protocol error code (docs/protocol.md), and its transports."""

from __future__ import annotations

import math
from enum import StrEnum
from typing import NotRequired, TypedDict

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


class ErrorCode(StrEnum):
    """Every ``code`` a refusal carries, in HTTP bodies and WebSocket ``error`` frames.

    A StrEnum so the JSON and the metrics labels hold the bare text: the wire does not change,
    but a code outside this list cannot be written. docs/protocol.md's tables list the same set
    (tests/server/test_error_codes.py holds them to it).
    """

    # the frame or body itself
    BAD_JSON = "bad_json"
    BAD_REQUEST = "bad_request"
    BAD_MESSAGE = "bad_message"
    UNKNOWN_TYPE = "unknown_type"
    TOO_LARGE = "too_large"
    BODY_TIMEOUT = "body_timeout"
    #: a POST whose body is not declared JSON, or sent from another site's page
    BAD_CONTENT_TYPE = "bad_content_type"
    BAD_ORIGIN = "bad_origin"
    # the socket's handshake
    HELLO_REQUIRED = "hello_required"
    ALREADY_HELLO = "already_hello"
    BAD_TOKEN = "bad_token"
    # creating and joining rooms
    NOT_FOUND = "not_found"
    INVALID_RULES = "invalid_rules"
    BAD_NAME = "bad_name"
    BAD_INVITE = "bad_invite"
    ROOM_FULL = "room_full"
    SEAT_TAKEN = "seat_taken"
    ALREADY_SEATED = "already_seated"
    TOO_MANY_ROOMS = "too_many_rooms"
    TOO_MANY_TABLES = "too_many_tables"
    #: the WebSocket upgrade (429), before any socket: too many new sockets from one address
    TOO_MANY_SOCKETS = "too_many_sockets"
    # play
    STALE_STATE = "stale_state"
    NOT_YOUR_TURN = "not_your_turn"
    WRONG_SEAT = "wrong_seat"
    ILLEGAL_ACTION = "illegal_action"
    BAD_ACTION = "bad_action"
    OPPONENT_AWAY = "opponent_away"
    COMPUTER_TO_MOVE = "computer_to_move"
    NO_NEXT_DEAL = "no_next_deal"
    NOT_ALLOWED = "not_allowed"
    NOTHING_TO_CANCEL = "nothing_to_cancel"
    NOTHING_TO_RESIGN = "nothing_to_resign"
    BAD_LEVEL = "bad_level"
    TIME_OVER = "time_over"
    # the hall
    NOT_PUBLIC = "not_public"
    WATCH_ONLY = "watch_only"
    BAD_CHAT = "bad_chat"
    CHAT_FLOOD = "chat_flood"
    BAD_REACTION = "bad_reaction"
    #: «Играть сейчас»: a game type or clock the pool does not offer
    BAD_SEEK = "bad_seek"
    # review and hints
    NOT_YOUR_SEAT = "not_your_seat"
    NO_HINTS = "no_hints"
    DEAL_IN_PROGRESS = "deal_in_progress"
    GAME_IN_PROGRESS = "game_in_progress"
    RATE_LIMITED = "rate_limited"
    # Telegram sign-in
    BAD_INIT_DATA = "bad_init_data"
    INIT_DATA_EXPIRED = "init_data_expired"
    TELEGRAM_DISABLED = "telegram_disabled"
    # profiles
    BAD_PROFILE_KEY = "bad_profile_key"
    PROFILE_REQUIRED = "profile_required"
    #: a rated table refused for a while to a person who left rated games (issue 26)
    LEAVE_WAIT = "leave_wait"
    # the server
    BUSY = "busy"
    INTERNAL = "internal"


#: the ``id`` a client gave its frame, echoed in the answer (an int or a short string)
RequestId = str | int | None


class ErrorFrame(TypedDict):
    type: str
    code: str
    message: str
    id: RequestId
    state_no: NotRequired[int]
    #: a refusal for a while (``leave_wait`` of a ``seek``): whole seconds until it is lifted
    retry_after: NotRequired[int]


class ErrorDetail(TypedDict):
    code: str
    message: str
    #: a refusal for a while (``leave_wait``): whole seconds until it is lifted
    retry_after: NotRequired[int]


class ErrorBody(TypedDict):
    """Every HTTP error's body."""

    error: ErrorDetail


class ServiceError(Exception):
    """A request refused with nothing changed. ``close`` asks the socket to be closed too."""

    def __init__(
        self,
        code: ErrorCode,
        message: str,
        *,
        status: int = 400,
        close: tuple[int, str] | None = None,
        state_no: int | None = None,
        retry_after: int | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        self.close = close
        #: ``stale_state``: the room's current state number, for the client to catch up
        self.state_no = state_no
        #: a refusal for a while: whole seconds until it is lifted (HTTP ``Retry-After``)
        self.retry_after = retry_after
        #: the ``id`` of the frame this refuses, when known
        self.request_id: RequestId = None

    def frame(self, request_id: RequestId = None) -> ErrorFrame:
        """The WebSocket ``error`` frame."""
        rid = self.request_id if request_id is None else request_id
        frame: ErrorFrame = {"type": "error", "code": self.code, "message": self.message,
                             "id": rid}
        if self.state_no is not None:
            frame["state_no"] = self.state_no
        if self.retry_after is not None:
            frame["retry_after"] = self.retry_after
        return frame

    def body(self) -> ErrorBody:
        """The HTTP error body."""
        detail: ErrorDetail = {"code": self.code, "message": self.message}
        if self.retry_after is not None:
            detail["retry_after"] = self.retry_after
        return {"error": detail}


def leave_wait(seconds: float) -> ServiceError:
    """The refusal of a rated table to a person held back for leaving rated games."""
    wait = max(1, math.ceil(seconds))
    minutes = max(1, math.ceil(wait / 60))
    return ServiceError(
        ErrorCode.LEAVE_WAIT, f"you left rated games often: your next rated game can start in"
        f" {minutes} min / вы часто уходили из рейтинговых партий: следующая рейтинговая —"
        f" через {minutes} мин", status=429, retry_after=wait)


def not_found(game_id: str) -> ServiceError:
    return ServiceError(
        ErrorCode.NOT_FOUND, f"room {game_id!r} does not exist or has expired", status=404,
        close=(CLOSE_NOT_FOUND, "room not found"),
    )
