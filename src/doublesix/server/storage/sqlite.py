"""SQLite storage: one file, WAL journal, ``synchronous=FULL`` so a commit survives a crash.

All SQL runs on one dedicated thread with its own connection, so the event loop never waits
on the disk and writers are serialised for free. Writes are group-committed: the saves that
queue up while one commit is syncing go into the next transaction together (a conflict or a
failure in one room does not undo another's move: see ``_commit_group``), so one fsync serves
many rooms and no caller hears "saved" before its data is on disk.

The WAL is copied back into the database file (a checkpoint, with its own fsync of many pages)
by a connection and thread of its own, once a second, rather than by whichever COMMIT crosses
SQLite's 1,000-page mark, where it held up that commit and every move queued behind it. A
passive checkpoint waits for no writer, and durability does not depend on it (a committed
transaction is in the WAL, which is synced). An in-memory database has no WAL to copy.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import sqlite3
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from doublesix.server.storage.base import Conflict, EventRow, GameRow
from doublesix.server.storage.migrations import migrate_sqlite
from doublesix.server.storage.profiles import ProfileStore, Statement
from doublesix.server.storage.ratings import RatingStore

T = TypeVar("T")
log = logging.getLogger("doublesix.server.storage")

_COLUMNS = "game_id, mode, level, state_no, event_no, updated_at, computer_to_move, data"


class SqliteStorage:
    kind = "sqlite"

    def __init__(self, path: str) -> None:
        self.path = path
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite")
        self._db: sqlite3.Connection | None = None
        self._pending: list[tuple[Callable[[sqlite3.Connection], Any], asyncio.Future[Any]]] = []
        self._flusher: asyncio.Task[None] | None = None
        self._checkpointer: asyncio.Task[None] | None = None
        #: profiles and finished games, on this connection and in its group commits
        self.profiles = ProfileStore(_Sql(self))
        #: ratings of rated hall games (storage/ratings.py), on the same executor
        self.ratings = RatingStore(self.profiles.sql)

    async def _run(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        def call() -> T:
            assert self._db is not None, "storage is not open"
            return fn(self._db)

        return await asyncio.get_running_loop().run_in_executor(self._executor, call)

    async def _write(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run *fn* inside the next group commit; returns once that commit is durable."""
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._pending.append((fn, future))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush())
        return await future

    async def _flush(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                writes = [fn for fn, _ in batch]
                results = await self._run(functools.partial(_commit_group, writes=writes))
            except Exception as exc:  # the COMMIT itself failed: nothing of the group is stored
                results = [exc] * len(batch)
            for (_, future), result in zip(batch, results, strict=True):
                if future.done():
                    continue  # its caller was cancelled; the data is stored all the same
                if isinstance(result, Exception):
                    future.set_exception(result)
                else:
                    future.set_result(result)

    async def open(self) -> None:
        def connect() -> None:
            if self.path != ":memory:":
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")  # WAL + FULL: each commit is on disk
            db.execute("PRAGMA foreign_keys=ON")
            db.execute("PRAGMA busy_timeout=5000")
            try:
                migrate_sqlite(db)  # the tables, made or upgraded in place
            except BaseException:
                db.close()
                raise
            if self.path != ":memory:":
                db.execute("PRAGMA wal_autocheckpoint=0")  # _checkpoints() does it
            self._db = db

        await asyncio.get_running_loop().run_in_executor(self._executor, connect)
        if self.path != ":memory:":
            self._checkpointer = asyncio.create_task(self._checkpoints())

    async def _checkpoints(self, every: float = 1.0) -> None:
        """Copy the WAL into the database file off the commit path (see the module docstring)."""
        pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite-checkpoint")
        loop = asyncio.get_running_loop()
        db = await loop.run_in_executor(pool, functools.partial(
            sqlite3.connect, self.path, isolation_level=None, check_same_thread=False))
        try:
            while True:
                await asyncio.sleep(every)
                try:
                    await loop.run_in_executor(
                        pool, lambda: db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall())
                except sqlite3.Error as exc:
                    log.warning("WAL checkpoint failed (%s); trying again", exc)
        finally:
            # a checkpoint under way finishes on its thread before the connection closes
            await loop.run_in_executor(pool, db.close)
            pool.shutdown(wait=False)

    async def close(self) -> None:
        if self._flusher is not None:
            await asyncio.gather(self._flusher, return_exceptions=True)
        if self._checkpointer is not None:
            self._checkpointer.cancel()
            await asyncio.gather(self._checkpointer, return_exceptions=True)
            self._checkpointer = None
        if self._db is not None:
            await self._run(lambda db: db.close())
            self._db = None
        self._executor.shutdown(wait=True)

    @staticmethod
    def _event_rows(events: Sequence[EventRow]) -> list[tuple[Any, ...]]:
        # encoded on the event loop, not on the SQL thread: that thread then needs the GIL
        # only between statements (docs/campaigns.md, "Where the time goes")
        return [(e.game_id, e.event_no, e.state_no, json.dumps(e.payload), e.created_at)
                for e in events]

    @staticmethod
    def _insert_events(db: sqlite3.Connection, rows: list[tuple[Any, ...]]) -> None:
        db.executemany(
            "INSERT INTO events (game_id, event_no, state_no, payload, created_at)"
            " VALUES (?, ?, ?, ?, ?)", rows)

    async def create(self, game: GameRow, events: Sequence[EventRow]) -> None:
        values = (game.game_id, game.mode, game.level, game.state_no, game.event_no,
                  game.updated_at, int(game.computer_to_move), game.data_json())
        rows = self._event_rows(events)

        def tx(db: sqlite3.Connection) -> None:
            try:
                db.execute(f"INSERT INTO games ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                           values)
            except sqlite3.IntegrityError:
                raise Conflict(f"room {game.game_id} exists") from None
            self._insert_events(db, rows)

        await self._write(tx)

    async def load(self, game_id: str) -> GameRow | None:
        def q(db: sqlite3.Connection) -> GameRow | None:
            sql = f"SELECT {_COLUMNS} FROM games WHERE game_id = ?"
            row = db.execute(sql, (game_id,)).fetchone()
            return None if row is None else GameRow.from_columns(*row)

        return await self._run(q)

    async def save(self, game: GameRow, expected_event_no: int, events: Sequence[EventRow]) -> None:
        values = (game.mode, game.level, game.state_no, game.event_no, game.updated_at,
                  int(game.computer_to_move), game.data_json(), game.game_id, expected_event_no)
        rows = self._event_rows(events)

        def tx(db: sqlite3.Connection) -> None:
            cursor = db.execute(
                "UPDATE games SET mode = ?, level = ?, state_no = ?, event_no = ?,"
                " updated_at = ?, computer_to_move = ?, data = ?"
                " WHERE game_id = ? AND event_no = ?", values)
            if cursor.rowcount != 1:
                raise Conflict(f"room {game.game_id} changed")
            self._insert_events(db, rows)

        await self._write(tx)

    async def events_after(self, game_id: str, event_no: int, limit: int) -> list[EventRow]:
        def q(db: sqlite3.Connection) -> list[EventRow]:
            rows = db.execute(
                "SELECT event_no, state_no, payload, created_at FROM events"
                " WHERE game_id = ? AND event_no > ? ORDER BY event_no LIMIT ?",
                (game_id, event_no, limit),
            ).fetchall()
            return [EventRow(game_id, n, s, json.loads(p), t) for n, s, p, t in rows]

        return await self._run(q)

    async def events_at_state(self, game_id: str, state_no: int) -> list[EventRow]:
        def q(db: sqlite3.Connection) -> list[EventRow]:
            rows = db.execute(
                "SELECT event_no, state_no, payload, created_at FROM events"
                " WHERE game_id = ? AND state_no = ? ORDER BY event_no",
                (game_id, state_no),
            ).fetchall()
            return [EventRow(game_id, n, s, json.loads(p), t) for n, s, p, t in rows]

        return await self._run(q)

    async def delete_inactive(self, before: float) -> list[str]:
        def tx(db: sqlite3.Connection) -> list[str]:
            with _transaction(db):
                ids = [r[0] for r in db.execute(
                    "SELECT game_id FROM games WHERE updated_at < ?", (before,))]
                db.executemany("DELETE FROM games WHERE game_id = ?", [(i,) for i in ids])
                return ids

        return await self._run(tx)

    async def awaiting_computer(self) -> list[str]:
        def q(db: sqlite3.Connection) -> list[str]:
            sql = "SELECT game_id FROM games WHERE computer_to_move = 1"
            return [r[0] for r in db.execute(sql)]

        return await self._run(q)


class _Sql:
    """The profile store's executor: reads on the SQL thread, writes in the group commit (a
    write that fails is retried alone in a savepoint there, so it never undoes a move)."""

    def __init__(self, storage: SqliteStorage) -> None:
        self.storage = storage

    async def query(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        return await self.storage._run(lambda db: db.execute(sql, args).fetchall())

    async def write(self, statements: Sequence[Statement]) -> list[int]:
        return await self.storage._write(
            lambda db: [db.execute(sql, args).rowcount for sql, args in statements])


def _commit_group(
    db: sqlite3.Connection, writes: list[Callable[[sqlite3.Connection], Any]]
) -> list[Any]:
    """One transaction for every write: its result or its exception.

    This thread takes the GIL back after every statement, and waits for it while the event
    loop runs (docs/campaigns.md, "Where the time goes"), so the usual group runs without a
    savepoint per write (two statements fewer each): a write refused with Conflict changed
    nothing (its one statement found no row to change, or inserted none). Any other failure
    may have left half a write: the group is then rolled back and done again, each write in
    its own savepoint, so one write's failure never undoes another's.
    """
    db.execute("BEGIN IMMEDIATE")
    results: list[Any] = []
    try:
        for write in writes:
            try:
                results.append(write(db))
            except Conflict as exc:
                results.append(exc)
    except Exception:
        db.execute("ROLLBACK")
        return _commit_each_in_savepoint(db, writes)
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
    return results


def _commit_each_in_savepoint(
    db: sqlite3.Connection, writes: list[Callable[[sqlite3.Connection], Any]]
) -> list[Any]:
    results: list[Any] = []
    with _transaction(db):
        for write in writes:
            db.execute("SAVEPOINT one_write")
            try:
                results.append(write(db))
            except Exception as exc:
                db.execute("ROLLBACK TO one_write")
                results.append(exc)
            db.execute("RELEASE one_write")
    return results


class _transaction:
    """BEGIN IMMEDIATE … COMMIT, or ROLLBACK on any exception."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, exc: object, tb: object) -> None:
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")
