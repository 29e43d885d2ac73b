"""Fan events out between server processes over Redis pub/sub.

Every process publishes on one channel and hears every other process:

- ``ev``: room G has stored events up to N, and these are the ones just stored. A process
  with sockets in G (seats or watchers) reloads the room and sends them the events they lack:
  the ones the message carried when they are all it lacks (they were stored before they were
  published), else read from storage by event number.
- ``pr``: this process's connected seats (or its watcher count) of room G changed.
- ``beat``: every ``beat`` seconds, all of this process's seats and watchers, so a lost ``pr``
  heals and a process that stops beating (killed) stops counting as connected.
- ``gone``: these rooms expired.
- other kinds belong to layers that registered a handler (``on``): the hall's lobby lines
  (hall/shared.py). A handler hears who sent it; ``on_silent`` hears of a process that stopped
  beating.

Every beat also sweeps: rooms with sockets here whose stored ``event_no`` is ahead of what their
sockets got are delivered again (a lost ``ev`` costs one beat, never an event), and computer
turns nobody holds a claim on are taken up (a process died while thinking).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from doublesix.core.jsonvalue import JSONObject, JSONValue
from doublesix.server.fanout.shared_hub import SharedHub
from doublesix.server.rooms import views
from doublesix.server.rooms.events import Numbered, from_json
from doublesix.server.rooms.service import RoomsService
from doublesix.server.rooms.signals import Gone, Signal, Stored
from doublesix.server.storage import SharedStorage
from doublesix.server.wire.errors import CLOSE_NOT_FOUND, CLOSE_REPLACED, ErrorCode, ServiceError

log = logging.getLogger("doublesix.server.fanout")
CHANNEL = "doublesix:rooms"
#: a registered message kind's handler: (the sending process, the message)
Handler = Callable[[str, JSONObject], None]


def _ints(value: JSONValue) -> list[int]:
    """A list of seats from another process (this code on another process wrote it)."""
    return [v for v in value if isinstance(v, int)] if isinstance(value, list) else []


def _seats_by_room(value: JSONValue) -> dict[str, list[int]]:
    return {k: _ints(v) for k, v in value.items()} if isinstance(value, dict) else {}


def _counts(value: JSONValue) -> dict[str, int]:
    return ({k: v for k, v in value.items() if isinstance(v, int)}
            if isinstance(value, dict) else {})


class RedisFanout:
    def __init__(self, service: RoomsService, url: str, *, beat: float = 2.0) -> None:
        self.service = service
        self.url = url
        self.beat = beat
        self.process = service.instance
        self.hub = SharedHub(self._presence_changed, self._event_no_of, ttl=3 * beat)
        self._outbox: asyncio.Queue[str] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._delivering: dict[str, asyncio.Task[None]] = {}
        self._again: set[str] = set()
        #: per room, the newest event_no heard stored and the events heard, not yet delivered
        self._known: dict[str, int] = {}
        self._heard_events: dict[str, dict[int, Numbered]] = {}
        self._redis: Any = None
        self._handlers: dict[str, Handler] = {}
        self._on_silent: list[Callable[[str], None]] = []
        self._on_subscribed: list[Callable[[], None]] = []
        self._unsubscribe: Callable[[], None] | None = None

    # -- life cycle ------------------------------------------------------------------------
    async def start(self) -> None:
        import redis.asyncio as redis  # the redis extra: imported only when a URL is set

        self._redis = redis.from_url(self.url)
        await self._redis.ping()  # fail at start-up, not at the first move
        # before any socket connects: the service keeps its sockets in this hub from now on
        self.service.hub = self.hub
        self._unsubscribe = self.service.signals.subscribe(self._signal)
        self._tasks = [asyncio.create_task(self._publisher()),
                       asyncio.create_task(self._listener()),
                       asyncio.create_task(self._beats())]

    async def stop(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
        tasks = [*self._tasks, *self._delivering.values()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._redis is not None:
            await self._redis.aclose()

    # -- for the layers above the service -------------------------------------------------
    def on(self, kind: str, handler: Handler) -> None:
        """Hand messages of *kind* from other processes to *handler*."""
        self._handlers[kind] = handler

    def on_silent(self, handler: Callable[[str], None]) -> None:
        """Call *handler* with each process that stopped beating."""
        self._on_silent.append(handler)

    def on_subscribed(self, handler: Callable[[], None]) -> None:
        """Call *handler* each time this process (re)subscribes: from then on it hears the
        others, so it can ask them for what it missed."""
        self._on_subscribed.append(handler)

    def publish(self, message: Mapping[str, object]) -> None:
        """Send *message* (with a registered ``"k"``) to every other process."""
        self._publish(dict(message))

    # -- what the service tells ------------------------------------------------------------
    def _signal(self, signal: Signal) -> None:
        if isinstance(signal, Stored):
            self.stored(signal.room.game_id, signal.room.row.event_no, signal.events)
        elif isinstance(signal, Gone):
            self.gone(signal.game_ids)

    def stored(self, game_id: str, event_no: int, events: Sequence[Numbered] = ()) -> None:
        for peer in self.hub.listeners(game_id):
            self.hub.delivered[id(peer)] = event_no
        self._publish({"k": "ev", "g": game_id, "n": event_no,
                       "e": [[e.event_no, e.state_no, e.payload] for e in events]})

    def gone(self, game_ids: Sequence[str]) -> None:
        if game_ids:
            self._publish({"k": "gone", "g": list(game_ids)})

    def _presence_changed(self, game_id: str, attached: int | None) -> None:
        message: dict[str, object] = {"k": "pr", "g": game_id,
                                      "s": self.hub.local_seats(game_id),
                                      "w": self.hub.local_watchers(game_id)}
        if attached is not None:
            message["new"] = attached
        self._publish(message)

    def _event_no_of(self, game_id: str) -> int:
        room = self.service.rooms.cached(game_id)  # loaded: attach happens inside hello
        return room.row.event_no if room is not None else 0

    def _publish(self, message: dict[str, object]) -> None:
        """Queue *message* (anything ``json.dumps`` writes) for every other process."""
        message["p"] = self.process
        self._outbox.put_nowait(json.dumps(message, separators=(",", ":")))

    # -- Redis -----------------------------------------------------------------------------
    async def _publisher(self) -> None:
        while True:
            batch = [await self._outbox.get()]
            while not self._outbox.empty() and len(batch) < 500:
                batch.append(self._outbox.get_nowait())
            try:
                async with self._redis.pipeline(transaction=False) as pipe:
                    for text in batch:
                        pipe.publish(CHANNEL, text)
                    await pipe.execute()
            except Exception as exc:
                # dropped: the other processes' sweeps find these events in storage
                log.warning("publishing %d message(s) failed: %s", len(batch), exc)
                await asyncio.sleep(0.5)

    async def _listener(self) -> None:
        rooms = self.service.rooms
        while True:
            pubsub = self._redis.pubsub()
            try:
                await pubsub.subscribe(CHANNEL)
                while True:
                    message = await pubsub.get_message(timeout=1.0)
                    if message is None:
                        continue
                    if message["type"] == "subscribe":
                        # Redis answers in order: from here on every publish is heard
                        rooms.listening(True)
                        for handler in self._on_subscribed:
                            handler()
                    elif message["type"] == "message":
                        self._heard(json.loads(message["data"]))
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                rooms.listening(False)
                log.warning("Redis subscription lost (%s); subscribing again", exc)
                await asyncio.sleep(1.0)
            finally:
                rooms.listening(False)
                with contextlib.suppress(Exception):
                    await pubsub.aclose()

    def _heard(self, message: JSONObject) -> None:
        process = message.get("p")
        if not isinstance(process, str) or process == self.process:
            return
        self.hub.heard_from(process)
        kind = message.get("k")
        if kind == "ev":
            game_id = str(message["g"])
            event_no = message.get("n")
            if isinstance(event_no, int):
                # rooms held here are not asked of storage before a change (cache.py)
                self.service.rooms.told(game_id, event_no)
            if self.hub.listeners(game_id):
                self._news(game_id, message.get("n"), message.get("e"))
                self._deliver(game_id)
        elif kind == "pr":
            game_id = str(message["g"])
            watchers = message.get("w", 0)
            self.hub.remote_room(process, game_id, _ints(message["s"]),
                                 watchers if isinstance(watchers, int) else 0)
            new = message.get("new")
            if isinstance(new, int):
                # one socket per seat across processes too: the newer one wins (a second tab)
                old = self.hub.replace_local(game_id, new)
                if old is not None:
                    old.close(CLOSE_REPLACED, "replaced by another connection")
            self._tell_presence({game_id})
        elif kind == "beat":
            self._tell_presence(self.hub.remote_beat(process, _seats_by_room(message["r"]),
                                                     _counts(message.get("w", {}))))
        elif kind == "gone":
            gone = message["g"]
            for gid in gone if isinstance(gone, list) else []:
                self._drop(str(gid))
        elif isinstance(kind, str) and kind in self._handlers:
            try:
                self._handlers[kind](process, message)
            except Exception:
                log.exception("a %r message could not be handled", kind)

    # -- to this process's sockets ---------------------------------------------------------
    def _news(self, game_id: str, event_no: object, events: object) -> None:
        """Another process stored the room's events up to *event_no*: remember how far
        storage is (no need to ask it) and the events themselves (no need to read them).
        Whatever is not of the expected shape is left to storage."""
        if isinstance(event_no, int):
            self._known[game_id] = max(event_no, self._known.get(game_id, 0))
        heard = self._heard_events.setdefault(game_id, {})
        for item in events if isinstance(events, list) else []:
            match item:
                case [int(number), int(state_no), dict(payload)]:
                    with contextlib.suppress(ValueError):
                        heard[number] = Numbered(number, state_no, from_json(payload), payload)

    async def _lacking(self, game_id: str, floor: int, newest: int) -> list[Numbered]:
        """The room's events after *floor* up to *newest*: as heard when every one was,
        else from storage."""
        heard = self._heard_events.pop(game_id, {})
        later = {n: e for n, e in heard.items() if n > newest}
        if later:
            self._heard_events[game_id] = later
        if all(n in heard for n in range(floor + 1, newest + 1)):
            return [heard[n] for n in range(floor + 1, newest + 1)]
        rows = await self.service.storage.events_after(game_id, floor,
                                                       self.service.settings.max_missed)
        return [Numbered.from_row(row) for row in rows]

    def _deliver(self, game_id: str) -> None:
        """Send the room's sockets here what they lack (one delivery per room at a time)."""
        if not self.hub.listeners(game_id):
            return
        task = self._delivering.get(game_id)
        if task is not None and not task.done():
            self._again.add(game_id)  # news while delivering: one more lap
            return
        self._delivering[game_id] = asyncio.create_task(self._delivery(game_id))

    async def _delivery(self, game_id: str) -> None:
        try:
            while True:
                self._again.discard(game_id)
                await self._deliver_once(game_id)
                if game_id not in self._again:
                    return
        except ServiceError as exc:
            if exc.code == ErrorCode.NOT_FOUND:
                self._drop(game_id)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("delivering events of %s failed; the next sweep tries again", game_id)
        finally:
            if self._delivering.get(game_id) is asyncio.current_task():
                del self._delivering[game_id]

    async def _deliver_once(self, game_id: str) -> None:
        known = self._known.pop(game_id, None)
        # reloaded when another process wrote (storage is known to be at *known*: not asked)
        async with self.service.rooms.locked(game_id, stored=known) as room:
            peers = self.hub.listeners(game_id)
            newest = room.row.event_no
            floor = min((self.hub.delivered.get(id(p), newest) for p in peers), default=newest)
            if floor >= newest:
                return
            events = await self._lacking(game_id, floor, newest)
            connected = self.hub.connected(game_id)
            for peer in peers:
                seen = self.hub.delivered.get(id(peer), newest)
                for event in events:
                    if event.event_no > seen and event.event.visible_to(peer.seats):
                        frame = (views.event(room, peer.seats, connected, event) if peer.seats
                                 else views.watcher_event(room, connected, event))
                        # events of several changes caught up at once are sent as one change
                        # (docs/protocol.md): each carries the view after the last, so also its
                        # state_no; a client moving on an earlier frame would be stale
                        frame["state_no"] = room.row.state_no
                        peer.send(frame)
                self.hub.delivered[id(peer)] = newest

    def _tell_presence(self, game_ids: set[str]) -> None:
        for game_id in game_ids:
            self.service.tell_presence(game_id)

    def _drop(self, game_id: str) -> None:
        self._known.pop(game_id, None)
        self._heard_events.pop(game_id, None)
        self.service.rooms.forget(game_id)
        for peer in self.hub.drop_room(game_id):
            peer.close(CLOSE_NOT_FOUND, "room not found")

    # -- beats and sweeps ------------------------------------------------------------------
    async def _beats(self) -> None:
        lap = 0
        while True:
            await asyncio.sleep(self.beat)
            lap += 1
            try:
                self._publish({"k": "beat", "r": self.hub.local_rooms(),
                               "w": self.hub.all_watchers()})
                changed, silent = self.hub.forget_silent()
                self._tell_presence(changed)
                for process in silent:
                    for handler in self._on_silent:
                        handler(process)
                await self._sweep(computer=lap % 3 == 0)
            except Exception:
                log.exception("sweep failed; trying again next beat")

    async def _sweep(self, *, computer: bool) -> None:
        storage = self.service.storage
        if not isinstance(storage, SharedStorage):
            return
        rooms = list(self.hub.local_rooms())
        for start in range(0, len(rooms), 1000):
            chunk = rooms[start:start + 1000]
            stored = await storage.event_nos(chunk)
            for game_id in chunk:
                if game_id not in stored:
                    self._drop(game_id)
                    continue
                got = [self.hub.delivered.get(id(p), 0) for p in self.hub.listeners(game_id)]
                if got and min(got) < stored[game_id]:
                    self._known[game_id] = stored[game_id]
                    self._deliver(game_id)
        if computer:
            # a claimant that died leaves its turn unplayed: adopt it (the claim lets one do it)
            idle_before = self.service.clock() - max(5.0, 3 * self.beat)
            for game_id in await storage.orphaned_computer_turns(idle_before):
                self.service.resume_computer(game_id)
