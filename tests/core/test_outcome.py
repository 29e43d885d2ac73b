"""Outcomes and match status as data; the exceptions' family."""

from __future__ import annotations

import json

from doublesix.core.errors import IllegalAction, InvalidSetup
from doublesix.core.outcome import MatchStatus, Outcome, Reason


def test_outcome_to_dict_is_json() -> None:
    outcome = Outcome(Reason.BLOCKED, 1, 14, (14, 9), fisherman=0, loser=0,
                      bonuses=(("hanging", 4),))
    data = json.loads(json.dumps(outcome.to_dict()))
    assert data == {"winner": 1, "reason": "blocked", "points": 14, "pips": [14, 9],
                    "fisherman": 0, "loser": 0, "bonuses": [["hanging", 4]], "hanging": 0,
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
