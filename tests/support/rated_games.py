"""Rated hall games already played, for tests that need ratings to be there (a leaderboard, a
profile's rating graph) without playing hundreds of games through a browser.

Each game is a real game: random players play it out in the core, its record replays on a
past game's page, it is kept in history as a hall table's game is (``record_game``) and rated
by the real rating code (``Ratings.settle``: server/ratings/service.py), all straight into a
storage before a server opens it. Who sits where is chosen after the game is played, so a test
can say who wins (``loser`` always takes a losing seat), while the tiles stay the core's.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from doublesix.bots.arena import make_any
from doublesix.core.match import Match
from doublesix.core.notation import record_of
from doublesix.core.rules import find_preset
from doublesix.core.view import PlayerView
from doublesix.server.profiles.service import key_hash
from doublesix.server.ratings.service import Ratings
from doublesix.server.storage import Storage
from doublesix.server.storage.profiles import FinishedGame, FinishedSeat, ProfileId, game_key


@dataclass(frozen=True)
class Played:
    """One game played out: its record and how it ended (the winner: a seat, None a draw)."""

    preset: str
    players: int
    record: dict[str, object]
    winner: int | None
    reason: str
    scores: list[int]
    deals: int


def play(preset: str, players: int, seed: int) -> Played:
    """A game of *preset* for *players* random players, dealt by *seed*, played to its end."""
    rules = find_preset(preset, players=players)
    if rules.teams:
        raise ValueError("a pairs game's winner is a pair: not seeded here")
    match = Match(rules, seed=seed)
    bots = [make_any("random", seed * 8 + s) for s in range(players)]
    while not match.is_over:
        if match.deal_over:
            match.next_deal()
            continue
        seat = match.to_move
        assert seat is not None
        match.apply(bots[seat].choose(PlayerView.of(match, seat)), seat)  # type: ignore[union-attr]
    last = match.finished_deals[-1]
    return Played(preset, players, dict(record_of(match, seed)), match.winner,
                  last.reason.value, list(match.scores), match.deal_number)


class Seeder:
    """Profiles and rated games written into *storage*, at the times its clock says."""

    def __init__(self, storage: Storage, now: float, seed: int = 25) -> None:
        self.storage = storage
        self.now = now
        self.rng = random.Random(seed)
        self.ratings = Ratings(storage.ratings, storage.profiles, clock=lambda: self.now)
        self.names: dict[ProfileId, str] = {}
        self._games = 0

    async def profile(self, name: str, key: str) -> ProfileId:
        """A guest profile that *key* opens (a browser keeps it as its profile key)."""
        made = await self.storage.profiles.create(name, key_hash(key), self.now - 30 * 86400)
        self.names[made.profile_id] = name
        return made.profile_id

    async def game(self, preset: str, profiles: list[ProfileId],
                   loser: ProfileId | None = None) -> FinishedGame:
        """One rated game of *profiles* (seated at random; *loser*, if given, in a seat that
        lost), kept and rated now."""
        while True:
            played = play(preset, len(profiles), self.rng.randrange(2**31))
            if loser is None or played.winner is not None:
                break
        seats = list(profiles)
        self.rng.shuffle(seats)
        if loser is not None and seats.index(loser) == played.winner:
            other = (played.winner + 1) % len(seats)
            seats[played.winner], seats[other] = seats[other], seats[played.winner]
        self._games += 1
        room = f"seeded{self._games:05d}"
        game = FinishedGame(
            game_key=game_key(room, 1), game_id=room, game_no=1, kind="hall", preset=preset,
            players=len(seats), public=True, finished_at=self.now, record=played.record,
            result={"winner": played.winner, "reason": played.reason, "teams": False,
                    "rated": True, "scores": played.scores, "target": None,
                    "deals": played.deals, "dry": False},
            seats=[FinishedSeat(seat=n, profile_id=p, name=self.names[p], computer=False,
                                level=None, won=None if played.winner is None
                                else n == played.winner)
                   for n, p in enumerate(seats)])
        assert await self.storage.profiles.record_game(game)
        assert await self.ratings.settle(game) == "rated"
        self.now += 60
        return game
