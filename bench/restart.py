"""Restart campaign: games played by bots while servers are stopped with SIGTERM and started
again, one at a time; checks that no acknowledged move is lost and every game plays on.

    python bench/restart.py                                    # one process, SQLite
    python bench/restart.py --servers 2 --nginx \\
        --db "$DOUBLESIX_TEST_PG_URL" --redis "$DOUBLESIX_TEST_REDIS_URL"   # rolling restart

With ``--nginx`` the clients talk to an nginx built from the README's config (its upstream,
``map`` and ``location`` blocks, on loopback ports) in front of the servers, so while one
process restarts its sockets land on the other. Each seat plays like the browser client:
after a close it reconnects at once with the last event it saw. Prints one JSON line:

- close_codes: the close codes the clients received from a server (only 1012 is expected);
- longest_gap_s: the longest time a seat spent between losing its socket and its next
  ``welcome``; exit_s: seconds from each SIGTERM to the process's exit;
- lost / rooms_corrupted / games_stuck as in bench/crash.py (storage read directly at the end).

Exits 1 if anything was lost, corrupted or stuck, or a socket was closed with another code.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.support.procs import ServerProcess, free_port, wait_healthy  # noqa: E402

from bench.crash import Campaign, open_game, play, verify  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
RESTART_CODE = 1012


@dataclass
class Restarts(Campaign):
    #: close codes received in a close frame from the server (1006: none was received)
    closes: dict[int, int] = field(default_factory=dict)
    gaps: list[float] = field(default_factory=list)
    exits: list[float] = field(default_factory=list)
    #: the seats (game, token) that were welcomed once: the first SIGTERM waits for them all
    welcomed: set[tuple[str, str]] = field(default_factory=set)


class _Replay:
    """A socket whose first frame (the welcome, read to time the reconnect) is read again."""

    def __init__(self, ws: Any, first: str) -> None:
        self.ws = ws
        self.first: str | None = first

    async def recv(self) -> Any:
        if self.first is not None:
            first, self.first = self.first, None
            return first
        return await self.ws.recv()

    async def send(self, text: str) -> None:
        await self.ws.send(text)


async def seat_loop(c: Restarts, game_id: str, token: str, rng: random.Random) -> None:
    """One seat: play, and after a close reconnect at once from the last event seen."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    seen: list[int] = []
    lost_at: float | None = None
    while time.monotonic() < c.end:
        try:
            async with connect(c.ws, open_timeout=5, ping_interval=None) as ws:
                hello: dict[str, Any] = {"type": "hello", "game_id": game_id, "token": token}
                if seen:
                    hello["last_event"] = seen[-1]
                await ws.send(json.dumps(hello))
                first = await asyncio.wait_for(ws.recv(), 10)
                c.welcomed.add((game_id, token))
                if lost_at is not None:
                    c.gaps.append(time.monotonic() - lost_at)
                    lost_at = None
                if await play(c, _Replay(ws, str(first)), game_id, rng, seen) is True:
                    c.finished.add(game_id)
                    return
        except ConnectionClosed as exc:
            code = exc.rcvd.code if exc.rcvd is not None else 1006
            c.closes[code] = c.closes.get(code, 0) + 1
            lost_at = lost_at or time.monotonic()
        except Exception as exc:  # refused, 502 from the proxy, a cut handshake: try again
            response = getattr(exc, "response", None)  # an HTTP answer instead of a socket
            name = type(exc).__name__ + (f" {response.status_code}" if response else "")
            c.drops[name] = c.drops.get(name, 0) + 1
            lost_at = lost_at or time.monotonic()
        else:
            continue  # the run ended
        c.reconnects += 1
        await asyncio.sleep(0.02 + rng.random() * 0.05)


async def game_slot(c: Restarts, slot: int, seed: int) -> None:
    import httpx

    rng = random.Random(seed * 100_000 + slot)
    async with httpx.AsyncClient(timeout=5) as client:
        while time.monotonic() < c.end:
            try:
                game, guest = await open_game(c, client)
            except TimeoutError:
                return
            except RuntimeError:
                continue
            c.games[game["game_id"]] = time.monotonic()
            await asyncio.gather(seat_loop(c, game["game_id"], game["token"], rng),
                                 seat_loop(c, game["game_id"], guest["token"], rng))


