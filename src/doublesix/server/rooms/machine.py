"""The room as a state machine: its phase, the commands it takes, and one transition each.

A transition (``Command.step``) takes the locked room and the seats connected now, and either
changes the room and returns the events that describe the change, or raises ServiceError
having changed nothing: every check comes before the first change. It stores, sends and waits
for nothing; the service's ``run`` does all of that, once, for every command (lock, stale or
repeated frame, the registered checks, the transition, commit, ack, broadcast), in the shape
of lichess's ``RoundAsyncActor.handle``. So a table test reads a transition straight: the room
before, the command, the events after (tests/server/rooms/test_machine.py).

Whatever a transition would draw at random (a new game's seed and deal key, a guest's token)
comes in with the command, so the same room and command always give the same events.
"""

from __future__ import annotations

import abc
import enum
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from doublesix.core import Action, IllegalAction
from doublesix.server.rooms import clocks, tokens
from doublesix.server.rooms.events import (
    CameBack,
    ComputerSeated,
    Event,
    Joined,
    Left,
    LevelSet,
    Mover,
    NewGame,
    NewGameReason,
    NextDealt,
    Played,
    RematchCancelled,
    RematchRequested,
    Resigned,
    Resigner,
    SheetClosed,
    StoodIn,
)
from doublesix.server.rooms.room import CREATOR, DEFAULT_LEVEL, LEVELS, Room
from doublesix.server.wire import protocol
from doublesix.server.wire.errors import ErrorCode, ServiceError

#: the service's registered checks (its ``move_checks``, ``create_checks``, ``join_checks``),
#: each raising ServiceError to refuse: under the lock before a move or next deal; before a
#: room is created (the create body's ``hall``, the client's address); under the lock before
#: someone takes a seat, with who they are (hall/holders.py)
MoveCheck = Callable[[Room], Awaitable[None]]
CreateCheck = Callable[[Any, str | None], None]
JoinCheck = Callable[[Room, tuple[str, ...]], None]


class Phase(enum.Enum):
    OPEN = "open"  # an online room with a free seat: nothing is played until it fills
    PLAYING = "playing"  # a deal in play
    DEAL_OVER = "deal_over"  # a 101 match between two deals: anyone may deal the next
    GAME_OVER = "game_over"  # the deal or the match is decided: a rematch or reset follows
    TIMED_OUT = "timed_out"  # a hall clock ran out: only a rematch follows


def phase(room: Room) -> Phase:
    if room.row.hall is not None and room.row.hall["over"]:
        return Phase.TIMED_OUT
    if room.mode == "online" and not room.all_taken():
        return Phase.OPEN
    if room.match.deal_over:
        return Phase.DEAL_OVER if room.match.can_start_next_deal else Phase.GAME_OVER
    return Phase.PLAYING


class Command(abc.ABC):
    """A change asked of one room. ``by`` are the seats of the socket that asks (``()`` for
    the server itself: the computer, an HTTP join)."""

    #: answered by an ``ack`` with the new ``state_no`` once stored (docs/protocol.md)
    acked: ClassVar[bool] = False
    #: runs the service's registered checks first (the hall's clock: ``time_over``)
    checked: ClassVar[bool] = False

    @property
    def state_no(self) -> int | None:
        """The state the frame was made on, for commands refused when it is stale."""
        return None

    def repeats(self, event: Event) -> bool:
        """Whether *event* (stored at the next state) is this very command, already applied:
        then the frame is a retry, acknowledged again instead of refused as stale."""
        return False

    def retried(self) -> Command | None:
        """What a retry still changes once acknowledged (``None``: nothing)."""
        return None

    @abc.abstractmethod
    def step(self, room: Room, connected: set[int]) -> list[Event]:
        """Change *room* and say how, or raise ServiceError with nothing changed; [] when
        the command changes nothing (asked twice, already so)."""


