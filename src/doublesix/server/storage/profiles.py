"""Profiles and their finished games (issue 25): the rows, and one store over both SQL backends.

A profile is a person without a password. Its public id (``profile_id``) is random and is all
anyone else ever sees of it besides its name; a browser proves it is the profile by a *key*, a
long random secret the server made and the browser keeps, of which only the SHA-256 is stored
(``profile_keys``: one row per browser or Telegram device). A profile made inside Telegram
also stores the SHA-256 of its Telegram user id (``telegram_hash``), never the id itself, so
that the same Telegram user finds the same profile from any device.

A finished game (``finished_games``) is kept with its record and one ``game_players`` row per
seat, whoever sat there: a profile, a person without one, or the computer. The room it was
played in expires (rooms/life.py); this row does not. ``(game_id, game_no)`` is unique, so
recording the same game twice (a retry, a second process, a restart) keeps one row.

Deleting a profile deletes its row and keys (its personal data: name, Telegram digest) and
clears ``profile_id`` and ``name`` on its seats of finished games, which stay, shown as
«удалённый игрок». Tables of other features that hang on a profile (ratings) reference
``profiles (profile_id) ON DELETE CASCADE`` and go with it.

The same SQL runs on SQLite and PostgreSQL through :class:`Sql`, a two-method executor each
backend gives (``?`` placeholders; PostgreSQL's executor numbers them). A write is a list of
statements run in one transaction, never a transaction held open across awaits: SQLite's one
connection is shared with the group commit of moves (sqlite.py).
"""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NewType, NotRequired, Protocol, TypedDict

from doublesix.core.notation import RecordJSON

#: a profile's public id: random, URL-safe, never a Telegram id
ProfileId = NewType("ProfileId", str)

Statement = tuple[str, tuple[Any, ...]]


