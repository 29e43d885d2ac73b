"""One person, one seat at a public table (issue 21; docs/protocol.md, "The hall").

A stranger who holds two seats of a table sees two hands: at a «Козёл» table both opponents'
(the whole other pair) or their opponents' and their partner's. So a seat remembers who took
it — its *holders*, digests of the request's identities — and a request whose identities
already hold a seat of a public table is refused (``already_seated``), whether it sits down or
comes with the invite link. The identities, each a kind and a digest:

- ``a:`` the client as every per-client limit counts it (clients.address: the address, an
  IPv6 /64); an operator may allow more than one seat per address
  (``DOUBLESIX_SEATS_PER_CLIENT``: a household behind one NAT, a campus), never fewer;
- ``b:`` the browser: a random id the client keeps in localStorage and sends as ``browser``
  when it creates, sits down or joins; always one seat each. A person can make new ids at
  will, so this alone bounds nothing: it keeps one person on a shared address (or on an
  address that changes under them, a phone leaving Wi-Fi) to one seat, with the address rule
  as the bound.
- ``p:`` the profile (issue 25; profiles/service.py): one seat per profile, checked like the
  browser, so two tabs or two browsers of one person signed in to one profile hold one seat.

A private table seats whoever has its invite: its creator chose them. Digests, not the values:
the stored room says which seats one person held, not who or where they are (an address space
is small enough to search, so this is not anonymity: the rows are the operator's to guard).
"""

from __future__ import annotations

import re
from typing import Any

from doublesix.server.rooms import tokens
from doublesix.server.rooms.room import Room
from doublesix.server.wire.errors import ErrorCode, ServiceError

#: what the client sends: 16 to 64 URL-safe characters (net.js makes 22 of 128 random bits)
_BROWSER = re.compile(r"[A-Za-z0-9_-]{16,64}")
#: one digest space per kind, apart from every token digest
_SALT = "doublesix seat holder "


def identities(client: str | None, browser: Any, profile: str | None = None
               ) -> tuple[str, ...]:
    """The holders a seat taken by this request remembers: its client, its browser id, its
    profile."""
    found: list[str] = []
    if client is not None:
        found.append("a:" + tokens.digest(_SALT + "a " + client))
    if browser is not None:
        if not isinstance(browser, str) or not _BROWSER.fullmatch(browser):
            raise ServiceError(ErrorCode.BAD_REQUEST, "'browser' must be 16 to 64 letters,"
                               " digits, '-' or '_' (a random id the browser keeps)")
        found.append("b:" + tokens.digest(_SALT + "b " + browser))
    if profile is not None:
        found.append("p:" + tokens.digest(_SALT + "p " + profile))
    return tuple(found)


def check_one_seat(room: Room, holders: tuple[str, ...], per_client: int) -> None:
    """Before *holders* take a seat of *room*: refuse when they already hold one of a public
    table (their client: *per_client* seats; their browser or profile: one)."""
    hall = room.row.hall
    if not holders or hall is None or not hall.get("public"):
        return
    mine = set(holders)
    held = [(seat.seat, mine.intersection(seat.holders)) for seat in room.row.seats
            if seat.taken and not seat.computer]
    by_client = [seat for seat, shared in held if any(h.startswith("a:") for h in shared)]
    by_person = [seat for seat, shared in held if any(not h.startswith("a:") for h in shared)]
    seats = by_person or (by_client if len(by_client) >= per_client else [])
    if seats:
        raise ServiceError(ErrorCode.ALREADY_SEATED, f"you already hold seat {seats[0]} at"
                           " this public table: one seat per person", status=409)
