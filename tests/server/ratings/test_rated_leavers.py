"""Leaving rated games on a real server (issue 26, item 2): a person who left a rated game
loses it in the rating whether the other claimed it or let the computer play it out, and it
is counted on the profile (``left_rated``); a second rated game left within a day holds the
next rated table back (``429 leave_wait`` with the seconds left) until the server's clock
passes the wait, while unrated tables stay open; a leaver who came back before the end is not
counted. A short grace (one second, half of it at a timed table) stands for the minute."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from doublesix.server.config import Settings
from tests.server.harness import LIFTED, Client, ServerThread, my_turn
from tests.server.test_leavers import GRACE, ask, kind_is
from tests.server.test_profiles import auth, get, new_profile, play_out

CLOCK = {"minutes": 5, "increment": 2}
#: how far the server's clock is moved on (the hold is five minutes after the second leave)
SHIFT = [0.0]


def now() -> float:
    return time.time() + SHIFT[0]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    path = tmp_path_factory.mktemp("leavers") / "l.db"
    settings = Settings(db_url=f"sqlite:///{path}", computer_delay=0.0, rate_per_second=10_000,
                        rate_burst=10_000, leave_grace=GRACE, **LIFTED)
    s = ServerThread(settings, clock=now).start()
    yield s
    s.stop()


async def new_table(server: ServerThread, key: str, *, rated: bool = True,
                    public: bool = True) -> httpx.Response:
    async with httpx.AsyncClient(base_url=server.http) as http:
        return await http.post("/api/games", headers=auth(key), json={
            "mode": "online", "rules": {"preset": "block"},
            "hall": {"public": public, "clock": CLOCK, "rated": rated}})


async def sit(server: ServerThread, game_id: str, key: str) -> httpx.Response:
    async with httpx.AsyncClient(base_url=server.http) as http:
        return await http.post(f"/api/hall/tables/{game_id}/sit", headers=auth(key), json={})


async def rated_pair(server: ServerThread, a_key: str, b_key: str) -> tuple[str, Client, Client]:
    """A's rated block table with B sat down, both connected: (game id, A, B)."""
    made = await new_table(server, a_key)
    assert made.status_code == 201, made.text
    game = made.json()
    sat = await sit(server, game["game_id"], b_key)
    assert sat.status_code == 200, sat.text
    a = Client(server, game["game_id"], game["token"])
    b = Client(server, game["game_id"], sat.json()["token"])
    await a.connect()
    await b.connect()
    assert a.room["hall"]["rated"] is True
    return game["game_id"], a, b


async def b_leaves(a: Client, b: Client) -> None:
    await b.close()
    await a.expect("event", where=kind_is("left", seat=1), timeout=GRACE * 10)


async def claimed(server: ServerThread, a_key: str, b_key: str) -> str:
    """A rated game B leaves and A claims; its game id."""
    game_id, a, b = await rated_pair(server, a_key, b_key)
    await b_leaves(a, b)
    assert (await ask(a, {"type": "claim"}))["type"] == "ack"
    await a.expect("event", where=kind_is("resign", seat=1, by="claim"))
    await a.close()
    return game_id


async def sheet(server: ServerThread, game_id: str) -> dict[str, Any]:
    r = await get(server, f"/api/games/{game_id}/ratings/1")
    assert r.status_code == 200, r.text
    answer: dict[str, Any] = r.json()
    assert answer["outcome"] == "rated", answer
    return {c["profile"]: c for c in answer["changes"]}


async def left_rated(server: ServerThread, profile_id: str, key: str | None = None) -> int:
    page = (await get(server, f"/api/profiles/{profile_id}", key)).json()
    return int(page["left_rated"])


