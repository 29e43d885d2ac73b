"""The Prometheus metrics of one app: every family in a registry the app owns.

The default global registry is not used, so that several apps in one process (the tests) do
not collide. Values that can be read when scraped (open sockets, rooms in memory) are read
then, from callbacks, so that they cost nothing per frame; counters and histograms on the hot
path keep their labelled children, so one observation is a dict lookup and a locked add
(about 2 µs, see README "Running in production").
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.gc_collector import GCCollector
from prometheus_client.platform_collector import PlatformCollector
from prometheus_client.process_collector import ProcessCollector
from prometheus_client.registry import Collector

#: frame latency: fine below 10 ms, where a healthy server lives, coarse above
FRAME_BUCKETS = (0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0)
#: a commit is a few fsyncs (SQLite) or a round trip (PostgreSQL)
COMMIT_BUCKETS = (0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0)
#: a collector pause: young generations take microseconds, a full one on a big heap 100s of ms
GC_BUCKETS = (0.0001, 0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5,
              1.0)
#: a computer decision: the bots' budgets are tenths of a second to a few seconds
THINK_BUCKETS = (0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0)
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"


class Readings(Collector):
    """Gauges read at scrape time from callbacks (names without the ``doublesix_`` prefix)."""

    def __init__(self) -> None:
        self.gauges: dict[str, tuple[str, str, Callable[[], Mapping[str, float] | float]]] = {}

    def add(self, name: str, doc: str, read: Callable[[], Mapping[str, float] | float],
            label: str = "") -> None:
        self.gauges[name] = (doc, label, read)

    def collect(self) -> Iterable[Metric]:
        for name, (doc, label, read) in self.gauges.items():
            value = read()
            if isinstance(value, Mapping):
                family = GaugeMetricFamily(f"doublesix_{name}", doc, labels=[label])
                for key, v in value.items():
                    family.add_metric([key], v)
            else:
                family = GaugeMetricFamily(f"doublesix_{name}", doc, value=value)
            yield family


class Metrics:
    def __init__(self) -> None:
        r = self.registry = CollectorRegistry()
        ProcessCollector(registry=r)
        PlatformCollector(registry=r)
        GCCollector(registry=r)
        self.frames = Counter("doublesix_frames", "WebSocket frames received, by type"
                              " ('invalid' when it did not parse)", ["type"], registry=r)
        self.frame_seconds = Histogram(
            "doublesix_frame_seconds", "Server time per frame: from its text received to its"
            " answer (ack, error, welcome) handed to the socket's writer", ["type"],
            buckets=FRAME_BUCKETS, registry=r)
        self.moves = Counter("doublesix_moves", "Moves stored, by who made them and the action"
                             " kind", ["by", "kind"], registry=r)
        self.rooms_created = Counter("doublesix_rooms_created", "Rooms created, by mode",
                                     ["mode"], registry=r)
        self.games_finished = Counter("doublesix_games_finished", "Games that ended, by how"
                                      " (the deal's or match's end, or a clock)", ["reason"],
                                      registry=r)
        self.rooms_expired = Counter("doublesix_rooms_expired", "Rooms deleted after the"
                                     " inactivity limit", registry=r)
        self.errors = Counter("doublesix_errors", "Error codes sent to clients on WebSocket"
                              " frames (ServiceError codes, 'internal' for failures)", ["code"],
                              registry=r)
        self.closes = Counter("doublesix_socket_closes", "WebSocket closes by the server, by"
                              " close code", ["code"], registry=r)
        self.commit_seconds = Histogram(
            "doublesix_storage_commit_seconds", "Time to store a change (room row and its"
            " events) before it is acknowledged", buckets=COMMIT_BUCKETS, registry=r)
        self.think_seconds = Histogram(
            "doublesix_computer_think_seconds", "A computer decision from asking the bot pool"
            " to its answer (its wait for a free slot included)", buckets=THINK_BUCKETS,
            registry=r)
        self.thinking = Gauge("doublesix_computer_queue_depth", "Computer decisions waiting"
                              " for the bot pool or being thought about", registry=r)
        self.computer_failures = Counter("doublesix_computer_failures", "Computer turns that"
                                         " failed or were refused", registry=r)
        self.gc_seconds = Histogram(
            "doublesix_gc_pause_seconds", "Pauses of the garbage collector, by generation"
            " (the event loop stands still meanwhile)", ["generation"], buckets=GC_BUCKETS,
            registry=r)
        self.readings = Readings()
        r.register(self.readings)
        self._gc_started = 0.0
        self._gc_children = [self.gc_seconds.labels(str(g)) for g in range(3)]
        # bound children of the hot path: one dict lookup per frame instead of labels()
        self._frame_children: dict[str, tuple[Any, Any]] = {}

    def frame(self, kind: str, seconds: float) -> None:
        children = self._frame_children.get(kind)
        if children is None:
            children = (self.frames.labels(kind), self.frame_seconds.labels(kind))
            self._frame_children[kind] = children
        children[0].inc()
        children[1].observe(seconds)

    # -- the collector's pauses, from gc.callbacks (process-wide, so each app sees them all)
    def watch_gc(self) -> None:
        if self._on_gc not in gc.callbacks:
            gc.callbacks.append(self._on_gc)

    def unwatch_gc(self) -> None:
        if self._on_gc in gc.callbacks:
            gc.callbacks.remove(self._on_gc)

    def _on_gc(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._gc_started = time.perf_counter()
        else:
            self._gc_children[info["generation"]].observe(
                time.perf_counter() - self._gc_started)

    def render(self) -> bytes:
        return generate_latest(self.registry)
