"""A retried frame (its ack was lost) whose change is stored already is acknowledged again,
once: when what the retry still changes (a next deal's press still closes that seat's sheet)
cannot be stored, no ack has gone out before the refusal, so the second run that follows it
(RoomsService.handle, on a cache found behind) is the only one to acknowledge."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import pytest

from doublesix.server.config import Settings
from doublesix.server.rooms import machine
from doublesix.server.rooms.events import Event, SheetClosed
from doublesix.server.rooms.room import Room
from doublesix.server.rooms.service import RoomsService
from doublesix.server.storage import Conflict, open_storage
from doublesix.server.wire.errors import ServiceError
from doublesix.server.wire.protocol import Hello, Move
from tests.server.test_conflict import FakePeer


@dataclass(frozen=True, slots=True)
class CloseMySheet(machine.Command):
    def step(self, room: Room, connected: set[int]) -> list[Event]:
        return [SheetClosed(1)]


@dataclass(frozen=True, slots=True)
class Again(machine.Command):
    """The retry of the change that left *made_on*, still asking :class:`CloseMySheet`."""

    acked = True
    made_on: int

    @property
    def state_no(self) -> int:
        return self.made_on

    def repeats(self, event: Event) -> bool:
        return True

    def retried(self) -> machine.Command:
        return CloseMySheet()

    def step(self, room: Room, connected: set[int]) -> list[Event]:
        raise AssertionError("a change already stored is not made twice")


@pytest.fixture
async def service() -> AsyncIterator[RoomsService]:
    storage = open_storage("memory://")
    await storage.open()
    try:
        yield RoomsService(storage, Settings(db_url="memory://"))
    finally:
        await storage.close()


def latest(peer: FakePeer) -> dict[str, Any]:
    """The last frame that brought a view (the welcome, an event)."""
    return next(f for f in reversed(peer.frames) if "view" in f)


def acks(peer: FakePeer, request_id: int) -> list[dict[str, Any]]:
    return [f for f in peer.frames if f.get("type") == "ack" and f.get("id") == request_id]


async def test_a_repeat_is_acknowledged_once_what_it_still_changes_is_stored(
        service: RoomsService, monkeypatch: pytest.MonkeyPatch) -> None:
    game = await service.create("hotseat", {"preset": "block"}, None, None)
    game_id = game["game_id"]
    peer = FakePeer()
    await service.hello(peer, Hello(game_id, game["token"], None))
    first = latest(peer)
    await service.handle(peer, Move(first["state_no"], first["view"]["legal"][0], None, 1))

    real_save = service.storage.save
    refused = 0

    async def save_refused_once(*args: Any, **kwargs: Any) -> None:
        nonlocal refused
        if refused == 0:
            refused += 1
            raise Conflict("another process stored first")
        await real_save(*args, **kwargs)

    monkeypatch.setattr(service.storage, "save", save_refused_once)
    with pytest.raises(ServiceError):
        await service.run(game_id, Again(first["state_no"]), peer, 7)
    assert acks(peer, 7) == [], "acknowledged before what it still changes was stored"
    await service.run(game_id, Again(first["state_no"]), peer, 7)
    assert acks(peer, 7) == [{"type": "ack", "id": 7, "state_no": first["state_no"] + 1,
                              "duplicate": True}]


async def test_a_repeat_that_changes_nothing_more_is_acknowledged_at_once(
        service: RoomsService) -> None:
    game = await service.create("hotseat", {"preset": "block"}, None, None)
    peer = FakePeer()
    await service.hello(peer, Hello(game["game_id"], game["token"], None))
    first = latest(peer)
    move = Move(first["state_no"], first["view"]["legal"][0], None, 1)
    await service.handle(peer, move)
    await service.handle(peer, Move(first["state_no"], first["view"]["legal"][0], None, 2))
    assert [f["state_no"] for f in acks(peer, 1)] == [first["state_no"] + 1]
    assert acks(peer, 2) == [{"type": "ack", "id": 2, "state_no": first["state_no"] + 1,
                              "duplicate": True}]
