"""Storage upgrades in place (issue 25, item 6): a database made before schema versions is
upgraded at start-up and every room in it plays on; a database newer than the code is refused
with both versions named; a step that fails leaves the database at the step before.

``v1.db`` was made by main e82dee9 with ``make_v1_db.py`` (see there); each test works on a
copy, so the committed file stays as that server left it.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from doublesix.cli.errors import CommandError
from doublesix.server.config import Settings
from doublesix.server.ops.preflight import check_storage
from doublesix.server.storage import migrations, open_storage
from doublesix.server.storage.migrations import LATEST, SchemaTooNew, Step
from tests.server.harness import LIFTED, Client, ServerThread, my_turn

HERE = Path(__file__).parent
ROOMS: dict[str, Any] = json.loads((HERE / "v1.json").read_text())
MADE_AT: float = ROOMS.pop("made_at")


def v1_copy(tmp_path: Path) -> Path:
    path = tmp_path / "old.db"
    shutil.copyfile(HERE / "v1.db", path)
    return path


def tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as db:
        return {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def versions(path: Path) -> list[int]:
    with sqlite3.connect(path) as db:
        return [r[0] for r in db.execute("SELECT version FROM schema_version ORDER BY version")]


def server_on(db_url: str) -> ServerThread:
    """A server whose clock goes on from the moment the old database was made, so the hall
    table's clock has not run out in the years since (its room would be lost on time)."""
    started = time.time()
    settings = Settings(db_url=db_url, computer_delay=0.0, rate_per_second=10_000,
                        rate_burst=10_000, **LIFTED)
    return ServerThread(settings,
                        clock=lambda: MADE_AT + 1 + time.time() - started).start()


async def one_move(clients: list[Client]) -> None:
    """The seat to move among *clients* plays (the computer's move may come first)."""
    for _ in range(50):
        mover = next((c for c in clients if my_turn(c)), None)
        if mover is not None:
            ack = await mover.move(mover.view["legal"][0])
            assert ack["type"] == "ack", ack
            return
        await clients[0].recv()
    raise AssertionError("nobody could move")


async def every_room_plays_on(server: ServerThread) -> None:
    for name, info in ROOMS.items():
        clients = [Client(server, info["game_id"], token) for token in info["tokens"]]
        for client in clients:
            welcome = await client.connect()
            assert welcome["state_no"] == info["state_no"], name
            assert welcome["event_no"] == info["event_no"], name
        if name == "online_waiting":  # the guest arrives with the invite made before
            async with httpx.AsyncClient(base_url=server.http) as http:
                r = await http.post(f"/api/games/{info['game_id']}/join",
                                    json={"invite": info["invite"], "name": "Гость"})
            assert r.status_code == 200, r.text
            clients.append(Client(server, info["game_id"], r.json()["token"]))
            await clients[-1].connect()
        if name == "hotseat_101":  # the first deal was over: the next one starts
            assert clients[0].view["result"] is not None
            await clients[0].send({"type": "next_deal", "state_no": clients[0].state_no,
                                   "id": 1})
            ack = await clients[0].expect_reply(1)
            assert ack["type"] == "ack", ack
            await clients[0].until_state(ack["state_no"])
        await one_move(clients)
        for client in clients:
            await client.close()


async def test_a_database_from_before_versions_is_upgraded_and_every_room_plays_on(
        tmp_path: Path) -> None:
    path = v1_copy(tmp_path)
    assert "schema_version" not in tables(path)
    server = server_on(f"sqlite:///{path}")
    try:
        await every_room_plays_on(server)
    finally:
        server.stop()
    assert versions(path) == list(range(1, LATEST + 1))
    with sqlite3.connect(path) as db:
        assert {r[0] for r in db.execute("SELECT game_id FROM games")} == {
            info["game_id"] for info in ROOMS.values()}
    # opened again: nothing left to do, nothing done twice
    server = server_on(f"sqlite:///{path}")
    server.stop()
    assert versions(path) == list(range(1, LATEST + 1))


