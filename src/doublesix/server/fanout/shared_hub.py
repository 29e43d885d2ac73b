"""A Hub that also knows which seats are connected to the other processes, and how many watch.

Each process announces its own seats (and watcher count) of a room when they change, and all of
them every beat; a process not heard from for ``ttl`` seconds (killed, partitioned) counts as
having none.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from doublesix.server.rooms.hub import Hub, Peer

RemoteRooms = dict[str, set[int]]
RemoteWatchers = dict[str, int]


class SharedHub(Hub):
    def __init__(
        self,
        on_change: Callable[[str, int | None], None],
        event_no_of: Callable[[str], int],
        ttl: float = 6.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__()
        self._on_change = on_change
        self._event_no_of = event_no_of
        self.ttl = ttl
        self._clock = clock
        #: process id -> (when last heard, its seats per room, its watchers per room)
        self._remote: dict[str, tuple[float, RemoteRooms, RemoteWatchers]] = {}
        #: the last event_no each local socket was sent (by id(peer))
        self.delivered: dict[int, int] = {}

    # -- local sockets ---------------------------------------------------------------------
    def attach(self, game_id: str, peer: Peer) -> Peer | None:
        old = super().attach(game_id, peer)
        # the welcome about to be sent holds everything up to the room's current event
        self.delivered[id(peer)] = self._event_no_of(game_id)
        self._on_change(game_id, peer.seats[0])  # a socket of that seat elsewhere is replaced
        return old

    def detach(self, game_id: str, peer: Peer) -> bool:
        attached = super().detach(game_id, peer)
        self.delivered.pop(id(peer), None)
        if attached:
            self._on_change(game_id, None)
        return attached

    def watch(self, game_id: str, peer: Peer) -> None:
        super().watch(game_id, peer)
        self.delivered[id(peer)] = self._event_no_of(game_id)  # the `watching` frame's
        self._on_change(game_id, None)

    def unwatch(self, game_id: str, peer: Peer) -> bool:
        watched = super().unwatch(game_id, peer)
        self.delivered.pop(id(peer), None)
        if watched:
            self._on_change(game_id, None)
        return watched

    def drop_room(self, game_id: str) -> list[Peer]:
        peers = super().drop_room(game_id)
        for peer in peers:
            self.delivered.pop(id(peer), None)
        return peers

    def replace_local(self, game_id: str, key: int) -> Peer | None:
        """Forget this process's socket of seat *key*: one of that seat attached elsewhere."""
        peer = self._rooms.get(game_id, {}).get(key)
        if peer is not None:
            self.detach(game_id, peer)
        return peer

    def local_seats(self, game_id: str) -> list[int]:
        return sorted({seat for peer in self.peers(game_id) for seat in peer.seats})

    def local_watchers(self, game_id: str) -> int:
        return super().watching(game_id)

    def local_rooms(self) -> dict[str, list[int]]:
        """Seats per room held here (a room only watched here has none)."""
        return {game_id: self.local_seats(game_id)
                for game_id in [*self._rooms, *(g for g in self._watchers if g not in self._rooms)]}

    def all_watchers(self) -> dict[str, int]:
        return {game_id: len(peers) for game_id, peers in self._watchers.items()}

    def listeners(self, game_id: str) -> list[Peer]:
        """Every socket here that hears the room's events: seats and watchers."""
        return [*self.peers(game_id), *self.watchers(game_id)]

    # -- other processes -------------------------------------------------------------------
    def connected(self, game_id: str) -> set[int]:
        seats = super().connected(game_id)
        now = self._clock()
        for heard, rooms, _ in self._remote.values():
            if now - heard <= self.ttl:
                seats |= rooms.get(game_id, set())
        return seats

    def watching(self, game_id: str) -> int:
        now = self._clock()
        return super().watching(game_id) + sum(
            watchers.get(game_id, 0) for heard, _, watchers in self._remote.values()
            if now - heard <= self.ttl)

    def alive(self, process: str) -> bool:
        """Whether *process* was heard from within ``ttl`` (another process: not this one)."""
        heard = self._remote.get(process)
        return heard is not None and self._clock() - heard[0] <= self.ttl

    def heard_from(self, process: str) -> None:
        """Any message of *process*: it is alive (and, once silent, is dropped like the others,
        even if it never beat: its lobby lines go with it)."""
        heard, rooms, watchers = self._remote.get(process, (0.0, {}, {}))
        self._remote[process] = (self._clock(), rooms, watchers)

    def remote_room(self, process: str, game_id: str, seats: list[int], watchers: int) -> None:
        """A process announced its seats and watchers of one room."""
        _, rooms, watching = self._remote.get(process, (0.0, {}, {}))
        if seats:
            rooms[game_id] = set(seats)
        else:
            rooms.pop(game_id, None)
        if watchers:
            watching[game_id] = watchers
        else:
            watching.pop(game_id, None)
        self._remote[process] = (self._clock(), rooms, watching)

    def remote_beat(self, process: str, rooms: dict[str, list[int]],
                    watchers: dict[str, int]) -> set[str]:
        """A process announced all its seats and watchers; the rooms whose presence changed."""
        _, before, watched = self._remote.get(process, (0.0, {}, {}))
        after = {game_id: set(seats) for game_id, seats in rooms.items() if seats}
        watching = {game_id: n for game_id, n in watchers.items() if n}
        self._remote[process] = (self._clock(), after, watching)
        changed = {g for g in before.keys() | after.keys() if before.get(g) != after.get(g)}
        return changed | {g for g in watched.keys() | watching.keys()
                          if watched.get(g) != watching.get(g)}

    def forget_silent(self) -> tuple[set[str], list[str]]:
        """Drop processes not heard from for ``ttl``: (the rooms whose presence changed, the
        processes dropped)."""
        now = self._clock()
        silent = [p for p, (heard, _, _) in self._remote.items() if now - heard > self.ttl]
        changed: set[str] = set()
        for process in silent:
            _, rooms, watchers = self._remote.pop(process)
            changed |= set(rooms) | set(watchers)
        return changed, silent
