"""Load campaign: real online games over WebSockets, ramping to N concurrent games.

Each game is two sockets (seat 0 and seat 1; with several servers, on different ones) playing
random legal moves at a human-like pace (2–6 s a move), while a share of the slots (5 %)
plays fast games (0.2–0.6 s a move). When a game
ends its slot starts another until the run ends. Prints one JSON summary.

    python bench/load.py --games 1000 --ramp 60 --duration 240 \\
        --db sqlite:////tmp/load/ds.db                      # one process on SQLite
    python bench/load.py --games 1000 --servers 2 --db postgresql://… --redis redis://…

Only 127.0.0.1 is contacted; the run stops by itself after --duration (+ a grace period).

The generator is a Python process of the same shape as the server, and its collector's pauses
fall inside the round trips it measures: ``--gen-gc off`` (or ``freeze``) takes them out,
``--procs N`` spreads the sockets over N processes. ``--probe`` runs the servers under
bench/serverprobe.py and adds the server's own view (its time per frame, collector pauses,
event-loop lag, a census of tracked objects at the end of the ramp) to the summary.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import multiprocessing
import os
import random
import resource
import signal
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.support.procs import ServerProcess, cpu_seconds  # noqa: E402

#: a run never outlives --duration by more than this
GRACE = 20.0


@dataclass
class Config:
    servers: list[str]  # http://127.0.0.1:PORT of each server
    games: int
    ramp: float
    duration: float
    think: tuple[float, float]
    fast_think: tuple[float, float]
    fast_share: float
    presets: tuple[str, ...]
    seed: int
    #: the generator's own collector: "default", "off", or "freeze" (freeze + high thresholds)
    gen_gc: str = "default"
    start: float = 0.0  # wall clock of the common start


@dataclass
class Part:
    """What one load process measured."""

    rtts: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    games_started: int = 0
    games_finished: int = 0
    moves: int = 0
    #: open sockets at each whole second since the start
    held: dict[int, int] = field(default_factory=dict)
    open_now: int = 0
    #: the generator process's own CPU and collector pauses (they distort its round trips)
    cpu_s: float = 0.0
    gc_pauses: list[float] = field(default_factory=list)
    rss_mib: float = 0.0

    def merge(self, other: Part) -> None:
        self.cpu_s += other.cpu_s
        self.rss_mib += other.rss_mib
        self.gc_pauses += other.gc_pauses
        self.rtts += other.rtts
        self.errors.update(other.errors)
        self.games_started += other.games_started
        self.games_finished += other.games_finished
        self.moves += other.moves
        for sec, n in other.held.items():
            self.held[sec] = self.held.get(sec, 0) + n


class Player:
    """One seat's socket: reads every frame, moves when it is its turn and nobody is away."""

    def __init__(self, cfg: Config, part: Part, rng: random.Random, think: tuple[float, float]
                 ) -> None:
        self.cfg, self.part, self.rng, self.think = cfg, part, rng, think
        self.view: dict[str, Any] = {}
        self.state_no = -1
        self.away = True
        self.sent: dict[int, float] = {}
        self.ids = 0

    async def play(self, ws: Any, deadline: float) -> bool:
        """Play until the game ends (True) or the run's time is up (False)."""
        moved_on = -1
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            frame = json.loads(await asyncio.wait_for(ws.recv(), left))
            kind = frame["type"]
            if kind in ("welcome", "event"):
                self.view, self.state_no = frame["view"], frame["state_no"]
                self.away = bool(frame["room"]["waiting_for"])
            elif kind == "presence":
                self.away = not all(s["connected"] for s in frame["seats"])
            elif kind == "ack":
                sent = self.sent.pop(frame["id"], None)
                if sent is not None:
                    self.part.rtts.append(time.monotonic() - sent)
                    self.part.moves += 1
            elif kind == "error":
                self.part.errors[f"ws:{frame.get('code')}"] += 1
                self.sent.pop(frame.get("id"), None)
                moved_on = -1  # think again on the same state
            if self.view.get("result") is not None:
                return True
            mine = self.view.get("legal") and self.view.get("to_move") == self.view.get("seat")
            if mine and not self.away and self.state_no > moved_on and not self.sent:
                await asyncio.sleep(self.rng.uniform(*self.think))
                self.ids += 1
                action = self.rng.choice(self.view["legal"])
                self.sent[self.ids] = time.monotonic()
                await ws.send(json.dumps({"type": "move", "state_no": self.state_no,
                                          "action": action, "id": self.ids}))
                moved_on = self.state_no


