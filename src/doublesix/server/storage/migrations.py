"""Versioned schema migrations: both SQL backends upgrade their database in place at open.

The schema is a numbered list of :class:`Step` s, each with its SQL for SQLite and for
PostgreSQL. A database records the steps it has had in ``schema_version`` (one row per step,
with when it ran); opening it runs the missing ones in order, each in its own transaction
together with its row, so a crash in the middle leaves the database at the last whole step
and the next start carries on from there. A database newer than this code (a downgrade) is
refused before anything is touched, with :class:`SchemaTooNew` naming both versions.

Why a small runner and not a library: yoyo-migrations and alembic reach the database through
a synchronous DB-API driver (yoyo: psycopg for PostgreSQL) or SQLAlchemy. The server talks to
PostgreSQL through asyncpg only, and to SQLite through the standard library on its own thread;
a second driver, with its own connection settings and its own failure modes, for a handful of
statements at start-up would cost more than the forty lines below.

Two processes starting together on one database migrate once: on PostgreSQL each step's
transaction first takes an advisory lock and then reads the version (the second process waits,
then finds the step done); on SQLite ``BEGIN IMMEDIATE`` takes the write lock before the read.

Adding a step: append it to :data:`STEPS` with the next number; never edit a step that has
been on main (databases out there have run it). Say in ``what`` why it exists.
"""

from __future__ import annotations

import sqlite3
import time
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Step:
    """One schema version: the statements that take a database from ``version - 1`` to it."""

    version: int
    what: str
    sqlite: tuple[str, ...]
    postgres: tuple[str, ...]


class SchemaTooNew(RuntimeError):
    """The database was upgraded by a newer doublesix than this one."""

    def __init__(self, found: int, known: int) -> None:
        super().__init__(
            f"the database is at schema version {found}, but this doublesix knows versions up"
            f" to {known} only: it was upgraded by a newer doublesix. Run that version (or"
            f" newer), or restore a backup made before the upgrade; an older doublesix never"
            f" downgrades a database")
        self.found = found
        self.known = known


# Version 1 is the schema of every database made before versions were recorded, exactly as
# sqlite.py and postgres.py created it. It keeps its IF NOT EXISTS: on such a database (tables
# there, no schema_version) it is a no-op, and the database is simply marked version 1.
_V1_SQLITE = (
    """CREATE TABLE IF NOT EXISTS games (
    game_id TEXT PRIMARY KEY,
    mode TEXT NOT NULL,
    level TEXT,
    state_no INTEGER NOT NULL,
    event_no INTEGER NOT NULL,
    updated_at REAL NOT NULL,
    computer_to_move INTEGER NOT NULL DEFAULT 0,
    data TEXT NOT NULL
)""",
    "CREATE INDEX IF NOT EXISTS games_updated_at ON games (updated_at)",
    """CREATE TABLE IF NOT EXISTS events (
    game_id TEXT NOT NULL REFERENCES games (game_id) ON DELETE CASCADE,
    event_no INTEGER NOT NULL,
    state_no INTEGER NOT NULL,
    payload TEXT NOT NULL,
    created_at REAL NOT NULL,
    PRIMARY KEY (game_id, event_no)
)""",
)
_V1_POSTGRES = (
    """CREATE TABLE IF NOT EXISTS games (
    game_id TEXT PRIMARY KEY,
    mode TEXT NOT NULL,
    level TEXT,
    state_no BIGINT NOT NULL,
    event_no BIGINT NOT NULL,
    updated_at DOUBLE PRECISION NOT NULL,
    computer_to_move BOOLEAN NOT NULL DEFAULT FALSE,
    data TEXT NOT NULL
)""",
    "CREATE INDEX IF NOT EXISTS games_updated_at ON games (updated_at)",
    "CREATE INDEX IF NOT EXISTS games_computer_to_move ON games (game_id) WHERE computer_to_move",
    """CREATE TABLE IF NOT EXISTS events (
    game_id TEXT NOT NULL REFERENCES games (game_id) ON DELETE CASCADE,
    event_no BIGINT NOT NULL,
    state_no BIGINT NOT NULL,
    payload TEXT NOT NULL,
    created_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, event_no)
)""",
    "CREATE INDEX IF NOT EXISTS events_state ON events (game_id, state_no)",
    """CREATE TABLE IF NOT EXISTS computer_claims (
    game_id TEXT PRIMARY KEY REFERENCES games (game_id) ON DELETE CASCADE,
    state_no BIGINT NOT NULL,
    owner TEXT NOT NULL,
    until DOUBLE PRECISION NOT NULL
)""",
)

