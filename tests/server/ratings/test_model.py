"""The rating model (server/ratings/model.py): openskill's updates on the displayed scale."""

from __future__ import annotations

import random

import pytest

from doublesix.core.errors import InvalidSetup
from doublesix.core.presets import Preset, register, unregister
from doublesix.server.ratings.model import (
    PRIOR_POINTS,
    PROVISIONAL_GAMES,
    RATED_PRESETS,
    SCALE,
    START,
    Model,
    Rating,
    model,
    ranks_of,
    rating_key,
)

BLOCK = model("block")


def test_a_new_profile_starts_at_1500_provisional() -> None:
    for key in RATED_PRESETS:
        r = model(key).new()
        assert r.display == START
        assert r.provisional and r.label() == "1500?"
        assert r.deviation == round(PRIOR_POINTS[key])


def test_400_points_are_ten_to_one_between_settled_players() -> None:
    settled = 0.05  # a sigma far below any prior: the odds of the means alone
    strong = Rating(25 + 400 / SCALE, settled)
    weak = Rating(25, settled)
    p_strong, p_weak = BLOCK.win_probability([[strong], [weak]])
    assert strong.display - weak.display == 400
    assert p_strong / p_weak == pytest.approx(10, rel=0.01)


def test_a_win_moves_the_winner_up_and_the_loser_down_by_as_much() -> None:
    (winner,), (loser,) = BLOCK.rate([[model("block").new()], [model("block").new()]], [0, 1])
    assert winner.display > START > loser.display
    assert winner.display - START == START - loser.display
    assert winner.sigma < model("block").new().sigma  # one game says something


def test_an_upset_moves_more_than_the_expected_result() -> None:
    strong, weak = Rating(28, 2.0), Rating(23, 2.0)
    (expected,), _ = BLOCK.rate([[strong], [weak]], [0, 1])
    (upset,), _ = BLOCK.rate([[strong], [weak]], [1, 0])
    assert strong.mu - upset.mu > expected.mu - strong.mu > 0


def test_a_drawn_game_between_equals_changes_no_mean() -> None:
    (a,), (b,) = BLOCK.rate([[model("draw").new()], [model("draw").new()]], ranks_of(None, 2))
    assert a.display == b.display == START


def test_kozel_rates_each_partner_from_the_pairs_result() -> None:
    kozel = model("kozel")
    new = kozel.new()
    strong = Rating(27, 0.5, 100)
    (w1, w2), (l1, l2) = kozel.rate([[new, strong], [new, new]], [0, 1])
    assert w1.mu > new.mu and w2.mu > strong.mu
    assert l1.mu < new.mu and l2.mu < new.mu
    # the settled partner moves less than the new one: its rating is surer
    assert w2.mu - strong.mu < w1.mu - new.mu


def test_three_player_deal_the_winner_up_both_losers_down() -> None:
    sides = [[model("draw").new()] for _ in range(3)]
    (a,), (b,), (c,) = BLOCK.rate(sides, ranks_of(1, 3))
    assert b.display > START > a.display
    assert a.display == c.display
    assert sum(BLOCK.win_probability(sides)) == pytest.approx(1)


def test_the_probability_favours_the_higher_rating() -> None:
    p = BLOCK.win_probability([[Rating(26, 2)], [Rating(24, 2)]])
    assert p[0] > 0.5 > p[1]
    assert sum(p) == pytest.approx(1)


def test_a_newcomer_loses_its_question_mark_after_its_first_games_and_ends_above() -> None:
    """A profile that wins 70 % against settled 1500 opponents is provisional for exactly its
    first games, ends above them, and its sigma has fallen."""
    rng = random.Random(5)
    me = BLOCK.new()
    for games in range(1, 61):
        (me,), _ = BLOCK.rate([[me], [Rating(25, 0.5, 100)]],
                              [0, 1] if rng.random() < 0.7 else [1, 0])
        assert me.games == games
        assert me.provisional == (games < PROVISIONAL_GAMES)
    assert me.display > START + 50
    assert me.label() == str(me.display)
    assert me.sigma < BLOCK.new().sigma


@pytest.mark.parametrize(("winner", "sides"), [(2, 2), (-1, 3)])
def test_ranks_of_refuses_a_winner_that_is_no_side(winner: int, sides: int) -> None:
    with pytest.raises(ValueError, match="is not one of"):
        ranks_of(winner, sides)


def test_bad_games_are_refused() -> None:
    with pytest.raises(ValueError, match="at least two sides"):
        BLOCK.rate([[model("draw").new()]], [0])
    with pytest.raises(ValueError, match="at least two sides"):
        BLOCK.rate([[model("draw").new()], []], [0, 1])
    with pytest.raises(ValueError, match="2 sides but 3 ranks"):
        BLOCK.rate([[model("draw").new()], [model("draw").new()]], [0, 1, 1])


def test_only_the_rated_presets_have_a_rating() -> None:
    assert [rating_key(k) for k in RATED_PRESETS] == ["draw", "block", "101", "kozel"]
    with pytest.raises(InvalidSetup, match="unknown preset"):
        rating_key("chess")
    register(Preset("throwaway", {"draw_rule": "none"}))
    try:
        with pytest.raises(ValueError, match="not rated"):
            rating_key("throwaway")
        with pytest.raises(ValueError, match="not rated"):
            Model("throwaway")
    finally:
        unregister("throwaway")
