"""«Козёл» rooms (RULES.md §9): four people online play a whole match with every secret kept
(a partner's hand included), the score by pair; a hall table lists its pairs and a loss on
time loses the match for the pair."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from doublesix.core.rules import PRESETS
from tests.server.harness import Client, ServerThread, create, join, my_turn
from tests.server.secrets_check import assert_no_secrets
from tests.server.test_hall import FakeTime, listed, lobby
from tests.server.test_seats import play_out, record

pytestmark = pytest.mark.skipif("kozel" not in PRESETS, reason="the rules core has no kozel yet")


@pytest.fixture(scope="module")
def clock() -> FakeTime:
    return FakeTime()


@pytest.fixture(scope="module")
def hall(clock: FakeTime) -> Iterator[ServerThread]:
    s = ServerThread(clock=clock).start()
    yield s
    s.stop()


async def test_a_kozel_match_between_four_sockets_keeps_every_hand_secret(
    server: ServerThread,
) -> None:
    game = await create(server, "online", "kozel", name="Аня")
    guests = [await join(server, game, n) for n in ("Боря", "Вера", "Гена")]
    clients = [Client(server, game["game_id"], tok)
               for tok in [game["token"], *[g["token"] for g in guests]]]
    for c in clients:
        await c.connect()
    assert clients[0].room["rules"]["teams"] is True
    await play_out(clients, random.Random(101), max_steps=2000)
    match = clients[0].view["match"]
    assert match["over"] and len(match["scores"]) == 2
    assert max(match["scores"]) > match["target"]
    truth = record(server, game["game_id"])
    for c in clients:
        # the partner's hand (seat + 2) is checked like any other: never seen during a deal
        assert assert_no_secrets(c.frames, truth) >= 5
    for c in clients:
        await c.close()


async def test_a_hall_kozel_table_shows_its_pairs_and_a_timeout_loses_for_the_pair(
    hall: ServerThread, clock: FakeTime
) -> None:
    watch = await lobby(hall)
    game = await create(hall, "online", "kozel", name="Аня", computers=[1, 3], level="easy",
                        hall={"public": True, "clock": {"minutes": 1, "increment": 0}})
    a = Client(hall, game["game_id"], game["token"])
    await a.connect()
    frame = await watch.expect("lobby", where=lambda f: listed(f, game["game_id"]) is not None)
    line = listed(frame, game["game_id"])
    assert line is not None and line["pairs"] == [[0, 2], [1, 3]]
    guest = await join(hall, game, "Вера")
    assert guest["seat"] == 2  # Аня's partner
    b = Client(hall, game["game_id"], guest["token"])
    await b.connect()
    # wait for a person's turn, then let that person's clock run out
    for _ in range(50):
        await a.until_state(b.state_no)
        await b.until_state(a.state_no)
        if my_turn(a) or my_turn(b):
            break
        await a.recv()
    mover = a if my_turn(a) else b
    seat = mover.view["seat"]
    clock.advance(61)
    hall.call(hall.hall.tick())
    frame = await a.expect("event", where=lambda f: f["event"]["kind"] == "timeout")
    assert frame["event"]["loser"] == seat and frame["event"]["winner_pair"] == 1
    assert frame["event"]["match_lost"] is True
    for c in (a, b, watch):
        await c.close()
