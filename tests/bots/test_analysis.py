"""The review («Разбор»): hand-made deals with a known best move, and its guarantees."""

from __future__ import annotations

import pytest

from doublesix.bots import make_bot
from doublesix.bots.analysis import (
    THRESHOLDS,
    Label,
    NotFinished,
    analyse,
    analyse_record,
    deal_of_record,
    label_for,
)
from doublesix.core import Action, Match, PlayerView, Ruleset
from doublesix.core.dealing import SeededDealer
from doublesix.core.notation import record_of
from tests.core.helpers import position


def steps_of(*pairs: tuple[int, str]) -> list[tuple[int, Action]]:
    return [(seat, Action.parse(text)) for seat, text in pairs]


def lone_six_six() -> Match:
    """101: seat 0 holds 6-6 and 0-6 at ends 2 and 6; seat 1 has one tile, 2-3, left."""
    return position("101", [[2, 5], [5, 5], [5, 6]], [["6-6", "0-6"], ["2-3"]], 0)


def test_keeping_six_six_to_the_end_is_a_blunder() -> None:
    game = lone_six_six()
    steps = steps_of((0, "play 0-6 right"), (1, "play 2-3 left"))
    review = analyse(game, steps, 0, worlds=32, seed=3)
    (decision,) = review.decisions
    assert decision.best == Action.parse("play 6-6 right")
    assert decision.label in (Label.MISTAKE, Label.BLUNDER)
    # a lone 6-6 costs 50 in 101 against the 6 of a lone 0-6, whatever the opponent holds
    assert decision.loss >= 30
    assert review.result < 0


def test_the_right_move_is_marked_precise() -> None:
    game = lone_six_six()
    steps = steps_of((0, "play 6-6 right"), (1, "play 2-3 left"))
    review = analyse(game, steps, 0, worlds=32, seed=3)
    (decision,) = review.decisions
    assert decision.label is Label.BEST
    assert decision.loss == 0
    assert decision.chosen == decision.best == Action.parse("play 6-6 right")
    assert [o.action for o in decision.options][0] == decision.best


def test_shedding_the_double_that_cannot_follow_is_best_in_block() -> None:
    # seat 0: 4-4 and 3-4 at ends 4 and 1; 3-4 first strands 4-4 (nothing shows 4 any more
    # at the ends it leaves), 4-4 first keeps 3-4 playable
    game = position("block", [[4, 2], [2, 1]], [["4-4", "3-4"], ["1-5", "0-5"]], 0)
    steps = steps_of((0, "play 3-4 left"), (1, "play 1-5 right"), (0, "pass"),
                     (1, "play 0-5 right"))
    review = analyse(game, steps, 0, worlds=32, seed=1)
    first = review.decisions[0]
    assert first.best == Action.parse("play 4-4 left")
    assert first.loss > 0
    assert review.decisions[1].label is Label.FORCED


def test_the_graph_has_a_point_per_ply_and_ends_at_the_result() -> None:
    game = lone_six_six()
    steps = steps_of((0, "play 0-6 right"), (1, "play 2-3 left"))
    review = analyse(game, steps, 0, worlds=16, seed=0)
    assert [p.ply for p in review.curve] == [1, 2]
    outcome = game.finished_deals[-1]
    assert outcome.loser == 0
    assert review.curve[-1].value == review.result == -(50 + outcome.points)


def test_a_deal_in_progress_is_refused_before_anything_is_searched() -> None:
    game = lone_six_six()
    with pytest.raises(NotFinished):
        analyse(game, steps_of((0, "play 6-6 right")), 0)


def played_record(preset: str, seed: int) -> dict[str, object]:
    rules = Ruleset.from_dict({"preset": preset})
    game = Match(rules, SeededDealer(seed))
    bots = [make_bot("random", seed), make_bot("medium", seed)]
    while not game.deal.is_over:
        seat = game.to_move
        assert seat is not None
        game.apply(bots[seat].choose(PlayerView.of(game, seat)), seat)
    return record_of(game, seed)


def test_a_record_review_is_deterministic_for_a_seed() -> None:
    record = played_record("draw", 5)
    ticks: list[tuple[int, int]] = []
    a = analyse_record(record, 0, worlds=8, ms=None, seed=7,
                       progress=lambda done, total: ticks.append((done, total)))
    b = analyse_record(record, 0, worlds=8, ms=None, seed=7)
    strip = lambda r: {k: v for k, v in r.to_dict().items() if k != "seconds"}  # noqa: E731
    assert strip(a) == strip(b)
    assert ticks[-1][0] == ticks[-1][1] == len(a.curve)
    _, steps = deal_of_record(record)
    assert len(a.decisions) == sum(1 for seat, _ in steps if seat == 0)


def test_a_live_record_is_refused() -> None:
    record = played_record("block", 9)
    actions = record["actions"]
    assert isinstance(actions, list)
    live = {**record, "actions": actions[:3]}
    with pytest.raises(NotFinished):
        analyse_record(live, 0, worlds=4)


def test_labels_follow_the_thresholds() -> None:
    floors = {label: floor for label, floor in THRESHOLDS}
    assert label_for(0) is Label.BEST
    assert label_for(floors[Label.INACCURACY]) is Label.INACCURACY
    assert label_for(floors[Label.MISTAKE] - 0.01) is Label.INACCURACY
    assert label_for(floors[Label.BLUNDER]) is Label.BLUNDER


def test_hidden_tiles_do_not_change_the_judgement() -> None:
    # the same view for seat 0, a different tile in seat 1's hand: the same values
    other = position("101", [[2, 5], [5, 5], [5, 6]], [["6-6", "0-6"], ["2-4"]], 0)
    a = analyse(lone_six_six(), steps_of((0, "play 0-6 right"), (1, "play 2-3 left")), 0,
                worlds=16, seed=4)
    b = analyse(other, steps_of((0, "play 0-6 right"), (1, "play 2-4 left")), 0,
                worlds=16, seed=4)
    assert a.decisions[0].options == b.decisions[0].options


def test_a_match_record_reviews_the_deal_asked_for() -> None:
    rules = Ruleset.from_dict({"preset": "101"})
    game = Match(rules, SeededDealer(21))
    bots = [make_bot("random", 1), make_bot("random", 2)]
    while game.deal_number < 3 and not game.is_over:
        if game.deal.is_over:
            game.next_deal()
            continue
        seat = game.to_move
        assert seat is not None
        game.apply(bots[seat].choose(PlayerView.of(game, seat)), seat)
    record = record_of(game, 21)
    first = analyse_record(record, 1, deal=1, worlds=4)
    assert first.deal == 1
    start, steps = deal_of_record(record, 1)
    assert start.deal_number == 1 and steps
    # deal 3 is being played: refused, though deals 1 and 2 are over
    if not game.deal.is_over:
        with pytest.raises(NotFinished):
            analyse_record(record, 0, worlds=4)
    second = analyse_record(record, 0, deal=2, worlds=4)
    assert second.deal == 2
