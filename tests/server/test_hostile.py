"""Malformed and hostile frames get errors, change nothing, and never stop other games."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from websockets.asyncio.client import connect
from websockets.sync.client import ClientConnection
from websockets.sync.client import connect as sync_connect

from doublesix.server.config import Settings
from doublesix.server.wire.errors import (
    CLOSE_BAD_TOKEN,
    CLOSE_FLOOD,
    CLOSE_NO_HELLO,
    CLOSE_TOO_BIG,
    CLOSE_UNSUPPORTED,
)
from doublesix.server.wire.protocol import CLIENT_TYPES
from tests.server.harness import Client, ServerThread, create, my_turn
from tests.server.test_online import online_pair
from tests.support.examples import examples

ERROR_CODES = {
    "bad_json", "bad_message", "unknown_type", "hello_required", "already_hello", "stale_state",
    "not_your_turn", "wrong_seat", "illegal_action", "bad_action", "opponent_away",
    "computer_to_move", "no_next_deal", "not_allowed", "nothing_to_cancel", "bad_level",
    # docs/protocol.md: `seat_computer` for a seat the room does not have (seat -2 or 9)
    "bad_request",
}


@pytest.fixture(scope="module")
def strict() -> Iterator[ServerThread]:
    """The production limits: 20 frames/s, bursts of 40, hello within 0.5 s."""
    s = ServerThread(Settings(db_url="memory://", computer_delay=0.0, hello_timeout=0.5)).start()
    yield s
    s.stop()


async def closed_with(server: ServerThread, frames: list[Any]) -> tuple[int | None, str]:
    async with connect(server.ws_url, max_size=None) as ws:
        for frame in frames:
            await ws.send(frame)
        try:
            while True:
                await ws.recv()
        except Exception:
            pass
        return ws.close_code, ws.close_reason or ""


async def test_close_codes(strict: ServerThread) -> None:
    game = await create(strict, "hotseat")
    hello = json.dumps({"type": "hello", "game_id": game["game_id"], "token": game["token"]})
    assert (await closed_with(strict, [b"\x00\x01"]))[0] == CLOSE_UNSUPPORTED
    assert (await closed_with(strict, ["x" * 9000]))[0] == CLOSE_TOO_BIG
    assert await closed_with(strict, []) == (CLOSE_NO_HELLO, "hello expected")
    forged = json.dumps({"type": "hello", "game_id": game["game_id"], "token": "A" * 43})
    # a forged token gets an error, not a close; only a socket that keeps failing is closed
    limit = strict.settings.max_bad_hellos
    assert await closed_with(strict, [forged] * limit) == (CLOSE_BAD_TOKEN, "too many bad tokens")
    ping = json.dumps({"type": "ping"})
    assert await closed_with(strict, [hello] + [ping] * 100) == (CLOSE_FLOOD, "too many messages")


async def test_a_forged_token_keeps_the_socket_for_another_hello(strict: ServerThread) -> None:
    game = await create(strict, "online")
    other = await create(strict, "online")
    async with connect(strict.ws_url, max_size=None) as ws:
        for token in ("A" * 43, other["token"]):  # forged, then a real one of another room
            await ws.send(json.dumps({"type": "hello", "game_id": game["game_id"],
                                      "token": token}))
            reply = json.loads(await ws.recv())
            assert reply["type"] == "error" and reply["code"] == "bad_token", reply
            assert "token" in reply["message"]
        # nothing changed: the seat is still free for its owner, on the same socket
        await ws.send(json.dumps({"type": "hello", "game_id": game["game_id"],
                                  "token": game["token"]}))
        welcome = json.loads(await ws.recv())
        assert welcome["type"] == "welcome" and welcome["seats"] == [0]
        assert welcome["room"]["seats"][1]["taken"] is False
        assert ws.close_code is None


async def test_a_polite_client_is_not_flooding(strict: ServerThread) -> None:
    game = await create(strict, "hotseat")
    client = Client(strict, game["game_id"], game["token"])
    await client.connect()
    for i in range(30):
        await client.send({"type": "ping", "id": i})
        assert (await client.expect("pong"))["id"] == i
    await client.close()


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                  max_size=4),
    max_leaves=10,
)
frames = st.one_of(
    st.text(max_size=200),
    json_values.map(json.dumps),
    st.fixed_dictionaries(
        {"type": st.sampled_from([*CLIENT_TYPES, "MOVE", "", "hello "])},
        optional={"state_no": json_values | st.integers(-5, 500),
                  "action": st.sampled_from(["draw", "pass", "play 6-6", "play 0-1 left",
                                             "redeal", "play 7-7", "play", "play 1-2 up"])
                  | json_values,
                  "seat": json_values | st.integers(-2, 4), "level": json_values,
                  "id": json_values, "game_id": json_values, "token": json_values,
                  "last_event": json_values},
    ).map(json.dumps),
)


def bind(ws: ClientConnection, game: dict[str, Any]) -> None:
    ws.send(json.dumps({"type": "hello", "game_id": game["game_id"], "token": game["token"]}))
    assert json.loads(ws.recv(timeout=5))["type"] == "welcome"


async def test_hypothesis_frames_get_errors_and_others_play_on(server: ServerThread) -> None:
    victim = await create(server, "hotseat", "101")
    bystanders = await online_pair(server, "draw")
    seen: set[str] = set()

    @settings(max_examples=examples(300), deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    @given(text=frames)
    # one frame of each refusal the test expects to see, so that the fast loop's few random
    # examples still meet all three
    @example(text="{not json")
    @example(text='{"type": "move"}')
    @example(text='{"type": "no_such_frame"}')
    def check(ws: ClientConnection, text: str) -> None:
        ws.send(text)
        ws.send(json.dumps({"type": "ping", "id": "probe"}))
        while True:
            reply = json.loads(ws.recv(timeout=5))
            if reply["type"] == "pong" and reply["id"] == "probe":
                return  # the connection stays up and answers in order
            if reply["type"] == "error":
                assert reply["code"] in ERROR_CODES, reply
                assert reply["message"]
                seen.add(reply["code"])
            else:
                assert reply["type"] in ("ack", "event", "pong", "presence"), reply

    def run() -> None:
        with sync_connect(server.ws_url) as ws:
            bind(ws, victim)
            check(ws)  # type: ignore[call-arg]
            ws.send(json.dumps({"type": "hello", "game_id": victim["game_id"],
                                "token": victim["token"]}))
            assert json.loads(ws.recv(timeout=5))["code"] == "already_hello"

    await asyncio.to_thread(run)
    assert {"bad_json", "bad_message", "unknown_type"} <= seen
    # meanwhile another room is served as usual
    _, a, b = bystanders
    mover = a if my_turn(a) else b
    assert (await mover.move(mover.view["legal"][0]))["type"] == "ack"


rule_values = st.one_of(json_values, st.integers(-3, 30), st.sampled_from(
    ["draw", "block", "101", "until_playable", "none", "one_then_pass", "any", "penalty"]))
bodies = st.one_of(
    json_values,
    st.fixed_dictionaries(
        {"mode": st.sampled_from(["computer", "hotseat", "online"]) | json_values},
        optional={
            "rules": st.dictionaries(
                st.sampled_from(["preset", "players", "hand_size", "draw_rule", "first_lead",
                                 "blocked_points", "target", "lead_bonus", "redeal_doubles",
                                 "lead_double_order", "dead_board_fish", "bogus"]),
                rule_values, max_size=4) | json_values,
            "level": st.sampled_from(["easy", "medium", "hard", "random"]) | json_values,
            "name": json_values,
        },
    ),
)


async def test_hypothesis_create_bodies_never_crash_the_server(server: ServerThread) -> None:
    @settings(max_examples=examples(200), deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    @given(body=bodies)
    def check(http: httpx.Client, body: Any) -> None:
        r = http.post("/api/games", content=json.dumps(body),
                      headers={"content-type": "application/json"})
        assert r.status_code in (201, 400), (body, r.status_code, r.text)
        if r.status_code == 400:
            assert r.json()["error"]["code"] in ("bad_request", "invalid_rules", "bad_json",
                                                "bad_name")

    def run() -> None:
        with httpx.Client(base_url=server.http) as http:
            check(http)  # type: ignore[call-arg]

    await asyncio.to_thread(run)
