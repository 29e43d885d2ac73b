"""Who is connected: at most one socket per seat (per token in hot-seat) in each room, and the
sockets that watch a room without a seat (spectators of a public hall table)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

from doublesix.server.wire.protocol import OutFrame


class Peer(Protocol):
    """A connected client as the service sees it: queue frames, or ask for a close."""

    game_id: str | None
    seats: tuple[int, ...]

    def send(self, frame: OutFrame) -> None: ...

    def close(self, code: int, reason: str) -> None: ...


class Hub:
    def __init__(self) -> None:
        self._rooms: dict[str, dict[int, Peer]] = {}
        self._watchers: dict[str, set[Peer]] = {}

    def attach(self, game_id: str, peer: Peer) -> Peer | None:
        """Register *peer*; returns the socket it replaces (same seat), if any."""
        room = self._rooms.setdefault(game_id, {})
        key = peer.seats[0]
        old = room.get(key)
        room[key] = peer
        return old if old is not peer else None

    def detach(self, game_id: str, peer: Peer) -> bool:
        """Forget *peer* unless it was already replaced; True when it was attached."""
        room = self._rooms.get(game_id, {})
        key = peer.seats[0]
        if room.get(key) is not peer:
            return False
        del room[key]
        if not room:
            self._rooms.pop(game_id, None)
        return True

    def peers(self, game_id: str) -> Iterator[Peer]:
        yield from list(self._rooms.get(game_id, {}).values())

    def connected(self, game_id: str) -> set[int]:
        return {seat for peer in self.peers(game_id) for seat in peer.seats}

    def drop_room(self, game_id: str) -> list[Peer]:
        """Forget the room's seat sockets and watchers; returns them all (to be closed)."""
        return [*self._rooms.pop(game_id, {}).values(), *self._watchers.pop(game_id, set())]

    # -- watchers --------------------------------------------------------------------------
    def watch(self, game_id: str, peer: Peer) -> None:
        self._watchers.setdefault(game_id, set()).add(peer)

    def unwatch(self, game_id: str, peer: Peer) -> bool:
        """Forget a watcher; True when it was watching."""
        watchers = self._watchers.get(game_id)
        if watchers is None or peer not in watchers:
            return False
        watchers.discard(peer)
        if not watchers:
            del self._watchers[game_id]
        return True

    def watchers(self, game_id: str) -> list[Peer]:
        return list(self._watchers.get(game_id, ()))

    def watching(self, game_id: str) -> int:
        """How many watch the room (on every process, for a shared hub)."""
        return len(self._watchers.get(game_id, ()))

    def in_use(self, game_id: str) -> bool:
        """A seat socket or a watcher of this process holds the room."""
        return bool(self._rooms.get(game_id) or self._watchers.get(game_id))

    def count(self) -> int:
        return sum(len(r) for r in self._rooms.values())
