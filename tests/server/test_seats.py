"""Rooms for three and four seats: computer seats, hot-seat for up to four, online by one
invite link with a chosen or the next free seat, a free seat given to the computer, presence
of every seat, reconnection, tab replacement, a rematch confirmed by every person, and the
secrecy check on four sockets."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import httpx
import pytest

from doublesix.server.config import DAY, Settings
from doublesix.server.wire.errors import CLOSE_REPLACED
from tests.server.harness import Client, ServerThread, create, join, my_turn
from tests.server.secrets_check import assert_no_secrets
from tests.server.test_durability import start_default_server
from tests.server.test_expiry import FakeClock


def over(view: dict[str, Any]) -> bool:
    return view["result"] is not None and (view["match"] is None or view["match"]["over"])


async def play_out(clients: list[Client], rng: random.Random, *, max_steps: int = 400) -> None:
    """Random legal moves by the people until the game is over; computer seats move by
    themselves, so when no person is to move the clients just listen."""
    for _ in range(max_steps):
        view = clients[0].view
        if over(view):
            return
        if view["result"] is not None:
            rid = clients[0].next_id()
            await clients[0].send({"type": "next_deal", "state_no": clients[0].state_no,
                                   "id": rid})
            reply = await clients[0].expect_reply(rid)
            assert reply["type"] == "ack", reply
            target = reply["state_no"]
        else:
            for client in clients[1:]:  # every socket up to the state the first one sees
                await client.until_state(clients[0].state_no)
            movers = [c for c in clients if my_turn(c)]
            if not movers:
                await clients[0].recv()  # a computer is thinking
                continue
            mover = movers[0]
            extra = {"seat": mover.view["seat"]} if len(mover.room["seats"]) > 1 and \
                mover.room["mode"] == "hotseat" else {}
            reply = await mover.move(rng.choice(mover.view["legal"]), **extra)
            assert reply["type"] == "ack", reply
            target = reply["state_no"]
        for client in clients:
            await client.until_state(target)
    raise AssertionError("the game did not end")


async def post(server: ServerThread, path: str, body: dict[str, Any]) -> httpx.Response:
    async with httpx.AsyncClient(base_url=server.http) as http:
        return await http.post(path, json=body)


def record(server: ServerThread, game_id: str) -> dict[str, Any]:
    row = server.call(server.storage.load(game_id))
    assert row is not None
    return row.record


@pytest.mark.parametrize(("preset", "players"), [("block", 3), ("block", 4), ("draw", 4)])
async def test_computer_game_with_two_or_three_computers(
    server: ServerThread, preset: str, players: int
) -> None:
    game = await create(server, "computer", preset, rules={"players": players}, level="easy")
    assert game["seats"] == [0]
    me = Client(server, game["game_id"], game["token"])
    welcome = await me.connect()
    seats = welcome["room"]["seats"]
    assert [s["computer"] for s in seats] == [False] + [True] * (players - 1)
    assert welcome["room"]["waiting_for"] == []
    await play_out([me], random.Random(players))
    assert me.view["result"] is not None
    # every computer seat moved, and the only hand this socket ever saw is seat 0's
    movers = {f["event"]["seat"] for f in me.frames
              if f["type"] == "event" and f["event"].get("kind") == "action"}
    assert len(movers) >= 2
    assert assert_no_secrets(me.frames, record(server, game["game_id"])) >= 2
    await me.close()


async def test_hotseat_for_three_plays_every_seat_from_one_token(server: ServerThread) -> None:
    game = await create(server, "hotseat", "block", rules={"players": 3})
    assert game["seats"] == [0, 1, 2]
    device = Client(server, game["game_id"], game["token"])
    await device.connect()
    seen = set()
    for _ in range(200):
        if device.view["result"] is not None:
            break
        seat = device.view["to_move"]
        seen.add(seat)
        assert device.view["seat"] == seat  # the view is always the hand to move
        reply = await device.move(random.Random(seat).choice(device.view["legal"]), seat=seat)
        assert reply["type"] == "ack"
        await device.until_state(reply["state_no"])
    assert seen == {0, 1, 2} and device.view["result"] is not None
    await device.close()


async def four_online(server: ServerThread, preset: str = "block", **extra: Any
                      ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    game = await create(server, "online", preset, rules={"players": 4}, name="Аня", **extra)
    guests = [await join(server, game, name) for name in ("Боря", "Вера", "Гена")]
    return game, guests


async def test_one_link_seats_every_guest_then_the_room_is_full(server: ServerThread) -> None:
    game, guests = await four_online(server)
    assert [g["seat"] for g in guests] == [1, 2, 3]
    r = await post(server, f"/api/games/{game['game_id']}/join",
                   {"invite": game["invite"], "name": "Даша"})
    assert r.status_code == 409 and r.json()["error"]["code"] == "room_full"


async def test_a_guest_may_choose_a_free_seat(server: ServerThread) -> None:
    game = await create(server, "online", "block", rules={"players": 4})
    path = f"/api/games/{game['game_id']}/join"
    r = await post(server, path, {"invite": game["invite"], "name": "Вера", "seat": 2})
    assert r.status_code == 200 and r.json()["seat"] == 2
    r = await post(server, path, {"invite": game["invite"], "seat": 2})
    assert r.status_code == 409 and r.json()["error"]["code"] == "seat_taken"
    r = await post(server, path, {"invite": game["invite"], "seat": 7})
    assert r.status_code == 400
    r = await post(server, path, {"invite": game["invite"]})
    assert r.json()["seat"] == 1  # no choice: the first free seat


async def test_four_sockets_presence_reconnect_replacement_and_secrets(
    server: ServerThread,
) -> None:
    game, guests = await four_online(server)
    tokens = [game["token"], *[g["token"] for g in guests]]
    clients = [Client(server, game["game_id"], tok) for tok in tokens]
    for c in clients[:3]:
        welcome = await c.connect()
    assert welcome["room"]["waiting_for"] == [3]  # joined but not here yet
    await clients[3].connect()
    full = await clients[0].expect("presence", where=lambda f: all(s["connected"]
                                                                   for s in f["seats"]))
    assert [s["seat"] for s in full["seats"]] == [0, 1, 2, 3]
    rng = random.Random(44)
    # a few moves, then seat 2 drops: everybody sees it and play stops
    for _ in range(3):
        mover = next(c for c in clients if my_turn(c))
        ack = await mover.move(rng.choice(mover.view["legal"]))
        for c in clients:
            await c.until_state(ack["state_no"])
    seen = clients[2].event_no
    await clients[2].close()
    gone = await clients[0].expect("presence", where=lambda f: not f["seats"][2]["connected"])
    assert [s["connected"] for s in gone["seats"]] == [True, True, False, True]
    mover = next(c for c in clients if c is not clients[2] and my_turn(c)) \
        if any(my_turn(c) for c in clients if c is not clients[2]) else None
    if mover is not None:
        assert (await mover.move(mover.view["legal"][0]))["code"] == "opponent_away"
    # seat 2 comes back (a reload) and catches up by event number
    clients[2] = Client(server, game["game_id"], tokens[2])
    back = await clients[2].connect(last_event=seen)
    assert back["missed"] == [] and back["view"]["seat"] == 2
    # seat 1 opens a second tab: the first is closed as replaced, the new one plays on
    second = Client(server, game["game_id"], tokens[1])
    await second.connect()
    old = clients[1]
    assert old.ws is not None
    await old.ws.wait_closed()
    assert old.ws.close_code == CLOSE_REPLACED
    clients[1] = second
    await play_out(clients, rng)
    truth = record(server, game["game_id"])
    for c in clients:
        assert assert_no_secrets(c.frames, truth) >= 1
    assert len({tuple(map(tuple, c.view["line"])) for c in clients}) == 1
    # a rematch needs every person: three asks leave the finished game, the fourth starts one
    for c in clients[:3]:
        await c.send({"type": "rematch", "id": c.next_id()})
    asked = await clients[3].expect(
        "event", where=lambda f: f["room"]["rematch"] == [0, 1, 2])
    assert asked["view"]["result"] is not None
    await clients[3].send({"type": "rematch", "id": clients[3].next_id()})
    fresh = await clients[0].expect("event", where=lambda f: f["event"]["kind"] == "new_game")
    assert fresh["event"]["reason"] == "rematch" and fresh["view"]["result"] is None
    for c in clients:
        await c.close()


async def test_creator_gives_free_seats_to_the_computer(server: ServerThread) -> None:
    game = await create(server, "online", "block", rules={"players": 4}, name="Аня",
                        computers=[3], level="easy")
    a = Client(server, game["game_id"], game["token"])
    welcome = await a.connect()
    assert [s["computer"] for s in welcome["room"]["seats"]] == [False, False, False, True]
    assert welcome["room"]["waiting_for"] == [1, 2]
    guest = await join(server, game, "Боря")
    b = Client(server, game["game_id"], guest["token"])
    await b.connect()
    # only the creator may give a seat away, and only a free one
    await b.send({"type": "seat_computer", "seat": 2, "id": 1})
    assert (await b.expect("error"))["code"] == "not_allowed"
    await a.send({"type": "seat_computer", "seat": 1, "id": 2})
    assert (await a.expect("error"))["code"] == "seat_taken"
    await a.send({"type": "seat_computer", "seat": 2, "id": 3})
    given = await a.expect("event", where=lambda f: f["event"]["kind"] == "seat_computer")
    assert given["event"] == {"kind": "seat_computer", "seat": 2}
    assert given["room"]["waiting_for"] == [] and not given["room"]["can_reset"]
    r = await post(server, f"/api/games/{game['game_id']}/join", {"invite": game["invite"]})
    assert r.json()["error"]["code"] == "room_full"
    await play_out([a, b], random.Random(5))
    truth = record(server, game["game_id"])
    assert assert_no_secrets(a.frames, truth) >= 1 and assert_no_secrets(b.frames, truth) >= 1
    # a rematch needs only the two people
    for c in (a, b):
        await c.send({"type": "rematch", "id": c.next_id()})
    await a.expect("event", where=lambda f: f["event"]["kind"] == "new_game")
    await a.close()
    await b.close()


@pytest.mark.parametrize("computers", [[0], [1, 2, 3], [1, 1], "2", [True]])
async def test_bad_computer_seats_are_refused(server: ServerThread, computers: Any) -> None:
    r = await post(server, "/api/games", {"mode": "online", "computers": computers,
                                          "rules": {"preset": "block", "players": 4}})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_request"
    r = await post(server, "/api/games", {"mode": "hotseat", "computers": [1]})
    assert r.status_code == 400


@pytest.mark.slow  # kills and restarts a real server process: make test, not check
async def test_four_seats_survive_sigkill_and_expire_after_seven_days(tmp_path: Path) -> None:
    """Durability and expiry are unchanged with four seats: after a SIGKILL every seat
    (names, the computer's seat) and every acknowledged move is back; idle, the room goes."""
    server = start_default_server(tmp_path)
    try:
        game = await create(server, "online", "block", rules={"players": 4},  # type: ignore[arg-type]
                            name="Аня", computers=[1], level="easy")
        guests = [await join(server, game, n) for n in ("Вера", "Гена")]  # type: ignore[arg-type]
        tokens = [game["token"], *[g["token"] for g in guests]]
        clients = [Client(server, game["game_id"], tok) for tok in tokens]  # type: ignore[arg-type]
        for c in clients:
            await c.connect()
        rng = random.Random(3)
        for _ in range(4):
            for c in clients[1:]:
                await c.until_state(clients[0].state_no)
            movers = [c for c in clients if my_turn(c)]
            if not movers:
                await clients[0].recv()
                continue
            ack = await movers[0].move(rng.choice(movers[0].view["legal"]))
            assert ack["type"] == "ack"
            await clients[0].until_state(ack["state_no"])
        history = clients[0].view["history"]
        server.kill()
    finally:
        server.kill()
    restarted = start_default_server(tmp_path)
    try:
        for seat, tok in zip((0, 2, 3), tokens, strict=True):
            client = Client(restarted, game["game_id"], tok)  # type: ignore[arg-type]
            welcome = await client.connect()
            assert welcome["view"]["seat"] == seat
            assert welcome["view"]["history"][:len(history)] == history
            seats = welcome["room"]["seats"]
            assert [s["name"] for s in seats] == ["Аня", None, "Вера", "Гена"]
            assert [s["computer"] for s in seats] == [False, True, False, False]
            await client.close()
    finally:
        restarted.stop()


async def test_an_idle_room_for_four_expires() -> None:
    clock = FakeClock()
    s = ServerThread(Settings(db_url="memory://", computer_delay=0.0, expiry_interval=0.05),
                     clock=clock).start()
    try:
        game = await create(s, "online", "block", rules={"players": 4})
        await join(s, game)
        clock.now += 7.5 * DAY
        for _ in range(100):
            if server_gone(s, game["game_id"]):
                break
            await asyncio.sleep(0.05)
        assert server_gone(s, game["game_id"])
    finally:
        s.stop()


def server_gone(s: ServerThread, game_id: str) -> bool:
    return s.call(s.storage.load(game_id)) is None
