"""Rulesets: presets, options, validation and the data round trip."""

from __future__ import annotations

import pytest

from doublesix.core.errors import InvalidSetup
from doublesix.core.rules import PRESETS, Ruleset, find_preset
from doublesix.core.tiles import Tile


def test_presets_follow_rules_md_section_3() -> None:
    draw, block, match = (find_preset(p) for p in ("draw", "block", "101"))
    assert (draw.draw_rule, block.draw_rule, match.draw_rule) == (
        "until_playable", "none", "one_then_pass")
    assert draw.first_lead == block.first_lead == "highest_double"
    assert match.first_lead == "lowest_double_from_1_1"
    assert draw.blocked_points == "difference"
    assert find_preset("draw", players=3).blocked_points == "others_sum"
    assert find_preset("block", players=4).blocked_points == "others_sum"
    assert (draw.target, match.target) == (None, 101)
    assert match.dead_board_fish and not draw.dead_board_fish and not block.dead_board_fish
    assert find_preset("101", target=301).target == 301
    assert set(PRESETS) == {"draw", "block", "101", "kozel"}


def test_kozel_preset_follows_rules_md_section_9() -> None:
    kozel = find_preset("kozel")
    assert (kozel.players, kozel.hand_size, kozel.teams) == (4, 7, True)
    assert (kozel.draw_rule, kozel.first_lead, kozel.target) == (
        "none", "lowest_double_from_1_1", 101)
    assert not kozel.lead_obligations and not kozel.dead_board_fish
    assert kozel.sides == ((0, 2), (1, 3))
    assert [kozel.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert [kozel.partner_of(s) for s in range(4)] == [2, 3, 0, 1]
    assert kozel.lone_double_for(Tile.parse("0-0").index) == 25
    assert kozel.lone_double_for(Tile.parse("5-5").index) is None
    assert kozel.lead_bonus == () and kozel.finish_bonus == ()
    assert [find_preset("kozel", target=t).target for t in (101, 201, 301)] == [101, 201, 301]
    assert not any(find_preset(p).teams for p in ("draw", "block", "101"))
    assert find_preset("draw").partner_of(0) is None
    assert Ruleset.from_dict({"preset": "kozel"}).to_dict()["teams"] is True


def test_101_bonus_tables() -> None:
    match = find_preset("101")
    idx = lambda t: Tile.parse(t).index  # noqa: E731
    assert (match.lead_bonus_for(idx("0-0")), match.lead_bonus_for(idx("6-6"))) == (25, 50)
    assert match.lead_bonus_for(idx("3-3")) == 0
    assert [match.finish_bonus_for(idx(f"{v}-{v}")) for v in range(7)] == [
        50, 50, 50, 25, 25, 50, 50]
    assert [match.lone_double_for(idx(f"{v}-{v}")) for v in range(7)] == [
        25, 2, 4, 6, 8, 50, 50]
    assert match.lone_double_for(idx("2-3")) is None


@pytest.mark.parametrize("data", [
    {"preset": "101", "players": 3},
    {"preset": "draw", "players": 5},
    {"preset": "draw", "players": 1},
    {"preset": "draw", "draw_rule": "sometimes"},
    {"preset": "chess"},
    {"preset": "draw", "colour": "red"},
    {"preset": "draw", "hand_size": 8, "players": 4},
    {"preset": "draw", "blocked_points": "penalty"},
    {"preset": "kozel", "players": 2},
    {"preset": "kozel", "players": 3},
    {"preset": "kozel", "teams": "yes"},
    {"preset": "kozel", "target": 0},
    {"preset": "block", "players": 4, "teams": True},
    {"preset": "101", "teams": True},
])
def test_impossible_rulesets_are_refused(data: dict[str, object]) -> None:
    with pytest.raises(InvalidSetup):
        Ruleset.from_dict(data)


def test_data_round_trip() -> None:
    for preset in PRESETS:
        rules = find_preset(preset)
        data = rules.to_dict()
        assert Ruleset.from_dict(data) == rules
    assert find_preset("draw").with_options(players=3).players == 3
    with pytest.raises(InvalidSetup):
        find_preset("draw").with_options(nonsense=1)
