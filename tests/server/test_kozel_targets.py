"""«Козёл» to 101, 201 or 301 (RULES.md §9): the server makes the match to the chosen target
for every way a game is created (against the computer, hot-seat, online, a hall table) and
refuses any other target with a message in English and Russian."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from doublesix.core.rules import PRESETS
from tests.server.harness import Client, ServerThread, create

pytestmark = pytest.mark.skipif("kozel" not in PRESETS, reason="the rules core has no kozel yet")

WAYS: dict[str, dict[str, Any]] = {
    "computer": {"mode": "computer", "level": "easy"},
    "hotseat": {"mode": "hotseat"},
    "online": {"mode": "online", "name": "Аня"},
    "hall": {"mode": "online", "name": "Аня", "hall": {"public": True, "clock": None}},
}


@pytest.mark.parametrize("way", list(WAYS))
@pytest.mark.parametrize("target", [101, 201, 301])
async def test_a_kozel_match_goes_to_the_chosen_target(
    server: ServerThread, way: str, target: int,
) -> None:
    extra = dict(WAYS[way])
    game = await create(server, extra.pop("mode"), "kozel", rules={"target": target}, **extra)
    client = Client(server, game["game_id"], game["token"])
    welcome = await client.connect()
    try:
        view = welcome["view"]
        assert view["rules"]["preset"] == "kozel" and view["rules"]["target"] == target
        assert view["match"]["target"] == target
        assert view["teams"] == [[0, 2], [1, 3]]
    finally:
        await client.close()


async def test_kozel_without_a_target_plays_to_101(server: ServerThread) -> None:
    game = await create(server, "hotseat", "kozel")
    client = Client(server, game["game_id"], game["token"])
    try:
        assert (await client.connect())["view"]["match"]["target"] == 101
    finally:
        await client.close()


@pytest.mark.parametrize("target", [501, 150, 100, 0, 1001, True, None, "201", 201.0])
@pytest.mark.parametrize("way", ["hotseat", "hall"])
async def test_any_other_kozel_target_is_refused_in_english_and_russian(
    server: ServerThread, target: Any, way: str,
) -> None:
    body = {**WAYS[way], "rules": {"preset": "kozel", "target": target}}
    async with httpx.AsyncClient(base_url=server.http) as http:
        r = await http.post("/api/games", json=body)
    assert r.status_code == 400, r.text
    error = r.json()["error"]
    assert error["code"] == "invalid_rules"
    if isinstance(target, int) and not isinstance(target, bool) and 1 <= target <= 1001:
        # a whole number in the general range: the message names kozel's three targets
        message = error["message"]
        assert "kozel" in message and "101, 201 or 301 points" in message, message
        assert "«Козёл» играют до 101, 201 или 301 очка" in message, message
        assert str(target) in message


async def test_the_101_game_keeps_its_own_targets(server: ServerThread) -> None:
    # seed 003: 101 to 101, 301 or 501; the kozel rule does not reach it
    game = await create(server, "hotseat", "101", rules={"target": 501})
    client = Client(server, game["game_id"], game["token"])
    try:
        assert (await client.connect())["view"]["match"]["target"] == 501
    finally:
        await client.close()
