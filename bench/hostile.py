"""Hostile-player load campaign (issue 12): what an unrelated player feels while others attack.

Each part starts its own ``doublesix serve`` on 127.0.0.1 (memory storage unless --db); the
load parts run one "probe" online game in a process of its own, played as fast as the server
acknowledges (two sockets, random legal moves), and report its move round trip (send -> ack)
alone first, then during the attack:

- ``computer``: --clients sockets each play a hard computer as fast as it answers, while
  --creators clients create computer rooms over HTTP in a loop;
- ``lobby``: --subscribers lobby sockets count the frames and bytes pushed to them while
  --creators clients create --tables public hall tables;
- ``headers``: --huge requests with a 20 MiB header line and --slow connections that never
  finish their headers; reports the server's peak RSS and how many slow ones were still open
  after --seconds; then --sockets lobby sockets from one address, and how many were held;
- ``create``: one client creates rooms as fast as it can for --seconds; rooms created, refusals,
  RSS before / after, and after a pause of --idle seconds.

``--src DIR`` runs the server from another source tree (``git archive main src | tar -x -C
DIR``), to measure the code before a change. Prints one JSON line.

    nice -n 10 .venv/bin/python bench/hostile.py computer --clients 40 --seconds 15
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.support.procs import ServerProcess  # noqa: E402

from bench.load_quick import Stats, play_room  # noqa: E402

#: every client moves as fast as it can; the per-client budgets are lifted unless --budgets:
#: the figure then measures isolation (the bot pool, deltas), not the budget
OPEN = {"DOUBLESIX_WS_RATE": "100000", "DOUBLESIX_WS_BURST": "100000",
        "DOUBLESIX_COMPUTER_DELAY": "0"}


def quantiles(values: list[float]) -> dict[str, float | None]:
    if len(values) < 2:
        return {"n": len(values), "p50_ms": None, "p95_ms": None}
    q = statistics.quantiles(sorted(values), n=100)
    return {"n": len(values), "p50_ms": round(q[49] * 1000, 1), "p95_ms": round(q[94] * 1000, 1)}


async def probe(base: str, seconds: float) -> dict[str, Any]:
    """The probe player's figures, measured in a process of its own: the attackers' frames
    must not delay the probe's own event loop, or the figure would be the client's."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, __file__, "probe", "--url", base, "--seconds", str(seconds),
        stdout=asyncio.subprocess.PIPE)
    out, _ = await proc.communicate()
    result: dict[str, Any] = json.loads(out.decode().strip().splitlines()[-1])
    return result


async def _probe_here(base: str, seconds: float) -> dict[str, Any]:
    stats = Stats()
    try:
        await asyncio.wait_for(play_room(base, base.replace("http", "ws", 1) + "/ws",
                                         time.monotonic() + seconds, stats, 1), seconds + 30)
    except (TimeoutError, OSError) as exc:
        return {**quantiles(stats.rtts), "failed": repr(exc)}
    return quantiles(stats.rtts)


async def _computer_player(ws_url: str, base: str, stop_at: float, seed: int,
                           counts: dict[str, int], players: int) -> None:
    rng = random.Random(seed)
    try:
        async with httpx.AsyncClient(base_url=base, timeout=60) as http:
            r = await http.post("/api/games", json={"mode": "computer", "level": "hard",
                                                    "rules": {"preset": "draw",
                                                              "players": players}})
        if r.status_code != 201:
            counts["refused"] += 1
            return
        game = r.json()
        async with connect(ws_url, max_size=None) as ws:
            await ws.send(json.dumps({"type": "hello", "game_id": game["game_id"],
                                      "token": game["token"]}))
            while time.monotonic() < stop_at:
                try:
                    raw = await asyncio.wait_for(ws.recv(), stop_at - time.monotonic())
                except TimeoutError:
                    return
                frame = json.loads(raw)
                if frame["type"] not in ("welcome", "event"):
                    continue
                view = frame["view"]
                if view["result"] is not None and frame["event_no"] is not None:
                    if view["to_move"] is None:
                        counts["games"] += 1
                        await ws.send(json.dumps({"type": "rematch"}))
                    continue
                if view["legal"] and view["to_move"] == view["seat"]:
                    counts["moves"] += 1
                    await ws.send(json.dumps({"type": "move", "state_no": frame["state_no"],
                                              "action": rng.choice(view["legal"])}))
    except (OSError, httpx.HTTPError, ValueError):
        counts["errors"] += 1


