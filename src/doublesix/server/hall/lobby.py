"""The lobby's table list and its subscribers: a snapshot on subscribe, then only changes.

A subscriber first gets ``{"type": "lobby", "tables": [...]}`` (the whole list), then
``{"type": "lobby_delta", "added": [...], "changed": [...], "removed": [game_id, ...]}``
frames, coalesced: at most one every ``interval`` seconds, shared by every subscriber, and
only for tables that changed meanwhile (a table created and closed between two frames is
never sent). Added and changed carry whole lines, so a client may treat both as "put".
It also counts the public tables each client address has listed (``per_client`` at most).

With several processes a line may come from another one (``origin``): each line keeps the
event number of the room it was computed from, and an older one never replaces a newer (a
process may hold a stale copy of a room another process changed). Lines of a process that
went silent are dropped (:meth:`Lobby.drop_origin`).
"""

from __future__ import annotations

import asyncio
import time
from typing import TypedDict

from doublesix.server.rooms.hub import Peer
from doublesix.server.rooms.tables import TableLine
from doublesix.server.wire.errors import ErrorCode, ServiceError

Line = TableLine


class LobbyFrame(TypedDict):
    type: str
    tables: list[TableLine]


class LobbyDelta(TypedDict):
    type: str
    added: list[TableLine]
    changed: list[TableLine]
    removed: list[str]


class Lobby:
    def __init__(self, interval: float, per_client: int) -> None:
        self.interval = interval
        self.per_client = per_client
        self.peers: set[Peer] = set()
        #: the current line of every listed table, by game id
        self.tables: dict[str, Line] = {}
        #: the lines as of the last frame: what every subscriber holds
        self._sent: dict[str, Line] = {}
        self._dirty: set[str] = set()
        self._owners: dict[str, str] = {}
        #: per table: the event number its line (or its removal) was computed at, and the
        #: process that computed it (None: this one)
        self._known: dict[str, tuple[int, str | None]] = {}
        self._last = 0.0
        self._timer: asyncio.TimerHandle | None = None

    # -- the list ----------------------------------------------------------------------------
    def put(self, game_id: str, line: Line | None, event_no: int | None = None, *,
            origin: str | None = None, keep_origin: bool = False) -> bool:
        """Set (or with None, remove) a table's line, computed at the room's *event_no* by
        *origin* (None: this process); subscribers hear of it soon. False when it changed
        nothing: the same line, or one computed from an older state than the one held.
        *keep_origin*: a refresh of the held line (presence), which stays whose it was."""
        known = self._known.get(game_id)
        if keep_origin:
            if known is None:
                return False
            event_no, origin = known
        elif event_no is not None:
            if known is not None and event_no < known[0]:
                return False
            self._known[game_id] = (event_no, origin)
        if line is None:
            if self.tables.pop(game_id, None) is None:
                return False
            self._owners.pop(game_id, None)
        elif self.tables.get(game_id) == line:
            return False
        else:
            self.tables[game_id] = line
        self._dirty.add(game_id)
        self._schedule()
        return True

    def is_older(self, game_id: str, event_no: int) -> bool:
        """A line computed at *event_no* is older than the one held (or its removal)."""
        known = self._known.get(game_id)
        return known is not None and event_no < known[0]

    def forget(self, game_id: str) -> None:
        """The room is gone for good."""
        self.put(game_id, None)
        self._known.pop(game_id, None)

    def drop_origin(self, origin: str) -> list[str]:
        """A process went silent: the lines it computed leave the list; their game ids."""
        dropped = [game_id for game_id, (_, by) in self._known.items() if by == origin]
        for game_id in dropped:
            del self._known[game_id]
            self.put(game_id, None)
        return dropped

    def computed_here(self) -> list[tuple[str, int]]:
        """The tables whose line (or removal) this process computed: (game id, event number)."""
        return [(g, n) for g, (n, by) in self._known.items() if by is None]

    def snapshot(self, sent: bool = False) -> LobbyFrame:
        """The whole list: as it is now, or (*sent*) as of the last frame."""
        lines = (self._sent if sent else self.tables).values()
        return {"type": "lobby", "tables": sorted(lines, key=lambda t: t["since"] or 0.0)}

    # -- subscribers ------------------------------------------------------------------------
    def subscribe(self, peer: Peer) -> None:
        """A new subscriber gets the list every subscriber holds; the changes still pending
        reach it with the next frame, like everyone else (never a removal it cannot place)."""
        self.peers.add(peer)
        peer.send(self.snapshot(sent=True))

    def unsubscribe(self, peer: Peer) -> None:
        self.peers.discard(peer)

    def _schedule(self) -> None:
        if self._timer is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop (a unit test of the list): nothing to send to
        delay = max(0.0, self._last + self.interval - time.monotonic())
        self._timer = loop.call_later(delay, self.flush)

    def flush(self) -> None:
        """Send one frame with every change since the last one."""
        self._timer = None
        self._last = time.monotonic()
        added: list[Line] = []
        changed: list[Line] = []
        removed: list[str] = []
        for game_id in sorted(self._dirty):
            line = self.tables.get(game_id)
            before = self._sent.get(game_id)
            if line is None:
                if before is not None:
                    removed.append(game_id)
                    del self._sent[game_id]
            elif before is None:
                added.append(line)
                self._sent[game_id] = line
            elif before != line:
                changed.append(line)
                self._sent[game_id] = line
        self._dirty.clear()
        if not (added or changed or removed):
            return
        frame: LobbyDelta = {"type": "lobby_delta", "added": added, "changed": changed,
                             "removed": removed}
        for peer in list(self.peers):
            peer.send(frame)

    def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    # -- tables per client ------------------------------------------------------------------
    def check_owner(self, client: str | None) -> None:
        if client is None:
            return
        listed = sum(1 for g, owner in self._owners.items() if owner == client
                     and g in self.tables)
        if listed >= self.per_client:
            raise ServiceError(ErrorCode.TOO_MANY_TABLES,
                               f"at most {self.per_client} open tables per"
                               " player: close one first", status=429)

    def own(self, game_id: str, client: str | None) -> None:
        if client is not None:
            self._owners[game_id] = client
