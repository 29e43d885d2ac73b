"""The easy level: a beginner who mostly plays whatever fits."""

from __future__ import annotations

import random

from doublesix.bots.seeding import decision_rng
from doublesix.core.actions import Action, ActionKind
from doublesix.core.view import PlayerView

#: how often the beginner remembers to get rid of its heaviest tile
HEAVY_CHANCE = 0.2


class EasyBot:
    """Uniform over the legal actions, except that now and then it sheds its heaviest tile."""

    name = "easy"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: PlayerView) -> Action:
        legal = view.legal
        rng: random.Random = decision_rng(self.seed, view)
        plays = [a for a in legal if a.kind is ActionKind.PLAY and a.tile is not None]
        if plays and rng.random() < HEAVY_CHANCE:
            return max(plays, key=lambda a: (a.tile.pips if a.tile else 0, str(a)))
        return legal[rng.randrange(len(legal))]
