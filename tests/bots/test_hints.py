"""«Подсказка»: the engine's move with a reason from the fixed set."""

from __future__ import annotations

import pytest

from doublesix.bots.hints import REASONS, hint
from doublesix.core import Action, PlayerView
from tests.core.helpers import position


def test_a_lone_six_six_is_shed_first_and_the_reason_says_double() -> None:
    game = position("101", [[2, 5], [5, 5], [5, 6]], [["6-6", "0-6"], ["2-3"]], 0)
    h = hint(PlayerView.of(game, 0), seed=1, worlds=16)
    assert h.action == Action.parse("play 6-6 right")
    assert h.reason == "double"


def test_the_last_tile_goes_out() -> None:
    game = position("block", [[4, 2], [2, 1]], [["1-3"], ["0-5", "5-5"]], 0)
    h = hint(PlayerView.of(game, 0), seed=1)
    assert h.action == Action.parse("play 1-3 right")
    assert h.reason == "domino"


def test_a_forced_action_is_named_as_the_only_one() -> None:
    game = position("block", [[4, 2], [2, 1]], [["6-6", "3-5"], ["0-5", "5-5"]], 0)
    h = hint(PlayerView.of(game, 0))
    assert h.action == Action.parse("pass")
    assert h.reason == "only"
    assert set(h.to_dict()) == {"action", "reason", "value"}


def test_the_reason_is_from_the_fixed_set_and_the_move_is_legal() -> None:
    game = position("draw", [[3, 3]], [["3-4", "3-6", "4-4", "1-2", "0-0", "2-5", "6-6"],
                                       ["0-1", "0-2", "0-3", "0-4", "0-5", "0-6", "1-1"]], 0)
    view = PlayerView.of(game, 0)
    h = hint(view, seed=2, worlds=8)
    assert h.action in view.legal
    assert h.reason in REASONS


def test_no_hint_out_of_turn() -> None:
    game = position("block", [[4, 2], [2, 1]], [["1-3"], ["0-5", "5-5"]], 0)
    with pytest.raises(ValueError):
        hint(PlayerView.of(game, 1))


def test_an_opponent_void_in_both_ends_is_kept_blocked() -> None:
    from tests.core.helpers import dealt

    game = dealt("block", [["6-6", "5-6", "5-5", "3-5", "0-1", "0-2", "1-2"],
                           ["0-0", "0-3", "1-1", "1-3", "2-2", "2-3", "3-3"]])
    for seat, text in ((0, "play 6-6"), (1, "pass"), (0, "play 5-6 left"), (1, "pass")):
        game.apply(Action.parse(text), seat)
    # seat 1 passed on 6 and on 5: 5-5 keeps both ends at values it cannot follow
    h = hint(PlayerView.of(game, 0), seed=3, worlds=16)
    assert h.action == Action.parse("play 5-5 left")
    assert h.reason == "block" and h.value in (5, 6)
