"""A new room from a create request: every check of its body, then its first row.

Pure but for the randomness of ids, seeds and secrets (:mod:`.tokens`): storing the room,
the budgets and the hall's checks are the service's (``RoomsService.create``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NotRequired, TypedDict

from doublesix.core import Ruleset
from doublesix.server.rooms import tokens
from doublesix.server.rooms.events import Created, Numbered
from doublesix.server.rooms.room import (
    CREATOR,
    DEFAULT_LEVEL,
    LEVELS,
    MODES,
    Room,
    new_match,
    seat_list,
)
from doublesix.server.rooms.tables import table_options
from doublesix.server.storage import EventRow, GameRow, SeatRow
from doublesix.server.wire.errors import ErrorCode, ServiceError


class SeatReply(TypedDict):
    """The answer to a join (``POST /api/games/{game_id}/join``, and a hall table's
    ``POST /api/hall/tables/{game_id}/sit``): the seat taken and the token that opens it."""

    game_id: str
    seat: int
    #: every seat the token opens (one, but for a hot-seat creator's)
    seats: list[int]
    token: str
    mode: str


class CreateReply(SeatReply):
    """The creator's answer (``POST /api/games``)."""

    #: an online room's only: the invite and the link that carries it
    invite: NotRequired[str]
    invite_url: NotRequired[str]


@dataclass(frozen=True, slots=True)
class Founded:
    room: Room
    #: its first event, ``created``
    first: EventRow
    reply: CreateReply


def check_mode(mode: str, computers: Any) -> None:
    """The checks that come before any budget is spent."""
    if mode not in MODES:
        raise ServiceError(ErrorCode.BAD_REQUEST, f"mode must be one of {', '.join(MODES)}")
    if computers is not None and mode != "online":
        raise ServiceError(ErrorCode.BAD_REQUEST, "only an online room gives chosen seats to the"
                           " computer (a computer game gives it every other seat)")


def _level(mode: str, level: str | None, computers: Any) -> str | None:
    if level is not None and mode != "computer" and not computers:
        raise ServiceError(ErrorCode.BAD_REQUEST, "only a game with a computer seat has a level")
    if mode == "computer" or computers:
        level = level or DEFAULT_LEVEL
        if level not in LEVELS:
            raise ServiceError(ErrorCode.BAD_REQUEST, f"level must be one of {', '.join(LEVELS)}")
    return level


def _seats(mode: str, players: int, token_hash: str, name: str | None,
           computers: Any) -> list[SeatRow]:
    seats = [SeatRow(seat=s) for s in range(players)]
    seats[CREATOR] = SeatRow(CREATOR, token_hash, name)
    for seat in seats[1:]:
        if mode == "computer":
            seat.computer = True
        elif mode == "hotseat":
            seat.token_hash = token_hash  # one device plays every seat
    for seat_no in seat_list(computers, players):
        seats[seat_no].computer = True
    return seats


def found(mode: str, rules_data: Any, level: str | None, name: str | None, hall: Any,
          computers: Any, now: float, holders: tuple[str, ...] = (),
          profile: str | None = None) -> Founded:
    """The new room (not stored yet) and its creator's answer; raises ServiceError. The
    creator's *profile* is bound to their seat (in hot-seat, to seat 0: the device's owner)."""
    level = _level(mode, level, computers)
    try:
        rules = Ruleset.from_untrusted(rules_data if rules_data is not None else {})
        match, record = new_match(rules, tokens.new_seed(), tokens.new_deal_key())
    except (ValueError, TypeError, KeyError) as exc:
        message = str(exc) or "these rules cannot be played"
        raise ServiceError(ErrorCode.INVALID_RULES, message) from None
    token = tokens.new_token()
    token_hash = tokens.digest(token)
    seats = _seats(mode, rules.players, token_hash, name, computers)
    seats[CREATOR].profile = profile
    if isinstance(hall, dict) and hall.get("rated") is True and profile is None:
        # a rating belongs to a profile (server/ratings/): a rated game without one is void
        raise ServiceError(ErrorCode.BAD_REQUEST, "a rated table needs a profile (Authorization:"
                           " Bearer) / рейтинговый стол — только с профилем")
    invite = tokens.new_invite() if mode == "online" else None
    row = GameRow(
        game_id=tokens.new_game_id(), mode=mode, level=level, record=record, game_no=1,
        state_no=0, event_no=1, seats=seats,
        invite_hash=tokens.digest(invite) if invite else None, created_at=now, updated_at=now,
    )
    if hall is not None:
        row.hall = table_options(hall, mode, rules.players, now,
                                 computers=any(s.computer for s in seats))
        seats[CREATOR].holders = list(holders)  # a hall table's creator holds one seat
    room = Room(row=row, match=match)
    row.computer_to_move = room.computer_to_move()
    owned = [s.seat for s in seats if s.token_hash == token_hash]
    reply: CreateReply = {"game_id": row.game_id, "seat": CREATOR, "seats": owned,
                          "token": token, "mode": mode}
    if invite is not None:
        reply["invite"] = invite
        reply["invite_url"] = f"/#join={row.game_id}.{invite}"
    first = Numbered.of(1, 0, Created(mode)).row(row.game_id, now)
    return Founded(room, first, reply)
