"""Test harness: a real uvicorn server on a free 127.0.0.1 port, and socket clients.

The server runs in a thread with its own event loop, so a test can reach the service and its
storage (``call``) while talking to it over real sockets.
"""

from __future__ import annotations

import asyncio
import json
import random
import threading
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

import httpx
import uvicorn
from websockets.asyncio.client import ClientConnection, connect

from doublesix.server.app import create_app
from doublesix.server.config import Settings
from doublesix.server.hall.service import Hall
from doublesix.server.http.limits import uvicorn_options
from doublesix.server.rooms.service import RoomsService
from doublesix.server.storage import Storage, open_storage
from tests.support.procs import free_port

T = TypeVar("T")
LIFTED: dict[str, Any] = {"create_burst": 10**6, "computer_burst": 10**6,
                          "tables_per_client": 10**6, "sockets_per_client": 10**6,
                          "socket_burst": 10**6, "seats_per_client": 4,
                          "review_burst": 10**6}


class ServerThread:
    def __init__(
        self,
        settings: Settings | None = None,
        storage: Storage | None = None,
        clock: Callable[[], float] | None = None,
    ) -> None:
        self.port = free_port()
        # tests play at machine speed: the flood limit gets its own test with real settings
        # … and the per-client budgets are lifted: every test client is 127.0.0.1
        base = settings or Settings(db_url="memory://", computer_delay=0.0,
                                    rate_per_second=10_000, rate_burst=10_000, **LIFTED)
        self.settings = base
        self.storage = storage if storage is not None else open_storage(base.db_url)
        kwargs: dict[str, Any] = {"storage": self.storage}
        if clock is not None:
            kwargs["clock"] = clock
        self.app = create_app(base, **kwargs)
        # the limits `doublesix serve` runs with (header size and time, no untrusted proxies)
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning",
                                lifespan="on", **uvicorn_options(base))
        self.server = uvicorn.Server(config)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(self.server.serve())

    def start(self) -> ServerThread:
        self.thread.start()
        for _ in range(500):
            if self.server.started:
                return self
            if not self.thread.is_alive():
                raise RuntimeError("the server did not start")
            threading.Event().wait(0.01)
        raise RuntimeError("the server did not start in time")

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    @property
    def service(self) -> RoomsService:
        service: RoomsService = self.app.state.service
        return service

    @property
    def hall(self) -> Hall:
        hall: Hall = self.app.state.hall
        return hall

    def call(self, coro: Coroutine[Any, Any, T]) -> T:
        """Run *coro* on the server's loop (the service is not thread-safe)."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout=10)


async def create(server: ServerThread, mode: str, preset: str = "draw", **extra: Any) -> Any:
    body = {"mode": mode, "rules": {"preset": preset, **extra.pop("rules", {})}, **extra}
    async with httpx.AsyncClient(base_url=server.http) as http:
        r = await http.post("/api/games", json=body)
        assert r.status_code == 201, r.text
        return r.json()


async def join(server: ServerThread, game: dict[str, Any], name: str = "guest") -> Any:
    async with httpx.AsyncClient(base_url=server.http) as http:
        r = await http.post(f"/api/games/{game['game_id']}/join",
                            json={"invite": game["invite"], "name": name})
        assert r.status_code == 200, r.text
        return r.json()


class Client:
    """One socket of a seat; every frame it receives is kept in ``frames``."""

    def __init__(self, server: ServerThread, game_id: str, token: str) -> None:
        self.server = server
        self.game_id = game_id
        self.token = token
        self.ws: ClientConnection | None = None
        self.frames: list[dict[str, Any]] = []
        self.pending: list[dict[str, Any]] = []
        self.view: dict[str, Any] = {}
        self.room: dict[str, Any] = {}
        self.state_no = -1
        self.event_no = 0
        self._ids = 0

    async def connect(self, last_event: int | None = None) -> dict[str, Any]:
        self.ws = await connect(self.server.ws_url, max_size=None)
        hello: dict[str, Any] = {"type": "hello", "game_id": self.game_id, "token": self.token}
        if last_event is not None:
            hello["last_event"] = last_event
        await self.send(hello)
        return await self.expect("welcome")

    async def send(self, frame: dict[str, Any]) -> None:
        assert self.ws is not None
        await self.ws.send(json.dumps(frame))

    async def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        if self.pending:
            return self.pending.pop(0)
        assert self.ws is not None
        frame: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.frames.append(frame)
        if frame["type"] in ("welcome", "event"):
            self.view = frame["view"]
            self.room = frame["room"]
            self.state_no = frame["state_no"]
            self.event_no = frame["event_no"]
        return frame

    async def expect(self, kind: str, timeout: float = 10.0,
                     where: Callable[[dict[str, Any]], bool] = lambda f: True) -> dict[str, Any]:
        """The next frame of type *kind* meeting *where*; frames skipped on the way are dropped."""
        while True:
            frame = await self.recv(timeout)
            if frame["type"] == kind and where(frame):
                return frame
            if frame["type"] == "error" and kind != "error":
                raise AssertionError(f"unexpected error while waiting for {kind}: {frame}")

    async def until_state(self, state_no: int) -> None:
        while self.state_no < state_no:
            await self.recv()

    def next_id(self) -> int:
        self._ids += 1
        return self._ids

    async def move(self, action: str, state_no: int | None = None, **extra: Any) -> dict[str, Any]:
        """Send a move and return its ack or error."""
        rid = self.next_id()
        state = self.state_no if state_no is None else state_no
        await self.send({"type": "move", "state_no": state, "action": action, "id": rid, **extra})
        return await self.expect_reply(rid)

    async def expect_reply(self, rid: Any) -> dict[str, Any]:
        while True:
            frame = await self.recv()
            if frame["type"] in ("ack", "error") and frame.get("id") == rid:
                return frame

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()


def my_turn(client: Client) -> bool:
    view = client.view
    return bool(view.get("legal")) and view.get("to_move") == view.get("seat")


async def play_online_game(clients: list[Client], rng: random.Random, *, max_steps: int = 3000
                           ) -> dict[str, Any]:
    """Play random legal moves (and next deals) until the game is over; returns the last view."""
    for _ in range(max_steps):
        view = clients[0].view
        over = view["result"] is not None and (view["match"] is None or view["match"]["over"])
        if over:
            return view
        if view["result"] is not None:
            ack = await _send_next_deal(clients[rng.randrange(len(clients))])
        else:
            mover = next(c for c in clients if my_turn(c))
            ack = await mover.move(rng.choice(mover.view["legal"]))
        assert ack["type"] == "ack", ack
        for client in clients:
            await client.until_state(ack["state_no"])
    raise AssertionError("the game did not end")


async def _send_next_deal(client: Client) -> dict[str, Any]:
    rid = client.next_id()
    await client.send({"type": "next_deal", "state_no": client.state_no, "id": rid})
    return await client.expect_reply(rid)
