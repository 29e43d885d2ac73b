"""Every level plays whole games of every preset and player count without an illegal action."""

from __future__ import annotations

import pytest

from doublesix.bots import make_bot
from doublesix.core.rules import find_preset
from tests.bots.games import play_out
from tests.support.examples import examples

SETUPS = [("draw", 2), ("draw", 3), ("draw", 4), ("block", 2), ("block", 3), ("block", 4),
          ("101", 2), ("kozel", 4)]


@pytest.mark.parametrize("level", ["random", "easy", "medium"])
@pytest.mark.parametrize(("preset", "players"), SETUPS)
def test_cheap_levels_play_legally(level: str, preset: str, players: int) -> None:
    rules = find_preset(preset, players=players)
    games = examples(40 if preset in ("101", "kozel") else 400)
    for seed in range(games):
        bots = [make_bot(level, seed * 10 + s) for s in range(players)]
        play_out(rules, seed, bots)