def sigterm(server: ServerProcess, bound: float) -> float:
    """SIGTERM *server* and wait for it to exit: the seconds it took (inf past *bound* + 5)."""
    assert server.proc is not None
    began = time.monotonic()
    server.proc.send_signal(signal.SIGTERM)
    try:
        server.proc.wait(bound + 5)
    except subprocess.TimeoutExpired:
        server.proc.kill()
        server.proc.wait(5)
        return float("inf")
    return time.monotonic() - began


class Nginx:
    """nginx in the foreground with the README's proxy config, pointed at *ports*."""

    def __init__(self, ports: list[int], workdir: Path) -> None:
        self.port = free_port()
        self.dir = workdir
        text = (ROOT / "README.md").read_text(encoding="utf-8")
        block = re.search(r"```nginx\n(.*?)```", text, re.S)
        if block is None:
            raise RuntimeError("README.md has no ```nginx block")
        conf = block.group(1)
        # the README's server lines, with our ports in place of 8001, 8002
        servers = re.findall(r"^\s*server 127\.0\.0\.1:\d+[^\n]*\n", conf, re.M)
        if len(servers) < len(ports):
            raise RuntimeError("the README's nginx upstream has fewer servers than --servers")
        for line, port in zip(servers, ports, strict=False):
            conf = conf.replace(line, re.sub(r":\d+", f":{port}", line, count=1))
        for line in servers[len(ports):]:
            conf = conf.replace(line, "")
        upstreams = f"127.0.0.1:{ports[-1]}"
        conf = re.sub(r"listen 443 ssl;", f"listen 127.0.0.1:{self.port};", conf)
        if f"127.0.0.1:{self.port}" not in conf or upstreams not in conf:
            raise RuntimeError("the README's nginx block no longer has the expected shape")
        (workdir / "nginx.conf").write_text(
            f"pid {workdir}/nginx.pid;\nerror_log {workdir}/error.log warn;\n"
            "worker_processes 1;\nevents { worker_connections 4096; }\n"
            f"http {{\n access_log off;\n client_body_temp_path {workdir};\n"
            f" proxy_temp_path {workdir};\n{conf}}}\n", encoding="utf-8")
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> Nginx:
        binary = shutil.which("nginx") or "/usr/sbin/nginx"
        self.proc = subprocess.Popen([binary, "-p", str(self.dir), "-c", str(self.dir /
                                      "nginx.conf"), "-g", "daemon off;"],
                                     stderr=subprocess.STDOUT, stdout=open(  # noqa: SIM115
                                         self.dir / "nginx.out", "ab"))
        if wait_healthy(self.http, self.proc, timeout=5.0):
            return self
        self.stop()
        raise RuntimeError(f"nginx did not answer: see {self.dir}/error.log")

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGQUIT)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


