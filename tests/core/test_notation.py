"""JSON for states, views and records."""

from __future__ import annotations

import json
import random

import pytest

from doublesix.core.errors import InvalidSetup
from doublesix.core.match import Match
from doublesix.core.notation import load_record, record_of, state_to_json, view_to_json
from doublesix.core.rules import find_preset
from doublesix.core.view import PlayerView


def test_state_json_matches_the_scenario_format() -> None:
    game = Match(find_preset("101"), seed=3)
    state = state_to_json(game)
    assert set(state) == {"line", "ends", "to_move", "hands", "boneyard", "legal", "result",
                          "match"}
    assert state["boneyard"] == 14 and state["match"]["scores"] == [0, 0]


def test_view_json_names_only_own_tiles() -> None:
    game = Match(find_preset("draw"), seed=3)
    data = view_to_json(PlayerView.of(game, 0))
    json.dumps(data)
    assert data["hand"] == [str(t) for t in game.deal.hand(0)]
    text = json.dumps({k: v for k, v in data.items() if k != "rules"})
    for tile in game.deal.hand(1) + game.deal.boneyard():
        assert f'"{tile}"' not in text


def test_record_round_trip() -> None:
    game = Match(find_preset("101"), seed=12)
    rng = random.Random(4)
    for _ in range(3):
        while not game.deal_over:
            game.apply(rng.choice(game.legal_actions()))
        if game.is_over:
            break
        game.next_deal()
    record = json.loads(json.dumps(record_of(game, 12)))
    again = load_record(record)
    assert state_to_json(again) == state_to_json(game) and again.log == game.log


@pytest.mark.parametrize("record", [
    None, {}, {"format": "doublesix-record", "version": 99, "seed": 1},
    {"format": "doublesix-record", "version": 1, "seed": "x"},
    {"format": "doublesix-record", "version": 1, "seed": 1, "rules": {"preset": "draw"},
     "actions": [{"seat": 0, "action": "pass"}]},
])
def test_bad_records_are_refused(record: object) -> None:
    with pytest.raises(InvalidSetup):
        load_record(record)
