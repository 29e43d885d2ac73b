"""Rated hall games over a real server (issue 25): two profiles play a rated table to its end
and both see the change on the sheet and on their profiles; a third sees the leaderboard; a
restart in the middle of the update loses nothing and counts nothing twice; a self-game is
not rated."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from doublesix.server.ratings import service as ratings_service
from tests.server.harness import Client, ServerThread
from tests.server.test_profiles import auth, get, new_profile, play_out, settings

CLOCK = {"minutes": 5, "increment": 2}


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerThread]:
    s = ServerThread(settings(f"sqlite:///{tmp_path}/r.db")).start()
    yield s
    s.stop()


async def rated_game(server: ServerThread, a_key: str, b_key: str, seed: int,
                     rated: bool = True) -> tuple[str, int | None]:
    """A rated block table of A, B sits down, both play it out; its game id and winner (the
    seat, or None when the blocked deal tied)."""
    async with httpx.AsyncClient(base_url=server.http) as http:
        made = await http.post("/api/games", headers=auth(a_key), json={
            "mode": "online", "rules": {"preset": "block"},
            "hall": {"public": True, "clock": CLOCK, "rated": rated}})
        assert made.status_code == 201, made.text
        game = made.json()
        if rated:  # a rated table seats profiles only
            guest = await http.post(f"/api/hall/tables/{game['game_id']}/sit",
                                    json={"name": "Гость"})
            assert guest.status_code == 400 and "profile" in guest.json()["error"]["message"]
        sat = await http.post(f"/api/hall/tables/{game['game_id']}/sit", headers=auth(b_key),
                              json={})
        assert sat.status_code == 200, sat.text
    a = Client(server, game["game_id"], game["token"])
    b = Client(server, game["game_id"], sat.json()["token"])
    await a.connect()
    await b.connect()
    assert a.room["hall"]["rated"] is rated
    await play_out([a, b], random.Random(seed))
    await a.close()
    await b.close()
    return str(game["game_id"]), a.view["result"]["winner"]


async def sheet(server: ServerThread, game_id: str) -> dict[str, Any]:
    r = await get(server, f"/api/games/{game_id}/ratings/1")
    assert r.status_code == 200, r.text
    return dict(r.json())


async def test_two_profiles_play_a_rated_table_and_see_the_change_everywhere(
        server: ServerThread, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ratings_service, "BOARD_GAMES", 1)
    a_id, a_key = await new_profile(server, "Аня")
    b_id, b_key = await new_profile(server, "Боря")
    _, c_key = await new_profile(server, "Вика")
    before = (await get(server, "/api/ratings/block", c_key)).json()
    assert before["top"] == [] and before["me"] is None
    game_id, winner = await rated_game(server, a_key, b_key, seed=3)
    result = await sheet(server, game_id)
    assert result["outcome"] == "rated"
    changes = {c["profile"]: c for c in result["changes"]}
    assert set(changes) == {a_id, b_id}
    assert changes[a_id]["delta"] == -changes[b_id]["delta"]
    if winner is not None:  # a tied block deal between equals moves nobody (about 3 % of deals)
        assert changes[(a_id, b_id)[winner]]["delta"] > 0
    for pid, key in ((a_id, a_key), (b_id, b_key)):
        mine = (await get(server, f"/api/profiles/{pid}/ratings", key)).json()["ratings"]
        assert mine["block"]["rating"] == changes[pid]["after"]["rating"]
        assert mine["block"]["label"].endswith("?") and mine["block"]["games"] == 1
    board = (await get(server, "/api/ratings/block", c_key)).json()
    assert {s["profile"] for s in board["top"]} == {a_id, b_id}
    if winner is not None:
        assert board["top"][0]["profile"] == (a_id, b_id)[winner]
    assert board["me"] is None
    mine = (await get(server, "/api/ratings/block", a_key)).json()["me"]
    assert mine["profile"] == a_id and mine["place"] in (1, 2)


async def test_an_unrated_table_and_bad_requests(server: ServerThread) -> None:
    _, a_key = await new_profile(server, "Аня")
    _, b_key = await new_profile(server, "Боря")
    game_id, _ = await rated_game(server, a_key, b_key, seed=4, rated=False)
    result = await sheet(server, game_id)
    assert result == {"rated": False, "outcome": None, "rating": "block", "changes": []}
    for path, status in (("/api/ratings/chess", 404), ("/api/ratings/block?period=year", 400),
                         (f"/api/games/{game_id}/ratings/x", 400),
                         (f"/api/games/{game_id}/ratings/2", 404),
                         ("/api/profiles/nobody/ratings", 404)):
        assert (await get(server, path)).status_code == status, path
    async with httpx.AsyncClient(base_url=server.http) as http:
        untimed = await http.post("/api/games", headers=auth(a_key), json={
            "mode": "online", "rules": {"preset": "block"}, "hall": {"rated": True}})
    assert untimed.status_code == 400 and "clock" in untimed.json()["error"]["message"]


async def test_a_self_game_is_never_rated(server: ServerThread) -> None:
    """One profile in both seats (two tabs): a private rated table joined by its invite."""
    a_id, a_key = await new_profile(server, "Аня")
    async with httpx.AsyncClient(base_url=server.http) as http:
        made = (await http.post("/api/games", headers=auth(a_key), json={
            "mode": "online", "rules": {"preset": "block"},
            "hall": {"public": False, "clock": CLOCK, "rated": True}})).json()
        joined = await http.post(f"/api/games/{made['game_id']}/join", headers=auth(a_key),
                                 json={"invite": made["invite"], "name": "Аня"})
    if joined.status_code != 200:
        # the one-seat rule got there first: a profile cannot hold both seats at all
        assert joined.json()["error"]["code"] == "already_seated", joined.text
        return
    a = Client(server, made["game_id"], made["token"])
    b = Client(server, made["game_id"], joined.json()["token"])
    await a.connect()
    await b.connect()
    await play_out([a, b], random.Random(5))
    await a.close()
    await b.close()
    result = await sheet(server, made["game_id"])
    assert result["outcome"] == "self_game" and result["changes"] == []
    assert (await get(server, f"/api/profiles/{a_id}/ratings")).json()["ratings"] == {}


async def test_a_restart_during_the_update_loses_nothing_and_counts_nothing_twice(
        tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/restart.db"
    first = ServerThread(settings(url)).start()

    async def dies(game: Any) -> str | None:
        raise RuntimeError("the process stops after keeping the game, before rating it")

    try:
        a_id, a_key = await new_profile(first, "Аня")
        b_id, b_key = await new_profile(first, "Боря")
        first.app.state.service.rooms.kept[:] = [dies]
        game_id, _ = await rated_game(first, a_key, b_key, seed=6)
        assert (await sheet(first, game_id))["outcome"] is None  # kept, not rated
    finally:
        first.stop()
    for _ in range(2):  # the start-up sweep rates it once; the next start finds it done
        again = ServerThread(settings(url)).start()
        try:
            result = await sheet(again, game_id)
            assert result["outcome"] == "rated" and len(result["changes"]) == 2
            mine = (await get(again, f"/api/profiles/{a_id}/ratings")).json()["ratings"]
            assert mine["block"]["games"] == 1
        finally:
            again.stop()
