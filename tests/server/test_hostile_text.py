"""Hostile text (issue 12, items 1–3): lone surrogates, the one name policy, deep JSON and
Telegram initData with a non-ASCII hash. Every refusal is a 4xx at the edge, and the hall, the
lobby and every other socket keep working afterwards."""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlencode

import httpx
import pytest
from websockets.asyncio.client import connect

from doublesix.server.config import Settings
from doublesix.server.http import telegram
from tests.server.harness import LIFTED, Client, ServerThread, create, join
from tests.server.hostile import assert_rooms_replay, post_raw

BOT_TOKEN = "123456:TEST-token-for-hostile-tests"
LONE = ["\ud800", "x\udfff", "Аня\udbff"]


@pytest.fixture(scope="module")
def srv() -> Iterator[ServerThread]:
    s = ServerThread(Settings(db_url="memory://", computer_delay=0.0, rate_per_second=10_000,
                              rate_burst=10_000, telegram_bot_token=BOT_TOKEN, **LIFTED)).start()
    yield s
    s.stop()


async def still_serving(server: ServerThread) -> None:
    """The hall list answers, a lobby socket is answered, a new room can be played."""
    async with httpx.AsyncClient(base_url=server.http) as http:
        r = await http.get("/api/hall/tables")
        assert r.status_code == 200, r.text
    async with connect(server.ws_url) as ws:
        await ws.send(json.dumps({"type": "lobby"}))
        assert json.loads(await ws.recv())["type"] == "lobby"
    assert_rooms_replay(server)


@pytest.mark.parametrize("bad", LONE)
async def test_lone_surrogates_are_refused_on_every_endpoint(srv: ServerThread, bad: str
                                                            ) -> None:
    online = await create(srv, "online", name="Аня")
    table = await create(srv, "online", name="Аня", hall={"public": True})
    watcher = Client(srv, online["game_id"], online["token"])
    await watcher.connect()
    lobby = await connect(srv.ws_url)
    await lobby.send(json.dumps({"type": "lobby"}))
    assert json.loads(await lobby.recv())["type"] == "lobby"
    cases: list[tuple[str, Any]] = [
        ("/api/games", {"mode": "online", "name": bad}),
        ("/api/games", {"mode": "computer", "name": bad}),
        ("/api/games", {"mode": "online", "name": bad, "hall": {"public": True}}),
        ("/api/games", {"mode": "computer", "level": bad}),
        ("/api/games", {"mode": "online", "rules": {"preset": bad}}),
        ("/api/games", {"mode": "online", bad: 1}),
        (f"/api/games/{online['game_id']}/join", {"invite": online["invite"], "name": bad}),
        (f"/api/games/{online['game_id']}/join", {"invite": bad}),
        (f"/api/hall/tables/{table['game_id']}/sit", {"name": bad}),
        ("/api/telegram/auth", {"init_data": bad}),
    ]
    for path, body in cases:
        r = await post_raw(srv, path, body)
        assert r.status_code == 400, (path, body, r.text)
        assert r.json()["error"]["code"] == "bad_request", (path, r.text)
    # the open socket of the room got no `joined`, and still works
    await watcher.send({"type": "ping", "id": "p"})
    assert (await watcher.expect("pong"))["id"] == "p"
    assert not [f for f in watcher.frames if f["type"] == "event"]
    await watcher.close()
    # the lobby socket still hears about new tables
    await create(srv, "online", name="Боря", hall={"public": True})
    assert json.loads(await lobby.recv())["type"].startswith("lobby")
    await lobby.close()
    await still_serving(srv)


@pytest.mark.parametrize("bad", LONE)
async def test_lone_surrogates_are_refused_in_every_frame(srv: ServerThread, bad: str) -> None:
    game = await create(srv, "online", name="Аня", hall={"public": True})
    r = await post_raw(srv, f"/api/hall/tables/{game['game_id']}/sit", {"name": "Боря"})
    assert r.status_code == 200
    first_frames = [
        {"type": "ping", "id": bad},
        {"type": "hello", "game_id": bad, "token": game["token"]},
        {"type": "hello", "game_id": game["game_id"], "token": bad},
        {"type": "watch", "game_id": bad},
        {"type": "lobby", "id": bad},
        {"type": bad},
        {"type": "ping", bad: 1},
    ]
    for frame in first_frames:
        async with connect(srv.ws_url) as ws:
            await ws.send(json.dumps(frame))  # ASCII JSON: the surrogate is an escape
            reply = json.loads(await ws.recv())
            assert reply["type"] == "error" and reply["code"] == "bad_request", (frame, reply)
            assert reply["id"] is None
            await ws.send(json.dumps({"type": "ping", "id": 1}))  # the socket still answers
            assert json.loads(await ws.recv())["id"] == 1
    seat = Client(srv, game["game_id"], game["token"])
    await seat.connect()
    later = [
        {"type": "chat", "text": bad, "id": "c"},
        {"type": "chat", "text": "hi", "id": bad},
        {"type": "move", "state_no": seat.state_no, "action": bad, "id": "m"},
        {"type": "set_level", "level": bad, "id": "l"},
        {"type": "next_deal", "state_no": 0, "id": bad},
    ]
    for frame in later:
        await seat.send(frame)
        reply = await seat.expect("error")
        assert reply["code"] == "bad_request", (frame, reply)
    await seat.send({"type": "chat", "text": "всё ещё здесь", "id": "ok"})
    assert (await seat.expect_reply("ok"))["type"] == "ack"
    await seat.close()
    await still_serving(srv)


