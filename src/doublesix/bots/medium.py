"""The medium level: seed 001's advice, played greedily one move deep."""

from __future__ import annotations

from doublesix.bots.base import obvious_choice
from doublesix.bots.heuristics import DEFAULT, Weights, score_play
from doublesix.bots.knowledge import infer
from doublesix.bots.seeding import decision_rng
from doublesix.core.actions import Action
from doublesix.core.view import PlayerView


class MediumBot:
    """Scores every legal play (pips, doubles, variety, the opponent's known voids)."""

    name = "medium"

    def __init__(self, seed: int | None = None, weights: Weights = DEFAULT) -> None:
        self.seed = seed
        self.weights = weights

    def choose(self, view: PlayerView) -> Action:
        obvious = obvious_choice(view)
        if obvious is not None:
            return obvious
        legal = view.legal
        know = infer(view)
        rng = decision_rng(self.seed, view)
        # a tiny random tie-break keeps equal plays from always going the same way
        return max(
            legal,
            key=lambda a: score_play(a, view.ends, know, self.weights) + rng.random() * 1e-3,
        )