# -- play ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PlayMove(Command):
    """A seat's move; ``seat`` only in hot-seat, where one socket plays every seat."""

    acked: ClassVar[bool] = True
    checked: ClassVar[bool] = True
    by: tuple[int, ...]
    made_on: int
    action: Action
    seat: int | None = None

    @property
    def state_no(self) -> int:
        return self.made_on

    def repeats(self, event: Event) -> bool:
        movers = self.by if self.seat is None else (self.seat,)
        return (isinstance(event, Played) and event.by == "player" and event.seat in movers
                and event.action == str(self.action))

    def step(self, room: Room, connected: set[int]) -> list[Event]:
        seat = room.view_seat(self.by) if self.seat is None else self.seat
        _check_present(room, connected)
        to_move = room.match.to_move
        if to_move is not None and to_move != seat:
            if room.is_computer(to_move):
                raise ServiceError(ErrorCode.COMPUTER_TO_MOVE, "it is the computer's turn")
            raise ServiceError(ErrorCode.NOT_YOUR_TURN,
                               f"it is not your turn: seat {to_move} is to move")
        return _play(room, seat, self.action, "player")


@dataclass(frozen=True, slots=True)
class ComputerMove(Command):
    """The computer's move, thought about on ``made_on`` (outside the lock)."""

    made_on: int
    seat: int
    action: Action

    def step(self, room: Room, connected: set[int]) -> list[Event]:
        if room.row.state_no != self.made_on or not room.is_computer(self.seat):
            # a new game or a reset overtook the thought (the next lap thinks again), or the
            # person it stood in for came back: their seat is theirs from this turn
            return []
        return _play(room, self.seat, self.action, "computer")


def _play(room: Room, seat: int, action: Action, by: Mover) -> list[Event]:
    try:
        room.match.apply(action, seat)
    except IllegalAction as exc:
        raise ServiceError(ErrorCode.ILLEGAL_ACTION, str(exc)) from None
    room.row.state_no += 1
    # a move is a move, a person's or the computer's: it drops pending rematch requests
    return [*_cancel_rematch(room, seat), Played(seat, str(action), by)]


@dataclass(frozen=True, slots=True)
class StartNextDeal(Command):
    acked: ClassVar[bool] = True
    checked: ClassVar[bool] = True
    by: tuple[int, ...]
    made_on: int

    @property
    def state_no(self) -> int:
        return self.made_on

    def repeats(self, event: Event) -> bool:
        return isinstance(event, NextDealt)

    def retried(self) -> Command:
        # someone else dealt first: this seat's press still closes its sheet (its clock runs)
        return CloseSheet(self.by)

    def step(self, room: Room, connected: set[int]) -> list[Event]:
        _check_present(room, connected)
        if phase(room) is not Phase.DEAL_OVER:
            raise ServiceError(ErrorCode.NO_NEXT_DEAL, "there is no next deal now: the deal is"
                               " still being played, or the game is over")
        room.match.next_deal()
        room.row.state_no += 1
        hall = room.row.hall
        if hall is not None and hall["clock"] is not None:
            # the other people still see the last deal's sheet: their clocks wait for them
            clocks.open_sheets(hall["clock"], [s for s in room.human_seats()
                                               if s not in self.by])
        return [*_cancel_rematch(room, self.by[0]), NextDealt(room.match.deal_number)]


@dataclass(frozen=True, slots=True)
class Resign(Command):
    """A seat gives up the deal in play, or (``match``) the whole match; ``seat`` only in
    hot-seat (else the socket's own). Allowed while the others are away: leaving for good is
    what a resignation is for. Scored by ``Match.resign`` (docs/protocol.md, "Resigning")."""

    acked: ClassVar[bool] = True
    checked: ClassVar[bool] = True  # a clock that ran out decided the game first
    by: tuple[int, ...]
    made_on: int
    match: bool = False
    seat: int | None = None

    @property
    def state_no(self) -> int:
        return self.made_on

    def repeats(self, event: Event) -> bool:
        seats = self.by if self.seat is None else (self.seat,)
        # the same seat giving up the same thing (a deal resigned first, then the match, is
        # two changes: the second is no retry of the first)
        return (isinstance(event, Resigned) and event.by == "player" and event.seat in seats
                and event.match == self.match)

    def step(self, room: Room, connected: set[int]) -> list[Event]:
        seat = room.view_seat(self.by) if self.seat is None else self.seat
        if phase(room) is Phase.OPEN:
            raise ServiceError(ErrorCode.NOT_ALLOWED, "the game has not started: a seat is"
                               " still free")
        return _resign(room, seat, self.match, "player")


