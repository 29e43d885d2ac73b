"""Run ``doublesix serve`` with bench-only instruments; nothing here is part of the server.

    python bench/serverprobe.py serve --port 0 …      (the same arguments as ``doublesix``)

``DOUBLESIX_PROBE_OUT`` names a JSON file rewritten every second with what the instruments
saw; SIGUSR1 adds a census of the collector's live objects (after a full collection, in the
main thread, so it is itself a pause, not counted with the others: ask for it only between
measurements). The instruments:

- the collector: every collection's generation and pause (``gc.callbacks``);
- the server's own time per frame: from the frame's text to the end of its handling, ack
  queued and events broadcast (``ws._serve`` wrapped), by frame type;
- the durable save inside it (``RoomCache.commit``: the record rebuilt, the row and events
  handed to storage, until storage says they are on disk);
- JSON encoding of outgoing frames, one per socket and frame (``ws.json.dumps`` wrapped);
- event-loop lag: a thread asks the loop to run a no-op every 20 ms and notes how late it
  ran (a pause of the collector or any long callback shows here).
"""

from __future__ import annotations

import asyncio
import gc
import inspect
import json
import os
import signal
import sys
import threading
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

LAG_EVERY = 0.02


class Samples:
    """Durations in seconds: a count, a sum, a maximum and a log histogram (0.1 ms buckets
    doubling), so a long run costs no memory."""

    __slots__ = ("n", "total", "top", "buckets")

    def __init__(self) -> None:
        self.n = 0
        self.total = 0.0
        self.top = 0.0
        self.buckets: Counter[int] = Counter()

    def add(self, seconds: float) -> None:
        self.n += 1
        self.total += seconds
        self.top = max(self.top, seconds)
        self.buckets[_bucket(seconds)] += 1

    def quantile(self, q: float) -> float:
        """The upper edge (ms) of the bucket holding the *q* quantile."""
        want, seen = q * self.n, 0
        for b in sorted(self.buckets):
            seen += self.buckets[b]
            if seen >= want:
                return float(0.1 * 2 ** b)
        return 0.0

    def summary(self) -> dict[str, Any]:
        if not self.n:
            return {"n": 0}
        return {"n": self.n, "total_ms": round(self.total * 1000, 1),
                "mean_ms": round(self.total * 1000 / self.n, 3),
                "p50_le_ms": self.quantile(0.5), "p99_le_ms": self.quantile(0.99),
                "max_ms": round(self.top * 1000, 2),
                "over_10ms": sum(c for b, c in self.buckets.items() if 0.1 * 2 ** b > 10)}


def _bucket(seconds: float) -> int:
    ms, b = seconds * 1000, 0
    while 0.1 * 2 ** b < ms and b < 20:
        b += 1
    return b


