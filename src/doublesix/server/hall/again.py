"""«Ещё раз с ним» (issue 25, point 5): after a two-player hall game, a new table for the same two.

On the result sheet one player offers (``again``); the other sees the offer in ``room.hall.again``
and accepts (``again_accept``, or ``again`` too: both asked) or declines (``again_decline``, which
from the one who offered withdraws it). Accepted, a new hall table is made with the same rules,
clock, rated and public marks — its creator the one who offered — and both are seated at once.
Each new seat opens to the token that opened the old one (the seat's ``token_hash``): no new
secret has to reach either browser, whichever process its socket is on; the ``again_accepted``
event names the table and each seat there, and the clients go to it.

The offer lives in the room's hall row (saved with the event, so a reload or another process
sees it) until it is declined, withdrawn, accepted (then it keeps the new table's id), or a
rematch starts a new game in this room (rooms/room.py).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from doublesix.server.rooms import machine, tables
from doublesix.server.rooms.events import AgainAccepted, AgainDeclined, AgainOffered, Event, Joined
from doublesix.server.rooms.hub import Peer
from doublesix.server.rooms.room import Room
from doublesix.server.rooms.service import RoomsService
from doublesix.server.storage.hall import AgainOffer, HallRow
from doublesix.server.wire.errors import ErrorCode, ServiceError, leave_wait
from doublesix.server.wire.protocol import Simple

#: the frames served here, from a seat's socket
TYPES = ("again", "again_accept", "again_decline")


class Again:
    def __init__(self, service: RoomsService, hold: Callable[[str], Awaitable[float]]) -> None:
        self.service = service
        #: how long a profile is held back from rated games (issue 26; compose.py passes it)
        self.hold = hold

    async def handle(self, peer: Peer, cmd: Simple) -> None:
        assert peer.game_id and peer.seats
        seat = peer.seats[0]
        async with self.service.rooms.locked(peer.game_id) as room:
            hall = self._check(room)
            offer = hall.get("again")
            pending = offer if offer is not None and "game_id" not in offer and not offer.get(
                "declined") else None
            if offer is not None and "game_id" in offer:
                raise ServiceError(ErrorCode.NOT_ALLOWED, "accepted already: the new table is"
                                   f" {offer['game_id']!r}")
            events: list[Event]
            if cmd.type == "again_decline":
                events = self._decline(hall, seat, pending)
            elif pending is not None and pending["by"] != seat:
                events = await self._accept(room, hall, seat, pending)  # both asked
            elif cmd.type == "again_accept":
                raise ServiceError(ErrorCode.NOTHING_TO_CANCEL, "there is no offer of a new"
                                   " table to accept")
            elif pending is not None:
                events = []  # asked already: a repeated offer changes nothing
            else:
                hall["again"] = {"by": seat}
                events = [AgainOffered(seat)]
            stored = await self.service.rooms.commit(room, events) if events else []
            peer.send({"type": "ack", "id": cmd.id, "state_no": room.row.state_no})
            if stored:
                self.service.broadcast(room, stored)

    def _check(self, room: Room) -> HallRow:
        hall = room.row.hall
        seats = room.row.seats
        if hall is None or len(seats) != 2 or any(
                s.computer or s.stand_in or s.token_hash is None for s in seats):
            raise ServiceError(ErrorCode.NOT_ALLOWED, "«Ещё раз с ним» is for two people at a"
                               " hall table")
        if tables.one_person(room):
            raise ServiceError(ErrorCode.NOT_ALLOWED, "both seats are one profile's: there is"
                               " nobody else to invite")
        if not tables.is_over(room):
            raise ServiceError(ErrorCode.GAME_IN_PROGRESS, "the game is not over yet")
        return hall

    @staticmethod
    def _decline(hall: HallRow, seat: int, pending: AgainOffer | None) -> list[Event]:
        if pending is None:
            raise ServiceError(ErrorCode.NOTHING_TO_CANCEL, "there is no offer of a new table")
        if pending["by"] == seat:
            del hall["again"]
            return [AgainDeclined(seat, "withdrawn")]
        hall["again"] = {"by": pending["by"], "declined": True}
        return [AgainDeclined(seat, "declined")]

    async def _accept(self, room: Room, hall: HallRow, seat: int,
                      offer: AgainOffer) -> list[Event]:
        """The new table, both seated; under the old room's lock (the new room has its own)."""
        host, guest = room.seat(offer["by"]), room.seat(seat)
        if hall.get("rated"):
            for person in (host.profile, guest.profile):
                wait = await self.hold(person) if person is not None else 0.0
                if wait > 0:
                    raise leave_wait(wait)  # issue 26, as a rated table's create says
        clock = hall["clock"]
        options: tables.TableOptions = {
            "public": hall["public"], "rated": bool(hall.get("rated")),
            "clock": None if clock is None else {"minutes": clock["minutes"],
                                                 "increment": int(clock["increment"])}}
        rules = {k: v for k, v in room.rules.to_dict().items() if v is not None}
        made = await self.service.create("online", rules, None, host.name, options, None, None,
                                         tuple(host.holders), host.profile)
        game_id = made["game_id"]
        async with self.service.rooms.locked(game_id) as table:
            # the host's seat opens to the token they hold; the new one is never sent
            table.seat(made["seat"]).token_hash = host.token_hash
            await self.service.rooms.commit(table, [])
        assert guest.token_hash is not None  # a person's seat (_check)
        _, sat = await self.service.run(game_id, machine.JoinSeat(
            made["invite"], guest.name, guest.token_hash, False, None, tuple(guest.holders),
            tuple(self.service.join_checks), guest.profile))
        joined = sat[0].event
        assert isinstance(joined, Joined)
        seats = [0, 0]
        seats[host.seat], seats[guest.seat] = made["seat"], joined.seat
        hall["again"] = {"by": host.seat, "game_id": game_id, "seats": seats}
        return [AgainAccepted(seat, game_id, seats)]
