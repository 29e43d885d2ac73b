"""Resigning a deal or a match (docs/rules.md section 10): the score, the end, the record."""

from __future__ import annotations

import random

import pytest

from doublesix.core.errors import IllegalAction, InvalidSetup
from doublesix.core.match import Match
from doublesix.core.notation import load_record, record_of, state_to_json
from doublesix.core.outcome import BonusKind, Reason
from doublesix.core.rules import Ruleset, find_preset
from doublesix.core.tiles import pips_of


def played(game: Match, moves: int, seed: int = 3) -> Match:
    """*game* after *moves* random legal moves (stopping early if the deal ends)."""
    rng = random.Random(seed)
    for _ in range(moves):
        if game.deal_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def pips(game: Match, seat: int) -> int:
    return pips_of(game.deal.hands[seat])


def test_two_players_the_opponent_scores_the_resigners_pips() -> None:
    game = played(Match(find_preset("draw"), seed=11), 4)
    owed = pips(game, 1)
    outcome = game.resign(1)
    assert outcome is not None and outcome is game.deal.outcome
    assert (outcome.reason, outcome.winner, outcome.points) == (Reason.RESIGNED, 0, owed)
    assert outcome.resigned == 1 and outcome.to_dict()["resigned"] == 1
    assert game.deal_over and game.is_over and game.winner == 0
    assert game.to_move is None and game.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        game.resign(0)


def test_a_resignation_is_allowed_out_of_turn() -> None:
    game = Match(find_preset("draw"), seed=2)
    waiting = 1 - (game.to_move or 0)
    outcome = game.resign(waiting)
    assert outcome is not None and outcome.winner == 1 - waiting


def test_other_results_keep_their_keys() -> None:
    game = Match(find_preset("draw"), seed=5)
    while not game.deal_over:
        game.apply(game.legal_actions()[0])
    assert game.deal.outcome is not None
    assert "resigned" not in game.deal.outcome.to_dict()


@pytest.mark.parametrize("players", [3, 4])
def test_three_or_four_the_fewest_pips_win_the_resigners_pips(players: int) -> None:
    game = played(Match(Ruleset.from_dict({"preset": "draw", "players": players}), seed=8), 5)
    resigner = 1
    others = [s for s in range(players) if s != resigner]
    expected = min(others, key=lambda s: (pips(game, s), s))
    owed = pips(game, resigner)
    outcome = game.resign(resigner)
    assert outcome is not None
    assert (outcome.winner, outcome.points) == (expected, owed)


def test_101_the_resigners_count_goes_on_their_total_and_the_match_goes_on() -> None:
    game = played(Match(find_preset("101"), seed=4), 3)
    before = list(game.scores)
    outcome = game.resign(0)
    assert outcome is not None and outcome.loser == 0 and outcome.winner == 1
    added = sum(b.points for b in outcome.bonuses if b.added)
    assert outcome.points == outcome.counts[0] + added
    assert not any(b.kind is BonusKind.FINISH for b in outcome.bonuses)
    assert game.scores == [before[0] + outcome.points, before[1]]
    assert not game.is_over and game.can_start_next_deal
    with pytest.raises(IllegalAction, match="deal is over"):
        game.resign(0)  # between deals only the match can be resigned
    game.next_deal()
    assert not game.deal_over


def test_101_a_lone_double_counts_as_after_a_domino() -> None:
    """Play until seat 0 is left with one double, then resign: the table value, not pips."""
    rules = find_preset("101")
    for seed in range(400):
        game = Match(rules, seed=seed)
        rng = random.Random(seed)
        while not game.deal_over:
            hand = game.deal.hand(0)
            if len(hand) == 1 and hand[0].is_double and rules.lone_double_for(hand[0].index):
                outcome = game.resign(0)
                assert outcome is not None
                assert outcome.counts[0] == rules.lone_double_for(hand[0].index)
                assert any(b.kind is BonusKind.LONE_DOUBLE for b in outcome.bonuses)
                return
            game.apply(rng.choice(game.legal_actions()))
    pytest.fail("no deal left seat 0 with a lone double")


def test_kozel_the_resigners_pair_loses_both_hands_count() -> None:
    game = played(Match(find_preset("kozel"), seed=6), 6)
    outcome = game.resign(3)  # seat 3 plays with seat 1: pair 1
    assert outcome is not None and outcome.loser == 1 and outcome.winner == 0
    assert outcome.points == outcome.counts[1] + sum(
        b.points for b in outcome.bonuses if b.added)
    assert game.scores[1] == outcome.points and game.scores[0] == 0


@pytest.mark.parametrize("preset", ["101", "kozel"])
def test_a_match_resigned_during_a_deal_is_lost_whatever_the_score(preset: str) -> None:
    game = played(Match(find_preset(preset), seed=9), 4)
    outcome = game.resign(2 if preset == "kozel" else 1, match=True)
    assert outcome is not None and outcome.reason is Reason.RESIGNED
    loser = game.rules.side_of(2 if preset == "kozel" else 1)
    assert game.is_over and game.winner == 1 - loser
    status = game.status()
    assert status is not None and status.over and status.to_dict()["resigned"] in (1, 2)
    with pytest.raises(IllegalAction, match="game is over"):
        game.resign(0, match=True)


def test_a_match_resigned_between_deals() -> None:
    game = Match(find_preset("101"), seed=12)
    while not game.deal_over:
        game.apply(game.legal_actions()[0])
    scores = list(game.scores)
    assert game.resign(0, match=True) is None
    assert game.is_over and game.winner == 1 and game.scores == scores
    assert not game.can_start_next_deal


def test_match_changes_nothing_in_a_single_deal() -> None:
    game = Match(find_preset("block"), seed=3)
    outcome = game.resign(0, match=True)
    assert outcome is not None and game.is_over and game.resigned is None


def test_a_refused_resignation_changes_nothing() -> None:
    game = Match(find_preset("draw"), seed=3)
    before = state_to_json(game), game.version, list(game.log)
    with pytest.raises(IllegalAction, match="does not exist"):
        game.resign(2)
    assert (state_to_json(game), game.version, list(game.log)) == before


@pytest.mark.parametrize("preset", ["draw", "101", "kozel"])
def test_a_resignation_is_a_step_of_the_record_and_replays(preset: str) -> None:
    game = played(Match(find_preset(preset), seed=21), 5)
    game.resign(1)
    if game.can_start_next_deal:
        game.next_deal()
        played(game, 3, seed=4)
        game.resign(0, match=True)
    record = record_of(game, 21)
    assert {"do": "resign", "seat": 1} in record["actions"]
    again = load_record(record)
    assert state_to_json(again) == state_to_json(game)
    assert again.is_over == game.is_over and again.resigned == game.resigned
    assert again.log == game.log


@pytest.mark.parametrize("step", [{"do": "resign", "seat": 7}, {"do": "resign", "seat": "1"},
                                  {"do": "give_up", "seat": 1}, {"do": "resign"}])
def test_a_bad_resign_step_is_refused(step: dict[str, object]) -> None:
    record = record_of(Match(find_preset("draw"), seed=1), 1)
    record["actions"].append(step)  # type: ignore[arg-type]
    with pytest.raises(InvalidSetup, match="record action 0"):
        load_record(record)
