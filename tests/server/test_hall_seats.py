"""Hall tables for three and four: sitting at a chosen seat, computer seats the creator
chose, the lobby line, a spectator who never sees a hand, and a loss on time with 3 seats."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.server.harness import Client, ServerThread, create, my_turn
from tests.server.secrets_check import assert_no_secrets, assert_no_secrets_for_watcher
from tests.server.test_hall import FakeTime, listed, lobby, watcher
from tests.server.test_seats import play_out, record

PAIRS_RULES: dict[str, Any] = {"preset": "block", "players": 4}


@pytest.fixture(scope="module")
def clock() -> FakeTime:
    return FakeTime()


@pytest.fixture(scope="module")
def hall(clock: FakeTime) -> Iterator[ServerThread]:
    s = ServerThread(clock=clock).start()
    yield s
    s.stop()


async def sit_at(server: ServerThread, game_id: str, name: str, seat: int | None
                 ) -> httpx.Response:
    body: dict[str, Any] = {"name": name}
    if seat is not None:
        body["seat"] = seat
    async with httpx.AsyncClient(base_url=server.http) as http:
        return await http.post(f"/api/hall/tables/{game_id}/sit", json=body)


async def test_four_seats_two_people_two_computers_and_a_spectator(hall: ServerThread) -> None:
    watch = await lobby(hall)
    rules = dict(PAIRS_RULES)
    game = await create(hall, "online", rules.pop("preset"), rules=rules, name="Аня",
                        computers=[1, 3], level="easy",
                        hall={"public": True, "clock": {"minutes": 10, "increment": 5}})
    frame = await watch.expect("lobby", where=lambda f: listed(f, game["game_id"]) is not None)
    line = listed(frame, game["game_id"])
    assert line is not None and line["status"] == "open"
    assert [(s["taken"], s["computer"]) for s in line["seats"]] == [
        (True, False), (True, True), (False, False), (True, True)]
    a = Client(hall, game["game_id"], game["token"])
    await a.connect()
    # a taken seat cannot be chosen; the free one can
    assert (await sit_at(hall, game["game_id"], "Боря", 1)).status_code == 409
    r = await sit_at(hall, game["game_id"], "Боря", 2)
    assert r.status_code == 200 and r.json()["seat"] == 2
    frame = await watch.expect("lobby", where=lambda f: (listed(f, game["game_id"]) or {})
                               .get("status") == "playing")
    b = Client(hall, game["game_id"], r.json()["token"])
    await b.connect()
    spectator = await watcher(hall, game["game_id"])
    assert spectator.view["seat"] is None and "hand" not in spectator.view
    assert len(spectator.room["seats"]) == 4
    await play_out([a, b], random.Random(8))
    await spectator.until_state(a.state_no)
    truth = record(hall, game["game_id"])
    assert assert_no_secrets_for_watcher(spectator.frames, truth) >= 2
    assert assert_no_secrets(a.frames, truth) >= 1 and assert_no_secrets(b.frames, truth) >= 1
    # the clocks ran for the seats that moved: four clocks, shown to the spectator too
    assert len(spectator.room["hall"]["clock"]["left"]) == 4
    for c in (a, b, spectator, watch):
        await c.close()


async def test_three_seat_single_deal_lost_on_time(hall: ServerThread, clock: FakeTime) -> None:
    game = await create(hall, "online", "block", rules={"players": 3}, name="Аня",
                        hall={"public": True, "clock": {"minutes": 1, "increment": 0}})
    tokens = [game["token"]]
    for name in ("Боря", "Вера"):
        r = await sit_at(hall, game["game_id"], name, None)
        tokens.append(r.json()["token"])
    clients = [Client(hall, game["game_id"], tok) for tok in tokens]
    for c in clients:
        await c.connect()
    mover = next(c for c in clients if my_turn(c))
    loser = mover.view["seat"]
    clock.advance(61)
    hall.call(hall.hall.tick())
    frame = await clients[0].expect("event", where=lambda f: f["event"]["kind"] == "timeout")
    event = frame["event"]
    assert event["loser"] == loser and event["winner"] != loser
    assert event["winner"] in range(3) and event["points"] > 0
    for c in clients:
        await c.close()
