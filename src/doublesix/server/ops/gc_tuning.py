"""The cyclic garbage collector, set for a server that holds thousands of idle sockets.

Measured with bench/load.py --probe and bench/memory.py (docs/campaigns.md, "The tail from
inside the server"): at 1,000 games the process has ~400,000 live tracked objects, ~150 for
each open socket (what waits for its next frame) and 30-90 for each room. With Python's
thresholds (700, 10, 10) whatever waits for a player's next move (2-6 s) survives two young
collections and is promoted to the oldest generation, where it soon dies; those promotions
start a full collection every 4-6 s, and each walks all 400,000 objects: ~20 pauses of
0.4-0.7 s in a 120 s run at 1,000 games, the bulk of the p99 tail.

So, once the service has started: what is alive then (modules, classes, functions: ~35,000
objects, never garbage) is frozen out of every collection, and a full collection waits for
10,000 collections of the middle generation instead of 10 (besides Python's own rule of
waiting until the long-lived objects grew by a quarter). At 100 (tried first) a full
collection still ran every 30-40 s at 2,000 games, walking ~750,000 objects for 0.6-1.5 s
each, and those pauses were the whole p99 (671-744 ms); at 10,000 none ran in the run and
p99 fell to 47 ms (bench/load.py --games 2000, one sitting, docs/campaigns.md). The middle
generation is collected ~2.5 times a second at that load, so a full collection still runs
about once an hour there (once a day or so on a quiet server): cyclic garbage that reached
the oldest generation waits that long, and the process's RSS did not grow measurably for
want of it (255 MiB at the peak against 253 with full collections). The young
thresholds stay Python's (700, 10): a young collection's count is allocations minus
deallocations in any generation, so while the sockets' old waiting objects die as fast as new
ones are made its list grows far past the threshold; at 10,000 a young collection walked
~80,000 objects (pauses up to 450 ms, p99 308 ms) against up to 19 ms at 700 (p99 156 ms),
in one sitting. The price: cyclic garbage waits longer in memory (objects without cycles are
freed at once, whatever their generation).

``DOUBLESIX_GC=default`` leaves the collector as Python sets it; ``DOUBLESIX_GC=G0,G1,G2``
freezes and uses these thresholds (for measuring others).
"""

from __future__ import annotations

import gc
import logging

log = logging.getLogger("doublesix.server")

TUNED = (700, 10, 10_000)
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
