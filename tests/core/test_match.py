"""Match: single deals and 101 matches driven through one object."""

from __future__ import annotations

import random

import pytest

from doublesix.core.actions import Action, ActionKind
from doublesix.core.errors import IllegalAction
from doublesix.core.match import Match
from doublesix.core.rules import find_preset


def finish_deal(game: Match, rng: random.Random) -> None:
    while not game.deal_over:
        game.apply(rng.choice(game.legal_actions()))


def test_a_single_deal_is_the_whole_game() -> None:
    game = Match(find_preset("draw"), seed=5)
    assert game.status() is None
    finish_deal(game, random.Random(1))
    assert game.is_over and game.finished_deals == [game.deal.outcome]
    with pytest.raises(IllegalAction, match="over"):
        game.next_deal()


def test_a_101_match_runs_to_its_end() -> None:
    game = Match(find_preset("101"), seed=9)
    rng = random.Random(2)
    with pytest.raises(IllegalAction, match="still being played"):
        game.next_deal()
    deals = 0
    while True:
        finish_deal(game, rng)
        deals += 1
        status = game.status()
        assert status is not None and status.deal == deals
        if game.is_over:
            break
        game.next_deal()
    assert game.winner is not None and max(game.scores) > 101
    assert game.scores[game.winner] <= 101


def test_version_counts_every_change() -> None:
    game = Match(find_preset("draw"), seed=3)
    assert game.version == 0
    game.apply(game.legal_actions()[0])
    assert game.version == 1 and len(game.log) == 1
    with pytest.raises(IllegalAction):
        game.apply(Action.parse("redeal"))
    assert game.version == 1


def test_same_seed_same_deal() -> None:
    a, b = Match(find_preset("block"), seed=4), Match(find_preset("block"), seed=4)
    assert a.deal.hands == b.deal.hands and a.deal.boneyard() == b.deal.boneyard()


def test_a_kozel_match_scores_by_pair_to_its_end() -> None:
    game = Match(find_preset("kozel"), seed=21)
    rng = random.Random(5)
    assert game.deal.hand(game.to_move or 0) and game.deal.boneyard_size == 0
    first = game.deal.hand(game.deal.to_move or 0)
    assert any(str(t) == "1-1" for t in first)  # 1-1 leads the first deal
    while True:
        finish_deal(game, rng)
        outcome = game.deal.outcome
        assert outcome is not None and len(game.scores) == 2
        last = [e for e in game.deal.history if e.action.kind is ActionKind.PLAY][-1]
        assert game.leader == last.seat  # whoever went out, or the fisherman
        if game.is_over:
            break
        game.next_deal()
        leader = game.deal.to_move
        assert leader == last.seat
        assert {a.tile for a in game.legal_actions()} == set(game.deal.hand(leader))
    assert game.winner is not None and game.scores[1 - game.winner] > 101
    status = game.status()
    assert status is not None and status.dry == (game.scores[game.winner] == 0)
