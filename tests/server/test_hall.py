"""The hall: lobby updates, sitting down (and its race), names, clocks on an injected time
source, chat limits, and spectators who never see a hand."""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect

from tests.server.harness import Client, ServerThread, create, my_turn, play_online_game
from tests.server.secrets_check import assert_no_secrets, assert_no_secrets_for_watcher


class FakeTime:
    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture(scope="module")
def clock() -> FakeTime:
    return FakeTime()


@pytest.fixture(scope="module")
def hall(clock: FakeTime) -> Iterator[ServerThread]:
    s = ServerThread(clock=clock).start()
    yield s
    s.stop()


async def table(server: ServerThread, name: str = "Аня", preset: str = "101",
                public: bool = True, clock: dict[str, int] | None = None) -> Any:
    return await create(server, "online", preset, name=name,
                        hall={"public": public, "clock": clock})


async def sit(server: ServerThread, game_id: str, name: Any = "Боря") -> httpx.Response:
    async with httpx.AsyncClient(base_url=server.http) as http:
        return await http.post(f"/api/hall/tables/{game_id}/sit", json={"name": name})


class Outsider(Client):
    """A lobby or spectator socket; lobby changes are merged into a whole list, so each one
    reads as a ``lobby`` frame of every table."""

    tables: dict[str, dict[str, Any]]

    async def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        frame = await super().recv(timeout)
        if frame["type"] == "lobby":
            self.tables = {t["game_id"]: t for t in frame["tables"]}
        elif frame["type"] == "lobby_delta":
            for game_id in frame["removed"]:
                self.tables.pop(game_id, None)
            for line in frame["added"] + frame["changed"]:
                self.tables[line["game_id"]] = line
            frame = {"type": "lobby", "tables": list(self.tables.values())}
            self.frames.append(frame)
        return frame

    async def open(self, first: dict[str, Any], kind: str) -> dict[str, Any]:
        self.ws = await connect(self.server.ws_url, max_size=None)
        await self.send(first)
        frame = await self.expect(kind)
        if kind == "watching":
            self.view, self.room = frame["view"], frame["room"]
            self.state_no, self.event_no = frame["state_no"], frame["event_no"]
        return frame


async def lobby(server: ServerThread) -> Outsider:
    client = Outsider(server, "", "")
    await client.open({"type": "lobby"}, "lobby")
    return client


async def watcher(server: ServerThread, game_id: str) -> Outsider:
    client = Outsider(server, game_id, "")
    await client.open({"type": "watch", "game_id": game_id}, "watching")
    return client


async def seated(server: ServerThread, game: dict[str, Any]) -> tuple[Client, Client]:
    r = await sit(server, game["game_id"])
    assert r.status_code == 200, r.text
    a = Client(server, game["game_id"], game["token"])
    b = Client(server, game["game_id"], r.json()["token"])
    await a.connect()
    await b.connect()
    return a, b


def listed(frame: dict[str, Any], game_id: str) -> dict[str, Any] | None:
    return next((t for t in frame["tables"] if t["game_id"] == game_id), None)


async def test_lobby_lists_public_tables_live(hall: ServerThread) -> None:
    watch = await lobby(hall)
    game = await table(hall, clock={"minutes": 5, "increment": 2})
    private = await table(hall, public=False)
    frame = await watch.expect("lobby", where=lambda f: listed(f, game["game_id"]) is not None)
    line = listed(frame, game["game_id"])
    assert line is not None and listed(frame, private["game_id"]) is None
    assert line["status"] == "open" and line["creator"] == "Аня"
    assert line["rules"]["preset"] == "101" and line["rules"]["target"] == 101
    assert line["clock"] == {"minutes": 5, "increment": 2.0} and line["since"] is not None
    a, b = await seated(hall, game)
    frame = await watch.expect("lobby", where=lambda f: (listed(f, game["game_id"]) or {})
                               .get("status") == "playing")
    line = listed(frame, game["game_id"])
    assert line is not None and [s["name"] for s in line["seats"]] == ["Аня", "Боря"]
    spectator = await watcher(hall, game["game_id"])
    await watch.expect("lobby", where=lambda f: (listed(f, game["game_id"]) or {})
                       .get("watchers") == 1)
    async with httpx.AsyncClient(base_url=hall.http) as http:
        tables = (await http.get("/api/hall/tables")).json()["tables"]
        spec = (await http.get("/api/openapi.json")).json()
    assert any(t["game_id"] == game["game_id"] for t in tables)
    assert {"/api/hall/tables", "/api/hall/tables/{game_id}/sit"} <= set(spec["paths"])
    # once both players have left, the table leaves the hall
    for c in (a, b, spectator):
        await c.close()
    await watch.expect("lobby", where=lambda f: listed(f, game["game_id"]) is None)
    await watch.close()


