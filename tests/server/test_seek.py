"""«Играть сейчас» over a real server (hall/seek.py): two profiles who seek the same game are
seated at one rated hall table; a wider window with the wait (a fake clock); «Отмена»; one entry
per person (a second tab replaces the first, never a pair of one person); a closed socket
leaves the pool; typed refusals."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any, Protocol

import pytest
from websockets.asyncio.client import ClientConnection, connect

from doublesix.server.hall.pool import Seeker
from doublesix.server.hall.seek import Matchmaker
from doublesix.server.ratings.model import MODELS, SCALE
from tests.server.harness import Client, ServerThread, create
from tests.server.test_profiles import new_profile, settings

CLOCK = {"minutes": 5, "increment": 0}


class FakeClock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def server(clock: FakeClock) -> Iterator[ServerThread]:
    s = ServerThread(settings(), clock=clock).start()
    yield s
    s.stop()


class Served(Protocol):
    """A server in a thread or a process: its socket's address."""

    @property
    def ws_url(self) -> str: ...


class Lobby:
    """A hall lobby socket; every frame but the lobby's list is kept."""

    def __init__(self, server: Served) -> None:
        self.server = server
        self.ws: ClientConnection | None = None

    async def open(self) -> Lobby:
        self.ws = await connect(self.server.ws_url)
        await self.ws.send(json.dumps({"type": "lobby"}))
        assert (await self.next())["type"] == "lobby"
        return self

    async def send(self, frame: dict[str, Any]) -> None:
        assert self.ws is not None
        await self.ws.send(json.dumps(frame))

    async def seek(self, key: str, preset: str = "draw", **extra: Any) -> dict[str, Any]:
        await self.send({"type": "seek", "key": key, "preset": preset, "clock": CLOCK,
                         "id": 1, **extra})
        return await self.next(("seeking", "error"))

    async def next(self, kinds: tuple[str, ...] = ("lobby",), timeout: float = 10.0
                   ) -> dict[str, Any]:
        assert self.ws is not None
        while True:
            frame: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
            if frame["type"] in kinds:
                return frame

    async def silent(self, kinds: tuple[str, ...], seconds: float = 1.5) -> None:
        """No frame of *kinds* comes within *seconds* (the pool's tick is one second)."""
        with pytest.raises(TimeoutError):
            await self.next(kinds, timeout=seconds)

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()


def matchmaker(server: ServerThread) -> Matchmaker:
    found: Matchmaker = server.app.state.matchmaker
    return found


async def seekers(server: ServerThread) -> list[str]:
    async def read() -> list[str]:
        return sorted(s.profile_id for s in await matchmaker(server).pool.seekers())
    return server.call(read())


async def set_rating(server: ServerThread, profile_id: str, shown: int) -> None:
    """Give *profile_id* the draw rating *shown* (as if earned), straight in storage."""
    mu = MODELS["draw"].new().mu + (shown - 1500) / SCALE
    server.call(server.storage.ratings.sql.write([(
        "INSERT INTO ratings (profile_id, rating, mu, sigma, games, updated_at)"
        " VALUES (?, ?, ?, ?, ?, ?)", (profile_id, "draw", mu, 2.0, 30, 0.0))]))


async def test_two_seekers_are_seated_at_one_rated_table(server: ServerThread) -> None:
    a_id, a_key = await new_profile(server, "Аня")
    b_id, b_key = await new_profile(server, "Боря")
    a, b = await Lobby(server).open(), await Lobby(server).open()
    waiting = await a.seek(a_key)
    assert waiting["type"] == "seeking" and waiting["id"] == 1
    assert (waiting["rating"], waiting["window"], waiting["preset"]) == (1500, 50, "draw")
    await b.seek(b_key)
    got_a, got_b = await a.next(("matched",)), await b.next(("matched",))
    assert got_a["game_id"] == got_b["game_id"]
    assert {got_a["seat"], got_b["seat"]} == {0, 1}
    assert got_a["opponent"] == {"name": "Боря", "rating": 1500}
    assert got_b["opponent"]["name"] == "Аня" and "invite" not in got_a
    assert await seekers(server) == []
    seat_a = Client(server, got_a["game_id"], got_a["token"])
    seat_b = Client(server, got_b["game_id"], got_b["token"])
    await seat_a.connect()
    await seat_b.connect()
    hall = seat_a.room["hall"]
    assert hall["rated"] is True and hall["public"] is True
    assert hall["clock"]["minutes"] == 5 and seat_a.room["rules"]["preset"] == "draw"
    players = {s["seat"]: s["name"] for s in seat_b.room["seats"]}
    assert players == {got_a["seat"]: "Аня", got_b["seat"]: "Боря"}
    for c in (seat_a, seat_b, a, b):
        await c.close()