def _resign(room: Room, seat: int, whole: bool, by: Resigner) -> list[Event]:
    """*seat*'s resignation (its own, or claimed by the others) recorded in the match."""
    if phase(room) is Phase.TIMED_OUT:
        raise ServiceError(ErrorCode.NOTHING_TO_RESIGN, "the game is over: a clock ran out")
    try:
        room.match.resign(seat, match=whole)
    except IllegalAction as exc:
        raise ServiceError(ErrorCode.NOTHING_TO_RESIGN, str(exc)) from None
    room.row.state_no += 1
    return [*_cancel_rematch(room, seat), Resigned(seat, whole and room.rules.is_match, by)]


@dataclass(frozen=True, slots=True)
class CloseSheet(Command):
    """A seat closed the sheet of the deal before, which another seat had already left by
    dealing the next: a hall clock held for it may run now. Nothing to do is no error (the
    grace may have passed, or the table has no clock)."""

    by: tuple[int, ...]

    def step(self, room: Room, connected: set[int]) -> list[Event]:
        hall = room.row.hall
        clock = hall["clock"] if hall is not None else None
        if clock is None:
            return []
        return [SheetClosed(seat) for seat in self.by if clocks.close_sheet(clock, seat)]


# -- leavers (docs/protocol.md "Leavers"; the grace is rooms/leavers.py's) ------------------
@dataclass(frozen=True, slots=True)
class MarkLeft(Command):
    """The server: *seat*'s person has been away past the leave grace."""

    seat: int

    def step(self, room: Room, connected: set[int]) -> list[Event]:
        taken = room.seat(self.seat)
        if (taken.left or taken.computer or self.seat in connected
                or phase(room) not in (Phase.PLAYING, Phase.DEAL_OVER)):
            return []  # back meanwhile, or nothing is being played any more
        taken.left = True
        return [Left(self.seat)]


@dataclass(frozen=True, slots=True)
class StandIn(Command):
    """Another person at the table lets the computer play a leaver's seat."""

    acked: ClassVar[bool] = True
    by: tuple[int, ...]
    seat: int

    def step(self, room: Room, connected: set[int]) -> list[Event]:
        _check_seat_exists(room, self.seat)
        if not room.seat(self.seat).left or self.seat in self.by:
            raise ServiceError(ErrorCode.NOT_ALLOWED, f"seat {self.seat} has not left the game")
        if room.seat(self.seat).stand_in:
            return []
        room.seat(self.seat).stand_in = True
        room.row.level = room.row.level or DEFAULT_LEVEL
        return [StoodIn(self.seat)]


@dataclass(frozen=True, slots=True)
class Claim(Command):
    """With two players, the one who stayed claims the game of the one who left: scored as
    if the leaver had resigned it (the match, in 101)."""

    acked: ClassVar[bool] = True
    by: tuple[int, ...]

    def step(self, room: Room, connected: set[int]) -> list[Event]:
        others = [s for s in room.row.seats if s.seat not in self.by]
        if room.rules.players != 2 or not others or not others[0].left:
            raise ServiceError(ErrorCode.NOT_ALLOWED, "only the game of an opponent who left"
                               " a two-player game can be claimed")
        return _resign(room, others[0].seat, True, "claim")


@dataclass(frozen=True, slots=True)
class TakeBack(Command):
    """The server: a leaver is connected again, and plays the seat from its next turn."""

    seat: int

    def step(self, room: Room, connected: set[int]) -> list[Event]:
        taken = room.seat(self.seat)
        if not taken.left or self.seat not in connected:
            return []
        taken.left = taken.stand_in = False
        return [CameBack(self.seat)]


def stale(current: int, made_on: int) -> ServiceError:
    """The refusal of a frame made on an earlier state that it does not repeat."""
    return ServiceError(ErrorCode.STALE_STATE,
        f"the game has moved on (state {current}): your frame was made on state {made_on}",
        state_no=current,
    )


def _check_present(room: Room, connected: set[int]) -> None:
    waiting = room.waiting_for(connected)
    if waiting:
        seat = waiting[0]
        why = "reconnect" if room.seat(seat).taken else "join"
        raise ServiceError(ErrorCode.OPPONENT_AWAY, f"waiting for seat {seat} to {why}")


