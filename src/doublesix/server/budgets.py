"""Per-client budgets: rooms created, computer rooms, open sockets and new sockets
(docs/protocol.md, "Limits").

A client is its address (``clients.address``). Budgets are token buckets kept in memory; a
table of them is pruned of full (idle) buckets when it grows, so a spray of addresses cannot
grow it without end either.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from doublesix.server.config import Settings
from doublesix.server.errors import ServiceError
from doublesix.server.ratelimit import TokenBucket

PRUNE_AT = 10_000
#: new sockets a socket closed for flooding costs its address
FLOOD_COST = 10


class _Buckets:
    def __init__(self, burst: int, per_minute: float, clock: Callable[[], float]) -> None:
        self.burst = burst
        self.rate = per_minute / 60.0
        self.clock = clock
        self._by_client: dict[str, TokenBucket] = {}

    def take(self, client: str) -> bool:
        bucket = self._by_client.get(client)
        if bucket is None:
            if len(self._by_client) >= PRUNE_AT:
                self._prune()
            bucket = self._by_client[client] = TokenBucket(self.rate, self.burst, self.clock)
        return bucket.take()

    def _prune(self) -> None:
        for client, bucket in list(self._by_client.items()):
            if bucket.take():  # refilled at least one token: idle for a while, forget it
                del self._by_client[client]
        if len(self._by_client) >= PRUNE_AT:
            self._by_client.clear()  # a spray of addresses: start again rather than grow


class Budgets:
    def __init__(self, settings: Settings, clock: Callable[[], float] = time.monotonic) -> None:
        self.rooms = _Buckets(settings.create_burst, settings.create_per_minute, clock)
        self.computer = _Buckets(settings.computer_burst, settings.computer_per_minute, clock)
        self.sockets_per_client = settings.sockets_per_client
        self._sockets: dict[str, int] = {}
        self.new_sockets = _Buckets(settings.socket_burst, settings.socket_per_minute, clock)

    def create(self, client: str | None, mode: str) -> None:
        """Spend one room (and one computer room) of *client*'s budget, or refuse (429)."""
        if client is None:
            return
        if not self.rooms.take(client):
            raise ServiceError("too_many_rooms", "too many new rooms from this address: wait"
                               " a minute", status=429)
        if mode == "computer" and not self.computer.take(client):
            raise ServiceError("too_many_rooms", "too many games against the computer from"
                               " this address: wait a minute", status=429)

    def may_connect(self, client: str | None) -> bool:
        """Spend one new socket of *client*'s budget; False when it has none left (a client
        reconnecting as fast as it can, each socket closed for flooding: issue 21, item 8)."""
        return client is None or self.new_sockets.take(client)

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
