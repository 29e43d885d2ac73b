"""The hard level and the omniscient solver: legal in every setup, reproducible, on budget."""

from __future__ import annotations

import time

import pytest

from doublesix.bots import make_bot
from doublesix.bots.arena import play_game
from doublesix.bots.hard import HardBot
from doublesix.bots.omniscient import OmniscientBot
from doublesix.core.match import Match
from doublesix.core.rules import find_preset
from doublesix.core.view import PlayerView
from tests.bots.games import play_out
from tests.support.examples import examples

SETUPS = [("draw", 2), ("draw", 3), ("draw", 4), ("block", 2), ("block", 3), ("block", 4),
          ("101", 2), ("kozel", 4)]


@pytest.mark.parametrize(("preset", "players"), SETUPS)
def test_hard_plays_legally(preset: str, players: int) -> None:
    rules = find_preset(preset, players=players)
    games = examples(4 if preset in ("101", "kozel") else 40)
    for seed in range(games):
        # a tiny fixed budget: legality does not depend on how long it searches
        bots = [HardBot(seed + s, samples=1, depth=2, exact=6) for s in range(players)]
        play_out(rules, seed, bots)  # type: ignore[arg-type]


@pytest.mark.parametrize(("preset", "players"), [("draw", 2), ("block", 2), ("draw", 3),
                                                 ("101", 2), ("kozel", 4)])
def test_omniscient_plays_legally(preset: str, players: int) -> None:
    rules = find_preset(preset, players=players)
    for seed in range(examples(5 if preset in ("101", "kozel") else 30)):
        seats = [OmniscientBot(seed, depth=4, exact=10)] + [
            make_bot("random", seed + s) for s in range(1, players)
        ]
        play_game(rules, seed, seats, {0}, ["a", "b"])  # type: ignore[arg-type]


def _midgame_views(preset: str, count: int) -> list[PlayerView]:
    views = []
    for seed in range(count):
        game = Match(find_preset(preset), seed=seed)
        bots = [make_bot("medium", 1), make_bot("medium", 2)]
        while not game.deal_over:
            seat = game.to_move
            assert seat is not None
            view = PlayerView.of(game, seat)
            if len(view.legal) > 1:
                views.append(view)
            game.apply(bots[seat].choose(view), seat)
    return views


def test_a_sample_budget_makes_hard_reproducible() -> None:
    for view in _midgame_views("draw", 3):
        first = HardBot(7, samples=6).choose(view)
        assert all(HardBot(7, samples=6).choose(view) == first for _ in range(2))


def test_hard_keeps_its_time_budget() -> None:
    bot = HardBot(1, ms=40)
    views = _midgame_views("draw", 2)
    start = time.perf_counter()
    for view in views:
        bot.choose(view)
    # on average: a busy shared machine may stall any single decision now and then
    assert (time.perf_counter() - start) / len(views) < 0.040 + 0.030


def test_hard_takes_a_sure_domino() -> None:
    # one tile left that fits somewhere: playing it out wins at once, wherever it goes
    for view in _midgame_views("block", 6):
        if len(view.hand) == 1 and view.legal:
            assert HardBot(1, samples=4).choose(view).tile == view.hand[0]


def test_levels_are_registered() -> None:
    from doublesix.bots import bot_names

    assert {"random", "easy", "medium", "hard"} <= set(bot_names())
    assert "omniscient" not in bot_names()


@pytest.mark.parametrize(("preset", "players"), [("draw", 2), ("block", 2), ("draw", 3),
                                                 ("101", 2)])
@pytest.mark.slow  # ISMCTS searches whole games: seconds each: make test, not check
def test_hard_ismcts_plays_legally(preset: str, players: int) -> None:
    rules = find_preset(preset, players=players)
    for seed in range(examples(2 if preset == "101" else 12)):
        bots = [HardBot(seed + s, iters=30) for s in range(players)]
        play_out(rules, seed, bots)  # type: ignore[arg-type]


@pytest.mark.slow  # ISMCTS searches whole games: seconds each: make test, not check
def test_an_iteration_budget_makes_ismcts_reproducible() -> None:
    for view in _midgame_views("draw", 3):
        first = HardBot(7, iters=80).choose(view)
        assert all(HardBot(7, iters=80).choose(view) == first for _ in range(2))


def test_option_values_cover_every_play() -> None:
    for view in _midgame_views("block", 2):
        plays = [a for a in view.legal if a.tile is not None]
        for bot in (HardBot(3, samples=4), HardBot(3, iters=40)):
            values = bot.option_values(view)
            assert set(values) == set(plays)
            if len(plays) > 1 and not bot.ismcts:
                # the level's choice is the option of best value (no prior blended in)
                best = max(values.values())
                assert values[bot.choose(view)] == best
