"""Profiles: who a request is, the profile page, a finished game and its replay (issue 25).

**Identity.** A request says which profile it is with ``Authorization: Bearer <key>``: the key
is a random secret (256 bits) the server made when the profile was made (``POST /api/profiles``
for a guest, ``POST /api/profiles/telegram`` inside Telegram) and the browser keeps in
localStorage; the server stores its SHA-256 only. A header, not a cookie: no other site's page
can make a browser send it, so nothing here needs a cross-site check beyond the JSON rule.
A seat is bound to the profile that took it (``SeatRow.profile``, set when the room is
created, joined by invite or sat at in the hall); :func:`of_seat` reads it.

**Telegram.** Inside Telegram the profile is the verified Telegram user: the server keeps the
SHA-256 of the user's id (``telegram_hash``), never the id. The merge rules when a guest
signs in with Telegram (the guest's key comes along in the header):

- the Telegram user has no profile yet: the guest's profile is attached to it (it keeps its
  name, games and «member since»);
- it has one: the guest profile is folded into it (its games and keys move over; the Telegram
  profile keeps its name and ratings, «member since» is the earlier of the two; the guest's
  own ratings are dropped with its row), and from then on both browsers open one profile;
- without a guest key, the Telegram profile is opened, or made with Telegram's display name.

Every sign-in gives the browser a new key of that profile.

**Deleting** removes the profile's row, keys, Telegram digest and its name on finished games
(storage/profiles.py); its games stay, the seat shown as «удалённый игрок». Rooms still
running keep the name typed at their seats until they expire (seven days at most).
"""

from __future__ import annotations

import collections
import time
from collections.abc import Callable
from typing import TypedDict

from doublesix.server.hall.names import clean_name
from doublesix.server.profiles.replay import DealJSON, replay
from doublesix.server.rooms import tokens
from doublesix.server.rooms.room import Room
from doublesix.server.storage import GameRow, SeatRow, Storage
from doublesix.server.storage.profiles import FinishedGame, Profile, ProfileId
from doublesix.server.wire.errors import ErrorCode, ServiceError

#: one digest space for profile keys, apart from seat tokens
_KEY_SALT = "doublesix profile key "
_TELEGRAM_SALT = "doublesix telegram user "
#: games listed on a profile page, and opponents named
PAGE_GAMES = 50
RECENT_OPPONENTS = 8
#: finished games kept loaded for their «Разбор» (the review caches its results on the room)
_KEEP_LOADED = 32


class ProfileJSON(TypedDict):
    id: ProfileId
    name: str
    member_since: float
    telegram: bool


class SeatJSON(TypedDict):
    """A seat of a finished game."""

    seat: int
    name: str | None
    profile: ProfileId | None
    computer: bool
    level: str | None
    #: its side won (null: a draw)
    won: bool | None
    #: a person's seat of a profile deleted since: shown as «удалённый игрок»
    deleted: bool


class GameJSON(TypedDict):
    """A finished game as the history list and its page show it (never its record)."""

    key: str
    kind: str
    preset: str
    players: int
    public: bool
    finished_at: float
    winner: int | None
    reason: str | None
    scores: list[int] | None
    teams: bool
    deals: int
    seats: list[SeatJSON]
    #: the viewer's seats of it (none for a stranger)
    my_seats: list[int]
    #: the viewer's side won (null: a draw, or not the viewer's game)
    won: bool | None


class StatsJSON(TypedDict):
    """Games played and won of one game type, over the games listed."""

    played: int
    won: int


class OpponentJSON(TypedDict):
    profile: ProfileId
    name: str | None
    #: when they last played together
    last: float


class PageJSON(TypedDict):
    """``GET /api/profiles/{id}`` and ``/me``: the profile page."""

    profile: ProfileJSON
    own: bool
    stats: dict[str, StatsJSON]
    #: rated games left (issue 26)
    left_rated: int
    opponents: list[OpponentJSON]
    games: list[GameJSON]


class ReplayJSON(TypedDict):
    """``GET /api/history/{key}``: a finished game's summary and its replay through one
    seat's eyes."""

    game: GameJSON
    #: whose eyes (null: a spectator's)
    seat: int | None
    deals: list[DealJSON]


def key_hash(key: str) -> str:
    return tokens.digest(_KEY_SALT + key)


