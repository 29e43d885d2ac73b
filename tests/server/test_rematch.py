"""New games: both players confirm after the guest joined; a move cancels; reset while alone."""

from __future__ import annotations

import random

from tests.server.harness import Client, ServerThread, create, join, my_turn, play_online_game
from tests.server.test_online import online_pair


async def ask(client: Client, kind: str) -> None:
    await client.send({"type": kind, "id": client.next_id()})


async def test_rematch_needs_both_and_keeps_seats(server: ServerThread) -> None:
    game, a, b = await online_pair(server, "draw")
    await play_online_game([a, b], random.Random(3))
    names = [s["name"] for s in a.room["seats"]]
    await ask(a, "rematch")
    requested = await b.expect("event", where=lambda f: f["event"]["kind"] == "rematch_requested")
    assert requested["event"] == {"kind": "rematch_requested", "seat": 0}
    assert requested["room"]["rematch"] == [0]
    assert b.view["result"] is not None  # still the finished game
    await ask(b, "rematch")
    fresh = await a.expect("event", where=lambda f: f["event"]["kind"] == "new_game")
    assert fresh["event"] == {"kind": "new_game", "game_no": 2, "reason": "rematch"}
    assert fresh["view"]["result"] is None and fresh["view"]["seat"] == 0
    assert len(fresh["view"]["hand"]) == 7 and fresh["room"]["rematch"] == []
    await b.expect("event", where=lambda f: f["event"]["kind"] == "new_game")
    assert b.view["seat"] == 1
    assert [s["name"] for s in b.room["seats"]] == names
    # the new game is played with the same tokens and sockets
    await play_online_game([a, b], random.Random(4))


async def test_a_move_cancels_a_pending_request(server: ServerThread) -> None:
    game, a, b = await online_pair(server, "draw")
    mover, other = (a, b) if my_turn(a) else (b, a)
    await ask(other, "rematch")
    await mover.expect("event", where=lambda f: f["event"]["kind"] == "rematch_requested")
    ack = await mover.move(mover.view["legal"][0])
    assert ack["type"] == "ack"
    cancelled = await other.expect("event",
                                   where=lambda f: f["event"]["kind"] == "rematch_cancelled")
    assert cancelled["event"] == {"kind": "rematch_cancelled", "seat": mover.view["seat"],
                                  "reason": "move"}
    assert cancelled["room"]["rematch"] == []
    # withdrawing: only a pending request can be withdrawn
    await ask(other, "rematch_cancel")
    error = await other.expect("error")
    assert error["code"] == "nothing_to_cancel"
    await ask(other, "rematch")
    await ask(other, "rematch_cancel")
    withdrawn = await mover.expect("event", where=lambda f: f["event"].get("reason") ==
                                   "withdrawn")
    assert withdrawn["event"]["seat"] == other.view["seat"]
    # the game went on: nothing was reset
    assert other.room["game_no"] == 1 and len(mover.view["line"]) == 1


async def test_creator_resets_alone_until_the_guest_joins(server: ServerThread) -> None:
    game = await create(server, "online")
    a = Client(server, game["game_id"], game["token"])
    welcome = await a.connect()
    assert welcome["room"]["can_reset"] is True
    await ask(a, "rematch")
    assert (await a.expect("error"))["code"] == "not_allowed"
    hand = welcome["view"]["hand"]
    await ask(a, "reset")
    fresh = await a.expect("event", where=lambda f: f["event"]["kind"] == "new_game")
    assert fresh["event"]["reason"] == "reset" and fresh["room"]["game_no"] == 2
    assert fresh["state_no"] == welcome["state_no"] + 1
    assert fresh["view"]["hand"] != hand or True  # a new shuffle (equal hands are possible)
    guest = await join(server, game)
    b = Client(server, game["game_id"], guest["token"])
    await b.connect()
    assert b.room["can_reset"] is False
    await ask(a, "reset")
    assert (await a.expect("error"))["code"] == "not_allowed"
    await ask(b, "reset")
    assert (await b.expect("error"))["code"] == "not_allowed"