class Probe:
    def __init__(self, out: Path) -> None:
        self.out = out
        self.gc_pauses: defaultdict[int, Samples] = defaultdict(Samples)  # generation -> pauses
        self.frames: defaultdict[str, Samples] = defaultdict(Samples)  # frame type -> server time
        self.encode = Samples()
        self.commit = Samples()
        self.sql_group = Samples()
        self.sql_group_sizes: Counter[int] = Counter()
        self.lag = Samples()
        self.census: list[dict[str, Any]] = []
        self._gc_started = 0.0
        self._in_census = False
        self.loop: asyncio.AbstractEventLoop | None = None

    # -- the collector ------------------------------------------------------------------------
    def on_gc(self, phase: str, info: dict[str, int]) -> None:
        if self._in_census:
            return
        if phase == "start":
            self._gc_started = time.perf_counter()
        else:
            self.gc_pauses[info["generation"]].add(time.perf_counter() - self._gc_started)

    def take_census(self) -> None:
        started = time.perf_counter()
        counts = gc.get_count()
        self._in_census = True
        try:
            gc.collect()  # live objects only: what the thresholds let wait is not counted
        finally:
            self._in_census = False
        tracked = [len(gc.get_objects(g)) for g in range(3)]
        kinds = Counter(type(o).__name__ for o in gc.get_objects())
        self.census.append({
            "at": time.time(), "tracked_by_generation": tracked, "tracked": sum(tracked),
            "frozen": gc.get_freeze_count(), "counts_before": counts,
            "thresholds": gc.get_threshold(), "top_types": kinds.most_common(15),
            "took_ms": round((time.perf_counter() - started) * 1000, 1),
        })
        self.dump()

    # -- the server ---------------------------------------------------------------------------
    def instrument(self) -> None:
        from doublesix.server.http import ws
        from doublesix.server.rooms import cache, service

        original_serve = ws._serve
        serve_signature = inspect.signature(original_serve)
        frames = self.frames

        async def timed_serve(*args: Any, **kwargs: Any) -> None:
            # the frame by its parameter's name: its place among _serve's arguments has moved
            # before (a client key came after it), and the probe then counted no frame at all
            text: str = serve_signature.bind(*args, **kwargs).arguments["text"]
            started = time.perf_counter()
            try:
                await original_serve(*args, **kwargs)
            finally:
                kind = text[text.find('"type"'):][:40].split('"')[3] if '"type"' in text else "?"
                frames[kind if kind.isidentifier() else "?"].add(time.perf_counter() - started)

        ws._serve = timed_serve

        encode = self.encode
        real_json = json

        class TimedJson:
            @staticmethod
            def dumps(obj: Any, **kwargs: Any) -> str:
                started = time.perf_counter()
                text = real_json.dumps(obj, **kwargs)
                encode.add(time.perf_counter() - started)
                return text

            loads = staticmethod(real_json.loads)

        setattr(ws, "json", TimedJson)  # noqa: B010 (the module global ws.py encodes with)

        original_commit = cache.RoomCache.commit
        commit = self.commit

        async def timed_commit(self: Any, room: Any, payloads: Any) -> Any:
            started = time.perf_counter()
            try:
                return await original_commit(self, room, payloads)
            finally:
                commit.add(time.perf_counter() - started)

        cache.RoomCache.commit = timed_commit  # type: ignore[method-assign]

        from doublesix.server.storage import sqlite

        original_group = sqlite._commit_group
        group, sizes = self.sql_group, self.sql_group_sizes

        def timed_group(db: Any, writes: list[Any]) -> list[Any]:
            started = time.perf_counter()
            try:
                return original_group(db, writes)
            finally:
                group.add(time.perf_counter() - started)
                sizes[len(writes)] += 1

        sqlite._commit_group = timed_group

        original_start = service.RoomsService.start
        probe = self

        async def start(self: Any) -> None:
            probe.loop = asyncio.get_running_loop()
            await original_start(self)

        service.RoomsService.start = start  # type: ignore[method-assign]

    def lag_thread(self) -> None:
        while True:
            time.sleep(LAG_EVERY)
            loop = self.loop
            if loop is None or loop.is_closed():
                continue
            asked = time.perf_counter()
            done = threading.Event()

            def ran(asked: float = asked, done: threading.Event = done) -> None:
                self.lag.add(time.perf_counter() - asked)
                done.set()

            try:
                loop.call_soon_threadsafe(ran)
            except RuntimeError:
                return
            done.wait(10)

    def dump_thread(self) -> None:
        while True:
            time.sleep(1.0)
            self.dump()

    def dump(self) -> None:
        data = {
            "gc_pauses": {str(g): s.summary() for g, s in sorted(self.gc_pauses.items())},
            "gc_thresholds": gc.get_threshold(),
            "gc_frozen": gc.get_freeze_count(),
            "switch_interval": sys.getswitchinterval(),
            "frames": {k: s.summary() for k, s in sorted(self.frames.items())},
            "commit": self.commit.summary(),
            # one SQLite group commit on its thread (BEGIN … COMMIT), and the writes in each
            "sql_group": self.sql_group.summary(),
            "sql_group_sizes": dict(sorted(self.sql_group_sizes.items())),
            "encode": self.encode.summary(),
            "loop_lag": self.lag.summary(),
            "census": self.census,
        }
        tmp = self.out.with_suffix(".tmp")
        tmp.write_text(json.dumps(data))
        tmp.replace(self.out)


def main() -> int:
    probe = Probe(Path(os.environ.get("DOUBLESIX_PROBE_OUT", "probe.json")))
    if os.environ.get("DOUBLESIX_PROBE_SWITCH"):  # an experiment: the GIL's switch interval
        sys.setswitchinterval(float(os.environ["DOUBLESIX_PROBE_SWITCH"]))
    gc.callbacks.append(probe.on_gc)
    probe.instrument()
    signal.signal(signal.SIGUSR1, lambda *_: probe.take_census())
    # uvicorn stops on SIGTERM, then raises it again with the handler found before it: this
    # one, so the profile and the last figures are written
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    for target in (probe.lag_thread, probe.dump_thread):
        threading.Thread(target=target, daemon=True).start()
    from doublesix.cli.main import main as cli_main

    profile_to = os.environ.get("DOUBLESIX_PROBE_PROFILE")  # cProfile of the whole run
    if profile_to:
        import cProfile

        profiler = cProfile.Profile()
        profiler.enable()
    try:
        return cli_main(sys.argv[1:])
    finally:
        if profile_to:
            profiler.disable()
            profiler.dump_stats(profile_to)
        probe.dump()


if __name__ == "__main__":
    raise SystemExit(main())
