"""Ratings on disk (issue 25): each person's rating per game type, the ledger of every change,
and the marker of each finished game considered for rating, over both SQL backends.

One rated game is one transaction (:meth:`RatingStore.apply`): its marker in ``rated_games``
(the game's key is its primary key), one ``rating_changes`` row per person and the new
``ratings``. A game rated already makes the marker's INSERT fail, so the whole transaction
does nothing; two games rated at once for one person make the ledger's
``UNIQUE (profile_id, rating, games)`` fail for the second, which is then read again and
rated on top of the first (server/ratings/service.py). Nothing is ever counted twice, by
one process or two, before or after a restart; nor is a game left (``rated_leaves``, issue
26), written in the same transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from doublesix.server.ratings.model import Rating
from doublesix.server.storage.profiles import ProfileId, Sql, Statement


@dataclass(frozen=True)
class Change:
    """One person's rating change in one game."""

    profile_id: ProfileId
    seat: int
    before: Rating
    after: Rating

    @property
    def delta(self) -> int:
        """The change as shown: +12, −8 (of the displayed numbers, so they add up)."""
        return self.after.display - self.before.display


@dataclass(frozen=True)
class Standing:
    """A leaderboard line."""

    place: int
    profile_id: ProfileId
    name: str
    rating: Rating
    #: this week's board: rating points won this week, and games played this week
    gain: int | None = None
    week_games: int | None = None


