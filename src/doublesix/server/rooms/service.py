"""The rooms service: every change of a room takes one path, :meth:`RoomsService.run`.

``run`` locks the room, refuses a stale frame or acknowledges a repeated one, runs the
registered checks, lets the command's transition change the room (:mod:`.machine`), saves the
row with the new events, and only then acknowledges, broadcasts (:mod:`.outbox`) and hands a
computer's turn to the scheduler. Creating a room, a hello and a leave are the other doors.

It is the lowest layer of the server's rooms: it knows its own sockets (``hub``) and storage,
nothing above. Its collaborators come in at construction: ``before_commit`` (the hall's clocks,
charged in the same save as the move), ``computer`` (:mod:`.turns`) and ``observe`` (the
operator's metrics and logs, :mod:`.observer`). What happened is then
published as :mod:`.signals` to listeners it does not know (the hall, the fanout, metrics);
those layers reach down through public methods (``broadcast``, ``tell_presence``,
``resume_computer``) and registered checks (``move_checks``, ``create_checks``); compose.py
wires them together.
"""

from __future__ import annotations

import hmac
import time
from collections.abc import Callable
from typing import Any

from doublesix.server.config import Settings
from doublesix.server.rooms import founding, machine, outbox, tokens, views
from doublesix.server.rooms.budgets import Budgets
from doublesix.server.rooms.cache import BeforeCommit, RoomCache
from doublesix.server.rooms.events import Joined, Numbered
from doublesix.server.rooms.hub import Hub, Peer
from doublesix.server.rooms.life import RoomLife
from doublesix.server.rooms.observer import RoomsObserver, Unobserved
from doublesix.server.rooms.repeats import repeated
from doublesix.server.rooms.room import Room
from doublesix.server.rooms.signals import Created, Gone, Presence, Signals, Stored
from doublesix.server.rooms.turns import ComputerTurns, Scheduler
from doublesix.server.storage import Storage
from doublesix.server.wire import errors
from doublesix.server.wire.errors import ErrorCode, RequestId, ServiceError
from doublesix.server.wire.protocol import Command, Hello, Simple, Watch


