"""Actions and their notation."""

from __future__ import annotations

import pytest

from doublesix.core.actions import DRAW, PASS, REDEAL, Action, ActionKind, End
from doublesix.core.tiles import Tile


def test_notation_round_trips() -> None:
    for text in ["play 0-6 left", "play 6-6", "play 3-4 right", "draw", "pass", "redeal"]:
        assert str(Action.parse(text)) == text
        assert eval(repr(Action.parse(text))) == Action.parse(text)  # noqa: S307
    assert Action.parse("play 6-0 left") == Action.play(Tile(0, 6), End.LEFT)
    assert Action.parse("draw") is DRAW and Action.parse("pass") is PASS
    assert Action.parse("redeal") is REDEAL


def test_actions_are_shared_values() -> None:
    assert Action.play("1-2", "left") is Action.play(Tile(1, 2), End.LEFT)
    assert Action.play("1-2").end is None
    assert Action.play("1-2", "right").kind is ActionKind.PLAY
    assert str(End.LEFT) == "left" and str(ActionKind.DRAW) == "draw"


@pytest.mark.parametrize("text", ["play", "play 1-2 middle", "jump", "play 9-9", "draw now"])
def test_bad_actions_are_refused(text: str) -> None:
    with pytest.raises(ValueError):
        Action.parse(text)


def test_inconsistent_actions_cannot_be_built() -> None:
    with pytest.raises(ValueError):
        Action(ActionKind.PLAY)
    with pytest.raises(ValueError):
        Action(ActionKind.DRAW, Tile(1, 1))
    with pytest.raises(ValueError):
        Action(ActionKind.PASS, None, End.LEFT)
