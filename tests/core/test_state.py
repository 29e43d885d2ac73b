"""A deal: legal actions, applying them, refusals (RULES.md §5, §8)."""

from __future__ import annotations

import pytest

from doublesix.core.actions import Action
from doublesix.core.errors import IllegalAction
from doublesix.core.outcome import Reason
from tests.core.helpers import dealt, position

SEED_000 = [["6-6", "1-6", "4-5", "1-1", "4-4", "1-5", "0-0"],
            ["1-2", "0-3", "3-3", "3-5", "2-3", "0-2", "2-2"]]


def legal(game) -> list[str]:  # type: ignore[no-untyped-def]
    return sorted(str(a) for a in game.legal_actions())


def test_seed_000_draw_mode_opening() -> None:
    game = dealt("draw", SEED_000)
    assert legal(game) == ["play 6-6"]
    game.apply(Action.parse("play 6-6"), 0)
    assert legal(game) == ["draw"]
    event = game.apply(Action.parse("draw"), 1)
    assert event.drawn is not None and game.to_move == 1


def test_seed_000_block_mode_passes() -> None:
    game = dealt("block", SEED_000)
    game.apply(Action.parse("play 6-6"), 0)
    assert legal(game) == ["pass"]
    game.apply(Action.parse("pass"), 1)
    assert game.to_move == 0 and game.deal.boneyard_size == 14 and not game.deal.is_over


@pytest.mark.parametrize(("action", "seat", "reason"), [
    ("play 6-6", 1, "not your turn"),
    ("play 2-2", 0, "do not hold"),
    ("play 4-4", 0, "may not lead"),
    ("play 6-6 left", 0, "first tile takes no end"),  # legal is ["play 6-6"] (RULES.md §8)
    ("play 6-6 right", 0, "first tile takes no end"),
    ("draw", 0, "lead"),
    ("pass", 0, "lead"),
    ("redeal", 0, "redeal"),
])
def test_refusals_give_reasons_and_change_nothing(action: str, seat: int, reason: str) -> None:
    game = dealt("draw", SEED_000)
    before = (list(game.deal.hands), game.deal.boneyard(), game.to_move, game.version)
    with pytest.raises(IllegalAction, match=reason):
        game.apply(Action.parse(action), seat)
    assert (list(game.deal.hands), game.deal.boneyard(), game.to_move, game.version) == before


def test_a_tile_must_fit_its_end_and_say_which() -> None:
    game = position("draw", [[1, 5], [5, 5]], [["0-5", "1-2", "3-4"], ["0-1"]], 0)
    with pytest.raises(IllegalAction, match="does not fit 1 or 5"):
        game.apply(Action.play("3-4", "left"), 0)
    with pytest.raises(IllegalAction, match="left end"):
        game.apply(Action.play("0-5", "left"), 0)
    with pytest.raises(IllegalAction, match="say which end"):
        game.apply(Action.play("0-5"), 0)
    with pytest.raises(IllegalAction, match="must play"):
        game.apply(Action.parse("draw"), 0)
    game.apply(Action.play("0-5", "right"), 0)
    assert game.deal.ends == (1, 0)


def test_domino_and_blocked_endings() -> None:
    game = position("block", [[2, 3]], [["3-3"], ["1-1", "4-4"]], 0)
    game.apply(Action.play("3-3", "right"), 0)
    outcome = game.deal.outcome
    assert outcome is not None and outcome.reason is Reason.DOMINO and outcome.points == 10
    with pytest.raises(IllegalAction, match="over"):
        game.apply(Action.parse("pass"), 1)

    game = position("block", [[2, 3]], [["5-5"], ["1-1", "4-4"]], 0)
    game.apply(Action.parse("pass"), 0)
    assert not game.deal.is_over  # one pass never ends a deal
    game.apply(Action.parse("pass"), 1)
    outcome = game.deal.outcome
    assert outcome is not None and outcome.reason is Reason.BLOCKED
    assert outcome.pips == (10, 10) and outcome.winner is None and outcome.points == 0


def test_copy_is_independent() -> None:
    game = dealt("draw", SEED_000)
    copy = game.deal.copy()
    copy.apply(Action.parse("play 6-6"))
    assert game.deal.ends is None and copy.ends == (6, 6)
