"""A loaded room: its stored row, the live Match replayed from the row's record, and its seats.

Mode rules live here as small predicates, so the service reads as the protocol does.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from doublesix.bots import DEFAULT_LEVEL as _DEFAULT_LEVEL
from doublesix.bots import GAME_LEVELS, Bot
from doublesix.core import IllegalAction, Match, Ruleset
from doublesix.core.notation import (
    RecordJSON,
    apply_step,
    load_record,
    record_of,
    record_secrets,
    step_of,
)
from doublesix.core.shuffle import CommitDealer, fresh_key
from doublesix.server.rooms.computer import bot_for
from doublesix.server.storage import GameRow, SeatRow
from doublesix.server.wire.errors import ErrorCode, ServiceError

if TYPE_CHECKING:  # the engine is imported by the review workers only
    from doublesix.bots.analysis import AnalysisJSON

MODES = ("computer", "hotseat", "online")
LEVELS = GAME_LEVELS
DEFAULT_LEVEL = _DEFAULT_LEVEL
CREATOR = 0


def seat_list(value: object, players: int) -> list[int]:
    """The seats a create request gives to the computer: distinct seats other than the
    creator's (the creator always plays)."""
    if value is None:
        return []
    if (not isinstance(value, list) or len(value) >= players - 1
            or any(isinstance(s, bool) or not isinstance(s, int) for s in value)
            or len(set(value)) != len(value)
            or any(not CREATOR < s < players for s in value)):
        raise ServiceError(ErrorCode.BAD_REQUEST, f"'computers' must list distinct seats 1 to "
                           f"{players - 1}, leaving at least one seat for a guest")
    return sorted(value)


def _carry_on(match: Match, seed: int, record: RecordJSON) -> bool:
    """Play onto *match* the moves of *record* past the ones it made, if its moves begin
    with exactly those (same seed: the same game); False when the record is another game."""
    steps = record.get("actions")
    made = match.log
    if record.get("seed") != seed or not isinstance(steps, list) or len(steps) < len(made):
        return False
    for (seat, text), step in zip(made, steps, strict=False):
        if step != step_of(seat, text):
            return False
    if isinstance(match.dealer, CommitDealer):
        # the deals the other process made since come from its secrets, not from new ones
        if record.get("shuffle") != 2 or not match.dealer.learn(record_secrets(dict(record))):
            return False
    elif "shuffle" in record:
        return False
    for step in steps[len(made):]:
        apply_step(match, step)
    return True


def new_match(rules: Ruleset, seed: int, key: bytes | None = None) -> tuple[Match, RecordJSON]:
    """A fresh game and its record (the record holds the secret seed, the deal key (a fresh
    one unless given) and the secrets of the shuffles of core/shuffle.py: storage only)."""
    match = Match(rules, CommitDealer(seed, fresh_key() if key is None else key))
    return match, record_of(match, seed)