async def test_a_table_to_501_is_listed_with_its_target(hall: ServerThread) -> None:
    watch = await lobby(hall)
    game = await create(hall, "online", "101", rules={"target": 501}, name="Аня",
                        hall={"public": True, "clock": None})
    frame = await watch.expect("lobby", where=lambda f: listed(f, game["game_id"]) is not None)
    line = listed(frame, game["game_id"])
    assert line is not None and line["rules"]["preset"] == "101"
    assert line["rules"]["target"] == 501
    async with httpx.AsyncClient(base_url=hall.http) as http:
        tables = (await http.get("/api/hall/tables")).json()["tables"]
    assert next(t for t in tables if t["game_id"] == game["game_id"])["rules"]["target"] == 501
    await watch.close()


async def test_two_people_click_the_same_seat_exactly_one_sits(hall: ServerThread) -> None:
    for _ in range(5):
        game = await table(hall, preset="draw")
        results = await asyncio.gather(*(sit(hall, game["game_id"], f"Гость {i}")
                                         for i in range(2)))
        codes = sorted(r.status_code for r in results)
        assert codes == [200, 409], [r.text for r in results]


@pytest.mark.parametrize("name", ["", "   ", "x" * 25, "<script>", "a\nb", 7, None])
async def test_names_are_checked(hall: ServerThread, name: Any) -> None:
    async with httpx.AsyncClient(base_url=hall.http) as http:
        r = await http.post("/api/games", json={"mode": "online", "name": name,
                                                "hall": {"public": True}})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_name", r.text
    game = await table(hall, name="  Аня   Петрова ")
    r = await sit(hall, game["game_id"], name)
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_name"


async def test_private_tables_and_bad_options(hall: ServerThread) -> None:
    game = await table(hall, public=False)
    assert (await sit(hall, game["game_id"])).status_code == 403
    for bad in ({"clock": {"minutes": 4}}, {"clock": {"minutes": 3, "increment": -1}},
                {"public": "yes"}, []):
        async with httpx.AsyncClient(base_url=hall.http) as http:
            r = await http.post("/api/games", json={"mode": "online", "name": "Аня",
                                                    "hall": bad})
        assert r.status_code == 400, bad


async def test_clock_increment_and_timeout_in_a_single_deal(
    hall: ServerThread, clock: FakeTime
) -> None:
    game = await table(hall, preset="draw", clock={"minutes": 1, "increment": 2})
    a, b = await seated(hall, game)
    first = a if my_turn(a) else b
    other = b if first is a else a
    seat = first.view["seat"]
    assert first.room["hall"]["clock"]["running"] == seat
    clock.advance(10)
    ack = await first.move(first.view["legal"][0])
    assert ack["type"] == "ack"
    await other.until_state(ack["state_no"])
    left = other.room["hall"]["clock"]["left"]
    assert left[seat] == pytest.approx(60 - 10 + 2)
    assert other.room["hall"]["clock"]["running"] == 1 - seat
    # the opponent disconnects on their turn: their clock keeps running, and play goes on
    await other.close()
    clock.advance(61)
    hall.call(hall.hall.tick())
    frame = await first.expect("event", where=lambda f: f["event"]["kind"] == "timeout")
    event = frame["event"]
    assert event["loser"] == 1 - seat and event["winner"] == seat
    assert event["points"] > 0 and frame["room"]["hall"]["over"]["reason"] == "timeout"
    assert frame["room"]["hall"]["clock"]["left"][1 - seat] == 0
    # the game is over: no more moves, whoever tries
    other = Client(hall, game["game_id"], other.token)
    await other.connect()
    reply = await other.move(other.view["legal"][0] if other.view["legal"] else "pass")
    assert reply["type"] == "error" and reply["code"] == "time_over"
    # both choose "play again": a new game with full clocks
    for c in (first, other):
        await c.send({"type": "rematch"})
    frame = await first.expect("event", where=lambda f: f["event"]["kind"] == "new_game")
    assert frame["room"]["hall"]["over"] is None
    assert frame["room"]["hall"]["clock"]["left"] == [60.0, 60.0]
    for c in (first, other):
        await c.close()


