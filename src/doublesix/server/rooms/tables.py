"""Hall tables as room data: options from the create body, the lobby's one-line summary, the
timeout result. Pure functions over ``GameRow.hall``, used by the rooms service and the hall."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from doublesix.core.rules import RulesJSON
from doublesix.server.rooms import clocks
from doublesix.server.rooms.room import CREATOR, Room
from doublesix.server.storage.hall import AgainOffer, HallRow, TimeoutResult
from doublesix.server.wire.errors import ErrorCode, ServiceError

STATUSES = ("open", "playing", "finished")


class LineSeat(TypedDict):
    seat: int
    name: str | None
    taken: bool
    computer: bool
    connected: bool


class LineClock(TypedDict):
    minutes: int
    increment: float


class TableLine(TypedDict):
    """A table's line in the lobby (``lobby`` and ``lobby_delta`` frames, docs/protocol.md),
    and what the processes of one hall tell each other of a table (hall/shared.py)."""

    game_id: str
    rules: RulesJSON
    clock: LineClock | None
    #: rated (issue 25): the game changes its players' ratings
    rated: bool
    seats: list[LineSeat]
    pairs: list[list[int]] | None
    creator: str | None
    status: str
    since: float | None
    watchers: int


class HallInfo(TypedDict):
    """``room.hall`` of every ``room`` (null for rooms that are not hall tables)."""

    public: bool
    rated: bool
    clock: clocks.ClockJSON | None
    over: TimeoutResult | None
    #: «Ещё раз с ним» offered, declined or accepted (hall/again.py); absent: none
    again: NotRequired[AgainOffer]
    #: true when one profile holds every seat (two tabs of one person): never rated, and no
    #: «Ещё раз с ним» with oneself; absent otherwise
    one_person: NotRequired[bool]


class TableOptions(TypedDict, total=False):
    """``hall`` of a create body, the keys :func:`table_options` reads: a client's is
    checked there, and the server's own tables («Ещё раз с ним», «Играть сейчас») are built
    as one."""

    public: bool
    clock: LineClock | None
    rated: bool


class BadLine(ValueError):
    """A lobby line from another process that does not have :class:`TableLine`'s shape."""


def line_from_json(data: object) -> TableLine:
    """A line heard from another process, checked before it reaches the lobby's subscribers."""
    if not isinstance(data, dict) or data.keys() != TableLine.__required_keys__:
        raise BadLine(f"not a lobby line: {data!r:.80}")
    ok = (isinstance(data["game_id"], str) and isinstance(data["rules"], dict)
          and isinstance(data["rated"], bool)
          and data["status"] in STATUSES and _whole(data["watchers"])
          and (data["creator"] is None or isinstance(data["creator"], str))
          and (data["since"] is None or isinstance(data["since"], (int, float)))
          and (data["pairs"] is None or isinstance(data["pairs"], list))
          and isinstance(data["seats"], list) and all(map(_seat_ok, data["seats"]))
          and (data["clock"] is None or (isinstance(data["clock"], dict)
                                          and data["clock"].keys() == LineClock.__required_keys__
                                          and _whole(data["clock"]["minutes"]))))
    if not ok:
        raise BadLine(f"a lobby line of the wrong shape: {data!r:.80}")
    return {"game_id": data["game_id"], "rules": data["rules"], "clock": data["clock"],
            "rated": data["rated"], "seats": data["seats"], "pairs": data["pairs"],
            "creator": data["creator"], "status": data["status"], "since": data["since"],
            "watchers": data["watchers"]}


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat_ok(seat: object) -> bool:
    return (isinstance(seat, dict) and seat.keys() == LineSeat.__required_keys__
            and _whole(seat["seat"]) and (seat["name"] is None or isinstance(seat["name"], str))
            and all(isinstance(seat[k], bool) for k in ("taken", "computer", "connected")))


