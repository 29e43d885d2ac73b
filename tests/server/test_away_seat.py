"""Squatting (issue 21 item 4): one address sat at open untimed hall tables and never
connected, and each host waited for ever — an untimed table waits for every seat, and
``seat_computer`` on a taken seat and ``reset`` are refused.

Now a guest's seat at an untimed public table whose holder stays away while someone else at
the table is connected is freed after ``seat_grace`` (DOUBLESIX_SEAT_GRACE, default 120 s):
its token stops working, the table is listed as open again, and its creator may wait for the
next stranger or give the seat to the computer. A timed table needs none of it (the absent
player's clock runs), a private table seats only whom its creator invited, a table nobody is
at waits for its players, and a finished game never reopens its seats. On an injected clock.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from doublesix.server.config import Settings
from tests.server.harness import LIFTED, Client, ServerThread, create
from tests.server.test_hall import FakeTime, listed, lobby, sit

GRACE = 120.0


@pytest.fixture(scope="module")
def clock() -> FakeTime:
    return FakeTime()


@pytest.fixture(scope="module")
def hall(clock: FakeTime) -> Iterator[ServerThread]:
    s = ServerThread(Settings(db_url="memory://", computer_delay=0.0, rate_per_second=10_000,
                              rate_burst=10_000, hall_tick=0.05, **LIFTED), clock=clock).start()
    yield s
    s.stop()


async def table(server: ServerThread, rules: dict[str, Any] | None = None,
                **hall: Any) -> dict[str, Any]:
    rules = rules or {"preset": "block"}
    preset = rules.pop("preset")
    game: dict[str, Any] = await create(server, "online", preset, rules=rules, name="Аня",
                                        hall={"public": True, **hall})
    return game


def seats(server: ServerThread, game: dict[str, Any]) -> list[bool]:
    """Which seats are taken, as the server holds them now."""
    async def read() -> list[bool]:
        async with server.service.rooms.locked(game["game_id"]) as room:
            return [s.taken for s in room.row.seats]

    return server.call(read())


async def ticks(server: ServerThread) -> None:
    await asyncio.sleep(server.settings.hall_tick * 6)


async def test_a_guest_who_never_comes_loses_the_seat(hall: ServerThread,
                                                      clock: FakeTime) -> None:
    watch = await lobby(hall)
    game = await table(hall)
    anna = Client(hall, game["game_id"], game["token"])
    await anna.connect()
    squatter = await sit(hall, game["game_id"])  # sits down and never connects
    assert squatter.status_code == 200
    assert seats(hall, game) == [True, True]
    clock.advance(GRACE - 1)
    await ticks(hall)
    assert seats(hall, game) == [True, True]  # not yet: a reload, a phone changing networks
    clock.advance(2)
    frame = await anna.expect("event", where=lambda f: f["event"]["kind"] == "seat_freed")
    assert frame["event"] == {"kind": "seat_freed", "seat": 1, "reason": "away"}
    assert [s["taken"] for s in frame["room"]["seats"]] == [True, False]
    assert seats(hall, game) == [True, False]
    line = await watch.expect("lobby", where=lambda f: (listed(f, game["game_id"]) or {})
                              .get("status") == "open")
    assert listed(line, game["game_id"]) is not None
    # the squatter's token opens nothing now; a newcomer sits down
    late = Client(hall, game["game_id"], squatter.json()["token"])
    with pytest.raises(AssertionError, match="bad_token"):
        await late.connect()
    await late.close()
    vera = await sit(hall, game["game_id"], "Вера")
    assert vera.status_code == 200 and vera.json()["seat"] == 1
    await anna.close()
    await watch.close()


async def test_the_creator_may_give_the_freed_seat_to_the_computer(hall: ServerThread,
                                                                   clock: FakeTime) -> None:
    game = await table(hall)
    anna = Client(hall, game["game_id"], game["token"])
    await anna.connect()
    boris = await sit(hall, game["game_id"])
    guest = Client(hall, game["game_id"], boris.json()["token"])
    await guest.connect()
    await guest.close()  # played a little, then went away for good
    await anna.expect("presence", where=lambda f: not f["seats"][1]["connected"])
    clock.advance(GRACE + 1)
    await anna.expect("event", where=lambda f: f["event"]["kind"] == "seat_freed")
    await anna.send({"type": "seat_computer", "seat": 1, "id": 7})
    assert (await anna.expect_reply(7))["type"] == "ack"
    if anna.room["waiting_for"]:  # the event may come after the ack
        await anna.expect("event", where=lambda f: f["event"]["kind"] == "seat_computer")
    assert anna.room["waiting_for"] == []
    await anna.close()


async def test_coming_back_within_the_grace_keeps_the_seat(hall: ServerThread,
                                                           clock: FakeTime) -> None:
    game = await table(hall)
    anna = Client(hall, game["game_id"], game["token"])
    await anna.connect()
    boris = await sit(hall, game["game_id"])
    clock.advance(GRACE - 10)
    await ticks(hall)
    guest = Client(hall, game["game_id"], boris.json()["token"])
    await guest.connect()
    await guest.close()  # the grace starts again from here
    await anna.expect("presence", where=lambda f: not f["seats"][1]["connected"])
    clock.advance(GRACE - 10)
    await ticks(hall)
    assert seats(hall, game) == [True, True]
    clock.advance(11)
    await anna.expect("event", where=lambda f: f["event"]["kind"] == "seat_freed")
    await anna.close()


async def test_tables_that_keep_their_away_seats(hall: ServerThread, clock: FakeTime) -> None:
    timed = await table(hall, clock={"minutes": 5, "increment": 0})
    private = await create(hall, "online", "block", name="Аня", hall={"public": False})
    nobody = await table(hall)
    finished = await table(hall)
    held = []
    for game in (timed, private, finished):
        anna = Client(hall, game["game_id"], game["token"])
        await anna.connect()
        held.append(anna)
    for game in (timed, nobody, finished):
        assert (await sit(hall, game["game_id"])).status_code == 200
    async with httpx.AsyncClient(base_url=hall.http) as http:
        r = await http.post(f"/api/games/{private['game_id']}/join",
                            json={"invite": private["invite"], "name": "Боря"})
        assert r.status_code == 200
    # the finished table: its game is over (time ran out), a rematch is the players' to ask
    async def finish() -> None:
        async with hall.service.rooms.locked(finished["game_id"]) as room:
            assert room.row.hall is not None
            room.row.hall["over"] = {"reason": "timeout", "loser": 1, "winner": 0,
                                     "game_no": 1, "points": 0}
            await hall.service.rooms.commit(room, [])

    hall.call(finish())
    clock.advance(GRACE * 3)
    await ticks(hall)
    for game in (timed, private, nobody, finished):
        assert seats(hall, game) == [True, True], game["game_id"]
    for anna in held:
        await anna.close()


async def test_a_guest_waiting_for_an_away_creator_keeps_it_to_the_table_rule(
        hall: ServerThread, clock: FakeTime) -> None:
    """The creator's seat is never freed: a table whose creator is away is the table's own
    rule (closed from the lobby after hall_grace while a seat is free; a full table leaves the
    list while nobody is at it)."""
    game = await table(hall)
    boris = await sit(hall, game["game_id"])
    guest = Client(hall, game["game_id"], boris.json()["token"])
    await guest.connect()
    clock.advance(GRACE * 3)
    await ticks(hall)
    assert seats(hall, game) == [True, True]
    await guest.close()


def test_the_grace_is_a_checked_setting() -> None:
    assert Settings.from_env({}).seat_grace == GRACE
    assert Settings.from_env({"DOUBLESIX_SEAT_GRACE": "600"}).seat_grace == 600.0
    for bad in ("5", "0", "-1", "100000", "soon"):
        with pytest.raises(ValueError, match="DOUBLESIX_SEAT_GRACE"):
            Settings.from_env({"DOUBLESIX_SEAT_GRACE": bad})
