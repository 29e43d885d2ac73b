"""Storage backends, chosen by URL; each is imported only when its URL is used.

- ``sqlite:///relative/path.db`` or ``sqlite:////absolute/path.db`` — the default (WAL, durable)
- ``memory://`` — for tests; nothing survives the process
- ``postgresql://user@host:port/db`` — shared by several server processes (the postgres extra)
"""

from __future__ import annotations

from doublesix.server.storage.base import (
    Conflict,
    EventRow,
    GameRow,
    SeatRow,
    SharedStorage,
    Storage,
)


def open_storage(url: str) -> Storage:
    """A backend for *url* (not yet opened: ``await storage.open()``)."""
    scheme, sep, rest = url.partition("://")
    if not sep:
        raise ValueError(f"storage URL {url!r} needs a scheme: sqlite:///path or memory://")
    if scheme == "memory":
        from doublesix.server.storage.memory import MemoryStorage

        return MemoryStorage()
    if scheme == "sqlite":
        from doublesix.server.storage.sqlite import SqliteStorage

        if not rest.startswith("/") or rest == "/":
            raise ValueError("a SQLite URL looks like sqlite:///data/doublesix.db")
        return SqliteStorage(rest[1:])  # sqlite:///rel -> "rel", sqlite:////abs -> "/abs"
    if scheme in ("postgres", "postgresql"):
        from doublesix.server.storage.postgres import PostgresStorage

        return PostgresStorage(url)
    raise ValueError(f"unknown storage scheme {scheme!r}: use sqlite:///path, postgresql://…"
                     " or memory://")


__all__ = ["Conflict", "EventRow", "GameRow", "SeatRow", "SharedStorage", "Storage",
           "open_storage"]
