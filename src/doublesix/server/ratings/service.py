"""Rating the finished games of rated hall tables (issue 25), once each.

The room cache keeps every finished game in history (rooms/history.py) right after the save
that ended it; :meth:`Ratings.settle` is then handed the kept game (compose.py hooks it in)
and rates it in one transaction with its marker (storage/ratings.py). It is idempotent: the
same game handed again (a retry, a second process, the same room after a restart) finds its
marker and changes nothing. A process that stops between keeping a game and rating it leaves
a kept game with no marker; :meth:`Ratings.sweep`, run at start-up, rates those.

Who is rated: every seat a person with a profile, at a table marked rated (which has a clock
and no computer seat: rooms/tables.py), in a rated game type; one profile in two seats (two
tabs, two browsers of one Telegram user) is never rated, nor anyone at that table. Those
games get a marker saying why, so the sweep does not look at them again.

Leavers (issue 26): a person still marked as having left when the game ended (the others let
the computer stand in, or claimed) loses it in the rating whatever the score, their pair with
them in «Козёл»; the game stays rated (a stand-in is no computer seat) and is counted on the
profile, in the same transaction. Who came back before the end is not a leaver. Several such
games in a day hold that person's next rated game back (:func:`leave_wait`).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from typing import TypedDict

from doublesix.server.ratings.model import MODELS, RATED_PRESETS, Rating, ranks_of
from doublesix.server.storage.profiles import FinishedGame, ProfileId, ProfileStore
from doublesix.server.storage.ratings import Change, RatingStore, Standing

log = logging.getLogger("doublesix.server.ratings")
#: reads again after a lost race with another game of the same person, at most this often
RETRIES = 5
#: the all-time board lists settled profiles only (lichess: no provisional rating on it)
BOARD_GAMES = 20
#: this week's board: settled profiles with this many rated games this week
WEEK_GAMES = 3
#: why a finished game of a rated table was not rated (``rated_games.outcome``)
NOT_RATED = ("computer", "no_profile", "self_game", "unrated_type")
#: rated games left (issue 26) count for this long (seconds) towards the wait
LEAVE_WINDOW = 86400.0
#: (rated games left within LEAVE_WINDOW, the wait in seconds from the last of them): the
#: second game left in a day holds the next rated game back 5 minutes, the third 15, any
#: more 30
LEAVE_WAITS = ((2, 300.0), (3, 900.0), (4, 1800.0))
#: a week starts on Monday 00:00 UTC (1970-01-05 was a Monday)
_MONDAY = 4 * 86400
_WEEK = 7 * 86400


class RatingJSON(TypedDict):
    """A rating as shown (docs/protocol.md, "Ratings")."""

    rating: int
    deviation: int
    games: int
    provisional: bool
    label: str


class ChangeJSON(TypedDict):
    seat: int
    profile: ProfileId
    before: RatingJSON
    after: RatingJSON
    delta: int


class GameRatingJSON(TypedDict):
    """A finished game's rating changes, for its result sheet."""

    rated: bool
    #: ``rated``, why not (:data:`NOT_RATED`), or null: not a rated table's, or not yet
    outcome: str | None
    rating: str
    changes: list[ChangeJSON]


class HistoryJSON(RatingJSON):
    """One game type's rating on the profile page, with the displayed rating after each of
    its last games, oldest first (the graph)."""

    history: list[int]


class StandingJSON(RatingJSON):
    """A line of the all-time leaderboard."""

    place: int
    profile: ProfileId
    name: str


class WeekStandingJSON(StandingJSON):
    """A line of this week's leaderboard."""

    #: rating points won this week
    gain: int
    week_games: int | None


class WeekMineJSON(RatingJSON):
    """The viewer's own rating on this week's board's page."""

    #: their rated games this week
    week_games: int


class BoardJSON(TypedDict):
    """``GET /api/ratings/{rating}?period=all|week``: a leaderboard."""

    rating: str
    period: str
    min_games: int
    #: the week's board: the games this week that put a profile on it; null for all time
    week_games: int | None
    top: list[StandingJSON | WeekStandingJSON]
    me: StandingJSON | WeekStandingJSON | None
    #: the viewer's own rating, on the board or not yet; null: never rated
    mine: RatingJSON | WeekMineJSON | None


