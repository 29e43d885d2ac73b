"""Reading client WebSocket frames (docs/protocol.md) into typed commands.

Only shape is checked here (types and field presence); what a command means for the game is
the service's business.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from doublesix.core.jsonvalue import JSONObject
from doublesix.server.wire.edge import parse_json
from doublesix.server.wire.errors import ErrorCode, RequestId, ServiceError

#: the version of docs/protocol.md served (its title says it; static/js/net.js reads the same)
PROTOCOL_VERSION = 2

#: a frame the server sends: one of the TypedDicts of the frames (views.py, hall/lobby.py,
#: errors.py …), JSON-encoded as it is; read-only, so every one of them is one
OutFrame = Mapping[str, object]


@dataclass(frozen=True)
class Hello:
    game_id: str
    token: str
    last_event: int | None
    id: RequestId = None


@dataclass(frozen=True)
class Move:
    state_no: int
    action: str
    seat: int | None
    id: RequestId = None


@dataclass(frozen=True)
class NextDeal:
    state_no: int
    id: RequestId = None


@dataclass(frozen=True)
class Resign:
    """Give up the deal, or (``match``) the whole 101 / «Козёл» match; ``seat`` in hot-seat."""

    state_no: int
    match: bool
    seat: int | None
    id: RequestId = None


@dataclass(frozen=True)
class Simple:
    """A command without fields: rematch, rematch_cancel, reset, sheet_closed, ping."""

    type: str
    id: RequestId = None


@dataclass(frozen=True)
class SetLevel:
    level: str
    id: RequestId = None


@dataclass(frozen=True)
class Chat:
    """A table chat message (the hall)."""

    text: str
    id: RequestId = None


@dataclass(frozen=True)
class React:
    """A quick reaction at an online table: one of a fixed set, named by its key."""

    reaction: str
    id: RequestId = None


@dataclass(frozen=True)
class SeatComputer:
    """The creator gives a free seat of an online room to the computer (``seat_computer``),
    or anyone at the table lets it play a leaver's seat (``stand_in``)."""

    seat: int
    id: RequestId = None
    type: str = "seat_computer"


@dataclass(frozen=True)
class Watch:
    """A spectator's first frame instead of hello (the hall)."""

    game_id: str
    id: RequestId = None


@dataclass(frozen=True)
class Seek:
    """«Играть сейчас» from a lobby socket: a rated game of this type and clock, soon."""

    key: str
    preset: str
    clock: JSONObject
    name: str | None
    browser: str | None
    id: RequestId = None


Command = (Hello | Move | NextDeal | Resign | Simple | SetLevel | Chat | React | Watch
           | SeatComputer | Seek)
SIMPLE_TYPES = ("rematch", "rematch_cancel", "reset", "sheet_closed", "claim", "ping", "lobby",
                "seek_cancel", "again", "again_accept", "again_decline")
CLIENT_TYPES = ("hello", "move", "next_deal", "resign", "set_level", "chat", "react", "watch",
                "seat_computer", "stand_in", "seek", *SIMPLE_TYPES)


def bad(message: str) -> ServiceError:
    return ServiceError(ErrorCode.BAD_MESSAGE, message)


def request_id(frame: JSONObject) -> RequestId:
    """The frame's ``id`` if it is usable (an int or a short string), else None."""
    value = frame.get("id")
    if isinstance(value, bool):
        return None
    if isinstance(value, int) and abs(value) < 2**53:
        return value
    if isinstance(value, str) and len(value) <= 64:
        return value
    return None


def _int(frame: JSONObject, key: str) -> int:
    value = frame.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not -(2**53) < value < 2**53:
        raise bad(f"{key!r} must be a whole number")
    return value


def _maybe_int(frame: JSONObject, key: str) -> int | None:
    return None if frame.get(key) is None else _int(frame, key)


def _str(frame: JSONObject, key: str, limit: int = 256, *, empty: bool = False) -> str:
    value = frame.get(key)
    if not isinstance(value, str) or not (value or empty) or len(value) > limit:
        kind = "a string" if empty else "a non-empty string"
        raise bad(f"{key!r} must be {kind} of at most {limit} characters")
    return value


def parse_frame(text: str) -> Command:
    """A command from a text frame; raises ServiceError (bad_json, bad_message, unknown_type)."""
    frame = parse_json(text, "the frame")  # depth-limited, and every string well formed
    if not isinstance(frame, dict):
        raise bad("a frame must be a JSON object with a 'type'")
    kind = frame.get("type")
    if not isinstance(kind, str):
        raise bad("a frame needs a string 'type'")
    rid = request_id(frame)
    try:
        if kind == "hello":
            return Hello(_str(frame, "game_id", 64), _str(frame, "token", 128),
                         _maybe_int(frame, "last_event"), rid)
        if kind == "move":
            return Move(_int(frame, "state_no"), _str(frame, "action", 64),
                        _maybe_int(frame, "seat"), rid)
        if kind == "next_deal":
            return NextDeal(_int(frame, "state_no"), rid)
        if kind == "resign":
            whole = frame.get("match", False)
            if not isinstance(whole, bool):
                raise bad("'match' must be true or false")
            return Resign(_int(frame, "state_no"), whole, _maybe_int(frame, "seat"), rid)
        if kind == "set_level":
            return SetLevel(_str(frame, "level", 32), rid)
        if kind == "chat":
            # an empty text is a well-formed frame whose message is refused by the chat's own
            # check (bad_chat, as the hall's table of errors says), not a malformed frame
            return Chat(_str(frame, "text", 1000, empty=True), rid)
        if kind == "react":
            return React(_str(frame, "reaction", 32), rid)
        if kind in ("seat_computer", "stand_in"):
            return SeatComputer(_int(frame, "seat"), rid, kind)
        if kind == "seek":
            clock = frame.get("clock")
            if not isinstance(clock, dict):
                raise bad("'clock' must be an object like {\"minutes\": 5, \"increment\": 0}")
            name, browser = frame.get("name"), frame.get("browser")
            return Seek(_str(frame, "key", 128), _str(frame, "preset", 16), clock,
                        None if name is None else _str(frame, "name", 256),
                        None if browser is None else _str(frame, "browser", 64), rid)
        if kind == "watch":
            return Watch(_str(frame, "game_id", 64), rid)
        if kind in SIMPLE_TYPES:
            return Simple(kind, rid)
    except ServiceError as exc:
        exc.request_id = rid  # so the error names the frame it answers
        raise
    shown = kind if len(kind) <= 32 else kind[:32] + "…"
    error = ServiceError(
        ErrorCode.UNKNOWN_TYPE,
        f"unknown frame type {shown!r}: expected one of {', '.join(CLIENT_TYPES)}",
    )
    error.request_id = rid
    raise error
