"""Fuzz campaign: malformed, oversized, out-of-order and forged messages against a running
server, mixed with normal games. Every bad message must be answered by an error frame, an
HTTP error status or a close code; normal games must finish without a single error.

    python bench/fuzz.py --messages 100000 --workers 100 --normal-games 20

Workers pace themselves under the server's per-socket flood limit (20 frames/s), so each
answer is about the message sent, not about flooding. 127.0.0.1 only; bounded in time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import string
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.support.procs import ServerProcess  # noqa: E402

#: a message not answered within this is "unanswered" (generous: the machine may be busy)
ANSWER_TIMEOUT = 15.0
TILES = [f"{a}-{b}" for a in range(7) for b in range(a, 7)]


def junk(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(string.printable + "ёж😀\u0000\ud7ff") for _ in range(n))


# -- bad frames after hello: (category, text or bytes) ---------------------------------------
def bad_frame(rng: random.Random, view: dict[str, Any], state_no: int) -> tuple[str, str | bytes]:
    kind = rng.randrange(16)
    if kind == 0:
        return "not_json", junk(rng, rng.randrange(1, 200)).replace("{", "(")
    if kind == 1:
        return "not_object", json.dumps(rng.choice([[1, 2], 3, "move", None, True, 1.5]))
    if kind == 2:
        return "bad_type", json.dumps({"type": rng.choice([1, None, [], {}, True]), "id": 1})
    if kind == 3:
        return "unknown_type", json.dumps({"type": junk(rng, rng.randrange(1, 80)), "id": 2})
    if kind == 4:
        bad_state: Any = rng.choice(["3", 1.5, True, None, 2**60, -2**60, [], {"n": 1}])
        return "bad_field", json.dumps({"type": "move", "state_no": bad_state, "action": "draw"})
    if kind == 5:
        action: Any = rng.choice([None, 5, "", "x" * 100, [], "play", "play 9-9", "💥"])
        return "bad_field", json.dumps({"type": "move", "state_no": state_no, "action": action})
    if kind == 6:
        depth = rng.randrange(100, 4000)
        return "deep_nesting", "[" * depth + "]" * depth
    if kind == 7:
        return "oversized", json.dumps({"type": "move", "pad": "x" * rng.randrange(9000, 60000)})
    if kind == 8:
        return "binary", bytes(rng.randrange(256) for _ in range(rng.randrange(1, 100)))
    if kind == 9:
        return "out_of_order", json.dumps({"type": "hello", "game_id": "x", "token": "y"})
    if kind == 10:
        off = rng.choice([-1, -2, -50, 1, 2, 1000])
        return "stale", json.dumps({"type": "move", "state_no": state_no + off,
                                    "action": "draw", "id": 3})
    if kind == 11:
        legal = " ".join(view.get("legal") or [])  # "play 6-6" is also legal as "play 6-6 left"
        choices = [f"play {t} {e}" for t in TILES for e in ("left", "right") if t not in legal]
        choices += [a for a in ("pass", "draw", "redeal") if a not in legal]
        return "illegal", json.dumps({"type": "move", "state_no": state_no,
                                      "action": rng.choice(choices), "id": 4})
    if kind == 12:
        seat = rng.choice([1, 2, 7, -1])
        return "wrong_seat", json.dumps({"type": "move", "state_no": state_no, "seat": seat,
                                         "action": "draw", "id": 5})
    if kind == 13:
        return "bad_command", json.dumps(rng.choice([
            {"type": "next_deal", "state_no": state_no}, {"type": "rematch_cancel"},
            {"type": "set_level", "level": "hard"}, {"type": "reset"},
            {"type": "set_level", "level": 5},
        ]))
    if kind == 14:
        return "bad_id", json.dumps({"type": "move", "state_no": "x",
                                     "id": rng.choice([2**70, "i" * 1000, [1], {"a": 1}])})
    return "unicode", json.dumps({"type": "move", "state_no": state_no,
                                  "action": "play \ud800-\udfff left", "id": 6})


class Tally:
    def __init__(self) -> None:
        self.sent: Counter[str] = Counter()
        self.errors: Counter[str] = Counter()
        self.closes: Counter[str] = Counter()
        self.http: Counter[str] = Counter()
        self.unanswered: Counter[str] = Counter()
        #: generated as bad but legal after all: not counted as bad messages
        self.accepted: Counter[str] = Counter()
        self.fuzzer_exceptions: Counter[str] = Counter()
        #: seconds from sending a bad frame to its answer
        self.latencies: list[float] = []
        self.normal_finished = 0
        self.normal_moves = 0
        self.normal_errors: Counter[str] = Counter()

    @property
    def total(self) -> int:
        return sum(self.sent.values())


async def answer(ws: Any, tally: Tally | None = None) -> tuple[str, Any]:
    """('error', code) or ('close', code) or ('none', None); other frames are skipped."""
    began = time.monotonic()
    deadline = began + ANSWER_TIMEOUT
    try:
        return await _answer(ws, deadline)
    finally:
        if tally is not None:
            tally.latencies.append(time.monotonic() - began)


async def _answer(ws: Any, deadline: float) -> tuple[str, Any]:
    from websockets.exceptions import ConnectionClosed

    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return "none", None
            frame = json.loads(await asyncio.wait_for(ws.recv(), left))
            if frame.get("type") == "error":
                return "error", frame.get("code")
            if frame.get("type") == "ack":
                return "ack", None  # the generator made a legal move by chance
    except ConnectionClosed as exc:
        return "close", exc.rcvd.code if exc.rcvd else None
    except TimeoutError:
        return "none", None


class Worker:
    def __init__(self, server: ServerProcess, tally: Tally, rng: random.Random, quota: int,
                 end: float, with_partner: bool) -> None:
        self.server, self.tally, self.rng = server, tally, rng
        self.quota, self.end, self.with_partner = quota, end, with_partner
        self.game: dict[str, Any] = {}
        self.view: dict[str, Any] = {}
        self.state_no = 0

    async def run(self, http: Any) -> None:
        from websockets.asyncio.client import connect

        r = await http.post(self.server.http + "/api/games",
                            json={"mode": "online", "rules": {"preset": "draw"}})
        self.game = r.json()
        r = await http.post(f"{self.server.http}/api/games/{self.game['game_id']}/join",
                            json={"invite": self.game["invite"]})
        guest = r.json()
        partner = None
        if self.with_partner:  # so moves reach the turn and legality checks
            partner = await connect(self.server.ws_url, ping_interval=None)
            await partner.send(json.dumps({"type": "hello", "game_id": self.game["game_id"],
                                           "token": guest["token"]}))
            drain = asyncio.create_task(self._drain(partner))
        ws = None
        try:
            sent = 0
            while sent < self.quota and time.monotonic() < self.end:
                step = time.monotonic()
                roll = self.rng.random()
                try:
                    if roll < 0.04:
                        await self._http_fuzz(http)
                    elif roll < 0.10:
                        await self._fresh_socket_fuzz()
                    else:
                        if ws is None:
                            ws = await self._hello()
                        category, payload = bad_frame(self.rng, self.view, self.state_no)
                        self.tally.sent[category] += 1
                        await ws.send(payload)
                        how, code = await answer(ws, self.tally)
                        self._count(category, how, code)
                        if how != "error":  # closed, or the state moved: hello again
                            ws = None
                except Exception as exc:  # the fuzzer's own trouble: shown, never hidden
                    self.tally.fuzzer_exceptions[type(exc).__name__] += 1
                    ws = None
                sent += 1
                # under 20 frames/s per socket: each answer is about the frame, not a flood
                await asyncio.sleep(max(0.0, 0.07 - (time.monotonic() - step)))
        finally:
            if ws is not None:
                await ws.close()
            if partner is not None:
                drain.cancel()
                await partner.close()

    async def _drain(self, ws: Any) -> None:
        async for _ in ws:
            pass

    async def _hello(self) -> Any:
        from websockets.asyncio.client import connect

        ws = await connect(self.server.ws_url, ping_interval=None)
        await ws.send(json.dumps({"type": "hello", "game_id": self.game["game_id"],
                                  "token": self.game["token"]}))
        while True:
            frame = json.loads(await asyncio.wait_for(ws.recv(), 10))
            if frame["type"] == "welcome":
                self.view, self.state_no = frame["view"], frame["state_no"]
                return ws

    async def _fresh_socket_fuzz(self) -> None:
        """Frames before hello, and forged hellos, each on a new socket."""
        from websockets.asyncio.client import connect

        rng = self.rng
        choice = rng.randrange(4)
        if choice == 0:
            category = "before_hello"
            text = json.dumps({"type": "move", "state_no": 0, "action": "draw"})
        elif choice == 1:
            category = "forged_token"
            text = json.dumps({"type": "hello", "game_id": self.game["game_id"],
                               "token": junk(rng, 43)})
        elif choice == 2:
            category = "unknown_room"
            text = json.dumps({"type": "hello", "game_id": junk(rng, 11),
                               "token": self.game["token"]})
        else:
            category = "bad_hello"
            text = json.dumps({"type": "hello", "game_id": 5, "token": None,
                               "last_event": "x"})
        self.tally.sent[category] += 1
        async with connect(self.server.ws_url, ping_interval=None) as ws:
            await ws.send(text)
            how, code = await answer(ws, self.tally)
        self._count(category, how, code)

    async def _http_fuzz(self, http: Any) -> None:
        import httpx

        rng = self.rng
        base = self.server.http
        choice = rng.randrange(5)
        if choice == 0:
            category = "http_forged_invite"
            r = await http.post(f"{base}/api/games/{self.game['game_id']}/join",
                                json={"invite": junk(rng, 22)})
        elif choice == 1:
            category = "http_bad_json"
            r = await http.post(f"{base}/api/games", content=junk(rng, 50).encode(),
                                headers={"Content-Type": "application/json"})
        elif choice == 2:
            category = "http_oversized"
            # the server answers 413 and drops the connection before reading it all: a fresh
            # connection, and a reset while still sending counts as that close
            self.tally.sent[category] += 1
            try:
                r = await http.post(f"{base}/api/games", content=b"{" + b" " * 20000 + b"}",
                                    headers={"Connection": "close",
                                             "Content-Type": "application/json"})
            except httpx.TransportError:
                self.tally.closes[f"{category}:reset"] += 1
                return
            self._count_http(category, r.status_code)
            return
        elif choice == 3:
            category = "http_bad_rules"
            r = await http.post(f"{base}/api/games", json={
                "mode": rng.choice(["online", "x", 5]),
                "rules": rng.choice([{"preset": "nope"}, {"preset": "draw", "players": 9}, []]),
                "level": rng.choice([None, 3, "godlike"])})
            if r.status_code == 201:  # a valid mix slipped through: not a bad message
                return
        else:
            category = "http_unknown_room"
            room = "".join(rng.choice(string.ascii_letters + "-_") for _ in range(12))
            r = await http.post(f"{base}/api/games/{room}/join", json={"invite": "x"})
        self.tally.sent[category] += 1
        self._count_http(category, r.status_code)

    def _count_http(self, category: str, status: int) -> None:
        if status >= 400:
            self.tally.http[f"{category}:{status}"] += 1
        else:
            self.tally.unanswered[category] += 1

    def _count(self, category: str, how: str, code: Any) -> None:
        if how == "error":
            self.tally.errors[f"{category}:{code}"] += 1
        elif how == "ack":
            self.tally.sent[category] -= 1
            self.tally.accepted[category] += 1
        elif how == "close" and code is not None:
            self.tally.closes[f"{category}:{code}"] += 1
        else:
            self.tally.unanswered[category] += 1


async def normal_games(server: ServerProcess, tally: Tally, http: Any, end: float,
                       rng: random.Random) -> None:
    """Ordinary games beside the fuzz: they must never see an error."""
    from websockets.asyncio.client import connect

    while time.monotonic() < end:
        r = await http.post(server.http + "/api/games",
                            json={"mode": "online", "rules": {"preset": "draw"}})
        game = r.json()
        r = await http.post(f"{server.http}/api/games/{game['game_id']}/join",
                            json={"invite": game["invite"]})
        tokens = [game["token"], r.json()["token"]]
        sockets = [await connect(server.ws_url, ping_interval=None) for _ in tokens]
        try:
            for ws, token in zip(sockets, tokens, strict=True):
                await ws.send(json.dumps({"type": "hello", "game_id": game["game_id"],
                                          "token": token}))
            done = await asyncio.gather(*(play_normal(ws, tally, rng, end) for ws in sockets))
            if all(done):
                tally.normal_finished += 1
        finally:
            for ws in sockets:
                await ws.close()


async def play_normal(ws: Any, tally: Tally, rng: random.Random, end: float) -> bool:
    view: dict[str, Any] = {}
    state_no, moved_on, away = -1, -1, True
    while time.monotonic() < end:
        try:
            frame = json.loads(await asyncio.wait_for(ws.recv(), max(0.01, end - time.monotonic())))
        except TimeoutError:
            return False
        kind = frame["type"]
        if kind in ("welcome", "event"):
            view, state_no = frame["view"], frame["state_no"]
            away = bool(frame["room"]["waiting_for"])
        elif kind == "presence":
            away = not all(s["connected"] for s in frame["seats"])
        elif kind == "ack":
            tally.normal_moves += 1
        elif kind == "error":
            tally.normal_errors[frame.get("code")] += 1
        if view.get("result") is not None:
            return True
        if view.get("legal") and view.get("to_move") == view.get("seat") and not away \
                and state_no > moved_on:
            await asyncio.sleep(rng.uniform(0.02, 0.2))
            await ws.send(json.dumps({"type": "move", "state_no": state_no,
                                      "action": rng.choice(view["legal"])}))
            moved_on = state_no
    return False


async def campaign(server: ServerProcess, args: argparse.Namespace) -> Tally:
    import httpx

    tally = Tally()
    rng = random.Random(args.seed)
    end = time.monotonic() + args.max_seconds
    quota = -(-args.messages // args.workers)
    # the normal games have HTTP connections of their own: none the fuzz could have broken
    async with httpx.AsyncClient(timeout=10) as http, \
            httpx.AsyncClient(timeout=10) as normal_http:
        workers = [Worker(server, tally, random.Random(rng.random()), quota, end, i % 2 == 0)
                   for i in range(args.workers)]
        normal = [asyncio.create_task(normal_games(server, tally, normal_http, end,
                                                   random.Random(i)))
                  for i in range(args.normal_games)]
        await asyncio.gather(*(w.run(http) for w in workers))
        for task in normal:  # the fuzz is over: games still being played just stop
            task.cancel()
        await asyncio.gather(*normal, return_exceptions=True)
    return tally


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--messages", type=int, default=100_000)
    p.add_argument("--workers", type=int, default=100, help="fuzzing sockets at once")
    p.add_argument("--normal-games", type=int, default=20, help="ordinary games alongside")
    p.add_argument("--max-seconds", type=float, default=900.0)
    p.add_argument("--db", default=None, help="storage URL (default: a fresh SQLite file)")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    tmp = Path(tempfile.mkdtemp(prefix="ds-fuzz-"))
    server = ServerProcess(args.db or f"sqlite:///{tmp}/doublesix.db",
                           log=tmp / "server.log").start()
    began = time.monotonic()
    try:
        tally = asyncio.run(campaign(server, args))
        alive = server.proc is not None and server.proc.poll() is None
        import urllib.request

        with urllib.request.urlopen(server.http + "/api/health", timeout=5) as r:
            healthy = r.status == 200
        rss = server.rss_kib()
    finally:
        server.stop()
    log = (tmp / "server.log").read_text(errors="replace")
    result = {
        "messages": tally.total,
        "answered_error_frame": sum(tally.errors.values()),
        "answered_close": sum(tally.closes.values()),
        "answered_http_error": sum(tally.http.values()),
        "unanswered": sum(tally.unanswered.values()),
        "by_category": dict(tally.sent),
        "close_codes": _by_code(tally.closes),
        "error_codes": _by_code(tally.errors),
        "unanswered_by_category": dict(tally.unanswered),
        "legal_by_chance_not_counted": sum(tally.accepted.values()),
        "fuzzer_exceptions": dict(tally.fuzzer_exceptions),
        "answer_ms": _latency(tally.latencies),
        "server_alive": alive and healthy,
        "server_tracebacks": log.count("Traceback"),
        "server_rss_mib": round(rss / 1024, 1),
        "normal_games_finished": tally.normal_finished,
        "normal_moves": tally.normal_moves,
        "normal_errors": sum(tally.normal_errors.values()),
        "seconds": round(time.monotonic() - began, 1),
    }
    print(json.dumps(result))
    ok = (result["unanswered"] == 0 and result["server_alive"] and result["normal_errors"] == 0
          and result["server_tracebacks"] == 0 and not tally.fuzzer_exceptions)
    return 0 if ok else 1


def _latency(seconds: list[float]) -> dict[str, float]:
    if not seconds:
        return {}
    ordered = sorted(seconds)

    def at(q: float) -> float:
        return round(1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)

    return {"p50": at(0.5), "p99": at(0.99), "max": round(1000 * ordered[-1], 1)}


def _by_code(counter: Counter[str]) -> dict[str, int]:
    out: Counter[str] = Counter()
    for key, n in counter.items():
        out[key.rsplit(":", 1)[1]] += n
    return dict(out)


if __name__ == "__main__":
    raise SystemExit(main())
