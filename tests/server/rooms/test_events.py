"""The typed events: each kind's JSON is the wire's, byte for byte, and reads back as itself;
who may see an event decides which sockets are sent it."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from doublesix.server.rooms import outbox
from doublesix.server.rooms.events import (
    KINDS,
    AgainAccepted,
    AgainDeclined,
    AgainOffered,
    Audience,
    CameBack,
    ChatSaid,
    ComputerSeated,
    Created,
    Event,
    Joined,
    Left,
    LevelSet,
    NewGame,
    NextDealt,
    Numbered,
    Played,
    Reacted,
    RematchCancelled,
    RematchRequested,
    Resigned,
    SeatFreed,
    SheetClosed,
    StoodIn,
    TimedOut,
    from_json,
)
from doublesix.server.rooms.hub import Hub
from doublesix.server.storage import EventRow
from tests.server.rooms.test_machine import room

#: each kind beside the JSON the server sent before events were typed (docs/protocol.md)
WIRE: list[tuple[Event, str]] = [
    (Created("online"), '{"kind":"created","mode":"online"}'),
    (Joined(1, "Боря"), '{"kind":"joined","seat":1,"name":"Боря"}'),
    (Joined(2, None), '{"kind":"joined","seat":2,"name":null}'),
    (Played(0, "play 6-6", "player"),
     '{"kind":"action","seat":0,"action":"play 6-6","by":"player"}'),
    (Played(1, "draw", "computer"), '{"kind":"action","seat":1,"action":"draw","by":"computer"}'),
    (NextDealt(2), '{"kind":"next_deal","deal":2}'),
    (NewGame(2, "rematch"), '{"kind":"new_game","game_no":2,"reason":"rematch"}'),
    (RematchRequested(0), '{"kind":"rematch_requested","seat":0}'),
    (Resigned(1, False), '{"kind":"resign","seat":1,"match":false,"by":"player"}'),
    (Resigned(0, True, "claim"), '{"kind":"resign","seat":0,"match":true,"by":"claim"}'),
    (RematchCancelled(1, "move"), '{"kind":"rematch_cancelled","seat":1,"reason":"move"}'),
    (LevelSet("hard"), '{"kind":"level","level":"hard"}'),
    (ComputerSeated(2), '{"kind":"seat_computer","seat":2}'),
    (SeatFreed(1, "away"), '{"kind":"seat_freed","seat":1,"reason":"away"}'),
    (Left(1), '{"kind":"left","seat":1}'),
    (StoodIn(1), '{"kind":"stand_in","seat":1}'),
    (CameBack(1), '{"kind":"back","seat":1}'),
    (SheetClosed(1), '{"kind":"sheet_closed","seat":1}'),
    (Reacted(2, "fish"), '{"kind":"reaction","seat":2,"reaction":"fish"}'),
    (AgainOffered(1), '{"kind":"again_offered","seat":1}'),
    (AgainDeclined(0, "declined"), '{"kind":"again_declined","seat":0,"reason":"declined"}'),
    (AgainAccepted(0, "g2", [1, 0]),
     '{"kind":"again_accepted","seat":0,"game_id":"g2","seats":[1,0]}'),
    (ChatSaid(0, "Аня", "привет", 1700000000),
     '{"kind":"chat","seat":0,"name":"Аня","text":"привет","at":1700000000}'),
    (TimedOut(loser=0, winner=1, points=23),
     '{"kind":"timeout","reason":"timeout","loser":0,"winner":1,"points":23}'),
    (TimedOut(loser=1, winner=None, winner_pair=0, match_lost=True),
     '{"kind":"timeout","reason":"timeout","loser":1,"winner":null,"winner_pair":0,'
     '"match_lost":true}'),
]


@pytest.mark.parametrize(("event", "wire"), WIRE, ids=[w for _, w in WIRE])
def test_each_kind_is_the_wires_json_and_reads_back(event: Event, wire: str) -> None:
    text = json.dumps(event.to_json(), ensure_ascii=False, separators=(",", ":"))
    assert text == wire
    assert from_json(json.loads(wire)) == event


def test_every_kind_of_the_protocol_has_a_class() -> None:
    assert {type(e).kind for e, _ in WIRE} == set(KINDS)
    assert len(KINDS) == 21


@pytest.mark.parametrize("payload", [{"kind": "teleport"}, {"mode": "online"},
                                     {"kind": "joined", "seat": 1}])
def test_a_payload_the_server_does_not_know_is_refused(payload: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        from_json(payload)


def test_a_stored_event_keeps_one_json_for_storage_and_sockets() -> None:
    stored = Numbered.of(5, 3, Played(0, "draw", "player"))
    row = stored.row("g", 12.5)
    assert row == EventRow("g", 5, 3, {"kind": "action", "seat": 0, "action": "draw",
                                       "by": "player"}, 12.5)
    assert row.payload is stored.payload  # encoded once
    assert Numbered.from_row(row) == stored


@dataclass(frozen=True, slots=True)
class Whisper(Event):
    """A kind for the seats alone (none of today's kinds is: the mechanism is what is tested)."""

    kind: ClassVar[str] = "whisper"
    audience: ClassVar[Audience] = Audience.SEATS

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind}


class Recorder:
    def __init__(self, game_id: str, seats: tuple[int, ...]) -> None:
        self.game_id: str | None = game_id
        self.seats = seats
        self.frames: list[dict[str, Any]] = []

    def send(self, frame: dict[str, Any]) -> None:
        self.frames.append(frame)

    def close(self, code: int, reason: str) -> None:
        raise AssertionError("not closed here")


def test_an_event_goes_only_to_the_sockets_its_audience_allows() -> None:
    r = room()
    hub = Hub()
    seat, watcher = Recorder("g", (0,)), Recorder("g", ())
    hub.attach("g", seat)
    hub.watch("g", watcher)
    outbox.events(hub, r, [Numbered.of(2, 0, Whisper()), Numbered.of(3, 0, RematchRequested(0))])
    assert [f["event"]["kind"] for f in seat.frames] == ["whisper", "rematch_requested"]
    assert [f["event"]["kind"] for f in watcher.frames] == ["rematch_requested"]
    assert watcher.frames[0]["seat"] is None and "hand" not in watcher.frames[0]["view"]
    assert seat.frames[0]["view"]["hand"]  # a seat's own view, with its hand
