"""The HTTP endpoints: create, join, health, OpenAPI, the static client, Telegram sign-in."""

from __future__ import annotations

import json
import time
from urllib.parse import urlencode

import httpx
import pytest

from doublesix.server.config import Settings
from doublesix.server.http import telegram
from tests.server.harness import ServerThread, create, join

BOT_TOKEN = "123456:TEST-token-for-tests"


@pytest.fixture(scope="module")
def tg_server() -> ServerThread:
    s = ServerThread(Settings(db_url="memory://", telegram_bot_token=BOT_TOKEN,
                              telegram_max_age=3600)).start()
    yield s
    s.stop()


async def post(server: ServerThread, path: str, body: object, raw: bytes | None = None
               ) -> httpx.Response:
    async with httpx.AsyncClient(base_url=server.http) as http:
        if raw is not None:
            return await http.post(path, content=raw,
                                   headers={"content-type": "application/json"})
        return await http.post(path, json=body)


@pytest.mark.parametrize(("body", "status", "code"), [
    ({"mode": "solo"}, 400, "bad_request"),
    ({}, 400, "bad_request"),
    ({"mode": "online", "rules": {"preset": "chess"}}, 400, "invalid_rules"),
    ({"mode": "online", "rules": {"preset": "101", "players": 3}}, 400, "invalid_rules"),
    ({"mode": "online", "rules": {"preset": "draw", "hand_size": "x"}}, 400, "invalid_rules"),
    ({"mode": "online", "rules": ["draw"]}, 400, "bad_request"),
    ({"mode": "online", "level": "easy"}, 400, "bad_request"),
    ({"mode": "computer", "level": "godlike"}, 400, "bad_request"),
    ({"mode": "online", "name": "x" * 100}, 400, "bad_name"),
    ([1, 2], 400, "bad_request"),
])
async def test_create_refuses_bad_requests(server: ServerThread, body: object, status: int,
                                           code: str) -> None:
    r = await post(server, "/api/games", body)
    assert r.status_code == status
    assert r.json()["error"]["code"] == code and r.json()["error"]["message"]


async def test_create_refuses_malformed_and_huge_bodies(server: ServerThread) -> None:
    r = await post(server, "/api/games", None, raw=b"{not json")
    assert (r.status_code, r.json()["error"]["code"]) == (400, "bad_json")
    r = await post(server, "/api/games", None, raw=b'{"mode": "' + b"x" * 20000 + b'"}')
    assert (r.status_code, r.json()["error"]["code"]) == (413, "too_large")


async def test_create_gives_long_secrets_and_options(server: ServerThread) -> None:
    game = await create(server, "online", "block", rules={"players": 3}, name="Аня")
    assert len(game["token"]) >= 43 and len(game["invite"]) >= 22
    assert game["invite_url"] == f"/#join={game['game_id']}.{game['invite']}"
    row = server.call(server.storage.load(game["game_id"]))
    assert row is not None
    stored = json.dumps(row.data_json())
    assert game["token"] not in stored and game["invite"] not in stored  # only hashes
    assert row.record["rules"]["players"] == 3 and len(row.seats) == 3


async def test_join_by_invite_then_the_room_is_full(server: ServerThread) -> None:
    game = await create(server, "online")
    guest = await join(server, game, "Боря")
    assert guest["seat"] == 1 and guest["token"] != game["token"]
    path = f"/api/games/{game['game_id']}/join"
    r = await post(server, path, {"invite": game["invite"]})
    assert r.status_code == 409 and r.json()["error"]["code"] == "room_full"
    assert "full" in r.json()["error"]["message"]
    r = await post(server, path, {"invite": "forged"})
    assert r.status_code == 403 and r.json()["error"]["code"] == "bad_invite"
    r = await post(server, "/api/games/nope/join", {"invite": game["invite"]})
    assert r.status_code == 404 and r.json()["error"]["code"] == "not_found"
    r = await post(server, path, {})
    assert r.status_code == 400
    solo = await create(server, "hotseat")
    r = await post(server, f"/api/games/{solo['game_id']}/join", {"invite": "x"})
    assert r.status_code == 403


async def test_health_openapi_and_static(server: ServerThread) -> None:
    async with httpx.AsyncClient(base_url=server.http) as http:
        health = (await http.get("/api/health")).json()
        assert health["status"] == "ok" and health["storage"] == "memory"
        spec = (await http.get("/api/openapi.json")).json()
        assert spec["openapi"].startswith("3.")
        assert {"/api/games", "/api/games/{game_id}/join", "/api/health",
                "/api/telegram/auth"} <= set(spec["paths"])
        index = await http.get("/")
        assert index.status_code == 200 and "<html" in index.text
        assert (await http.get("/static/index.html")).status_code == 200
        assert (await http.get("/no/such/file.js")).status_code == 404


def signed(fields: dict[str, str], token: str = BOT_TOKEN) -> str:
    return urlencode({**fields, "hash": telegram.sign(fields, token)})


async def test_telegram_auth(tg_server: ServerThread, server: ServerThread) -> None:
    user = {"id": 42, "first_name": "Аня", "last_name": "Петрова", "username": "anya"}
    fields = {"auth_date": str(int(time.time()) - 10), "query_id": "AAE",
              "user": json.dumps(user, ensure_ascii=False)}
    r = await post(tg_server, "/api/telegram/auth", {"init_data": signed(fields)})
    assert r.status_code == 200, r.text
    assert r.json()["display_name"] == "Аня Петрова" and r.json()["user"]["id"] == 42
    forged = signed(fields, "999:other-bot")
    r = await post(tg_server, "/api/telegram/auth", {"init_data": forged})
    assert (r.status_code, r.json()["error"]["code"]) == (401, "bad_init_data")
    tampered = signed(fields).replace("anya", "boss")
    r = await post(tg_server, "/api/telegram/auth", {"init_data": tampered})
    assert r.status_code == 401
    old = {**fields, "auth_date": str(int(time.time()) - 7200)}
    r = await post(tg_server, "/api/telegram/auth", {"init_data": signed(old)})
    assert (r.status_code, r.json()["error"]["code"]) == (401, "init_data_expired")
    r = await post(tg_server, "/api/telegram/auth", {"init_data": "hash"})
    assert r.status_code == 401
    r = await post(tg_server, "/api/telegram/auth", {})
    assert r.status_code == 400
    r = await post(server, "/api/telegram/auth", {"init_data": signed(fields)})
    assert (r.status_code, r.json()["error"]["code"]) == (503, "telegram_disabled")