def _cancel_rematch(room: Room, seat: int) -> list[Event]:
    """A move or next deal drops pending rematch requests (seed 001)."""
    if not room.row.rematch:
        return []
    room.row.rematch = []
    return [RematchCancelled(seat, "move")]


# -- new games -------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class RequestRematch(Command):
    """A new game: at once outside online rooms, else once every person has asked."""

    by: tuple[int, ...]
    seed: int
    key: bytes

    def step(self, room: Room, connected: set[int]) -> list[Event]:
        if room.mode != "online":
            return _new_game(room, [], "rematch", self.seed, self.key)
        if phase(room) is Phase.OPEN:
            raise ServiceError(ErrorCode.NOT_ALLOWED, "the other seat is still free: reset the room"
                               " instead")
        mine = [s for s in self.by if s not in room.row.rematch]
        if not mine:
            return []  # already asked: a repeated request changes nothing
        room.row.rematch = sorted([*room.row.rematch, *mine])
        asked: list[Event] = [RematchRequested(s) for s in mine]
        if set(room.human_seats()) <= set(room.row.rematch):
            return _new_game(room, asked, "rematch", self.seed, self.key)
        return asked


@dataclass(frozen=True, slots=True)
class CancelRematch(Command):
    by: tuple[int, ...]

    def step(self, room: Room, connected: set[int]) -> list[Event]:
        mine = [s for s in self.by if s in room.row.rematch]
        if not mine:
            raise ServiceError(ErrorCode.NOTHING_TO_CANCEL, "you have not asked for a new game")
        room.row.rematch = [s for s in room.row.rematch if s not in mine]
        return [RematchCancelled(s, "withdrawn") for s in mine]


@dataclass(frozen=True, slots=True)
class ResetRoom(Command):
    by: tuple[int, ...]
    seed: int
    key: bytes

    def step(self, room: Room, connected: set[int]) -> list[Event]:
        if CREATOR not in self.by or not room.can_reset():
            raise ServiceError(ErrorCode.NOT_ALLOWED, "only the creator may reset, and only"
                               " while the other seat is free: ask for a rematch instead")
        return _new_game(room, [], "reset", self.seed, self.key)


def _new_game(room: Room, events: list[Event], reason: NewGameReason,
              seed: int, key: bytes) -> list[Event]:
    room.start_new_game(seed, key)
    return [*events, NewGame(room.row.game_no, reason)]


# -- the computer's seats and level ----------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ChangeLevel(Command):
    by: tuple[int, ...]
    level: str

    def step(self, room: Room, connected: set[int]) -> list[Event]:
        if not any(s.computer for s in room.row.seats):
            raise ServiceError(ErrorCode.NOT_ALLOWED,
                               "only a game with a computer seat has a level")
        if room.mode == "online" and CREATOR not in self.by:
            raise ServiceError(ErrorCode.NOT_ALLOWED, "only the creator sets the computer's level")
        if self.level not in LEVELS:
            raise ServiceError(ErrorCode.BAD_LEVEL, f"level must be one of {', '.join(LEVELS)}")
        if self.level == room.row.level:
            return []
        room.set_level(self.level)
        return [LevelSet(self.level)]


@dataclass(frozen=True, slots=True)
class SeatComputer(Command):
    """The creator gives a free seat of an online room to the computer, for good."""

    acked: ClassVar[bool] = True
    by: tuple[int, ...]
    seat: int

    def step(self, room: Room, connected: set[int]) -> list[Event]:
        if room.mode != "online" or CREATOR not in self.by:
            raise ServiceError(ErrorCode.NOT_ALLOWED, "only the creator of an online room gives"
                               " a seat to the computer")
        _check_seat_exists(room, self.seat)
        if self.seat not in room.free_seats():
            raise ServiceError(ErrorCode.SEAT_TAKEN, f"seat {self.seat} is not free")
        room.seat(self.seat).computer = True
        room.row.level = room.row.level or DEFAULT_LEVEL
        return [ComputerSeated(self.seat)]


