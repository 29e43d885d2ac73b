"""No help in your own live game (issue 26): against people — online invite rooms and hall
tables — hints are refused and «Разбор» waits until the whole game is over, over every path:
the HTTP endpoints for every seat's token and for none, and the socket, which has no such
frame at all."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.server.harness import Client, ServerThread, create, join


async def post(server: ServerThread, path: str, body: dict[str, Any]) -> httpx.Response:
    async with httpx.AsyncClient(base_url=server.http, timeout=120) as http:
        return await http.post(path, json=body)


async def seated(server: ServerThread, hall: bool) -> tuple[dict[str, Any], list[Client]]:
    """A 101 match between two people: an invite room, or a public hall table."""
    if hall:
        game = await create(server, "online", "101", name="Аня", hall={"public": True})
        r = await post(server, f"/api/hall/tables/{game['game_id']}/sit", {"name": "Боря"})
        guest = r.json()
    else:
        game = await create(server, "online", "101", name="Аня")
        guest = await join(server, game, "Боря")
    clients = [Client(server, game["game_id"], game["token"]),
               Client(server, game["game_id"], guest["token"])]
    for client in clients:
        await client.connect()
    return game, clients


async def refused(server: ServerThread, game_id: str, clients: list[Client],
                  review_code: str) -> None:
    """Every path to help is shut: each seat's token (its own seat, and the other's), none."""
    for client in clients:
        hint = await post(server, f"/api/games/{game_id}/hint", {"token": client.token})
        assert hint.status_code == 403 and hint.json()["error"]["code"] == "no_hints"
        for body in ({"token": client.token}, {"token": client.token, "deal": 1}):
            r = await post(server, f"/api/games/{game_id}/review", body)
            assert r.status_code == 409 and r.json()["error"]["code"] == review_code, r.text
        for kind in ("hint", "review", "analyse"):  # the socket has no door to the engine
            rid = client.next_id()
            await client.send({"type": kind, "id": rid, "deal": 1})
            reply = await client.expect_reply(rid)
            assert reply["code"] == "unknown_type", reply
    nobody = await post(server, f"/api/games/{game_id}/hint", {})
    assert nobody.status_code == 403


async def sync(clients: list[Client], state_no: int) -> None:
    for client in clients:
        await client.until_state(state_no)


@pytest.mark.parametrize("hall", [False, True], ids=["invite room", "hall table"])
async def test_hints_and_reviews_wait_until_the_game_is_over(server: ServerThread,
                                                             hall: bool) -> None:
    game, clients = await seated(server, hall)
    gid = game["game_id"]
    await refused(server, gid, clients, "deal_in_progress")  # the first deal is being played
    # the first deal ends (resigned by Боря, in the match's deal only): the match goes on
    boris = clients[1]
    rid = boris.next_id()
    await boris.send({"type": "resign", "state_no": boris.state_no, "id": rid})
    ack = await boris.expect_reply(rid)
    assert ack["type"] == "ack"
    await sync(clients, ack["state_no"])
    assert clients[0].view["result"] is not None and not clients[0].view["match"]["over"]
    await refused(server, gid, clients, "game_in_progress")  # deal 1 is over, the match not
    # the match is over: now each seat may have its own deals reviewed
    rid = boris.next_id()
    await boris.send({"type": "resign", "state_no": boris.state_no, "match": True, "id": rid})
    ack = await boris.expect_reply(rid)
    assert ack["type"] == "ack"
    await sync(clients, ack["state_no"])
    assert clients[0].view["match"]["over"]
    r = await post(server, f"/api/games/{gid}/review", {"token": clients[0].token, "deal": 1})
    assert r.status_code == 200, r.text
    assert r.json()["seat"] == 0 and r.json()["deal"] == 1
    hint = await post(server, f"/api/games/{gid}/hint", {"token": clients[0].token})
    assert hint.status_code == 403  # never against people, not even after the game
    for client in clients:
        await client.close()