def test_a_database_newer_than_the_code_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = v1_copy(tmp_path)
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY,"
                   " applied_at DOUBLE PRECISION NOT NULL)")
        db.executemany("INSERT INTO schema_version VALUES (?, 0)",
                       [(v,) for v in range(1, LATEST + 2)])
    before = path.read_bytes()
    with pytest.raises(CommandError) as refused:
        check_storage(f"sqlite:///{path}")
    message = str(refused.value)
    assert f"schema version {LATEST + 1}" in message and f"up to {LATEST} " in message
    assert path.read_bytes() == before


def test_a_failing_step_leaves_the_database_at_the_step_before() -> None:
    db = sqlite3.connect(":memory:", isolation_level=None)
    steps = (Step(1, "one", ("CREATE TABLE a (x)",), ()),
             Step(2, "two, broken halfway", ("CREATE TABLE b (x)", "NOT SQL"), ()))
    with pytest.raises(sqlite3.OperationalError):
        migrations.migrate_sqlite(db, steps)
    names = {r[0] for r in db.execute("SELECT name FROM sqlite_master")}
    assert "a" in names and "b" not in names  # step 2's first statement was rolled back
    assert db.execute("SELECT max(version) FROM schema_version").fetchone()[0] == 1
    fixed = (steps[0], Step(2, "two", ("CREATE TABLE b (x)",), ()))
    assert migrations.migrate_sqlite(db, fixed) == 2


def test_two_processes_opening_one_file_together_migrate_it_once(tmp_path: Path) -> None:
    path = v1_copy(tmp_path)
    barrier = threading.Barrier(2)
    errors: list[BaseException] = []

    def open_it() -> None:
        db = sqlite3.connect(path, isolation_level=None, timeout=10)
        try:
            barrier.wait()
            migrations.migrate_sqlite(db)
        except BaseException as exc:
            errors.append(exc)
        finally:
            db.close()

    threads = [threading.Thread(target=open_it) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    assert versions(path) == list(range(1, LATEST + 1))


async def test_the_same_upgrade_on_postgresql(pg_url: str) -> None:
    """A PostgreSQL database of version 1 (its rows copied from v1.db), opened by two
    processes' storages at once: migrated once, then every room plays on."""
    import asyncpg

    from tests.scale.services import PG_VAR, drop_database, fresh_database, required_url

    base = required_url(PG_VAR)
    url, name = fresh_database(base)
    try:
        db = await asyncpg.connect(url)
        try:
            for statement in migrations.STEPS[0].postgres:  # the schema made before versions
                await db.execute(statement)
            with sqlite3.connect(HERE / "v1.db") as old:
                games = old.execute("SELECT game_id, mode, level, state_no, event_no,"
                                    " updated_at, computer_to_move, data FROM games").fetchall()
                events = old.execute("SELECT game_id, event_no, state_no, payload, created_at"
                                     " FROM events").fetchall()
            await db.executemany("INSERT INTO games VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                                 [(*g[:6], bool(g[6]), g[7]) for g in games])
            await db.executemany("INSERT INTO events VALUES ($1, $2, $3, $4, $5)", events)
        finally:
            await db.close()
        first, second = open_storage(url), open_storage(url)
        await asyncio.gather(first.open(), second.open())
        await asyncio.gather(first.close(), second.close())
        db = await asyncpg.connect(url)
        try:
            rows = await db.fetch("SELECT version FROM schema_version ORDER BY version")
        finally:
            await db.close()
        assert [r[0] for r in rows] == list(range(1, LATEST + 1))
        server = server_on(url)
        try:
            await every_room_plays_on(server)
        finally:
            server.stop()
        # and a newer database is refused there too, naming both versions
        db = await asyncpg.connect(url)
        try:
            await db.execute("INSERT INTO schema_version VALUES ($1, 0)", LATEST + 1)
        finally:
            await db.close()
        with pytest.raises(SchemaTooNew, match=f"version {LATEST + 1}.*up to {LATEST} "):
            await open_storage(url).open()
    finally:
        drop_database(base, name)
