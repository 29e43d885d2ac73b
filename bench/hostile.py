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

The transport floods (issue 21) keep the server's own limits (frames: 20/s, 40 at once; the
per-address budgets), so the probe pauses --pause s after each ack to stay under them; each
reports the probe alone and during the flood, the server's RSS (before, peak, every 10 s,
after) and CPU seconds:

- ``pings``: --flooders sockets, each upgraded by hand, says ``lobby`` and then writes ping
  control frames as fast as it can, never reading; cut, it connects again at once;
- ``fragments``: the same with ``{"type":"pi`` (FIN=0) and then empty continuation frames,
  never a hello;
- ``reconnect``: --clients sockets each send frames as fast as they can until the server
  closes them (4008), then reconnect at once.

The attackers connect from 127.0.0.2, the probe from 127.0.0.1: two addresses, as an attacker
and a player are.

``--src DIR`` runs the server from another source tree (``git archive main src | tar -x -C
DIR``), to measure the code before a change. Prints one JSON line.

    nice -n 10 .venv/bin/python bench/hostile.py computer --clients 40 --seconds 15
    .venv/bin/python bench/hostile.py pings --seconds 60 [--src /work/wt/old/src]
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import collections
import contextlib
import json
import os
import random
import socket
import statistics
import struct
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.support.procs import ServerProcess, cpu_seconds  # noqa: E402

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


async def probe(base: str, seconds: float, pause: float = 0.0) -> dict[str, Any]:
    """The probe player's figures, measured in a process of its own: the attackers' frames
    must not delay the probe's own event loop, or the figure would be the client's."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, __file__, "probe", "--url", base, "--seconds", str(seconds),
        "--pause", str(pause), stdout=asyncio.subprocess.PIPE)
    out, _ = await proc.communicate()
    result: dict[str, Any] = json.loads(out.decode().strip().splitlines()[-1])
    return result


async def _probe_here(base: str, seconds: float, pause: float) -> dict[str, Any]:
    stats = Stats()
    try:
        await asyncio.wait_for(play_room(base, base.replace("http", "ws", 1) + "/ws",
                                         time.monotonic() + seconds, stats, 1, pause),
                               seconds + 30)
    except (TimeoutError, OSError, httpx.HTTPError, InvalidStatus) as exc:
        # the server too slow even to create the probe's room, or refusing it: say so
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


# -- transport floods (issue 21) --------------------------------------------------------------

TEXT, CONT, PING = 0x1, 0x0, 0x9
#: the attackers' own address (loopback, like the server's): the per-address budgets they run
#: out of are theirs, as on a real server, not the probe player's (127.0.0.1)
ATTACKER = "127.0.0.2"


def _frame(opcode: int, payload: bytes = b"", fin: bool = True) -> bytes:
    """A client frame, masked with a zero key (the payload unchanged)."""
    head = bytes([(0x80 if fin else 0) | opcode])
    if len(payload) < 126:
        head += bytes([0x80 | len(payload)])
    else:
        head += bytes([0x80 | 126]) + struct.pack("!H", len(payload))
    return head + b"\0\0\0\0" + payload


def _upgrade(port: int) -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(ATTACKER, 0))
    key = base64.b64encode(os.urandom(16))
    s.sendall(b"GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
              b"Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: "
              + key + b"\r\n\r\n")
    head = b""
    while b"\r\n\r\n" not in head:
        part = s.recv(4096)
        if not part:
            s.close()
            raise ConnectionError("closed during the handshake")
        head += part
    if not head.startswith(b"HTTP/1.1 101"):
        s.close()
        raise ConnectionError(head.split(b"\r\n", 1)[0].decode(errors="replace"))
    return s


class _RawFlooder(threading.Thread):
    """One attacker: a socket upgraded by hand, *first*, then *block* again and again, never
    reading; when the server cuts it, it connects again at once (until *stop_at*)."""

    def __init__(self, port: int, first: bytes, block: bytes, stop_at: float) -> None:
        super().__init__(daemon=True)
        self.port, self.first, self.block, self.stop_at = port, first, block, stop_at
        self.connections = self.refused = self.cut = 0
        self.mib_sent = 0.0
        self.held_s: list[float] = []  # how long each cut socket lasted

    def run(self) -> None:
        while time.monotonic() < self.stop_at:
            try:
                s = _upgrade(self.port)
            except OSError:
                self.refused += 1
                time.sleep(0.05)
                continue
            self.connections += 1
            opened = time.monotonic()
            try:
                s.settimeout(1.0)
                s.sendall(self.first)
                while time.monotonic() < self.stop_at:
                    try:
                        s.sendall(self.block)
                        self.mib_sent += len(self.block) / 2**20
                    except TimeoutError:
                        continue  # the server reads slowly: still open
            except OSError:
                self.cut += 1
                self.held_s.append(time.monotonic() - opened)
            finally:
                s.close()


async def _watch(server: ServerProcess, stop_at: float) -> dict[str, Any]:
    """The server's RSS every 0.5 s (peak, and one figure every 10 s) until *stop_at*."""
    started = time.monotonic()
    peak = server.rss_kib()
    by_10s: list[float] = []
    while time.monotonic() < stop_at:
        rss = server.rss_kib()
        peak = max(peak, rss)
        if time.monotonic() - started >= 10 * (len(by_10s) + 1):
            by_10s.append(round(rss / 1024, 1))
        await asyncio.sleep(0.5)
    return {"rss_mib_peak": round(peak / 1024, 1), "rss_mib_every_10s": by_10s}


async def _raw_flood(server: ServerProcess, args: argparse.Namespace, first: bytes,
                     block: bytes) -> dict[str, Any]:
    alone = await probe(server.http, args.baseline, args.pause)
    rss_before, cpu_before = server.rss_kib(), cpu_seconds(server.pids())
    stop_at = time.monotonic() + args.seconds
    flooders = [_RawFlooder(server.port, first, block, stop_at) for _ in range(args.flooders)]
    for f in flooders:
        f.start()
    watch = asyncio.create_task(_watch(server, stop_at))
    await asyncio.sleep(min(2.0, args.seconds / 4))  # the flood under way
    during = await probe(server.http, max(1.0, stop_at - time.monotonic() - 1.0), args.pause)
    memory = await watch
    for f in flooders:
        await asyncio.to_thread(f.join, 30)
    held = [h for f in flooders for h in f.held_s]
    return {"probe_alone": alone, "probe_during": during,
            "rss_mib_before": round(rss_before / 1024, 1), **memory,
            "rss_mib_after": round(server.rss_kib() / 1024, 1),
            "server_cpu_s": round(cpu_seconds(server.pids()) - cpu_before, 1),
            "flood_connections": sum(f.connections for f in flooders),
            "flood_refused": sum(f.refused for f in flooders),
            "flood_cut": sum(f.cut for f in flooders),
            "flood_held_s_max": round(max(held), 2) if held else None,
            "flood_mib_sent": round(sum(f.mib_sent for f in flooders), 1)}


async def pings(server: ServerProcess, args: argparse.Namespace) -> dict[str, Any]:
    return await _raw_flood(server, args, _frame(TEXT, b'{"type": "lobby"}'),
                            _frame(PING) * 20_000)


async def fragments(server: ServerProcess, args: argparse.Namespace) -> dict[str, Any]:
    return await _raw_flood(server, args, _frame(TEXT, b'{"type":"pi', fin=False),
                            _frame(CONT, fin=False) * 20_000)


async def _drain(ws: ClientConnection) -> None:
    with contextlib.suppress(ConnectionClosed):
        async for _ in ws:
            pass


async def _reconnector(ws_url: str, stop_at: float, counts: dict[str, int]) -> None:
    """Frames as fast as they go (their answers read, as a browser would) until the server
    closes the socket; then at once a new socket."""
    frame = json.dumps({"type": "ping"})
    while time.monotonic() < stop_at:
        try:
            async with connect(ws_url, open_timeout=10, close_timeout=2,
                               local_addr=(ATTACKER, 0)) as ws:
                counts["connections"] += 1
                reader = asyncio.create_task(_drain(ws))
                try:
                    while time.monotonic() < stop_at:
                        await ws.send(frame)
                        await asyncio.sleep(0)  # let the reader see the close
                finally:
                    reader.cancel()
        except ConnectionClosed as exc:
            counts[f"closed_{exc.rcvd.code if exc.rcvd else 'abnormally'}"] += 1
        except (OSError, InvalidStatus, TimeoutError):
            counts["refused"] += 1
            await asyncio.sleep(0.01)


async def reconnect(server: ServerProcess, args: argparse.Namespace) -> dict[str, Any]:
    alone = await probe(server.http, args.baseline, args.pause)
    rss_before, cpu_before = server.rss_kib(), cpu_seconds(server.pids())
    stop_at = time.monotonic() + args.seconds
    counts: collections.Counter[str] = collections.Counter()
    attack = [asyncio.create_task(_reconnector(server.ws_url, stop_at, counts))
              for _ in range(args.clients)]
    await asyncio.sleep(min(2.0, args.seconds / 4))
    during = await probe(server.http, max(1.0, stop_at - time.monotonic() - 1.0), args.pause)
    await asyncio.gather(*attack)
    return {"probe_alone": alone, "probe_during": during,
            "rss_mib_before": round(rss_before / 1024, 1),
            "rss_mib_after": round(server.rss_kib() / 1024, 1),
            "server_cpu_s": round(cpu_seconds(server.pids()) - cpu_before, 1), **counts}


PARTS = {"computer": computer, "lobby": lobby, "headers": headers, "create": create,
         "pings": pings, "fragments": fragments, "reconnect": reconnect}
#: the parts that keep the server's frame limits (the transport's guards are measured)
TRANSPORT = {"pings", "fragments", "reconnect"}


def _probe_main(url: str, seconds: float, pause: float) -> int:
    print(json.dumps(asyncio.run(_probe_here(url, seconds, pause))))
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
    parser.add_argument("--flooders", type=int, default=1, help="pings, fragments: sockets")
    parser.add_argument("--pause", type=float, default=None,
                        help="probe: seconds after each ack (default: 0.1 in the transport"
                        " parts, which keep the frame limits, else 0)")
    parser.add_argument("--budgets", action="store_true",
                        help="keep the per-client budgets (default: lifted, see tests/support)")
    args = parser.parse_args()
    if args.pause is None:
        args.pause = 0.1 if args.part in TRANSPORT else 0.0
    if args.part == "probe":
        return _probe_main(args.url, args.seconds, args.pause)
    env = {} if args.part in TRANSPORT else dict(OPEN)
    env.update(dict(e.split("=", 1) for e in args.env))
    if args.src:
        env["PYTHONPATH"] = os.pathsep.join([args.src, os.environ.get("PYTHONPATH", "")])
    with tempfile.TemporaryDirectory() as tmp:
        # the transport parts measure the server as it runs by default: every limit kept
        server = ServerProcess(args.db, env=env, log=Path(tmp) / "server.log",
                               budgets=args.budgets or args.part in TRANSPORT).start()
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
