"""What a hall table stores with its room (``GameRow.hall``): its options, clock, chat and the
end of its game by time, as typed JSON, and the codec that reads them back.

The row is stored as JSON inside the room's document, so each part is a TypedDict (the JSON
itself, with no copy on save); :func:`hall_from_json` checks a loaded document against these
shapes, so a damaged or foreign row is refused where it is read, not deep in a clock.
"""

# no ``from __future__ import annotations`` here: TypedDict reads NotRequired only from real
# annotations, and the codec below relies on __required_keys__ / __optional_keys__
from typing import NotRequired, TypedDict, cast


class ClockRow(TypedDict):
    """A chess clock: ``left`` per seat as of ``since``, ``running`` the seat spending it;
    ``state_no`` and ``game_no`` are the room's when it was last charged (server/clocks.py)."""

    minutes: int
    increment: float
    left: list[float]
    running: int | None
    since: float
    state_no: int
    game_no: int
    #: seats whose result sheet of the deal that just ended is still open (the next deal was
    #: dealt by someone else): their clocks wait for them, at most until ``read_by``
    reading: NotRequired[list[int]]
    #: when the reading seats' grace ends (unix seconds); set at the save of the next deal
    read_by: NotRequired[float]


class ChatMessage(TypedDict):
    """One chat line: stored in the room (the last 30) and sent as a ``chat`` event."""

    seat: int
    name: str | None
    text: str
    at: int


class TimeoutResult(TypedDict):
    """A game ended by a clock (docs/protocol.md ``room.hall.over``)."""

    reason: str
    loser: int
    game_no: int
    winner: int | None
    #: pairs (kozel): the pair that wins; absent otherwise
    winner_pair: NotRequired[int]
    #: a match: lost by the loser; a single deal has ``points`` instead
    match_lost: NotRequired[bool]
    points: NotRequired[int]


class AgainOffer(TypedDict):
    """«Ещё раз с ним» after a two-player hall game (hall/again.py): who offered a new table;
    then whether the other declined, or the new table's id and where each seat sits at it."""

    by: int
    declined: NotRequired[bool]
    game_id: NotRequired[str]
    #: each old seat's seat at the new table (the offerer is its creator, at seat 0)
    seats: NotRequired[list[int]]


class HallRow(TypedDict):
    """``GameRow.hall``: None for rooms that are not hall tables."""

    public: bool
    clock: ClockRow | None
    chat: list[ChatMessage]
    over: TimeoutResult | None
    open_since: float
    #: set once the creator stayed away past the grace period: never listed or sat at again
    closed: NotRequired[bool]
    #: a rated table (issue 25: clocked, people only); absent on tables made before ratings
    rated: NotRequired[bool]
    #: «Ещё раз с ним» offered after this game (absent: none)
    again: NotRequired[AgainOffer]


class BadHallRow(ValueError):
    """A stored hall document that does not have the shape above."""


def _int(value: object, where: str, *, none: bool = False) -> None:
    if value is None and none:
        return
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadHallRow(f"hall {where} must be a whole number, not {value!r}")


def _number(value: object, where: str) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise BadHallRow(f"hall {where} must be a number, not {value!r}")


def _keys(data: object, where: str, required: set[str], optional: frozenset[str] = frozenset()
          ) -> dict[str, object]:
    if not isinstance(data, dict):
        raise BadHallRow(f"hall {where} must be an object")
    missing = required - data.keys()
    extra = data.keys() - required - optional
    if missing or extra:
        raise BadHallRow(f"hall {where}: missing {sorted(missing)}, unknown {sorted(extra)}")
    return data


def clock_from_json(data: object) -> ClockRow:
    d = _keys(data, "clock", set(ClockRow.__required_keys__), ClockRow.__optional_keys__)
    for key in ("minutes", "state_no", "game_no"):
        _int(d[key], f"clock.{key}")
    _int(d["running"], "clock.running", none=True)
    for key in ("increment", "since"):
        _number(d[key], f"clock.{key}")
    left = d["left"]
    if not isinstance(left, list) or not left:
        raise BadHallRow("hall clock.left must list each seat's seconds")
    for value in left:
        _number(value, "clock.left")
    reading = d.get("reading", [])
    if not isinstance(reading, list):
        raise BadHallRow("hall clock.reading must list seats")
    for seat in reading:
        _int(seat, "clock.reading")
    if "read_by" in d:
        _number(d["read_by"], "clock.read_by")
    return cast(ClockRow, data)  # every key was checked just above


def chat_from_json(data: object) -> ChatMessage:
    d = _keys(data, "chat message", set(ChatMessage.__required_keys__))
    _int(d["seat"], "chat.seat")
    _int(d["at"], "chat.at")
    if not isinstance(d["text"], str) or not (d["name"] is None or isinstance(d["name"], str)):
        raise BadHallRow("hall chat text and name must be text")
    return cast(ChatMessage, data)


def timeout_from_json(data: object) -> TimeoutResult:
    d = _keys(data, "over", set(TimeoutResult.__required_keys__),
              TimeoutResult.__optional_keys__)
    if d["reason"] != "timeout":
        raise BadHallRow(f"hall over.reason must be 'timeout', not {d['reason']!r}")
    for key in ("loser", "game_no", "winner_pair", "points"):
        if key in d:
            _int(d[key], f"over.{key}")
    _int(d["winner"], "over.winner", none=True)
    if "match_lost" in d and not isinstance(d["match_lost"], bool):
        raise BadHallRow("hall over.match_lost must be true or false")
    return cast(TimeoutResult, data)


def again_from_json(data: object) -> AgainOffer:
    d = _keys(data, "again", set(AgainOffer.__required_keys__), AgainOffer.__optional_keys__)
    _int(d["by"], "again.by")
    if not isinstance(d.get("declined", False), bool) or not isinstance(d.get("game_id", ""), str):
        raise BadHallRow("hall again.declined must be true or false, again.game_id text")
    seats = d.get("seats", [])
    if not isinstance(seats, list):
        raise BadHallRow("hall again.seats must list seats")
    for seat in seats:
        _int(seat, "again.seats")
    return cast(AgainOffer, data)


def hall_from_json(data: object) -> HallRow | None:
    """A loaded ``GameRow.hall``, checked key by key; raises :class:`BadHallRow`."""
    if data is None:
        return None
    d = _keys(data, "row", set(HallRow.__required_keys__), HallRow.__optional_keys__)
    if not all(isinstance(d.get(k, False), bool) for k in ("public", "closed", "rated")):
        raise BadHallRow("hall public, closed and rated must be true or false")
    _number(d["open_since"], "open_since")
    if d["clock"] is not None:
        clock_from_json(d["clock"])
    if not isinstance(d["chat"], list):
        raise BadHallRow("hall chat must be a list")
    for message in d["chat"]:
        chat_from_json(message)
    if d["over"] is not None:
        timeout_from_json(d["over"])
    if "again" in d:
        again_from_json(d["again"])
    return cast(HallRow, data)