async def one_game(cfg: Config, part: Part, http: Any, slot: int, rng: random.Random,
                   deadline: float) -> None:
    from websockets.asyncio.client import connect

    first = cfg.servers[slot % len(cfg.servers)]
    second = cfg.servers[(slot + 1) % len(cfg.servers)]
    preset = rng.choice(cfg.presets)
    r = await http.post(first + "/api/games", json={"mode": "online", "rules": {"preset": preset}})
    if r.status_code != 201:
        part.errors[f"http:create:{r.status_code}"] += 1
        return
    game = r.json()
    r = await http.post(f"{second}/api/games/{game['game_id']}/join",
                        json={"invite": game["invite"]})
    if r.status_code != 200:
        part.errors[f"http:join:{r.status_code}"] += 1
        return
    guest = r.json()
    part.games_started += 1
    # a fixed share of the slots plays fast games all along (blitz players, bots, retries)
    fast = cfg.fast_share > 0 and slot % max(1, round(1 / cfg.fast_share)) == 0
    think = cfg.fast_think if fast else cfg.think
    sockets = []
    try:
        for server, token in ((first, game["token"]), (second, guest["token"])):
            ws = await connect(server.replace("http", "ws", 1) + "/ws", max_size=None,
                               open_timeout=30, ping_interval=None)
            sockets.append(ws)
            part.open_now += 1
            await ws.send(json.dumps({"type": "hello", "game_id": game["game_id"],
                                      "token": token}))
        players = [Player(cfg, part, random.Random(rng.random()), think) for _ in sockets]
        done = await asyncio.gather(*(p.play(ws, deadline) for p, ws in zip(players, sockets,
                                                                               strict=True)))
        if all(done):
            part.games_finished += 1
    finally:
        for ws in sockets:
            await ws.close()
            part.open_now -= 1


async def slot_loop(cfg: Config, part: Part, http: Any, slot: int, end: float) -> None:
    rng = random.Random(cfg.seed * 1_000_003 + slot)
    await asyncio.sleep(max(0.0, cfg.start + slot * cfg.ramp / max(1, cfg.games) - time.time()))
    while time.monotonic() < end:
        try:
            await one_game(cfg, part, http, slot, rng, end)
        except TimeoutError:
            if time.monotonic() < end - 1:
                part.errors["timeout"] += 1
        except Exception as exc:
            if time.monotonic() >= end - 1:
                return  # the run ended under it
            part.errors[f"client:{type(exc).__name__}"] += 1
            await asyncio.sleep(1.0)


async def run_part(cfg: Config, slots: list[int]) -> Part:
    import httpx

    part = Part()
    end = time.monotonic() + (cfg.start + cfg.duration - time.time())
    # kept-alive connections are dropped before the server's own 5 s (limits.py): reusing
    # one just as the server closes it was the runs' only error (a client ReadError)
    limits = httpx.Limits(max_connections=50, max_keepalive_connections=50, keepalive_expiry=2.0)
    async with httpx.AsyncClient(limits=limits, timeout=30) as http:
        async def sample() -> None:
            while time.monotonic() < end:
                part.held[int(time.time() - cfg.start)] = part.open_now
                await asyncio.sleep(1.0)

        sampler = asyncio.create_task(sample())
        tasks = [slot_loop(cfg, part, http, s, end) for s in slots]
        try:
            await asyncio.wait_for(asyncio.gather(*tasks), cfg.duration + GRACE)
        except TimeoutError:
            part.errors["run_overtime"] += 1
        sampler.cancel()
    return part


