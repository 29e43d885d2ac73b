"""One storage suite for every backend: memory, SQLite and PostgreSQL behave alike."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from doublesix.server.storage import (
    Conflict,
    EventRow,
    GameRow,
    SeatRow,
    SharedStorage,
    Storage,
    open_storage,
)


@pytest.fixture(params=["memory", "sqlite",
                        pytest.param("postgresql", marks=pytest.mark.services)])
async def storage(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Storage]:
    if request.param == "memory":
        store = open_storage("memory://")
    elif request.param == "sqlite":
        store = open_storage(f"sqlite:///{tmp_path}/test.db")
    else:
        store = open_storage(request.getfixturevalue("pg_url"))
    await store.open()
    if request.param == "postgresql":
        await store.pool.execute("TRUNCATE games CASCADE")  # type: ignore[attr-defined]
    try:
        yield store
    finally:
        await store.close()


def game(game_id: str = "g1", updated_at: float = 100.0, **extra: object) -> GameRow:
    fields: dict[str, object] = dict(
        game_id=game_id, mode="online", level=None, record={"seed": 7, "actions": []},
        game_no=1, state_no=0, event_no=1,
        seats=[SeatRow(0, "h" * 64, "Аня"), SeatRow(1)], invite_hash="i" * 64,
        created_at=updated_at, updated_at=updated_at,
    )
    fields.update(extra)
    return GameRow(**fields)  # type: ignore[arg-type]


def event(game_id: str, event_no: int, state_no: int, **payload: object) -> EventRow:
    return EventRow(game_id, event_no, state_no, {"kind": "action", **payload}, 100.0)


async def test_create_then_load_round_trips(storage: Storage) -> None:
    row = game(level="hard", computer_to_move=True, rematch=[1])
    await storage.create(row, [event("g1", 1, 0, kind="created")])
    loaded = await storage.load("g1")
    assert loaded == row
    assert await storage.load("nope") is None
    with pytest.raises(Conflict):
        await storage.create(game(), [])


async def test_save_is_compare_and_set_on_event_no(storage: Storage) -> None:
    row = game()
    await storage.create(row, [event("g1", 1, 0, kind="created")])
    row.state_no, row.event_no = 1, 2
    await storage.save(row, 1, [event("g1", 2, 1, action="play 6-6")])
    # a second writer computed from event 1 too: refused, and nothing of it is stored
    rival = game(state_no=1, event_no=2)
    with pytest.raises(Conflict):
        await storage.save(rival, 1, [event("g1", 2, 1, action="draw")])
    with pytest.raises(Conflict):
        await storage.save(game("gone"), 1, [])
    events = await storage.events_after("g1", 0, 10)
    assert [(e.event_no, e.payload.get("action")) for e in events] == [(1, None), (2, "play 6-6")]
    loaded = await storage.load("g1")
    assert loaded is not None and loaded.event_no == 2


async def test_events_after_and_at_state(storage: Storage) -> None:
    row = game()
    await storage.create(row, [event("g1", 1, 0, kind="created")])
    for n in range(2, 8):
        row.state_no, row.event_no = n - 1, n
        await storage.save(row, n - 1, [event("g1", n, n - 1, action=f"a{n}", text="дубль")])
    assert [e.event_no for e in await storage.events_after("g1", 3, 2)] == [4, 5]
    assert [e.event_no for e in await storage.events_after("g1", 7, 10)] == []
    [at] = await storage.events_at_state("g1", 4)
    assert at.event_no == 5 and at.payload == {"kind": "action", "action": "a5", "text": "дубль"}


async def test_delete_inactive_and_awaiting_computer(storage: Storage) -> None:
    await storage.create(game("old", 10.0), [event("old", 1, 0)])
    await storage.create(game("new", 500.0, computer_to_move=True), [event("new", 1, 0)])
    assert await storage.awaiting_computer() == ["new"]
    assert await storage.delete_inactive(100.0) == ["old"]
    assert await storage.load("old") is None
    assert await storage.events_after("old", 0, 10) == []
    assert await storage.load("new") is not None


async def test_concurrent_writers_on_one_state_store_exactly_one(storage: Storage) -> None:
    await storage.create(game(), [event("g1", 1, 0)])

    async def write(n: int) -> bool:
        row = game(state_no=1, event_no=2)
        try:
            await storage.save(row, 1, [event("g1", 2, 1, action=f"w{n}")])
        except Conflict:
            return False
        return True

    results = await asyncio.gather(*(write(n) for n in range(8)))
    assert sum(results) == 1
    assert len(await storage.events_after("g1", 1, 10)) == 1


@pytest.fixture
async def shared(pg_url: str) -> AsyncIterator[SharedStorage]:
    """The backend several processes share (only PostgreSQL is one)."""
    store = open_storage(pg_url)
    await store.open()
    await store.pool.execute("TRUNCATE games CASCADE")  # type: ignore[attr-defined]
    assert isinstance(store, SharedStorage)
    try:
        yield store
    finally:
        await store.close()


async def test_shared_backend_claims_a_computer_turn_once(shared: SharedStorage) -> None:
    storage: Any = shared
    await storage.create(game(), [event("g1", 1, 0)])
    assert await storage.claim_computer("g1", 3, "a", now=100.0, ttl=10.0)
    assert not await storage.claim_computer("g1", 3, "b", now=101.0, ttl=10.0)
    assert await storage.claim_computer("g1", 3, "a", now=102.0, ttl=10.0)  # its own again
    assert await storage.claim_computer("g1", 3, "b", now=120.0, ttl=10.0)  # a's lapsed
    assert await storage.claim_computer("g1", 4, "a", now=121.0, ttl=10.0)  # a new turn
    assert not await storage.claim_computer("nope", 1, "a", now=121.0, ttl=10.0)
    assert await storage.event_nos(["g1", "nope"]) == {"g1": 1}


async def test_orphaned_computer_turns_are_found(shared: SharedStorage) -> None:
    storage: Any = shared
    await storage.create(game("held", 50.0, computer_to_move=True, state_no=3), [])
    await storage.create(game("orphan", 50.0, computer_to_move=True, state_no=3), [])
    await storage.create(game("busy", 150.0, computer_to_move=True), [])
    await storage.create(game("human", 50.0), [])
    assert await storage.claim_computer("held", 3, "a", now=100.0, ttl=30.0)
    assert await storage.claim_computer("orphan", 3, "a", now=60.0, ttl=30.0)
    assert await storage.orphaned_computer_turns(idle_before=100.0) == ["orphan"]


async def test_expiry_runs_in_one_process_at_a_time(pg_url: str) -> None:
    """Two processes expiring together: each old room is deleted once, by one of them."""
    stores = [open_storage(pg_url) for _ in range(2)]
    for store in stores:
        await store.open()
    try:
        first = stores[0]
        await first.pool.execute("TRUNCATE games CASCADE")  # type: ignore[attr-defined]
        for n in range(50):
            await first.create(game(f"old{n}", 10.0), [event(f"old{n}", 1, 0)])
        results = await asyncio.gather(*(s.delete_inactive(100.0) for s in stores * 3))
        deleted = [gid for r in results for gid in r]
        assert sorted(deleted) == sorted(f"old{n}" for n in range(50))
    finally:
        for store in stores:
            await store.close()
