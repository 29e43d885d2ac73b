"""The hall's data as types: the stored row and its checking codec, the lobby line and its
codec between processes, the public clock, and a spectator's view of a table."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from doublesix.core import find_preset
from doublesix.core.notation import view_to_json
from doublesix.core.view import view_of
from doublesix.server.rooms import clocks, tables, views
from doublesix.server.rooms.room import Room, new_match
from doublesix.server.rooms.tables import BadLine, line_from_json
from doublesix.server.storage import GameRow, SeatRow
from doublesix.server.storage.hall import BadHallRow, hall_from_json


def hall_room(minutes: int | None = 5) -> Room:
    match, record = new_match(find_preset("101"), seed=3, key=(3).to_bytes(32, "big"))
    row = GameRow(game_id="g1", mode="online", level=None, record=record, game_no=1,
                  state_no=0, event_no=1, seats=[SeatRow(0, "h0", "Аня"), SeatRow(1, "h1", "Боря")],
                  invite_hash="i", created_at=100.0, updated_at=100.0)
    clock = None if minutes is None else {"minutes": minutes, "increment": 2}
    row.hall = tables.table_options({"public": True, "clock": clock}, "online", 2, now=100.0)
    return Room(row=row, match=match, now=lambda: 130.0)


def test_a_stored_hall_row_reads_back_through_its_codec() -> None:
    room = hall_room()
    hall = room.row.hall
    assert hall is not None
    clock = hall["clock"]
    assert clock is not None
    clocks.sync(clock, game_no=1, state_no=1, to_move=0, now=110.0)
    hall["chat"].append({"seat": 1, "name": "Боря", "text": "привет", "at": 111})
    hall["over"] = tables.timeout_result(room, 0, 1)
    hall["closed"] = True
    # through the room's stored document, as every backend keeps it
    loaded = GameRow.from_columns(room.row.game_id, room.row.mode, None, 0, 1, 100.0, False,
                                  room.row.data_json())
    assert loaded.hall == hall
    assert hall_from_json(json.loads(json.dumps(hall))) == hall
    assert hall_from_json(None) is None


def bad_rows() -> list[tuple[str, Any]]:
    good = hall_room().row.hall
    cases: list[tuple[str, Any]] = []

    def case(name: str, change: Any) -> None:
        data = copy.deepcopy(good)
        change(data)
        cases.append((name, data))

    case("no chat", lambda d: d.pop("chat"))
    case("an unknown key", lambda d: d.update(colour="red"))
    case("public as text", lambda d: d.update(public="yes"))
    case("a clock without left", lambda d: d["clock"].pop("left"))
    case("a clock running a text", lambda d: d["clock"].update(running="0"))
    case("no seconds left to list", lambda d: d["clock"].update(left=[]))
    case("a chat line without text", lambda d: d["chat"].append({"seat": 0, "name": None,
                                                                 "at": 1}))
    case("a timeout of another reason", lambda d: d.update(over={
        "reason": "resigned", "loser": 0, "game_no": 1, "winner": 1}))
    case("a timeout with a text winner", lambda d: d.update(over={
        "reason": "timeout", "loser": 0, "game_no": 1, "winner": "1"}))
    cases.append(("not an object", [1, 2]))
    return cases


@pytest.mark.parametrize(("name", "data"), bad_rows(), ids=[n for n, _ in bad_rows()])
def test_a_hall_row_of_the_wrong_shape_is_refused(name: str, data: Any) -> None:
    with pytest.raises(BadHallRow):
        hall_from_json(data)


def test_the_lobby_line_crosses_processes_through_its_codec() -> None:
    room = hall_room()
    line = tables.summary(room, {0}, watchers=2)
    assert line["clock"] == {"minutes": 5, "increment": 2.0}
    assert [s["connected"] for s in line["seats"]] == [True, False]
    assert line["status"] == "playing" and line["watchers"] == 2 and line["since"] == 100.0
    wire = json.loads(json.dumps(line))
    assert line_from_json(wire) == line
    untimed = tables.summary(hall_room(None), set(), 0)
    assert line_from_json(json.loads(json.dumps(untimed)))["clock"] is None


@pytest.mark.parametrize("change", [
    lambda d: d.pop("watchers"),
    lambda d: d.update(extra=1),
    lambda d: d.update(status="waiting"),
    lambda d: d.update(watchers=True),
    lambda d: d["seats"][0].pop("connected"),
    lambda d: d["seats"][0].update(name=5),
    lambda d: d.update(clock={"minutes": 5}),
])
def test_a_lobby_line_of_the_wrong_shape_is_refused(change: Any) -> None:
    data = json.loads(json.dumps(tables.summary(hall_room(), set(), 0)))
    change(data)
    with pytest.raises(BadLine):
        line_from_json(data)


def test_room_hall_shows_the_public_clock_only() -> None:
    room = hall_room()
    hall = room.row.hall
    assert hall is not None and hall["clock"] is not None
    clocks.sync(hall["clock"], game_no=1, state_no=1, to_move=0, now=100.0)
    info = views.hall_info(room)
    assert info == {"public": True, "rated": False, "over": None,
                    "clock": {"minutes": 5, "increment": 2.0, "left": [270.0, 300.0],
                              "running": 0, "waits": 0.0, "reading": []}}


def test_a_spectator_gets_the_seat_view_function_with_no_seat() -> None:
    room = hall_room()
    frame = views.watching(room, {0, 1})
    assert frame["view"] == view_to_json(view_of(room.match, None)) == views.view(room, None)
    assert frame["view"]["seat"] is None and "hand" not in frame["view"]
    seat = views.view(room, 0)
    private = {"seat", "partner", "hand", "legal", "lead_options", "revealed_hands",
               "secret"}
    assert {k: v for k, v in seat.items() if k not in private} \
        == {k: v for k, v in frame["view"].items() if k not in private}
