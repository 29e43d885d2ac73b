"""Online games between two real WebSocket clients, end to end."""

from __future__ import annotations

import random

import httpx
import pytest

from doublesix.server.wire.errors import CLOSE_REPLACED
from tests.server.harness import Client, ServerThread, create, join, my_turn, play_online_game
from tests.server.secrets_check import assert_no_secrets


async def online_pair(server: ServerThread, preset: str) -> tuple[dict, Client, Client]:
    game = await create(server, "online", preset, name="Аня")
    guest = await join(server, game, "Боря")
    a = Client(server, game["game_id"], game["token"])
    b = Client(server, game["game_id"], guest["token"])
    await a.connect()
    await b.connect()
    return game, a, b


@pytest.mark.parametrize("preset", ["draw", "block", "101"])
async def test_full_online_game_keeps_every_secret(server: ServerThread, preset: str) -> None:
    for round_no in range(8 if preset != "101" else 2):
        game, a, b = await online_pair(server, preset)
        last = await play_online_game([a, b], random.Random(f"{preset}{round_no}"))
        assert last["result"] is not None
        row = server.call(server.storage.load(game["game_id"]))
        assert row is not None
        for client in (a, b):
            # a short block deal may send only a few frames; the check must still see some
            assert assert_no_secrets(client.frames, row.record) >= 2
        # both seats saw the same public game
        assert a.view["line"] == b.view["line"] and a.state_no == b.state_no
        await a.close()
        await b.close()


async def test_moves_wait_for_the_guest_and_for_reconnection(server: ServerThread) -> None:
    game = await create(server, "online")
    a = Client(server, game["game_id"], game["token"])
    welcome = await a.connect()
    assert welcome["room"]["waiting_for"] == [1]
    reply = await a.move(welcome["view"]["legal"][0] if welcome["view"]["legal"] else "draw")
    assert reply["type"] == "error" and reply["code"] == "opponent_away"
    guest = await join(server, game)
    joined = await a.expect("event")
    assert joined["event"] == {"kind": "joined", "seat": 1, "name": "guest"}
    b = Client(server, game["game_id"], guest["token"])
    await b.connect()
    presence = await a.expect("presence")
    assert presence["seats"] == [{"seat": 0, "connected": True}, {"seat": 1, "connected": True}]
    mover, other = (a, b) if my_turn(a) else (b, a)
    await other.close()
    gone = await mover.expect("presence", where=lambda f: not all(s["connected"]
                                                                  for s in f["seats"]))
    assert {"seat": other.view["seat"], "connected": False} in gone["seats"]
    reply = await mover.move(mover.view["legal"][0])
    assert reply["code"] == "opponent_away"


async def test_reconnect_gets_missed_events(server: ServerThread) -> None:
    game, a, b = await online_pair(server, "draw")
    rng = random.Random(7)
    seen = b.event_no
    await b.close()
    # nobody moves while b is away
    reply = await a.move(a.view["legal"][0] if my_turn(a) else "draw")
    assert reply["code"] == "opponent_away"
    b2 = Client(server, game["game_id"], b.token)
    welcome = await b2.connect(last_event=seen)
    assert welcome["missed"] == []
    for _ in range(6):
        mover = a if my_turn(a) else b2
        ack = await mover.move(rng.choice(mover.view["legal"]))
        assert ack["type"] == "ack"
        await a.until_state(ack["state_no"])
        await b2.until_state(ack["state_no"])
    seen = b2.event_no
    state = b2.state_no
    await b2.close()
    # a reconnects with an old event number mid-game and gets a list of what it missed
    await a.close()
    a2 = Client(server, game["game_id"], game["token"])
    welcome = await a2.connect(last_event=seen - 3)
    assert [m["event_no"] for m in welcome["missed"]] == [seen - 2, seen - 1, seen]
    assert welcome["state_no"] == state
    assert all(m["event"]["kind"] == "action" for m in welcome["missed"])
    # an impossible event number gives the snapshot only
    await a2.close()
    a3 = Client(server, game["game_id"], game["token"])
    welcome = await a3.connect(last_event=10_000)
    assert welcome["missed"] is None and welcome["state_no"] == state


async def test_second_tab_replaces_the_first(server: ServerThread) -> None:
    game, a, b = await online_pair(server, "draw")
    a2 = Client(server, game["game_id"], game["token"])
    await a2.connect()
    assert a.ws is not None
    await a.ws.wait_closed()
    assert a.ws.close_code == CLOSE_REPLACED
    assert a.ws.close_reason == "replaced by another connection"
    # the new tab plays on; the opponent still sees seat 0 connected
    mover = a2 if my_turn(a2) else b
    ack = await mover.move(mover.view["legal"][0])
    assert ack["type"] == "ack"


async def test_stale_repeated_wrong_and_illegal_moves_change_nothing(server: ServerThread) -> None:
    game, a, b = await online_pair(server, "draw")
    mover, other = (a, b) if my_turn(a) else (b, a)
    start = mover.state_no
    reply = await other.move("draw")
    assert reply["code"] == "not_your_turn"
    reply = await mover.move("play 9-9 left")
    assert reply["code"] == "bad_action"
    illegal = next(t for t in mover.view["hand"] if f"play {t}" not in mover.view["legal"])
    reply = await mover.move(f"play {illegal}")
    assert reply["code"] == "illegal_action" and "may not lead" in reply["message"]
    reply = await mover.move(mover.view["legal"][0], seat=other.view["seat"])
    assert reply["code"] == "wrong_seat"
    reply = await mover.move(mover.view["legal"][0], state_no=start + 5)
    assert reply["code"] == "stale_state" and reply["state_no"] == start
    lead = mover.view["legal"][0]
    ack = await mover.move(lead)
    assert ack == {"type": "ack", "id": ack["id"], "state_no": start + 1}
    # the same move again on the same state: acknowledged as a duplicate, applied once
    again = await mover.move(lead, state_no=start)
    assert again["type"] == "ack" and again["duplicate"] is True
    await other.until_state(start + 1)
    assert len(other.view["line"]) == 1
    # a different move on the old state is stale
    reply = await other.move("draw", state_no=start)
    assert reply["code"] == "stale_state" and reply["state_no"] == start + 1


async def test_three_players_online(server: ServerThread) -> None:
    game = await create(server, "online", "draw", rules={"players": 3})
    guests = [await join(server, game, name) for name in ("Боря", "Вика")]
    assert [g["seat"] for g in guests] == [1, 2]
    async with httpx.AsyncClient(base_url=server.http) as http:
        r = await http.post(f"/api/games/{game['game_id']}/join", json={"invite": game["invite"]})
        assert r.status_code == 409
    clients = [Client(server, game["game_id"], t["token"]) for t in (game, *guests)]
    for client in clients:
        await client.connect()
    last = await play_online_game(clients, random.Random(3))
    assert last["result"] is not None and len(last["hand_sizes"]) == 3
    row = server.call(server.storage.load(game["game_id"]))
    assert row is not None
    for client in clients:
        assert_no_secrets(client.frames, row.record)
