"""The single exit for game data: every frame a seat receives is built here, from that seat's
PlayerView (``view_to_json``) and public room facts only. Nothing else in the server puts a
hand, the boneyard or the record into a message.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from doublesix.core.notation import ViewJSON, view_to_json
from doublesix.core.rules import RulesJSON
from doublesix.core.view import view_of
from doublesix.server.rooms import clocks, tables
from doublesix.server.rooms.events import Json, Numbered
from doublesix.server.rooms.room import Room
from doublesix.server.storage import SeatRow
from doublesix.server.storage.hall import ChatMessage
from doublesix.server.wire.errors import RequestId


class SeatInfo(TypedDict):
    """One seat of ``room.seats``."""

    seat: int
    name: str | None
    taken: bool
    #: a computer seat counts as connected: nobody waits for it
    connected: bool
    computer: bool
    #: its person left (rooms/leavers.py); absent while they have not
    left: NotRequired[bool]
    #: the computer plays a leaver's seat for them; absent otherwise
    stand_in: NotRequired[bool]


class RoomInfo(TypedDict):
    """``room`` of the ``welcome``, ``watching`` and ``event`` frames: public room facts."""

    game_id: str
    mode: str
    level: str | None
    game_no: int
    rules: RulesJSON
    seats: list[SeatInfo]
    rematch: list[int]
    can_reset: bool
    waiting_for: list[int]
    hall: tables.HallInfo | None


class MissedEvent(TypedDict):
    """One of ``welcome.missed``: an event stored while the socket was away."""

    event_no: int
    state_no: int
    event: Json


class WelcomeFrame(TypedDict):
    type: Literal["welcome"]
    game_id: str
    seats: list[int]
    seat: int
    event_no: int
    state_no: int
    room: RoomInfo
    view: ViewJSON
    #: empty without ``last_event``; null when they are too old: the view alone catches up
    missed: list[MissedEvent] | None
    chat: list[ChatMessage]


class WatchingFrame(TypedDict):
    """A spectator's first frame, its ``welcome``."""

    type: Literal["watching"]
    game_id: str
    event_no: int
    state_no: int
    room: RoomInfo
    view: ViewJSON
    chat: list[ChatMessage]


class EventFrame(TypedDict):
    """One stored event, for a seat (``seat``: whose view) or the watchers (``seat`` null)."""

    type: Literal["event"]
    event_no: int
    state_no: int
    seat: int | None
    event: Json
    view: ViewJSON
    room: RoomInfo


class AckFrame(TypedDict):
    type: Literal["ack"]
    id: RequestId
    state_no: int
    #: a retry of a change already stored; absent otherwise
    duplicate: NotRequired[bool]


class PresenceSeat(TypedDict):
    seat: int
    connected: bool


class PresenceFrame(TypedDict):
    type: Literal["presence"]
    seats: list[PresenceSeat]


def view(room: Room, seat: int | None) -> ViewJSON:
    """Seat *seat*'s view, or with None a spectator's: one builder (core.view.view_of) for
    both, so a spectator's view is a seat's without what only that seat may see."""
    return view_to_json(view_of(room.match, seat))


def room_info(room: Room, connected: set[int]) -> RoomInfo:
    row = room.row
    return {
        "game_id": row.game_id,
        "mode": row.mode,
        "level": row.level,
        "game_no": row.game_no,
        "rules": room.rules.to_dict(),
        "seats": [_seat(s, connected) for s in row.seats],
        "rematch": list(row.rematch),
        "can_reset": room.can_reset(),
        "waiting_for": room.waiting_for(connected),
        "hall": hall_info(room),
    }


def _seat(s: SeatRow, connected: set[int]) -> SeatInfo:
    seat: SeatInfo = {"seat": s.seat, "name": s.name, "taken": s.taken,
                      "connected": s.computer or s.seat in connected, "computer": s.computer}
    # a leaver's seat says so (and whether the computer plays it); others keep their keys
    if s.left:
        seat["left"] = True
    if s.stand_in:
        seat["stand_in"] = True
    return seat


def hall_info(room: Room) -> tables.HallInfo | None:
    """A hall table's public extras: open to all or by invite, the clocks, a timeout."""
    hall = room.row.hall
    if hall is None:
        return None
    clock = hall["clock"]
    info: tables.HallInfo = {"public": hall["public"], "rated": hall.get("rated", False),
                      "clock": clocks.public(clock, room.now()) if clock else None,
                      "over": hall["over"]}
    if "again" in hall:
        info["again"] = hall["again"]
    if tables.one_person(room):
        info["one_person"] = True
    return info


def chat_log(room: Room) -> list[ChatMessage]:
    return list(room.row.hall["chat"]) if room.row.hall else []


def watching(room: Room, connected: set[int]) -> WatchingFrame:
    return {"type": "watching", "game_id": room.game_id, "event_no": room.row.event_no,
            "state_no": room.row.state_no, "room": room_info(room, connected),
            "view": view(room, None), "chat": chat_log(room)}


def watcher_event(room: Room, connected: set[int], stored: Numbered) -> EventFrame:
    return {"type": "event", "event_no": stored.event_no, "state_no": stored.state_no,
            "seat": None, "event": stored.payload, "view": view(room, None),
            "room": room_info(room, connected)}


def ack(request_id: RequestId, state_no: int, *, duplicate: bool = False) -> AckFrame:
    """A stored change acknowledged to its sender (again, for a retry: ``duplicate``)."""
    frame: AckFrame = {"type": "ack", "id": request_id, "state_no": state_no}
    if duplicate:
        frame["duplicate"] = True
    return frame


def presence(room: Room, connected: set[int]) -> PresenceFrame:
    seats: list[PresenceSeat] = [{"seat": s.seat, "connected": s.computer or s.seat in connected}
             for s in room.row.seats]
    return {"type": "presence", "seats": seats}


def missed_item(event: Numbered) -> MissedEvent:
    return {"event_no": event.event_no, "state_no": event.state_no, "event": event.payload}


def welcome(
    room: Room, seats: tuple[int, ...], connected: set[int], missed: list[Numbered] | None
) -> WelcomeFrame:
    seat = room.view_seat(seats)
    return {
        "type": "welcome",
        "game_id": room.game_id,
        "seats": list(seats),
        "seat": seat,
        "event_no": room.row.event_no,
        "state_no": room.row.state_no,
        "room": room_info(room, connected),
        "view": view(room, seat),
        "missed": None if missed is None else [missed_item(e) for e in missed],
        "chat": chat_log(room),
    }


def event(
    room: Room, seats: tuple[int, ...], connected: set[int], stored: Numbered
) -> EventFrame:
    seat = room.view_seat(seats)
    return {
        "type": "event",
        "event_no": stored.event_no,
        "state_no": stored.state_no,
        "seat": seat,
        "event": stored.payload,
        "view": view(room, seat),
        "room": room_info(room, connected),
    }