def table_options(data: object, mode: str, players: int, now: float,
                  computers: bool = False) -> HallRow:
    """``GameRow.hall`` for a new table, from ``{"public": bool, "clock": {...} | null,
    "rated": bool}``; *computers*: the creator gave seats to the computer."""
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
    rated = data.get("rated", False)
    if not isinstance(rated, bool):
        raise ServiceError(ErrorCode.BAD_REQUEST, "'hall.rated' must be true or false")
    # a rating measures people against people under the same time pressure (lichess rates
    # no untimed game and no game against the computer)
    if rated and clock is None:
        raise ServiceError(ErrorCode.BAD_REQUEST, "a rated table needs a clock ('hall.clock')"
                           " / рейтинговый стол — только с часами")
    if rated and computers:
        raise ServiceError(ErrorCode.BAD_REQUEST, "a rated table is for people only: no"
                           " 'computers' seats / рейтинговый стол — только для людей")
    row: HallRow = {"public": public, "clock": clock, "chat": [], "over": None,
                    "open_since": now}
    if rated:
        row["rated"] = True
    return row


def is_over(room: Room) -> bool:
    """The game at this table has ended (out, fish, the match decided, or time ran out)."""
    hall = room.row.hall
    match = room.match
    if hall and hall["over"]:
        return True
    return match.deal_over and (not match.rules.is_match or match.is_over)


def one_person(room: Room) -> bool:
    """One profile holds every seat (two tabs or two browsers of one person): nobody invites
    themselves again. Not rating the game is a wider rule, ratings/service.py's ``self_game``:
    any profile on two seats of a table of three or four is enough there."""
    profiles = {s.profile for s in room.row.seats}
    return len(room.row.seats) > 1 and len(profiles) == 1 and None not in profiles


def summary(room: Room, connected: set[int], watchers: int) -> TableLine:
    """A lobby line: no hands, no tokens; names, presence, options and state only."""
    hall = room.row.hall
    assert hall is not None, "only a hall table has a lobby line"
    clock = hall["clock"]
    status = "open" if not room.all_taken() else "finished" if is_over(room) else "playing"
    return {
        "game_id": room.game_id,
        "rules": room.rules.to_dict(),
        "clock": {"minutes": clock["minutes"], "increment": clock["increment"]} if clock else None,
        "rated": hall.get("rated", False),
        "seats": [{"seat": s.seat, "name": s.name, "taken": s.taken, "computer": s.computer,
                   "connected": s.computer or s.seat in connected} for s in room.row.seats],
        "pairs": pairs(room),
        "creator": room.seat(CREATOR).name,
        "status": status,
        "since": hall["open_since"],
        "watchers": watchers,
    }


def pairs(room: Room) -> list[list[int]] | None:
    """The partnerships of a pairs game (kozel: seats 0+2 against 1+3), else None."""
    if not getattr(room.rules, "teams", False):
        return None
    return [[0, 2], [1, 3]]


def timeout_result(room: Room, loser: int, game_no: int) -> TimeoutResult:
    """Running out of time. Two players: a single deal scores for the opponent as if the
    loser had gone out (the loser's pips); a match is lost. Three or four players: the
    other player with the fewest pips in hand wins the deal and scores the loser's pips
    [choice: the seeds say nothing]. In a pairs game the loser's pair loses the match."""
    deal = room.match.deal
    players = room.rules.players
    winner: int | None
    if pairs(room) is not None:
        winner = None
    elif players == 2:
        winner = 1 - loser
    else:
        others = [s for s in range(players) if s != loser]
        winner = min(others, key=lambda s: (sum(t.pips for t in deal.hand(s)), s))
    result: TimeoutResult = {"reason": "timeout", "loser": loser, "game_no": game_no,
                             "winner": winner}
    if winner is None:
        result["winner_pair"] = 1 - loser % 2
    if room.rules.is_match:
        result["match_lost"] = True
    else:
        result["points"] = sum(t.pips for t in deal.hand(loser))
    return result