class RoomsService:
    def __init__(
        self, storage: Storage, settings: Settings, clock: Callable[[], float] = time.time, *,
        before_commit: BeforeCommit | None = None,
        computer: Callable[[RoomsService], Scheduler] = ComputerTurns,
        observe: RoomsObserver | None = None,
    ) -> None:
        self.storage = storage
        self.settings = settings
        self.clock = clock
        #: this process's sockets; fanout/ puts a hub in that also knows other processes'
        self.hub: Hub = Hub()
        #: the operator's metrics and room logs (ops/observe.py, passed in by compose.py):
        #: told of each commit and computer turn, and hearing the signals like any listener
        self.observe: RoomsObserver = observe if observe is not None else Unobserved()
        self.rooms = RoomCache(storage, clock, self.observe, before_commit)
        self.signals = Signals()
        self.move_checks: list[machine.MoveCheck] = []
        self.create_checks: list[machine.CreateCheck] = []
        self.join_checks: list[machine.JoinCheck] = []
        self.instance = tokens.new_game_id()  # names this process in computer-turn claims
        self.budgets = Budgets(settings)
        self.computer = computer(self)
        self.life = RoomLife(storage, self.rooms, settings, clock, self._holds, self._gone)

    # -- life cycle ------------------------------------------------------------------------
    async def start(self) -> None:
        """Delete expired rooms, resume computer turns cut off by a restart, start expiry."""
        await self.life.start()
        await self.computer.start()

    async def stop(self) -> None:
        await self.computer.hand_over()
        await self.life.stop()
        await self.computer.stop()
        for game_id in self.rooms.ids():
            for peer in self.hub.drop_room(game_id):
                peer.close(errors.CLOSE_GOING_AWAY, "server shutting down")

    async def hand_over_computer(self) -> None:
        await self.computer.hand_over()  # stopping: other processes play the computer now

    def resume_computer(self, game_id: str) -> None:
        self.computer.resume(game_id)

    async def expire(self) -> list[str]:
        """Delete rooms without activity for ``room_ttl`` seconds and close their sockets."""
        return await self.life.expire()

    def _holds(self, game_id: str) -> bool:
        """A socket or watcher here, or a computer turn, still needs the room in memory."""
        return self.computer.holds(game_id) or self.hub.in_use(game_id)

    def _gone(self, game_ids: list[str]) -> None:
        for game_id in game_ids:
            self.computer.forget(game_id)
            for peer in self.hub.drop_room(game_id):
                peer.close(errors.CLOSE_NOT_FOUND, "room not found")
        self.signals.publish(Gone(game_ids))

    # -- the one path of every change ------------------------------------------------------
    async def run(self, game_id: str, command: machine.Command, peer: Peer | None = None,
                  request_id: RequestId = None, told: bool = False) -> tuple[Room, list[Numbered]]:
        """Lock → stale or repeated → checks → transition → commit → ack → broadcast → the
        computer's turn. The stored events; none when the command changed nothing. *told*:
        the cached room may be taken as current on the fanout's word (cache.locked)."""
        async with self.rooms.locked(game_id, told=told) as room:
            made_on = command.state_no
            again: views.AckFrame | None = None  # a repeat's: sent once its retry is stored
            if made_on is not None and await repeated(self.storage, room, command, made_on):
                again = views.ack(request_id, made_on + 1, duplicate=True)
                if (retried := command.retried()) is None:
                    if peer is not None:
                        peer.send(again)
                    return room, []
                command = retried  # e.g. a next deal dealt by another still closes the sheet
            if command.checked:
                for check in self.move_checks:
                    await check(room)
            changes = command.step(room, self.hub.connected(game_id))
            events = await self.rooms.commit(room, changes) if changes else []
            if peer is not None and (again is not None or (command.acked and events)):
                peer.send(again or views.ack(request_id, room.row.state_no))
            if not events:
                return room, []
            self.broadcast(room, events)
            if room.computer_to_move():
                self.computer.resume(game_id)
            return room, events

    # -- out to the sockets, then to the listeners -----------------------------------------
    def broadcast(self, room: Room, events: list[Numbered]) -> None:
        """Send just-stored *events* to the room's seats and watchers here, then publish them."""
        outbox.events(self.hub, room, events)
        self.signals.publish(Stored(room, events))

    def _presence(self, room: Room, remote: bool = False) -> None:
        outbox.presence(self.hub, room)
        self.signals.publish(Presence(room.game_id, room, remote))

    def tell_presence(self, game_id: str) -> None:
        """Seats of the room connected or left on another process: tell the sockets here."""
        room = self.rooms.cached(game_id)
        if room is not None:  # else no socket here has it loaded
            self._presence(room, remote=True)
        else:
            self.signals.publish(Presence(game_id, None, remote=True))

    def watchers_changed(self, room: Room) -> None:
        """A watcher came or went here (the hall decides who may watch)."""
        self.signals.publish(Presence(room.game_id, room))

    # -- HTTP: create and join -------------------------------------------------------------
    async def create(
        self, mode: str, rules_data: Any, level: str | None, name: str | None,
        hall: Any = None, client: str | None = None, computers: Any = None,
        holders: tuple[str, ...] = (), profile: str | None = None,
    ) -> founding.CreateReply:
        founding.check_mode(mode, computers)
        self.budgets.create(client, mode)
        for check in self.create_checks:
            check(hall, client)
        now = self.clock()
        new = founding.found(mode, rules_data, level, name, hall, computers, now, holders, profile)
        room = new.room
        await self.storage.create(room.row, [new.first])
        self.rooms.created(room)
        if room.computer_to_move():
            self.computer.resume(room.game_id)
        self.signals.publish(Created(room, client))
        return new.reply

    async def join(
        self, game_id: str, invite: str | None, name: str | None, *, public: bool = False,
        seat: int | None = None, holders: tuple[str, ...] = (), profile: str | None = None,
    ) -> founding.SeatReply:
        """Take a free seat by invite, or (*public*, the hall) at an open public table."""
        token = tokens.new_token()
        command = machine.JoinSeat(invite, name, tokens.digest(token), public, seat, holders,
                                   tuple(self.join_checks), profile)
        room, events = await self.run(game_id, command)
        joined = events[0].event
        assert isinstance(joined, Joined)
        return {"game_id": game_id, "seat": joined.seat, "seats": [joined.seat],
                "token": token, "mode": room.mode}

    # -- sockets ---------------------------------------------------------------------------
    async def hello(self, peer: Peer, cmd: Hello) -> None:
        """Bind *peer* to its seats, replacing an older socket of the same seat."""
        async with self.rooms.locked(cmd.game_id) as room:
            given = tokens.digest(cmd.token)
            seats = tuple(s.seat for s in room.row.seats
                          if s.token_hash is not None and hmac.compare_digest(s.token_hash, given))
            if not seats:
                # the socket stays up for another hello (ws.py caps how many may fail)
                raise ServiceError(ErrorCode.BAD_TOKEN, "this token does not open a seat of this"
                                   " room: forget it, or say hello with another", status=401)
            peer.game_id, peer.seats = room.game_id, seats
            old = self.hub.attach(room.game_id, peer)
            if old is not None:
                old.close(errors.CLOSE_REPLACED, "replaced by another connection")
            missed = await self._missed(room, seats, cmd.last_event)
            peer.send(views.welcome(room, seats, self.hub.connected(room.game_id), missed))
            self._presence(room)
            if room.computer_to_move():
                self.computer.resume(room.game_id)  # a turn lost to a crash restarts on return

    async def _missed(self, room: Room, seats: tuple[int, ...],
                      last_event: int | None) -> list[Numbered] | None:
        if last_event is None:
            return []
        newest = room.row.event_no
        if not 0 <= last_event <= newest or newest - last_event > self.settings.max_missed:
            return None  # too old or unknown: the snapshot alone is the answer
        rows = await self.storage.events_after(room.game_id, last_event, self.settings.max_missed)
        return [e for e in map(Numbered.from_row, rows) if e.event.visible_to(seats)]

    async def leave(self, peer: Peer) -> None:
        """A seat's socket closed (lobby and spectator sockets leave through the hall)."""
        game_id = peer.game_id
        if game_id is None or not self.hub.detach(game_id, peer):
            return
        room = self.rooms.cached(game_id)
        if room is None:
            return
        self._presence(room)
        # no socket or watcher of this process (seats on other processes do not keep it here)
        if not self._holds(game_id) and not room.lock.locked():
            self.rooms.forget(game_id)  # nobody is here: free the memory, storage has it

    async def handle(self, peer: Peer, cmd: Command) -> None:
        """Serve one frame of a seat's socket after its hello (ws.py hands chat to the hall);
        raises ServiceError to refuse it."""
        assert peer.game_id is not None and peer.seats
        if isinstance(cmd, Simple) and cmd.type == "ping":
            peer.send({"type": "pong", "id": cmd.id})
            return
        if isinstance(cmd, Hello | Watch) or (isinstance(cmd, Simple) and cmd.type == "lobby"):
            raise ServiceError(ErrorCode.ALREADY_HELLO, "this socket is already bound to a seat")
        command = machine.from_frame(peer.seats, cmd)
        try:
            await self.run(peer.game_id, command, peer, cmd.id, told=True)
        except ServiceError:
            if not await self.rooms.behind(peer.game_id):
                raise  # refused on the room as stored
            await self.run(peer.game_id, command, peer, cmd.id)  # news was on its way