# Version 2 (issue 25): profiles, their keys, and finished games with a row per seat. One SQL
# for both backends: INTEGER for flags (0 / 1) and DOUBLE PRECISION (REAL to SQLite) for times.
# finished_games has no foreign key to games: a room expires, its finished games stay.
_V2 = (
    """CREATE TABLE profiles (
    profile_id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    created_at DOUBLE PRECISION NOT NULL,
    telegram_hash TEXT UNIQUE
)""",
    """CREATE TABLE profile_keys (
    key_hash TEXT PRIMARY KEY,
    profile_id TEXT NOT NULL REFERENCES profiles (profile_id) ON DELETE CASCADE,
    created_at DOUBLE PRECISION NOT NULL
)""",
    "CREATE INDEX profile_keys_profile ON profile_keys (profile_id)",
    """CREATE TABLE finished_games (
    game_key TEXT PRIMARY KEY,
    game_id TEXT NOT NULL,
    game_no INTEGER NOT NULL,
    kind TEXT NOT NULL,
    preset TEXT NOT NULL,
    players INTEGER NOT NULL,
    public INTEGER NOT NULL,
    finished_at DOUBLE PRECISION NOT NULL,
    record TEXT NOT NULL,
    result TEXT NOT NULL,
    UNIQUE (game_id, game_no)
)""",
    """CREATE TABLE game_players (
    game_key TEXT NOT NULL REFERENCES finished_games (game_key) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    profile_id TEXT REFERENCES profiles (profile_id) ON DELETE SET NULL,
    name TEXT,
    computer INTEGER NOT NULL,
    level TEXT,
    won INTEGER,
    PRIMARY KEY (game_key, seat)
)""",
    "CREATE INDEX game_players_profile ON game_players (profile_id)",
)

# Version 3 (issue 25): ratings. rated_games is the marker of a finished game that was
# considered for rating (rated, or why not), written in the same transaction as its changes;
# rating_changes is the ledger, one row per person and game: (profile_id, rating, games) is
# unique, so two games rated at once for one person cannot both build on the same rating (the
# second fails and is rated again on the first's result). ratings holds each person's current
# rating per game type, for the leaderboards.
_V3 = (
    """CREATE TABLE rated_games (
    game_key TEXT PRIMARY KEY REFERENCES finished_games (game_key) ON DELETE CASCADE,
    rating TEXT NOT NULL,
    outcome TEXT NOT NULL,
    rated_at DOUBLE PRECISION NOT NULL
)""",
    """CREATE TABLE ratings (
    profile_id TEXT NOT NULL REFERENCES profiles (profile_id) ON DELETE CASCADE,
    rating TEXT NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL,
    updated_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (profile_id, rating)
)""",
    "CREATE INDEX ratings_board ON ratings (rating, mu)",
    """CREATE TABLE rating_changes (
    game_key TEXT NOT NULL REFERENCES rated_games (game_key) ON DELETE CASCADE,
    profile_id TEXT NOT NULL REFERENCES profiles (profile_id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    rating TEXT NOT NULL,
    games INTEGER NOT NULL,
    mu_before DOUBLE PRECISION NOT NULL,
    sigma_before DOUBLE PRECISION NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_key, profile_id),
    UNIQUE (profile_id, rating, games)
)""",
    "CREATE INDEX rating_changes_week ON rating_changes (rating, at)",
)