async def test_the_window_widens_with_the_wait_until_they_fit(server: ServerThread,
                                                             clock: FakeClock) -> None:
    a_id, a_key = await new_profile(server, "Аня")
    b_id, b_key = await new_profile(server, "Боря")
    await set_rating(server, b_id, 1650)
    a, b = await Lobby(server).open(), await Lobby(server).open()
    await a.seek(a_key)
    assert (await b.seek(b_key))["rating"] == 1650
    await a.silent(("matched",))            # 150 apart, windows ±50
    clock.now += 20                          # both ±200 now: the next tick seats them
    wider = await a.next(("seeking",))
    assert wider["window"] == 200 and wider["id"] is None
    assert (await a.next(("matched",)))["opponent"]["rating"] == 1650
    await b.next(("matched",))
    for c in (a, b):
        await c.close()


async def test_another_game_type_or_clock_is_not_a_match(server: ServerThread) -> None:
    _, a_key = await new_profile(server, "Аня")
    _, b_key = await new_profile(server, "Боря")
    a, b = await Lobby(server).open(), await Lobby(server).open()
    await a.seek(a_key, "draw")
    await b.seek(b_key, "block")
    await a.silent(("matched",))
    await b.seek(b_key, "draw", clock={"minutes": 3, "increment": 0})  # the same socket again
    await a.silent(("matched",))
    assert len(await seekers(server)) == 2  # one entry each, the second seek replaced b's
    for c in (a, b):
        await c.close()


async def test_cancel_takes_you_out_and_a_second_cancel_is_refused(server: ServerThread) -> None:
    _, a_key = await new_profile(server, "Аня")
    _, b_key = await new_profile(server, "Боря")
    a = await Lobby(server).open()
    await a.seek(a_key)
    await a.send({"type": "seek_cancel", "id": 7})
    ended = await a.next(("seek_ended",))
    assert ended == {"type": "seek_ended", "reason": "cancelled", "id": 7}
    assert await seekers(server) == []
    await a.send({"type": "seek_cancel", "id": 8})
    refused = await a.next(("error",))
    assert (refused["code"], refused["id"]) == ("nothing_to_cancel", 8)
    b = await Lobby(server).open()
    await b.seek(b_key)
    await b.silent(("matched",))  # nobody left to meet
    for c in (a, b):
        await c.close()


async def test_a_second_tab_replaces_the_first_and_one_person_is_never_paired(
        server: ServerThread, clock: FakeClock) -> None:
    a_id, a_key = await new_profile(server, "Аня")
    first, second = await Lobby(server).open(), await Lobby(server).open()
    await first.seek(a_key)
    await second.seek(a_key)
    assert (await first.next(("seek_ended",)))["reason"] == "replaced"
    assert await seekers(server) == [a_id]
    clock.now += 3600  # any rating fits now: still no game against oneself
    await second.silent(("matched",))
    await first.close()
    await asyncio.sleep(0.3)
    assert await seekers(server) == [a_id]  # the replaced tab's close takes nothing out
    await second.close()


async def test_a_closed_socket_leaves_the_pool(server: ServerThread) -> None:
    a_id, a_key = await new_profile(server, "Аня")
    _, b_key = await new_profile(server, "Боря")
    a = await Lobby(server).open()
    await a.seek(a_key)
    assert await seekers(server) == [a_id]
    await a.close()
    for _ in range(50):
        if not await seekers(server):
            break
        await asyncio.sleep(0.05)
    assert await seekers(server) == []
    b = await Lobby(server).open()
    await b.seek(b_key)
    await b.silent(("matched",))
    await b.close()


async def test_a_seeker_whose_socket_closed_is_never_seated(server: ServerThread) -> None:
    """Between a socket's close and its entry's removal (or before another process hears of
    it) the pool still lists the person: they are never paired then. An entry of a socket of
    this process that no longer listens, as that moment leaves it; the next seeker waits on."""
    a_id, _ = await new_profile(server, "Аня")
    _, b_key = await new_profile(server, "Боря")
    mm = matchmaker(server)
    gone = Seeker(a_id, "Аня", 1500, "draw", CLOCK["minutes"], CLOCK["increment"],
                  mm.clock(), f"{mm.process}/999999")

    async def put() -> None:
        await mm.pool.put(gone)
    server.call(put())
    assert await seekers(server) == [a_id]
    b = await Lobby(server).open()
    await b.seek(b_key)
    await b.silent(("matched",))
    assert a_id not in await seekers(server)  # and the stale entry is gone from the pool
    await b.close()


async def test_refusals_are_typed_and_change_nothing(server: ServerThread) -> None:
    _, a_key = await new_profile(server, "Аня")
    a = await Lobby(server).open()
    assert (await a.seek(a_key, "kozel"))["code"] == "bad_seek"
    assert (await a.seek(a_key, clock={"minutes": 7}))["code"] == "bad_seek"
    assert (await a.seek("no-such-key"))["code"] == "bad_profile_key"
    await a.send({"type": "seek", "key": a_key, "preset": "draw", "clock": 5})
    assert (await a.next(("error",)))["code"] == "bad_message"
    assert await seekers(server) == []
    await a.close()
    game = await create(server, "computer")  # a seat's socket may not seek: it has its game
    seat = Client(server, game["game_id"], game["token"])
    await seat.connect()
    await seat.send({"type": "seek", "key": a_key, "preset": "draw", "clock": CLOCK, "id": 3})
    assert (await seat.expect("error"))["code"] == "not_allowed"
    await seat.close()
