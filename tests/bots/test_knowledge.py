"""The inference of hidden tiles: hand-made histories, and the truth is never excluded."""

from __future__ import annotations

import random

import pytest

from doublesix.bots import make_bot
from doublesix.bots.knowledge import infer
from doublesix.bots.sampling import sample_world
from doublesix.core.actions import Action
from doublesix.core.dealing import ListDealer
from doublesix.core.match import Match
from doublesix.core.rules import find_preset
from doublesix.core.tiles import VALUE_MASK, Tile, mask_of
from doublesix.core.view import PlayerView
from tests.support.examples import examples


def _mask(*names: str) -> int:
    return mask_of(Tile.parse(n).index for n in names)


def _order(*names: str) -> list[int]:
    return [Tile.parse(n).index for n in names]


def _game(hand0: list[str], hand1: list[str], bone: list[str], preset: str = "draw") -> Match:
    deal = ([_mask(*hand0), _mask(*hand1)], _order(*bone))
    return Match(find_preset(preset), ListDealer([deal]))


HAND0 = ["6-6", "0-1", "0-2", "1-2", "1-3", "2-3", "0-0"]
HAND1 = ["5-5", "4-5", "3-5", "2-5", "1-5", "0-5", "4-4"]
BONE = ["0-3", "0-4", "1-1", "1-4", "2-2", "2-4", "3-3", "3-4", "3-6", "2-6", "1-6",
        "0-6", "4-6", "5-6"]


def test_a_draw_proves_a_void_at_both_ends() -> None:
    game = _game(HAND0, HAND1, BONE)
    game.apply(Action.parse("play 6-6"), 0)
    # seat 1 holds no 6: draws 0-3, 0-4, 1-1, 1-4, 2-2, 2-4, 3-3, 3-4, then 3-6 fits
    while game.legal_actions() == [Action.parse("draw")]:
        game.apply(Action.parse("draw"), 1)
    game.apply(Action.parse("play 3-6 left"), 1)
    know = infer(PlayerView.of(game, 0))
    sixes = VALUE_MASK[6] & know.unknown
    # every tile seat 1 held before and drew along the way: none shows a 6
    assert know.lacks(1) & sixes == sixes
    assert 6 in know.void_values(1)
    assert know.hand_sizes[1] == 7 + 8
    assert len(know.slots[1]) == 15


def test_highest_double_lead_rules_out_higher_doubles() -> None:
    hand0 = ["5-5", "0-1", "0-2", "1-2", "1-3", "2-3", "0-0"]
    hand1 = ["6-0", "4-5", "3-5", "2-5", "1-5", "0-5", "4-4"]
    bone = ["0-3", "0-4", "1-1", "1-4", "2-2", "2-4", "3-3", "3-4", "3-6", "2-6", "1-6",
            "6-6", "4-6", "5-6"]
    game = _game(hand0, hand1, bone)
    game.apply(Action.parse("play 5-5"), 0)
    know = infer(PlayerView.of(game, 1))
    six_six = 1 << Tile.parse("6-6").index
    assert know.lacks(0) & six_six
    for _ in range(50):
        hands, boneyard = sample_world(know, random.Random(_))
        assert Tile.parse("6-6").index in boneyard
        assert hands[1] == know.mine


def test_a_pass_in_block_proves_a_void() -> None:
    game = _game(HAND0, HAND1, BONE, preset="block")
    game.apply(Action.parse("play 6-6"), 0)
    game.apply(Action.parse("pass"), 1)
    know = infer(PlayerView.of(game, 0))
    assert 6 in know.void_values(1)


def _consistent(slots: tuple[int, ...], hand: int) -> bool:
    """Whether the true tiles of *hand* can fill the slots (a bipartite matching)."""
    tiles = [t for t in range(28) if hand >> t & 1]
    match: dict[int, int] = {}

    def place(k: int, seen: set[int]) -> bool:
        for t in tiles:
            if slots[k] >> t & 1 or t in seen:
                continue
            seen.add(t)
            if t not in match or place(match[t], seen):
                match[t] = k
                return True
        return False

    return len(tiles) == len(slots) and all(place(k, set()) for k in range(len(slots)))


@pytest.mark.parametrize(("preset", "players"), [("draw", 2), ("draw", 3), ("block", 2),
                                                 ("block", 4), ("101", 2), ("kozel", 4)])
def test_the_true_hands_always_fit_the_inference(preset: str, players: int) -> None:
    rules = find_preset(preset, players=players)
    for seed in range(examples(60)):
        game = Match(rules, seed=seed)
        bots = [make_bot("medium", s) for s in range(players)]
        while not game.deal_over:
            seat = game.to_move
            assert seat is not None
            view = PlayerView.of(game, seat)
            know = infer(view)
            for other in range(players):
                if other != seat:
                    assert _consistent(know.slots[other], game.deal.hands[other]), (seed, other)
            game.apply(bots[seat].choose(view), seat)


def test_kozel_inference_holds_in_later_deals_too() -> None:
    """Later kozel deals are led with any tile: the lead must not be read as a constraint."""
    rules = find_preset("kozel")
    for seed in range(6):
        game = Match(rules, seed=seed)
        bots = [make_bot("medium", s) for s in range(4)]
        while True:
            while not game.deal_over:
                seat = game.to_move
                assert seat is not None
                view = PlayerView.of(game, seat)
                know = infer(view)
                for other in range(4):
                    if other != seat:
                        assert _consistent(know.slots[other], game.deal.hands[other]), (
                            seed, game.deal_number, other)
                game.apply(bots[seat].choose(view), seat)
            if game.is_over:
                break
            game.next_deal()


def test_one_then_pass_a_missed_draw_is_void_too() -> None:
    hand0 = ["1-1", "0-2", "0-3", "2-3", "2-4", "3-4", "0-4"]
    hand1 = ["2-2", "3-3", "4-4", "5-5", "2-5", "3-5", "4-5"]
    bone = ["5-6", "0-1", "1-2", "1-3", "1-4", "1-5", "1-6", "0-0", "0-5", "0-6", "2-6",
            "3-6", "4-6", "6-6"]
    game = _game(hand0, hand1, bone, preset="101")
    game.apply(Action.parse("play 1-1"), 0)
    game.apply(Action.parse("draw"), 1)  # 5-6 does not fit: the turn goes back at once
    assert game.to_move == 0
    know = infer(PlayerView.of(game, 0))
    ones = VALUE_MASK[1] & know.unknown
    assert len(know.slots[1]) == 8
    assert all(slot & ones == ones for slot in know.slots[1])


def test_a_drawn_tile_played_at_once_carries_no_void() -> None:
    game = _game(HAND0, HAND1, BONE)
    game.apply(Action.parse("play 6-6"), 0)
    while game.legal_actions() == [Action.parse("draw")]:
        game.apply(Action.parse("draw"), 1)
    # seat 1 holds 3-6 now, drawn last; seat 0 sees the draws, not the tile
    know = infer(PlayerView.of(game, 0))
    assert know.slots[1][-1] == 0  # the last drawn tile may be anything not yet seen