async def test_a_101_match_is_lost_on_time_even_with_nobody_connected(
    hall: ServerThread, clock: FakeTime
) -> None:
    game = await table(hall, clock={"minutes": 3, "increment": 0})
    a, b = await seated(hall, game)
    mover = a.view["to_move"]
    await a.close()
    await b.close()
    clock.advance(181)
    hall.call(hall.hall.tick())
    c = Client(hall, game["game_id"], game["token"])
    await c.connect()
    over = c.room["hall"]["over"]
    assert over["loser"] == mover and over["match_lost"] is True
    await c.close()


async def test_chat_reaches_players_and_watchers_as_plain_text(
    hall: ServerThread, clock: FakeTime
) -> None:
    game = await table(hall, preset="draw")
    a, b = await seated(hall, game)
    spectator = await watcher(hall, game["game_id"])
    text = "<script>alert(1)</script> привет"
    await a.send({"type": "chat", "text": f"  {text}\n", "id": "c1"})
    assert (await a.expect_reply("c1"))["type"] == "ack"
    for c in (a, b, spectator):
        frame = await c.expect("event", where=lambda f: f["event"]["kind"] == "chat")
        assert frame["event"]["text"] == text and frame["event"]["name"] == "Аня"
    # stored with the room: a reconnecting seat and a new spectator get the log
    late = await watcher(hall, game["game_id"])
    assert late.frames[-1]["chat"][-1]["text"] == text
    # limits: length, emptiness, rate; spectators only read
    for bad, code in (("x" * 201, "bad_chat"), ("  \n ", "bad_chat")):
        await b.send({"type": "chat", "text": bad, "id": "bad"})
        reply = await b.expect_reply("bad")
        assert reply["type"] == "error" and reply["code"] == code
    codes = []
    for i in range(8):
        await b.send({"type": "chat", "text": f"раз {i}", "id": f"r{i}"})
        codes.append((await b.expect_reply(f"r{i}")).get("code"))
    assert codes[:5] == [None] * 5 and "chat_flood" in codes
    clock.advance(10)
    await b.send({"type": "chat", "text": "снова", "id": "again"})
    assert (await b.expect_reply("again"))["type"] == "ack"
    await spectator.send({"type": "chat", "text": "можно?", "id": "w"})
    reply = await spectator.expect_reply("w")
    assert reply["type"] == "error" and reply["code"] == "watch_only"
    for c in (a, b, spectator, late):
        await c.close()


async def test_spectators_never_see_a_hand(hall: ServerThread) -> None:
    for preset in ("draw", "101"):
        game = await table(hall, preset=preset)
        spectator = await watcher(hall, game["game_id"])
        a, b = await seated(hall, game)
        await play_online_game([a, b], random.Random(7))
        await asyncio.sleep(0.2)
        while True:
            try:
                await spectator.recv(timeout=0.5)
            except TimeoutError:
                break
        record = hall.call(hall.service.storage.load(game["game_id"]))
        assert record is not None
        assert assert_no_secrets_for_watcher(spectator.frames, record.record) > 10
        assert assert_no_secrets(a.frames, record.record) > 10
        text = json.dumps(spectator.frames)
        assert '"hand"' not in text and "revealed_hands" not in text
        for c in (a, b, spectator):
            await c.close()


async def test_a_table_whose_creator_left_is_removed_after_the_grace(
    hall: ServerThread, clock: FakeTime
) -> None:
    game = await table(hall, preset="block")
    a = Client(hall, game["game_id"], game["token"])
    await a.connect()
    await a.close()
    await asyncio.sleep(0.1)
    watch = await lobby(hall)
    if listed(watch.frames[-1], game["game_id"]) is None:  # not sent yet: the next change
        await watch.expect("lobby", where=lambda f: listed(f, game["game_id"]) is not None)
    clock.advance(hall.settings.hall_grace + 1)
    hall.call(hall.hall.tick())
    await watch.expect("lobby", where=lambda f: listed(f, game["game_id"]) is None)
    assert (await sit(hall, game["game_id"])).status_code == 404
    await watch.close()
