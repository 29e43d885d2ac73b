"""Fair clocks between deals (issue 24): on a real server with an injected time source, the
clock of a player whose result sheet is still open does not run when someone else deals the
next deal, until they close the sheet, press «Следующая сдача» themselves, or the grace ends."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.server.harness import Client, ServerThread, create, my_turn

GRACE = 15.0  # Settings.sheet_grace's default, which the server below runs with


class FakeTime:
    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture(scope="module")
def clock() -> FakeTime:
    return FakeTime()


@pytest.fixture(scope="module")
def server(clock: FakeTime) -> Iterator[ServerThread]:
    s = ServerThread(clock=clock).start()
    assert s.settings.sheet_grace == GRACE
    yield s
    s.stop()


async def seated(server: ServerThread) -> tuple[Client, Client]:
    # a match to 501 is not decided by its first deals, so there is always a next one
    game = await create(server, "online", "101", rules={"target": 501}, name="Аня",
                        hall={"public": True, "clock": {"minutes": 5, "increment": 0}})
    async with httpx.AsyncClient(base_url=server.http) as http:
        r = await http.post(f"/api/hall/tables/{game['game_id']}/sit", json={"name": "Боря"})
    assert r.status_code == 200, r.text
    a = Client(server, game["game_id"], game["token"])
    b = Client(server, game["game_id"], r.json()["token"])
    await a.connect()
    await b.connect()
    return a, b


async def settle(clients: list[Client], state_no: int) -> None:
    for c in clients:
        await c.until_state(state_no)


async def play_deal_out(a: Client, b: Client, rng: random.Random) -> None:
    """Random legal moves (the fake time standing still) until the deal is over."""
    for _ in range(500):
        if a.view["result"] is not None:
            return
        mover = a if my_turn(a) else b
        ack = await mover.move(rng.choice(mover.view["legal"]))
        assert ack["type"] == "ack", ack
        await settle([a, b], ack["state_no"])
    raise AssertionError("the deal did not end")


async def deal_next(dealer: Client, other: Client) -> None:
    rid = dealer.next_id()
    await dealer.send({"type": "next_deal", "state_no": dealer.state_no, "id": rid})
    ack = await dealer.expect_reply(rid)
    assert ack["type"] == "ack" and not ack.get("duplicate"), ack
    await settle([dealer, other], ack["state_no"])


async def until_reader_moves(dealer: Client, reader: Client, rng: random.Random) -> None:
    """The dealer plays until the reader is to move (the dealer's clock stands still too)."""
    while dealer.view["to_move"] == dealer.view["seat"]:
        ack = await dealer.move(rng.choice(dealer.view["legal"]))
        assert ack["type"] == "ack", ack
        await settle([dealer, reader], ack["state_no"])
    assert reader.view["to_move"] == reader.view["seat"] and reader.view["result"] is None


async def clock_now(server: ServerThread, game_id: str) -> dict[str, Any]:
    """The clock as a socket connecting now is sent it (a spectator's snapshot)."""
    watcher = Client(server, game_id, "")
    from websockets.asyncio.client import connect

    watcher.ws = await connect(server.ws_url)
    await watcher.send({"type": "watch", "game_id": game_id})
    frame = await watcher.expect("watching")
    await watcher.close()
    clock: dict[str, Any] = frame["room"]["hall"]["clock"]
    return clock


async def test_the_readers_clock_waits_until_they_close_the_sheet(
    server: ServerThread, clock: FakeTime
) -> None:
    rng = random.Random(24)
    a, b = await seated(server)
    await play_deal_out(a, b, rng)
    reader = b.view["seat"]
    assert a.room["hall"]["clock"]["running"] is None  # between deals nobody's clock runs
    await deal_next(a, b)
    assert a.room["hall"]["clock"]["reading"] == [reader]
    await until_reader_moves(a, b, rng)
    before = (await clock_now(server, a.game_id))["left"][reader]
    clock.advance(6)
    held = await clock_now(server, a.game_id)
    assert held["running"] == reader and held["reading"] == [reader]
    assert held["left"][reader] == pytest.approx(before)  # 6 s with the sheet open: nothing
    assert held["waits"] == pytest.approx(GRACE - 6, abs=0.2)
    # «Следующая сдача» on the old sheet closes it: the clock runs from now
    await b.send({"type": "sheet_closed"})
    frame = await b.expect("event", where=lambda f: f["event"]["kind"] == "sheet_closed")
    assert frame["event"]["seat"] == reader
    assert frame["room"]["hall"]["clock"]["waits"] == 0
    assert frame["room"]["hall"]["clock"]["reading"] == []
    clock.advance(4)
    running = await clock_now(server, a.game_id)
    assert running["left"][reader] == pytest.approx(before - 4, abs=0.2)
    # a second close changes nothing and is no error
    await b.send({"type": "sheet_closed"})
    await b.send({"type": "ping", "id": "p"})
    assert (await b.expect("pong"))["id"] == "p"
    for c in (a, b):
        await c.close()


async def test_the_grace_ends_the_wait_and_a_late_next_deal_closes_the_sheet(
    server: ServerThread, clock: FakeTime
) -> None:
    rng = random.Random(7)
    a, b = await seated(server)
    await play_deal_out(a, b, rng)
    reader = b.view["seat"]
    await deal_next(a, b)
    await until_reader_moves(a, b, rng)
    before = (await clock_now(server, a.game_id))["left"][reader]
    clock.advance(GRACE + 5)  # nobody closed the sheet: the clock ran for the last 5 s
    late = await clock_now(server, a.game_id)
    assert late["waits"] == 0 and late["reading"] == []
    assert late["left"][reader] == pytest.approx(before - 5, abs=0.2)
    # the reader's move is charged the same 5 s
    ack = await b.move(rng.choice(b.view["legal"]))
    assert ack["type"] == "ack", ack
    await settle([a, b], ack["state_no"])
    assert a.room["hall"]["clock"]["left"][reader] == pytest.approx(before - 5, abs=0.2)

    # the next deal: this time the reader presses «Следующая сдача» too, a moment late; the
    # frame made on the finished deal is a duplicate, and it closes the sheet all the same
    await play_deal_out(a, b, rng)
    made_on = b.state_no
    await deal_next(a, b)
    rid = b.next_id()
    await b.send({"type": "next_deal", "state_no": made_on, "id": rid})
    ack = await b.expect_reply(rid)
    assert ack["type"] == "ack" and ack["duplicate"] is True, ack
    frame = await b.expect("event", where=lambda f: f["event"]["kind"] == "sheet_closed")
    assert frame["room"]["hall"]["clock"]["reading"] == []
    for c in (a, b):
        await c.close()


async def test_a_table_without_a_clock_takes_sheet_closed_as_nothing(
    server: ServerThread,
) -> None:
    game = await create(server, "online", "101", name="Аня", hall={"public": True, "clock": None})
    a = Client(server, game["game_id"], game["token"])
    await a.connect()
    await a.send({"type": "sheet_closed", "id": 1})
    await a.send({"type": "ping", "id": 2})
    frame = await a.recv()
    while frame["type"] == "presence":
        frame = await a.recv()
    assert frame == {"type": "pong", "id": 2}
    await a.close()
