"""Resigning on a real server, in every mode: against the computer, hot-seat, online and at a
hall table; a deal and a 101 / «Козёл» match; stored, so a restarted server replays it.

One ``doublesix serve`` process on an SQLite file plays every room, is stopped, and a fresh
process on the same file answers each seat's hello with the resigned result.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect

from doublesix.server.storage import open_storage
from tests.server.harness import Client
from tests.server.secrets_check import assert_no_secrets, assert_no_secrets_for_watcher
from tests.support.procs import ServerProcess

pytestmark = pytest.mark.slow  # starts, stops and restarts a real server process


def serve(db: Path) -> ServerProcess:
    # a loaded machine (eight engineers' tests) may take a while to start a process
    return ServerProcess(f"sqlite:///{db}",
                         env={"DOUBLESIX_COMPUTER_DELAY": "0"}).start(timeout=120)


async def create(server: ServerProcess, mode: str, preset: str, **extra: Any) -> Any:
    async with httpx.AsyncClient(base_url=server.http) as http:
        r = await http.post("/api/games", json={"mode": mode, "rules": {"preset": preset},
                                                **extra})
        assert r.status_code == 201, r.text
        return r.json()


async def seat(server: ServerProcess, game: dict[str, Any], name: str) -> Client:
    async with httpx.AsyncClient(base_url=server.http) as http:
        r = await http.post(f"/api/games/{game['game_id']}/join",
                            json={"invite": game["invite"], "name": name})
        assert r.status_code == 200, r.text
    client = Client(server, game["game_id"], r.json()["token"])  # type: ignore[arg-type]
    await client.connect()
    return client


async def opened(server: ServerProcess, game: dict[str, Any]) -> Client:
    client = Client(server, game["game_id"], game["token"])  # type: ignore[arg-type]
    await client.connect()
    return client


async def resign(client: Client, *, match: bool = False, **extra: Any) -> dict[str, Any]:
    """Send ``resign`` and return its ack or error; a computer's move that came first makes
    it stale, and then it is sent again on the new state, as a client does."""
    while True:
        rid = client.next_id()
        await client.send({"type": "resign", "state_no": client.state_no, "match": match,
                           "id": rid, **extra})
        reply = await client.expect_reply(rid)
        if reply.get("code") != "stale_state":
            return reply
        await client.until_state(reply["state_no"])


async def resigned(client: Client, seat: int, match: bool) -> dict[str, Any]:
    """The ``resign`` event that *client* hears, and its frame."""
    frame = await client.expect("event", where=lambda f: f["event"]["kind"] == "resign")
    assert frame["event"] == {"kind": "resign", "seat": seat, "match": match, "by": "player"}
    return frame


async def test_resigning_in_every_mode_is_stored_and_replays_after_a_restart(
        tmp_path: Path) -> None:
    db = tmp_path / "rooms.db"
    server = serve(db)
    #: game id -> (token, what its welcome must show after the restart)
    after: dict[str, tuple[str, dict[str, Any]]] = {}
    try:
        # -- against the computer: a single deal, then a 101 match --------------------------
        game = await create(server, "computer", "draw")
        me = await opened(server, game)
        ack = await resign(me)
        assert ack["type"] == "ack"
        frame = await resigned(me, 0, False)
        result = frame["view"]["result"]
        assert result["reason"] == "resigned" and result["resigned"] == 0
        assert result["winner"] == 1 and result["points"] == sum(
            int(a) + int(b) for a, b in (t.split("-") for t in frame["view"]["hand"]))
        again = await resign(me)  # the deal is over: nothing is left to give up
        assert again["code"] == "nothing_to_resign"
        after[game["game_id"]] = (game["token"], {"reason": "resigned", "resigned": 0})

        game = await create(server, "computer", "101")
        me = await opened(server, game)
        assert (await resign(me, match=True))["type"] == "ack"
        frame = await resigned(me, 0, True)
        assert frame["view"]["match"]["over"] and frame["view"]["match"]["winner"] == 1
        assert frame["view"]["match"]["resigned"] == 0
        after[game["game_id"]] = (game["token"], {"reason": "resigned", "match_resigned": 0})

        # -- hot-seat: the frame names the seat that gives up ---------------------------------
        game = await create(server, "hotseat", "101")
        device = await opened(server, game)
        assert (await resign(device, seat=1))["type"] == "ack"
        frame = await resigned(device, 1, False)
        assert frame["view"]["result"]["loser"] == 1
        assert frame["view"]["match"]["scores"][1] == frame["view"]["result"]["points"] > 0
        assert not frame["view"]["match"]["over"]
        # between deals only the match can be given up
        assert (await resign(device, seat=1))["code"] == "nothing_to_resign"
        assert (await resign(device, match=True, seat=0))["type"] == "ack"
        await resigned(device, 0, True)
        after[game["game_id"]] = (game["token"], {"reason": "resigned", "match_resigned": 0})

        # -- online, two seats: the guest resigns, the creator is told -----------------------
        game = await create(server, "online", "draw", name="Аня")
        anya = await opened(server, game)
        assert (await resign(anya))["code"] == "not_allowed"  # the guest has not come yet
        borya = await seat(server, game, "Боря")
        await borya.close()  # a resignation does not wait for the other seat
        anya_sees = await resign(anya)
        assert anya_sees["type"] == "ack"
        await resigned(anya, 0, False)
        assert anya.view["result"]["winner"] == 1
        after[game["game_id"]] = (game["token"], {"reason": "resigned", "resigned": 0})
        # a seat that is not yours
        game = await create(server, "online", "101", name="Аня")
        anya = await opened(server, game)
        borya = await seat(server, game, "Боря")
        assert (await resign(borya, seat=0))["code"] == "wrong_seat"
        assert (await resign(borya, match=True))["type"] == "ack"
        frame = await resigned(anya, 1, True)
        assert frame["view"]["match"]["winner"] == 0
        after[game["game_id"]] = (game["token"], {"reason": "resigned", "match_resigned": 1})

        # -- a hall table of «Козёл», with a spectator: a pair gives up the match ------------
        # a deal whose resignation ends the match at once (its points reach 101: 43 of 3,000
        # deals) leaves no match to give up: that table is set aside for another
        for _ in range(5):
            game = await create(server, "online", "kozel", name="Аня", hall={"public": True},
                                computers=[2])
            anya = await opened(server, game)
            guests = [await seat(server, game, name) for name in ("Боря", "Вера")]
            spectator = Client(server, game["game_id"], "")  # type: ignore[arg-type]
            spectator.ws = await connect(server.ws_url)
            await spectator.send({"type": "watch", "game_id": game["game_id"]})
            await spectator.expect("watching")
            boris = guests[0]  # seat 1: pair 1 (seats 1 and 3)
            assert (await resign(boris))["type"] == "ack"  # the deal first
            frame = await resigned(anya, boris.view["seat"], False)
            assert frame["view"]["result"]["loser"] == 1
            watched = await spectator.expect("event",
                                             where=lambda f: f["event"]["kind"] == "resign")
            assert watched["seat"] is None and "revealed_hands" not in watched["view"]
            if not frame["view"]["match"]["over"]:
                break
        else:
            raise AssertionError("five «Козёл» deals in a row ended the match when resigned")
        await boris.until_state(anya.state_no)
        reply = await resign(boris, match=True)
        assert reply["type"] == "ack", reply
        frame = await resigned(anya, 1, True)
        assert frame["view"]["match"]["over"] and frame["view"]["match"]["winner"] == 0
        after[game["game_id"]] = (game["token"], {"reason": "resigned", "match_resigned": 1})
        await spectator.recv(2.0)
        record = await stored_record(db, game["game_id"])
        assert {"do": "resign", "seat": 1} in record["actions"]
        assert {"do": "resign_match", "seat": 1} in record["actions"]
        assert assert_no_secrets(anya.frames, record) > 0
        assert assert_no_secrets_for_watcher(spectator.frames, record) > 0
    finally:
        server.stop()

    restarted = serve(db)
    try:
        for game_id, (token, shown) in after.items():
            client = Client(restarted, game_id, token)  # type: ignore[arg-type]
            welcome = await client.connect()
            view = welcome["view"]
            assert view["result"]["reason"] == shown["reason"], (game_id, view["result"])
            if "resigned" in shown:
                assert view["result"]["resigned"] == shown["resigned"]
            if "match_resigned" in shown:
                assert view["match"]["over"] and view["match"]["resigned"] == shown[
                    "match_resigned"]
            await client.close()
    finally:
        restarted.stop()


async def stored_record(db: Path, game_id: str) -> Any:
    """The room's record as stored (the truth the leak checks compare with)."""
    storage = open_storage(f"sqlite:///{db}")
    await storage.open()
    try:
        row = await storage.load(game_id)
        assert row is not None
        return row.record
    finally:
        await storage.close()
