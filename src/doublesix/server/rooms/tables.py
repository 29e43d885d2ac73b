"""Hall tables as room data: options from the create body, the lobby's one-line summary, the
timeout result. Pure functions over ``GameRow.hall``, used by the rooms service and the hall."""

from __future__ import annotations

from typing import Any

from doublesix.server.rooms import clocks
from doublesix.server.rooms.room import CREATOR, Room
from doublesix.server.wire.errors import ErrorCode, ServiceError


def table_options(data: Any, mode: str, players: int, now: float) -> dict[str, Any]:
    """``GameRow.hall`` for a new table, from ``{"public": bool, "clock": {...} | null}``."""
    if not isinstance(data, dict):
        raise ServiceError(ErrorCode.BAD_REQUEST,
                           "'hall' must be an object like {\"public\": true}")
    if mode != "online":
        raise ServiceError(ErrorCode.BAD_REQUEST, "a hall table is an online game")
    public = data.get("public", True)
    if not isinstance(public, bool):
        raise ServiceError(ErrorCode.BAD_REQUEST, "'hall.public' must be true or false")
    clock = None
    spec = data.get("clock")
    if spec is not None:
        minutes = spec.get("minutes") if isinstance(spec, dict) else None
        increment = spec.get("increment", 0) if isinstance(spec, dict) else None
        if minutes not in clocks.MINUTES or isinstance(minutes, bool):
            raise ServiceError(ErrorCode.BAD_REQUEST, "'hall.clock.minutes' must be one of "
                               + ", ".join(map(str, clocks.MINUTES)))
        if (not isinstance(increment, int) or isinstance(increment, bool)
                or not 0 <= increment <= clocks.MAX_INCREMENT):
            raise ServiceError(ErrorCode.BAD_REQUEST, "'hall.clock.increment' must be 0 to "
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
        "seats": [{"seat": s.seat, "name": s.name, "taken": s.taken, "computer": s.computer,
                   "connected": s.computer or s.seat in connected} for s in room.row.seats],
        "pairs": pairs(room),
        "creator": room.seat(CREATOR).name,
        "status": status,
        "since": hall.get("open_since"),
        "watchers": watchers,
    }


def pairs(room: Room) -> list[list[int]] | None:
    """The partnerships of a pairs game (kozel: seats 0+2 against 1+3), else None."""
    if not getattr(room.rules, "teams", False):
        return None
    return [[0, 2], [1, 3]]


def timeout_result(room: Room, loser: int, game_no: int) -> dict[str, Any]:
    """Running out of time. Two players: a single deal scores for the opponent as if the
    loser had gone out (the loser's pips); a match is lost. Three or four players: the
    other player with the fewest pips in hand wins the deal and scores the loser's pips
    [choice: the seeds say nothing]. In a pairs game the loser's pair loses the match."""
    deal = room.match.deal
    players = room.rules.players
    result: dict[str, Any] = {"reason": "timeout", "loser": loser, "game_no": game_no}
    if pairs(room) is not None:
        result["winner"] = None
        result["winner_pair"] = 1 - loser % 2
    elif players == 2:
        result["winner"] = 1 - loser
    else:
        others = [s for s in range(players) if s != loser]
        result["winner"] = min(others, key=lambda s: (sum(t.pips for t in deal.hand(s)), s))
    if room.rules.is_match:
        result["match_lost"] = True
    else:
        result["points"] = sum(t.pips for t in deal.hand(loser))
    return result
