"""Quick reactions (issue 24) on a real server: a fixed set, sent to seats and spectators,
refused when unknown, from a spectator, or away from other people, and held to the chat's
flood limit (on an injected time source, so the bucket never refills by itself)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect

from doublesix.server.hall.chat import BURST, REACTIONS
from tests.server.harness import Client, ServerThread, create, join


class FakeTime:
    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


@pytest.fixture(scope="module")
def server() -> Iterator[ServerThread]:
    s = ServerThread(clock=FakeTime()).start()
    yield s
    s.stop()


async def react(client: Client, reaction: Any) -> dict[str, Any]:
    rid = client.next_id()
    await client.send({"type": "react", "reaction": reaction, "id": rid})
    return await client.expect_reply(rid)


async def pair(server: ServerThread) -> tuple[Client, Client]:
    game = await create(server, "online", "draw", name="Аня")
    guest = await join(server, game, "Боря")
    a = Client(server, game["game_id"], game["token"])
    b = Client(server, game["game_id"], guest["token"])
    await a.connect()
    await b.connect()
    return a, b


async def test_a_reaction_reaches_the_other_seat(server: ServerThread) -> None:
    a, b = await pair(server)
    ack = await react(a, "fish")
    assert ack["type"] == "ack", ack
    frame = await b.expect("event", where=lambda f: f["event"]["kind"] == "reaction")
    assert frame["event"] == {"kind": "reaction", "seat": 0, "reaction": "fish"}
    for c in (a, b):
        await c.close()


@pytest.mark.parametrize("bad", ["", "Рыба!", "<b>fish</b>", "FISH", "x" * 33, 7, None])
async def test_a_reaction_outside_the_set_is_refused_and_stores_nothing(
    server: ServerThread, bad: Any
) -> None:
    a, b = await pair(server)
    before = a.event_no
    reply = await react(a, bad)
    assert reply["type"] == "error"
    assert reply["code"] == ("bad_reaction" if isinstance(bad, str) and 0 < len(bad) <= 32
                             else "bad_message"), reply
    ack = await react(a, "thanks")  # the next good one is the very next event
    assert ack["type"] == "ack"
    frame = await b.expect("event", where=lambda f: f["event"]["kind"] == "reaction")
    assert frame["event_no"] == before + 1
    for c in (a, b):
        await c.close()


async def test_reactions_are_held_to_the_chat_flood_limit(server: ServerThread) -> None:
    a, b = await pair(server)
    for reaction in REACTIONS[:BURST]:
        assert (await react(a, reaction))["type"] == "ack"
    flood = await react(a, "wow")
    assert flood["type"] == "error" and flood["code"] == "chat_flood"
    # the other seat has its own budget, and the socket that flooded stays open
    assert (await react(b, "luck"))["type"] == "ack"
    await a.send({"type": "ping", "id": "still"})
    assert (await a.expect("pong"))["id"] == "still"
    for c in (a, b):
        await c.close()


async def test_spectators_see_reactions_but_cannot_send_them(server: ServerThread) -> None:
    game = await create(server, "online", "draw", name="Аня", hall={"public": True})
    async with httpx.AsyncClient(base_url=server.http) as http:
        r = await http.post(f"/api/hall/tables/{game['game_id']}/sit", json={"name": "Боря"})
    assert r.status_code == 200, r.text
    a = Client(server, game["game_id"], game["token"])
    await a.connect()
    watcher = Client(server, game["game_id"], "")
    watcher.ws = await connect(server.ws_url)
    await watcher.send({"type": "watch", "game_id": game["game_id"]})
    await watcher.expect("watching")
    assert (await react(a, "thumbs_up"))["type"] == "ack"
    frame = await watcher.expect("event", where=lambda f: f["event"]["kind"] == "reaction")
    assert frame["event"]["reaction"] == "thumbs_up" and frame["event"]["seat"] == 0
    refused = await react(watcher, "thumbs_up")
    assert refused["type"] == "error" and refused["code"] == "watch_only"
    for c in (a, watcher):
        await c.close()


async def test_no_reactions_against_the_computer(server: ServerThread) -> None:
    game = await create(server, "computer", "draw")
    a = Client(server, game["game_id"], game["token"])
    await a.connect()
    refused = await react(a, "nice")
    assert refused["type"] == "error" and refused["code"] == "not_allowed"
    await a.close()
