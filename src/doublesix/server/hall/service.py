"""The hall, above the rooms service: the lobby list, spectators, chat, clocks' timeouts.

It listens to the service's :mod:`~doublesix.server.rooms.signals` (a room created, events stored,
presence changed, rooms gone) to keep each table's lobby line, and registers the clock check
the service runs before every move (``move_checks``). Its own changes (chat, a timeout, closing
a table) go through the service's cache, commit and ``broadcast``, so every hall change is saved
before it is said, like a move. Lobby and spectator sockets are peers without seats
(``seats == ()``): ws.py hands them to :meth:`Hall.open`, :meth:`Hall.handle_outsider` and
:meth:`Hall.leave`; a spectator is a watcher in the service's hub, so it gets the room's events.

With several processes the lobby is shared (hall/shared.py): a line this process computes is
also handed to ``share``, and lines heard from other processes come in through
:meth:`Hall.heard_line`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from doublesix.server.hall.chat import KEEP, ChatLimits, check_reaction, clean_text
from doublesix.server.hall.holders import check_one_seat
from doublesix.server.hall.lobby import Line, Lobby, LobbyFrame
from doublesix.server.hall.names import clean_name
from doublesix.server.ops import logs
from doublesix.server.rooms import clocks, tables, views
from doublesix.server.rooms.events import ChatSaid, Reacted, SeatFreed, TimedOut
from doublesix.server.rooms.founding import SeatReply
from doublesix.server.rooms.hub import Peer
from doublesix.server.rooms.room import CREATOR, Room
from doublesix.server.rooms.service import RoomsService
from doublesix.server.rooms.signals import Created, Gone, Presence, Signal, Stored
from doublesix.server.rooms.tables import LineSeat
from doublesix.server.storage.hall import ChatMessage
from doublesix.server.wire.errors import ErrorCode, ServiceError
from doublesix.server.wire.protocol import Chat, Command, React, Simple, Watch

log = logging.getLogger("doublesix.server.hall")
#: a lobby line change for the other processes: (game id, event number, line or None, closed)
Share = Callable[[str, int, Line | None, bool], None]
#: the event number of a removal that nothing may follow (the room was deleted)
GONE = 2**62


class Hall:
    def __init__(self, service: RoomsService) -> None:
        self.service = service
        self.clock = service.clock
        self.limits = ChatLimits(service.clock)
        settings = service.settings
        #: the lobby's subscribers and list (only changes are sent: hall/lobby.py)
        self.lobby = Lobby(settings.lobby_interval, settings.tables_per_client)
        self.tables = self.lobby.tables
        #: tables whose creator left and did not come back within the grace period
        self.closed: set[str] = set()
        self.left_at: dict[str, float] = {}
        #: guests' seats away from an untimed public table where someone waits for them:
        #: (game id, seat) -> since when; freed after ``seat_grace`` (issue 21: squatting)
        self.away: dict[tuple[str, int], float] = {}
        #: tables whose clock runs: checked for a flag on every tick
        self.timed: set[str] = set()
        #: tells the other processes of a line this one computed (hall/shared.py); none alone
        self.share: Share | None = None
        #: each listable table's line before presence decides whether it is listed (a table
        #: whose seats are all taken and away is not): presence may change here without a line
        self.raw: dict[str, Line] = {}
        self._task: asyncio.Task[None] | None = None
        service.signals.subscribe(self._heard)
        service.move_checks.append(self._check_clock)
        service.create_checks.append(self._check_tables)
        service.join_checks.append(
            lambda room, holders: check_one_seat(room, holders, settings.seats_per_client))

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
                await self._close(game_id)
        seat_grace = self.service.settings.seat_grace
        for (game_id, seat), since in list(self.away.items()):
            if now - since >= seat_grace:
                self.away.pop((game_id, seat), None)
                await self._free(game_id, seat)
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

    async def _close(self, game_id: str) -> None:
        """Close a table whose creator stayed away: for good, restarts included (the flag is
        saved with the room). Checked again on the stored room and every process's presence:
        the creator may have come back on another process meanwhile."""
        event_no = 0
        try:
            async with self.service.rooms.locked(game_id) as room:
                hall = room.row.hall
                if hall is None:
                    return
                if room.all_taken() or CREATOR in self.service.hub.connected(game_id):
                    return  # back (or the table filled up): it stays
                if not hall.get("closed"):
                    hall["closed"] = True
                    await self.service.rooms.commit(room, [])
                event_no = room.row.event_no
        except ServiceError:
            pass  # expired meanwhile, or storage refused: the memory flag still holds
        self.closed.add(game_id)
        self.raw.pop(game_id, None)
        if self.lobby.put(game_id, None, event_no) and self.share is not None:
            self.share(game_id, event_no, None, True)

    # -- away seats (issue 21: squatting) -------------------------------------------------
    def _waits_for_seats(self, room: Room) -> bool:
        """A table that waits for each of its seats: an untimed public table whose game is
        not over. A timed one plays on (the absent player's clock runs); a private one seats
        only whom its creator invited; a finished game never reopens its seats."""
        hall = room.row.hall
        return (hall is not None and bool(hall.get("public")) and not hall.get("clock")
                and not self.is_closed(room) and not tables.is_over(room))

    def _away_guests(self, room: Room, connected: set[int]) -> list[int]:
        """Guests' seats whose holders are away while another person at the table waits. The
        creator's seat is never one: a table whose creator is away is closed by its own rule
        (``hall_grace``), and the creator's seat carries the table's powers."""
        if not self._waits_for_seats(room):
            return []
        # (a leaver the computer plays for keeps the seat: the others chose to play on)
        people = [s for s in room.row.seats
                  if s.token_hash is not None and not s.computer and not s.stand_in]
        if not any(s.seat in connected for s in people):
            return []  # nobody waits: friends who paused, or a table left for the night
        return [s.seat for s in people if s.seat != CREATOR and s.seat not in connected]

    def _track_away(self, room: Room, connected: set[int]) -> None:
        away = set(self._away_guests(room, connected))
        now = self.clock()
        for seat in room.row.seats:
            if seat.seat in away:
                self.away.setdefault((room.game_id, seat.seat), now)
            else:
                self.away.pop((room.game_id, seat.seat), None)

    async def _free(self, game_id: str, seat: int) -> None:
        """Free *seat*, away for ``seat_grace``: checked again under the lock on the stored
        room and every process's presence (the guest may be back, on another process). Its
        token stops opening it and the seat forgets who held it; the table is open again."""
        try:
            async with self.service.rooms.locked(game_id) as room:
                if seat not in self._away_guests(room, self.service.hub.connected(game_id)):
                    return
                taken = room.seat(seat)
                taken.token_hash, taken.name, taken.holders = None, None, []
                room.row.rematch = [s for s in room.row.rematch if s != seat]
                events = await self.service.rooms.commit(room, [SeatFreed(seat, "away")])
                self.service.broadcast(room, events)
        except ServiceError:
            return  # expired meanwhile, or storage refused: the next presence change retries
        logs.event(logs.ROOMS, logging.INFO, "seat freed", game_id=game_id, seat=seat,
                   reason="away")

    def is_closed(self, room: Room) -> bool:
        hall = room.row.hall
        return room.game_id in self.closed or bool(hall and hall.get("closed"))

    def forget(self, game_id: str) -> None:
        """The room expired: it leaves the lobby (the service closed its watchers)."""
        self.lobby.forget(game_id)
        self.raw.pop(game_id, None)
        self.left_at.pop(game_id, None)
        self.timed.discard(game_id)
        self.closed.discard(game_id)
        self.limits.forget(game_id)
        for key in [k for k in self.away if k[0] == game_id]:
            del self.away[key]

    # -- what the rooms service tells ------------------------------------------------------
    def _heard(self, signal: Signal) -> None:
        if isinstance(signal, Stored):
            self.changed(signal.room)
        elif isinstance(signal, Presence):
            if signal.room is not None and not signal.remote:
                self.changed(signal.room)
            else:
                self._refresh(signal.game_id)
        elif isinstance(signal, Created):
            room = signal.room
            if room.row.hall and room.row.hall["public"]:
                self.lobby.own(room.game_id, signal.client)
            self.changed(room)
        elif isinstance(signal, Gone):
            for game_id in signal.game_ids:
                if game_id in self.raw and self.share is not None:
                    self.share(game_id, GONE, None, True)  # for good, on every process
                self.forget(game_id)

    def changed(self, room: Room) -> None:
        """Something about *room* changed here: refresh its lobby line, its clock, its grace."""
        hall = room.row.hall
        if hall is None:
            return
        game_id = room.game_id
        if self.lobby.is_older(game_id, room.row.event_no):
            # a stale copy (another process changed the room since): its line stays, only
            # presence is brought up to date
            self._refresh(game_id)
            return
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
        self._track_away(room, connected)
        # listable: public tables not closed; listed while open or someone is at the game
        raw = None
        if hall.get("public") and not self.is_closed(room):
            raw = tables.summary(room, connected, self.service.hub.watching(game_id))
        before = self.raw.pop(game_id, None)
        if raw is not None:
            self.raw[game_id] = raw
        event_no = room.row.event_no
        applied = self.lobby.put(game_id, None if raw is None else self._live(raw), event_no)
        if self.share is not None and (applied or raw != before):
            self.share(game_id, event_no, raw, False)

    def _refresh(self, game_id: str) -> None:
        """Presence changed where this process cannot recompute the line (another process, or
        the room left memory): bring its connected seats and watchers up to date here only;
        every process does the same from the same presence, so nothing needs sending."""
        raw = self.raw.get(game_id)
        if raw is not None:
            self.lobby.put(game_id, self._live(raw), None, keep_origin=True)
        room = self.service.rooms.cached(game_id)
        if room is not None:  # a guest came back (or left) on another process
            self._track_away(room, self.service.hub.connected(game_id))

    def _live(self, line: Line) -> Line | None:
        """*line* with connected seats and watchers as this process knows them now; None
        when every seat is taken and nobody is connected (the table leaves the list)."""
        hub = self.service.hub
        game_id = line["game_id"]
        connected = hub.connected(game_id)
        seats: list[LineSeat] = [{**s, "connected": s["computer"] or s["seat"] in connected}
                                 for s in line["seats"]]
        if all(s["taken"] for s in seats) and not connected:
            return None
        return {**line, "seats": seats, "watchers": hub.watching(game_id)}

    # -- lines of other processes (hall/shared.py) -----------------------------------------
    def heard_line(self, origin: str, game_id: str, event_no: int, line: Line | None,
                   closed: bool) -> None:
        if closed:
            self.closed.add(game_id)
        if game_id in self.closed:
            line = None
        if self.lobby.is_older(game_id, event_no):
            return
        if line is None:
            self.raw.pop(game_id, None)
        else:
            self.raw[game_id] = line
        self.lobby.put(game_id, None if line is None else self._live(line), event_no,
                       origin=origin)

    def forget_process(self, origin: str) -> None:
        """A process went silent: its lines leave the lobby."""
        for game_id in self.lobby.drop_origin(origin):
            self.raw.pop(game_id, None)

    def own_lines(self) -> list[tuple[str, int, Line]]:
        """The lines this process computed, as shared (before presence): for a newcomer."""
        return [(g, n, self.raw[g]) for g, n in self.lobby.computed_here() if g in self.raw]

    # -- before a move ---------------------------------------------------------------------
    async def _check_clock(self, room: Room) -> None:
        if await self.settle(room):
            raise ServiceError(ErrorCode.TIME_OVER, "the game is over: time ran out")

    async def settle(self, room: Room) -> bool:
        """Under the room's lock: record a timeout if the running clock ran out; True when
        the table's game already ended by time (so no move may follow)."""
        hall = room.row.hall
        if hall is None:
            return False
        seat = clocks.flagged(hall.get("clock"), self.clock())
        if seat is not None and not hall.get("over"):
            over = hall["over"] = tables.timeout_result(room, seat, room.row.game_no)
            timed_out = TimedOut(loser=over["loser"], winner=over["winner"],
                                 winner_pair=over.get("winner_pair"), points=over.get("points"),
                                 match_lost=bool(over.get("match_lost")))
            events = await self.service.rooms.commit(room, [timed_out])
            self.service.broadcast(room, events)
        return bool(hall.get("over"))

    def _check_tables(self, hall: Any, client: str | None) -> None:
        """Before a new listed table: its creator's address has room for one more."""
        if isinstance(hall, dict) and hall.get("public", True) is True:
            self.lobby.check_owner(client)

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
        service = self.service
        async with service.rooms.locked(cmd.game_id) as room:
            hall = room.row.hall
            if not hall or not hall.get("public") or self.is_closed(room):
                raise ServiceError(ErrorCode.NOT_PUBLIC, "only a public hall table can be watched")
            peer.game_id, peer.seats = room.game_id, ()
            service.hub.watch(room.game_id, peer)
            peer.send(views.watching(room, service.hub.connected(room.game_id)))
            service.watchers_changed(room)

    def leave(self, peer: Peer) -> None:
        """A lobby or spectator socket closed."""
        self.lobby.unsubscribe(peer)
        game_id = peer.game_id
        if game_id and self.service.hub.unwatch(game_id, peer):
            room = self.service.rooms.cached(game_id)
            if room is not None:
                self.service.watchers_changed(room)
            else:
                self._refresh(game_id)  # the room left memory (its players left)

    async def handle_outsider(self, peer: Peer, cmd: Command) -> None:
        """A frame from a lobby or spectator socket: they only read (and ping)."""
        if isinstance(cmd, Simple) and cmd.type == "ping":
            peer.send({"type": "pong", "id": cmd.id})
            return
        raise ServiceError(ErrorCode.WATCH_ONLY, "spectators and the lobby only read")

    def lobby_frame(self) -> LobbyFrame:
        return self.lobby.snapshot()

    # -- sitting down and chat -------------------------------------------------------------
    async def sit(self, game_id: str, name: Any, seat: int | None = None,
                  holders: tuple[str, ...] = (), profile: str | None = None) -> SeatReply:
        """Take a free seat (the chosen one, or the first) of an open public table; two at
        once, on one process or two: exactly one gets it."""
        if game_id in self.closed:
            raise ServiceError(ErrorCode.NOT_FOUND, "this table was closed", status=404)
        line = self.raw.get(game_id)
        if line is not None and line["rated"] and profile is None:
            raise ServiceError(ErrorCode.BAD_REQUEST, "a rated table is for players with a"
                               " profile (Authorization: Bearer) / рейтинговый стол — только"
                               " с профилем")
        for _ in range(3):
            try:
                return await self.service.join(game_id, None, clean_name(name), public=True,
                                               seat=seat, holders=holders, profile=profile)
            except ServiceError as exc:
                if exc.code != ErrorCode.BUSY:
                    raise
                # another process seated someone meanwhile: the reloaded room says who
        raise ServiceError(ErrorCode.BUSY, "the table changed meanwhile: try again", status=409)

    async def chat(self, peer: Peer, cmd: Chat) -> None:
        text = clean_text(cmd.text)
        assert peer.game_id
        async with self.service.rooms.locked(peer.game_id) as room:
            hall = room.row.hall
            if hall is None:
                raise ServiceError(ErrorCode.NOT_ALLOWED, "only a hall table has a chat")
            seat = peer.seats[0]
            self.limits.take(room.game_id, seat)
            said = ChatSaid(seat, room.seat(seat).name, text, round(self.clock()))
            message: ChatMessage = {"seat": said.seat, "name": said.name, "text": said.text,
                                    "at": said.at}
            hall["chat"] = [*hall["chat"], message][-KEEP:]
            events = await self.service.rooms.commit(room, [said])
            peer.send({"type": "ack", "id": cmd.id, "state_no": room.row.state_no})
            self.service.broadcast(room, events)

    async def react(self, peer: Peer, cmd: React) -> None:
        """A quick reaction of a seat at an online table, hall or not (its players are people
        who may see each other's); under the chat's flood limit, and stored like chat."""
        reaction = check_reaction(cmd.reaction)
        assert peer.game_id
        async with self.service.rooms.locked(peer.game_id) as room:
            if room.mode != "online":
                raise ServiceError(ErrorCode.NOT_ALLOWED,
                                   "quick reactions are for online tables, to other people")
            seat = peer.seats[0]
            self.limits.take(room.game_id, seat)
            events = await self.service.rooms.commit(room, [Reacted(seat, reaction)])
            peer.send({"type": "ack", "id": cmd.id, "state_no": room.row.state_no})
            self.service.broadcast(room, events)