def part_main(cfg: Config, slots: list[int]) -> Part:
    if cfg.gen_gc == "off":
        gc.disable()  # a two-minute run's cycles fit in memory
    elif cfg.gen_gc == "freeze":
        gc.freeze()
        gc.set_threshold(100_000, 50, 1000)
    pauses: list[float] = []
    began = [0.0]

    def on_gc(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            began[0] = time.perf_counter()
        else:
            pauses.append(time.perf_counter() - began[0])

    gc.callbacks.append(on_gc)
    cpu = time.process_time()
    try:
        import uvloop  # the load generator needs its CPU: uvicorn[standard] brings uvloop

        part = uvloop.run(run_part(cfg, slots))
    except ImportError:
        part = asyncio.run(run_part(cfg, slots))
    gc.callbacks.remove(on_gc)
    part.cpu_s = time.process_time() - cpu
    part.gc_pauses = pauses
    part.rss_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return part


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summarize(cfg: Config, total: Part, rss: list[int], wall: float) -> dict[str, Any]:
    ms = [r * 1000 for r in total.rtts]
    pauses = [p * 1000 for p in total.gc_pauses]
    return {
        "servers": len(cfg.servers),
        "games_target": cfg.games,
        "connections_held_peak": max(total.held.values(), default=0),
        "connections_held_at_end_of_ramp": total.held.get(int(cfg.ramp) + 1, 0),
        "games_started": total.games_started,
        "games_finished": total.games_finished,
        "moves": total.moves,
        "moves_per_s": round(total.moves / wall, 1),
        "rtt_ms": {
            "p50": _round(percentile(ms, 0.50)),
            "p95": _round(percentile(ms, 0.95)),
            "p99": _round(percentile(ms, 0.99)),
            "max": _round(max(ms, default=None)),
            "mean": _round(statistics.fmean(ms) if ms else None),
        },
        "errors": sum(total.errors.values()),
        "errors_by_kind": dict(total.errors),
        "server_rss_mib_peak": round(max(rss, default=0) / 1024, 1),
        "load_generator_cpu_s": round(total.cpu_s, 1),
        "load_generator_gc": {"collections": len(pauses),
                              "over_10ms": sum(1 for p in pauses if p > 10),
                              "total_ms": round(sum(pauses), 1),
                              "max_ms": _round(max(pauses, default=None))},
        "load_generator_gc_mode": cfg.gen_gc,
        "load_generator_rss_mib_peak": round(total.rss_mib, 1),
        "duration_s": round(wall, 1),
        "think_s": list(cfg.think),
        "fast_share": cfg.fast_share,
    }


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


def run(cfg: Config, procs: int, servers: list[ServerProcess]) -> dict[str, Any]:
    cfg.start = time.time() + 1.0
    groups = [list(range(i, cfg.games, procs)) for i in range(procs)]
    rss: list[int] = []
    stop = threading.Event()
    rss_before = sum(s.rss_kib() for s in servers)
    at_ramp: dict[str, float] = {}

    def watch() -> None:
        while not stop.wait(1.0):
            rss.append(sum(s.rss_kib() for s in servers))
            if not at_ramp and time.time() > cfg.start + cfg.ramp + 5:
                at_ramp["rss_kib"] = rss[-1]
                at_ramp["second"] = time.time() - cfg.start
                census(servers)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    pids = [pid for s in servers for pid in s.pids()]
    cpu_before = cpu_seconds(pids)
    began = time.monotonic()
    if procs == 1:
        parts = [part_main(cfg, groups[0])]
    else:
        with multiprocessing.get_context("spawn").Pool(procs) as pool:
            parts = pool.starmap(part_main, [(cfg, g) for g in groups])
    wall = time.monotonic() - began
    server_cpu = cpu_seconds(pids) - cpu_before
    stop.set()
    total = Part()
    for part in parts:
        total.merge(part)
    summary = summarize(cfg, total, rss, wall)
    # the machine is shared with the load generator (and maybe others): say who used the CPU
    summary["server_cpu_s"] = round(server_cpu, 1)
    summary["server_cpu_ms_per_move"] = round(1000 * server_cpu / max(1, total.moves), 2)
    summary["loadavg_at_end"] = os.getloadavg()[0]
    summary["server_rss_mib_before"] = round(rss_before / 1024, 1)
    if at_ramp:
        held = total.held.get(int(at_ramp["second"]), 0)
        grown = at_ramp["rss_kib"] - rss_before
        summary["server_rss_mib_end_of_ramp"] = round(at_ramp["rss_kib"] / 1024, 1)
        # rooms and sockets together: bench/memory.py separates them
        summary["server_rss_kib_per_socket_and_half_room"] = round(grown / max(1, held), 1)
    probes = [read_probe(s) for s in servers if s.probe is not None]
    if probes:
        summary["server_probe"] = probes
    return summary


def census(servers: list[ServerProcess]) -> None:
    """Ask each probed server for a census of its tracked objects (bench/serverprobe.py)."""
    for s in servers:
        if s.probe is not None and s.proc is not None and s.proc.poll() is None:
            os.kill(s.pid, signal.SIGUSR1)


def read_probe(server: ServerProcess) -> dict[str, Any]:
    time.sleep(1.5)  # the probe rewrites its file every second
    assert server.probe is not None
    try:
        data: dict[str, Any] = json.loads(server.probe.read_text())
    except (OSError, ValueError) as exc:
        return {"error": str(exc)}
    return data


def parse_range(text: str) -> tuple[float, float]:
    low, _, high = text.partition(":")
    return float(low), float(high or low)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=100, help="concurrent games to ramp to")
    p.add_argument("--ramp", type=float, default=30.0, help="seconds to reach --games")
    p.add_argument("--duration", type=float, default=90.0, help="seconds the run lasts")
    p.add_argument("--think", default="2:6", help="seconds a player thinks: LOW:HIGH")
    p.add_argument("--fast-think", default="0.2:0.6", help="thinking in fast games")
    p.add_argument("--fast-share", type=float, default=0.05,
                   help="share of the game slots that play fast games")
    p.add_argument("--presets", default="draw,block")
    p.add_argument("--procs", type=int, default=1, help="load generator processes")
    p.add_argument("--gen-gc", choices=("default", "off", "freeze"), default="off",
                   help="the load generator's own collector: its pauses land in the round"
                   " trips it measures (default: %(default)s)")
    p.add_argument("--probe", action="store_true",
                   help="run the servers under bench/serverprobe.py and report its figures")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--url", action="append", default=[],
                   help="an already running server (http://127.0.0.1:PORT); repeatable")
    p.add_argument("--servers", type=int, default=1, help="servers to start when no --url")
    p.add_argument("--db", default=None, help="storage URL of started servers"
                   " (default: a fresh SQLite file)")
    p.add_argument("--redis", default=None, help="Redis URL of started servers")
    p.add_argument("--src", default=None, help="run the started servers from this source tree"
                   " (e.g. `git archive main src | tar -x -C /tmp/before`: /tmp/before/src)")
    args = p.parse_args(argv)
    servers: list[ServerProcess] = []
    tmp = Path(tempfile.mkdtemp(prefix="ds-load-"))
    urls = list(args.url)
    try:
        if not urls:
            db = args.db or f"sqlite:///{tmp}/doublesix.db"
            for i in range(args.servers):
                probe = tmp / f"probe{i}.json" if args.probe else None
                env = {"PYTHONPATH": str(Path(args.src).resolve())} if args.src else None
                servers.append(ServerProcess(db, redis=args.redis, log=tmp / f"server{i}.log",
                                             probe=probe, env=env).start())
            urls = [s.http for s in servers]
        cfg = Config(servers=urls, games=args.games, ramp=args.ramp, duration=args.duration,
                     think=parse_range(args.think), fast_think=parse_range(args.fast_think),
                     fast_share=args.fast_share, presets=tuple(args.presets.split(",")),
                     seed=args.seed, gen_gc=args.gen_gc)
        summary = run(cfg, max(1, args.procs), servers)
        summary["storage"] = (args.db or "sqlite").split(":")[0]
        summary["load_procs"] = args.procs
        summary["server_src"] = args.src or "this tree"
        summary["cpus"] = os.cpu_count()
        print(json.dumps(summary))
        return 0 if summary["errors"] == 0 else 1
    finally:
        for s in servers:
            s.stop()


if __name__ == "__main__":
    raise SystemExit(main())