async def test_a_claimed_leaver_loses_is_counted_and_the_second_leave_holds_back(
        server: ServerThread) -> None:
    a_id, a_key = await new_profile(server, "Аня")
    b_id, b_key = await new_profile(server, "Боря")
    changes = await sheet(server, await claimed(server, a_key, b_key))
    assert changes[b_id]["delta"] < 0 < changes[a_id]["delta"]
    assert await left_rated(server, b_id) == 1 and await left_rated(server, a_id) == 0
    me = (await get(server, "/api/profiles/me", b_key)).json()
    assert me["own"] is True and me["left_rated"] == 1
    # one game left in a day holds nothing back
    again = await new_table(server, b_key)
    assert again.status_code == 201, again.text

    await claimed(server, a_key, b_key)
    assert await left_rated(server, b_id) == 2
    refused = await new_table(server, b_key)
    assert refused.status_code == 429, refused.text
    error = refused.json()["error"]
    assert error["code"] == "leave_wait" and 240 < error["retry_after"] <= 300
    assert refused.headers["Retry-After"] == str(error["retry_after"])
    assert "5 min" in error["message"] and "через 5 мин" in error["message"]
    # sitting at a rated table and joining one by its invite are held back the same way
    table = (await new_table(server, a_key)).json()
    assert (await sit(server, table["game_id"], b_key)).json()["error"]["code"] == "leave_wait"
    private = (await new_table(server, a_key, public=False)).json()
    async with httpx.AsyncClient(base_url=server.http) as http:
        joined = await http.post(f"/api/games/{private['game_id']}/join", headers=auth(b_key),
                                 json={"invite": private["invite"]})
    assert joined.status_code == 429 and joined.json()["error"]["code"] == "leave_wait"
    # unrated tables and invite rooms are never held back
    assert (await new_table(server, b_key, rated=False)).status_code == 201
    unrated = (await new_table(server, a_key, rated=False)).json()
    assert (await sit(server, unrated["game_id"], b_key)).status_code == 200
    async with httpx.AsyncClient(base_url=server.http) as http:
        room = (await http.post("/api/games", headers=auth(a_key), json={
            "mode": "online", "rules": {"preset": "block"}})).json()
        invited = await http.post(f"/api/games/{room['game_id']}/join", headers=auth(b_key),
                                  json={"invite": room["invite"]})
    assert invited.status_code == 200, invited.text
    # the next rated game waits for the server's clock, not longer
    SHIFT[0] += error["retry_after"] - 30
    assert (await new_table(server, b_key)).json()["error"]["retry_after"] <= 31
    SHIFT[0] += 31
    assert (await new_table(server, b_key)).status_code == 201
    fresh = (await new_table(server, a_key)).json()
    assert (await sit(server, fresh["game_id"], b_key)).status_code == 200


async def test_a_leaver_the_computer_played_for_loses_and_the_game_is_rated(
        server: ServerThread) -> None:
    a_id, a_key = await new_profile(server, "Вика")
    b_id, b_key = await new_profile(server, "Гоша")
    game_id, a, b = await rated_pair(server, a_key, b_key)
    await b_leaves(a, b)
    assert (await ask(a, {"type": "stand_in", "seat": 1}))["type"] == "ack"
    await a.expect("event", where=kind_is("stand_in", seat=1))
    # the computer plays Гоша's turns; then Вика gives the deal up to it, so the score says
    # Гоша's seat won
    steps = 0
    while a.view["result"] is None and steps < 4:
        if my_turn(a):
            assert (await a.move(a.view["legal"][0]))["type"] == "ack"
            steps += 1
        else:
            await a.recv()
    for _ in range(10):  # (the computer may move first: then on its new state)
        if a.view["result"] is not None:
            break
        resign = await ask(a, {"type": "resign", "state_no": a.state_no})
        if resign["type"] == "ack":
            await a.until_state(resign["state_no"])
            break
        assert resign["code"] == "stale_state", resign
        await a.until_state(resign["state_no"])
    winner = a.view["result"]["winner"]
    await a.close()
    changes = await sheet(server, game_id)
    # whoever the score favoured, the one who left is ranked last
    assert changes[b_id]["delta"] < 0 < changes[a_id]["delta"], (winner, changes)
    assert await left_rated(server, b_id) == 1 and await left_rated(server, a_id) == 0


async def test_a_leaver_who_came_back_before_the_end_is_not_counted(
        server: ServerThread) -> None:
    a_id, a_key = await new_profile(server, "Дина")
    b_id, b_key = await new_profile(server, "Егор")
    game_id, a, b = await rated_pair(server, a_key, b_key)
    await b_leaves(a, b)
    b = Client(server, game_id, b.token)
    await b.connect()
    await a.expect("event", where=kind_is("back", seat=1), timeout=GRACE * 10)
    await b.until_state(a.state_no)
    await play_out([a, b], random.Random(8))
    result = a.view["result"]
    await a.close()
    await b.close()
    changes = await sheet(server, game_id)
    # rated by the score alone: the winner gains (a drawn block deal moves less)
    if result["winner"] is not None:
        won = a_id if result["winner"] == 0 else b_id
        lost = b_id if won == a_id else a_id
        assert changes[lost]["delta"] < 0 < changes[won]["delta"]
    assert await left_rated(server, b_id) == 0
