"""The table chat («болтун») and quick reactions: message checks and a per-seat rate limit.

Messages are plain text: control characters become spaces and nothing is ever rendered as
markup by the client (textContent). They are stored as room events and in ``hall["chat"]``,
so they expire with the room.
"""

from __future__ import annotations

from collections.abc import Callable

from doublesix.server.rooms.ratelimit import TokenBucket
from doublesix.server.wire.errors import ErrorCode, ServiceError

MAX_TEXT = 200
KEEP = 30  # messages a (re)joining seat or spectator is shown
RATE = 0.5  # messages per second on average …
BURST = 5  # … after a burst of this many
#: the quick reactions (issue 24), by key: the client words and draws them; a fixed set, so a
#: reaction can carry nothing a stranger wrote. Each one costs a chat message's token.
REACTIONS = ("fish", "nice", "thanks", "luck", "oops", "thumbs_up", "smile_sweat", "wow")


def clean_text(value: str) -> str:
    text = " ".join("".join(ch if ch.isprintable() else " " for ch in value).split())
    if not text:
        raise ServiceError(ErrorCode.BAD_CHAT, "the message is empty")
    if len(text) > MAX_TEXT:
        raise ServiceError(ErrorCode.BAD_CHAT, f"the message is longer than {MAX_TEXT} characters")
    return text


def check_reaction(value: str) -> str:
    if value not in REACTIONS:
        shown = value if len(value) <= 32 else value[:32] + "…"
        raise ServiceError(ErrorCode.BAD_REACTION,
                           f"unknown reaction {shown!r}: expected one of {', '.join(REACTIONS)}")
    return value


class ChatLimits:
    """One token bucket per (room, seat); forgotten with the room."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self._buckets: dict[tuple[str, int], TokenBucket] = {}

    def take(self, game_id: str, seat: int) -> None:
        bucket = self._buckets.get((game_id, seat))
        if bucket is None:
            bucket = self._buckets[(game_id, seat)] = TokenBucket(RATE, BURST, self.clock)
        if not bucket.take():
            raise ServiceError(ErrorCode.CHAT_FLOOD, "too many messages: wait a few seconds")

    def forget(self, game_id: str) -> None:
        for key in [k for k in self._buckets if k[0] == game_id]:
            del self._buckets[key]