async def _creator(base: str, stop_at: float, body: dict[str, Any], counts: dict[str, int],
                   limit: int | None = None) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        made = 0
        while time.monotonic() < stop_at and (limit is None or made < limit):
            try:
                r = await http.post("/api/games", json=body)
            except httpx.HTTPError:
                counts["errors"] += 1
                continue
            if r.status_code == 201:
                made += 1
                counts["created"] += 1
            else:
                counts["refused"] += 1
                await asyncio.sleep(0.05)


async def computer(server: ServerProcess, args: argparse.Namespace) -> dict[str, Any]:
    base = server.http
    alone = await probe(base, args.baseline)
    stop_at = time.monotonic() + args.seconds
    counts = {"moves": 0, "games": 0, "refused": 0, "errors": 0, "created": 0}
    body = {"mode": "computer", "level": "hard", "rules": {"preset": "draw", "players": 4}}
    attack = [asyncio.create_task(_computer_player(server.ws_url, base, stop_at, i, counts,
                                                   args.players))
              for i in range(args.clients)]
    attack += [asyncio.create_task(_creator(base, stop_at, body, counts))
               for _ in range(args.creators)]
    await asyncio.sleep(min(2.0, args.seconds / 4))  # the attack under way
    during = await probe(base, stop_at - time.monotonic())
    await asyncio.gather(*attack)
    return {"probe_alone": alone, "probe_during": during, **counts}


async def _subscriber(ws_url: str, stop_at: float, counts: dict[str, int]) -> None:
    try:
        async with connect(ws_url, max_size=None) as ws:
            await ws.send(json.dumps({"type": "lobby"}))
            while time.monotonic() < stop_at:
                try:
                    raw = await asyncio.wait_for(ws.recv(), stop_at - time.monotonic())
                except TimeoutError:
                    return
                counts["frames"] += 1
                counts["bytes"] += len(raw.encode() if isinstance(raw, str) else raw)
    except OSError:
        counts["errors"] += 1


