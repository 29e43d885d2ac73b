"""Crash campaign: SIGKILL the server at random moments under load, restart it, and check
that every move a client saw acknowledged is in storage and that every room still plays.

    python bench/crash.py --kills 50 --games 40                       # SQLite (default)
    python bench/crash.py --kills 50 --games 40 --db postgresql://…   # PostgreSQL

Clients reconnect with the last event they saw, as the browser does. After the last restart
the games play on for --settle seconds; then the server stops and storage is read directly:

- lost: acknowledged moves with no stored event of that state number, seat and action;
- corrupted: rooms whose record does not replay, whose event numbers have gaps, or whose
  position changes do not number the states 1, 2, 3, … exactly once;
- stuck: games that existed at the last restart and neither ended nor moved after it.

Prints one JSON line; exits 1 if anything was lost, corrupted or stuck. 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.support.procs import ServerProcess  # noqa: E402

POSITION_CHANGES = ("action", "next_deal", "new_game")


@dataclass
class Ack:
    game_id: str
    state_no: int
    seat: int
    action: str


@dataclass
class Campaign:
    http: str
    ws: str
    think: tuple[float, float]
    end: float
    acks: list[Ack] = field(default_factory=list)
    #: game id -> monotonic time it was created
    games: dict[str, float] = field(default_factory=dict)
    finished: set[str] = field(default_factory=set)
    #: game id -> monotonic time of its last acknowledged move
    last_move: dict[str, float] = field(default_factory=dict)
    reconnects: int = 0
    refused: dict[str, int] = field(default_factory=dict)
    #: why sockets dropped, by exception name
    drops: dict[str, int] = field(default_factory=dict)


async def http_post(c: Campaign, client: Any, path: str, body: dict[str, Any]) -> Any:
    """POST until the server answers (it may be down for a moment)."""
    while time.monotonic() < c.end:
        try:
            r = await client.post(c.http + path, json=body)
        except Exception:
            await asyncio.sleep(0.1)
            continue
        if r.status_code in (200, 201):
            return r.json()
        raise RuntimeError(f"{path}: {r.status_code} {r.text}")
    raise TimeoutError


async def open_game(c: Campaign, client: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """An online draw room and its guest's seat (TimeoutError: the run ended first)."""
    game = await http_post(c, client, "/api/games", {"mode": "online", "rules": {"preset": "draw"}})
    guest = await http_post(c, client, f"/api/games/{game['game_id']}/join",
                            {"invite": game["invite"]})
    return game, guest


async def seat_loop(c: Campaign, game_id: str, token: str, rng: random.Random) -> None:
    """One seat: connect, play, and after any drop reconnect from the last event seen."""
    from websockets.asyncio.client import connect

    seen: list[int] = []  # the last event number this seat saw, once it saw one
    while time.monotonic() < c.end:
        try:
            async with connect(c.ws, open_timeout=5, ping_interval=None) as ws:
                hello: dict[str, Any] = {"type": "hello", "game_id": game_id, "token": token}
                if seen:
                    hello["last_event"] = seen[-1]
                await ws.send(json.dumps(hello))
                if await play(c, ws, game_id, rng, seen) is True:
                    c.finished.add(game_id)
                    return
        except Exception as exc:
            # the server died under us: refused, reset, closed, or a handshake cut in half
            # (InvalidMessage); whatever it was, connect again, and show what it was
            c.drops[type(exc).__name__] = c.drops.get(type(exc).__name__, 0) + 1
        c.reconnects += 1
        await asyncio.sleep(0.05 + rng.random() * 0.1)


async def play(c: Campaign, ws: Any, game_id: str, rng: random.Random, seen: list[int]
               ) -> bool | None:
    """Play on one socket; True when the game ended, None when the run did."""
    view: dict[str, Any] = {}
    state_no, away, waiting_ack, moved_on = -1, True, None, -1
    while time.monotonic() < c.end:
        try:
            text = await asyncio.wait_for(ws.recv(), max(0.01, c.end - time.monotonic()))
        except TimeoutError:
            return None
        frame = json.loads(text)
        kind = frame["type"]
        if kind in ("welcome", "event"):
            view, state_no = frame["view"], frame["state_no"]
            away = bool(frame["room"]["waiting_for"])
            seen[:] = [frame["event_no"]]
        elif kind == "presence":
            away = not all(s["connected"] for s in frame["seats"])
        elif kind == "ack" and waiting_ack is not None and frame["id"] == waiting_ack[0]:
            _, seat, action = waiting_ack
            c.acks.append(Ack(game_id, frame["state_no"], seat, action))
            c.last_move[game_id] = time.monotonic()
            waiting_ack = None
        elif kind == "error":
            c.refused[frame["code"]] = c.refused.get(frame["code"], 0) + 1
            waiting_ack, moved_on = None, -1
        if view.get("result") is not None:
            return True
        mine = view.get("legal") and view.get("to_move") == view.get("seat")
        # after an ack the view is the old one until our own event arrives: wait for it
        if mine and not away and waiting_ack is None and state_no > moved_on:
            await asyncio.sleep(rng.uniform(*c.think))
            action = rng.choice(view["legal"])
            rid = rng.randrange(1 << 30)
            waiting_ack, moved_on = (rid, view["seat"], action), state_no
            await ws.send(json.dumps({"type": "move", "state_no": state_no, "action": action,
                                      "id": rid}))
    return None


