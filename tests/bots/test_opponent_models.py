"""How the search treats the opponent and the deal's points: an expectimax opponent averages
its moves by the model's probabilities, a paranoid one minimises, and ``points=0`` values a
deal by who wins it alone. Each can be switched by name, and hard stays legal with them."""

from __future__ import annotations

import pytest

from doublesix.bots import make_bot
from doublesix.bots.arena import make_any
from doublesix.bots.hard import HardBot
from doublesix.bots.inference import model_probs
from doublesix.bots.search import EXACT, WIN, Searcher, encoded_moves
from doublesix.core.match import Match
from doublesix.core.rules import find_preset
from doublesix.core.tiles import PIPS, VALUE_MASK, tile_index
from doublesix.core.view import PlayerView
from tests.bots.games import play_out


def _uniform(_h: int, _n: int, _l: int, _r: int, _line: int, moves: list[int]) -> list[float]:
    return [1.0 / len(moves)] * len(moves)


def _positions(count: int) -> list[tuple[Match, int]]:
    """Block positions of medium against medium where the seat to move has 2+ plays."""
    out = []
    for seed in range(count):
        game = Match(find_preset("block"), seed=seed)
        bots = [make_bot("medium", 1), make_bot("medium", 2)]
        while not game.deal_over:
            seat = game.to_move
            assert seat is not None
            deal = game.deal
            if deal.ends is not None:
                left, right = deal.ends
                hand = deal.hands[seat]
                if len(encoded_moves(hand & VALUE_MASK[left], hand & VALUE_MASK[right],
                                     left != right)) > 1:
                    out.append((game, seat))
                    break
            game.apply(bots[seat].choose(PlayerView.of(game, seat)), seat)
    return out


def test_a_chance_opponent_is_the_average_of_its_moves() -> None:
    checked = 0
    for game, mover in _positions(12):
        deal = game.deal
        assert deal.ends is not None
        left, right = deal.ends
        hands = list(deal.hands)
        line = deal.line.mask
        me = 1 - mover
        chance = Searcher(game.rules, me)
        chance.chance = _uniform
        paranoid = Searcher(game.rules, me)
        moves = encoded_moves(hands[mover] & VALUE_MASK[left], hands[mover] & VALUE_MASK[right],
                              left != right)
        after = [chance.value_after_play(hands, 0, left, right, mover, mv >> 1, mv & 1, line,
                                         EXACT) for mv in moves]
        whole = chance.value(hands, 0, left, right, mover, 0, line, EXACT)
        assert whole == pytest.approx(sum(after) / len(after))
        # a perfect opponent is never better for me than a random one
        assert paranoid.value(hands, 0, left, right, mover, 0, line, EXACT) <= whole + 1e-9
        checked += 1
    assert checked >= 10


def test_model_probabilities_sum_to_one_and_go_flat_at_the_flattest_temperature() -> None:
    moves = [0 * 2, 5 * 2, 27 * 2 + 1]
    hand = (1 << 0) | (1 << 5) | (1 << 27) | (1 << 12)
    sharp = model_probs(0.5, 0)(hand, 0b111, 0, 6, 0, moves)
    flat = model_probs(50.0, 0)(hand, 0b111, 0, 6, 0, moves)
    assert sum(sharp) == pytest.approx(1.0)
    assert flat == pytest.approx([1 / 3] * 3)
    assert max(sharp) > 0.5


def test_points_zero_values_a_won_deal_by_the_win_alone() -> None:
    rules = find_preset("block")
    heavy = (1 << tile_index(6, 6)) | (1 << tile_index(5, 6))  # left in the loser's hand
    light = 1 << tile_index(0, 1)
    assert PIPS[tile_index(6, 6)] + PIPS[tile_index(5, 6)] == 23
    for points in (1.0, 0.0):
        searcher = Searcher(rules, 0, points=points)
        assert searcher.terminal([0, heavy], 0, 0, 3) == pytest.approx(WIN + points * 23)
        assert searcher.terminal([light, 0], 0, 1, 3) == pytest.approx(-(WIN + points * 1))


@pytest.mark.parametrize("spec", ["hard:samples=2,expect=4", "hard:samples=2,assume=1",
                                  "hard:samples=2,points=0", "omniscient:uniform=1,depth=4"])
def test_every_new_variant_runs_by_name(spec: str) -> None:
    assert make_any(spec, 1) is not None
    if spec.startswith("hard"):
        rules = find_preset("block")
        for seed in range(6):
            bots = [make_any(spec, seed), make_bot("random", seed)]
            play_out(rules, seed, bots)  # type: ignore[arg-type]


def test_an_expectimax_hard_is_reproducible() -> None:
    rules = find_preset("draw")
    game = Match(rules, seed=3)
    bots = [make_bot("random", 1), make_bot("random", 2)]
    checked = 0
    while not game.deal_over:
        seat = game.to_move
        assert seat is not None
        view = PlayerView.of(game, seat)
        if len(view.legal) > 1:
            first = HardBot(5, samples=4, expect=4).choose(view)
            assert HardBot(5, samples=4, expect=4).choose(view) == first
            checked += 1
        game.apply(bots[seat].choose(view), seat)
    assert checked > 0
