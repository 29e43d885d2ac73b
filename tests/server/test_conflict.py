"""Two server processes on one database never store two moves on the same state.

Each RoomsService here has its own storage connection and its own cached rooms, as two
processes would; the optimistic ``event_no`` check in storage decides who wins.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from doublesix.server.config import Settings
from doublesix.server.rooms.service import RoomsService
from doublesix.server.storage import open_storage
from doublesix.server.wire.errors import ServiceError
from doublesix.server.wire.protocol import Hello, Move


class FakePeer:
    def __init__(self) -> None:
        self.game_id: str | None = None
        self.seats: tuple[int, ...] = ()
        self.frames: list[dict[str, Any]] = []

    def send(self, frame: dict[str, Any]) -> None:
        self.frames.append(frame)

    def close(self, code: int, reason: str) -> None:
        self.frames.append({"type": "closed", "code": code})


async def test_the_second_writer_gets_busy_then_a_clean_retry(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/shared.db"
    stores = [open_storage(url), open_storage(url)]
    for store in stores:
        await store.open()
    one, two = (RoomsService(store, Settings(db_url=url)) for store in stores)
    try:
        game = await one.create("hotseat", {"preset": "draw"}, None, None)
        p1, p2 = FakePeer(), FakePeer()
        await one.hello(p1, Hello(game["game_id"], game["token"], None))
        await two.hello(p2, Hello(game["game_id"], game["token"], None))
        lead = p1.frames[0]["view"]["legal"][0]
        await one.handle(p1, Move(0, lead, None, 1))
        assert p1.frames[-2] == {"type": "ack", "id": 1, "state_no": 1}
        # the second process still holds state 0 in memory: storage refuses its write
        with pytest.raises(ServiceError) as refused:
            await two.handle(p2, Move(0, lead, None, 2))
        assert refused.value.code == "busy"
        # its retry reloads the room and recognises the move as already made
        await two.handle(p2, Move(0, lead, None, 3))
        assert p2.frames[-1] == {"type": "ack", "id": 3, "state_no": 1, "duplicate": True}
        row = await stores[1].load(game["game_id"])
        assert row is not None and row.state_no == 1 and len(row.record["actions"]) == 1
    finally:
        for store in stores:
            await store.close()