def telegram_hash(user_id: object) -> str:
    return tokens.digest(_TELEGRAM_SALT + str(user_id))


def of_seat(room: Room, seat: int) -> ProfileId | None:
    """The profile that holds *seat* of *room*, if any (never for a computer seat)."""
    row = room.row.seats[seat]
    return None if row.computer or not row.profile else ProfileId(row.profile)


def profile_json(profile: Profile) -> ProfileJSON:
    return {"id": profile.profile_id, "name": profile.name,
            "member_since": profile.created_at, "telegram": profile.telegram}


def _seat_json(game: FinishedGame, seat: int) -> SeatJSON:
    s = game.seats[seat]
    return {"seat": s.seat, "name": s.name, "profile": s.profile_id, "computer": s.computer,
            "level": s.level, "won": s.won,
            "deleted": not s.computer and s.profile_id is None and s.name is None}


def game_json(game: FinishedGame, me: ProfileId | None = None) -> GameJSON:
    mine = game.seat_of(me) if me is not None else []
    result = game.result
    return {"key": game.game_key, "kind": game.kind, "preset": game.preset,
            "players": game.players, "public": game.public, "finished_at": game.finished_at,
            "winner": result.get("winner"), "reason": result.get("reason"),
            "scores": result.get("scores"), "teams": bool(result.get("teams")),
            "deals": result.get("deals", 1),
            "seats": [_seat_json(game, s.seat) for s in game.seats],
            "my_seats": mine,
            "won": None if not mine else game.seats[mine[0]].won}