async def campaign(args: argparse.Namespace, servers: list[ServerProcess], front: Any
                   ) -> tuple[dict[str, Any], Restarts]:
    think = tuple(float(x) for x in args.think.split(":"))
    c = Restarts(front.http, front.ws_url, (think[0], think[-1]),
                 end=time.monotonic() + args.max_seconds)
    slots = [asyncio.create_task(game_slot(c, i, args.seed)) for i in range(args.games)]
    loop = asyncio.get_running_loop()
    restarted = time.monotonic()
    try:
        # the warm-up counts from when every game is being played: on a loaded machine the
        # rooms and sockets can take longer than the warm-up to open, and a SIGTERM that came
        # before any seat was connected tested nothing (no socket saw a 1012)
        while len(c.welcomed) < 2 * args.games and time.monotonic() < c.end:
            await asyncio.sleep(0.05)
        for round_no in range(args.rounds):
            for server in servers:
                await asyncio.sleep(args.warmup if round_no == 0 and server is servers[0]
                                    else args.gap)
                c.exits.append(await loop.run_in_executor(None, sigterm, server, args.bound))
                await loop.run_in_executor(None, server.start)
                restarted = time.monotonic()
        await asyncio.sleep(args.settle)
        c.end = time.monotonic()
        await asyncio.wait(slots, timeout=15)
    finally:
        for task in slots:
            task.cancel()
    stuck = [g for g, born in c.games.items()
             if born < restarted and g not in c.finished and c.last_move.get(g, 0) < restarted]
    return {"servers": len(servers), "restarts": len(c.exits), "games": len(c.games),
            "games_finished": len(c.finished), "games_stuck": len(stuck),
            "acknowledged": len(c.acks), "reconnects": c.reconnects,
            "close_codes": {str(k): v for k, v in sorted(c.closes.items())},
            "drops": c.drops, "refused_by_code": c.refused,
            "longest_gap_s": round(max(c.gaps, default=0.0), 3),
            "median_gap_s": round(statistics.median(c.gaps), 3) if c.gaps else None,
            "exit_s": [round(x, 2) for x in c.exits]}, c


def run(args: argparse.Namespace, workdir: Path) -> dict[str, Any]:
    db = args.db or f"sqlite:///{workdir}/doublesix.db"
    env = {"DOUBLESIX_SHUTDOWN_TIMEOUT": str(args.bound), "DOUBLESIX_WS_RATE": "1000",
           "DOUBLESIX_WS_BURST": "1000"}
    servers = [ServerProcess(db, redis=args.redis, env=env, log=workdir / f"server{i}.log")
               for i in range(args.servers)]
    front: Any = None
    began = time.monotonic()
    try:
        for server in servers:
            server.start()
        front = Nginx([s.port for s in servers], workdir).start() if args.nginx else servers[0]
        result, c = asyncio.run(campaign(args, servers, front))
    finally:
        if args.nginx and front is not None:
            front.stop()
        for server in servers:
            server.stop()
    result.update(asyncio.run(verify(db, c)))
    result["storage"] = db.split(":")[0]
    result["nginx"] = bool(args.nginx)
    result["seconds"] = round(time.monotonic() - began, 1)
    tracebacks = [s.log.name for s in servers if s.log and "Traceback" in s.log.read_text()]
    result["server_tracebacks"] = tracebacks
    return result


def failed(result: dict[str, Any]) -> bool:
    return bool(result["lost"] or result["rooms_corrupted"] or result["games_stuck"]
                or set(result["close_codes"]) - {str(RESTART_CODE)}
                or result["server_tracebacks"])


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--servers", type=int, default=1, help="server processes (default: 1)")
    p.add_argument("--nginx", action="store_true", help="clients go through nginx")
    p.add_argument("--games", type=int, default=20, help="concurrent games (default: 20)")
    p.add_argument("--rounds", type=int, default=1, help="restarts of each server (default: 1)")
    p.add_argument("--think", default="0.02:0.1", help="seconds per move: LOW:HIGH")
    p.add_argument("--warmup", type=float, default=3.0, help="seconds of play before the first"
                   " SIGTERM (default: 3)")
    p.add_argument("--gap", type=float, default=3.0, help="seconds between one restart and"
                   " the next SIGTERM (default: 3)")
    p.add_argument("--settle", type=float, default=4.0, help="seconds of play after the last"
                   " restart (default: 4)")
    p.add_argument("--bound", type=float, default=10.0, help="--shutdown-timeout of the servers"
                   " (default: 10)")
    p.add_argument("--max-seconds", type=float, default=300.0, help="hard bound (default: 300)")
    p.add_argument("--db", default=None, help="storage URL (default: a fresh SQLite file)")
    p.add_argument("--redis", default=None, help="Redis URL (needed with --servers 2)")
    p.add_argument("--seed", type=int, default=1)
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="ds-restart-") as tmp:
        result = run(args, Path(tmp))
    print(json.dumps(result))
    return 1 if failed(result) else 0


if __name__ == "__main__":
    raise SystemExit(main())
