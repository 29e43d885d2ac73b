"""The bot interface: a bot sees a PlayerView (never a state) and returns one legal action."""

from __future__ import annotations

import random
from typing import Protocol

from doublesix.core.actions import Action, ActionKind
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


def obvious_choice(view: PlayerView) -> Action | None:
    """The action that needs no thought: the only legal one, or a redeal when it is offered.

    Four or more doubles make a poor hand, so the searching levels always take the new shuffle.
    """
    legal = view.legal
    if len(legal) == 1:
        return legal[0]
    for action in legal:
        if action.kind is ActionKind.REDEAL:
            return action
    return None
