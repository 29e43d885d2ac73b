"""Rating finished games (server/ratings/service.py) on the real SQL of storage/ratings.py
(MemoryStorage keeps profiles and ratings in an in-memory SQLite with the migrations run)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from doublesix.server.ratings import service as ratings_service
from doublesix.server.ratings.model import START, model
from doublesix.server.ratings.service import Ratings, week_start
from doublesix.server.storage.memory import MemoryStorage
from doublesix.server.storage.profiles import FinishedGame, FinishedSeat, ProfileId, game_key

NOW = 1_765_000_000.0  # a Saturday


class Clock:
    def __init__(self) -> None:
        self.now = NOW

    def __call__(self) -> float:
        return self.now


async def setup(names: int = 4) -> tuple[MemoryStorage, Ratings, list[ProfileId], Clock]:
    storage = MemoryStorage()
    clock = Clock()
    ids = [(await storage.profiles.create(f"P{n}", f"key{n}", NOW)).profile_id
           for n in range(names)]
    return storage, Ratings(storage.ratings, storage.profiles, clock), ids, clock


def finished(room: str, profiles: list[ProfileId | None], winner: int | None,
             preset: str = "block", rated: bool = True, computer: int | None = None,
             game_no: int = 1, at: float = NOW) -> FinishedGame:
    teams = preset == "kozel"
    seats = [FinishedSeat(seat=n, profile_id=None if n == computer else p, name=f"S{n}",
                          computer=n == computer, level="easy" if n == computer else None,
                          won=None if winner is None else (n % 2 if teams else n) == winner)
             for n, p in enumerate(profiles)]
    result: dict[str, Any] = {"winner": winner, "reason": "domino", "teams": teams,
                              "rated": rated}
    return FinishedGame(game_key(room, game_no), room, game_no, "hall", preset, len(profiles),
                        True, at, {}, result, seats)


async def kept(storage: MemoryStorage, game: FinishedGame) -> FinishedGame:
    assert await storage.profiles.record_game(game)
    return game


async def test_a_rated_game_moves_both_ratings_once_and_its_sheet_says_how_much() -> None:
    storage, ratings, (a, b, *_), _ = await setup()
    game = await kept(storage, finished("R1", [a, b], winner=1))
    assert await ratings.settle(game) == "rated"
    sheet = await ratings.game(game)
    assert sheet["outcome"] == "rated" and sheet["rating"] == "block"
    deltas = {c["profile"]: c["delta"] for c in sheet["changes"]}
    assert deltas[b] > 0 > deltas[a] and deltas[b] == -deltas[a]
    assert all(c["before"]["rating"] == START and c["after"]["games"] == 1
               for c in sheet["changes"])
    # handed again (a retry, the room saved again, another process): nothing more
    assert await ratings.settle(game) == "rated"
    assert await ratings.game(game) == sheet
    mine = await ratings.of_profile(b)
    assert mine["block"]["games"] == 1 and mine["block"]["provisional"] is True
    assert mine["block"]["history"] == [START + deltas[b]]


async def test_the_same_game_rated_by_two_at_once_counts_once() -> None:
    storage, ratings, (a, b, *_), clock = await setup()
    game = await kept(storage, finished("R1", [a, b], winner=0))
    other = Ratings(storage.ratings, storage.profiles, clock)  # a second process
    outcomes = await asyncio.gather(ratings.settle(game), other.settle(game))
    assert outcomes == ["rated", "rated"]
    assert len((await ratings.game(game))["changes"]) == 2
    assert (await storage.ratings.of_profile(a))["block"].games == 1


async def test_two_games_of_one_person_at_once_build_on_each_other() -> None:
    storage, ratings, (a, b, c, _), clock = await setup()
    g1 = await kept(storage, finished("R1", [a, b], winner=0))
    g2 = await kept(storage, finished("R2", [c, a], winner=1))
    other = Ratings(storage.ratings, storage.profiles, clock)
    real_current = storage.ratings.current
    both_read = asyncio.Event()
    reads = 0

    async def slow_current(*args: Any) -> Any:
        # both games read a's rating before either writes: the second write must fail and
        # be rated again on the first one's result
        nonlocal reads
        found = await real_current(*args)
        reads += 1
        if reads == 2:
            both_read.set()
        await asyncio.wait_for(both_read.wait(), 5)
        return found

    storage.ratings.current = slow_current  # type: ignore[method-assign]
    assert await asyncio.gather(ratings.settle(g1), other.settle(g2)) == ["rated", "rated"]
    assert reads >= 3  # one of them read again
    storage.ratings.current = real_current  # type: ignore[method-assign]
    rating = (await storage.ratings.of_profile(a))["block"]
    assert rating.games == 2
    won_twice = model("block").rate([[model("block").new()], [model("block").new()]], [0, 1])
    assert rating.display > won_twice[0][0].display  # two wins, not one counted over the other


async def test_a_self_game_a_computer_seat_and_a_guest_without_profile_are_not_rated() -> None:
    storage, ratings, (a, b, *_), _ = await setup()
    cases = [(finished("R1", [a, a], winner=0), "self_game"),
             (finished("R2", [a, b, None], winner=0, preset="draw", computer=2), "computer"),
             (finished("R3", [a, None], winner=0), "no_profile")]
    for game, why in cases:
        await kept(storage, game)
        assert await ratings.settle(game) == why
        assert (await ratings.game(game))["changes"] == []
    assert await storage.ratings.of_profile(a) == {}


async def test_an_unrated_table_writes_nothing() -> None:
    storage, ratings, (a, b, *_), _ = await setup()
    game = await kept(storage, finished("R1", [a, b], winner=0, rated=False))
    assert await ratings.settle(game) is None
    assert await storage.ratings.outcome(game.game_key) is None
    assert (await ratings.game(game))["rated"] is False


async def test_kozel_rates_every_partner_from_the_pairs_result() -> None:
    storage, ratings, ids, _ = await setup()
    game = await kept(storage, finished("K1", ids, winner=1, preset="kozel"))
    assert await ratings.settle(game) == "rated"
    deltas = [c["delta"] for c in (await ratings.game(game))["changes"]]
    assert deltas[1] > 0 and deltas[3] > 0 and deltas[0] < 0 and deltas[2] < 0


async def test_a_kept_game_left_unrated_by_a_stopped_process_is_rated_by_the_sweep() -> None:
    storage, ratings, (a, b, *_), _ = await setup()
    game = await kept(storage, finished("R1", [a, b], winner=0))  # kept, then the stop
    old = await kept(storage, finished("R0", [a, b], winner=0, at=NOW - 30 * 86400))
    assert await ratings.sweep(NOW - 86400) == 1
    assert await storage.ratings.outcome(game.game_key) == "rated"
    assert await storage.ratings.outcome(old.game_key) is None  # older than the rooms
    assert await ratings.sweep(NOW - 86400) == 0  # and never twice


async def test_deleting_a_profile_takes_its_ratings_with_it() -> None:
    storage, ratings, (a, b, *_), _ = await setup()
    game = await kept(storage, finished("R1", [a, b], winner=0))
    await ratings.settle(game)
    assert await storage.profiles.delete(a)
    assert await storage.ratings.of_profile(a) == {}
    assert [c["profile"] for c in (await ratings.game(game))["changes"]] == [b]


async def test_leaderboards_all_time_and_this_week_with_my_own_place(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ratings_service, "BOARD_GAMES", 2)
    monkeypatch.setattr(ratings_service, "WEEK_GAMES", 2)
    storage, ratings, (a, b, c, d), clock = await setup()
    last_week = week_start(NOW) - 3600
    # a beats everyone last week; this week b wins twice; d has played once only
    schedule = [("L1", [a, b], 0, last_week), ("L2", [a, c], 0, last_week),
                ("L3", [a, b], 0, last_week), ("L4", [c, b], 0, last_week),
                ("W1", [b, c], 0, NOW), ("W2", [b, c], 0, NOW), ("W3", [d, a], 1, NOW)]
    for room, players, winner, at in schedule:
        clock.now = at
        await ratings.settle(await kept(storage, finished(room, players, winner, at=at)))
    clock.now = NOW
    board = await ratings.leaderboard("block", "all", me=c)
    assert [s["profile"] for s in board["top"]][0] == a
    assert d not in [s["profile"] for s in board["top"]]  # one game: not on the board
    assert [s["place"] for s in board["top"]] == list(range(1, len(board["top"]) + 1))
    assert board["me"]["profile"] == c and board["me"]["place"] >= 2
    week = await ratings.leaderboard("block", "week", me=b)
    assert [s["profile"] for s in week["top"]] == [b, c]  # a has one game this week
    assert week["top"][0]["gain"] > 0 > week["top"][1]["gain"]
    assert week["me"]["place"] == 1 and week["me"]["week_games"] == 2
    top_one = await ratings.leaderboard("block", "all", me=c, limit=1)
    assert len(top_one["top"]) == 1 and top_one["me"]["profile"] == c  # shown outside the top
    assert (await ratings.leaderboard("block", "all", me=d))["me"] is None


def test_a_week_starts_on_monday_at_midnight_utc() -> None:
    start = week_start(NOW)
    assert start <= NOW < start + 7 * 86400
    assert int(start) % 86400 == 0
    import datetime
    assert datetime.datetime.fromtimestamp(start, datetime.UTC).weekday() == 0


async def test_a_board_gives_the_viewer_their_own_rating_even_off_the_board(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ratings_service, "BOARD_GAMES", 2)
    monkeypatch.setattr(ratings_service, "WEEK_GAMES", 2)
    storage, ratings, (a, b, c, d), clock = await setup()
    last_week = week_start(NOW) - 3600
    for room, players, at in (("L1", [a, b], last_week), ("L2", [a, b], last_week),
                              ("W1", [a, c], NOW)):
        clock.now = at
        await ratings.settle(await kept(storage, finished(room, players, 0, at=at)))
    clock.now = NOW
    # c has one game: off the board, but its page still shows c its provisional rating
    board = await ratings.leaderboard("block", "all", me=c)
    assert board["me"] is None
    assert board["mine"]["games"] == 1 and board["mine"]["label"].endswith("?")
    assert board["mine"]["rating"] == (await ratings.of_profile(c))["block"]["rating"]
    assert "week_games" not in board["mine"]
    # a is on the all-time board; this week a has one game of the two the week's board needs
    week = await ratings.leaderboard("block", "week", me=a)
    assert week["me"] is None and week["mine"]["week_games"] == 1
    assert week["mine"]["games"] == 3
    # never rated in this type, or no viewer: nothing
    assert (await ratings.leaderboard("block", "all", me=d))["mine"] is None
    assert (await ratings.leaderboard("kozel", "all", me=a))["mine"] is None
    assert (await ratings.leaderboard("block", "all", me=None))["mine"] is None