class RatingStore:
    """``storage.ratings`` of every backend: each method is one read or one transaction."""

    def __init__(self, sql: Sql) -> None:
        self.sql = sql

    async def current(self, profile_ids: Sequence[str], rating: str) -> dict[str, Rating]:
        """The ratings these profiles have in *rating* (none for a profile never rated)."""
        if not profile_ids:
            return {}
        marks = ", ".join("?" * len(profile_ids))
        rows = await self.sql.query(
            f"SELECT profile_id, mu, sigma, games FROM ratings WHERE rating = ?"
            f" AND profile_id IN ({marks})", (rating, *profile_ids))
        return {r[0]: Rating(float(r[1]), float(r[2]), int(r[3])) for r in rows}

    async def of_profile(self, profile_id: str) -> dict[str, Rating]:
        rows = await self.sql.query(
            "SELECT rating, mu, sigma, games FROM ratings WHERE profile_id = ?", (profile_id,))
        return {r[0]: Rating(float(r[1]), float(r[2]), int(r[3])) for r in rows}

    async def history(self, profile_id: str, rating: str, limit: int = 100) -> list[int]:
        """The displayed rating after each of the profile's last *limit* games, oldest first
        (the profile page's small graph)."""
        rows = await self.sql.query(
            "SELECT mu, sigma, games FROM rating_changes WHERE profile_id = ? AND rating = ?"
            " ORDER BY games DESC LIMIT ?", (profile_id, rating, limit))
        return [Rating(float(r[0]), float(r[1]), int(r[2])).display for r in reversed(rows)]

    async def outcome(self, game_key: str) -> str | None:
        """What became of a finished game: ``rated``, why it was not, or None (not yet)."""
        rows = await self.sql.query("SELECT outcome FROM rated_games WHERE game_key = ?",
                                    (game_key,))
        return str(rows[0][0]) if rows else None

    async def changes(self, game_key: str) -> list[Change]:
        rows = await self.sql.query(
            "SELECT profile_id, seat, mu_before, sigma_before, games, mu, sigma"
            " FROM rating_changes WHERE game_key = ? ORDER BY seat", (game_key,))
        return [Change(ProfileId(r[0]), int(r[1]),
                       Rating(float(r[2]), float(r[3]), int(r[4]) - 1),
                       Rating(float(r[5]), float(r[6]), int(r[4]))) for r in rows]

    async def mark(self, game_key: str, rating: str, outcome: str, now: float) -> bool:
        """Record that a game is not rated, and why; False if it was considered already."""
        counts = await self.sql.write([(
            "INSERT INTO rated_games (game_key, rating, outcome, rated_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (game_key) DO NOTHING", (game_key, rating, outcome, now))])
        return counts[0] == 1

    async def apply(self, game_key: str, rating: str, changes: Sequence[Change],
                    now: float, leavers: Sequence[ProfileId] = (),
                    left_at: float | None = None) -> None:
        """The game's changes, its marker, the new ratings and the persons who left it
        (*leavers*, counted at *left_at*: the game's end), in one transaction. Raises the
        backend's integrity error when the game was rated already or a rating it read has
        changed since (the caller reads again: server/ratings/service.py)."""
        statements: list[Statement] = [(
            "INSERT INTO rated_games (game_key, rating, outcome, rated_at) VALUES (?, ?, ?, ?)",
            (game_key, rating, "rated", now))]
        for profile_id in dict.fromkeys(leavers):
            statements.append((
                "INSERT INTO rated_leaves (game_key, profile_id, rating, at) VALUES (?, ?, ?, ?)",
                (game_key, profile_id, rating, now if left_at is None else left_at)))
        for c in changes:
            statements.append((
                "INSERT INTO rating_changes (game_key, profile_id, seat, rating, games,"
                " mu_before, sigma_before, mu, sigma, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (game_key, c.profile_id, c.seat, rating, c.after.games, c.before.mu,
                 c.before.sigma, c.after.mu, c.after.sigma, now)))
            statements.append((
                "INSERT INTO ratings (profile_id, rating, mu, sigma, games, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (profile_id, rating) DO UPDATE SET"
                " mu = excluded.mu, sigma = excluded.sigma, games = excluded.games,"
                " updated_at = excluded.updated_at",
                (c.profile_id, rating, c.after.mu, c.after.sigma, c.after.games, now)))
        await self.sql.write(statements)

    # -- rated games left (issue 26) ------------------------------------------------------
    async def left_count(self, profile_id: str) -> int:
        """How many rated games the profile left (and did not come back to before the end)."""
        rows = await self.sql.query("SELECT count(*) FROM rated_leaves WHERE profile_id = ?",
                                    (profile_id,))
        return int(rows[0][0])

    async def left_since(self, profile_id: str, since: float) -> list[float]:
        """When the profile's rated games left since *since* ended, oldest first."""
        rows = await self.sql.query(
            "SELECT at FROM rated_leaves WHERE profile_id = ? AND at >= ? ORDER BY at",
            (profile_id, since))
        return [float(r[0]) for r in rows]

    # -- leaderboards --------------------------------------------------------------------------
    async def board(self, rating: str, min_games: int, limit: int) -> list[Standing]:
        """The all-time board: settled profiles (*min_games* rated games) by rating."""
        rows = await self.sql.query(
            "SELECT r.profile_id, p.name, r.mu, r.sigma, r.games FROM ratings r"
            " JOIN profiles p ON p.profile_id = r.profile_id"
            " WHERE r.rating = ? AND r.games >= ? ORDER BY r.mu DESC, r.profile_id LIMIT ?",
            (rating, min_games, limit))
        return [Standing(n, ProfileId(r[0]), r[1], Rating(float(r[2]), float(r[3]), int(r[4])))
                for n, r in enumerate(rows, 1)]

    async def place(self, rating: str, min_games: int, profile_id: str) -> Standing | None:
        """The profile's own line of the all-time board, wherever it stands (None: not on it)."""
        rows = await self.sql.query(
            "SELECT r.profile_id, p.name, r.mu, r.sigma, r.games,"
            " (SELECT count(*) FROM ratings o WHERE o.rating = r.rating AND o.games >= ?"
            "  AND (o.mu > r.mu OR (o.mu = r.mu AND o.profile_id < r.profile_id)))"
            " FROM ratings r JOIN profiles p ON p.profile_id = r.profile_id"
            " WHERE r.rating = ? AND r.profile_id = ? AND r.games >= ?",
            (min_games, rating, profile_id, min_games))
        if not rows:
            return None
        r = rows[0]
        return Standing(int(r[5]) + 1, ProfileId(r[0]), r[1],
                        Rating(float(r[2]), float(r[3]), int(r[4])))

    async def games_since(self, profile_id: str, rating: str, since: float) -> int:
        """How many rated games of *rating* the profile has had since *since*."""
        rows = await self.sql.query(
            "SELECT count(*) FROM rating_changes WHERE profile_id = ? AND rating = ? AND at >= ?",
            (profile_id, rating, since))
        return int(rows[0][0])

    async def week(self, rating: str, since: float, min_games: int, week_games: int,
                   limit: int | None = None) -> list[Standing]:
        """This week's board: settled profiles with *week_games* rated games since *since*, by
        the rating points they won since then (the whole list when *limit* is None)."""
        rows = await self.sql.query(
            "SELECT r.profile_id, p.name, r.mu, r.sigma, r.games, w.gain, w.n FROM"
            " (SELECT profile_id, sum(mu - mu_before) AS gain, count(*) AS n"
            "  FROM rating_changes WHERE rating = ? AND at >= ? GROUP BY profile_id) w"
            " JOIN ratings r ON r.profile_id = w.profile_id AND r.rating = ?"
            " JOIN profiles p ON p.profile_id = r.profile_id"
            " WHERE r.games >= ? AND w.n >= ? ORDER BY w.gain DESC, r.profile_id"
            + ("" if limit is None else f" LIMIT {int(limit)}"),
            (rating, since, rating, min_games, week_games))
        out = []
        for n, r in enumerate(rows, 1):
            now = Rating(float(r[2]), float(r[3]), int(r[4]))
            gained = Rating(now.mu - float(r[5]), now.sigma)
            out.append(Standing(n, ProfileId(r[0]), r[1], now, now.display - gained.display,
                                int(r[6])))
        return out
