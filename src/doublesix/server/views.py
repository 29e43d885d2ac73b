"""The single exit for game data: every frame a seat receives is built here, from that seat's
PlayerView (``view_to_json``) and public room facts only. Nothing else in the server puts a
hand, the boneyard or the record into a message.
"""

from __future__ import annotations

from typing import Any

from doublesix.core import PlayerView
from doublesix.core.notation import view_to_json
from doublesix.server.rooms import Room
from doublesix.server.storage import EventRow


def view(room: Room, seat: int) -> dict[str, Any]:
    return view_to_json(PlayerView.of(room.match, seat))


def room_info(room: Room, connected: set[int]) -> dict[str, Any]:
    row = room.row
    return {
        "game_id": row.game_id,
        "mode": row.mode,
        "level": row.level,
        "game_no": row.game_no,
        "rules": room.rules.to_dict(),
        "seats": [
            {
                "seat": s.seat,
                "name": s.name,
                "taken": s.taken,
                "connected": s.computer or s.seat in connected,
                "computer": s.computer,
            }
            for s in row.seats
        ],
        "rematch": list(row.rematch),
        "can_reset": room.can_reset(),
        "waiting_for": room.waiting_for(connected),
    }


def presence(room: Room, connected: set[int]) -> dict[str, Any]:
    seats = [{"seat": s.seat, "connected": s.computer or s.seat in connected}
             for s in room.row.seats]
    return {"type": "presence", "seats": seats}


def missed_item(event: EventRow) -> dict[str, Any]:
    return {"event_no": event.event_no, "state_no": event.state_no, "event": event.payload}


def welcome(
    room: Room, seats: tuple[int, ...], connected: set[int], missed: list[EventRow] | None
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
    }


def event(
    room: Room, seats: tuple[int, ...], connected: set[int], stored: EventRow
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
