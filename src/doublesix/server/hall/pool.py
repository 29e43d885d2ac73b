"""«Играть сейчас»: who waits for an opponent, and which two of them fit (issue 25, point 5).

A seeker waits for one game type and clock with the rating they have in it. Two seekers fit
when they want the same kind of game, are not one person (nor one browser: hall/holders.py),
and each one's rating is within the other's window. The window starts narrow and widens the
longer a seeker waits (:data:`WIDENING`), the way lichess's pool widens its rating range: a
close game at once when one is there, some game soon when none is.

Everything here is pure: the pool's contents are the stores' (:class:`MemoryPool` with one
process, hall/pool_redis.py with several), and the time is passed in.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from doublesix.server.ratings.model import RATED_PRESETS
from doublesix.server.rooms import clocks

#: (after this many seconds of waiting, the window is ± this many rating points; None: any
#: rating). The first step pairs people about as close as a provisional rating is known; the
#: last, after a minute, lets a lone pair of very different players still have a game.
WIDENING: tuple[tuple[float, int | None], ...] = (
    (0.0, 50), (10.0, 100), (20.0, 200), (35.0, 400), (60.0, None))
#: the game types «Играть сейчас» offers: the rated two-player ones («Козёл» needs four)
PRESETS = tuple(p for p in RATED_PRESETS if p != "kozel")
#: how often (s) the pool is looked over for pairs whose windows widened into each other
TICK = 1.0


def window(waited: float) -> int | None:
    """The ± rating window of a seeker who has waited *waited* seconds (None: anyone)."""
    width: int | None = WIDENING[0][1]
    for after, points in WIDENING:
        if waited >= after:
            width = points
    return width


def kind_of(preset: str, minutes: int, increment: int) -> str:
    """The key two seekers must share: the game type and the clock."""
    return f"{preset}/{minutes}+{increment}"


def check_kind(preset: object, clock: object) -> tuple[str, int, int]:
    """(preset, minutes, increment) of a seek, or ValueError saying what is offered."""
    if preset not in PRESETS:
        raise ValueError(f"'preset' must be one of {', '.join(PRESETS)}")
    minutes = clock.get("minutes") if isinstance(clock, dict) else None
    increment = clock.get("increment", 0) if isinstance(clock, dict) else None
    if isinstance(minutes, bool) or minutes not in clocks.MINUTES:
        raise ValueError("'clock.minutes' must be one of " + ", ".join(map(str, clocks.MINUTES)))
    if (isinstance(increment, bool) or not isinstance(increment, int)
            or not 0 <= increment <= clocks.MAX_INCREMENT):
        raise ValueError(f"'clock.increment' must be 0 to {clocks.MAX_INCREMENT} seconds")
    assert isinstance(preset, str) and isinstance(minutes, int)
    return preset, minutes, increment


@dataclass(frozen=True, slots=True)
class Seeker:
    """One person waiting, as every process sees them."""

    profile_id: str
    name: str
    rating: int
    preset: str
    minutes: int
    increment: int
    #: when they started waiting (the server's wall clock: shared by every process)
    since: float
    #: the socket that waits: ``process/number`` (a frame for it goes to that process)
    socket: str
    #: their identities (hall/holders.py), as the seat they get will keep them
    holders: tuple[str, ...] = ()

    @property
    def kind(self) -> str:
        return kind_of(self.preset, self.minutes, self.increment)

    @property
    def process(self) -> str:
        return self.socket.partition("/")[0]

    def to_text(self) -> str:
        return json.dumps(asdict(self), separators=(",", ":"), sort_keys=True)

    @classmethod
    def from_text(cls, text: str | bytes) -> Seeker:
        data: dict[str, Any] = json.loads(text)
        data["holders"] = tuple(data.get("holders", ()))
        return cls(**data)


def one_person(a: Seeker, b: Seeker, per_address: int) -> bool:
    """*a* and *b* are (or may be) one person: one profile or browser, or one address where
    the operator allows one seat per address (hall/holders.py's rule for a public table)."""
    if a.profile_id == b.profile_id:
        return True
    shared = set(a.holders) & set(b.holders)
    return any(not h.startswith("a:") for h in shared) or (per_address < 2 and bool(shared))


def fits(a: Seeker, b: Seeker, now: float, per_address: int = 1) -> bool:
    """Whether *a* and *b* may be seated together now: each within the other's window."""
    if a.kind != b.kind or one_person(a, b, per_address):
        return False
    gap = abs(a.rating - b.rating)
    return all(w is None or gap <= w for w in (window(now - a.since), window(now - b.since)))


def pairs(seekers: Sequence[Seeker], now: float, per_address: int = 1
          ) -> list[tuple[Seeker, Seeker]]:
    """Who to seat together now: the longest waiting first, each with the fitting seeker
    nearest in rating (then the longest waiting); nobody twice."""
    waiting = sorted(seekers, key=lambda s: (s.since, s.profile_id))
    taken: set[str] = set()
    found: list[tuple[Seeker, Seeker]] = []
    for seeker in waiting:
        if seeker.profile_id in taken:
            continue
        options = [o for o in waiting if o.profile_id not in taken and o is not seeker
                   and fits(seeker, o, now, per_address)]
        if not options:
            continue
        best = min(options, key=lambda o: (abs(o.rating - seeker.rating), o.since))
        taken |= {seeker.profile_id, best.profile_id}
        found.append((seeker, best))
    return found


class MemoryPool:
    """The pool of one process (and the tests'): a dict by profile, so one entry a person."""

    def __init__(self) -> None:
        self._by_profile: dict[str, Seeker] = {}

    async def put(self, seeker: Seeker) -> Seeker | None:
        """Add *seeker*; the entry of the same person it replaces (another tab), if any."""
        old = self._by_profile.get(seeker.profile_id)
        self._by_profile[seeker.profile_id] = seeker
        return old

    async def remove(self, seeker: Seeker) -> bool:
        """Take *seeker* out unless it was replaced meanwhile; True when it was in."""
        if self._by_profile.get(seeker.profile_id) != seeker:
            return False
        del self._by_profile[seeker.profile_id]
        return True

    async def seekers(self) -> list[Seeker]:
        return list(self._by_profile.values())

    async def take(self, a: Seeker, b: Seeker) -> bool:
        """Take both out if both are still in as they were; False (nothing taken) if not."""
        if self._by_profile.get(a.profile_id) != a or self._by_profile.get(b.profile_id) != b:
            return False
        del self._by_profile[a.profile_id], self._by_profile[b.profile_id]
        return True

    async def start(self) -> None:
        return None

    async def stop(self) -> None:
        return None
