"""The single exit for game data: every frame a seat receives is built here, from that seat's
PlayerView (``view_to_json``) and public room facts only. Nothing else in the server puts a
hand, the boneyard or the record into a message.
"""

from __future__ import annotations

from typing import Any

from doublesix.core.notation import ViewJSON, view_to_json
from doublesix.core.view import view_of
from doublesix.server.rooms import clocks, tables
from doublesix.server.rooms.events import Numbered
from doublesix.server.rooms.room import Room
from doublesix.server.storage import SeatRow
from doublesix.server.storage.hall import ChatMessage


def view(room: Room, seat: int | None) -> ViewJSON:
    """Seat *seat*'s view, or with None a spectator's: one builder (core.view.view_of) for
    both, so a spectator's view is a seat's without what only that seat may see."""
    return view_to_json(view_of(room.match, seat))


def room_info(room: Room, connected: set[int]) -> dict[str, Any]:
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


def _seat(s: SeatRow, connected: set[int]) -> dict[str, Any]:
    seat: dict[str, Any] = {"seat": s.seat, "name": s.name, "taken": s.taken,
                            "connected": s.computer or s.seat in connected,
                            "computer": s.computer}
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


def watching(room: Room, connected: set[int]) -> dict[str, Any]:
    return {"type": "watching", "game_id": room.game_id, "event_no": room.row.event_no,
            "state_no": room.row.state_no, "room": room_info(room, connected),
            "view": view(room, None), "chat": chat_log(room)}


def watcher_event(room: Room, connected: set[int], stored: Numbered) -> dict[str, Any]:
    return {"type": "event", "event_no": stored.event_no, "state_no": stored.state_no,
            "seat": None, "event": stored.payload, "view": view(room, None),
            "room": room_info(room, connected)}


def ack(request_id: object, state_no: int, *, duplicate: bool = False) -> dict[str, Any]:
    """A stored change acknowledged to its sender (again, for a retry: ``duplicate``)."""
    frame: dict[str, Any] = {"type": "ack", "id": request_id, "state_no": state_no}
    if duplicate:
        frame["duplicate"] = True
    return frame


def presence(room: Room, connected: set[int]) -> dict[str, Any]:
    seats = [{"seat": s.seat, "connected": s.computer or s.seat in connected}
             for s in room.row.seats]
    return {"type": "presence", "seats": seats}


def missed_item(event: Numbered) -> dict[str, Any]:
    return {"event_no": event.event_no, "state_no": event.state_no, "event": event.payload}


def welcome(
    room: Room, seats: tuple[int, ...], connected: set[int], missed: list[Numbered] | None
) -> dict[str, Any]:
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
) -> dict[str, Any]:
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
