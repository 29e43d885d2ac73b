"""A rated hall game across two `doublesix serve` processes on one PostgreSQL and one Redis
(issue 25): each player on a process of their own, both processes see the game end, and the
ratings change exactly once — on both processes' pages, and again after one of them is killed
and started anew (its start-up sweep rates what is left unrated, and finds nothing)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.scale.services import FAST, two_processes
from tests.server.harness import Client
from tests.server.test_profiles import auth, play_out
from tests.support.procs import ServerProcess

CLOCK = {"minutes": 5, "increment": 2}


@pytest.fixture(scope="module")
def pair(pg_url: str, redis_url: str, tmp_path_factory: pytest.TempPathFactory
         ) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    with two_processes(pg_url, redis_url, tmp_path_factory.mktemp("rating-logs")) as both:
        yield both


async def call(server: ServerProcess, method: str, path: str, key: str | None = None,
               body: Any = None) -> httpx.Response:
    async with httpx.AsyncClient(base_url=server.http, timeout=30) as http:
        return await http.request(method, path, json=body, headers=auth(key) if key else {})


async def profile(server: ServerProcess, name: str) -> tuple[str, str]:
    r = await call(server, "POST", "/api/profiles", body={"name": name})
    assert r.status_code == 201, r.text
    return r.json()["profile"]["id"], r.json()["key"]


async def ratings_seen(server: ServerProcess, game_id: str, people: dict[str, str]
                       ) -> dict[str, tuple[float, int]]:
    """Each profile's block rating and rated games, as *server* tells them; the game's sheet
    names exactly the two players once."""
    sheet = await call(server, "GET", f"/api/games/{game_id}/ratings/1")
    assert sheet.status_code == 200, sheet.text
    assert sheet.json()["outcome"] == "rated"
    assert sorted(c["profile"] for c in sheet.json()["changes"]) == sorted(people)
    seen = {}
    for pid, key in people.items():
        r = await call(server, "GET", f"/api/profiles/{pid}/ratings", key)
        block = r.json()["ratings"]["block"]
        seen[pid] = (block["rating"], block["games"])
    return seen


async def test_a_rated_game_across_two_processes_is_rated_once(
        pair: tuple[ServerProcess, ServerProcess], pg_url: str, redis_url: str,
        tmp_path: Path) -> None:
    one, two = pair
    a_id, a_key = await profile(one, "Аня")
    b_id, b_key = await profile(two, "Боря")
    made = await call(one, "POST", "/api/games", a_key, {
        "mode": "online", "rules": {"preset": "block"},
        "hall": {"public": True, "clock": CLOCK, "rated": True}})
    assert made.status_code == 201, made.text
    game = made.json()
    sat = await call(two, "POST", f"/api/hall/tables/{game['game_id']}/sit", b_key, {})
    assert sat.status_code == 200, sat.text
    a = Client(one, game["game_id"], game["token"])  # type: ignore[arg-type]
    b = Client(two, game["game_id"], sat.json()["token"])  # type: ignore[arg-type]
    await a.connect()
    await b.connect()
    await play_out([a, b], random.Random(11))
    await a.close()
    await b.close()
    people = {a_id: a_key, b_id: b_key}
    on_one = await ratings_seen(one, game["game_id"], people)
    assert on_one == await ratings_seen(two, game["game_id"], people)
    assert all(games == 1 for _, games in on_one.values()), on_one
    winner = a.view["result"]["winner"]  # a blocked deal can tie (pips equal): no winner
    if winner is None:
        assert on_one[a_id][0] == on_one[b_id][0]  # a draw of equals leaves them level
    else:
        won, lost = (a_id, b_id) if winner == a.view["seat"] else (b_id, a_id)
        assert on_one[won][0] > on_one[lost][0]  # the ratings moved apart, the winner's up
    # a process killed and started again sweeps unrated games at start-up: nothing is left
    two.kill()
    again = ServerProcess(pg_url, redis=redis_url, env=FAST, log=tmp_path / "again.log").start()
    try:
        assert await ratings_seen(again, game["game_id"], people) == on_one
    finally:
        again.stop()
    assert "Traceback" not in (tmp_path / "again.log").read_text()
