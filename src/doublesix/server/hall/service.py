"""The hall's part of the service: lobby subscribers, spectators, chat, clocks' timeouts.

It sits beside :class:`~doublesix.server.service.RoomsService` and uses its cache, commit and
broadcast, so every hall change is saved before it is said, like a move. The rooms service
calls in through a few hooks (``changed``, ``on_events``, ``on_presence``, ``settle``).
Lobby and spectator sockets are peers without seats (``seats == ()``).
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from doublesix.server import views
from doublesix.server.errors import ServiceError
from doublesix.server.hall import clocks, tables
from doublesix.server.hall.chat import KEEP, ChatLimits, clean_text
from doublesix.server.hall.lobby import Lobby
from doublesix.server.hall.names import clean_name
from doublesix.server.hub import Peer
from doublesix.server.protocol import Chat, Command, Simple, Watch
from doublesix.server.rooms import CREATOR, Room
from doublesix.server.storage import EventRow

if TYPE_CHECKING:
    from doublesix.server.service import RoomsService

log = logging.getLogger("doublesix.server.hall")


class Hall:
    def __init__(self, service: RoomsService) -> None:
        self.service = service
        self.clock = service.clock
        self.limits = ChatLimits(service.clock)
        settings = service.settings
        #: the lobby's subscribers and list (only changes are sent: hall/lobby.py)
        self.lobby = Lobby(settings.lobby_interval, settings.tables_per_client)
        self.tables = self.lobby.tables
        self.watchers: dict[str, set[Peer]] = {}
        #: tables whose creator left and did not come back within the grace period
        self.closed: set[str] = set()
        self.left_at: dict[str, float] = {}
        #: tables whose clock runs: checked for a flag on every tick
        self.timed: set[str] = set()
        self._task: asyncio.Task[None] | None = None

    # -- life cycle ------------------------------------------------------------------------
    def start(self) -> None:
        self._task = asyncio.create_task(self._loop())

    async def stop(self) -> None:
        self.lobby.close()
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    async def _loop(self) -> None:
        while True:
            await asyncio.sleep(self.service.settings.hall_tick)
            try:
                await self.tick()
            except Exception:
                log.exception("hall tick failed; trying again")

    async def tick(self) -> None:
        """Flag clocks that ran out and drop tables whose creator left too long ago."""
        now = self.clock()
        grace = self.service.settings.hall_grace
        for game_id, since in list(self.left_at.items()):
            if now - since >= grace:
                self.left_at.pop(game_id, None)
                self.closed.add(game_id)
                self.lobby.put(game_id, None)
                await self._store_closed(game_id)
        for game_id in list(self.timed):
            room = self.service.rooms.cached(game_id)
            hall = room.row.hall if room is not None else None
            if hall is not None and clocks.flagged(hall.get("clock"), now) is None:
                continue  # still ticking: no lock, no storage round trip
            try:
                async with self.service.rooms.locked(game_id) as room:
                    await self.settle(room)
            except ServiceError:
                self.timed.discard(game_id)

    async def _store_closed(self, game_id: str) -> None:
        """Closed for good, restarts included: the flag is saved with the room."""
        try:
            async with self.service.rooms.locked(game_id) as room:
                if room.row.hall is not None and not room.row.hall.get("closed"):
                    room.row.hall["closed"] = True
                    await self.service.rooms.commit(room, [])
        except ServiceError:
            pass  # expired meanwhile, or storage refused: the memory flag still holds

    def is_closed(self, room: Room) -> bool:
        return room.game_id in self.closed or bool((room.row.hall or {}).get("closed"))

    def forget(self, game_id: str) -> None:
        """The room expired: it leaves the lobby, its watchers are closed by the caller."""
        self.lobby.put(game_id, None)
        self.left_at.pop(game_id, None)
        self.timed.discard(game_id)
        self.closed.discard(game_id)
        self.limits.forget(game_id)
        for peer in self.watchers.pop(game_id, set()):
            peer.close(1000, "bye")

    # -- hooks from the rooms service ------------------------------------------------------
    def changed(self, room: Room) -> None:
        """Something about *room* changed: refresh its lobby line, its clock, its grace."""
        hall = room.row.hall
        if hall is None:
            return
        game_id = room.game_id
        connected = self.service.hub.connected(game_id)
        clock = hall.get("clock")
        if clock is not None and clock["running"] is not None:
            self.timed.add(game_id)
        else:
            self.timed.discard(game_id)
        if not room.all_taken() and CREATOR not in connected:
            self.left_at.setdefault(game_id, self.clock())
        else:
            self.left_at.pop(game_id, None)
        # listed: public tables that are open, or whose game someone is still at
        deserted = room.all_taken() and not connected
        if hall.get("public") and not self.is_closed(room) and not deserted:
            watching = len(self.watchers.get(game_id, ()))
            self.lobby.put(game_id, tables.summary(room, connected, watching))
        else:
            self.lobby.put(game_id, None)

    def on_events(self, room: Room, events: list[EventRow]) -> None:
        watchers = self.watchers.get(room.game_id)
        if watchers:
            connected = self.service.hub.connected(room.game_id)
            for peer in list(watchers):
                for event in events:
                    peer.send(views.watcher_event(room, connected, event))
        self.changed(room)

    def on_presence(self, room: Room, frame: dict[str, Any]) -> None:
        for peer in list(self.watchers.get(room.game_id, ())):
            peer.send(frame)
        self.changed(room)

    async def settle(self, room: Room) -> bool:
        """Under the room's lock: record a timeout if the running clock ran out; True when
        the table's game already ended by time (so no move may follow)."""
        hall = room.row.hall
        if hall is None:
            return False
        seat = clocks.flagged(hall.get("clock"), self.clock())
        if seat is not None and not hall.get("over"):
            hall["over"] = tables.timeout_result(room, seat, room.row.game_no)
            payload = {"kind": "timeout", **{k: v for k, v in hall["over"].items()
                                             if k != "game_no"}}
            events = await self.service.rooms.commit(room, [payload])
            self.service._broadcast(room, events)
        return bool(hall.get("over"))

    # -- lobby and spectators --------------------------------------------------------------
    def opens(self, cmd: Command) -> bool:
        """A first frame the hall answers instead of ``hello``."""
        return isinstance(cmd, Watch) or (isinstance(cmd, Simple) and cmd.type == "lobby")

    async def open(self, peer: Peer, cmd: Command) -> None:
        if isinstance(cmd, Watch):
            await self._watch(peer, cmd)
            return
        peer.game_id, peer.seats = "", ()
        self.lobby.subscribe(peer)

    async def _watch(self, peer: Peer, cmd: Watch) -> None:
        async with self.service.rooms.locked(cmd.game_id) as room:
            hall = room.row.hall
            if not hall or not hall.get("public") or self.is_closed(room):
                raise ServiceError("not_public", "only a public hall table can be watched")
            peer.game_id, peer.seats = room.game_id, ()
            self.watchers.setdefault(room.game_id, set()).add(peer)
            peer.send(views.watching(room, self.service.hub.connected(room.game_id)))
            self.changed(room)

    def leave(self, peer: Peer) -> None:
        self.lobby.unsubscribe(peer)
        game_id = peer.game_id
        if game_id and peer in self.watchers.get(game_id, set()):
            self.watchers[game_id].discard(peer)
            if not self.watchers[game_id]:
                del self.watchers[game_id]
            room = self.service.rooms.cached(game_id)
            if room is not None:
                self.changed(room)
            elif game_id in self.tables:
                # the room left memory (its players left): its line still counts watchers
                line = {**self.tables[game_id],
                        "watchers": len(self.watchers.get(game_id, ()))}
                self.lobby.put(game_id, line)

    async def handle_outsider(self, peer: Peer, cmd: Command) -> None:
        """A frame from a lobby or spectator socket: they only read (and ping)."""
        if isinstance(cmd, Simple) and cmd.type == "ping":
            peer.send({"type": "pong", "id": cmd.id})
            return
        raise ServiceError("watch_only", "spectators and the lobby only read")

    def _lobby_frame(self) -> dict[str, Any]:
        return self.lobby.snapshot()

    def check_tables(self, client: str | None) -> None:
        """Before a new hall table: its creator's address has room for one more."""
        self.lobby.check_owner(client)

    def own(self, game_id: str, client: str | None) -> None:
        room = self.service.rooms.cached(game_id)
        if room is not None and (room.row.hall or {}).get("public"):
            self.lobby.own(game_id, client)

    # -- sitting down and chat -------------------------------------------------------------
    async def sit(self, game_id: str, name: Any, seat: int | None = None) -> dict[str, Any]:
        """Take a free seat (the chosen one, or the first) of an open public table; two at
        once: exactly one gets it."""
        if game_id in self.closed:
            raise ServiceError("not_found", "this table was closed", status=404)
        return await self.service.join(game_id, None, clean_name(name), public=True,
                                       seat=seat)

    async def chat(self, peer: Peer, cmd: Chat) -> None:
        text = clean_text(cmd.text)
        assert peer.game_id
        async with self.service.rooms.locked(peer.game_id) as room:
            hall = room.row.hall
            if hall is None:
                raise ServiceError("not_allowed", "only a hall table has a chat")
            seat = peer.seats[0]
            self.limits.take(room.game_id, seat)
            message = {"seat": seat, "name": room.seat(seat).name, "text": text,
                       "at": round(self.clock())}
            hall["chat"] = [*hall.get("chat", []), message][-KEEP:]
            events = await self.service.rooms.commit(room, [{"kind": "chat", **message}])
            peer.send({"type": "ack", "id": cmd.id, "state_no": room.row.state_no})
            self.service._broadcast(room, events)
