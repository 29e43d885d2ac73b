"""Profiles and history over a real server (issue 25): a profile survives a reload, its games
appear in history, a past deal reopens with its replay and «Разбор», strangers are refused a
private game, deleting removes the personal data (the database rows say so), Telegram
sign-in attaches or merges a guest."""

from __future__ import annotations

import hashlib
import json
import random
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import httpx
import pytest

from doublesix.server.config import Settings
from doublesix.server.http import telegram
from tests.server.harness import LIFTED, Client, ServerThread, my_turn

BOT_TOKEN = "123456:TEST-token-for-profiles"


def settings(db_url: str = "memory://") -> Settings:
    return Settings(db_url=db_url, computer_delay=0.0, rate_per_second=10_000,
                    rate_burst=10_000, telegram_bot_token=BOT_TOKEN, **LIFTED)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    path = tmp_path_factory.mktemp("profiles") / "p.db"
    s = ServerThread(settings(f"sqlite:///{path}")).start()
    yield s
    s.stop()


def auth(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


async def new_profile(server: ServerThread, name: str) -> tuple[str, str]:
    """(profile id, key) of a new guest."""
    async with httpx.AsyncClient(base_url=server.http) as http:
        r = await http.post("/api/profiles", json={"name": name})
    assert r.status_code == 201, r.text
    return r.json()["profile"]["id"], r.json()["key"]


async def get(server: ServerThread, path: str, key: str | None = None) -> httpx.Response:
    async with httpx.AsyncClient(base_url=server.http) as http:
        return await http.get(path, headers=auth(key) if key else {})


async def post(server: ServerThread, path: str, body: Any, key: str | None = None
               ) -> httpx.Response:
    async with httpx.AsyncClient(base_url=server.http, timeout=60) as http:
        return await http.post(path, json=body, headers=auth(key) if key else {})


async def play_out(clients: list[Client], rng: random.Random) -> None:
    """Random legal moves (the computer's come by themselves) until the game is over."""
    for _ in range(500):
        view = clients[0].view
        if view["result"] is not None and (view["match"] is None or view["match"]["over"]):
            return
        mover = next((c for c in clients if my_turn(c)), None)
        if mover is None:
            await clients[0].recv()
            continue
        ack = await mover.move(rng.choice(mover.view["legal"]))
        assert ack["type"] == "ack", ack
        for client in clients:
            await client.until_state(ack["state_no"])
    raise AssertionError("the game did not end")


async def computer_game(server: ServerThread, key: str, seed: int = 1) -> dict[str, Any]:
    """A computer game of the profile with *key*, played to its end; its history line."""
    async with httpx.AsyncClient(base_url=server.http) as http:
        r = await http.post("/api/games", json={"mode": "computer", "level": "easy",
                                                "rules": {"preset": "draw"}}, headers=auth(key))
    assert r.status_code == 201, r.text
    client = Client(server, r.json()["game_id"], r.json()["token"])
    await client.connect()
    await play_out([client], random.Random(seed))
    await client.close()
    page = (await get(server, "/api/profiles/me", key)).json()
    return next(g for g in page["games"] if g["kind"] == "computer")


async def test_a_profile_survives_a_reload_and_a_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/r.db"
    first = ServerThread(settings(url)).start()
    try:
        profile_id, key = await new_profile(first, "Аня")
        assert (await get(first, "/api/profiles/me", key)).json()["profile"]["id"] == profile_id
    finally:
        first.stop()
    again = ServerThread(settings(url)).start()
    try:
        me = (await get(again, "/api/profiles/me", key)).json()
        assert me["profile"] == {"id": profile_id, "name": "Аня",
                                 "member_since": me["profile"]["member_since"],
                                 "telegram": False}
        assert me["own"] is True
        # a wrong key is refused, not taken for "no profile"
        r = await get(again, "/api/profiles/me", "x" * 43)
        assert r.status_code == 401 and r.json()["error"]["code"] == "bad_profile_key"
        r = await get(again, "/api/profiles/me")
        assert r.status_code == 401 and r.json()["error"]["code"] == "profile_required"
        renamed = await post(again, "/api/profiles/me", {"name": "  Анна "}, key)
        assert renamed.json()["profile"]["name"] == "Анна"
        bad = await post(again, "/api/profiles/me", {"name": "<b>"}, key)
        assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_name"
    finally:
        again.stop()
    with sqlite3.connect(tmp_path / "r.db") as db:  # only the key's digest is stored
        assert key not in json.dumps(db.execute("SELECT * FROM profile_keys").fetchall())


async def test_a_finished_game_is_in_history_and_reopens_with_replay_and_review(
        server: ServerThread) -> None:
    profile_id, key = await new_profile(server, "Аня")
    line = await computer_game(server, key)
    assert line["my_seats"] == [0] and line["preset"] == "draw" and line["players"] == 2
    assert line["seats"][0]["profile"] == profile_id and line["seats"][0]["name"] == "Аня"
    assert line["seats"][1]["computer"] and line["seats"][1]["level"] == "easy"
    assert line["seats"][1]["profile"] is None
    page = (await get(server, "/api/profiles/me", key)).json()
    assert page["stats"]["draw"]["played"] == 1
    assert "ratings" not in page  # they have one source, GET /api/profiles/{id}/ratings
    ratings = (await get(server, f"/api/profiles/{profile_id}/ratings", key)).json()
    assert ratings == {"ratings": {}}  # a game against the computer is never rated
    assert page["stats"]["draw"]["won"] == int(bool(line["won"]))
    past = (await get(server, f"/api/history/{line['key']}", key)).json()
    assert past["seat"] == 0 and past["game"]["key"] == line["key"]
    [deal] = past["deals"]
    first, last = deal["steps"][0], deal["steps"][-1]
    assert first["action"] is None and first["line"] == [] and len(first["hand"]) == 7
    assert all(s["action"] for s in deal["steps"][1:])
    assert deal["result"] is not None and deal["revealed_hands"] is not None
    # the deal's shuffle, to check it again later (docs/protocol.md "Verifiable deals")
    assert hashlib.sha256(bytes.fromhex(deal["secret"])).hexdigest() == deal["commitment"]
    assert last["line"] and len(last["hand"]) == last["hand_sizes"][0]
    assert "seed" not in json.dumps(past) and "record" not in past
    review = await post(server, f"/api/history/{line['key']}/review", {"deal": 1}, key)
    assert review.status_code == 200, review.text
    assert review.json()["seat"] == 0 and review.json()["review"]["decisions"]


async def test_strangers_are_refused_a_private_game(server: ServerThread) -> None:
    _, key = await new_profile(server, "Аня")
    line = await computer_game(server, key, seed=2)
    _, stranger = await new_profile(server, "Чужой")
    for who in (stranger, None):
        r = await get(server, f"/api/history/{line['key']}", who)
        assert r.status_code == 403 and r.json()["error"]["code"] == "not_your_seat"
    r = await post(server, f"/api/history/{line['key']}/review", {"deal": 1}, stranger)
    assert r.status_code == 403
    r = await get(server, f"/api/history/{line['key']}?seat=1", key)  # the computer's eyes
    assert r.status_code == 403
    assert (await get(server, "/api/history/no-such-game", key)).status_code == 404


async def test_an_online_game_between_two_profiles_and_a_public_hall_game(
        server: ServerThread) -> None:
    a_id, a_key = await new_profile(server, "Аня")
    b_id, b_key = await new_profile(server, "Боря")
    async with httpx.AsyncClient(base_url=server.http) as http:
        made = await http.post("/api/games", headers=auth(a_key), json={
            "mode": "online", "rules": {"preset": "draw"}, "hall": {"public": True}})
        assert made.status_code == 201, made.text
        game = made.json()
        sat = await http.post(f"/api/hall/tables/{game['game_id']}/sit", headers=auth(b_key),
                              json={})
        assert sat.status_code == 200, sat.text
    a = Client(server, game["game_id"], game["token"])
    b = Client(server, game["game_id"], sat.json()["token"])
    await a.connect()
    await b.connect()
    assert [s["name"] for s in a.room["seats"]][:2] == ["Аня", "Боря"]  # the profiles' names
    await play_out([a, b], random.Random(3))
    await a.close()
    await b.close()
    page = (await get(server, "/api/profiles/me", a_key)).json()
    line = next(g for g in page["games"] if g["kind"] == "hall")
    assert line["public"] and [s["profile"] for s in line["seats"]] == [a_id, b_id]
    assert page["opponents"][0]["profile"] == b_id
    # a stranger (or nobody) opens a public hall game once it is over: as a spectator
    _, stranger = await new_profile(server, "Чужой")
    for who in (stranger, None):
        past = (await get(server, f"/api/history/{line['key']}", who)).json()
        assert past["seat"] is None
        assert all("hand" not in step for step in past["deals"][0]["steps"])
        assert past["deals"][0]["revealed_hands"] is None
        assert past["deals"][0]["secret"] is None and past["deals"][0]["commitment"]
    r = await post(server, f"/api/history/{line['key']}/review", {"deal": 1}, stranger)
    assert r.status_code == 403  # a review shows a hand: never a spectator's
    # and a stranger's view of Боря's page lists that public game
    seen = (await get(server, f"/api/profiles/{b_id}", stranger)).json()
    assert seen["own"] is False and [g["key"] for g in seen["games"]] == [line["key"]]


async def test_an_empty_name_is_a_player_who_gave_none_even_with_a_profile(
        server: ServerThread) -> None:
    """A browser makes a guest profile named «Гость» for a player who skipped the name: that
    stand-in must not become the seat's name, nor get past a hall table's need for one."""
    _, a_key = await new_profile(server, "Аня")
    _, guest_key = await new_profile(server, "Гость")
    async with httpx.AsyncClient(base_url=server.http) as http:
        made = await http.post("/api/games", headers=auth(a_key), json={
            "mode": "online", "rules": {"preset": "draw"}})
        game = made.json()
        joined = await http.post(f"/api/games/{game['game_id']}/join", headers=auth(guest_key),
                                 json={"invite": game["invite"], "name": ""})
        assert joined.status_code == 200, joined.text
        hall = await http.post("/api/games", headers=auth(a_key), json={
            "mode": "online", "rules": {"preset": "draw"}, "hall": {"public": False}})
        table = hall.json()
        refused = await http.post(f"/api/games/{table['game_id']}/join", headers=auth(guest_key),
                                  json={"invite": table["invite"], "name": ""})
        assert refused.status_code == 400 and refused.json()["error"]["code"] == "bad_name"
        named = await http.post(f"/api/games/{table['game_id']}/join", headers=auth(guest_key),
                                json={"invite": table["invite"]})
        assert named.status_code == 200, named.text  # no name sent: the profile's
    a = Client(server, game["game_id"], game["token"])
    await a.connect()
    assert [s["name"] for s in a.room["seats"]] == ["Аня", None]
    await a.close()
    b = Client(server, table["game_id"], table["token"])
    await b.connect()
    assert [s["name"] for s in b.room["seats"]] == ["Аня", "Гость"]
    await b.close()


async def test_one_seat_per_profile_at_a_public_table(server: ServerThread) -> None:
    _, a_key = await new_profile(server, "Аня")
    _, b_key = await new_profile(server, "Боря")
    async with httpx.AsyncClient(base_url=server.http) as http:
        game = (await http.post("/api/games", headers=auth(a_key), json={
            "mode": "online", "rules": {"preset": "draw", "players": 3},
            "hall": {"public": True}})).json()
        sat = await http.post(f"/api/hall/tables/{game['game_id']}/sit", headers=auth(b_key),
                              json={"browser": "b" * 22})
        assert sat.status_code == 200
        twice = await http.post(f"/api/hall/tables/{game['game_id']}/sit",
                                headers=auth(b_key), json={"browser": "c" * 22})
    assert twice.status_code == 409 and twice.json()["error"]["code"] == "already_seated"


async def test_deleting_a_profile_removes_its_personal_data(server: ServerThread) -> None:
    a_id, a_key = await new_profile(server, "Удаляемая")
    b_id, b_key = await new_profile(server, "Остаётся")
    async with httpx.AsyncClient(base_url=server.http) as http:
        game = (await http.post("/api/games", headers=auth(a_key), json={
            "mode": "online", "rules": {"preset": "draw"}})).json()
        joined = (await http.post(f"/api/games/{game['game_id']}/join", headers=auth(b_key),
                                  json={"invite": game["invite"]})).json()
    a = Client(server, game["game_id"], game["token"])
    b = Client(server, game["game_id"], joined["token"])
    await a.connect()
    await b.connect()
    await play_out([a, b], random.Random(4))
    await a.close()
    await b.close()
    async with httpx.AsyncClient(base_url=server.http) as http:
        gone = await http.delete("/api/profiles/me", headers=auth(a_key))
    assert gone.status_code == 204
    assert (await get(server, "/api/profiles/me", a_key)).status_code == 401
    assert (await get(server, f"/api/profiles/{a_id}")).status_code == 404
    page = (await get(server, "/api/profiles/me", b_key)).json()
    seat = page["games"][0]["seats"][0]
    assert seat == {"seat": 0, "name": None, "profile": None, "computer": False,
                    "level": None, "won": seat["won"], "deleted": True}
    path = server.settings.db_url.partition(":///")[2]
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT count(*) FROM profiles WHERE profile_id = ?",
                          (a_id,)).fetchone() == (0,)
        assert db.execute("SELECT count(*) FROM profile_keys WHERE profile_id = ?",
                          (a_id,)).fetchone() == (0,)
        rows = db.execute("SELECT profile_id, name FROM game_players").fetchall()
        assert (a_id, "Удаляемая") not in rows and all(a_id not in r for r in rows)
        assert "Удаляемая" not in json.dumps(
            db.execute("SELECT * FROM profiles").fetchall(), ensure_ascii=False)
        assert (b_id, "Остаётся") in rows


