"""A room held while the fanout keeps this process told of the others' stores is not asked of
storage before each change (rooms/cache.py): on two rooms services sharing one PostgreSQL
database, as two processes would, each with its own storage connection and cached rooms.

The cases where the fanout is told by hand stand for a message still on its way, which no
real timing makes sure of; the last case runs two real fanouts on Redis.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest

from doublesix.server import fanout
from doublesix.server.config import Settings
from doublesix.server.rooms.service import RoomsService
from doublesix.server.storage import Storage, open_storage
from doublesix.server.wire.errors import ServiceError
from doublesix.server.wire.protocol import Hello, Move
from tests.server.test_conflict import FakePeer


class Peer(FakePeer):
    def latest(self) -> dict[str, Any]:
        """The last frame that brought a view (a welcome or an event)."""
        return next(f for f in reversed(self.frames) if "view" in f)


class Asked:
    """How often a storage was asked for rooms' stored event numbers."""

    def __init__(self, store: Storage) -> None:
        self.times = 0
        real = store.event_nos  # type: ignore[attr-defined]

        async def counted(game_ids: Any) -> dict[str, int]:
            self.times += 1
            stored: dict[str, int] = await real(game_ids)
            return stored

        store.event_nos = counted  # type: ignore[attr-defined]


@pytest.fixture
async def services(pg_url: str) -> AsyncIterator[tuple[RoomsService, RoomsService]]:
    stores = [open_storage(pg_url), open_storage(pg_url)]
    for store in stores:
        await store.open()
    try:
        yield RoomsService(stores[0], Settings(db_url=pg_url)), \
            RoomsService(stores[1], Settings(db_url=pg_url))
    finally:
        for store in stores:
            await store.close()


async def told_and_seated(one: RoomsService, two: RoomsService) -> tuple[str, Peer, Peer]:
    """Both services told by a fanout (by hand), then :func:`seated`."""
    one.rooms.listening(True)
    two.rooms.listening(True)
    return await seated(one, two)


async def seated(one: RoomsService, two: RoomsService) -> tuple[str, Peer, Peer]:
    """A hot-seat room, its one token's socket on each process (both seats)."""
    game = await one.create("hotseat", {"preset": "block"}, None, None)
    p1, p2 = Peer(), Peer()
    await one.hello(p1, Hello(game["game_id"], game["token"], None))
    await two.hello(p2, Hello(game["game_id"], game["token"], None))
    return game["game_id"], p1, p2


def newest_view(*peers: Peer) -> dict[str, Any]:
    """The latest frame with a view any of *peers* was sent (each hears only its own
    process's moves)."""
    return max((p.latest() for p in peers), key=lambda f: int(f["state_no"]))


async def move(service: RoomsService, peer: Peer, frame: dict[str, Any], move_id: int) -> None:
    """The first legal action of *frame*'s view, on its state."""
    await service.handle(peer, Move(frame["state_no"], frame["view"]["legal"][0], None, move_id))


def event_no(service: RoomsService, game_id: str) -> int:
    room = service.rooms.cached(game_id)
    assert room is not None
    return room.row.event_no


async def test_a_room_held_while_told_is_changed_without_asking_storage(
        services: tuple[RoomsService, RoomsService]) -> None:
    one, two = services
    game_id, p1, p2 = await told_and_seated(one, two)
    asked = [Asked(one.storage), Asked(two.storage)]
    await move(one, p1, newest_view(p1), 1)
    await move(one, p1, newest_view(p1), 2)
    # told of the other's stores, each reloads the room (not asking whether to)
    for n, (service, peer, other) in enumerate([(two, p2, one), (one, p1, two), (two, p2, one)]):
        service.rooms.told(game_id, event_no(other, game_id))
        await move(service, peer, newest_view(p1, p2), 3 + n)
    assert [a.times for a in asked] == [0, 0]
    stored = await one.storage.load(game_id)
    assert stored is not None and len(stored.record["actions"]) == 5


