"""Cross-site requests (issue 21 item 5): a page on another site must not make its visitors
create rooms, sit down or join from their own addresses.

A form or a ``fetch`` with ``mode: "no-cors"`` can POST ``text/plain``, a form encoding or
multipart to any site without asking it first; only ``application/json`` needs the browser to
ask (a CORS preflight, which this server never grants). So every JSON endpoint refuses any
other content type (415), and a request whose ``Origin`` names another site (403), whatever
it carries. A real server, plain HTTP: what a browser would send, byte for byte.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx
import pytest

from doublesix.server.config import Settings
from tests.server.harness import LIFTED, ServerThread, create

EVIL = "https://evil.example"


@pytest.fixture(scope="module")
def server() -> Iterator[ServerThread]:
    s = ServerThread(Settings(db_url="memory://", computer_delay=0.0,
                              allowed_origins=("https://t.doublesix.example",),
                              **LIFTED)).start()
    yield s
    s.stop()


def body(name: str = "Боря") -> bytes:
    return json.dumps({"mode": "online", "name": name}).encode()


async def raw_post(server: ServerThread, path: str, content: bytes,
                   headers: dict[str, str]) -> httpx.Response:
    async with httpx.AsyncClient(base_url=server.http) as http:
        # httpx adds no Content-Type of its own to raw content: the one given is the only one
        return await http.post(path, content=content, headers=headers)


async def open_table(server: ServerThread) -> str:
    game = await create(server, "online", name="Аня", hall={"public": True})
    return str(game["game_id"])


def free_seats(server: ServerThread, game_id: str) -> list[int]:
    async def read() -> list[int]:
        async with server.service.rooms.locked(game_id) as room:
            return room.free_seats()

    return server.call(read())


@pytest.mark.parametrize("content_type", [
    "text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x", None,
])
async def test_a_body_that_is_not_declared_json_is_refused(server: ServerThread,
                                                           content_type: str | None) -> None:
    before = len(server.service.rooms.ids())
    headers = {} if content_type is None else {"content-type": content_type}
    r = await raw_post(server, "/api/games", body(), headers)
    assert r.status_code == 415, r.text
    assert r.json()["error"]["code"] == "bad_content_type"
    assert "application/json" in r.json()["error"]["message"]
    assert len(server.service.rooms.ids()) == before  # nothing was created
    game_id = await open_table(server)
    r = await raw_post(server, f"/api/hall/tables/{game_id}/sit", '{"name": "Боря"}'.encode(),
                       headers)
    assert r.status_code == 415
    assert free_seats(server, game_id) == [1]


@pytest.mark.parametrize("origin", [EVIL, "null", "http://127.0.0.1.evil.example",
                                    "http://127.0.0.1:1"])
async def test_a_foreign_origin_is_refused_even_with_json(server: ServerThread,
                                                          origin: str) -> None:
    game_id = await open_table(server)
    json_from = {"content-type": "application/json", "origin": origin}
    r = await raw_post(server, f"/api/hall/tables/{game_id}/sit", b'{"name": "Boris"}',
                       json_from)
    assert r.status_code == 403, r.text
    assert r.json()["error"]["code"] == "bad_origin"
    assert free_seats(server, game_id) == [1]
    r = await raw_post(server, "/api/games", body(), json_from)
    assert r.status_code == 403
    r = await raw_post(server, "/api/telegram/auth", b'{"init_data": "x"}', json_from)
    assert r.status_code == 403


async def test_the_own_origin_and_none_at_all_are_served(server: ServerThread) -> None:
    """The browser client sends its own origin (the Telegram Mini App too: it is this site,
    opened inside Telegram); curl, bots and other servers send none."""
    own = f"http://127.0.0.1:{server.port}"
    for headers in ({"content-type": "application/json", "origin": own},
                    {"content-type": "application/json; charset=utf-8"},
                    {"content-type": "Application/JSON", "origin": own.upper()},
                    {"content-type": "application/json",
                     "origin": "https://t.doublesix.example"}):  # DOUBLESIX_ORIGINS
        r = await raw_post(server, "/api/games", body("Аня"), headers)
        assert r.status_code == 201, (headers, r.text)


async def test_behind_a_proxy_the_host_it_passes_is_the_site(server: ServerThread) -> None:
    """nginx as README configures it passes ``Host $host`` and ends TLS: the page's origin is
    https://doublesix.example while the server hears plain HTTP for that host."""
    headers = {"content-type": "application/json", "origin": "https://doublesix.example",
               "host": "doublesix.example"}
    r = await raw_post(server, "/api/games", body("Аня"), headers)
    assert r.status_code == 201, r.text
    headers["host"] = "other.example"
    r = await raw_post(server, "/api/games", body("Аня"), headers)
    assert r.status_code == 403


def test_allowed_origins_are_a_setting() -> None:
    settings = Settings.from_env({"DOUBLESIX_ORIGINS": "https://a.example, https://b.example"})
    assert settings.allowed_origins == ("https://a.example", "https://b.example")
    with pytest.raises(ValueError, match="DOUBLESIX_ORIGINS"):
        Settings.from_env({"DOUBLESIX_ORIGINS": "a.example"})


async def test_the_openapi_description_names_both_refusals(server: ServerThread) -> None:
    async with httpx.AsyncClient(base_url=server.http) as http:
        spec = (await http.get("/api/openapi.json")).json()
    posts = [path["post"] for path in spec["paths"].values() if "post" in path]
    assert len(posts) >= 5  # create, join, telegram, sit, review, hint
    for post in posts:
        assert "bad_origin" in post["responses"]["403"]["description"]
        assert "bad_content_type" in post["responses"]["415"]["description"]
    sit = spec["paths"]["/api/hall/tables/{game_id}/sit"]["post"]
    assert "bad_invite" in sit["responses"]["403"]["description"]  # kept beside it
