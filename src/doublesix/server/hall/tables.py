"""Hall table options (from the create body) and the lobby's one-line summary of a table."""

from __future__ import annotations

from typing import Any

from doublesix.server.errors import ServiceError
from doublesix.server.hall import clocks
from doublesix.server.rooms import CREATOR, Room


def table_options(data: Any, mode: str, players: int, now: float) -> dict[str, Any]:
    """``GameRow.hall`` for a new table, from ``{"public": bool, "clock": {...} | null}``."""
    if not isinstance(data, dict):
        raise ServiceError("bad_request", "'hall' must be an object like {\"public\": true}")
    if mode != "online" or players != 2:
        raise ServiceError("bad_request", "a hall table is an online game for two")
    public = data.get("public", True)
    if not isinstance(public, bool):
        raise ServiceError("bad_request", "'hall.public' must be true or false")
    clock = None
    spec = data.get("clock")
    if spec is not None:
        minutes = spec.get("minutes") if isinstance(spec, dict) else None
        increment = spec.get("increment", 0) if isinstance(spec, dict) else None
        if minutes not in clocks.MINUTES or isinstance(minutes, bool):
            raise ServiceError("bad_request", "'hall.clock.minutes' must be one of "
                               + ", ".join(map(str, clocks.MINUTES)))
        if (not isinstance(increment, int) or isinstance(increment, bool)
                or not 0 <= increment <= clocks.MAX_INCREMENT):
            raise ServiceError("bad_request", "'hall.clock.increment' must be 0 to "
                               f"{clocks.MAX_INCREMENT} seconds")
        clock = clocks.new_clock(minutes, increment, players)
    return {"public": public, "clock": clock, "chat": [], "over": None, "open_since": now}


def is_over(room: Room) -> bool:
    """The game at this table has ended (out, fish, the match decided, or time ran out)."""
    hall = room.row.hall or {}
    match = room.match
    if hall.get("over"):
        return True
    return match.deal_over and (not match.rules.is_match or match.is_over)


def summary(room: Room, connected: set[int], watchers: int) -> dict[str, Any]:
    """A lobby line: no hands, no tokens; names, presence, options and state only."""
    hall = room.row.hall or {}
    clock = hall.get("clock")
    status = "open" if not room.all_taken() else "finished" if is_over(room) else "playing"
    return {
        "game_id": room.game_id,
        "rules": room.rules.to_dict(),
        "clock": {"minutes": clock["minutes"], "increment": clock["increment"]} if clock else None,
        "seats": [{"seat": s.seat, "name": s.name, "taken": s.taken,
                   "connected": s.seat in connected} for s in room.row.seats],
        "creator": room.seat(CREATOR).name,
        "status": status,
        "since": hall.get("open_since"),
        "watchers": watchers,
    }


def timeout_result(room: Room, loser: int, game_no: int) -> dict[str, Any]:
    """Running out of time: a single deal scores for the opponent as if the loser had gone
    out (the loser's pips); in a 101 match the loser loses the match."""
    winner = 1 - loser
    result: dict[str, Any] = {"reason": "timeout", "loser": loser, "winner": winner,
                              "game_no": game_no}
    if room.rules.is_match:
        result["match_lost"] = True
    else:
        result["points"] = sum(t.pips for t in room.match.deal.hand(loser))
    return result
