"""Small input gaps (issue 21, item 12), each seen from outside as a client would: options and
names that passed although they make no sense, errors that named the wrong problem, and two
rules the doc states for every move that the computer's moves skipped."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from doublesix.server.config import Settings
from tests.server.harness import LIFTED, Client, ServerThread, create, my_turn
from tests.server.hostile import post_raw


class FakeTime:
    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


@pytest.fixture(scope="module")
def slow_computer() -> Iterator[ServerThread]:
    """The computer waits a second before it moves: time for a person to act on its turn."""
    s = ServerThread(Settings(db_url="memory://", computer_delay=1.0, rate_per_second=10_000,
                              rate_burst=10_000, **LIFTED)).start()
    yield s
    s.stop()


@pytest.fixture(scope="module")
def still_time() -> Iterator[ServerThread]:
    """A clock that never moves on its own: whatever a clock gains is the increment."""
    s = ServerThread(clock=FakeTime()).start()
    yield s
    s.stop()


# -- rule options ----------------------------------------------------------------------------
@pytest.mark.parametrize("rules", [
    {"preset": "101", "lead_bonus": []},
    {"preset": "101", "finish_bonus": [["6-6", 10]]},
    {"preset": "draw", "target": None},
    {"preset": "block", "players": 4, "target": None},
    {"preset": "101", "target": None},
])
async def test_an_empty_list_or_a_null_is_not_a_rule_option(server: ServerThread,
                                                             rules: dict[str, Any]) -> None:
    """``lead_bonus: []`` made a 101 match without lead bonuses and ``target: null`` passed
    as if left out; neither is the documented shape (``{"6-6": 25}``; a whole number 1–1001,
    or the option left out)."""
    r = await post_raw(server, "/api/games", {"mode": "online", "rules": rules})
    assert r.status_code == 400, r.text
    assert r.json()["error"]["code"] == "invalid_rules"
    # the documented shapes still make rooms: an empty table, a table, a target
    for good in ({"preset": "101", "lead_bonus": {}}, {"preset": "101", "target": 201}):
        r = await post_raw(server, "/api/games", {"mode": "online", "rules": good})
        assert r.status_code == 201, (good, r.text)


# -- names -----------------------------------------------------------------------------------
BLANK_NAMES = ["\u3164", "\u115f", "\u1160", "\uffa0", "\u2800", "\u3164 \u3164",
               "\u2800\u2800\u2800", "\U0001d159", "\u034f"]


@pytest.mark.parametrize("name", [*BLANK_NAMES, "Аня\u3164", "\u2800Боря"])
async def test_names_that_show_as_nothing_are_refused_everywhere(server: ServerThread,
                                                                 name: str) -> None:
    """Hangul fillers, the blank Braille pattern and their kind are letters or symbols to
    Unicode, so they passed; on a seat they show as nobody, or pad a name into another's."""
    async with httpx.AsyncClient(base_url=server.http) as http:
        r = await http.post("/api/games", json={"mode": "online", "name": name,
                                                "hall": {"public": True}})
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_name", r.text
        game = await create(server, "online", name="Аня", hall={"public": True})
        r = await http.post(f"/api/hall/tables/{game['game_id']}/sit", json={"name": name})
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_name", r.text
        r = await http.post(f"/api/games/{game['game_id']}/join",
                            json={"invite": game["invite"], "name": name})
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_name", r.text


def test_a_telegram_name_keeps_what_shows() -> None:
    from doublesix.server.hall.names import fit_name

    assert fit_name("\u3164Аня\u2800") == "Аня"
    assert fit_name("\u3164\u3164") is None
    assert fit_name("Hello 👩\u200d💻") == "Hello 👩\u200d💻"


@pytest.mark.parametrize("public", [True, False])
@pytest.mark.parametrize("body", [{}, {"name": None}, {"name": ""}, {"name": "   "}])
async def test_an_invite_to_a_hall_table_needs_a_name(server: ServerThread, public: bool,
                                                       body: dict[str, Any]) -> None:
    """Creating a hall table and sitting down need a name; the invite link of the same table
    seated a nameless guest that the lobby and spectators then showed as a blank seat."""
    game = await create(server, "online", name="Аня", hall={"public": public})
    async with httpx.AsyncClient(base_url=server.http) as http:
        url = f"/api/games/{game['game_id']}/join"
        r = await http.post(url, json={"invite": game["invite"], **body})
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_name", r.text
        r = await http.post(url, json={"invite": game["invite"], "name": "Боря"})
        assert r.status_code == 200, r.text
        # outside the hall a name stays optional (a room between friends)
        plain = await create(server, "online", name="Аня")
        r = await http.post(f"/api/games/{plain['game_id']}/join",
                            json={"invite": plain["invite"], **body})
        assert r.status_code == 200, r.text


