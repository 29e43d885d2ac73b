"""Policy-based inference: the medium model scores plays as medium does, a past hand is rebuilt
soundly, and worlds that explain the opponent's plays weigh more."""

from __future__ import annotations

import random

import pytest

from doublesix.bots import make_bot
from doublesix.bots.heuristics import score_play
from doublesix.bots.inference import (
    choice_scores,
    observed_choices,
    resample,
    score_option,
    world_weights,
)
from doublesix.bots.knowledge import infer
from doublesix.bots.sampling import sample_world
from doublesix.core.actions import ActionKind
from doublesix.core.match import Match
from doublesix.core.rules import find_preset
from doublesix.core.view import PlayerView


def _medium_games(preset: str, seeds: range) -> list[tuple[Match, list[PlayerView]]]:
    out = []
    for seed in seeds:
        game = Match(find_preset(preset), seed=seed)
        bots = [make_bot("medium", 1), make_bot("medium", 2)]
        views = []
        while not game.deal_over:
            seat = game.to_move
            assert seat is not None
            view = PlayerView.of(game, seat)
            views.append(view)
            game.apply(bots[seat].choose(view), seat)
        out.append((game, views))
    return out


def test_score_option_is_the_medium_score() -> None:
    checked = 0
    for _, views in _medium_games("draw", range(12)):
        for view in views:
            if view.ends is None or len(view.legal) < 2:
                continue
            know = infer(view)
            nxt = (view.seat + 1) % 2
            slots = know.slots[nxt]
            for a in view.legal:
                if a.kind is ActionKind.PLAY and a.tile is not None and a.end is not None:
                    mine = score_option(know.mine, len(view.hand), view.ends, a.tile.index,
                                        a.end, know.line, view.hand_sizes[nxt],
                                        slots[-1] if slots else 0)
                    assert mine == pytest.approx(score_play(a, view.ends, know))
                    checked += 1
    assert checked > 100


@pytest.mark.parametrize("preset", ["block", "draw"])
def test_in_the_true_world_medium_made_its_best_play(preset: str) -> None:
    # medium plays the top of its own scores; rebuilt from the true hands, every observed
    # choice must be the best option (up to medium's tiny tie-break)
    checked = 0
    for game, views in _medium_games(preset, range(25)):
        # the observer is the seat that moved last; its opponent's plays are the evidence
        last = views[-1]
        hands = list(game.deal.hands)
        for choice in observed_choices(last):
            assert choice.seat != last.seat
            scored = choice_scores(choice, hands)
            # with draws since, the hand then is only partly known and so are its scores
            if scored is None or not choice.with_hand:
                continue
            chosen, options = scored
            assert chosen >= max(options) - 1e-2
            checked += 1
    assert checked > 20


def test_the_true_world_weighs_more_than_average() -> None:
    rng = random.Random(3)
    ratios = []
    for game, views in _medium_games("block", range(30)):
        view = views[-1]
        choices = observed_choices(view)
        if not choices:
            continue
        know = infer(view)
        worlds = [sample_world(know, rng)[0] for _ in range(40)]
        worlds.append(list(game.deal.hands))
        weights, _ = world_weights(choices, worlds)
        ratios.append(weights[-1] * len(worlds))
    assert len(ratios) > 10
    assert sum(ratios) / len(ratios) > 1.5


def test_resampling_follows_the_weights() -> None:
    picks = resample([0.5, 0.0, 0.25, 0.25], 8, 0.3)
    assert picks.count(0) == 4 and picks.count(1) == 0 and picks.count(2) == 2


def test_sampled_tiles_know_which_draw_brought_them() -> None:
    rng = random.Random(4)
    checked = 0
    for _, views in _medium_games("draw", range(15)):
        view = views[-1]
        know = infer(view)
        opp = 1 - view.seat
        draws = {i for i, e in enumerate(view.history)
                 if e.seat == opp and e.action.kind is ActionKind.DRAW}
        origins: dict[int, int] = {}
        hands, _ = sample_world(know, rng, 0.0, origins)
        mine = {t for t in range(28) if hands[opp] >> t & 1}
        assert set(origins) == mine
        assert all(when == -1 or when in draws for when in origins.values())
        # a tile can have come from a draw only while the opponent has drawn that often
        assert sum(1 for w in origins.values() if w >= 0) <= len(draws)
        checked += bool(draws)
    assert checked > 3