def week_start(now: float) -> float:
    return now - (now - _MONDAY) % _WEEK


def sides_of(game: FinishedGame) -> list[list[int]]:
    """The seats of each side: the pairs in «Козёл» (0 and 2 against 1 and 3), else one."""
    if game.result.get("teams"):
        return [[0, 2], [1, 3]]
    return [[s] for s in range(game.players)]


def left_sides(game: FinishedGame) -> list[int]:
    """The sides with a seat whose person had left the game and not come back by its end
    (``result["left"]``: rooms/history.py); in «Козёл» a leaver's pair."""
    left = set(game.result.get("left") or ())
    return [n for n, side in enumerate(sides_of(game)) if left.intersection(side)]


def leavers_of(game: FinishedGame) -> list[ProfileId]:
    """The profiles that left *game* (counted on the profile when it is rated)."""
    left = set(game.result.get("left") or ())
    return [s.profile_id for s in game.seats if s.seat in left and s.profile_id is not None]


def leave_wait(left_at: Sequence[float], now: float) -> float:
    """How long, in seconds from *now*, a person who left rated games at *left_at* (their
    ends) waits before their next rated game (docs/protocol.md, "Leaving rated games"):
    nothing for one game left in :data:`LEAVE_WINDOW`; with more, :data:`LEAVE_WAITS`'s
    wait for that count, from the last of them. As on lichess, a habit is held back, not
    one bad connection."""
    recent = [at for at in left_at if at > now - LEAVE_WINDOW]
    waits = [wait for count, wait in LEAVE_WAITS if len(recent) >= count]
    if not waits:
        return 0.0
    return max(0.0, max(recent) + waits[-1] - now)


def why_not(game: FinishedGame) -> str | None:
    """None if the game is rated, else why not (one of :data:`NOT_RATED`)."""
    if game.preset not in RATED_PRESETS:
        return "unrated_type"
    # a seat given to the computer, never a person's seat the computer stood in for when
    # they left (rooms/history.py keeps ``computer`` for the former only): that game is rated,
    # and lost by the leaver
    if any(s.computer for s in game.seats):
        return "computer"
    if any(s.profile_id is None for s in game.seats):
        return "no_profile"
    if len({s.profile_id for s in game.seats}) != len(game.seats):
        return "self_game"
    return None