class Sql(Protocol):
    """What the store needs of a backend: reads, and writes in one transaction each."""

    async def query(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """The rows of one SELECT."""

    async def write(self, statements: Sequence[Statement]) -> list[int]:
        """Run *statements* in one transaction: each one's count of rows changed."""


def new_profile_id() -> ProfileId:
    return ProfileId(secrets.token_urlsafe(9))


def game_key(game_id: str, game_no: int) -> str:
    """The public id of a room's finished game: the same for every process that records it
    (so a second recording changes nothing), and no way back to the room's id (which, with a
    public table, would let anyone watch it)."""
    raw = hashlib.sha256(f"doublesix finished game {game_id} {game_no}".encode()).digest()
    return base64.urlsafe_b64encode(raw[:12]).decode()


@dataclass(frozen=True)
class Profile:
    profile_id: ProfileId
    name: str
    created_at: float
    #: attached to a Telegram user (made inside Telegram, or a guest who attached later)
    telegram: bool


@dataclass(frozen=True)
class FinishedSeat:
    """One seat of a finished game, as it is shown in history."""

    seat: int
    #: None: the computer, a person without a profile, or a profile since deleted
    profile_id: ProfileId | None
    name: str | None
    computer: bool
    #: the computer's level (None for people)
    level: str | None
    #: the seat's side won the game (None: a draw)
    won: bool | None


class GameResult(TypedDict):
    """How a kept game ended (``finished_games.result``), as rooms/history.py writes it."""

    #: the seats whose person had left and not come back by the end; absent: none
    left: NotRequired[list[int]]
    #: the winning side (a seat, or a pair in «Козёл»); null: a draw
    winner: int | None
    reason: str
    teams: bool
    #: a rated hall table's game; absent from games kept before ratings (not rated)
    rated: NotRequired[bool]
    scores: list[int]
    #: a match's points to win; null for a single deal
    target: int | None
    deals: int
    dry: bool


@dataclass(frozen=True)
class FinishedGame:
    """A game that is over, as history keeps it. ``record`` holds the deal seed: storage and
    the server only (a replay is rebuilt from it for one seat's eyes: profiles/replay.py)."""

    game_key: str
    game_id: str
    game_no: int
    #: computer | hotseat | online | hall
    kind: str
    preset: str
    players: int
    #: a public hall table: anyone may open it (it is over)
    public: bool
    finished_at: float
    record: RecordJSON
    result: GameResult
    seats: list[FinishedSeat] = field(default_factory=list)

    def seat_of(self, profile_id: ProfileId) -> list[int]:
        return [s.seat for s in self.seats if s.profile_id == profile_id]


_PROFILE = "profile_id, name, created_at, telegram_hash IS NOT NULL"
_GAME = ("game_key, game_id, game_no, kind, preset, players, public, finished_at, record,"
         " result")


def _profile(row: tuple[Any, ...]) -> Profile:
    return Profile(ProfileId(row[0]), row[1], float(row[2]), bool(row[3]))


def numbered(sql: str) -> str:
    """*sql* with PostgreSQL's placeholders: each ``?`` becomes ``$1``, ``$2``, … (the store's
    SQL has no ``?`` inside its text literals)."""
    parts = sql.split("?")
    return parts[0] + "".join(f"${n}{part}" for n, part in enumerate(parts[1:], start=1))


class ProfileStore:
    """``storage.profiles`` of every backend. Each method is one read or one transaction."""

    def __init__(self, sql: Sql) -> None:
        self.sql = sql

    # -- profiles ----------------------------------------------------------------------------
    async def create(self, name: str, key_hash: str, now: float,
                     telegram_hash: str | None = None) -> Profile:
        """A new profile with its first key. Raises ``ValueError`` if the Telegram user has
        one already (two devices at once: the caller looks it up again)."""
        profile = Profile(new_profile_id(), name, now, telegram_hash is not None)
        try:
            await self.sql.write([
                ("INSERT INTO profiles (profile_id, name, created_at, telegram_hash)"
                 " VALUES (?, ?, ?, ?)", (profile.profile_id, name, now, telegram_hash)),
                ("INSERT INTO profile_keys (key_hash, profile_id, created_at) VALUES (?, ?, ?)",
                 (key_hash, profile.profile_id, now)),
            ])
        except Exception as exc:  # a unique index: the backends' own exception types
            if "unique" in str(exc).lower() or "duplicate" in str(exc).lower():
                raise ValueError("that Telegram user has a profile") from None
            raise
        return profile

    async def get(self, profile_id: str) -> Profile | None:
        rows = await self.sql.query(f"SELECT {_PROFILE} FROM profiles WHERE profile_id = ?",
                                    (profile_id,))
        return _profile(rows[0]) if rows else None

    async def by_key(self, key_hash: str) -> Profile | None:
        """The profile a browser's key (its digest) opens."""
        rows = await self.sql.query(
            "SELECT p.profile_id, p.name, p.created_at, p.telegram_hash IS NOT NULL"
            " FROM profile_keys k JOIN profiles p ON p.profile_id = k.profile_id"
            " WHERE k.key_hash = ?", (key_hash,))
        return _profile(rows[0]) if rows else None

    async def by_telegram(self, telegram_hash: str) -> Profile | None:
        rows = await self.sql.query(f"SELECT {_PROFILE} FROM profiles WHERE telegram_hash = ?",
                                    (telegram_hash,))
        return _profile(rows[0]) if rows else None

    async def add_key(self, profile_id: ProfileId, key_hash: str, now: float) -> None:
        await self.sql.write([("INSERT INTO profile_keys (key_hash, profile_id, created_at)"
                               " VALUES (?, ?, ?)", (key_hash, profile_id, now))])

    async def rename(self, profile_id: ProfileId, name: str) -> None:
        """The profile's new name; its seats of finished games keep the name they played
        under (as a scoresheet does)."""
        await self.sql.write([("UPDATE profiles SET name = ? WHERE profile_id = ?",
                               (name, profile_id))])

    async def attach_telegram(self, profile_id: ProfileId, telegram_hash: str) -> None:
        """Attach a guest profile to a Telegram user that has none yet."""
        await self.sql.write([("UPDATE profiles SET telegram_hash = ? WHERE profile_id = ?"
                               " AND telegram_hash IS NULL", (telegram_hash, profile_id))])

    async def merge(self, guest: ProfileId, into: ProfileId) -> None:
        """Fold the guest profile into *into* (a guest attaching to a Telegram user that has a
        profile already): the guest's games and keys move over, *into* keeps its name and the
        earlier of the two "member since", and the rated games the guest left count for it;
        what else hangs on the guest (its ratings) goes with the guest's row. Seats where the
        two met keep their own ids apart only in the rows of that game: they now name one
        profile twice, which ratings treat as a self-game."""
        await self.sql.write([
            ("UPDATE game_players SET profile_id = ? WHERE profile_id = ?", (into, guest)),
            ("UPDATE profile_keys SET profile_id = ? WHERE profile_id = ?", (into, guest)),
            # the rated games the guest left stay counted (issue 26): a merge is no way out
            ("UPDATE rated_leaves SET profile_id = ? WHERE profile_id = ? AND game_key NOT IN"
             " (SELECT game_key FROM rated_leaves WHERE profile_id = ?)", (into, guest, into)),
            ("UPDATE profiles SET created_at = (SELECT min(created_at) FROM profiles"
             " WHERE profile_id IN (?, ?)) WHERE profile_id = ?", (guest, into, into)),
            ("DELETE FROM profiles WHERE profile_id = ?", (guest,)),
        ])

    async def delete(self, profile_id: ProfileId) -> bool:
        """Delete the profile and its personal data; its finished games stay, their seat
        nameless («удалённый игрок»). False when there was no such profile."""
        counts = await self.sql.write([
            ("UPDATE game_players SET profile_id = NULL, name = NULL WHERE profile_id = ?",
             (profile_id,)),
            ("DELETE FROM profile_keys WHERE profile_id = ?", (profile_id,)),
            ("DELETE FROM profiles WHERE profile_id = ?", (profile_id,)),
        ])
        return counts[-1] == 1

    # -- finished games ------------------------------------------------------------------------
    async def record_game(self, game: FinishedGame) -> bool:
        """Keep *game*; False (and nothing written) when that game of that room is kept
        already."""
        counts = await self.sql.write([
            (f"INSERT INTO finished_games ({_GAME}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
             " ON CONFLICT (game_id, game_no) DO NOTHING",
             (game.game_key, game.game_id, game.game_no, game.kind, game.preset, game.players,
              int(game.public), game.finished_at, json.dumps(game.record),
              json.dumps(game.result))),
            # the key is derived from (game_id, game_no): a game kept already has these rows
            *(("INSERT INTO game_players (game_key, seat, profile_id, name, computer, level, won)"
               " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_key, seat) DO NOTHING",
               (game.game_key, s.seat, s.profile_id, s.name, int(s.computer), s.level,
                None if s.won is None else int(s.won)))
              for s in game.seats),
        ])
        return counts[0] == 1

    async def game(self, game_key: str) -> FinishedGame | None:
        rows = await self.sql.query(f"SELECT {_GAME} FROM finished_games WHERE game_key = ?",
                                    (game_key,))
        if not rows:
            return None
        return (await self._with_seats(rows))[0]

    async def games_of(self, profile_id: str, *, limit: int = 50,
                       public_only: bool = False) -> list[FinishedGame]:
        """The profile's finished games, newest first (*public_only*: its public hall games,
        what a stranger may see)."""
        rows = await self.sql.query(
            f"SELECT {', '.join('g.' + c for c in _GAME.split(', '))} FROM finished_games g"
            " WHERE g.game_key IN (SELECT game_key FROM game_players WHERE profile_id = ?)"
            + (" AND g.public = 1" if public_only else "")
            + " ORDER BY g.finished_at DESC LIMIT ?", (profile_id, limit))
        return await self._with_seats(rows)

    async def _with_seats(self, rows: list[tuple[Any, ...]]) -> list[FinishedGame]:
        if not rows:
            return []
        keys = [r[0] for r in rows]
        marks = ", ".join("?" * len(keys))
        seats: dict[str, list[FinishedSeat]] = {k: [] for k in keys}
        for r in await self.sql.query(
                "SELECT game_key, seat, profile_id, name, computer, level, won FROM game_players"
                f" WHERE game_key IN ({marks}) ORDER BY game_key, seat", tuple(keys)):
            seats[r[0]].append(FinishedSeat(r[1], r[2], r[3], bool(r[4]), r[5],
                                            None if r[6] is None else bool(r[6])))
        return [FinishedGame(r[0], r[1], int(r[2]), r[3], r[4], int(r[5]), bool(r[6]),
                             float(r[7]), json.loads(r[8]), json.loads(r[9]), seats[r[0]])
                for r in rows]
