"""Computer and hot-seat games to the end; levels; the computer resumes after a restart."""

from __future__ import annotations

import random
import time
from pathlib import Path

from doublesix import bots
from doublesix.core import Action, PlayerView
from doublesix.server.config import Settings
from tests.server.harness import Client, ServerThread, create, my_turn
from tests.server.secrets_check import assert_no_secrets


async def play_alone(client: Client, rng: random.Random, max_steps: int = 2000) -> dict:
    """Play the human side (or every side in hot-seat) until the game is over."""
    for _ in range(max_steps):
        view = client.view
        if view["result"] is not None:
            if view["match"] is None or view["match"]["over"]:
                return view
            rid = client.next_id()
            await client.send({"type": "next_deal", "state_no": client.state_no, "id": rid})
            assert (await client.expect_reply(rid))["type"] == "ack"
        elif my_turn(client):
            ack = await client.move(rng.choice(view["legal"]))
            assert ack["type"] == "ack", ack
            await client.until_state(ack["state_no"])
        else:
            await client.expect("event")  # the computer's move
    raise AssertionError("the game did not end")


async def test_computer_games_to_the_end(server: ServerThread) -> None:
    for preset in ("draw", "block", "101"):
        game = await create(server, "computer", preset, level="easy")
        assert "invite" not in game and game["seats"] == [0]
        client = Client(server, game["game_id"], game["token"])
        welcome = await client.connect()
        assert welcome["room"]["seats"][1]["computer"] is True
        assert welcome["room"]["level"] == "easy"
        last = await play_alone(client, random.Random(preset))
        assert last["result"] is not None
        by = {f["event"]["by"] for f in client.frames
              if f["type"] == "event" and f["event"]["kind"] == "action"}
        assert by == {"player", "computer"}
        row = server.call(server.storage.load(game["game_id"]))
        assert row is not None
        assert assert_no_secrets(client.frames, row.record) > 5
        await client.close()


async def test_level_change_keeps_the_position(server: ServerThread) -> None:
    game = await create(server, "computer", "draw")
    client = Client(server, game["game_id"], game["token"])
    welcome = await client.connect()
    assert welcome["room"]["level"] == "medium"
    if not my_turn(client):
        await client.expect("event")
    before = client.view
    await client.send({"type": "set_level", "level": "hard"})
    changed = await client.expect("event")
    assert changed["event"] == {"kind": "level", "level": "hard"}
    assert changed["room"]["level"] == "hard"
    assert changed["view"]["hand"] == before["hand"] and changed["view"]["line"] == before["line"]
    await client.send({"type": "set_level", "level": "genius"})
    assert (await client.expect("error"))["code"] == "bad_level"
    # a new game keeps mode and level
    await client.send({"type": "rematch"})
    fresh = await client.expect("event", where=lambda f: f["event"]["kind"] == "new_game")
    assert fresh["room"]["level"] == "hard" and fresh["room"]["mode"] == "computer"


async def test_hotseat_one_token_plays_both_seats(server: ServerThread) -> None:
    game = await create(server, "hotseat", "draw")
    assert game["seats"] == [0, 1]
    client = Client(server, game["game_id"], game["token"])
    welcome = await client.connect()
    assert welcome["seats"] == [0, 1] and welcome["room"]["waiting_for"] == []
    seats_seen = set()
    rng = random.Random(5)
    while client.view["result"] is None:
        view = client.view
        assert view["seat"] == view["to_move"]  # the view is the current player's
        seats_seen.add(view["seat"])
        ack = await client.move(rng.choice(view["legal"]))
        assert ack["type"] == "ack"
        await client.until_state(ack["state_no"])
    assert seats_seen == {0, 1}
    row = server.call(server.storage.load(game["game_id"]))
    assert row is not None
    assert assert_no_secrets(client.frames, row.record) > 5


async def test_computer_resumes_after_restart(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path}/resume.db"
    # the first server thinks for a minute: it is stopped while the computer is to move
    slow = ServerThread(Settings(db_url=db, computer_delay=60.0)).start()
    waiting = []
    try:
        for _ in range(30):
            game = await create(slow, "computer", "draw", level="random")
            client = Client(slow, game["game_id"], game["token"])
            welcome = await client.connect()
            await client.close()
            if welcome["view"]["to_move"] == 1:
                waiting.append((game, welcome["state_no"]))
            if len(waiting) == 2:
                break
    finally:
        slow.stop()
    assert waiting, "the computer never led in 30 deals"
    fast = ServerThread(Settings(db_url=db, computer_delay=0.0)).start()
    try:
        for game, state_no in waiting:
            client = Client(fast, game["game_id"], game["token"])
            await client.connect()
            while client.state_no == state_no:
                await client.expect("event")
            assert client.view["to_move"] == 0 and len(client.view["line"]) == 1
            await client.close()
    finally:
        fast.stop()


class SlowBot:
    """Blocks its thread like a long search would; the event loop must not notice."""

    name = "slow"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: PlayerView) -> Action:
        time.sleep(0.6)
        return view.legal[0]


async def test_the_computer_thinks_off_the_event_loop(server: ServerThread) -> None:
    bots.make_bot("hard")  # load the real levels first, so ours is not overwritten
    real = bots._FACTORIES["hard"]
    bots.register("hard", SlowBot)
    try:
        game = await create(server, "computer", "draw", level="hard")
        human = Client(server, game["game_id"], game["token"])
        await human.connect()
        if my_turn(human):
            assert (await human.move(human.view["legal"][0]))["type"] == "ack"
        other_game = await create(server, "hotseat")
        other = Client(server, other_game["game_id"], other_game["token"])
        await other.connect()
        started = time.perf_counter()
        await other.send({"type": "ping", "id": "p"})
        await other.expect("pong")
        pong = time.perf_counter() - started
        await human.expect("event", where=lambda f: f["event"].get("by") == "computer")
        thought = time.perf_counter() - started
        assert pong < 0.3 < thought, (pong, thought)
    finally:
        bots.register("hard", real)
