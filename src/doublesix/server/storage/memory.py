"""In-memory storage: the test double. Rows go through JSON so tests catch what SQL would.

Profiles and finished games are kept in an in-memory SQLite database of its own, so that their
one SQL (storage/profiles.py) is the SQL the tests run, here as on the real backends.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import Sequence
from typing import Any

from doublesix.server.storage.base import Conflict, EventRow, GameRow
from doublesix.server.storage.migrations import migrate_sqlite
from doublesix.server.storage.profiles import ProfileStore, Statement
from doublesix.server.storage.ratings import RatingStore


class MemoryStorage:
    kind = "memory"

    def __init__(self) -> None:
        self._games: dict[str, tuple[Any, ...]] = {}
        self._events: dict[str, list[EventRow]] = {}
        self._lock = asyncio.Lock()
        self._sql = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        self._sql.execute("PRAGMA foreign_keys=ON")
        migrate_sqlite(self._sql)
        self.profiles = ProfileStore(_Sql(self._sql))
        #: ratings of rated hall games (storage/ratings.py), on the same executor
        self.ratings = RatingStore(self.profiles.sql)

    async def open(self) -> None:
        return None

    async def close(self) -> None:
        return None

    @staticmethod
    def _columns(game: GameRow) -> tuple[Any, ...]:
        return (game.game_id, game.mode, game.level, game.state_no, game.event_no,
                game.updated_at, game.computer_to_move, game.data_json())

    @staticmethod
    def _copy(event: EventRow) -> EventRow:
        payload = json.loads(json.dumps(event.payload))
        return EventRow(event.game_id, event.event_no, event.state_no, payload, event.created_at)

    async def create(self, game: GameRow, events: Sequence[EventRow]) -> None:
        async with self._lock:
            if game.game_id in self._games:
                raise Conflict(f"room {game.game_id} exists")
            self._games[game.game_id] = self._columns(game)
            self._events[game.game_id] = [self._copy(e) for e in events]

    async def load(self, game_id: str) -> GameRow | None:
        columns = self._games.get(game_id)
        return None if columns is None else GameRow.from_columns(*columns)

    async def save(self, game: GameRow, expected_event_no: int, events: Sequence[EventRow]) -> None:
        async with self._lock:
            stored = self._games.get(game.game_id)
            if stored is None or stored[4] != expected_event_no:
                raise Conflict(f"room {game.game_id} changed")
            self._games[game.game_id] = self._columns(game)
            self._events[game.game_id].extend(self._copy(e) for e in events)

    async def events_after(self, game_id: str, event_no: int, limit: int) -> list[EventRow]:
        events = [e for e in self._events.get(game_id, []) if e.event_no > event_no]
        return [self._copy(e) for e in events[:limit]]

    async def events_at_state(self, game_id: str, state_no: int) -> list[EventRow]:
        return [self._copy(e) for e in self._events.get(game_id, []) if e.state_no == state_no]

    async def delete_inactive(self, before: float) -> list[str]:
        async with self._lock:
            old = [gid for gid, columns in self._games.items() if columns[5] < before]
            for gid in old:
                del self._games[gid]
                self._events.pop(gid, None)
            return old

    async def awaiting_computer(self) -> list[str]:
        return [gid for gid, columns in self._games.items() if columns[6]]


class _Sql:
    """The profile store's executor on a private in-memory SQLite: at once, on the loop."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    async def query(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        return self.db.execute(sql, args).fetchall()

    async def write(self, statements: Sequence[Statement]) -> list[int]:
        self.db.execute("BEGIN IMMEDIATE")
        try:
            counts = [self.db.execute(sql, args).rowcount for sql, args in statements]
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")
        return counts
