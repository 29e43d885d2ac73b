"""The cyclic garbage collector, set for a server that holds thousands of idle sockets.

Measured with bench/load.py --probe (docs/campaigns.md, "Where the time goes"): at 1,000
games the process tracks ~400,000 objects, ~150 for each open socket (the coroutines, futures
and queues that wait for its next frame) and ~30-50 for each room. With Python's thresholds
(700, 10, 10) a young collection runs ~25 times a second, so whatever waits for a player's
next move (2-6 s) survives two of them and is promoted to the oldest generation, where it
dies soon after; those promotions trigger a full collection every few seconds, and each one
walks all 400,000 objects (a 0.2-1 s pause, the whole p99 tail).

So: everything alive once the service has started (modules, classes, functions: ~35,000
objects that are never garbage) is frozen out of every collection, and the thresholds let a
frame's waiting objects die young:

- generation 0 every 10,000 net allocations (~0.5 s of full load, a pause of a few ms);
- generation 1 every 10 of those, so only what lives for seconds is promoted;
- the full collection only after 100 collections of generation 1 (besides Python's own rule
  of waiting until the long-lived objects grew by a quarter), a few times an hour: between
  them the only cost is cyclic garbage waiting in memory (objects without cycles are freed at
  once, whatever their generation).

``DOUBLESIX_GC=default`` leaves the collector as Python sets it; ``DOUBLESIX_GC=G0,G1,G2``
freezes and uses these thresholds (for measuring others).
"""

from __future__ import annotations

import gc
import logging

log = logging.getLogger("doublesix.server")

TUNED = (10_000, 10, 100)
MODES = ("tuned", "default", "G0,G1,G2")


def thresholds(mode: str) -> tuple[int, int, int] | None:
    """The thresholds a mode asks for (None: Python's own, no freeze); ValueError if unknown."""
    if mode == "default":
        return None
    if mode == "tuned":
        return TUNED
    parts = mode.split(",")
    if len(parts) == 3 and all(p.strip().isdigit() and int(p) > 0 for p in parts):
        g0, g1, g2 = (int(p) for p in parts)
        return g0, g1, g2
    raise ValueError(f"DOUBLESIX_GC={mode!r} is not one of: {', '.join(MODES)}")


class Tuning:
    """Applied once the service has started; undone at shutdown (tests start many apps in one
    process, and a frozen object is never collected)."""

    def __init__(self, mode: str) -> None:
        self.wanted = thresholds(mode)
        self._before: tuple[int, int, int] | None = None

    def apply(self) -> None:
        if self.wanted is None:
            return
        self._before = gc.get_threshold()
        gc.collect()  # what start-up left as garbage is not frozen for ever
        gc.freeze()
        gc.set_threshold(*self.wanted)
        log.debug("collector: %d objects frozen, thresholds %s", gc.get_freeze_count(),
                  self.wanted)

    def undo(self) -> None:
        if self._before is None:
            return
        gc.unfreeze()
        gc.set_threshold(*self._before)
        self._before = None
