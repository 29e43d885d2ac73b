"""Points of a finished deal (RULES.md §6, §7), with the seeds' worked examples."""

from __future__ import annotations

from doublesix.core.outcome import Reason
from doublesix.core.rules import find_preset
from doublesix.core.scoring import score_blocked, score_domino
from doublesix.core.tiles import Tile, mask_of


def hand(*names: str) -> int:
    return mask_of(Tile.parse(n).index for n in names)


def idx(name: str) -> int:
    return Tile.parse(name).index


def test_seed_000_blocked_44_against_8_scores_36() -> None:
    black = hand("4-4", "0-6", "2-3", "2-6", "0-5", "6-6", "0-0")
    white = hand("3-5")
    outcome = score_blocked(find_preset("draw"), [black, white], 1, -1, 0)
    assert (outcome.reason, outcome.winner, outcome.points, outcome.pips) == (
        Reason.BLOCKED, 1, 36, (44, 8))


def test_blocked_tie_is_a_draw() -> None:
    outcome = score_blocked(find_preset("draw"), [hand("1-2"), hand("0-3")], 0, -1, 0)
    assert outcome.winner is None and outcome.points == 0


def test_others_sum_with_three_players() -> None:
    rules = find_preset("block", players=3)
    outcome = score_blocked(rules, [hand("0-1", "0-2"), hand("5-5", "3-3"), hand("4-5")], 2, -1, 0)
    assert (outcome.winner, outcome.points, outcome.pips) == (0, 25, (3, 16, 9))


def test_domino_scores_the_others_pips() -> None:
    rules = find_preset("draw", players=3)
    outcome = score_domino(rules, [0, hand("6-6"), hand("1-2")], 0, idx("2-5"), -1, 0)
    assert (outcome.reason, outcome.winner, outcome.points) == (Reason.DOMINO, 0, 15)


def test_seed_003_fish_rome_adds_14() -> None:
    rules = find_preset("101")
    roma, fekla = hand("0-5", "3-5", "0-1"), hand("0-0", "1-3", "1-4")
    outcome = score_blocked(rules, [roma, fekla], 0, idx("3-3"), 0)
    assert (outcome.winner, outcome.loser, outcome.points, outcome.fisherman) == (1, 0, 14, 0)


def test_seed_003_tied_fish_hangs_24() -> None:
    rules = find_preset("101")
    outcome = score_blocked(rules, [hand("5-6", "0-1"), hand("6-6")], 1, -1, 0)
    assert outcome.winner is None and outcome.loser is None and outcome.hanging == 24
    taken = score_domino(rules, [0, hand("2-3", "5-6")], 0, idx("2-3"), -1, 24)
    assert taken.points == 16 + 24  # seed 003: Тома / Митрофан, plus the hanging points


def test_101_bonuses_and_lone_doubles() -> None:
    rules = find_preset("101")
    led_00 = score_domino(rules, [0, hand("3-4")], 0, idx("1-2"), idx("0-0"), 0)
    assert led_00.points == 7 + 25
    led_66_won_55 = score_domino(rules, [0, hand("1-3")], 0, idx("5-5"), idx("6-6"), 0)
    assert led_66_won_55.points == 4 + 50 + 50
    won_33 = score_domino(rules, [hand("1-2"), 0], 1, idx("3-3"), idx("1-1"), 0)
    assert (won_33.loser, won_33.points) == (0, 3 + 25)
    lone_00 = score_domino(rules, [0, hand("0-0")], 0, idx("1-2"), -1, 0)
    assert lone_00.points == 25
    lone_55 = score_domino(rules, [0, hand("5-5")], 0, idx("1-2"), -1, 0)
    assert lone_55.points == 50
    two_tiles = score_domino(rules, [0, hand("0-0", "1-2")], 0, idx("1-4"), -1, 0)
    assert two_tiles.points == 3
