"""«Ещё раз с ним» over a real server (hall/again.py): after a two-player hall game one player
offers a new table, the other sees it and accepts or declines; accepted, both sit at a new
table of the same game and clock, each with the token they already hold."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.server.harness import Client, ServerThread, create
from tests.server.test_profiles import auth, new_profile, play_out, settings

CLOCK = {"minutes": 3, "increment": 2}


@pytest.fixture(scope="module")
def server() -> Iterator[ServerThread]:
    s = ServerThread(settings()).start()
    yield s
    s.stop()


async def hall_game(server: ServerThread, *, rated: bool = False, played: bool = True,
                    preset: str = "block", seed: int = 1,
                    one_person: bool = False) -> tuple[Client, Client]:
    """A public hall table of Аня (seat 0), Боря sat down, both connected; played out. With
    *one_person*, Аня's profile in both seats of a private table (two browsers of one person)."""
    keys: list[str] = []
    if rated:
        keys = [(await new_profile(server, n))[1] for n in ("Аня", "Боря")]
    if one_person:
        keys = [(await new_profile(server, "Аня"))[1]] * 2
    async with httpx.AsyncClient(base_url=server.http) as http:
        made = await http.post("/api/games", headers=auth(keys[0]) if keys else {}, json={
            "mode": "online", "rules": {"preset": preset}, "name": "Аня",
            "hall": {"public": not one_person, "clock": CLOCK, "rated": rated}})
        assert made.status_code == 201, made.text
        game = made.json()
        if one_person:  # a public table seats a person once: a private one, by its invite
            sat = await http.post(f"/api/games/{game['game_id']}/join", headers=auth(keys[1]),
                                  json={"invite": game["invite"], "name": "Аня"})
        else:
            sat = await http.post(f"/api/hall/tables/{game['game_id']}/sit",
                                  headers=auth(keys[1]) if keys else {}, json={"name": "Боря"})
        assert sat.status_code == 200, sat.text
    a = Client(server, game["game_id"], game["token"])
    b = Client(server, game["game_id"], sat.json()["token"])
    await a.connect()
    await b.connect()
    if played:
        await play_out([a, b], random.Random(seed))
    return a, b


async def ask(client: Client, kind: str) -> dict[str, Any]:
    rid = client.next_id()
    await client.send({"type": kind, "id": rid})
    return await client.expect_reply(rid)


def event(kind: str) -> Any:
    return lambda f: f["event"]["kind"] == kind


async def test_an_accepted_offer_seats_both_at_a_new_table_of_the_same_game(
        server: ServerThread) -> None:
    a, b = await hall_game(server, preset="draw")
    assert (await ask(b, "again"))["type"] == "ack"
    offered = await a.expect("event", where=event("again_offered"))
    assert offered["event"]["seat"] == 1 and a.room["hall"]["again"] == {"by": 1}
    assert (await ask(a, "again_accept"))["type"] == "ack"
    accepted = [await c.expect("event", where=event("again_accepted")) for c in (a, b)]
    new_id = accepted[0]["event"]["game_id"]
    assert new_id != a.game_id and accepted[1]["event"] == accepted[0]["event"]
    seats = accepted[0]["event"]["seats"]
    assert seats == [1, 0]  # Боря offered: he sets the new table up, at its seat 0
    assert b.room["hall"]["again"] == {"by": 1, "game_id": new_id, "seats": [1, 0]}
    # the tokens they hold open their new seats: nothing new had to reach them
    new_a, new_b = Client(server, new_id, a.token), Client(server, new_id, b.token)
    welcome = await new_a.connect()
    await new_b.connect()
    assert welcome["seat"] == seats[0] and new_b.view["seat"] == seats[1]
    room = new_a.room
    assert room["rules"]["preset"] == "draw" and room["waiting_for"] == []
    assert room["hall"]["public"] is True and room["hall"]["rated"] is False
    assert room["hall"]["clock"]["minutes"] == 3 and room["hall"]["clock"]["increment"] == 2
    assert {s["seat"]: s["name"] for s in room["seats"]} == {0: "Боря", 1: "Аня"}
    assert "again" not in room["hall"]
    # a second acceptance finds the table made: one new table
    refused = await ask(b, "again")
    assert refused["code"] == "not_allowed" and new_id in refused["message"]
    for c in (a, b, new_a, new_b):
        await c.close()


async def test_declined_then_offered_again_then_withdrawn(server: ServerThread) -> None:
    a, b = await hall_game(server, seed=2)
    await ask(a, "again")
    await b.expect("event", where=event("again_offered"))
    assert (await ask(a, "again"))["type"] == "ack"  # asked already: nothing new stored
    await ask(b, "again_decline")
    declined = await a.expect("event", where=event("again_declined"))
    assert declined["event"] == {"kind": "again_declined", "seat": 1, "reason": "declined"}
    assert a.room["hall"]["again"] == {"by": 0, "declined": True}
    assert (await ask(b, "again_accept"))["code"] == "nothing_to_cancel"
    await ask(a, "again")
    await b.expect("event", where=event("again_offered"))
    await ask(a, "again_decline")
    withdrawn = await b.expect("event", where=event("again_declined"))
    assert withdrawn["event"]["reason"] == "withdrawn" and "again" not in b.room["hall"]
    assert (await ask(b, "again_decline"))["code"] == "nothing_to_cancel"
    for c in (a, b):
        await c.close()


async def test_a_rated_table_gives_a_rated_table_for_the_same_profiles(
        server: ServerThread) -> None:
    a, b = await hall_game(server, rated=True, seed=3)
    await ask(a, "again")
    await ask(b, "again")  # both asked: that is an acceptance
    new_id = (await a.expect("event", where=event("again_accepted")))["event"]["game_id"]
    new_a = Client(server, new_id, a.token)
    await new_a.connect()
    assert new_a.room["hall"]["rated"] is True
    stored = await server.storage.load(new_id)
    old = await server.storage.load(a.game_id)
    assert stored is not None and old is not None
    assert [s.profile for s in stored.seats] == [s.profile for s in old.seats]
    for c in (a, b, new_a):
        await c.close()


async def test_refused_before_the_end_and_away_from_the_hall(server: ServerThread) -> None:
    a, b = await hall_game(server, played=False)
    assert (await ask(a, "again"))["code"] == "game_in_progress"
    game = await create(server, "computer")
    alone = Client(server, game["game_id"], game["token"])
    await alone.connect()
    assert (await ask(alone, "again"))["code"] == "not_allowed"
    for c in (a, b, alone):
        await c.close()


async def test_nobody_invites_themselves_again(server: ServerThread) -> None:
    """Two browsers of one profile at one table: no «Ещё раз с ним» on the sheet (the room
    says ``one_person``), and the offer itself refused with nothing stored."""
    a, b = await hall_game(server, one_person=True)
    assert a.room["hall"]["one_person"] is True
    refused = await ask(b, "again")
    assert refused["code"] == "not_allowed" and "one profile" in refused["message"]
    stored = await server.storage.load(a.game_id)
    assert stored is not None and stored.hall is not None and "again" not in stored.hall
    # two people: nothing says one_person
    c, d = await hall_game(server, rated=True, seed=2)
    assert "one_person" not in c.room["hall"]
    for client in (a, b, c, d):
        await client.close()
