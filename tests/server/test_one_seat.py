"""One person, one seat at a public table (issue 21 item 3).

One address sat three times at a «Козёл» table and got seats 1, 2 and 3: both opponents (so it
saw the whole pair's hands) and the creator's partner; the table's invite link did the same. A
seat now remembers who took it — the client (its address; an IPv6 /64) and the browser (the
random id the client keeps in localStorage) — as digests, and nobody takes a second seat at a
public table: not by sitting down, not by the invite link, not the creator either.

A real server behind a trusted proxy, so each test person has an address of their own.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from doublesix.server.config import Settings
from tests.server.harness import LIFTED, Client, ServerThread

ANNA, BORIS, VERA = "203.0.113.1", "198.51.100.9", "198.51.100.10"
KOZEL = {"preset": "kozel"}


def settings(**changes: Any) -> Settings:
    limits = {**LIFTED, "seats_per_client": 1, **changes}
    return Settings(db_url="memory://", computer_delay=0.0, trusted_proxies=("127.0.0.1",),
                    **limits)


@pytest.fixture(scope="module")
def server() -> Iterator[ServerThread]:
    s = ServerThread(settings()).start()
    yield s
    s.stop()


def browser(who: str) -> str:
    """The id *who*'s browser keeps (net.js makes 22 random URL-safe characters)."""
    return hashlib.sha256(who.encode()).hexdigest()[:22]


async def post(server: ServerThread, path: str, body: dict[str, Any], address: str
               ) -> httpx.Response:
    async with httpx.AsyncClient(base_url=server.http) as http:
        return await http.post(path, json=body, headers={"x-forwarded-for": address})


async def table(server: ServerThread, public: bool = True, rules: dict[str, Any] = KOZEL,
                **extra: Any) -> dict[str, Any]:
    body = {"mode": "online", "rules": rules, "name": "Аня", "hall": {"public": public},
            "browser": browser(ANNA), **extra}
    r = await post(server, "/api/games", body, ANNA)
    assert r.status_code == 201, r.text
    return dict(r.json())


async def sit(server: ServerThread, game: dict[str, Any], address: str,
              seat: int | None = None, who: str | None = None) -> httpx.Response:
    body: dict[str, Any] = {"name": "Боря", "browser": browser(who or address)}
    if seat is not None:
        body["seat"] = seat
    return await post(server, f"/api/hall/tables/{game['game_id']}/sit", body, address)


async def join(server: ServerThread, game: dict[str, Any], address: str,
               who: str | None = None) -> httpx.Response:
    body = {"invite": game["invite"], "name": "Вика", "browser": browser(who or address)}
    return await post(server, f"/api/games/{game['game_id']}/join", body, address)


def refused_as_seated(r: httpx.Response, seat: int) -> None:
    assert r.status_code == 409, r.text
    error = r.json()["error"]
    assert error["code"] == "already_seated"
    assert f"seat {seat}" in error["message"]


def free(server: ServerThread, game: dict[str, Any]) -> list[int]:
    async def read() -> list[int]:
        async with server.service.rooms.locked(game["game_id"]) as room:
            return room.free_seats()

    return server.call(read())


async def test_one_address_takes_one_seat_at_a_kozel_table(server: ServerThread) -> None:
    game = await table(server)
    r = await sit(server, game, BORIS)
    assert r.status_code == 200 and r.json()["seat"] == 1
    # the attack of the issue: the same address again, a chosen seat, a new browser id
    refused_as_seated(await sit(server, game, BORIS), 1)
    refused_as_seated(await sit(server, game, BORIS, seat=3), 1)
    refused_as_seated(await sit(server, game, BORIS, who="another browser"), 1)
    refused_as_seated(await join(server, game, BORIS), 1)  # the invite link too
    assert free(server, game) == [2, 3]
    # someone else is welcome, and the last seat too
    assert (await sit(server, game, VERA)).json()["seat"] == 2
    assert (await join(server, game, "192.0.2.77")).json()["seat"] == 3


async def test_the_creator_holds_their_seat_and_no_other(server: ServerThread) -> None:
    game = await table(server)
    refused_as_seated(await sit(server, game, ANNA), 0)
    refused_as_seated(await join(server, game, ANNA), 0)
    # one browser is one person whatever the address (a phone moving from Wi-Fi to mobile)
    refused_as_seated(await sit(server, game, "192.0.2.1", who=ANNA), 0)
    # an IPv6 host is its /64, whichever address of it it uses
    assert (await sit(server, game, "2001:db8:5:5::1")).status_code == 200
    refused_as_seated(await sit(server, game, "2001:db8:5:5::99"), 1)
    assert free(server, game) == [2, 3]


async def test_a_private_table_seats_whoever_has_the_invite(server: ServerThread) -> None:
    """The creator chose who gets the invite of a table that is not listed: a family behind
    one address, or one person playing two seats on purpose, is their own business."""
    game = await table(server, public=False)
    assert (await join(server, game, ANNA, who="a second tab")).json()["seat"] == 1
    assert (await join(server, game, ANNA, who=ANNA)).json()["seat"] == 2


async def test_an_address_may_be_allowed_more_seats_but_a_browser_never() -> None:
    """DOUBLESIX_SEATS_PER_CLIENT: behind one address (a household's NAT, a campus) an
    operator may allow more than one seat; each browser still holds one."""
    s = ServerThread(settings(seats_per_client=2)).start()
    try:
        game = await table(s)
        assert (await sit(s, game, BORIS, who="Boris's phone")).json()["seat"] == 1
        refused_as_seated(await sit(s, game, "192.0.2.5", who="Boris's phone"), 1)
        assert (await sit(s, game, BORIS, who="Vera's laptop")).json()["seat"] == 2
        refused_as_seated(await sit(s, game, BORIS, who="a third browser"), 1)
    finally:
        s.stop()


async def test_a_browser_id_is_checked_and_never_shown(server: ServerThread) -> None:
    game = await table(server)
    for bad in ("short", "x" * 65, "white space here!!", 12345678901234567, ["a" * 20]):
        r = await post(server, f"/api/hall/tables/{game['game_id']}/sit",
                       {"name": "Боря", "browser": bad}, BORIS)
        assert (r.status_code, r.json()["error"]["code"]) == (400, "bad_request"), bad
    r = await sit(server, game, BORIS)
    assert r.status_code == 200
    # without an id the address alone counts (curl, a bot): no way around it
    refused_as_seated(await post(server, f"/api/hall/tables/{game['game_id']}/sit",
                                 {"name": "Боря"}, BORIS), 1)
    # what the seats remember stays on the server: not in the lobby, not in a welcome
    async def holders() -> list[str]:
        async with server.service.rooms.locked(game["game_id"]) as room:
            return [h for s in room.row.seats for h in s.holders]

    held = server.call(holders())
    assert len(held) == 4 and not any(BORIS in h or ANNA in h for h in held)
    async with httpx.AsyncClient(base_url=server.http) as http:
        listed = (await http.get("/api/hall/tables")).text
    boris = Client(server, game["game_id"], r.json()["token"])
    await boris.connect()
    welcome = json.dumps(boris.frames)
    await boris.close()
    for shown in (listed, welcome):
        assert not any(h.split(":", 1)[1][:16] in shown for h in held)
        assert browser(BORIS) not in shown
