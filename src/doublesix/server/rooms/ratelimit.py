"""Token buckets: one for a socket's frames, and tables of them for per-client budgets."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)


class TokenBucket:
    """A sender may spend ``burst`` tokens at once and ``rate`` per second after."""

    def __init__(
        self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = float(burst)
        self._tokens = float(burst)
        self._clock = clock
        self._last = clock()

    def take(self) -> bool:
        """Spend one token; False when the bucket is empty (the sender floods)."""
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        self._last = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True


class BucketTable(Generic[K]):
    """One bucket per key (a client), at most *cap* of them: a new key over the cap pushes
    out the key used least recently, which is the most likely to have refilled. Forgetting
    everyone at once instead would hand every budget back, the one just spent included, to
    whoever sprays enough new keys (issue 21)."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float],
                 cap: int) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.cap = cap
        self._by_key: OrderedDict[K, TokenBucket] = OrderedDict()

    def __len__(self) -> int:
        return len(self._by_key)

    def take(self, key: K) -> bool:
        bucket = self._by_key.get(key)
        if bucket is None:
            while len(self._by_key) >= self.cap:
                self._by_key.popitem(last=False)
            bucket = self._by_key[key] = TokenBucket(self.rate, self.burst, self.clock)
        else:
            self._by_key.move_to_end(key)
        return bucket.take()
