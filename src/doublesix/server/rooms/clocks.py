"""Chess clocks for hall tables: pure functions over the dict stored in ``GameRow.hall``.

The clock is server-authoritative and saved with every move (``hall_sync`` is the hook
compose.py gives ``RoomCache`` to run just before each commit), so a restart keeps it.
Stored: ``left`` per seat as of ``since``, and ``running``, the seat whose time is being
spent. Time is charged when the running seat changes, never by a timer, so the stored
numbers only move when something is saved.

Between the deals of a match nobody's clock runs; and when one player deals the next, the
others may still be reading the sheet of the deal that just ended (issue 24). Those seats are
``reading`` until they close it (``sheet_closed``), move, or a grace of ``sheet_grace``
seconds after the deal passes (``read_by``): a reading seat to move has its clock held, which
is stored as a ``since`` in the future, so the grace ends with no timer and no save either.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, TypedDict

from doublesix.server.storage.hall import ClockRow

if TYPE_CHECKING:
    from doublesix.server.rooms.room import Room

#: the stored clock (GameRow.hall["clock"]); functions here change it in place
Clock = ClockRow


class ClockJSON(TypedDict):
    """What every seat and spectator is sent of a clock (``room.hall.clock``)."""

    minutes: int
    increment: float
    left: list[float]
    running: int | None
    #: seconds before the running seat's clock starts: its result sheet is still open
    waits: float
    #: seats whose sheet of the deal that just ended is still open (their clocks wait)
    reading: list[int]


MINUTES = (1, 3, 5, 10, 15, 30)
MAX_INCREMENT = 30


def new_clock(minutes: int, increment: int, players: int) -> Clock:
    base = float(minutes * 60)
    return {"minutes": minutes, "increment": float(increment), "left": [base] * players,
            "running": None, "since": 0.0, "state_no": 0, "game_no": 1}


def _charge(clock: Clock, now: float) -> None:
    """Spend the running seat's time up to *now* (never below zero; nothing while held)."""
    seat = clock["running"]
    if seat is not None:
        clock["left"][seat] = max(0.0, clock["left"][seat] - max(0.0, now - clock["since"]))
    clock["since"] = now


def open_sheets(clock: Clock, seats: Collection[int]) -> None:
    """The next deal was dealt while *seats* still have the last one's sheet open: their
    clocks wait for them (the grace is counted from the save, :func:`sync`)."""
    clock.pop("read_by", None)
    if seats:
        clock["reading"] = sorted(seats)
    else:
        clock.pop("reading", None)


def close_sheet(clock: Clock, seat: int) -> bool:
    """*seat* closed its sheet (or moved): its clock may run. False when it was not reading."""
    reading = clock.get("reading", [])
    if seat not in reading:
        return False
    rest = [s for s in reading if s != seat]
    if rest:
        clock["reading"] = rest
    else:
        clock.pop("reading", None)
        clock.pop("read_by", None)
    return True


def _reading(clock: Clock, now: float) -> list[int]:
    """The seats still reading at *now* (none once the grace is over)."""
    if clock.get("read_by", now + 1) <= now:
        return []
    return list(clock.get("reading", []))


def playing(room: Room) -> int | None:
    """The seat whose clock should run now: a game in play with every seat taken."""
    hall = room.row.hall
    if (hall and hall["over"]) or not room.all_taken() or room.match.deal_over:
        return None
    return room.match.to_move


def sync(clock: Clock, *, game_no: int, state_no: int, to_move: int | None, now: float,
         computers: Collection[int] = (), grace: float = 15.0) -> None:
    """Bring *clock* up to a just-changed room: charge the mover, add the increment, switch,
    and hold the new running seat's clock while its last sheet is open (*grace* at most).

    The increment pays a person back for thinking under time pressure; a computer seat
    (*computers*) is charged for its thought like anyone but earns none, or its clock would
    grow by the increment minus a fraction of a second with every move it makes."""
    if clock["game_no"] != game_no:  # a new game: full time again, nobody's clock running
        base = float(clock["minutes"] * 60)
        clock["left"] = [base] * len(clock["left"])
        clock["running"], clock["since"] = None, now
        clock["state_no"], clock["game_no"] = state_no, game_no
        open_sheets(clock, ())
    elif clock["state_no"] != state_no:  # a move (or next deal): the mover earns the increment
        mover = clock["running"]
        _charge(clock, now)
        if mover is not None and mover not in computers:
            clock["left"][mover] += clock["increment"]
        if mover is not None:
            close_sheet(clock, mover)  # who moved has seen the table
        clock["running"] = None
        clock["state_no"] = state_no
    if clock.get("reading") and "read_by" not in clock:
        clock["read_by"] = now + grace  # just dealt: the grace runs from this save
    if not _reading(clock, now):
        open_sheets(clock, ())
    if clock["running"] != to_move:
        _charge(clock, now)
        clock["running"] = to_move
    seat = clock["running"]
    if seat is not None and seat in _reading(clock, now):
        clock["since"] = max(clock["since"], clock["read_by"])
    elif clock["since"] > now:
        clock["since"] = now  # the held seat closed its sheet: its time runs from now


def hall_sync(room: Room, now: float, grace: float = 15.0) -> None:
    """The commit hook: a hall table with a clock gets it brought up to date before saving
    (*grace*: the settings' ``sheet_grace``, bound in compose.py)."""
    hall = room.row.hall
    if hall is None:
        return
    over = hall.get("over")
    if over and over.get("game_no") != room.row.game_no:
        hall["over"] = None  # a timeout ends one game; "play again" starts a clean one
    clock = hall.get("clock")
    if clock is not None:
        sync(clock, game_no=room.row.game_no, state_no=room.row.state_no,
             to_move=playing(room), now=now,
             computers=[s.seat for s in room.row.seats if s.computer], grace=grace)


def left_now(clock: Clock, now: float) -> list[float]:
    left = list(clock["left"])
    seat = clock["running"]
    if seat is not None:
        left[seat] = max(0.0, left[seat] - max(0.0, now - clock["since"]))
    return left


def flagged(clock: Clock | None, now: float) -> int | None:
    """The seat whose time ran out, if any."""
    if clock is None or clock["running"] is None:
        return None
    seat = clock["running"]
    return seat if left_now(clock, now)[seat] <= 0 else None


def public(clock: Clock, now: float) -> ClockJSON:
    """What every seat and spectator sees: time left now (to 0.1 s), whose clock runs, how
    long it still waits for that seat's sheet, and who still reads theirs."""
    waits = max(0.0, clock["since"] - now) if clock["running"] is not None else 0.0
    return {"minutes": clock["minutes"], "increment": clock["increment"],
            "left": [round(x, 1) for x in left_now(clock, now)], "running": clock["running"],
            "waits": round(waits, 1), "reading": _reading(clock, now)}
