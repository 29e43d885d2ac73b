"""Leavers on a real server (issue 26): a person away past the leave grace has left; the
others let the computer play the seat («Компьютер за Бориса») or, with two players, claim the
game; the leaver who comes back takes the seat again. A short grace (one second) stands for
the default minute."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from doublesix.server.config import Settings
from tests.server.harness import LIFTED, Client, ServerThread, create, join, my_turn

GRACE = 1.0


@pytest.fixture(scope="module")
def server() -> Iterator[ServerThread]:
    s = ServerThread(Settings(db_url="memory://", computer_delay=0.0, rate_per_second=10_000,
                              rate_burst=10_000, leave_grace=GRACE, **LIFTED)).start()
    yield s
    s.stop()


def kind_is(kind: str, **fields: Any) -> Any:
    return lambda f: f["event"]["kind"] == kind and all(
        f["event"].get(k) == v for k, v in fields.items())


async def ask(client: Client, frame: dict[str, Any]) -> dict[str, Any]:
    rid = client.next_id()
    await client.send({**frame, "id": rid})
    return await client.expect_reply(rid)


async def play_until(clients: list[Client], done: Any, steps: int = 60) -> None:
    """Play the people's turns (first legal move) until *done()*."""
    for _ in range(steps):
        if done():
            return
        movers = [c for c in clients if my_turn(c)]
        if movers:
            ack = await movers[0].move(movers[0].view["legal"][0])
            assert ack["type"] == "ack" or ack.get("code") == "stale_state", ack
        else:
            await clients[0].recv()  # the computer's move
        for client in clients[1:]:  # everyone sees the same state before the next turn
            await client.until_state(clients[0].state_no)
    raise AssertionError("never got there")


async def two(server: ServerThread, preset: str = "draw") -> tuple[dict[str, Any], Client, Client]:
    game = await create(server, "online", preset, name="Аня")
    guest = await join(server, game, "Борис")
    anya = Client(server, game["game_id"], game["token"])
    boris = Client(server, game["game_id"], guest["token"])
    await anya.connect()
    await boris.connect()
    return game, anya, boris


async def test_a_leaver_in_a_two_seat_invite_room_is_replaced_and_comes_back(
        server: ServerThread) -> None:
    game, anya, boris = await two(server)
    # not before the grace: the room waits for Борис as it always did
    assert (await ask(anya, {"type": "stand_in", "seat": 1}))["code"] == "not_allowed"
    await boris.close()
    frame = await anya.expect("event", where=kind_is("left", seat=1), timeout=GRACE * 10)
    seat = frame["room"]["seats"][1]
    assert seat["left"] is True and "stand_in" not in seat and frame["room"]["waiting_for"] == [1]
    ack = await ask(anya, {"type": "stand_in", "seat": 1})
    assert ack["type"] == "ack"
    frame = await anya.expect("event", where=kind_is("stand_in", seat=1))
    assert frame["room"]["seats"][1]["stand_in"] is True and frame["room"]["waiting_for"] == []
    # the computer plays Борис's turns now
    computer_moves = [0]

    def heard() -> bool:
        computer_moves[0] = sum(1 for f in anya.frames if f["type"] == "event"
                                and f["event"] == {**f["event"], "kind": "action", "seat": 1,
                                                   "by": "computer"})
        return computer_moves[0] >= 1 or anya.view["result"] is not None
    await play_until([anya], heard)
    assert computer_moves[0] >= 1
    # Борис comes back: his seat is his again, and he moves himself
    boris = Client(server, game["game_id"], boris.token)
    await boris.connect()
    frame = await anya.expect("event", where=kind_is("back", seat=1), timeout=GRACE * 10)
    assert "left" not in frame["room"]["seats"][1] and "stand_in" not in frame["room"]["seats"][1]
    await boris.until_state(anya.state_no)
    heard()  # (the computer may have drawn again before the seat was given back)
    before = computer_moves[0]
    if anya.view["result"] is None:
        await play_until([anya, boris], lambda: any(
            f["type"] == "event" and f["event"].get("kind") == "action"
            and f["event"].get("seat") == 1 and f["event"].get("by") == "player"
            for f in anya.frames) or anya.view["result"] is not None)
    assert sum(1 for f in anya.frames if f["type"] == "event" and f["event"].get("kind") ==
               "action" and f["event"].get("seat") == 1
               and f["event"].get("by") == "computer") == before
    await anya.close()
    await boris.close()


async def test_a_claim_ends_the_game_as_the_leavers_resignation(server: ServerThread) -> None:
    game, anya, boris = await two(server)
    assert (await ask(anya, {"type": "claim"}))["code"] == "not_allowed"  # only away
    await boris.close()
    await anya.expect("event", where=kind_is("left", seat=1), timeout=GRACE * 10)
    ack = await ask(anya, {"type": "claim"})
    assert ack["type"] == "ack"
    frame = await anya.expect("event", where=kind_is("resign", seat=1))
    assert frame["event"] == {"kind": "resign", "seat": 1, "match": False, "by": "claim"}
    result = frame["view"]["result"]
    left_with = sum(int(a) + int(b) for a, b in
                    (t.split("-") for t in frame["view"]["revealed_hands"][1]))
    assert (result["reason"], result["winner"], result["points"], result["resigned"]) == (
        "resigned", 0, left_with, 1)
    row = server.call(server.storage.load(game["game_id"]))
    assert row is not None
    record = row.record
    assert record["actions"][-1] == {"do": "resign", "seat": 1}
    await anya.close()


async def test_a_leaver_at_a_four_seat_kozel_hall_table(server: ServerThread) -> None:
    game = await create(server, "online", "kozel", name="Аня", hall={"public": True})
    tokens = [game["token"]]
    async with httpx.AsyncClient(base_url=server.http) as http:
        for name, seat in (("Борис", 1), ("Вера", 2), ("Глеб", 3)):
            r = await http.post(f"/api/hall/tables/{game['game_id']}/sit",
                                json={"name": name, "seat": seat})
            assert r.status_code == 200, r.text
            tokens.append(r.json()["token"])
    clients = [Client(server, game["game_id"], token) for token in tokens]
    for client in clients:
        await client.connect()
    vera = clients[2]
    await vera.close()
    anya, boris = clients[0], clients[1]
    await boris.expect("event", where=kind_is("left", seat=2), timeout=GRACE * 10)
    assert (await ask(anya, {"type": "claim"}))["code"] == "not_allowed"  # four players
    assert (await ask(boris, {"type": "stand_in", "seat": 2}))["type"] == "ack"
    await anya.expect("event", where=kind_is("stand_in", seat=2))
    here = [clients[0], clients[1], clients[3]]
    await play_until(here, lambda: any(
        f["type"] == "event" and f["event"].get("kind") == "action" and f["event"].get("seat")
        == 2 and f["event"].get("by") == "computer" for f in anya.frames)
        or anya.view["result"] is not None)
    vera = Client(server, game["game_id"], tokens[2])
    welcome = await vera.connect()
    assert welcome["view"]["seat"] == 2 and welcome["view"]["hand"] is not None
    await anya.expect("event", where=kind_is("back", seat=2), timeout=GRACE * 10)
    for client in [*here, vera]:
        await client.close()