class Ratings:
    def __init__(self, store: RatingStore, profiles: ProfileStore,
                 clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.profiles = profiles
        self.clock = clock

    async def settle(self, game: FinishedGame) -> str | None:
        """Rate *game* if it is a rated table's and was not yet; what became of it (None: not
        a rated table's game, nothing written)."""
        if not game.result.get("rated"):
            return None
        done = await self.store.outcome(game.game_key)
        if done is not None:
            return done
        reason = why_not(game)
        if reason is not None:
            await self.store.mark(game.game_key, game.preset, reason, self.clock())
            return await self.store.outcome(game.game_key)
        for _ in range(RETRIES):
            try:
                await self.store.apply(game.game_key, game.preset, await self._changes(game),
                                       self.clock(), leavers_of(game), game.finished_at)
                return "rated"
            except Exception as exc:  # the backends' integrity errors: see who won the race
                done = await self.store.outcome(game.game_key)
                if done is not None:
                    return done
                log.info("rating game %s again after %s", game.game_key, exc)
        raise RuntimeError(f"game {game.game_key} could not be rated in {RETRIES} tries")

    async def _changes(self, game: FinishedGame) -> list[Change]:
        model = MODELS[game.preset]
        sides = sides_of(game)
        profile = {s.seat: ProfileId(s.profile_id or "") for s in game.seats}
        now = await self.store.current(list(profile.values()), game.preset)
        before = [[now.get(profile[seat], model.new()) for seat in side] for side in sides]
        after = model.rate(before, ranks_of(game.result.get("winner"), len(sides),
                                            left_sides(game)))
        return [Change(profile[seat], seat, was, new)
                for side, old, rated in zip(sides, before, after, strict=True)
                for seat, was, new in zip(side, old, rated, strict=True)]

    async def sweep(self, since: float) -> int:
        """Rate the kept games of rated tables finished since *since* that have no marker (a
        process stopped between keeping and rating them); how many were settled."""
        rows = await self.store.sql.query(
            "SELECT f.game_key FROM finished_games f WHERE f.kind = 'hall'"
            " AND f.finished_at >= ? AND f.result LIKE '%\"rated\": true%'"
            " AND NOT EXISTS (SELECT 1 FROM rated_games r WHERE r.game_key = f.game_key)"
            " ORDER BY f.finished_at", (since,))
        settled = 0
        for (key,) in rows:
            game = await self.profiles.game(key)
            if game is not None and await self.settle(game) is not None:
                settled += 1
        return settled

    async def hold(self, profile_id: str) -> float:
        """Seconds before *profile_id* may sit at or create a rated table again (0: now), for
        having left rated games (:func:`leave_wait`; asked by http/api.py's ``held_back``)."""
        now = self.clock()
        return leave_wait(await self.store.left_since(profile_id, now - LEAVE_WINDOW), now)

    # -- what is shown -----------------------------------------------------------------------
    async def game(self, game: FinishedGame) -> GameRatingJSON:
        """The rating changes of a finished game, for its result sheet."""
        outcome = await self.store.outcome(game.game_key) if game.result.get("rated") else None
        changes = await self.store.changes(game.game_key) if outcome == "rated" else []
        return {"rated": bool(game.result.get("rated")), "outcome": outcome,
                "rating": game.preset,
                "changes": [{"seat": c.seat, "profile": c.profile_id,
                             "before": rating_json(c.before), "after": rating_json(c.after),
                             "delta": c.delta} for c in changes]}

    async def of_profile(self, profile_id: str) -> dict[str, HistoryJSON]:
        """A profile's ratings by game type, each with its recent history (for the graph)."""
        out: dict[str, HistoryJSON] = {}
        for key, rating in (await self.store.of_profile(profile_id)).items():
            out[key] = {**rating_json(rating),
                        "history": await self.store.history(profile_id, key)}
        return out

    async def leaderboard(self, key: str, period: str, me: str | None,
                          limit: int = 50) -> BoardJSON:
        if period == "all":
            top = await self.store.board(key, BOARD_GAMES, limit)
            mine = await self.store.place(key, BOARD_GAMES, me) if me else None
        else:
            since = week_start(self.clock())
            every = await self.store.week(key, since, BOARD_GAMES, WEEK_GAMES)
            top = every[:limit]
            mine = next((s for s in every if s.profile_id == me), None)
        return {"rating": key, "period": period, "min_games": BOARD_GAMES,
                "week_games": WEEK_GAMES if period == "week" else None,
                "top": [standing_json(s) for s in top],
                "me": standing_json(mine) if mine is not None else None,
                "mine": await self._mine(key, period, me) if me else None}

    async def _mine(self, key: str, period: str, me: str) -> RatingJSON | WeekMineJSON | None:
        """The viewer's own rating of *key*, on the board or not yet (provisional, or too few
        games this week): the board's page says how far they are from it. None: never rated."""
        rating = (await self.store.current([me], key)).get(me)
        if rating is None:
            return None
        if period != "week":
            return rating_json(rating)
        return {**rating_json(rating),
                "week_games": await self.store.games_since(me, key, week_start(self.clock()))}


def rating_json(rating: Rating) -> RatingJSON:
    return {"rating": rating.display, "deviation": rating.deviation, "games": rating.games,
            "provisional": rating.provisional, "label": rating.label()}


def standing_json(s: Standing) -> StandingJSON | WeekStandingJSON:
    line: StandingJSON = {"place": s.place, "profile": s.profile_id, "name": s.name,
                          **rating_json(s.rating)}
    if s.gain is None:
        return line
    return {**line, "gain": s.gain, "week_games": s.week_games}
