"""What happens in a room, as typed events: one frozen dataclass per kind of docs/protocol.md's
event table, with its JSON codec and who may see it.

An event is the public description of one change. It is stored (``EventRow.payload`` is its
JSON), sent inside ``event`` frames and ``missed`` lists, and heard by the listeners of
:mod:`.signals`. Like lichess's ``Event`` (``only``, ``owner``, ``watcher``), each kind says
who sees it: :attr:`Event.audience`. Every kind of today is public — a draw never names its
tile, a seat's hand only travels in that seat's ``view`` — but a kind meant for the seats alone
is one class attribute away, and the sending code already honours it.

The JSON of each kind is written out field by field in the order the wire has always had, so
frames stay byte for byte what they were before the events were typed.
"""

from __future__ import annotations

import abc
import enum
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from doublesix.server.storage import EventRow

Json = dict[str, Any]
#: who made a move
Mover = Literal["player", "computer"]
#: why a new game started
NewGameReason = Literal["rematch", "reset"]
#: who ended a game by resignation: the seat itself, or the others claiming a leaver's game
Resigner = Literal["player", "claim"]


class Audience(enum.Enum):
    """Who may see an event: everyone at the table (seats and spectators), or the seats."""

    EVERYONE = "everyone"
    SEATS = "seats"


@dataclass(frozen=True, slots=True)
class Event(abc.ABC):
    """The base of every kind; ``kind`` names it on the wire and in storage."""

    kind: ClassVar[str]
    audience: ClassVar[Audience] = Audience.EVERYONE

    @abc.abstractmethod
    def to_json(self) -> Json:
        """The wire and storage form: ``kind`` first, then the fields in wire order."""

    def visible_to(self, seats: tuple[int, ...]) -> bool:
        """Whether a socket controlling *seats* sees it (``()``: a spectator)."""
        return self.audience is Audience.EVERYONE or bool(seats)


@dataclass(frozen=True, slots=True)
class Created(Event):
    kind: ClassVar[str] = "created"
    mode: str

    def to_json(self) -> Json:
        return {"kind": self.kind, "mode": self.mode}


@dataclass(frozen=True, slots=True)
class Joined(Event):
    kind: ClassVar[str] = "joined"
    seat: int
    name: str | None

    def to_json(self) -> Json:
        return {"kind": self.kind, "seat": self.seat, "name": self.name}


@dataclass(frozen=True, slots=True)
class Played(Event):
    """A move; ``action`` is its public text (a draw never names the tile)."""

    kind: ClassVar[str] = "action"
    seat: int
    action: str
    by: Mover

    def to_json(self) -> Json:
        return {"kind": self.kind, "seat": self.seat, "action": self.action, "by": self.by}


@dataclass(frozen=True, slots=True)
class NextDealt(Event):
    kind: ClassVar[str] = "next_deal"
    deal: int

    def to_json(self) -> Json:
        return {"kind": self.kind, "deal": self.deal}


@dataclass(frozen=True, slots=True)
class Resigned(Event):
    """``seat`` gave up the deal, or with ``match`` the whole match (101, «Козёл»); ``by``
    ``"claim"`` when the others claimed an absent player's game (docs/protocol.md,
    "Leavers"). The score is in the view's ``result`` (reason ``resigned``). Ratings
    (issue 25) read a loss from this event: the resigner's side lost the game when
    ``match`` is true or the game is a single deal."""

    kind: ClassVar[str] = "resign"
    seat: int
    match: bool
    by: Resigner = "player"

    def to_json(self) -> Json:
        return {"kind": self.kind, "seat": self.seat, "match": self.match, "by": self.by}


