"""The rooms service: every game rule of the server lives here, none in the routes.

Each change follows one path: take the room's lock (``rooms.locked``), check, change the live
Match, save the row and its new events (``rooms.commit``), and only then acknowledge and
broadcast through the views module, the single exit for game data.

It is the lowest layer of the server's rooms: it knows its own sockets (``hub``) and storage,
nothing above. What happened is published afterwards as :mod:`.signals` (``signals``) to
listeners it does not know: the hall (hall/service.py), the fanout to other processes (fanout/),
metrics or logs. The layers above reach down through public methods (``broadcast``,
``tell_presence``, ``resume_computer``) and registered checks (``move_checks``,
``create_checks``); server/compose.py wires them together.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from doublesix.core import Action, IllegalAction, PlayerView, Ruleset
from doublesix.server.config import Settings
from doublesix.server.ops.observe import Observer
from doublesix.server.rooms import idle, tokens, views
from doublesix.server.rooms.botpool import release_pool, shared_pool
from doublesix.server.rooms.budgets import Budgets
from doublesix.server.rooms.cache import RoomCache
from doublesix.server.rooms.hub import Hub, Peer
from doublesix.server.rooms.room import (
    CREATOR,
    DEFAULT_LEVEL,
    LEVELS,
    MODES,
    Room,
    new_match,
    seat_list,
)
from doublesix.server.rooms.signals import Created, Gone, Presence, Signals, Stored
from doublesix.server.rooms.tables import table_options
from doublesix.server.storage import EventRow, GameRow, SeatRow, SharedStorage, Storage
from doublesix.server.wire.errors import (
    CLOSE_GOING_AWAY,
    CLOSE_NOT_FOUND,
    CLOSE_REPLACED,
    ErrorCode,
    ServiceError,
)
from doublesix.server.wire.protocol import (
    Command,
    Hello,
    Move,
    NextDeal,
    SeatComputer,
    SetLevel,
    Simple,
    Watch,
)

log = logging.getLogger("doublesix.server")
Payload = dict[str, Any]
#: runs under the room's lock before a move or next deal; raises ServiceError to refuse it
MoveCheck = Callable[[Room], Awaitable[None]]
#: runs before a room is created, with the create body's ``hall`` and the client's address
CreateCheck = Callable[[Any, str | None], None]
#: runs under the room's lock before someone takes a seat, with who they are (hall/holders.py)
JoinCheck = Callable[[Room, tuple[str, ...]], None]


class RoomsService:
    def __init__(
        self, storage: Storage, settings: Settings, clock: Callable[[], float] = time.time
    ) -> None:
        self.storage = storage
        self.settings = settings
        self.clock = clock
        #: this process's sockets; fanout/ puts a hub in that also knows other processes'
        self.hub: Hub = Hub()
        #: metrics and room logs for the operator: it hears the signals like any listener
        self.observe = Observer(settings, self.rooms_in_memory)
        self.rooms = RoomCache(storage, clock, self.observe)
        self.signals = Signals()
        self.signals.subscribe(self.observe.heard)
        self.move_checks: list[MoveCheck] = []
        self.create_checks: list[CreateCheck] = []
        self.join_checks: list[JoinCheck] = []
        self._computer: dict[str, asyncio.Task[None]] = {}
        self._expiry: asyncio.Task[None] | None = None
        self._sweeper: asyncio.Task[None] | None = None
        self._handed_over = False  # stopping: computer turns are left to other processes
        self.instance = tokens.new_game_id()  # names this process in computer-turn claims
        self.bots = shared_pool(settings.bot_workers, settings.bot_queue)
        self.budgets = Budgets(settings)

    # -- life cycle ------------------------------------------------------------------------
    async def start(self) -> None:
        """Delete expired rooms, resume computer turns cut off by a restart, start expiry."""
        self.observe.start()
        await self.expire()
        for game_id in await self.storage.awaiting_computer():
            self.resume_computer(game_id)
        self._expiry = asyncio.create_task(self._expiry_loop())
        self._sweeper = asyncio.create_task(
            idle.sweep_loop(self.rooms, self._holds, self.settings.room_idle))

    def rooms_in_memory(self) -> int:
        return len(self.rooms.ids())

    def _holds(self, game_id: str) -> bool:
        """A socket or watcher here, or a computer turn, still needs the room in memory."""
        return game_id in self._computer or self.hub.in_use(game_id)

    async def stop(self) -> None:
        await self.hand_over_computer()
        tasks = [t for t in [self._expiry, self._sweeper] if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        release_pool(self.bots)
        await self.observe.stop()
        for game_id in self.rooms.ids():
            for peer in self.hub.drop_room(game_id):
                peer.close(CLOSE_GOING_AWAY, "server shutting down")

    async def hand_over_computer(self) -> None:
        """A stopping process plays the computer no more and gives up its claims, so another
        process (or this one, restarted) plays those turns now rather than once the claims
        lapse (``computer_claim_ttl``); storage keeps every turn that is due."""
        self._handed_over = True
        tasks = list(self._computer.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if isinstance(self.storage, SharedStorage):
            await self.storage.release_computer_claims(self.instance)

    async def _expiry_loop(self) -> None:
        while True:
            await asyncio.sleep(self.settings.expiry_interval)
            try:
                await self.expire()
            except Exception:
                log.exception("expiry failed; trying again later")

    async def expire(self) -> list[str]:
        """Delete rooms without activity for ``room_ttl`` seconds and close their sockets."""
        gone = await self.storage.delete_inactive(self.clock() - self.settings.room_ttl)
        for game_id in gone:
            self.rooms.forget(game_id)
            task = self._computer.pop(game_id, None)
            if task is not None:
                task.cancel()
            for peer in self.hub.drop_room(game_id):
                peer.close(CLOSE_NOT_FOUND, "room not found")
        if gone:
            log.info("expired %d room(s)", len(gone))
            self.signals.publish(Gone(gone))
        return gone

    # -- out to the sockets, then to the listeners -----------------------------------------
    def broadcast(self, room: Room, events: list[EventRow]) -> None:
        """Send just-stored *events* to the room's seats and watchers here, then publish them."""
        game_id = room.game_id
        connected = self.hub.connected(game_id)
        for peer in self.hub.peers(game_id):
            for event in events:
                peer.send(views.event(room, peer.seats, connected, event))
        watchers = self.hub.watchers(game_id)
        if watchers:
            for event in events:
                frame = views.watcher_event(room, connected, event)  # one public frame for all
                for peer in watchers:
                    peer.send(frame)
        self.signals.publish(Stored(room, events))

    def _presence(self, room: Room) -> None:
        frame = views.presence(room, self.hub.connected(room.game_id))
        for peer in [*self.hub.peers(room.game_id), *self.hub.watchers(room.game_id)]:
            peer.send(frame)
        self.signals.publish(Presence(room.game_id, room))

    def tell_presence(self, game_id: str) -> None:
        """Seats of the room connected or left on another process: tell the sockets here."""
        room = self.rooms.cached(game_id)
        if room is not None:  # else no socket here has it loaded
            frame = views.presence(room, self.hub.connected(game_id))
            for peer in [*self.hub.peers(game_id), *self.hub.watchers(game_id)]:
                peer.send(frame)
        self.signals.publish(Presence(game_id, room, remote=True))

    def watchers_changed(self, room: Room) -> None:
        """A watcher came or went here (the hall decides who may watch)."""
        self.signals.publish(Presence(room.game_id, room))

    def _after_change(self, room: Room) -> None:
        if room.computer_to_move():
            self.resume_computer(room.game_id)

    # -- HTTP: create and join -------------------------------------------------------------
    async def create(
        self, mode: str, rules_data: Any, level: str | None, name: str | None,
        hall: Any = None, client: str | None = None, computers: Any = None,
        holders: tuple[str, ...] = (),
    ) -> dict[str, Any]:
        if mode not in MODES:
            raise ServiceError(ErrorCode.BAD_REQUEST, f"mode must be one of {', '.join(MODES)}")
        if computers is not None and mode != "online":
            raise ServiceError(ErrorCode.BAD_REQUEST,
                               "only an online room gives chosen seats to the"
                               " computer (a computer game gives it every other seat)")
        self.budgets.create(client, mode)
        for check in self.create_checks:
            check(hall, client)
        if level is not None and mode != "computer" and not computers:
            raise ServiceError(ErrorCode.BAD_REQUEST,
                               "only a game with a computer seat has a level")
        if mode == "computer" or computers:
            level = level or DEFAULT_LEVEL
            if level not in LEVELS:
                raise ServiceError(ErrorCode.BAD_REQUEST,
                                   f"level must be one of {', '.join(LEVELS)}")
        try:
            rules = Ruleset.from_untrusted(rules_data if rules_data is not None else {})
            seed = tokens.new_seed()
            match, record = new_match(rules, seed)
        except (ValueError, TypeError, KeyError) as exc:
            message = str(exc) or "these rules cannot be played"
            raise ServiceError(ErrorCode.INVALID_RULES, message) from None
        token = tokens.new_token()
        token_hash = tokens.digest(token)
        seats = [SeatRow(seat=s) for s in range(rules.players)]
        seats[CREATOR] = SeatRow(CREATOR, token_hash, name)
        for seat in seats[1:]:
            if mode == "computer":
                seat.computer = True
            elif mode == "hotseat":
                seat.token_hash = token_hash  # one device plays every seat
        for seat_no in seat_list(computers, rules.players):
            seats[seat_no].computer = True
        invite = tokens.new_invite() if mode == "online" else None
        now = self.clock()
        row = GameRow(
            game_id=tokens.new_game_id(), mode=mode, level=level, record=record, game_no=1,
            state_no=0, event_no=1, seats=seats,
            invite_hash=tokens.digest(invite) if invite else None,
            created_at=now, updated_at=now,
        )
        if hall is not None:
            row.hall = table_options(hall, mode, rules.players, now)
            seats[CREATOR].holders = list(holders)  # a hall table's creator holds one seat
        room = Room(row=row, match=match)
        row.computer_to_move = room.computer_to_move()
        created = EventRow(row.game_id, 1, 0, {"kind": "created", "mode": mode}, now)
        await self.storage.create(row, [created])
        self.rooms.add(room)
        self._after_change(room)
        self.signals.publish(Created(room, client))
        owned = [s.seat for s in seats if s.token_hash == token_hash]
        result: dict[str, Any] = {"game_id": row.game_id, "seat": CREATOR, "seats": owned,
                                  "token": token, "mode": mode}
        if invite is not None:
            result["invite"] = invite
            result["invite_url"] = f"/#join={row.game_id}.{invite}"
        return result

    async def join(
        self, game_id: str, invite: str | None, name: str | None, *, public: bool = False,
        seat: int | None = None, holders: tuple[str, ...] = (),
    ) -> dict[str, Any]:
        """Take a free seat by invite, or (*public*, the hall) at an open public table: the
        chosen *seat*, or else the first free one (one invite link seats every guest)."""
        async with self.rooms.locked(game_id) as room:
            if public:
                opens = bool(room.row.hall and room.row.hall["public"])
                if room.row.hall and room.row.hall.get("closed"):
                    raise ServiceError(ErrorCode.NOT_FOUND, "this table was closed", status=404)
            else:
                opens = invite is not None and tokens.matches(invite, room.row.invite_hash)
            if room.mode != "online" or not opens:
                raise ServiceError(ErrorCode.BAD_INVITE,
                                   "this invite does not open this room", status=403)
            if room.row.hall is not None and name is None:
                # strangers see a hall table's seats (the lobby, spectators): as at create
                # and sit-down, the invite link too needs a name
                raise ServiceError(ErrorCode.BAD_NAME, "a seat at a hall table needs a name")
            free = room.free_seats()
            if not free:
                raise ServiceError(ErrorCode.ROOM_FULL, "the room is full: every seat is taken",
                                   status=409)
            if seat is not None:
                _check_seat_exists(room, seat)
            if seat is not None and seat not in free:
                raise ServiceError(ErrorCode.SEAT_TAKEN, f"seat {seat} is not free: free seats are "
                                   + ", ".join(map(str, free)), status=409)
            for check in self.join_checks:
                check(room, holders)
            token = tokens.new_token()
            taken = room.seat(free[0] if seat is None else seat)
            taken.token_hash = tokens.digest(token)
            taken.name = name
            taken.holders = list(holders) if room.row.hall is not None else []
            events = await self.rooms.commit(room, [{"kind": "joined", "seat": taken.seat,
                                                "name": name}])
            self.broadcast(room, events)
            self._after_change(room)  # the last seat taken may hand the turn to a computer
            return {"game_id": game_id, "seat": taken.seat, "seats": [taken.seat],
                    "token": token, "mode": room.mode}

    async def _seat_computer(self, peer: Peer, cmd: SeatComputer) -> None:
        """The creator gives a free seat of an online room to the computer."""
        assert peer.game_id is not None
        async with self.rooms.locked(peer.game_id) as room:
            if room.mode != "online" or CREATOR not in peer.seats:
                raise ServiceError(ErrorCode.NOT_ALLOWED,
                                   "only the creator of an online room gives a"
                                   " seat to the computer")
            _check_seat_exists(room, cmd.seat)
            if cmd.seat not in room.free_seats():
                raise ServiceError(ErrorCode.SEAT_TAKEN, f"seat {cmd.seat} is not free")
            room.seat(cmd.seat).computer = True
            room.row.level = room.row.level or DEFAULT_LEVEL
            events = await self.rooms.commit(room, [{"kind": "seat_computer",
                                                     "seat": cmd.seat}])
            peer.send({"type": "ack", "id": cmd.id, "state_no": room.row.state_no})
            self.broadcast(room, events)
            self._after_change(room)

    # -- sockets ---------------------------------------------------------------------------
    async def hello(self, peer: Peer, cmd: Hello) -> None:
        """Bind *peer* to its seats, replacing an older socket of the same seat."""
        async with self.rooms.locked(cmd.game_id) as room:
            given = tokens.digest(cmd.token)
            seats = tuple(s.seat for s in room.row.seats
                          if s.token_hash is not None and hmac.compare_digest(s.token_hash, given))
            if not seats:
                # the socket stays up for another hello (ws.py caps how many may fail)
                raise ServiceError(ErrorCode.BAD_TOKEN,
                                   "this token does not open a seat of this room:"
                                   " forget it, or say hello with another", status=401)
            peer.game_id, peer.seats = room.game_id, seats
            old = self.hub.attach(room.game_id, peer)
            if old is not None:
                old.close(CLOSE_REPLACED, "replaced by another connection")
            missed = await self._missed(room, cmd.last_event)
            connected = self.hub.connected(room.game_id)
            peer.send(views.welcome(room, seats, connected, missed))
            self._presence(room)
            self._after_change(room)  # a computer turn lost to a crash restarts on return

    async def _missed(self, room: Room, last_event: int | None) -> list[EventRow] | None:
        if last_event is None:
            return []
        newest = room.row.event_no
        if not 0 <= last_event <= newest or newest - last_event > self.settings.max_missed:
            return None  # too old or unknown: the snapshot alone is the answer
        return await self.storage.events_after(room.game_id, last_event, self.settings.max_missed)

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
        elif isinstance(cmd, Hello | Watch) or (isinstance(cmd, Simple) and cmd.type == "lobby"):
            raise ServiceError(ErrorCode.ALREADY_HELLO, "this socket is already bound to a seat")
        elif isinstance(cmd, Move):
            await self._move(peer, cmd)
        elif isinstance(cmd, NextDeal):
            await self._next_deal(peer, cmd)
        elif isinstance(cmd, SetLevel):
            await self._set_level(peer, cmd)
        elif isinstance(cmd, SeatComputer):
            await self._seat_computer(peer, cmd)
        elif not isinstance(cmd, Simple):
            raise ServiceError(ErrorCode.NOT_ALLOWED, "a chat frame is served by the hall (ws.py)")
        elif cmd.type == "rematch":
            await self._rematch(peer)
        elif cmd.type == "rematch_cancel":
            await self._rematch_cancel(peer)
        elif cmd.type == "reset":
            await self._reset(peer)

    # -- play ------------------------------------------------------------------------------
    def _acting_seat(self, room: Room, peer: Peer, seat: int | None) -> int:
        if seat is not None:
            if seat not in peer.seats:
                raise ServiceError(ErrorCode.WRONG_SEAT, f"seat {seat} is not yours")
            return seat
        to_move = room.match.to_move
        return to_move if to_move is not None and to_move in peer.seats else peer.seats[0]

    async def _check_state(
        self, room: Room, state_no: int, is_retry: Callable[[Payload], bool]
    ) -> bool:
        """True when the frame repeats the change that left *state_no*; raises if stale."""
        current = room.row.state_no
        if state_no == current:
            return False
        if 0 <= state_no < current:
            for event in await self.storage.events_at_state(room.game_id, state_no + 1):
                if is_retry(event.payload):
                    return True
        raise ServiceError(
            ErrorCode.STALE_STATE,
            f"the game has moved on (state {current}): your frame was made on state {state_no}",
            state_no=current,
        )

    def _check_present(self, room: Room) -> None:
        waiting = room.waiting_for(self.hub.connected(room.game_id))
        if waiting:
            seat = waiting[0]
            why = "reconnect" if room.seat(seat).taken else "join"
            raise ServiceError(ErrorCode.OPPONENT_AWAY, f"waiting for seat {seat} to {why}")

    def _cancel_rematch(self, room: Room, seat: int) -> list[Payload]:
        """A move or next deal drops pending rematch requests (seed 001)."""
        if not room.row.rematch:
            return []
        room.row.rematch = []
        return [{"kind": "rematch_cancelled", "seat": seat, "reason": "move"}]

    async def _move(self, peer: Peer, cmd: Move) -> None:
        try:
            action = Action.parse(cmd.action)
        except ValueError as exc:
            raise ServiceError(ErrorCode.BAD_ACTION, str(exc)) from None
        assert peer.game_id is not None
        async with self.rooms.locked(peer.game_id) as room:
            seat = self._acting_seat(room, peer, cmd.seat)
            movers = peer.seats if cmd.seat is None else (cmd.seat,)

            def is_retry(p: Payload) -> bool:
                return (p.get("kind") == "action" and p.get("by") == "player"
                        and p.get("seat") in movers and p.get("action") == str(action))

            if await self._check_state(room, cmd.state_no, is_retry):
                peer.send({"type": "ack", "id": cmd.id, "state_no": cmd.state_no + 1,
                           "duplicate": True})
                return
            for check in self.move_checks:
                await check(room)
            self._check_present(room)
            to_move = room.match.to_move
            if to_move is not None and to_move != seat:
                if room.is_computer(to_move):
                    raise ServiceError(ErrorCode.COMPUTER_TO_MOVE, "it is the computer's turn")
                raise ServiceError(ErrorCode.NOT_YOUR_TURN,
                                   f"it is not your turn: seat {to_move} is"
                                   " to move")
            try:
                room.match.apply(action, seat)
            except IllegalAction as exc:
                raise ServiceError(ErrorCode.ILLEGAL_ACTION, str(exc)) from None
            room.row.state_no += 1
            payloads = [*self._cancel_rematch(room, seat),
                        {"kind": "action", "seat": seat, "action": str(action), "by": "player"}]
            events = await self.rooms.commit(room, payloads)
            peer.send({"type": "ack", "id": cmd.id, "state_no": room.row.state_no})
            self.broadcast(room, events)
            self._after_change(room)

    async def _next_deal(self, peer: Peer, cmd: NextDeal) -> None:
        assert peer.game_id is not None
        async with self.rooms.locked(peer.game_id) as room:
            if await self._check_state(room, cmd.state_no,
                                       lambda p: p.get("kind") == "next_deal"):
                peer.send({"type": "ack", "id": cmd.id, "state_no": cmd.state_no + 1,
                           "duplicate": True})
                return
            for check in self.move_checks:
                await check(room)
            self._check_present(room)
            if not room.match.can_start_next_deal:
                raise ServiceError(ErrorCode.NO_NEXT_DEAL, "there is no next deal now: the deal is"
                                   " still being played, or the game is over")
            room.match.next_deal()
            room.row.state_no += 1
            payloads = [*self._cancel_rematch(room, peer.seats[0]),
                        {"kind": "next_deal", "deal": room.match.deal_number}]
            events = await self.rooms.commit(room, payloads)
            peer.send({"type": "ack", "id": cmd.id, "state_no": room.row.state_no})
            self.broadcast(room, events)
            self._after_change(room)

    # -- new games and levels --------------------------------------------------------------
    async def _new_game(self, room: Room, payloads: list[Payload], reason: str) -> None:
        room.start_new_game(tokens.new_seed())
        payloads.append({"kind": "new_game", "game_no": room.row.game_no, "reason": reason})
        events = await self.rooms.commit(room, payloads)
        self.broadcast(room, events)
        self._after_change(room)

    async def _rematch(self, peer: Peer) -> None:
        assert peer.game_id is not None
        async with self.rooms.locked(peer.game_id) as room:
            if room.mode != "online":
                await self._new_game(room, [], "rematch")
                return
            if not room.all_taken():
                raise ServiceError(ErrorCode.NOT_ALLOWED, "the other seat is still free: reset the"
                                   " room instead")
            mine = [s for s in peer.seats if s not in room.row.rematch]
            if not mine:
                return  # already asked: a repeated request changes nothing
            room.row.rematch = sorted([*room.row.rematch, *mine])
            payloads: list[Payload] = [{"kind": "rematch_requested", "seat": s} for s in mine]
            if set(room.human_seats()) <= set(room.row.rematch):
                await self._new_game(room, payloads, "rematch")
                return
            self.broadcast(room, await self.rooms.commit(room, payloads))

    async def _rematch_cancel(self, peer: Peer) -> None:
        assert peer.game_id is not None
        async with self.rooms.locked(peer.game_id) as room:
            mine = [s for s in peer.seats if s in room.row.rematch]
            if not mine:
                raise ServiceError(ErrorCode.NOTHING_TO_CANCEL, "you have not asked for a new game")
            room.row.rematch = [s for s in room.row.rematch if s not in mine]
            payloads = [{"kind": "rematch_cancelled", "seat": s, "reason": "withdrawn"}
                        for s in mine]
            self.broadcast(room, await self.rooms.commit(room, payloads))

    async def _reset(self, peer: Peer) -> None:
        assert peer.game_id is not None
        async with self.rooms.locked(peer.game_id) as room:
            if CREATOR not in peer.seats or not room.can_reset():
                raise ServiceError(ErrorCode.NOT_ALLOWED,
                                   "only the creator may reset, and only while"
                                   " the other seat is free: ask for a rematch instead")
            await self._new_game(room, [], "reset")

    async def _set_level(self, peer: Peer, cmd: SetLevel) -> None:
        assert peer.game_id is not None
        async with self.rooms.locked(peer.game_id) as room:
            if not any(s.computer for s in room.row.seats):
                raise ServiceError(ErrorCode.NOT_ALLOWED,
                                   "only a game with a computer seat has a level")
            if room.mode == "online" and CREATOR not in peer.seats:
                raise ServiceError(ErrorCode.NOT_ALLOWED,
                                   "only the creator sets the computer's level")
            if cmd.level not in LEVELS:
                raise ServiceError(ErrorCode.BAD_LEVEL, f"level must be one of {', '.join(LEVELS)}")
            if cmd.level == room.row.level:
                return
            room.set_level(cmd.level)
            self.broadcast(room, await self.rooms.commit(room, [{"kind": "level",
                                                             "level": cmd.level}]))
            self._after_change(room)

    # -- the computer ----------------------------------------------------------------------
    def resume_computer(self, game_id: str) -> None:
        """Play the room's computer turns if it is the computer's move (no-op when a task here
        already does, when another process holds the claim, or when this one is stopping)."""
        if self._handed_over:
            return
        task = self._computer.get(game_id)
        if task is not None and not task.done():
            return
        self._computer[game_id] = asyncio.create_task(self._computer_turns(game_id))

    async def _claim_computer(self, game_id: str, state_no: int) -> bool:
        """Whether this process plays the computer's turn (exactly one process does)."""
        if not isinstance(self.storage, SharedStorage):
            return True
        ttl = self.settings.computer_delay + self.settings.computer_claim_ttl
        return await self.storage.claim_computer(game_id, state_no, self.instance,
                                                 self.clock(), ttl)

    async def _computer_turns(self, game_id: str) -> None:
        """Play the computer's turns until a person is to move; each one saved like a move."""
        try:
            while True:
                async with self.rooms.locked(game_id) as room:
                    if not room.computer_to_move():
                        return
                    state_no = room.row.state_no
                    if not await self._claim_computer(game_id, state_no):
                        return  # another process plays this turn
                    seat = room.match.to_move
                    assert seat is not None
                    view = PlayerView.of(room.match, seat)
                    bot = room.bot()
                if self.settings.computer_delay > 0:
                    await asyncio.sleep(self.settings.computer_delay)
                action = await self.observe.think(self.bots.choose(bot, view))
                try:
                    await self._computer_move(game_id, state_no, seat, action)
                except ServiceError as exc:
                    if exc.code != ErrorCode.BUSY:
                        raise
                    # the stale copy is reloaded on the next lap, then the computer thinks again
        except ServiceError as exc:
            if exc.code == ErrorCode.NOT_FOUND:
                return  # the room expired meanwhile
            self.observe.computer_failed(game_id, exc)
        except asyncio.CancelledError:
            raise
        except Exception:
            self.observe.computer_failed(game_id)
        finally:
            if self._computer.get(game_id) is asyncio.current_task():
                del self._computer[game_id]

    async def _computer_move(self, game_id: str, state_no: int, seat: int, action: Action) -> None:
        async with self.rooms.locked(game_id) as room:
            if room.row.state_no != state_no:
                return  # a new game or a reset overtook the thought: the next lap thinks again
            room.match.apply(action, seat)
            room.row.state_no += 1
            # the computer's move is a move like any other: it drops pending rematch requests
            payloads = [*self._cancel_rematch(room, seat),
                        {"kind": "action", "seat": seat, "action": str(action), "by": "computer"}]
            events = await self.rooms.commit(room, payloads)
            self.broadcast(room, events)


def _check_seat_exists(room: Room, seat: int) -> None:
    """A seat number past the room's last seat is a mistake of the request, not a taken seat."""
    if not 0 <= seat < room.rules.players:
        raise ServiceError(ErrorCode.BAD_REQUEST,
                           f"seat {seat} does not exist: this room has seats 0"
                           f" to {room.rules.players - 1}")