# -- a guest sits down -----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class JoinSeat(Command):
    """Take a free seat by invite, or (*public*, the hall) at an open public table: the chosen
    seat, or else the first free one (one invite link seats every guest). ``token_hash`` is
    the digest of the token the guest will be given; *holders* who they are (a hall table's
    seat remembers it), and *vet* the service's checks of them (hall/holders.py)."""

    invite: str | None
    name: str | None
    token_hash: str
    public: bool = False
    seat: int | None = None
    holders: tuple[str, ...] = ()
    vet: tuple[JoinCheck, ...] = ()
    #: the guest's profile (profiles/service.py), bound to the seat they take
    profile: str | None = None

    def step(self, room: Room, connected: set[int]) -> list[Event]:
        hall = room.row.hall
        if self.public:
            opens = hall is not None and hall["public"]
            if hall is not None and hall.get("closed"):
                raise ServiceError(ErrorCode.NOT_FOUND, "this table was closed", status=404)
        else:
            opens = self.invite is not None and tokens.matches(self.invite, room.row.invite_hash)
        if room.mode != "online" or not opens:
            raise ServiceError(ErrorCode.BAD_INVITE, "this invite does not open this room",
                               status=403)
        if room.row.hall is not None and self.name is None:
            # strangers see a hall table's seats (the lobby, spectators): as at create and
            # sit-down, the invite link too needs a name
            raise ServiceError(ErrorCode.BAD_NAME, "a seat at a hall table needs a name")
        free = room.free_seats()
        if not free:
            raise ServiceError(ErrorCode.ROOM_FULL, "the room is full: every seat is taken",
                               status=409)
        if self.seat is not None:
            _check_seat_exists(room, self.seat)
            if self.seat not in free:
                raise ServiceError(ErrorCode.SEAT_TAKEN, f"seat {self.seat} is not free: free"
                                   " seats are " + ", ".join(map(str, free)), status=409)
        for check in self.vet:
            check(room, self.holders)
        taken = room.seat(free[0] if self.seat is None else self.seat)
        taken.token_hash, taken.name, taken.profile = self.token_hash, self.name, self.profile
        taken.holders = list(self.holders) if room.row.hall is not None else []
        return [Joined(taken.seat, self.name)]


def _check_seat_exists(room: Room, seat: int) -> None:
    """A seat number past the room's last seat is a mistake of the request, not a taken seat."""
    if not 0 <= seat < room.rules.players:
        raise ServiceError(ErrorCode.BAD_REQUEST, f"seat {seat} does not exist: this room has"
                           f" seats 0 to {room.rules.players - 1}")


def from_frame(by: tuple[int, ...], frame: protocol.Command) -> Command:
    """The command a seat's frame asks for (what needs no room is checked here)."""
    if isinstance(frame, protocol.Move):
        try:
            action = Action.parse(frame.action)
        except ValueError as exc:
            raise ServiceError(ErrorCode.BAD_ACTION, str(exc)) from None
        if frame.seat is not None and frame.seat not in by:
            raise ServiceError(ErrorCode.WRONG_SEAT, f"seat {frame.seat} is not yours")
        return PlayMove(by, frame.state_no, action, frame.seat)
    if isinstance(frame, protocol.NextDeal):
        return StartNextDeal(by, frame.state_no)
    if isinstance(frame, protocol.Resign):
        if frame.seat is not None and frame.seat not in by:
            raise ServiceError(ErrorCode.WRONG_SEAT, f"seat {frame.seat} is not yours")
        return Resign(by, frame.state_no, frame.match, frame.seat)
    if isinstance(frame, protocol.SetLevel):
        return ChangeLevel(by, frame.level)
    if isinstance(frame, protocol.SeatComputer):
        return (StandIn if frame.type == "stand_in" else SeatComputer)(by, frame.seat)
    if isinstance(frame, protocol.Simple) and frame.type == "claim":
        return Claim(by)
    if isinstance(frame, protocol.Simple) and frame.type == "rematch":
        return RequestRematch(by, tokens.new_seed(), tokens.new_deal_key())
    if isinstance(frame, protocol.Simple) and frame.type == "rematch_cancel":
        return CancelRematch(by)
    if isinstance(frame, protocol.Simple) and frame.type == "reset":
        return ResetRoom(by, tokens.new_seed(), tokens.new_deal_key())
    if isinstance(frame, protocol.Simple) and frame.type == "sheet_closed":
        return CloseSheet(by)
    raise ServiceError(ErrorCode.NOT_ALLOWED, "a chat frame is served by the hall (ws.py)")
