"""PostgreSQL storage (asyncpg): the backend several server processes share.

Same rows as SQLite. Moves of one room are serialised across processes by compare-and-set on
``event_no`` (``UPDATE … WHERE event_no = $expected``): of two writers on the same state, one
updates a row and the other updates none and gets :class:`Conflict`. A commit returns only
after PostgreSQL has flushed its WAL (``synchronous_commit`` stays on), so an acknowledged
move survives a crash of either the server or the database.

Beyond the :class:`Storage` interface it offers what only a shared database needs: a claim
on a computer turn (so exactly one process plays it) and the stored ``event_no`` of rooms (so
a process can tell that its cached copy is behind).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from doublesix.server.storage.base import Conflict, EventRow, GameRow
from doublesix.server.storage.migrations import migrate_postgres
from doublesix.server.storage.profiles import ProfileStore, Statement, numbered
from doublesix.server.storage.ratings import RatingStore

_COLUMNS = "game_id, mode, level, state_no, event_no, updated_at, computer_to_move, data"
#: pg_advisory locks: one number per job that must run in one process at a time
EXPIRY_LOCK = 0x0D0B1E_0001


async def _keep_session(connection: Any) -> None:
    """No reset when a connection goes back to the pool.

    asyncpg's default sends ``RESET ALL``, ``UNLISTEN *``… on every release: one more round
    trip per query, 17 % of a server's time under load (profiled). Nothing here keeps session
    state (no LISTEN, no session locks: the advisory locks are transaction-scoped).
    """


class PostgresStorage:
    kind = "postgresql"
    #: several processes may use the same database: the service checks its cache against it
    shared = True

    def __init__(self, url: str, *, min_size: int = 2, max_size: int = 10) -> None:
        self.url = url
        self.min_size = min_size
        self.max_size = max_size
        self._pool: Any = None
        #: profiles and finished games, on this pool
        self.profiles = ProfileStore(_Sql(self))
        #: ratings of rated hall games (storage/ratings.py), on the same executor
        self.ratings = RatingStore(self.profiles.sql)

    @property
    def pool(self) -> Any:
        assert self._pool is not None, "storage is not open"
        return self._pool

    async def open(self) -> None:
        import asyncpg  # the postgres extra: imported only when a postgresql:// URL is used

        self._pool = await asyncpg.create_pool(
            self.url, min_size=self.min_size, max_size=self.max_size, command_timeout=30,
            reset=_keep_session,
        )
        try:
            await migrate_postgres(self.pool)  # made or upgraded in place, once
        except BaseException:
            await self.close()
            raise

    async def close(self) -> None:
        if self._pool is not None:
            await self._pool.close()
            self._pool = None

    @staticmethod
    def _event_args(events: Sequence[EventRow]) -> list[tuple[Any, ...]]:
        return [(e.game_id, e.event_no, e.state_no, json.dumps(e.payload), e.created_at)
                for e in events]

    _INSERT_EVENTS = ("INSERT INTO events (game_id, event_no, state_no, payload, created_at)"
                      " VALUES ($1, $2, $3, $4, $5)")

    async def create(self, game: GameRow, events: Sequence[EventRow]) -> None:
        import asyncpg

        async with self.pool.acquire() as db, db.transaction():
            try:
                await db.execute(
                    f"INSERT INTO games ({_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                    game.game_id, game.mode, game.level, game.state_no, game.event_no,
                    game.updated_at, game.computer_to_move, game.data_json(),
                )
            except asyncpg.UniqueViolationError:
                raise Conflict(f"room {game.game_id} exists") from None
            if events:
                await db.executemany(self._INSERT_EVENTS, self._event_args(events))

    async def load(self, game_id: str) -> GameRow | None:
        row = await self.pool.fetchrow(f"SELECT {_COLUMNS} FROM games WHERE game_id = $1",
                                       game_id)
        return None if row is None else GameRow.from_columns(*row)

    async def save(self, game: GameRow, expected_event_no: int, events: Sequence[EventRow]) -> None:
        # one statement, so one round trip and one commit: the events are inserted only when
        # the compare-and-set UPDATE matched (they join on its RETURNING row)
        rows = await self.pool.fetch(
            "WITH up AS (UPDATE games SET mode = $1, level = $2, state_no = $3, event_no = $4,"
            " updated_at = $5, computer_to_move = $6, data = $7"
            " WHERE game_id = $8 AND event_no = $9 RETURNING game_id),"
            " ins AS (INSERT INTO events (game_id, event_no, state_no, payload, created_at)"
            " SELECT up.game_id, e.event_no, e.state_no, e.payload, e.created_at FROM up,"
            " unnest($10::bigint[], $11::bigint[], $12::text[], $13::float8[])"
            " AS e (event_no, state_no, payload, created_at) RETURNING 1)"
            " SELECT (SELECT count(*) FROM up) AS updated",
            game.mode, game.level, game.state_no, game.event_no, game.updated_at,
            game.computer_to_move, game.data_json(), game.game_id, expected_event_no,
            [e.event_no for e in events], [e.state_no for e in events],
            [json.dumps(e.payload) for e in events], [e.created_at for e in events],
        )
        if rows[0][0] != 1:
            raise Conflict(f"room {game.game_id} changed")

    @staticmethod
    def _events(game_id: str, rows: Sequence[Any]) -> list[EventRow]:
        return [EventRow(game_id, r[0], r[1], json.loads(r[2]), r[3]) for r in rows]

    async def events_after(self, game_id: str, event_no: int, limit: int) -> list[EventRow]:
        rows = await self.pool.fetch(
            "SELECT event_no, state_no, payload, created_at FROM events"
            " WHERE game_id = $1 AND event_no > $2 ORDER BY event_no LIMIT $3",
            game_id, event_no, limit,
        )
        return self._events(game_id, rows)

    async def events_at_state(self, game_id: str, state_no: int) -> list[EventRow]:
        rows = await self.pool.fetch(
            "SELECT event_no, state_no, payload, created_at FROM events"
            " WHERE game_id = $1 AND state_no = $2 ORDER BY event_no",
            game_id, state_no,
        )
        return self._events(game_id, rows)

    async def delete_inactive(self, before: float) -> list[str]:
        """As the interface says, but in one process at a time: the others delete nothing."""
        async with self.pool.acquire() as db, db.transaction():
            if not await db.fetchval("SELECT pg_try_advisory_xact_lock($1)", EXPIRY_LOCK):
                return []
            rows = await db.fetch("DELETE FROM games WHERE updated_at < $1 RETURNING game_id",
                                  before)
            return [r[0] for r in rows]

    async def awaiting_computer(self) -> list[str]:
        rows = await self.pool.fetch("SELECT game_id FROM games WHERE computer_to_move")
        return [r[0] for r in rows]

    # -- what only a shared database needs -------------------------------------------------
    async def event_nos(self, game_ids: Sequence[str]) -> dict[str, int]:
        """The stored ``event_no`` of each room that still exists."""
        rows = await self.pool.fetch(
            "SELECT game_id, event_no FROM games WHERE game_id = ANY($1::text[])", list(game_ids)
        )
        return {r[0]: r[1] for r in rows}

    async def orphaned_computer_turns(self, idle_before: float) -> list[str]:
        """Computer turns idle since *idle_before* that no live claim covers (claimant died)."""
        rows = await self.pool.fetch(
            "SELECT g.game_id FROM games g LEFT JOIN computer_claims c USING (game_id)"
            " WHERE g.computer_to_move AND g.updated_at < $1"
            " AND (c.game_id IS NULL OR c.state_no <> g.state_no OR c.until < $1)",
            idle_before,
        )
        return [r[0] for r in rows]

    async def release_computer_claims(self, owner: str) -> None:
        await self.pool.execute("DELETE FROM computer_claims WHERE owner = $1", owner)

    async def claim_computer(
        self, game_id: str, state_no: int, owner: str, now: float, ttl: float
    ) -> bool:
        """Claim the computer's turn at *state_no* for *owner*; False when another holds it.

        A claim lapses after *ttl* seconds, so a process that died while thinking is replaced.
        """
        import asyncpg

        try:
            got = await self.pool.fetchval(
                "INSERT INTO computer_claims AS c (game_id, state_no, owner, until)"
                " VALUES ($1, $2, $3, $4) ON CONFLICT (game_id) DO UPDATE"
                " SET state_no = EXCLUDED.state_no, owner = EXCLUDED.owner, until = EXCLUDED.until"
                " WHERE c.state_no <> EXCLUDED.state_no OR c.owner = EXCLUDED.owner"
                " OR c.until < $5 RETURNING owner",
                game_id, state_no, owner, now + ttl, now,
            )
        except asyncpg.ForeignKeyViolationError:
            return False  # the room is gone
        return got is not None


class _Sql:
    """The profile store's executor: ``?`` placeholders numbered, a write in one transaction."""

    def __init__(self, storage: PostgresStorage) -> None:
        self.storage = storage

    async def query(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        return [tuple(r) for r in await self.storage.pool.fetch(numbered(sql), *args)]

    async def write(self, statements: Sequence[Statement]) -> list[int]:
        counts = []
        async with self.storage.pool.acquire() as db, db.transaction():
            for sql, args in statements:
                status = await db.execute(numbered(sql), *args)  # e.g. "INSERT 0 1"
                last = status.rsplit(" ", 1)[-1]
                counts.append(int(last) if last.isdigit() else 0)
        return counts