# -- errors that named the wrong problem -----------------------------------------------------
async def test_a_seat_the_room_does_not_have_is_not_a_taken_seat(server: ServerThread) -> None:
    game = await create(server, "online", "block", rules={"players": 3}, name="Аня")
    a = Client(server, game["game_id"], game["token"])
    await a.connect()
    for seat in (9, 3, -1):
        await a.send({"type": "seat_computer", "seat": seat, "id": seat})
        error = await a.expect_reply(seat)
        assert error["type"] == "error" and error["code"] == "bad_request", error
        assert error["message"] == (f"seat {seat} does not exist: this room has seats 0 to 2")
    await a.send({"type": "seat_computer", "seat": 0, "id": "mine"})
    assert (await a.expect_reply("mine"))["code"] == "seat_taken"
    # the invite link says the same of a seat past the last one
    r = await post_raw(server, f"/api/games/{game['game_id']}/join",
                       {"invite": game["invite"], "seat": 3})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_request", r.text
    assert "does not exist" in r.json()["error"]["message"]
    await a.close()


async def test_an_empty_chat_message_is_bad_chat(server: ServerThread) -> None:
    """docs/protocol.md's chat table: empty → ``bad_chat``; it answered ``bad_message``."""
    game = await create(server, "online", name="Аня", hall={"public": True})
    async with httpx.AsyncClient(base_url=server.http) as http:
        r = await http.post(f"/api/hall/tables/{game['game_id']}/sit", json={"name": "Боря"})
    a = Client(server, game["game_id"], game["token"])
    await a.connect()
    for rid, text in enumerate(["", " ", "\n\t"]):
        await a.send({"type": "chat", "text": text, "id": rid})
        reply = await a.expect_reply(rid)
        assert reply["type"] == "error" and reply["code"] == "bad_chat", reply
    # a frame without a text, or with a text that is not a string, is still malformed
    for rid, frame in enumerate([{"type": "chat"}, {"type": "chat", "text": 5}], start=10):
        await a.send({**frame, "id": rid})
        assert (await a.expect_reply(rid))["code"] == "bad_message"
    assert r.status_code == 200
    await a.close()


# -- the computer's moves are moves ------------------------------------------------------------
async def test_a_computer_move_cancels_pending_rematch_requests(slow_computer: ServerThread
                                                                ) -> None:
    """The doc: any move drops pending rematch requests. A person's did; the computer's
    left the request standing, so a later click by the other person started a new game
    in the middle of one."""
    server = slow_computer
    game = await create(server, "online", "block", rules={"players": 3}, name="Аня",
                        computers=[2], level="easy")
    async with httpx.AsyncClient(base_url=server.http) as http:
        r = await http.post(f"/api/games/{game['game_id']}/join",
                            json={"invite": game["invite"], "name": "Боря"})
    a = Client(server, game["game_id"], game["token"])
    b = Client(server, game["game_id"], r.json()["token"])
    await a.connect()
    await b.connect()
    # the people move until the computer is to move, then one asks for a new game
    while a.view["to_move"] != 2:
        mover = a if my_turn(a) else b
        ack = await mover.move(mover.view["legal"][0])
        assert ack["type"] == "ack", ack
        await a.until_state(ack["state_no"])
        await b.until_state(ack["state_no"])
    await a.send({"type": "rematch", "id": "again"})
    asked = await b.expect("event", where=lambda f: f["event"]["kind"] == "rematch_requested")
    assert asked["room"]["rematch"] == [0]
    cancelled = await b.expect("event",
                               where=lambda f: f["event"]["kind"] == "rematch_cancelled")
    assert cancelled["event"] == {"kind": "rematch_cancelled", "seat": 2, "reason": "move"}
    assert cancelled["room"]["rematch"] == []
    moved = await b.expect("event", where=lambda f: f["event"]["kind"] == "action")
    assert moved["event"]["by"] == "computer" and moved["event"]["seat"] == 2
    # the same commit: the cancellation came with the computer's move, not before it
    assert moved["state_no"] == cancelled["state_no"]
    for c in (a, b):
        await c.close()


async def test_a_computer_seat_earns_no_increment(still_time: ServerThread) -> None:
    """At a timed hall table the increment was added to whoever moved, the computer too: it
    thinks for a fraction of a second and gained the whole increment with every move."""
    server = still_time
    game = await create(server, "online", "draw", name="Аня",
                        hall={"public": True, "clock": {"minutes": 1, "increment": 5}})
    a = Client(server, game["game_id"], game["token"])
    await a.connect()
    await a.send({"type": "seat_computer", "seat": 1, "id": "computer"})
    assert (await a.expect_reply("computer"))["type"] == "ack"

    def moves() -> list[dict[str, Any]]:
        return [f["event"] for f in a.frames
                if f["type"] == "event" and f["event"]["kind"] == "action"]

    while sum(m["by"] == "computer" for m in moves()) < 3 and a.view["result"] is None:
        if my_turn(a):  # the person moves on their turn; the computer answers
            ack = await a.move(a.view["legal"][0])
            assert ack["type"] == "ack", ack
        else:
            await a.recv()
    assert any(m["by"] == "computer" for m in moves())
    left = a.room["hall"]["clock"]["left"]
    # no time passed: the person's clock holds 60 s plus 5 s per move, the computer's 60 s
    person = sum(m["by"] == "player" for m in moves())
    assert left == [60.0 + 5 * person, 60.0], (left, moves())
    await a.close()