async def test_a_move_on_a_copy_whose_news_is_on_its_way_is_judged_on_the_stored_room(
        services: tuple[RoomsService, RoomsService]) -> None:
    one, two = services
    game_id, p1, p2 = await told_and_seated(one, two)
    first = newest_view(p1)
    await move(one, p1, first, 1)
    # two's copy is still at the first state and nobody told it otherwise. The same move
    # from its socket (a tab that had not heard of the first yet) meets storage's check, and
    # is judged again on the room as stored: made already
    await move(two, p2, first, 2)
    ack = next(f for f in p2.frames if f.get("id") == 2)
    assert ack["type"] == "ack" and ack["duplicate"] is True
    # a move on a state two has not heard of yet (its client is ahead of it): served on the
    # room as stored
    await move(one, p1, newest_view(p1), 3)
    await move(two, p2, newest_view(p1), 4)
    ack = next(f for f in p2.frames if f.get("id") == 4)
    assert ack["type"] == "ack" and "duplicate" not in ack
    # a refusal on a copy that is current stands (asking storage once said so)
    asked = Asked(two.storage)
    with pytest.raises(ServiceError) as refused:
        await two.handle(p2, Move(newest_view(p2)["state_no"], "draw", None, 5))  # block: none
    assert refused.value.code == "illegal_action" and asked.times == 1
    stored = await two.storage.load(game_id)
    assert stored is not None and len(stored.record["actions"]) == 3


async def test_a_hello_asks_storage_even_when_told(
        services: tuple[RoomsService, RoomsService]) -> None:
    """A guest who sat down on one process and says hello on the other at once: the other's
    copy, vouched for by its fanout, has not heard of the seat yet. A refused hello would make
    the guest's page forget its seat, so a hello always asks storage."""
    one, two = services
    one.rooms.listening(True)
    game = await one.create("online", {"preset": "block"}, None, "Аня")
    host = Peer()
    await one.hello(host, Hello(game["game_id"], game["token"], None))
    guest = await two.join(game["game_id"], game["invite"], "Боря")
    visitor = Peer()
    await one.hello(visitor, Hello(game["game_id"], guest["token"], None))
    assert visitor.frames[0]["type"] == "welcome"
    assert {s["name"] for s in visitor.frames[0]["room"]["seats"]} == {"Аня", "Боря"}


async def test_without_a_subscription_storage_is_asked_again(
        services: tuple[RoomsService, RoomsService]) -> None:
    one, two = services
    one.rooms.listening(True)
    game_id, p1, _ = await seated(one, two)
    asked = Asked(one.storage)
    await move(one, p1, newest_view(p1), 1)
    assert asked.times == 0
    one.rooms.listening(False)  # the subscription was lost: stores may go unheard
    await move(one, p1, newest_view(p1), 2)
    assert asked.times == 1
    # a new subscription vouches only for a copy found current under it: asked once more
    one.rooms.listening(True)
    await move(one, p1, newest_view(p1), 3)
    await move(one, p1, newest_view(p1), 4)
    assert asked.times == 2


async def test_two_told_processes_alternate_moves_without_asking_storage(
        services: tuple[RoomsService, RoomsService], redis_url: str) -> None:
    """An invite room, its host's socket on one process and its guest's on the other (one
    token's sockets on two processes would replace each other): each moves on its own."""
    one, two = services
    async with fanout.running(one, redis_url), fanout.running(two, redis_url):
        for service in (one, two):
            await wait_for(lambda s=service: s.rooms._listening is not None)  # type: ignore[misc]
        game = await one.create("online", {"preset": "block"}, None, "Аня")
        game_id = game["game_id"]
        guest = await one.join(game_id, game["invite"], "Боря")
        host, visitor = Peer(), Peer()
        await one.hello(host, Hello(game_id, game["token"], None))
        await two.hello(visitor, Hello(game_id, guest["token"], None))
        seats = {host.latest()["seat"]: (one, host), visitor.latest()["seat"]: (two, visitor)}
        # each process hears that the other's player is there before anyone may move
        for service in (one, two):
            await wait_for(lambda s=service: s.hub.connected(game_id) == set(seats))  # type: ignore[misc]
        asked = [Asked(one.storage), Asked(two.storage)]  # a hello and a join ask: a move not
        moves = crossed = 0
        last_mover = None
        while moves < 40:
            frame = newest_view(host, visitor)
            to_move = frame["view"]["to_move"]
            if to_move is None:
                break
            service, peer = seats[to_move]
            frame = peer.latest()
            await move(service, peer, frame, moves + 1)
            moves += 1
            crossed += last_mover is not None and peer is not last_mover
            last_mover = peer
            # both sockets hear of the move, one from the other process
            for p in (host, visitor):
                await wait_for(lambda p=p, f=frame:  # type: ignore[misc]
                               p.latest()["state_no"] > f["state_no"])
        assert crossed >= 4, (moves, crossed)
        stored = await one.storage.load(game_id)
        assert stored is not None and len(stored.record["actions"]) == moves
    assert [a.times for a in asked] == [0, 0]


async def wait_for(condition: Callable[[], object], timeout: float = 10.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError("the condition never held")
        await asyncio.sleep(0.01)
