"""A frame made on an earlier state: the retry of a change already stored (its ack was lost on
the way), acknowledged again without changing anything, or a stale frame, refused."""

from __future__ import annotations

from doublesix.server.rooms import machine
from doublesix.server.rooms.events import from_json
from doublesix.server.rooms.room import Room
from doublesix.server.storage import Storage


async def repeated(storage: Storage, room: Room, command: machine.Command, made_on: int) -> bool:
    """True when the frame repeats the change that left *made_on*; raises if stale."""
    current = room.row.state_no
    if made_on == current:
        return False
    if 0 <= made_on < current:
        for row in await storage.events_at_state(room.game_id, made_on + 1):
            if command.repeats(from_json(row.payload)):
                return True
    raise machine.stale(current, made_on)