ORDINARY = ["😀", "Zalgó", "Zalgo\u0301", "José Ñúñez", "Аня Петрова", "王小明", "佐藤 さくら",
            "김민수", "Ἀλέξανδρος", "محمد", "👩‍💻 Dev", "Émilie ❤️", "O'Brien-Smith", "x_y 2",
            "Nguyễn Thị"]
REFUSED = ["<img src=x onerror=alert(1)>\u202e", "abc\u202e", "a\u200bb", "a\u200eb",
           "\u2066x\u2069", "a\u0000b", "a\tb", "\ufeffAnna", "a\u200db",
           "Z" + "\u0301" * 8, "\u200b", "a<b", "\ue000x"]


@pytest.mark.parametrize("name", ORDINARY)
async def test_ordinary_telegram_names_pass_every_path(srv: ServerThread, name: str) -> None:
    shown = unicodedata.normalize("NFC", name)
    table = await create(srv, "online", "draw", name=name, hall={"public": True})
    async with httpx.AsyncClient(base_url=srv.http) as http:
        tables = (await http.get("/api/hall/tables")).json()["tables"]
    assert next(t for t in tables if t["game_id"] == table["game_id"])["creator"] == shown
    r = await post_raw(srv, f"/api/hall/tables/{table['game_id']}/sit", {"name": name})
    assert r.status_code == 200, r.text
    online = await create(srv, "online", name=name)
    guest = await join(srv, online, name)
    assert guest["seat"] == 1
    await create(srv, "computer", name=name)
    for game_id in (table["game_id"], online["game_id"]):
        row = srv.call(srv.service.storage.load(game_id))
        assert row is not None and [s.name for s in row.seats] == [shown, shown]


@pytest.mark.parametrize("name", REFUSED)
async def test_one_name_policy_refuses_invisible_and_markup(srv: ServerThread, name: str
                                                            ) -> None:
    online = await create(srv, "online", name="Аня")
    table = await create(srv, "online", name="Аня", hall={"public": True})
    paths = [
        ("/api/games", {"mode": "online", "name": name, "hall": {"public": True}}),
        ("/api/games", {"mode": "online", "name": name}),
        ("/api/games", {"mode": "computer", "name": name}),
        (f"/api/games/{online['game_id']}/join", {"invite": online["invite"], "name": name}),
        (f"/api/hall/tables/{table['game_id']}/sit", {"name": name}),
    ]
    for path, body in paths:
        r = await post_raw(srv, path, body)
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_name", (path, r.text)
    async with httpx.AsyncClient(base_url=srv.http) as http:
        listed = (await http.get("/api/hall/tables")).text
    assert "onerror" not in listed and "\\u202e" not in listed


@pytest.mark.parametrize("depth", [100, 5000, 15000])
async def test_deep_json_is_a_400_on_every_body_and_frame(srv: ServerThread, depth: int
                                                          ) -> None:
    table = await create(srv, "online", name="Аня", hall={"public": True})
    deep = ("[" * depth + "]" * depth).encode()
    in_object = b'{"mode": "online", "rules": ' + deep + b"}"
    for path in ("/api/games", f"/api/hall/tables/{table['game_id']}/sit",
                 "/api/telegram/auth", f"/api/games/{table['game_id']}/join"):
        for body in (deep, in_object):
            r = await post_raw(srv, path, body[:16000])
            assert r.status_code == 400, (path, r.status_code, r.text[:200])
            assert r.json()["error"]["code"] == "bad_json"
    async with connect(srv.ws_url, max_size=None) as ws:
        await ws.send("[" * min(depth, 4000) + "]" * min(depth, 4000))
        reply = json.loads(await ws.recv())
        assert reply["type"] == "error" and reply["code"] == "bad_json"
    # brackets inside strings are text, not nesting
    r = await post_raw(srv, "/api/games", {"mode": "online", "name": "[[[[" * 5 + "x"})
    assert r.status_code == 201, r.text
    await still_serving(srv)


async def test_telegram_init_data_with_a_non_ascii_hash_is_a_401(srv: ServerThread) -> None:
    fields = {"auth_date": "1700000000", "user": json.dumps({"id": 1, "first_name": "Аня"})}
    for given in ("ж" * 64, "é", "😀" + "0" * 63):
        init = urlencode({**fields, "hash": given})
        r = await post_raw(srv, "/api/telegram/auth", {"init_data": init})
        assert r.status_code == 401, r.text
        assert r.json()["error"]["code"] == "bad_init_data"


async def test_telegram_display_name_follows_the_name_policy(srv: ServerThread) -> None:
    import time

    user = {"id": 7, "first_name": "Аня\u202e\u200b", "last_name": "Петрова-Водкина-Гончарова 😀"}
    fields = {"auth_date": str(int(time.time())), "user": json.dumps(user)}
    init = urlencode({**fields, "hash": telegram.sign(fields, BOT_TOKEN)})
    r = await post_raw(srv, "/api/telegram/auth", {"init_data": init})
    assert r.status_code == 200, r.text
    name = r.json()["display_name"]
    assert name.startswith("Аня Петрова") and len(name) <= 24
    assert "\u202e" not in name and "\u200b" not in name
    # the name it hands out is one the hall accepts
    await create(srv, "online", name=name, hall={"public": True})