# Version 4 (issue 26, item 2): rated games left. One row per person marked as having left
# (the room's ``left`` mark, still on at the game's end) of a game that was rated; written in
# the rated game's own transaction, so it is counted exactly once. The profile page counts
# them; the newest of the last day hold back that person's next rated game
# (server/ratings/service.py, ``leave_wait``). Only new tables: a live database upgrades in
# place, its rooms and ratings untouched.
_V4 = (
    """CREATE TABLE rated_leaves (
    game_key TEXT NOT NULL REFERENCES rated_games (game_key) ON DELETE CASCADE,
    profile_id TEXT NOT NULL REFERENCES profiles (profile_id) ON DELETE CASCADE,
    rating TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_key, profile_id)
)""",
    "CREATE INDEX rated_leaves_profile ON rated_leaves (profile_id, at)",
)

STEPS: tuple[Step, ...] = (
    Step(1, "rooms and their events (the schema from before versions)", _V1_SQLITE,
         _V1_POSTGRES),
    Step(2, "profiles and the history of finished games (issue 25)", _V2, _V2),
    Step(3, "ratings of rated hall games and their ledger (issue 25)", _V3, _V3),
    Step(4, "rated games their players left (issue 26)", _V4, _V4),
)

#: the version this code writes and reads
LATEST = STEPS[-1].version

_VERSION_TABLE = ("CREATE TABLE IF NOT EXISTS schema_version ("
                  " version INTEGER PRIMARY KEY, applied_at DOUBLE PRECISION NOT NULL)")
#: serialises the migrations of processes starting together (a pg_advisory_xact_lock key;
#: the same number the unversioned CREATE TABLE IF NOT EXISTS of version 1 used)
SCHEMA_LOCK = 0x0D0B1E_0002


def _check(steps: tuple[Step, ...]) -> None:
    if [s.version for s in steps] != list(range(1, len(steps) + 1)):
        raise AssertionError("migration steps must be numbered 1, 2, 3, … in order")


def _pending(current: int, steps: tuple[Step, ...]) -> Step | None:
    latest = steps[-1].version
    if current > latest:
        raise SchemaTooNew(current, latest)
    return None if current == latest else steps[current]


def migrate_sqlite(db: sqlite3.Connection, steps: tuple[Step, ...] = STEPS) -> int:
    """Bring *db* (autocommit mode: ``isolation_level=None``) to the last of *steps*; its
    version. Raises :class:`SchemaTooNew` for a database newer than *steps*, unchanged."""
    _check(steps)
    while True:
        # BEGIN IMMEDIATE takes the write lock before the version is read: a second process
        # opening the file now waits here, then finds the step done
        db.execute("BEGIN IMMEDIATE")
        try:
            db.execute(_VERSION_TABLE)
            current = db.execute("SELECT coalesce(max(version), 0) FROM schema_version"
                                 ).fetchone()[0]
            step = _pending(current, steps)
            if step is not None:
                # statement by statement: executescript() would COMMIT before it starts
                for statement in step.sqlite:
                    db.execute(statement)
                db.execute("INSERT INTO schema_version (version, applied_at) VALUES (?, ?)",
                           (step.version, time.time()))
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
        if step is None:
            return int(current)


async def migrate_postgres(pool: Any, steps: tuple[Step, ...] = STEPS) -> int:
    """Bring the database of *pool* (asyncpg) to the last of *steps*; its version. Raises
    :class:`SchemaTooNew` for a database newer than *steps*, unchanged."""
    _check(steps)
    async with pool.acquire() as db:
        while True:
            async with db.transaction():
                # transaction-scoped: released by the COMMIT, so the pool's sessions stay clean
                await db.execute("SELECT pg_advisory_xact_lock($1)", SCHEMA_LOCK)
                await db.execute(_VERSION_TABLE)
                current = await db.fetchval(
                    "SELECT coalesce(max(version), 0) FROM schema_version")
                step = _pending(current, steps)
                if step is None:
                    return int(current)
                for statement in step.postgres:
                    await db.execute(statement)
                await db.execute("INSERT INTO schema_version (version, applied_at)"
                                 " VALUES ($1, $2)", step.version, time.time())

