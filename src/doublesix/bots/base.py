"""The bot interface: a bot sees a PlayerView (never a state) and returns one legal action."""

from __future__ import annotations

import random
from typing import Protocol

from doublesix.core.actions import Action
from doublesix.core.view import PlayerView


class Bot(Protocol):
    """A computer player. ``choose`` is only called when ``view.legal`` is not empty."""

    name: str

    def choose(self, view: PlayerView) -> Action: ...


class RandomBot:
    """Uniform over the legal actions: the baseline every other level must beat."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Action:
        return self._rng.choice(view.legal)
