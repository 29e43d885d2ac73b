"""Points of a finished deal (RULES.md §6, §7), with the seeds' worked examples."""

from __future__ import annotations

from doublesix.core.outcome import Bonus, BonusKind, Reason
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


def test_kozel_domino_scores_the_losing_pair() -> None:
    rules = find_preset("kozel")
    # seat 2 goes out: pair 0 wins; pair 1 adds seats 1 and 3, the partner's 40 do not count
    hands = [hand("5-6", "6-6", "4-6", "5-5"), hand("1-2"), 0, hand("0-1", "2-2")]
    outcome = score_domino(rules, hands, 2, idx("6-6"), idx("0-0"), 7)
    assert (outcome.winner, outcome.loser, outcome.out) == (0, 1, 2)
    assert outcome.points == 3 + 5 + 7  # no 101 lead or finish bonus, the hanging 7
    assert outcome.counts == (43, 8) and outcome.pips == (43, 3, 0, 5)


def test_kozel_lone_00_counts_25_in_a_domino_and_a_fish() -> None:
    rules = find_preset("kozel")
    domino = score_domino(rules, [0, hand("0-0"), hand("1-2"), hand("0-3")], 0, idx("1-1"), -1, 0)
    assert (domino.winner, domino.points, domino.pips) == (0, 25 + 3, (0, 0, 3, 3))
    # raw pips 3 against 10 would let pair 0 win; counted, 28 against 10 loses
    fish = score_blocked(rules, [hand("0-0"), hand("1-4"), hand("1-2"), hand("2-3")], 0, -1, 0)
    assert (fish.winner, fish.loser, fish.points, fish.counts) == (1, 0, 28, (28, 10))
    with_more = score_blocked(rules, [hand("0-0", "0-1"), hand("1-4"), hand("1-2"), hand("2-3")],
                              0, -1, 0)
    assert (with_more.loser, with_more.points) == (1, 10)
    lone_55 = score_blocked(rules, [hand("5-5"), hand("1-4"), hand("1-2"), hand("2-3")], 0, -1, 0)
    assert lone_55.counts == (13, 10)  # only 0-0 is special in kozel


def test_kozel_fish_compares_pairs_and_ties_hang() -> None:
    rules = find_preset("kozel")
    # seat 0 has the fewest pips of all, but its pair has the most
    fish = score_blocked(rules, [hand("0-1"), hand("3-4"), hand("6-6"), hand("2-3")], 3, -1, 5)
    assert (fish.winner, fish.loser, fish.points, fish.fisherman) == (1, 0, 13 + 5, 3)
    tie = score_blocked(rules, [hand("0-1"), hand("1-2"), hand("2-4"), hand("0-4")], 1, -1, 5)
    assert (tie.winner, tie.loser, tie.points, tie.counts) == (None, None, 0, (7, 7))
    assert tie.hanging == 5 + 7 + 7


def test_101_bonuses_are_typed_entries_the_total_is_made_of() -> None:
    rules = find_preset("101")
    won = score_domino(rules, [0, hand("5-5")], 0, idx("0-0"), idx("6-6"), 24)
    assert won.bonuses == (Bonus(BonusKind.LONE_DOUBLE, 50, idx("5-5")),
                           Bonus(BonusKind.LEAD, 50, idx("6-6")),
                           Bonus(BonusKind.FINISH, 50, idx("0-0")),
                           Bonus(BonusKind.HANGING, 24))
    # the lone 5-5 is the hand's count (50 instead of its 10 pips); the rest come on top
    assert won.points == 50 + 50 + 50 + 24
    assert won.points == sum(b.points for b in won.bonuses)
