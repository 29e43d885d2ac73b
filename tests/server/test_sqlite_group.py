"""SQLite group commits: a failure half-way through one save undoes that save only.

The usual group runs without a savepoint per write (storage/sqlite.py, ``_commit_group``);
these tests take the path where a write fails after its first statement changed a row.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

from doublesix.server.storage import Conflict, open_storage
from tests.server.test_storage import event, row


async def test_a_save_failing_half_way_is_undone_alone(tmp_path: Path) -> None:
    path = tmp_path / "g.db"
    store = open_storage(f"sqlite:///{path}")
    await store.open()
    try:
        ids = [f"r{i}" for i in range(8)]
        for gid in ids:
            await store.create(row(gid), [event(1, game_id=gid)])
        # someone else's event 2 of r5: r5's save updates its row, then cannot insert
        with sqlite3.connect(path) as other:
            other.execute("INSERT INTO events VALUES ('r5', 2, 1, '{}', 1.0)")

        def moved(gid: str) -> Coroutine[Any, Any, None]:
            changed = row(gid)
            changed.event_no, changed.state_no = 2, 1
            return store.save(changed, 1, [event(2, 1, gid)])

        saves = [moved(gid) for gid in ids]
        saves.append(moved("r2"))  # a conflict in the same group: refused, nothing written
        results = await asyncio.gather(*saves, return_exceptions=True)
        assert isinstance(results[5], sqlite3.IntegrityError)
        assert isinstance(results[-1], Conflict)
        assert [r for i, r in enumerate(results[:-1]) if i != 5] == [None] * 7
        for gid in ids:
            loaded = await store.load(gid)
            assert loaded is not None
            # r5's row update was rolled back with its failed insert; the others are stored
            assert (loaded.event_no, loaded.state_no) == ((1, 0) if gid == "r5" else (2, 1))
            events = await store.events_after(gid, 0, 9)
            assert [e.event_no for e in events] == [1, 2]
    finally:
        await store.close()