async def game_slot(c: Campaign, slot: int) -> None:
    import httpx

    rng = random.Random(slot)
    async with httpx.AsyncClient(timeout=5) as client:
        while time.monotonic() < c.end:
            try:
                game, guest = await open_game(c, client)
            except TimeoutError:
                return
            except RuntimeError:
                continue  # e.g. the join raced a crash and the room was not yet stored
            c.games[game["game_id"]] = time.monotonic()
            await asyncio.gather(seat_loop(c, game["game_id"], game["token"], rng),
                                 seat_loop(c, game["game_id"], guest["token"], rng))


async def verify(db: str, c: Campaign) -> dict[str, Any]:
    from doublesix.core.notation import load_record
    from doublesix.server.storage import open_storage

    storage = open_storage(db)
    await storage.open()
    lost: list[Ack] = []
    corrupted: list[str] = []
    try:
        stored: dict[str, dict[int, dict[str, Any]]] = {}
        for game_id in sorted(c.games):
            row = await storage.load(game_id)
            events = await storage.events_after(game_id, 0, 100_000)
            if row is None:
                corrupted.append(game_id)
                continue
            stored[game_id] = {e.state_no: e.payload for e in events
                               if e.payload.get("kind") in POSITION_CHANGES}
            states = [e.state_no for e in events if e.payload.get("kind") in POSITION_CHANGES]
            try:
                load_record(row.record)
                ok = ([e.event_no for e in events] == list(range(1, row.event_no + 1))
                      and states == list(range(1, row.state_no + 1)))
            except Exception:
                ok = False
            if not ok:
                corrupted.append(game_id)
        for ack in c.acks:
            payload = stored.get(ack.game_id, {}).get(ack.state_no)
            if payload is None or payload.get("action") != ack.action \
                    or payload.get("seat") != ack.seat:
                lost.append(ack)
    finally:
        await storage.close()
    return {"lost": len(lost), "lost_sample": [vars(a) for a in lost[:5]],
            "rooms_corrupted": len(corrupted), "corrupted_sample": corrupted[:5]}


async def campaign(args: argparse.Namespace, server: ServerProcess
                   ) -> tuple[dict[str, Any], Campaign]:
    rng = random.Random(args.seed)
    think = tuple(float(x) for x in args.think.split(":"))
    c = Campaign(server.http, server.ws_url, (think[0], think[-1]),
                 end=time.monotonic() + args.max_seconds)
    slots = [asyncio.create_task(game_slot(c, i)) for i in range(args.games)]
    kills = 0
    loop = asyncio.get_running_loop()
    try:
        for _ in range(args.kills):
            await asyncio.sleep(rng.uniform(args.min_gap, args.max_gap))
            await loop.run_in_executor(None, server.kill)
            kills += 1
            await asyncio.sleep(rng.uniform(0.0, 0.3))  # sometimes clients hammer a dead port
            await loop.run_in_executor(None, server.start)
        restarted = time.monotonic()
        await asyncio.sleep(args.settle)
        c.end = time.monotonic()  # the clients stop at their next frame or reconnect
        await asyncio.wait(slots, timeout=15)
    finally:
        for task in slots:
            task.cancel()
    # a room that existed at the last crash must have moved on since (or ended)
    stuck = [g for g, born in c.games.items()
             if born < restarted and g not in c.finished and c.last_move.get(g, 0) < restarted]
    return {"kills": kills, "games": len(c.games), "games_finished": len(c.finished),
            "games_stuck": len(stuck), "acknowledged": len(c.acks),
            "reconnect_attempts": c.reconnects, "drops": c.drops,
            "refused_by_code": c.refused}, c


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--kills", type=int, default=50)
    p.add_argument("--games", type=int, default=40, help="concurrent games")
    p.add_argument("--think", default="0.05:0.25", help="seconds per move: LOW:HIGH")
    p.add_argument("--min-gap", type=float, default=0.5, help="least seconds between kills")
    p.add_argument("--max-gap", type=float, default=2.5)
    p.add_argument("--settle", type=float, default=10.0, help="seconds of play after the last"
                   " restart")
    p.add_argument("--max-seconds", type=float, default=900.0, help="hard bound of the run")
    p.add_argument("--db", default=None, help="storage URL (default: a fresh SQLite file)")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    tmp = Path(tempfile.mkdtemp(prefix="ds-crash-"))
    db = args.db or f"sqlite:///{tmp}/doublesix.db"
    server = ServerProcess(db, log=tmp / "server.log").start()
    began = time.monotonic()
    try:
        result, c = asyncio.run(campaign(args, server))
    finally:
        server.stop()
    result.update(asyncio.run(verify(db, c)))
    result["storage"] = db.split(":")[0]
    result["seconds"] = round(time.monotonic() - began, 1)
    print(json.dumps(result))
    return 1 if result["lost"] or result["rooms_corrupted"] or result["games_stuck"] else 0

if __name__ == "__main__":
    raise SystemExit(main())
