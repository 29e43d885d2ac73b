"""A hall table marked rated (issue 25): only with a clock, only between people; the flag is
kept with the room, shown in its lobby line and in ``room.hall``."""

from __future__ import annotations

import json
from typing import Any

import pytest

from doublesix.server.rooms import founding, tables, views
from doublesix.server.rooms.tables import line_from_json
from doublesix.server.storage import GameRow
from doublesix.server.storage.hall import BadHallRow, hall_from_json
from doublesix.server.wire.errors import ErrorCode, ServiceError

CLOCK = {"minutes": 5, "increment": 2}


def table(hall: Any, rules: Any = None, computers: Any = None,
          profile: str | None = "p1") -> founding.Founded:
    return founding.found("online", rules or {"preset": "block"}, None, "Аня", hall, computers,
                          now=100.0, profile=profile)


def test_a_rated_table_keeps_its_flag_through_storage_and_shows_it() -> None:
    room = table({"public": True, "clock": CLOCK, "rated": True}).room
    hall = room.row.hall
    assert hall is not None and hall["rated"] is True
    loaded = GameRow.from_columns(room.row.game_id, room.row.mode, None, 0, 1, 100.0, False,
                                  room.row.data_json())
    assert loaded.hall == hall
    line = tables.summary(room, {0}, watchers=0)
    assert line["rated"] is True
    assert line_from_json(json.loads(json.dumps(line)))["rated"] is True
    info = views.hall_info(room)
    assert info is not None and info["rated"] is True


def test_an_unrated_table_and_one_made_before_ratings_say_so() -> None:
    room = table({"public": True, "clock": CLOCK}).room
    hall = room.row.hall
    assert hall is not None and "rated" not in hall  # the stored row is as it was before
    assert tables.summary(room, set(), 0)["rated"] is False
    info = views.hall_info(room)
    assert info is not None and info["rated"] is False


@pytest.mark.parametrize(("hall", "computers", "message"), [
    ({"clock": None, "rated": True}, None, "needs a clock"),
    ({"rated": True}, None, "needs a clock"),
    ({"clock": CLOCK, "rated": "yes"}, None, "must be true or false"),
    ({"clock": CLOCK, "rated": 1}, None, "must be true or false"),
    ({"clock": CLOCK, "rated": True}, [2], "people only"),
])
def test_a_rated_table_that_cannot_be_is_refused(hall: Any, computers: Any, message: str) -> None:
    rules = {"preset": "draw", "players": 3}
    with pytest.raises(ServiceError, match=message) as caught:
        table(hall, rules, computers)
    assert caught.value.code == ErrorCode.BAD_REQUEST


def test_a_rated_table_needs_its_creator_to_have_a_profile() -> None:
    with pytest.raises(ServiceError, match="needs a profile"):
        table({"clock": CLOCK, "rated": True}, profile=None)
    assert table({"clock": CLOCK}, profile=None).room.row.hall is not None  # unrated: anyone


@pytest.mark.parametrize("rated", ["true", 0, None])
def test_a_stored_rated_flag_that_is_not_a_flag_is_refused(rated: Any) -> None:
    hall = table({"clock": CLOCK, "rated": True}).room.row.hall
    with pytest.raises(BadHallRow, match="rated"):
        hall_from_json({**(hall or {}), "rated": rated})


def test_a_lobby_line_without_its_rated_flag_is_refused() -> None:
    line = json.loads(json.dumps(tables.summary(table({"clock": CLOCK}).room, set(), 0)))
    line.pop("rated")
    with pytest.raises(tables.BadLine):
        line_from_json(line)
    line["rated"] = "no"
    with pytest.raises(tables.BadLine):
        line_from_json(line)
