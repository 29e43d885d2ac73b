"""The playout kernel against DealState: the same random choices give the same game."""

from __future__ import annotations

import random

import pytest

from doublesix.core.actions import DRAW, PASS, Action
from doublesix.core.dealing import SeededDealer
from doublesix.core.match import Match
from doublesix.core.playout import kernel_order, pick, playout, to_matrix, to_standard
from doublesix.core.rules import Ruleset, find_preset
from doublesix.core.state import DealState
from doublesix.core.tiles import FULL_SET, TILE_COUNT

SETUPS = [
    ("draw", {"players": 2}), ("draw", {"players": 3}), ("draw", {"players": 4}),
    ("block", {"players": 2}), ("block", {"players": 3}), ("block", {"players": 4}),
    ("101", {}), ("kozel", {}),
    # every option the kernel reads, also outside its preset
    ("draw", {"players": 3, "draw_rule": "one_then_pass"}),
    ("draw", {"players": 4, "draw_rule": "one_then_pass", "hand_size": 5}),
    ("draw", {"players": 2, "dead_board_fish": True}),
    ("block", {"players": 3, "dead_board_fish": True, "hand_size": 5}),
    ("draw", {"players": 2, "first_lead": "any", "hand_size": 3}),
]
GAMES = 120


def deal_of(rules: Ruleset, seed: int) -> DealState:
    return Match(rules, SeededDealer(seed)).deal


def finish_on_state(deal: DealState, rand: random.Random) -> int:
    """Play *deal* to its end with the kernel's choice protocol; returns the plies."""
    plies = 0
    while not deal.is_over:
        actions = kernel_order(deal.legal_actions())
        deal.apply(actions[pick(rand.random, len(actions))] if len(actions) > 1 else actions[0])
        plies += 1
    return plies


def kernel_from(deal: DealState, rand: random.Random):  # type: ignore[no-untyped-def]
    assert deal.to_move is not None
    lead_mask = deal.opening.lead_mask if deal.ends is None and deal.opening else FULL_SET
    return playout(
        deal.rules, deal.hands, [t.index for t in deal.boneyard()], deal.ends, deal.to_move,
        rand.random, passes=deal.passes, last_placer=deal.last_placer, lead_mask=lead_mask,
        led_with=deal.led_with, hanging_in=deal.hanging_in,
    )


def assert_same(deal: DealState, result, plies: int, bone_before: int) -> None:  # type: ignore[no-untyped-def]
    assert result.hands == tuple(deal.hands)
    assert result.ends == deal.ends
    assert result.outcome == deal.outcome
    assert result.plies == plies
    if deal.rules.draw_rule != "none":
        assert result.drawn == bone_before - deal.boneyard_size
    # the line holds exactly the tiles neither in a hand nor in the boneyard
    held = 0
    for hand in result.hands:
        held |= hand
    bone = sum(1 << t.index for t in deal.boneyard())
    assert deal.line.mask == FULL_SET & ~held & ~bone


@pytest.mark.parametrize(("preset", "options"), SETUPS)
def test_kernel_plays_the_same_game_as_dealstate(preset: str, options: dict[str, object]) -> None:
    rules = find_preset(preset, **options)
    for seed in range(GAMES):
        deal = deal_of(rules, seed)
        # start from a random point of the deal: the lead, mid-game, or after some passes
        steer = random.Random(seed + 1)
        for _ in range(steer.randrange(0, 25)):
            if deal.is_over or (deal.ends is None and steer.random() < 0.5):
                break
            deal.apply(steer.choice(deal.legal_actions()))
        if deal.is_over:
            continue
        bone_before = deal.boneyard_size
        result = kernel_from(deal, random.Random(seed))
        plies = finish_on_state(deal, random.Random(seed))
        assert_same(deal, result, plies, bone_before)


def test_kernel_leaves_its_inputs_alone() -> None:
    rules = find_preset("draw")
    deal = deal_of(rules, 3)
    hands = list(deal.hands)
    bone = [t.index for t in deal.boneyard()]
    saved = (list(hands), list(bone))
    assert deal.opening is not None
    playout(rules, hands, bone, None, deal.to_move or 0, random.Random(1).random,
            lead_mask=deal.opening.lead_mask)
    assert (hands, bone) == saved


def test_matrix_round_trip() -> None:
    rng = random.Random(7)
    for _ in range(2000):
        mask = rng.getrandbits(TILE_COUNT)
        assert to_standard(to_matrix(mask)) == mask
    assert to_matrix(0) == 0 and to_standard(to_matrix(FULL_SET)) == FULL_SET


def test_kernel_order_puts_left_plays_first() -> None:
    acts = [Action.play("1-2", "left"), Action.play("1-2", "right"), Action.play("0-1", "right"),
            Action.play("2-5", "left")]
    assert [str(a) for a in kernel_order(acts)] == [
        "play 1-2 left", "play 2-5 left", "play 0-1 right", "play 1-2 right"]
    assert kernel_order([DRAW]) == [DRAW] and kernel_order([PASS]) == [PASS]


def test_pick_is_an_index_below_n() -> None:
    rng = random.Random(5)
    seen = {pick(rng.random, 3) for _ in range(300)}
    assert seen == {0, 1, 2}


def test_points_by_seat() -> None:
    rules = find_preset("draw", players=3)
    deal = deal_of(rules, 11)
    result = kernel_from(deal, random.Random(2))
    points = result.points_by_seat()
    assert len(points) == 3
    if result.winner is None:
        assert points == (0, 0, 0)
    else:
        assert points[result.winner] == result.outcome.points
    match = find_preset("101")
    result = kernel_from(deal_of(match, 4), random.Random(2))
    if result.outcome.loser is not None:
        assert result.points_by_seat()[result.outcome.loser] == result.outcome.points


def test_bad_calls_are_refused() -> None:
    rules = find_preset("draw")
    with pytest.raises(ValueError, match="2 players need 2 hands"):
        playout(rules, [1, 2, 4], [], (0, 0), 0, random.random)
    with pytest.raises(ValueError, match="no tile to lead"):
        playout(rules, [0b1, 0b10], [], None, 0, random.random, lead_mask=0b100)
