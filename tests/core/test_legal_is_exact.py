"""RULES.md section 8: an action is accepted exactly when it is in the legal list.

Every conceivable action of the player to move — each tile in hand with no end, left or
right, draw, pass, redeal — is tried on a copy of the deal along random games of every preset.
"""

from __future__ import annotations

import random

import pytest

from doublesix.core.actions import Action, End
from doublesix.core.errors import IllegalAction
from doublesix.core.match import Match
from doublesix.core.rules import find_preset


def every_action(game: Match, seat: int) -> list[Action]:
    plays = [Action.play(tile, end) for tile in game.deal.hand(seat)
             for end in (None, End.LEFT, End.RIGHT)]
    return [*plays, Action.parse("draw"), Action.parse("pass"), Action.parse("redeal")]


@pytest.mark.parametrize(("preset", "players"), [("draw", 2), ("block", 3), ("draw", 4),
                                                 ("101", 2)])
def test_accepted_exactly_when_legal(preset: str, players: int) -> None:
    rng = random.Random(f"{preset}{players}")
    for seed in range(6):
        game = Match(find_preset(preset, players=players), seed=seed)
        while not game.deal_over:
            seat = game.to_move
            assert seat is not None
            legal = set(game.legal_actions())
            for action in every_action(game, seat):
                trial = game.deal.copy()
                try:
                    trial.apply(action, seat)
                    accepted = True
                except IllegalAction as exc:
                    accepted = False
                    assert str(exc)  # refused with a reason
                assert accepted == (action in legal), (str(action), sorted(map(str, legal)))
            game.apply(rng.choice(sorted(legal, key=str)), seat)
