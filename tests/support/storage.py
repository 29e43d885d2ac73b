"""A fresh storage of one kind for one test: the fixtures of the storage tests share it."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Iterable
from pathlib import Path

import pytest

from doublesix.server.storage import Storage, open_storage


@contextlib.asynccontextmanager
async def fresh_storage(request: pytest.FixtureRequest, tmp_path: Path, kind: str,
                        pg_tables: Iterable[str]) -> AsyncIterator[Storage]:
    """Storage of *kind* (memory, sqlite or postgresql), opened and closed after the test.
    PostgreSQL's database is shared by the tests, so *pg_tables* are emptied first."""
    if kind == "postgresql":
        url = request.getfixturevalue("pg_url")  # tests/conftest.py: skipped unless set up
    else:
        url = "memory://" if kind == "memory" else f"sqlite:///{tmp_path}/s.db"
    store = open_storage(url)
    await store.open()
    try:
        if kind == "postgresql":
            await store.pool.execute(  # type: ignore[attr-defined]
                f"TRUNCATE {', '.join(pg_tables)} CASCADE")
        yield store
    finally:
        await store.close()