class Profiles:
    def __init__(self, storage: Storage, clock: Callable[[], float] = time.time) -> None:
        self.storage = storage
        self.store = storage.profiles
        self.clock = clock
        self._loaded: collections.OrderedDict[str, Room] = collections.OrderedDict()

    # -- who is asking ----------------------------------------------------------------------
    async def from_key(self, key: str | None) -> Profile | None:
        """The profile *key* opens; None without a key; ``bad_profile_key`` for a key that
        opens none (deleted, or never made here): the client forgets it."""
        if key is None:
            return None
        found = await self.store.by_key(key_hash(key))
        if found is None:
            raise ServiceError(ErrorCode.BAD_PROFILE_KEY, "this profile key opens no profile"
                               " (deleted?): forget it and make a new profile", status=401)
        return found

    @staticmethod
    def required(profile: Profile | None) -> Profile:
        if profile is None:
            raise ServiceError(ErrorCode.PROFILE_REQUIRED, "send your profile key:"
                               " Authorization: Bearer <key>", status=401)
        return profile

    # -- making and changing --------------------------------------------------------------
    async def new_guest(self, name: object) -> tuple[Profile, str]:
        """A guest profile and the key its browser keeps."""
        clean = clean_name(name)
        key = tokens.new_token()
        return await self.store.create(clean, key_hash(key), self.clock()), key

    async def rename(self, profile: Profile, name: object) -> Profile:
        clean = clean_name(name)
        await self.store.rename(profile.profile_id, clean)
        return Profile(profile.profile_id, clean, profile.created_at, profile.telegram)

    async def delete(self, profile: Profile) -> None:
        await self.store.delete(profile.profile_id)

    async def telegram(self, user_id: object, display_name: str | None,
                       guest: Profile | None) -> tuple[Profile, str, str]:
        """Sign in as a verified Telegram user (the merge rules are in the module's
        docstring): the profile, a new key of it, and what happened (``created``,
        ``attached``, ``merged`` or ``signed_in``)."""
        digest = telegram_hash(user_id)
        key = tokens.new_token()
        now = self.clock()
        found = await self.store.by_telegram(digest)
        if found is None and guest is not None and not guest.telegram:
            await self.store.attach_telegram(guest.profile_id, digest)
            await self.store.add_key(guest.profile_id, key_hash(key), now)
            return Profile(guest.profile_id, guest.name, guest.created_at, True), key, "attached"
        if found is None:
            try:
                made = await self.store.create(clean_name(display_name or "Telegram"),
                                               key_hash(key), now, telegram_hash=digest)
                return made, key, "created"
            except ValueError:  # the same user signing in on another device just now
                found = await self.store.by_telegram(digest)
                assert found is not None
        how = "signed_in"
        if guest is not None and guest.profile_id != found.profile_id:
            await self.store.merge(guest.profile_id, found.profile_id)
            how = "merged"
        await self.store.add_key(found.profile_id, key_hash(key), now)
        again = await self.store.get(found.profile_id)
        assert again is not None
        return again, key, how

    # -- the profile page -------------------------------------------------------------------
    async def page(self, profile_id: str, viewer: Profile | None) -> PageJSON:
        """The profile page: name, member since, games played / won by game type, recent
        opponents, and the past games (a stranger sees only its public hall games; every
        count is over the games listed). Its ratings are not here but at
        ``GET /api/profiles/{id}/ratings``, their one source (docs/protocol.md)."""
        profile = await self.store.get(profile_id)
        if profile is None:
            raise ServiceError(ErrorCode.NOT_FOUND, "no such profile (deleted?)", status=404)
        own = viewer is not None and viewer.profile_id == profile.profile_id
        games = await self.store.games_of(profile.profile_id, limit=PAGE_GAMES,
                                          public_only=not own)
        stats: dict[str, StatsJSON] = {}
        opponents: dict[str, OpponentJSON] = {}
        for game in games:
            mine = game.seat_of(profile.profile_id)
            line = stats.setdefault(game.preset, {"played": 0, "won": 0})
            line["played"] += 1
            line["won"] += bool(mine and game.seats[mine[0]].won)
            if game.kind == "hotseat":
                continue  # one device plays every seat: nobody to meet again
            for s in game.seats:
                if s.seat in mine or s.computer or s.profile_id is None:
                    continue
                if s.profile_id not in opponents and len(opponents) < RECENT_OPPONENTS:
                    opponents[s.profile_id] = {"profile": s.profile_id, "name": s.name,
                                               "last": game.finished_at}
        # rated games left (issue 26): public, as lichess shows a habit of leaving
        left_rated = await self.storage.ratings.left_count(profile.profile_id)
        return {"profile": profile_json(profile), "own": own, "stats": stats,
                "left_rated": left_rated, "opponents": list(opponents.values()),
                "games": [game_json(g, profile.profile_id) for g in games]}

    # -- a finished game ---------------------------------------------------------------------
    async def finished(self, game_key: str, viewer: Profile | None) -> tuple[FinishedGame,
                                                                                list[int]]:
        """The game and the viewer's seats of it, if they may open it: a seat of the game
        (its profile), or anyone for a public hall game."""
        game = await self.store.game(game_key)
        if game is None:
            raise ServiceError(ErrorCode.NOT_FOUND, "no such finished game", status=404)
        mine = game.seat_of(viewer.profile_id) if viewer is not None else []
        if not mine and not game.public:
            raise ServiceError(ErrorCode.NOT_YOUR_SEAT, "only a player of this game may open"
                               " it (a public hall game is open to anyone)", status=403)
        return game, mine

    async def replay(self, game_key: str, viewer: Profile | None,
                     seat: int | None) -> ReplayJSON:
        """The game's page: its summary and its replay as the viewer's seat (or *seat*, one
        of theirs) saw it; a stranger at a public game sees it as a spectator."""
        game, mine = await self.finished(game_key, viewer)
        if seat is not None and seat not in mine:
            raise ServiceError(ErrorCode.NOT_YOUR_SEAT, f"seat {seat} is not yours", status=403)
        eyes = seat if seat is not None else (mine[0] if mine else None)
        me = viewer.profile_id if viewer is not None else None
        return {"game": game_json(game, me), "seat": eyes,
                "deals": replay(game.record, eyes)}

    def room_of(self, game: FinishedGame) -> Room:
        """A finished game as a room, for «Разбор» (review/service.py); kept loaded for a
        while so that its reviews are worked out once."""
        room = self._loaded.get(game.game_key)
        if room is None:
            seats = [SeatRow(s.seat, None, s.name, s.computer) for s in game.seats]
            mode = "online" if game.kind == "hall" else game.kind
            level = next((s.level for s in game.seats if s.level), None)
            row = GameRow(game_id=game.game_key, mode=mode, level=level,
                          record=game.record, game_no=game.game_no,
                          state_no=0, event_no=0, seats=seats, invite_hash=None,
                          created_at=game.finished_at, updated_at=game.finished_at)
            room = Room.from_row(row)
            self._loaded[game.game_key] = room
            while len(self._loaded) > _KEEP_LOADED:
                self._loaded.popitem(last=False)
        self._loaded.move_to_end(game.game_key)
        return room
