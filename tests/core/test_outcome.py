"""Outcomes and match status as data; the exceptions' family."""

from __future__ import annotations

import json

import pytest

from doublesix.core.errors import IllegalAction, InvalidSetup
from doublesix.core.outcome import Bonus, BonusJSON, BonusKind, MatchStatus, Outcome, Reason
from doublesix.core.tiles import Tile


def test_outcome_to_dict_is_json() -> None:
    outcome = Outcome(Reason.BLOCKED, 1, 14, (14, 9), fisherman=0, loser=0,
                      bonuses=(Bonus(BonusKind.HANGING, 4),))
    data = json.loads(json.dumps(outcome.to_dict()))
    assert data == {"winner": 1, "reason": "blocked", "points": 14, "pips": [14, 9],
                    "fisherman": 0, "loser": 0,
                    "bonuses": [{"kind": "hanging", "tile": None, "points": 4}], "hanging": 0,
                    "out": None, "counts": []}
    assert str(Reason.DOMINO) == "domino"


def test_match_status_to_dict() -> None:
    status = MatchStatus((14, 0), 24, 3, 0, False, None, 101)
    assert status.to_dict()["scores"] == [14, 0] and status.to_dict()["hanging"] == 24
    assert status.to_dict()["teams"] is None and status.to_dict()["dry"] is False
    pairs = MatchStatus((0, 103), 0, 4, 2, True, 0, 101, teams=((0, 2), (1, 3)), dry=True)
    assert pairs.to_dict()["teams"] == [[0, 2], [1, 3]] and pairs.to_dict()["dry"] is True


def test_refusals_are_value_errors() -> None:
    assert issubclass(IllegalAction, ValueError) and issubclass(InvalidSetup, ValueError)


def test_a_bonus_is_data_and_round_trips_through_json() -> None:
    six_six = Tile(6, 6).index
    bonuses = (Bonus(BonusKind.LEAD, 50, six_six), Bonus(BonusKind.FINISH, 25, Tile(0, 0).index),
               Bonus(BonusKind.LONE_DOUBLE, 50, Tile(5, 5).index), Bonus(BonusKind.HANGING, 24))
    wire = json.loads(json.dumps([b.to_json() for b in bonuses]))
    assert wire[0] == {"kind": "lead", "tile": "6-6", "points": 50}
    assert wire[3] == {"kind": "hanging", "tile": None, "points": 24}
    assert tuple(Bonus.from_json(b) for b in wire) == bonuses
    # only the lone double stands for a hand's count instead of coming on top of it
    assert [b.added for b in bonuses] == [True, True, False, True]


@pytest.mark.parametrize("data", [
    {"kind": "led with", "tile": "6-6", "points": 50},  # the old label is no kind
    {"kind": "lead", "tile": None, "points": 50},  # a lead bonus names its tile
    {"kind": "hanging", "tile": "1-1", "points": 4},  # hanging points name none
    {"kind": "finish", "tile": "7-7", "points": 4},
])
def test_a_bonus_that_cannot_exist_is_refused(data: BonusJSON) -> None:
    with pytest.raises(InvalidSetup):
        Bonus.from_json(data)
