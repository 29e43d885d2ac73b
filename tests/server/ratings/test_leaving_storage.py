"""Rated games left (issue 26) on the real backends, SQLite and PostgreSQL: counted once with
the rated game, gone with a deleted profile; and a live database of schema version 3 (ratings,
no ``rated_leaves``) upgraded in place with its profiles and ratings kept."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from doublesix.server.ratings.service import Ratings
from doublesix.server.storage import Storage, migrations, open_storage
from doublesix.server.storage.migrations import LATEST
from tests.server.ratings.test_leaving import left
from tests.server.ratings.test_service import NOW, Clock, finished
from tests.support.storage import fresh_storage

#: a profile, its rating and a rated game, as version 3 stored them
_V3_ROWS: tuple[tuple[str, tuple[Any, ...]], ...] = (
    ("INSERT INTO profiles (profile_id, name, created_at) VALUES (?, ?, ?)", ("p1", "Аня", 1.0)),
    ("INSERT INTO finished_games (game_key, game_id, game_no, kind, preset, players, public,"
     " finished_at, record, result) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
     ("g1", "room", 1, "hall", "block", 2, 1, 2.0, "{}", '{"rated": true}')),
    ("INSERT INTO rated_games (game_key, rating, outcome, rated_at) VALUES (?, ?, ?, ?)",
     ("g1", "block", "rated", 3.0)),
    ("INSERT INTO ratings (profile_id, rating, mu, sigma, games, updated_at)"
     " VALUES (?, ?, ?, ?, ?, ?)", ("p1", "block", 26.0, 1.5, 1, 3.0)),
)


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.services)])
async def storage(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Storage]:
    tables = ("profiles", "profile_keys", "finished_games", "game_players", "rated_games",
              "ratings", "rating_changes", "rated_leaves")
    async with fresh_storage(request, tmp_path, request.param, tables) as store:
        yield store


async def test_a_rated_game_left_is_counted_once_and_goes_with_the_profile(
        storage: Storage) -> None:
    clock = Clock()
    ratings = Ratings(storage.ratings, storage.profiles, clock)
    a, b = [(await storage.profiles.create(n, f"key-{n}", NOW)).profile_id for n in "AB"]
    for n in range(2):
        game = left(finished(f"S{n}", [a, b], winner=1, at=NOW + n), 1)
        assert await storage.profiles.record_game(game)
        assert await ratings.settle(game) == "rated"
        assert await ratings.settle(game) == "rated"
    assert await storage.ratings.left_count(b) == 2 and await storage.ratings.left_count(a) == 0
    assert await storage.ratings.left_since(b, NOW) == [NOW, NOW + 1]
    assert await ratings.hold(b) == pytest.approx(301)
    assert (await storage.ratings.of_profile(b))["block"].mu < (
        await storage.ratings.of_profile(a))["block"].mu
    assert await storage.profiles.delete(b)
    assert await storage.ratings.left_count(b) == 0


def _sqlite_v3(path: Path) -> None:
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("PRAGMA foreign_keys=ON")
        assert migrations.migrate_sqlite(db, migrations.STEPS[:3]) == 3
        for sql, args in _V3_ROWS:
            db.execute(sql, args)
    finally:
        db.close()


async def _kept_and_upgraded(url: str) -> None:
    store = open_storage(url)
    await store.open()
    try:
        profile = await store.profiles.get("p1")
        assert profile is not None and profile.name == "Аня"
        assert (await store.ratings.of_profile("p1"))["block"].games == 1
        assert await store.ratings.outcome("g1") == "rated"
        assert await store.ratings.left_count("p1") == 0
    finally:
        await store.close()


async def test_a_version_3_sqlite_database_is_upgraded_in_place(tmp_path: Path) -> None:
    path = tmp_path / "v3.db"
    _sqlite_v3(path)
    await _kept_and_upgraded(f"sqlite:///{path}")
    with sqlite3.connect(path) as db:
        done = [r[0] for r in db.execute("SELECT version FROM schema_version ORDER BY version")]
        names = {r[0] for r in db.execute("SELECT name FROM sqlite_master")}
    assert done == list(range(1, LATEST + 1)) and "rated_leaves" in names


async def test_a_version_3_postgresql_database_is_upgraded_in_place(pg_url: str) -> None:
    import asyncpg

    from doublesix.server.storage.profiles import numbered
    from tests.scale.services import PG_VAR, drop_database, fresh_database, required_url

    base = required_url(PG_VAR)
    url, name = fresh_database(base)
    try:
        pool = await asyncpg.create_pool(url, min_size=1, max_size=2)
        try:
            assert await migrations.migrate_postgres(pool, migrations.STEPS[:3]) == 3
            for sql, args in _V3_ROWS:
                await pool.execute(numbered(sql), *args)
        finally:
            await pool.close()
        await _kept_and_upgraded(url)
        db = await asyncpg.connect(url)
        try:
            done = [r[0] for r in await db.fetch("SELECT version FROM schema_version"
                                                 " ORDER BY version")]
            assert await db.fetchval("SELECT count(*) FROM rated_leaves") == 0
        finally:
            await db.close()
        assert done == list(range(1, LATEST + 1))
    finally:
        drop_database(base, name)
