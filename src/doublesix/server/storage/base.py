"""The storage interface every backend implements, and the rows it stores.

A room is one row (:class:`GameRow`) plus an append-only list of events numbered 1, 2, … per
room. Every write names the ``event_no`` it was computed from and fails with :class:`Conflict`
if another writer got there first (``UPDATE … WHERE event_no = ?``), so two moves on the same
state can never both be stored, even with several server processes on one database.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import Any, Protocol, runtime_checkable

from doublesix.core.notation import RecordJSON
from doublesix.server.storage.hall import HallRow, hall_from_json
from doublesix.server.storage.profiles import ProfileStore
from doublesix.server.storage.ratings import RatingStore


class Conflict(Exception):
    """The room changed since it was read: reload and try again."""


@dataclass
class SeatRow:
    """One seat of a room. ``token_hash`` is the SHA-256 of the seat token (never the token)."""

    seat: int
    token_hash: str | None = None
    name: str | None = None
    computer: bool = False
    #: who took the seat, as digests only (hall/holders.py): its client and its browser, so
    #: nobody takes a second seat at a public table; never sent to anyone
    holders: list[str] = field(default_factory=list)
    #: the profile that took the seat (its public id: storage/profiles.py), if the person
    #: had one; a room stored before profiles has none on any seat
    profile: str | None = None
    #: its person has been away past the leave grace (rooms/leavers.py), and whether the
    #: computer plays the seat for them meanwhile («Компьютер за Бориса»)
    left: bool = False
    stand_in: bool = False

    @property
    def taken(self) -> bool:
        return self.computer or self.token_hash is not None


#: GameRow fields stored in their own SQL columns, not in the ``data`` JSON document
_SQL_COLUMNS = frozenset({"game_id", "mode", "level", "state_no", "event_no", "updated_at",
                          "computer_to_move"})


@dataclass
class GameRow:
    """Everything stored about a room. ``record`` replays the current game (core notation)."""

    game_id: str
    mode: str
    level: str | None
    record: RecordJSON
    game_no: int
    state_no: int
    event_no: int
    seats: list[SeatRow]
    invite_hash: str | None
    created_at: float
    updated_at: float
    rematch: list[int] = field(default_factory=list)
    #: a computer game waiting for the computer's move: resumed after a restart
    computer_to_move: bool = False
    #: a hall table's extras (public flag, clock, chat, timeout); None for other rooms
    hall: HallRow | None = None

    def data_json(self) -> str:
        """The columns without their own SQL column, as one JSON document."""
        # shallow on purpose: asdict() deep-copies every value on every save (profiled: the
        # seats' asdict alone was 3 % of a loaded server's time)
        data = {name: getattr(self, name) for name in _DATA_FIELDS}
        data["seats"] = [{name: getattr(s, name) for name in _SEAT_FIELDS} for s in self.seats]
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_columns(
        cls,
        game_id: str,
        mode: str,
        level: str | None,
        state_no: int,
        event_no: int,
        updated_at: float,
        computer_to_move: bool,
        data: str,
    ) -> GameRow:
        doc = json.loads(data)
        seats = [SeatRow(**s) for s in doc.pop("seats")]
        doc["hall"] = hall_from_json(doc.get("hall"))
        return cls(
            game_id=game_id, mode=mode, level=level, state_no=state_no, event_no=event_no,
            updated_at=updated_at, computer_to_move=bool(computer_to_move), seats=seats, **doc,
        )


_DATA_FIELDS = tuple(f.name for f in fields(GameRow) if f.name not in _SQL_COLUMNS)
_SEAT_FIELDS = tuple(f.name for f in fields(SeatRow))


@dataclass(frozen=True)
class EventRow:
    """One stored event: its public description only (what every seat may know)."""

    game_id: str
    event_no: int
    state_no: int
    payload: dict[str, Any]
    created_at: float


class Storage(Protocol):
    """A storage backend. Every method is a single atomic operation."""

    #: the backend's name for /api/health: "sqlite", "memory", …
    kind: str
    #: profiles and finished games (storage/profiles.py), on the same database
    profiles: ProfileStore
    #: ratings of rated hall games (storage/ratings.py), on the same database
    ratings: RatingStore

    async def open(self) -> None: ...

    async def close(self) -> None: ...

    async def create(self, game: GameRow, events: Sequence[EventRow]) -> None:
        """Store a new room with its first events."""

    async def load(self, game_id: str) -> GameRow | None:
        """The room, or None when it does not exist (any more)."""

    async def save(self, game: GameRow, expected_event_no: int, events: Sequence[EventRow]) -> None:
        """Replace the room's row and append *events*, atomically and durably.

        Raises Conflict when the stored ``event_no`` is not *expected_event_no* or the room is
        gone; nothing is written then.
        """

    async def events_after(self, game_id: str, event_no: int, limit: int) -> list[EventRow]:
        """Events with a number above *event_no*, oldest first, at most *limit*."""

    async def events_at_state(self, game_id: str, state_no: int) -> list[EventRow]:
        """The events stored with this ``state_no`` (to recognise a retried move)."""

    async def delete_inactive(self, before: float) -> list[str]:
        """Delete rooms whose last activity is older than *before*; their ids."""

    async def awaiting_computer(self) -> list[str]:
        """Rooms where the computer is to move (resumed at start-up)."""


@runtime_checkable
class SharedStorage(Protocol):
    """What a backend shared by several server processes adds (PostgreSQL).

    ``delete_inactive`` of such a backend runs in one process at a time (the others get []).
    """

    async def event_nos(self, game_ids: Sequence[str]) -> dict[str, int]:
        """The stored ``event_no`` of each of these rooms that still exists."""

    async def claim_computer(
        self, game_id: str, state_no: int, owner: str, now: float, ttl: float
    ) -> bool:
        """Claim the computer's turn at *state_no*; False while another process holds it."""

    async def orphaned_computer_turns(self, idle_before: float) -> list[str]:
        """Computer turns idle since *idle_before* that no live claim covers."""

    async def release_computer_claims(self, owner: str) -> None:
        """Drop *owner*'s claims (a process that stops): others may take those turns now."""
