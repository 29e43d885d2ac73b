"""Leaving rated games (issue 26, item 2) on the real SQL of storage/ratings.py: the places
of a game with leavers, the leaver's loss whatever the score (their pair's too in «Козёл»),
the count on the profile (once, through retries, merges and deletion) and the wait rule."""

from __future__ import annotations

from typing import Any

import pytest

from doublesix.server.ratings.model import ranks_of
from doublesix.server.ratings.service import LEAVE_WINDOW, leave_wait
from doublesix.server.storage.profiles import FinishedGame
from tests.server.ratings.test_service import NOW, finished, kept, setup


def left(game: FinishedGame, *seats: int) -> FinishedGame:
    result: dict[str, Any] = {**game.result, "left": list(seats)}
    return FinishedGame(game.game_key, game.game_id, game.game_no, game.kind, game.preset,
                        game.players, game.public, game.finished_at, game.record, result,
                        game.seats)


@pytest.mark.parametrize(("winner", "sides", "leaving", "places"), [
    (1, 2, [1], [0, 1]),  # the leaver's stand-in won on the score: the leaver still loses
    (0, 2, [1], [0, 1]),
    (None, 2, [0], [1, 0]),  # a drawn deal: the one who stayed wins it
    (2, 3, [2], [0, 0, 1]),  # 3 players: those who stayed tie ahead of the leaver
    (0, 3, [1], [0, 2, 1]),  # a loser who stayed is ahead of a loser who left
    (0, 3, [0, 1], [1, 2, 0]),  # two leavers keep the score's order behind the stayer
    (1, 2, [0, 1], [1, 0]),  # everyone left: the score decides
])
def test_a_side_that_left_is_placed_behind_every_side_that_stayed(
        winner: int | None, sides: int, leaving: list[int], places: list[int]) -> None:
    assert ranks_of(winner, sides, leaving) == places


async def test_a_leaver_whose_seat_won_on_the_score_loses_and_is_counted_once() -> None:
    storage, ratings, (a, b, *_), _ = await setup()
    game = await kept(storage, left(finished("L1", [a, b], winner=1), 1))
    assert await ratings.settle(game) == "rated"
    assert await ratings.settle(game) == "rated"  # a retry, a second process: nothing twice
    delta = {c["profile"]: c["delta"] for c in (await ratings.game(game))["changes"]}
    assert delta[b] < 0 < delta[a]
    assert await storage.ratings.left_count(b) == 1
    assert await storage.ratings.left_count(a) == 0


async def test_in_kozel_the_leavers_pair_loses_and_only_the_leaver_is_counted() -> None:
    storage, ratings, (a, b, c, d), _ = await setup()
    # pair 1 (seats 1 and 3) won on the score, but seat 3 left
    game = await kept(storage, left(finished("K1", [a, b, c, d], winner=1, preset="kozel"), 3))
    assert await ratings.settle(game) == "rated"
    delta = {ch["profile"]: ch["delta"] for ch in (await ratings.game(game))["changes"]}
    assert delta[a] > 0 and delta[c] > 0 and delta[b] < 0 and delta[d] < 0
    counts = [await storage.ratings.left_count(p) for p in (a, b, c, d)]
    assert counts == [0, 0, 0, 1]


async def test_a_game_that_is_not_rated_counts_no_leave() -> None:
    storage, ratings, (a, b, *_), _ = await setup()
    game = await kept(storage, left(finished("N1", [a, None], winner=0), 1))
    assert await ratings.settle(game) == "no_profile"
    unrated = await kept(storage, left(finished("N2", [a, b], winner=0, rated=False), 0))
    assert await ratings.settle(unrated) is None
    assert await storage.ratings.left_count(a) == 0


def test_the_wait_rule() -> None:
    assert leave_wait([], NOW) == 0
    assert leave_wait([NOW - 10], NOW) == 0  # one game left in a day: a lost connection
    assert leave_wait([NOW - 100, NOW - 10], NOW) == 290  # 5 min after the second
    assert leave_wait([NOW - 400, NOW - 301], NOW) == 0
    assert leave_wait([NOW - 200, NOW - 100, NOW - 10], NOW) == 890  # 15 after the third
    four = [NOW - 300, NOW - 200, NOW - 100, NOW - 10]
    assert leave_wait(four, NOW) == 1790 == leave_wait([NOW - 5000, *four], NOW)  # 30 beyond
    # a day later the old ones no longer count
    assert leave_wait([NOW - LEAVE_WINDOW - 1, NOW - 10], NOW) == 0


async def test_the_hold_follows_the_clock_and_merging_or_deleting_the_profile() -> None:
    storage, ratings, (a, b, c, _), clock = await setup()
    for n in range(2):
        game = await kept(storage, left(finished(f"H{n}", [a, b], winner=0, at=NOW + n), 1))
        assert await ratings.settle(game) == "rated"
    clock.now = NOW + 60
    assert await ratings.hold(b) == pytest.approx(241)
    assert await ratings.hold(a) == 0
    clock.now = NOW + 302
    assert await ratings.hold(b) == 0
    # folded into another profile, the games left come along; deleted, they go with it
    clock.now = NOW + 60
    await storage.profiles.merge(b, c)
    assert await storage.ratings.left_count(c) == 2 and await ratings.hold(c) > 0
    assert await storage.profiles.delete(c)
    assert await storage.ratings.left_count(c) == 0