def init_data(user_id: int, name: str) -> str:
    fields = {"auth_date": str(int(time.time())),
              "user": json.dumps({"id": user_id, "first_name": name})}
    return urlencode({**fields, "hash": telegram.sign(fields, BOT_TOKEN)})


async def test_telegram_sign_in_attaches_then_merges_a_guest(server: ServerThread) -> None:
    guest_id, guest_key = await new_profile(server, "Гость")
    r = await post(server, "/api/profiles/telegram", {"init_data": init_data(77, "Вера")},
                   guest_key)
    assert r.status_code == 200, r.text
    assert r.json()["how"] == "attached" and r.json()["profile"]["id"] == guest_id
    assert r.json()["profile"]["telegram"] and str(77) not in r.json()["profile"]["id"]
    # another device of the same Telegram user opens the same profile
    r = await post(server, "/api/profiles/telegram", {"init_data": init_data(77, "Вера")})
    assert r.json()["how"] == "signed_in" and r.json()["profile"]["id"] == guest_id
    # a second guest with games signs in as the same user: folded into it
    other_id, other_key = await new_profile(server, "Второй")
    line = await computer_game(server, other_key, seed=5)
    r = await post(server, "/api/profiles/telegram", {"init_data": init_data(77, "Вера")},
                   other_key)
    assert r.json()["how"] == "merged" and r.json()["profile"]["id"] == guest_id
    me = (await get(server, "/api/profiles/me", other_key)).json()  # the old key: one profile
    assert me["profile"]["id"] == guest_id and me["profile"]["name"] == "Гость"
    assert line["key"] in [g["key"] for g in me["games"]]
    assert (await get(server, f"/api/profiles/{other_id}")).status_code == 404
    # a new Telegram user without a guest: a new profile named as in Telegram
    r = await post(server, "/api/profiles/telegram", {"init_data": init_data(78, "Гоша")})
    assert r.json()["how"] == "created" and r.json()["profile"]["name"] == "Гоша"
    forged = init_data(79, "Кто").replace("hash=", "hash=0")
    r = await post(server, "/api/profiles/telegram", {"init_data": forged})
    assert r.status_code == 401 and r.json()["error"]["code"] == "bad_init_data"