async def lobby(server: ServerProcess, args: argparse.Namespace) -> dict[str, Any]:
    base = server.http
    alone = await probe(base, args.baseline)
    stop_at = time.monotonic() + args.seconds
    counts = {"frames": 0, "bytes": 0, "errors": 0, "created": 0, "refused": 0}
    subs = [asyncio.create_task(_subscriber(server.ws_url, stop_at, counts))
            for _ in range(args.subscribers)]
    await asyncio.sleep(1.0)
    body = {"mode": "online", "name": "Флуд", "rules": {"preset": "draw"},
            "hall": {"public": True}}
    per = max(1, args.tables // args.creators)
    creators = [asyncio.create_task(_creator(base, stop_at, body, counts, per))
                for _ in range(args.creators)]
    during = await probe(base, max(1.0, stop_at - time.monotonic() - 0.5))
    await asyncio.gather(*creators, *subs)
    return {"probe_alone": alone, "probe_during": during, "lobby_frames": counts["frames"],
            "lobby_mib": round(counts["bytes"] / 2**20, 1), "tables_created": counts["created"],
            "refused": counts["refused"], "errors": counts["errors"]}


def _huge_header(port: int, size: int) -> None:
    with socket.create_connection(("127.0.0.1", port), timeout=60) as s:
        try:
            s.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ")
            chunk = b"a" * 65536
            for _ in range(size // len(chunk)):
                s.sendall(chunk)
            s.sendall(b"\r\n\r\n")
            s.recv(100)
        except OSError:
            pass  # refused and closed: the defence we hope for


def _still_open(s: socket.socket) -> bool:
    """Whether the server has not closed *s* (whatever it answered before closing)."""
    s.setblocking(False)
    try:
        while s.recv(65536):
            pass
        return False
    except BlockingIOError:
        return True
    except OSError:
        return False


async def headers(server: ServerProcess, args: argparse.Namespace) -> dict[str, Any]:
    rss_before = server.rss_kib()
    peak = rss_before
    slow: list[socket.socket] = []
    for _ in range(args.slow):
        s = socket.create_connection(("127.0.0.1", server.port))
        s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # and never the end of the headers
        slow.append(s)
    loop = asyncio.get_running_loop()
    sending = [loop.run_in_executor(None, _huge_header, server.port, args.header_mib * 2**20)
               for _ in range(args.huge)]
    done = asyncio.gather(*sending)
    started = time.monotonic()
    while not done.done() and time.monotonic() - started < 120:
        peak = max(peak, server.rss_kib())
        await asyncio.sleep(0.1)
    await done
    peak = max(peak, server.rss_kib())
    await asyncio.sleep(max(0.0, args.seconds - (time.monotonic() - started)))
    still_open = sum(_still_open(s) for s in slow)
    for s in slow:
        s.close()
    held = 0
    sockets: list[ClientConnection] = []
    for _ in range(args.sockets):
        try:
            ws = await connect(server.ws_url, open_timeout=5)
            await ws.send(json.dumps({"type": "lobby"}))
            await asyncio.wait_for(ws.recv(), 5)
            sockets.append(ws)
            held += 1
        except Exception:
            pass
    for ws in sockets:
        await ws.close()
    return {"rss_mib_before": round(rss_before / 1024, 1), "rss_mib_peak": round(peak / 1024, 1),
            "rss_mib_after": round(server.rss_kib() / 1024, 1),
            "slow_still_open": still_open, "slow": args.slow,
            "lobby_sockets_held": held, "lobby_sockets_tried": args.sockets}


async def create(server: ServerProcess, args: argparse.Namespace) -> dict[str, Any]:
    rss_before = server.rss_kib()
    counts = {"created": 0, "refused": 0, "errors": 0}
    await _creator(server.http, time.monotonic() + args.seconds,
                   {"mode": "online", "rules": {"preset": "draw"}}, counts)
    rss_after = server.rss_kib()
    await asyncio.sleep(args.idle)
    return {**counts, "rss_mib_before": round(rss_before / 1024, 1),
            "rss_mib_after": round(rss_after / 1024, 1),
            "rss_mib_after_idle": round(server.rss_kib() / 1024, 1), "idle_s": args.idle}


PARTS = {"computer": computer, "lobby": lobby, "headers": headers, "create": create}


def _probe_main(url: str, seconds: float) -> int:
    print(json.dumps(asyncio.run(_probe_here(url, seconds))))
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("part", choices=sorted([*PARTS, "probe"]))
    parser.add_argument("--url", help="probe: the server to play on")
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--baseline", type=float, default=5.0, help="probe alone, seconds")
    parser.add_argument("--clients", type=int, default=40)
    parser.add_argument("--players", type=int, default=2, help="seats of a computer room")
    parser.add_argument("--creators", type=int, default=0)
    parser.add_argument("--subscribers", type=int, default=100)
    parser.add_argument("--tables", type=int, default=400)
    parser.add_argument("--huge", type=int, default=20)
    parser.add_argument("--header-mib", type=int, default=20)
    parser.add_argument("--slow", type=int, default=800)
    parser.add_argument("--sockets", type=int, default=1000)
    parser.add_argument("--idle", type=float, default=0.0)
    parser.add_argument("--db", default="memory://")
    parser.add_argument("--src", help="run the server from this source tree")
    parser.add_argument("--env", action="append", default=[], help="NAME=VALUE for the server")
    parser.add_argument("--budgets", action="store_true",
                        help="keep the per-client budgets (default: lifted, bench.procs)")
    args = parser.parse_args()
    if args.part == "probe":
        return _probe_main(args.url, args.seconds)
    env = dict(OPEN)
    env.update(dict(e.split("=", 1) for e in args.env))
    if args.src:
        env["PYTHONPATH"] = os.pathsep.join([args.src, os.environ.get("PYTHONPATH", "")])
    with tempfile.TemporaryDirectory() as tmp:
        server = ServerProcess(args.db, env=env, log=Path(tmp) / "server.log",
                               budgets=args.budgets).start()
        try:
            result = asyncio.run(PARTS[args.part](server, args))
        finally:
            server.stop()
    result = {"part": args.part, "load_avg_1m": round(os.getloadavg()[0], 2),
              "src": args.src or "this tree", **result}
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
