"""The room's transitions as a table: the room before, the command, the events after.

No socket, no storage, no event loop: each row builds a real room (a real Match, dealt from a
fixed seed), runs one command's transition, and compares the events it returns, or the code it
refuses with. A refusal must leave the room exactly as it was (its stored row, its match).
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

import pytest

from doublesix.core import Action, Ruleset
from doublesix.server.hall.holders import check_one_seat
from doublesix.server.rooms import clocks, machine, service, tokens
from doublesix.server.rooms.events import (
    CameBack,
    ComputerSeated,
    Event,
    Joined,
    Left,
    LevelSet,
    NewGame,
    NextDealt,
    Played,
    RematchCancelled,
    RematchRequested,
    Resigned,
    SheetClosed,
    StoodIn,
)
from doublesix.server.rooms.machine import (
    CancelRematch,
    ChangeLevel,
    Claim,
    CloseSheet,
    Command,
    ComputerMove,
    JoinSeat,
    MarkLeft,
    Phase,
    PlayMove,
    RequestRematch,
    ResetRoom,
    Resign,
    SeatComputer,
    StandIn,
    StartNextDeal,
    TakeBack,
    phase,
)
from doublesix.server.rooms.room import Room, new_match
from doublesix.server.storage import GameRow, SeatRow
from doublesix.server.storage.hall import HallRow
from doublesix.server.wire.errors import ErrorCode, ServiceError

INVITE = "the-invite"
GUEST = tokens.digest("guest-token")
NEW = tokens.digest("new-token")
#: a new game's deal key, as from_frame draws one (tokens.new_deal_key)
KEY = bytes(range(32))


def room(mode: str = "online", *, players: int = 2, guests: int = 1,
         computers: tuple[int, ...] = (), rules: dict[str, object] | None = None,
         level: str | None = None, hall: HallRow | None = None) -> Room:
    """A room as the service would hold it: seat 0 is the creator's, *guests* more seats are
    taken by people (hot-seat: every seat is the creator's), *computers* by the computer."""
    ruleset = Ruleset.from_dict(rules or {"preset": "draw", "players": players})
    match, record = new_match(ruleset, 7, KEY)  # a fixed key: the same deal every run
    seats = [SeatRow(s) for s in range(ruleset.players)]
    seats[0].token_hash = tokens.digest("creator-token")
    for seat in seats[1:]:
        if mode == "computer" or seat.seat in computers:
            seat.computer = True
        elif mode == "hotseat":
            seat.token_hash = seats[0].token_hash
        elif seat.seat <= guests:
            seat.token_hash = tokens.digest(f"guest-{seat.seat}")
    row = GameRow(game_id="g", mode=mode, level=level, record=record, game_no=1, state_no=0,
                  event_no=1, seats=seats, invite_hash=tokens.digest(INVITE), created_at=0.0,
                  updated_at=0.0, hall=hall)
    return Room(row=row, match=match)


def table(**extras: object) -> HallRow:
    """A hall table's stored extras (storage/hall.py's HallRow), with *extras* changed."""
    return cast(HallRow, {"public": True, "clock": None, "chat": [], "over": None,
                          "open_since": 0.0, **extras})


def timed_101() -> Room:
    """A hall table for 101 with a clock, its first deal played out."""
    return deal_over(room(rules={"preset": "101"},
                          hall=table(clock=clocks.new_clock(5, 0, players=2))))


def reading(r: Room, *seats: int) -> Room:
    hall = r.row.hall
    assert hall is not None and hall["clock"] is not None
    clocks.open_sheets(hall["clock"], seats)
    return r


def held(r: Room, seat: int, *holders: str) -> Room:
    r.seat(seat).holders = list(holders)
    return r


def one_seat(r: Room, holders: tuple[str, ...]) -> None:
    check_one_seat(r, holders, per_client=1)


def lead(r: Room) -> Action:
    return r.match.legal_actions()[0]


def to_move(r: Room) -> int:
    seat = r.match.to_move
    assert seat is not None
    return seat


def other(r: Room) -> int:
    return 1 - to_move(r)


def played(r: Room) -> Room:
    """*r* after its first move."""
    r.match.apply(lead(r), to_move(r))
    r.row.state_no += 1
    return r


def deal_over(r: Room) -> Room:
    """*r* with its deal played out (first legal action every time)."""
    while not r.match.deal_over:
        played(r)
    return r


def asked(r: Room, *seats: int) -> Room:
    r.row.rematch = sorted(seats)
    return r


def unheld_tile(r: Room) -> Action:
    """A play of a tile the seat to move does not hold: the rules refuse it."""
    held = {str(t) for t in r.match.deal.hand(to_move(r))}
    tile = next(t for t in ("0-0", "0-1", "1-1", "6-6", "5-6") if t not in held)
    return Action.parse(f"play {tile}")


def left(r: Room, seat: int) -> Room:
    r.seat(seat).left = True
    return r


def stood_in(r: Room, seat: int) -> Room:
    r.seat(seat).stand_in = True
    return r


def computer_room_on_computer_turn() -> Room:
    r = room("computer", level="medium")
    return played(r) if to_move(r) == 0 else r


@dataclass(frozen=True)
class Row:
    """One line of the table: how the room is made, the command (which may read the room,
    e.g. for the legal lead), who is connected, and the events or the refusal expected."""

    name: str
    before: Callable[[], Room]
    command: Callable[[Room], Command]
    after: Callable[[Room], list[Event]] | ErrorCode
    connected: frozenset[int] = field(default=frozenset({0, 1, 2, 3}))


TABLE = [
    # -- a person's move -----------------------------------------------------------------
    Row("the seat to move plays", room,
        lambda r: PlayMove((to_move(r),), 0, lead(r)),
        lambda r: [Played(to_move(r), str(lead(r)), "player")]),
    Row("a move drops pending rematch requests", lambda: asked(room(), 0),
        lambda r: PlayMove((to_move(r),), 0, lead(r)),
        lambda r: [RematchCancelled(to_move(r), "move"), Played(to_move(r), str(lead(r)),
                                                               "player")]),
    Row("hot-seat: the socket plays for the seat to move", lambda: room("hotseat"),
        lambda r: PlayMove((0, 1), 0, lead(r)),
        lambda r: [Played(to_move(r), str(lead(r)), "player")]),
    Row("not the seat to move", room, lambda r: PlayMove((other(r),), 0, lead(r)),
        ErrorCode.NOT_YOUR_TURN),
    Row("the other seat is away", room, lambda r: PlayMove((to_move(r),), 0, lead(r)),
        ErrorCode.OPPONENT_AWAY, connected=frozenset({0})),
    Row("the other seat is still free", lambda: room(guests=0),
        lambda r: PlayMove((0,), 0, lead(r)), ErrorCode.OPPONENT_AWAY),
    Row("the computer is to move", computer_room_on_computer_turn,
        lambda r: PlayMove((0,), r.row.state_no, lead(r)), ErrorCode.COMPUTER_TO_MOVE),
    Row("the rules refuse the move", room,
        lambda r: PlayMove((to_move(r),), 0, unheld_tile(r)), ErrorCode.ILLEGAL_ACTION),
    # -- the computer's move -------------------------------------------------------------
    Row("the computer plays its thought", computer_room_on_computer_turn,
        lambda r: ComputerMove(r.row.state_no, to_move(r), lead(r)),
        lambda r: [Played(to_move(r), str(lead(r)), "computer")]),
    Row("the computer's move drops pending rematch requests",
        lambda: asked(computer_room_on_computer_turn(), 0),
        lambda r: ComputerMove(r.row.state_no, to_move(r), lead(r)),
        lambda r: [RematchCancelled(to_move(r), "move"),
                   Played(to_move(r), str(lead(r)), "computer")]),
    Row("a thought overtaken by a new game changes nothing", computer_room_on_computer_turn,
        lambda r: ComputerMove(r.row.state_no - 1, to_move(r), lead(r)), lambda r: []),
    # -- the next deal of a 101 match ----------------------------------------------------
    Row("the deal is over: the next is dealt",
        lambda: deal_over(room(rules={"preset": "101"})),
        lambda r: StartNextDeal((0,), r.row.state_no), lambda r: [NextDealt(2)]),
    Row("the next deal drops pending rematch requests",
        lambda: asked(deal_over(room(rules={"preset": "101"})), 1),
        lambda r: StartNextDeal((1,), r.row.state_no),
        lambda r: [RematchCancelled(1, "move"), NextDealt(2)]),
    Row("no next deal while the deal is played", lambda: room(rules={"preset": "101"}),
        lambda r: StartNextDeal((0,), 0), ErrorCode.NO_NEXT_DEAL),
    Row("no next deal after a single deal", lambda: deal_over(room()),
        lambda r: StartNextDeal((0,), r.row.state_no), ErrorCode.NO_NEXT_DEAL),
    # -- resigning (docs/rules.md section 10) ---------------------------------------------
    Row("a seat resigns the deal", room, lambda r: Resign((1,), 0),
        lambda r: [Resigned(1, False, "player")]),
    Row("... also while the others are away", room, lambda r: Resign((1,), 0),
        lambda r: [Resigned(1, False, "player")], connected=frozenset({1})),
    Row("a resignation drops pending rematch requests", lambda: asked(room(), 0),
        lambda r: Resign((0,), 0), lambda r: [RematchCancelled(0, "move"),
                                               Resigned(0, False, "player")]),
    Row("hot-seat: the frame names the seat", lambda: room("hotseat"),
        lambda r: Resign((0, 1), 0, seat=other(r)),
        lambda r: [Resigned(other(r), False, "player")]),
    Row("a 101 match is resigned", lambda: room(rules={"preset": "101"}),
        lambda r: Resign((0,), 0, match=True), lambda r: [Resigned(0, True, "player")]),
    Row("... also between two deals", lambda: deal_over(room(rules={"preset": "101"})),
        lambda r: Resign((1,), r.row.state_no, match=True),
        lambda r: [Resigned(1, True, "player")]),
    Row("between two deals there is no deal to resign",
        lambda: deal_over(room(rules={"preset": "101"})),
        lambda r: Resign((1,), r.row.state_no), ErrorCode.NOTHING_TO_RESIGN),
    Row("nothing to resign after the game", lambda: deal_over(room()),
        lambda r: Resign((0,), r.row.state_no), ErrorCode.NOTHING_TO_RESIGN),
    Row("nothing to resign after a loss on time",
        lambda: room(hall=table(over={"reason": "timeout", "loser": 0, "winner": 1,
                                      "game_no": 1, "points": 5})),
        lambda r: Resign((1,), 0), ErrorCode.NOTHING_TO_RESIGN),
    Row("no resignation while a seat is free", lambda: room(guests=0),
        lambda r: Resign((0,), 0), ErrorCode.NOT_ALLOWED),
    Row("a timed table's next deal", timed_101,
        lambda r: StartNextDeal((0,), r.row.state_no), lambda r: [NextDealt(2)]),
    # -- a sheet closed after another dealt the next deal (the hall's clocks) ------------
    Row("a reading seat closes its sheet", lambda: reading(timed_101(), 1),
        lambda r: CloseSheet((1,)), lambda r: [SheetClosed(1)]),
    Row("a seat that is not reading changes nothing", lambda: reading(timed_101(), 1),
        lambda r: CloseSheet((0,)), lambda r: []),
    Row("a table without a clock changes nothing", lambda: deal_over(room(hall=table())),
        lambda r: CloseSheet((1,)), lambda r: []),
    # -- leavers (rooms/leavers.py marks them after the grace) ----------------------------
    Row("a person away past the grace has left", room, lambda r: MarkLeft(1),
        lambda r: [Left(1)], connected=frozenset({0})),
    Row("... unless back meanwhile", room, lambda r: MarkLeft(1), lambda r: []),
    Row("... or the game is over", lambda: deal_over(room()), lambda r: MarkLeft(1),
        lambda r: [], connected=frozenset({0})),
    Row("the computer plays a leaver's seat", lambda: left(room(), 1),
        lambda r: StandIn((0,), 1), lambda r: [StoodIn(1)]),
    Row("not for a seat that has not left", room, lambda r: StandIn((0,), 1),
        ErrorCode.NOT_ALLOWED),
    Row("the one who stayed claims the game", lambda: left(room(), 1),
        lambda r: Claim((0,)), lambda r: [Resigned(1, False, "claim")]),
    Row("... a 101 match: the match", lambda: left(room(rules={"preset": "101"}), 0),
        lambda r: Claim((1,)), lambda r: [Resigned(0, True, "claim")]),
    Row("no claim while the opponent is only away", room, lambda r: Claim((0,)),
        ErrorCode.NOT_ALLOWED),
    Row("no claim with more than two players", lambda: left(room(players=3, guests=2), 1),
        lambda r: Claim((0,)), ErrorCode.NOT_ALLOWED),
    Row("a leaver who is back takes the seat", lambda: stood_in(left(room(), 1), 1),
        lambda r: TakeBack(1), lambda r: [CameBack(1)]),
    Row("... not before connecting", lambda: left(room(), 1), lambda r: TakeBack(1),
        lambda r: [], connected=frozenset({0})),
    # -- rematch requests ----------------------------------------------------------------
    Row("the first request waits for the others", room,
        lambda r: RequestRematch((0,), 99, KEY), lambda r: [RematchRequested(0)]),
    Row("the last request starts the new game", lambda: asked(room(), 0),
        lambda r: RequestRematch((1,), 99, KEY),
        lambda r: [RematchRequested(1), NewGame(2, "rematch")]),
    Row("a computer seat need not ask", lambda: room(players=3, computers=(2,)),
        lambda r: RequestRematch((0,), 99, KEY), lambda r: [RematchRequested(0)]),
    Row("asking twice changes nothing", lambda: asked(room(), 0),
        lambda r: RequestRematch((0,), 99, KEY), lambda r: []),
    Row("outside online rooms a rematch starts at once", lambda: room("computer"),
        lambda r: RequestRematch((0,), 99, KEY), lambda r: [NewGame(2, "rematch")]),
    Row("no rematch while a seat is free", lambda: room(guests=0),
        lambda r: RequestRematch((0,), 99, KEY), ErrorCode.NOT_ALLOWED),
    Row("a request is withdrawn", lambda: asked(room(), 0, 1),
        lambda r: CancelRematch((1,)), lambda r: [RematchCancelled(1, "withdrawn")]),
    Row("nothing to withdraw", lambda: asked(room(), 0),
        lambda r: CancelRematch((1,)), ErrorCode.NOTHING_TO_CANCEL),
    # -- reset ---------------------------------------------------------------------------
    Row("the creator alone resets", lambda: room(guests=0),
        lambda r: ResetRoom((0,), 99, KEY), lambda r: [NewGame(2, "reset")]),
    Row("a computer seat does not stop a reset", lambda: room(players=3, guests=0,
                                                             computers=(2,)),
        lambda r: ResetRoom((0,), 99, KEY), lambda r: [NewGame(2, "reset")]),
    Row("no reset once a guest sat down", room, lambda r: ResetRoom((0,), 99, KEY),
        ErrorCode.NOT_ALLOWED),
    Row("a guest may not reset", lambda: room("hotseat"), lambda r: ResetRoom((1,), 99, KEY),
        ErrorCode.NOT_ALLOWED),
    # -- the computer's level ------------------------------------------------------------
    Row("the level changes", lambda: room("computer", level="medium"),
        lambda r: ChangeLevel((0,), "hard"), lambda r: [LevelSet("hard")]),
    Row("the same level changes nothing", lambda: room("computer", level="medium"),
        lambda r: ChangeLevel((0,), "medium"), lambda r: []),
    Row("no level without a computer seat", room, lambda r: ChangeLevel((0,), "hard"),
        ErrorCode.NOT_ALLOWED),
    Row("only the creator of an online room sets it",
        lambda: room(players=3, computers=(2,), level="easy"),
        lambda r: ChangeLevel((1,), "hard"), ErrorCode.NOT_ALLOWED),
    Row("an unknown level", lambda: room("computer", level="medium"),
        lambda r: ChangeLevel((0,), "godlike"), ErrorCode.BAD_LEVEL),
    # -- a seat for the computer ---------------------------------------------------------
    Row("the creator gives a free seat", lambda: room(players=4),
        lambda r: SeatComputer((0,), 2), lambda r: [ComputerSeated(2)]),
    Row("a taken seat", lambda: room(players=4), lambda r: SeatComputer((0,), 1),
        ErrorCode.SEAT_TAKEN),
    Row("a seat past the last", lambda: room(players=4), lambda r: SeatComputer((0,), 4),
        ErrorCode.BAD_REQUEST),
    Row("a guest may not give one", lambda: room(players=4), lambda r: SeatComputer((1,), 2),
        ErrorCode.NOT_ALLOWED),
    Row("not outside online rooms", lambda: room("hotseat"), lambda r: SeatComputer((0,), 1),
        ErrorCode.NOT_ALLOWED),
    # -- a guest sits down ---------------------------------------------------------------
    Row("the invite seats the guest at the first free seat", lambda: room(players=3),
        lambda r: JoinSeat(INVITE, "Вера", NEW), lambda r: [Joined(2, "Вера")]),
    Row("the guest's chosen seat", lambda: room(players=4),
        lambda r: JoinSeat(INVITE, None, NEW, seat=3), lambda r: [Joined(3, None)]),
    Row("a chosen seat that is taken", lambda: room(players=4),
        lambda r: JoinSeat(INVITE, None, NEW, seat=1), ErrorCode.SEAT_TAKEN),
    Row("a chosen seat past the last", lambda: room(players=4),
        lambda r: JoinSeat(INVITE, None, NEW, seat=9), ErrorCode.BAD_REQUEST),
    Row("a wrong invite", lambda: room(guests=0), lambda r: JoinSeat("forged", None, NEW),
        ErrorCode.BAD_INVITE),
    Row("a full room", room, lambda r: JoinSeat(INVITE, None, NEW), ErrorCode.ROOM_FULL),
    Row("a public table seats anyone", lambda: room(guests=0, hall=table()),
        lambda r: JoinSeat(None, "Гость", NEW, public=True), lambda r: [Joined(1, "Гость")]),
    Row("a closed table seats nobody",
        lambda: room(guests=0, hall=table(closed=True)),
        lambda r: JoinSeat(None, "Гость", NEW, public=True), ErrorCode.NOT_FOUND),
    Row("the service's checks of who sits down pass",
        lambda: held(room(players=3, hall=table()), 0, "b:anna"),
        lambda r: JoinSeat(None, "Гость", NEW, public=True, holders=("b:guest",),
                           vet=(one_seat,)), lambda r: [Joined(2, "Гость")]),
    Row("... or refuse one who holds a seat already",
        lambda: held(room(players=3, hall=table()), 1, "b:guest"),
        lambda r: JoinSeat(None, "Гость", NEW, public=True, holders=("b:guest",),
                           vet=(one_seat,)), ErrorCode.ALREADY_SEATED),
    Row("a hall seat needs a name", lambda: room(guests=0, hall=table(public=False)),
        lambda r: JoinSeat(INVITE, None, NEW), ErrorCode.BAD_NAME),
]


def _snapshot(r: Room) -> tuple[str, str, int]:
    r.sync_record()
    return r.row.data_json(), repr(r.row.record), r.row.state_no


@pytest.mark.parametrize("row", TABLE, ids=[row.name for row in TABLE])
def test_transition(row: Row) -> None:
    r = row.before()
    command = row.command(r)
    if isinstance(row.after, ErrorCode):
        before = _snapshot(r)
        with pytest.raises(ServiceError) as refused:
            command.step(r, set(row.connected))
        assert refused.value.code == row.after
        assert _snapshot(r) == before, "a refusal changed the room"
        return
    expected = row.after(r)  # read before the change (the seat to move, the lead)
    state_no = r.row.state_no
    events = command.step(r, set(row.connected))
    assert events == expected
    moved = any(isinstance(e, Played | NextDealt | NewGame | Resigned) for e in events)
    assert r.row.state_no == state_no + (1 if moved else 0)


#: every command class (a slotted dataclass replaces its class: count each name once)
COMMANDS = {getattr(machine, c.__name__) for c in machine.Command.__subclasses__()}


def test_every_command_has_rows_that_change_and_rows_that_refuse() -> None:
    commands = {type(row.command(row.before())) for row in TABLE}
    assert commands == COMMANDS
    refusing = {type(row.command(row.before())) for row in TABLE
                if isinstance(row.after, ErrorCode)}
    # the computer is never refused its turn; a closed sheet is never refused either, as it
    # also follows a duplicate next deal whose ack has already gone out; the server's own
    # marks of a leaver (rooms/leavers.py) change nothing when the person is back instead
    assert commands - refusing == {ComputerMove, CloseSheet, MarkLeft, TakeBack}


def test_the_next_deal_at_a_timed_table_holds_the_other_peoples_clocks() -> None:
    r = timed_101()
    StartNextDeal((0,), r.row.state_no).step(r, {0, 1})
    hall = r.row.hall
    assert hall is not None and hall["clock"] is not None
    assert hall["clock"].get("reading") == [1]
    CloseSheet((1,)).step(r, {0, 1})
    assert "reading" not in hall["clock"]


def test_a_new_game_deals_from_the_commands_seed_and_key() -> None:
    one, two = room("computer"), room("computer")
    RequestRematch((0,), 1234, KEY).step(one, set())
    ResetRoom((0,), 1234, KEY).step(two, set())
    assert one.row.record == two.row.record and one.row.record["seed"] == 1234
    assert one.row.game_no == 2 and one.row.state_no == 1 and one.row.rematch == []


def test_a_joining_guest_gets_the_commands_token_and_name() -> None:
    r = room(guests=0)
    JoinSeat(INVITE, "Боря", GUEST, holders=("b:boris",)).step(r, set())
    assert r.seat(1).token_hash == GUEST and r.seat(1).name == "Боря"
    assert r.seat(1).holders == []  # who holds a seat is remembered at hall tables only
    t = room(guests=0, hall=table())
    JoinSeat(None, "Боря", GUEST, public=True, holders=("b:boris",)).step(t, set())
    assert t.seat(1).holders == ["b:boris"]


@pytest.mark.parametrize(("make", "expected"), [
    (lambda: room(guests=0), Phase.OPEN),
    (room, Phase.PLAYING),
    (lambda: room("hotseat"), Phase.PLAYING),
    (lambda: deal_over(room(rules={"preset": "101"})), Phase.DEAL_OVER),
    (lambda: deal_over(room()), Phase.GAME_OVER),
    (lambda: room(hall=table(over={"reason": "timeout", "loser": 0, "winner": 1,
                                    "game_no": 1, "points": 5})), Phase.TIMED_OUT),
])
def test_phase(make: Callable[[], Room], expected: Phase) -> None:
    assert phase(make()) is expected


def test_a_repeated_frame_is_recognised_by_its_event() -> None:
    r = room()
    move = PlayMove((to_move(r),), 0, lead(r))
    assert move.repeats(Played(to_move(r), str(lead(r)), "player"))
    assert not move.repeats(Played(to_move(r), str(lead(r)), "computer"))
    assert not move.repeats(Played(other(r), str(lead(r)), "player"))
    assert not move.repeats(Played(to_move(r), "draw", "player"))
    assert StartNextDeal((0,), 3).repeats(NextDealt(2))
    assert Resign((1,), 3).repeats(Resigned(1, False, "player"))
    assert not Resign((1,), 3).repeats(Resigned(1, False, "claim"))
    assert not Resign((1,), 3).repeats(Resigned(0, False, "player"))
    assert not Resign((1,), 3, match=True).repeats(Resigned(1, False, "player"))
    assert not StartNextDeal((0,), 3).repeats(Played(0, "draw", "player"))


# -- the shape the issue asks for (issue 22: done-when) ---------------------------------------
def test_no_transition_is_over_thirty_lines() -> None:
    tree = ast.parse(Path(inspect.getfile(machine)).read_text(encoding="utf-8"))
    steps = {node.name: fn.end_lineno - fn.lineno + 1
             for node in tree.body if isinstance(node, ast.ClassDef)
             for fn in node.body
             if isinstance(fn, ast.FunctionDef) and fn.name == "step" and fn.end_lineno
             and node.name != "Command"}
    assert set(steps) == {c.__name__ for c in COMMANDS}
    assert max(steps.values()) <= 30, steps


def test_the_service_module_is_at_most_250_lines() -> None:
    lines = Path(inspect.getfile(service)).read_text(encoding="utf-8").count("\n")
    assert lines <= 250
