"""Helpers shared by the bot tests: play whole games with bots in every seat."""

from __future__ import annotations

from doublesix.bots.base import Bot
from doublesix.core.match import Match
from doublesix.core.rules import Ruleset
from doublesix.core.view import PlayerView


def play_out(rules: Ruleset, seed: int, bots: list[Bot], max_deals: int = 200) -> Match:
    """Play one game (a match for 101) to its end; the core refuses any illegal action."""
    game = Match(rules, seed=seed)
    for _ in range(max_deals):
        while not game.deal_over:
            seat = game.to_move
            assert seat is not None
            view = PlayerView.of(game, seat)
            action = bots[seat].choose(view)
            assert action in view.legal, f"{bots[seat].name} chose {action}, not legal"
            game.apply(action, seat)
        if game.is_over:
            return game
        game.next_deal()
    raise AssertionError("the match did not end")
