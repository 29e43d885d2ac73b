"""Games from given data: deals, mid-game positions, match deals; bad setups refused."""

from __future__ import annotations

import pytest

from doublesix.core.errors import InvalidSetup
from doublesix.core.positions import match_from_deals, match_from_position
from doublesix.core.rules import find_preset
from tests.core.helpers import position, rest

HANDS = [["6-6", "1-6", "4-5", "1-1", "4-4", "1-5", "0-0"],
         ["1-2", "0-3", "3-3", "3-5", "2-3", "0-2", "2-2"]]


def test_a_position_continues_with_its_data() -> None:
    game = position("101", [[1, 1], [1, 2]], [["2-3"], ["5-6"]], 1, led_with="1-1",
                    match={"scores": [90, 3], "hanging": 4, "deal": 3})
    assert game.scores == [90, 3] and game.hanging == 4 and game.deal_number == 3
    assert game.deal.led_with >= 0 and game.to_move == 1


@pytest.mark.parametrize("change", [
    {"hands": [HANDS[0], HANDS[1][:-1] + ["6-6"]]},      # a tile twice
    {"hands": [HANDS[0], HANDS[1][:-1]]},                 # a tile missing, short hand
    {"boneyard": rest(*HANDS)[:-1]},                      # short boneyard
    {"hands": [HANDS[0]]},                                # one hand for two players
])
def test_bad_deals_are_refused(change: dict[str, object]) -> None:
    deal: dict[str, object] = {"hands": HANDS, "boneyard": rest(*HANDS)}
    deal.update(change)
    with pytest.raises(InvalidSetup):
        match_from_deals(find_preset("draw"), [deal])


@pytest.mark.parametrize("change", [
    {"line": [[1, 2], [3, 4]]},
    {"to_move": None},
    {"passes": 2},
    {"led_with": "5-5"},
    {"match": {"scores": [1]}},
])
def test_bad_positions_are_refused(change: dict[str, object]) -> None:
    data: dict[str, object] = {"line": [[1, 2]], "hands": [["2-3"], ["5-6"]], "to_move": 0,
                               "boneyard": rest(["1-2", "2-3", "5-6"])}
    data.update(change)
    with pytest.raises(InvalidSetup):
        match_from_position(find_preset("101"), data)
