"""Per-client budgets: rooms created, computer rooms, open sockets and new sockets
(docs/protocol.md, "Limits").

A client is its address, an IPv6 one by its /64 (``clients.address``). Budgets are token
buckets kept in memory; a table of them holds at most ``PRUNE_AT`` clients, the least recently
seen forgotten first, so a spray of addresses can neither grow it without end nor reset the
budgets of clients seen since.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from doublesix.server.config import Settings
from doublesix.server.rooms.ratelimit import BucketTable
from doublesix.server.wire.errors import ErrorCode, ServiceError

PRUNE_AT = 10_000
#: new sockets a socket closed for flooding costs its address
FLOOD_COST = 10


class Budgets:
    def __init__(self, settings: Settings, clock: Callable[[], float] = time.monotonic) -> None:
        self.rooms: BucketTable[str] = BucketTable(
            settings.create_per_minute / 60.0, settings.create_burst, clock, PRUNE_AT)
        self.computer: BucketTable[str] = BucketTable(
            settings.computer_per_minute / 60.0, settings.computer_burst, clock, PRUNE_AT)
        self.sockets_per_client = settings.sockets_per_client
        self._sockets: dict[str, int] = {}
        self.new_sockets: BucketTable[str] = BucketTable(
            settings.socket_per_minute / 60.0, settings.socket_burst, clock, PRUNE_AT)
        # frames one client address may send over all its sockets: as many as
        # ``frame_sockets_per_client`` (5) sockets at the limit of one (docs/protocol.md,
        # "Limits"): five players behind one address, each at a socket's limit, are served;
        # fifty sockets each just under it are not fifty times that
        sockets = settings.frame_sockets_per_client
        self.frames: BucketTable[str] = BucketTable(
            settings.rate_per_second * sockets, settings.rate_burst * sockets, clock, PRUNE_AT)

    def create(self, client: str | None, mode: str) -> None:
        """Spend one room (and one computer room) of *client*'s budget, or refuse (429)."""
        if client is None:
            return
        if not self.rooms.take(client):
            raise ServiceError(ErrorCode.TOO_MANY_ROOMS,
                               "too many new rooms from this address: wait"
                               " a minute", status=429)
        if mode == "computer" and not self.computer.take(client):
            raise ServiceError(ErrorCode.TOO_MANY_ROOMS, "too many games against the computer from"
                               " this address: wait a minute", status=429)

    def may_connect(self, client: str | None) -> bool:
        """Spend one new socket of *client*'s budget; False when it has none left (a client
        reconnecting as fast as it can, each socket closed for flooding: issue 21, item 8)."""
        return client is None or self.new_sockets.take(client)

    def frame(self, client: str | None) -> bool:
        """Spend one frame of *client*'s budget over all its sockets; False when it has none
        left (each socket has its own limit besides)."""
        return client is None or self.frames.take(client)

    def flooded(self, client: str | None) -> None:
        """A socket of *client* was closed for flooding: it costs ``FLOOD_COST`` new sockets."""
        if client is not None:
            for _ in range(FLOOD_COST):
                self.new_sockets.take(client)

    def open_socket(self, client: str | None) -> bool:
        """Count a new socket of *client*; False (and not counted) over the cap."""
        if client is None:
            return True
        held = self._sockets.get(client, 0)
        if held >= self.sockets_per_client:
            return False
        self._sockets[client] = held + 1
        return True

    def close_socket(self, client: str | None) -> None:
        if client is None:
            return
        held = self._sockets.get(client, 0) - 1
        if held > 0:
            self._sockets[client] = held
        else:
            self._sockets.pop(client, None)