@dataclass
class Room:
    row: GameRow
    match: Match
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    #: set when the live match may no longer equal storage (a failed save): reload it
    stale: bool = False
    _bot: Bot | None = None
    #: the service's time source (injected in tests), for hall clocks shown in room info
    now: Callable[[], float] = time.time
    #: «Разбор» results by (game_no, deal, seat), and the (game_no, deal)s where a hint was
    #: given: kept with the room in memory (server/review/service.py)
    reviews: dict[tuple[int, int, int], AnalysisJSON] = field(default_factory=dict)
    hints: set[tuple[int, int]] = field(default_factory=set)
    #: the game number this process last kept in history (rooms/history.py); 0: none yet
    kept: int = 0

    @classmethod
    def from_row(cls, row: GameRow) -> Room:
        return cls(row=row, match=load_record(row.record))

    @classmethod
    def reloaded(cls, row: GameRow, stale: Room | None) -> Room:
        """The room of a freshly read *row*. When *stale* (the copy it replaces) has played
        a beginning of the row's game, its match is carried on by the moves it lacks: a
        second process reloads a room after every move made on the first one, and replaying
        the whole record each time cost more than the rest of the move together."""
        if stale is not None:
            match = stale.match
            try:
                if _carry_on(match, stale.seed, row.record):
                    return cls(row=row, match=match)
            except (IllegalAction, ValueError, KeyError, TypeError):
                pass  # not a continuation after all: the record is replayed whole below
        return cls.from_row(row)

    # -- reading ---------------------------------------------------------------------------
    @property
    def game_id(self) -> str:
        return self.row.game_id

    @property
    def mode(self) -> str:
        return self.row.mode

    @property
    def seed(self) -> int:
        return int(self.row.record["seed"])

    @property
    def rules(self) -> Ruleset:
        return self.match.rules

    def seat(self, seat: int) -> SeatRow:
        return self.row.seats[seat]

    def is_computer(self, seat: int | None) -> bool:
        """The computer plays *seat*: its own seat, or a leaver's it stands in for."""
        return seat is not None and (self.row.seats[seat].computer
                                     or self.row.seats[seat].stand_in)

    def human_seats(self) -> list[int]:
        return [s.seat for s in self.row.seats if not s.computer]

    def all_taken(self) -> bool:
        return all(s.taken for s in self.row.seats)

    def can_reset(self) -> bool:
        """The creator may start over alone while no other person holds a seat (a seat given
        to the computer is nobody's: it does not stop a reset)."""
        if self.mode != "online":
            return True
        return not any(s.token_hash is not None for s in self.row.seats if s.seat != CREATOR)

    def free_seats(self) -> list[int]:
        return [s.seat for s in self.row.seats if not s.taken]

    def waiting_for(self, connected: set[int]) -> list[int]:
        """Human seats whose absence stops an online game (not joined, or not connected)."""
        if self.mode != "online":
            return []
        if self.row.hall and self.row.hall.get("clock"):
            # a timed table plays on while a seat is away: the absent player's clock runs
            return [s.seat for s in self.row.seats if not s.taken]
        # a computer seat is always there (and so is a leaver's it stands in for): only
        # people can be missing
        return [s.seat for s in self.row.seats
                if not s.computer and not s.stand_in and (not s.taken or s.seat not in connected)]

    def computer_to_move(self) -> bool:
        """A computer seat is to move and may: in an online room (seats given to the computer
        by the creator) only once every seat is taken, and never after a loss on time."""
        if not self.is_computer(self.match.to_move):
            return False
        if self.mode == "online":
            return self.all_taken() and not (self.row.hall and self.row.hall["over"])
        return True

    def view_seat(self, seats: tuple[int, ...]) -> int:
        """Whose view a socket controlling *seats* gets: the player to move, in hot-seat."""
        to_move = self.match.to_move
        return to_move if to_move is not None and to_move in seats else seats[0]

    # -- the computer ------------------------------------------------------------------------
    def bot(self) -> Bot:
        if self._bot is None:
            self._bot = bot_for(self.row.level or DEFAULT_LEVEL, self.seed ^ self.row.game_no)
        return self._bot

    def set_level(self, level: str) -> None:
        self.row.level = level
        self._bot = None

    # -- changing ----------------------------------------------------------------------------
    def sync_record(self) -> None:
        """Copy the live match into the row before a save."""
        self.row.record = record_of(self.match, self.seed)
        self.row.computer_to_move = self.computer_to_move()

    def start_new_game(self, seed: int, key: bytes) -> None:
        self.match, self.row.record = new_match(self.match.rules, seed, key)
        self.row.game_no += 1
        self.row.state_no += 1
        self.row.rematch = []
        if self.row.hall is not None:
            self.row.hall.pop("again", None)  # «Ещё раз с ним» was about the game before
        self._bot = None
        self.row.computer_to_move = self.computer_to_move()
