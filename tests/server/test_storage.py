"""Both backends keep the same contract: optimistic saves, ordered events, expiry."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from doublesix.server.storage import Conflict, EventRow, GameRow, SeatRow, Storage, open_storage


@pytest.fixture(params=["memory", "sqlite",
                        pytest.param("postgresql", marks=pytest.mark.services)])
async def storage(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Storage]:
    url = "memory://" if request.param == "memory" else f"sqlite:///{tmp_path}/s.db"
    if request.param == "postgresql":
        url = request.getfixturevalue("pg_url")  # tests/conftest.py: skipped unless set up
    store = open_storage(url)
    await store.open()
    if request.param == "postgresql":
        await store.pool.execute("TRUNCATE games CASCADE")  # type: ignore[attr-defined]
    yield store
    await store.close()


def row(game_id: str = "g1", updated_at: float = 100.0) -> GameRow:
    return GameRow(game_id=game_id, mode="online", level=None, record={"seed": 1}, game_no=1,
                   state_no=0, event_no=1, seats=[SeatRow(0, "h", "Аня"), SeatRow(1)],
                   invite_hash="i", created_at=updated_at, updated_at=updated_at)


def event(n: int, state_no: int = 0, game_id: str = "g1") -> EventRow:
    return EventRow(game_id, n, state_no, {"kind": "x", "n": n}, 1.0)


async def test_round_trip_and_events(storage: Storage) -> None:
    await storage.create(row(), [event(1)])
    with pytest.raises(Conflict):
        await storage.create(row(), [event(1)])
    loaded = await storage.load("g1")
    assert loaded == row()
    assert await storage.load("nope") is None
    changed = row()
    changed.event_no, changed.state_no = 3, 1
    await storage.save(changed, 1, [event(2, 1), event(3, 1)])
    assert [e.event_no for e in await storage.events_after("g1", 1, 10)] == [2, 3]
    assert [e.event_no for e in await storage.events_after("g1", 0, 2)] == [1, 2]
    assert [e.payload["n"] for e in await storage.events_at_state("g1", 1)] == [2, 3]


async def test_two_saves_on_the_same_version_cannot_both_win(storage: Storage) -> None:
    await storage.create(row(), [event(1)])
    first, second = row(), row()
    first.event_no = second.event_no = 2
    first.state_no = second.state_no = 1
    await storage.save(first, 1, [event(2, 1)])
    with pytest.raises(Conflict):
        await storage.save(second, 1, [event(2, 1)])
    assert len(await storage.events_after("g1", 0, 10)) == 2
    with pytest.raises(Conflict):
        await storage.save(row("missing"), 1, [])


async def test_delete_inactive_and_awaiting_computer(storage: Storage) -> None:
    old, new = row("old", 10.0), row("new", 1000.0)
    new.computer_to_move = True
    await storage.create(old, [event(1, game_id="old")])
    await storage.create(new, [event(1, game_id="new")])
    assert await storage.awaiting_computer() == ["new"]
    assert await storage.delete_inactive(500.0) == ["old"]
    assert await storage.load("old") is None and await storage.events_after("old", 0, 9) == []
    assert await storage.load("new") is not None


def test_urls() -> None:
    assert open_storage("memory://").kind == "memory"
    assert open_storage("sqlite:///data/x.db").path == "data/x.db"  # type: ignore[attr-defined]
    assert open_storage("sqlite:////tmp/x.db").path == "/tmp/x.db"  # type: ignore[attr-defined]
    assert open_storage("postgresql://localhost/db").kind == "postgresql"  # not connected yet
    for bad in ("nothing", "sqlite://", "ftp://x"):
        with pytest.raises(ValueError):
            open_storage(bad)


async def test_concurrent_saves_commit_together_and_fail_alone(storage: Storage) -> None:
    ids = [f"r{i}" for i in range(12)]
    for gid in ids:
        await storage.create(row(gid), [event(1, game_id=gid)])

    def moved(gid: str) -> GameRow:
        changed = row(gid)
        changed.event_no, changed.state_no = 2, 1
        return changed

    saves = [storage.save(moved(gid), 1, [event(2, 1, gid)]) for gid in ids]
    saves.append(storage.save(moved("r3"), 1, [event(2, 1, "r3")]))  # loses to the first
    results = await asyncio.gather(*saves, return_exceptions=True)
    assert [type(r).__name__ for r in results].count("Conflict") == 1
    for gid in ids:
        loaded = await storage.load(gid)
        assert loaded is not None and loaded.state_no == 1
        assert [e.event_no for e in await storage.events_after(gid, 0, 9)] == [1, 2]
