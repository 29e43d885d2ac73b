"""The single exit for game data: every frame a seat receives is built here, from that seat's
PlayerView (``view_to_json``) and public room facts only. Nothing else in the server puts a
hand, the boneyard or the record into a message.
"""

from __future__ import annotations

from typing import Any

from doublesix.core import PlayerView
from doublesix.core.notation import event_to_json, view_to_json
from doublesix.core.view import PublicEvent
from doublesix.server.rooms import clocks
from doublesix.server.rooms.events import Numbered
from doublesix.server.rooms.room import Room


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
        "hall": hall_info(room),
    }


def hall_info(room: Room) -> dict[str, Any] | None:
    """A hall table's public extras: open to all or by invite, the clocks, a timeout."""
    hall = room.row.hall
    if hall is None:
        return None
    clock = hall.get("clock")
    return {"public": bool(hall.get("public")),
            "clock": clocks.public(clock, room.now()) if clock else None,
            "over": hall.get("over")}


def chat_log(room: Room) -> list[dict[str, Any]]:
    return list((room.row.hall or {}).get("chat", []))


def public_view(room: Room) -> dict[str, Any]:
    """What a spectator sees: the line, the counts, the score; no seat, so never a hand."""
    match = room.match
    deal = match.deal
    ends = deal.ends
    status = match.status()
    return {
        "seat": None,
        "rules": room.rules.to_dict(),
        "line": [[a, b] for a, b in deal.line],
        "ends": list(ends) if ends else None,
        "hand_sizes": list(deal.hand_sizes()),
        "boneyard": deal.boneyard_size,
        "to_move": match.to_move,
        "history": [event_to_json(PublicEvent(e.seat, e.action, e.ends_before))
                    for e in deal.history],
        "result": deal.outcome.to_dict() if deal.outcome else None,
        "match": status.to_dict() if status else None,
        "version": match.version,
    }


def watching(room: Room, connected: set[int]) -> dict[str, Any]:
    return {"type": "watching", "game_id": room.game_id, "event_no": room.row.event_no,
            "state_no": room.row.state_no, "room": room_info(room, connected),
            "view": public_view(room), "chat": chat_log(room)}


def watcher_event(room: Room, connected: set[int], stored: Numbered) -> dict[str, Any]:
    return {"type": "event", "event_no": stored.event_no, "state_no": stored.state_no,
            "seat": None, "event": stored.payload, "view": public_view(room),
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