@dataclass(frozen=True, slots=True)
class NewGame(Event):
    kind: ClassVar[str] = "new_game"
    game_no: int
    reason: NewGameReason

    def to_json(self) -> Json:
        return {"kind": self.kind, "game_no": self.game_no, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class RematchRequested(Event):
    kind: ClassVar[str] = "rematch_requested"
    seat: int

    def to_json(self) -> Json:
        return {"kind": self.kind, "seat": self.seat}


@dataclass(frozen=True, slots=True)
class RematchCancelled(Event):
    """Requests dropped: withdrawn by ``seat``, or cancelled by ``seat``'s move."""

    kind: ClassVar[str] = "rematch_cancelled"
    seat: int
    reason: Literal["withdrawn", "move"]

    def to_json(self) -> Json:
        return {"kind": self.kind, "seat": self.seat, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class LevelSet(Event):
    kind: ClassVar[str] = "level"
    level: str

    def to_json(self) -> Json:
        return {"kind": self.kind, "level": self.level}


@dataclass(frozen=True, slots=True)
class ComputerSeated(Event):
    kind: ClassVar[str] = "seat_computer"
    seat: int

    def to_json(self) -> Json:
        return {"kind": self.kind, "seat": self.seat}


@dataclass(frozen=True, slots=True)
class SeatFreed(Event):
    """A guest away from an untimed public table too long lost the seat (the hall)."""

    kind: ClassVar[str] = "seat_freed"
    seat: int
    reason: Literal["away"] = "away"

    def to_json(self) -> Json:
        return {"kind": self.kind, "seat": self.seat, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class SheetClosed(Event):
    """A seat closed the last deal's result sheet after the next deal began: a hall clock
    held for it runs (rooms/clocks.py)."""

    kind: ClassVar[str] = "sheet_closed"
    seat: int

    def to_json(self) -> Json:
        return {"kind": self.kind, "seat": self.seat}


@dataclass(frozen=True, slots=True)
class Left(Event):
    """``seat``'s person has been away past the leave grace: the others may let the computer
    play the seat (``stand_in``) or, with two players, claim the game (docs/protocol.md,
    "Leavers"). Ratings (issue 25) may count it as leaving."""

    kind: ClassVar[str] = "left"
    seat: int

    def to_json(self) -> Json:
        return {"kind": self.kind, "seat": self.seat}


@dataclass(frozen=True, slots=True)
class StoodIn(Event):
    """The computer plays ``seat`` for its absent person until they come back."""

    kind: ClassVar[str] = "stand_in"
    seat: int

    def to_json(self) -> Json:
        return {"kind": self.kind, "seat": self.seat}


@dataclass(frozen=True, slots=True)
class CameBack(Event):
    """``seat``'s person is back and plays the seat again from its next turn."""

    kind: ClassVar[str] = "back"
    seat: int

    def to_json(self) -> Json:
        return {"kind": self.kind, "seat": self.seat}


@dataclass(frozen=True, slots=True)
class ChatSaid(Event):
    """A hall table's chat message (plain text; ``at`` in unix seconds)."""

    kind: ClassVar[str] = "chat"
    seat: int
    name: str | None
    text: str
    at: int

    def to_json(self) -> Json:
        return {"kind": self.kind, "seat": self.seat, "name": self.name, "text": self.text,
                "at": self.at}


@dataclass(frozen=True, slots=True)
class TimedOut(Event):
    """A hall clock ran out. ``winner`` is None in a pairs game, where ``winner_pair`` names
    the pair; a match is lost (``match_lost``), a single deal scores ``points``."""

    kind: ClassVar[str] = "timeout"
    loser: int
    winner: int | None
    winner_pair: int | None = None
    points: int | None = None
    match_lost: bool = False
    reason: Literal["timeout"] = field(default="timeout")

    def to_json(self) -> Json:
        data: Json = {"kind": self.kind, "reason": self.reason, "loser": self.loser,
                      "winner": self.winner}
        if self.winner_pair is not None:
            data["winner_pair"] = self.winner_pair
        if self.match_lost:
            data["match_lost"] = True
        else:
            data["points"] = self.points
        return data


@dataclass(frozen=True, slots=True)
class Reacted(Event):
    """A quick reaction of a seat (one key of hall/chat.py's ``REACTIONS``), shown by its
    seat for a moment; stored like a chat line, so every process's sockets hear it."""

    kind: ClassVar[str] = "reaction"
    seat: int
    reaction: str

    def to_json(self) -> Json:
        return {"kind": self.kind, "seat": self.seat, "reaction": self.reaction}


@dataclass(frozen=True, slots=True)
class AgainOffered(Event):
    """«Ещё раз с ним»: *seat* invites the other to a new table of the same game and clock."""

    kind: ClassVar[str] = "again_offered"
    seat: int

    def to_json(self) -> Json:
        return {"kind": self.kind, "seat": self.seat}


@dataclass(frozen=True, slots=True)
class AgainDeclined(Event):
    """The offer ended: declined by the other *seat*, or withdrawn by the one who made it."""

    kind: ClassVar[str] = "again_declined"
    seat: int
    reason: Literal["declined", "withdrawn"]

    def to_json(self) -> Json:
        return {"kind": self.kind, "seat": self.seat, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class AgainAccepted(Event):
    """*seat* accepted: the new table is *game_id*, each old seat at ``seats[old]`` there, each
    opened by the token that opened the old one."""

    kind: ClassVar[str] = "again_accepted"
    seat: int
    game_id: str
    seats: list[int] = field(default_factory=list)

    def to_json(self) -> Json:
        return {"kind": self.kind, "seat": self.seat, "game_id": self.game_id,
                "seats": list(self.seats)}


def _timed_out(data: Json) -> TimedOut:
    return TimedOut(loser=data["loser"], winner=data["winner"],
                    winner_pair=data.get("winner_pair"), points=data.get("points"),
                    match_lost=bool(data.get("match_lost", False)))


#: each kind's reader (the fields of its JSON, ``kind`` aside)
_READERS: dict[str, Callable[[Json], Event]] = {
    "created": lambda d: Created(d["mode"]),
    "joined": lambda d: Joined(d["seat"], d["name"]),
    "action": lambda d: Played(d["seat"], d["action"], d["by"]),
    "next_deal": lambda d: NextDealt(d["deal"]),
    "new_game": lambda d: NewGame(d["game_no"], d["reason"]),
    "resign": lambda d: Resigned(d["seat"], bool(d["match"]), d["by"]),
    "rematch_requested": lambda d: RematchRequested(d["seat"]),
    "rematch_cancelled": lambda d: RematchCancelled(d["seat"], d["reason"]),
    "level": lambda d: LevelSet(d["level"]),
    "seat_computer": lambda d: ComputerSeated(d["seat"]),
    "seat_freed": lambda d: SeatFreed(d["seat"], d["reason"]),
    "left": lambda d: Left(d["seat"]),
    "stand_in": lambda d: StoodIn(d["seat"]),
    "back": lambda d: CameBack(d["seat"]),
    "sheet_closed": lambda d: SheetClosed(d["seat"]),
    "chat": lambda d: ChatSaid(d["seat"], d["name"], d["text"], d["at"]),
    "timeout": _timed_out,
    "reaction": lambda d: Reacted(d["seat"], d["reaction"]),
    "again_offered": lambda d: AgainOffered(d["seat"]),
    "again_declined": lambda d: AgainDeclined(d["seat"], d["reason"]),
    "again_accepted": lambda d: AgainAccepted(d["seat"], d["game_id"], list(d["seats"])),
}
KINDS = tuple(_READERS)


def from_json(data: Json) -> Event:
    """The event a stored payload describes; ValueError for one this server does not know."""
    reader = _READERS.get(str(data.get("kind")))
    if reader is None:
        raise ValueError(f"unknown event kind {data.get('kind')!r}")
    try:
        return reader(data)
    except KeyError as exc:
        raise ValueError(f"a {data['kind']!r} event without {exc}") from None


@dataclass(frozen=True, slots=True)
class Numbered:
    """An event as stored: its number in the room, the ``state_no`` it left, and its JSON,
    made once (stored, sent to every socket and logged as the same dict)."""

    event_no: int
    state_no: int
    event: Event
    payload: Json

    @classmethod
    def of(cls, event_no: int, state_no: int, event: Event) -> Numbered:
        return cls(event_no, state_no, event, event.to_json())

    @classmethod
    def from_row(cls, row: EventRow) -> Numbered:
        return cls(row.event_no, row.state_no, from_json(row.payload), row.payload)

    def row(self, game_id: str, created_at: float) -> EventRow:
        return EventRow(game_id, self.event_no, self.state_no, self.payload, created_at)
