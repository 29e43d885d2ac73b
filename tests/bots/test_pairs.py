"""Kozel: every level plays for its pair, with the partner's hand as hidden as any other."""

from __future__ import annotations

from doublesix.bots.arena import play_pair, run_arena
from doublesix.bots.pairs import friends, side
from doublesix.bots.search import EXACT, WIN, MatchContext, Searcher
from doublesix.core.rules import find_preset
from doublesix.core.tiles import Tile, mask_of

KOZEL = find_preset("kozel")


def hand(*names: str) -> int:
    return mask_of(Tile.parse(n).index for n in names)


def idx(name: str) -> int:
    return Tile.parse(name).index


def test_friends_are_the_seat_and_its_partner() -> None:
    assert friends(KOZEL, 0) == (True, False, True, False)
    assert friends(KOZEL, 3) == (False, True, False, True)
    assert [side(KOZEL, s) for s in range(4)] == [0, 1, 0, 1]
    assert friends(find_preset("block", players=4), 0) == (True, False, False, False)


def test_the_search_counts_the_partners_domino_as_a_win() -> None:
    # ends 3 and 5; seat 0 either opens a 4 (seat 1 goes out with 1-4: its pair wins) or
    # a 6 (seat 1 passes, the partner at seat 2 goes out with 2-6: seat 0's pair wins)
    hands = [hand("3-4", "5-6"), hand("1-4"), hand("2-6"), hand("0-0", "0-1", "1-1")]
    searcher = Searcher(KOZEL, 0, MatchContext((0, 0), 101, -1, 0))
    feeds_opponent = searcher.value_after_play(list(hands), 0, 3, 5, 0, idx("3-4"), 0, 0, EXACT)
    feeds_partner = searcher.value_after_play(list(hands), 0, 3, 5, 0, idx("5-6"), 1, 0, EXACT)
    assert feeds_opponent < 0 < feeds_partner
    # the pair that loses pays both its hands: 1-4 (5) + 0-0 0-1 1-1 (3), or 5-6 (11) + 2-6 (8)
    assert (feeds_partner, feeds_opponent) == (WIN + 5 + 3, -(WIN + 11 + 8))


def test_a_penalty_that_ends_the_match_weighs_on_the_right_pair() -> None:
    hands = [hand("3-4", "5-6"), hand("1-4"), hand("2-6"), hand("0-0", "0-1", "1-1")]
    close = Searcher(KOZEL, 1, MatchContext((0, 100), 101, -1, 0))  # seat 1's pair is on 100
    far = Searcher(KOZEL, 1, MatchContext((0, 0), 101, -1, 0))
    # from seat 1's chair: seat 0 laying 5-6 lets the partner of seat 0 out, seat 1's pair pays
    lose_close = close.value_after_play(list(hands), 0, 3, 5, 0, idx("5-6"), 1, 0, EXACT)
    lose_far = far.value_after_play(list(hands), 0, 3, 5, 0, idx("5-6"), 1, 0, EXACT)
    assert lose_close < lose_far < 0


def test_arena_plays_pairs_on_duplicate_deals() -> None:
    result = play_pair(KOZEL, "medium", "easy", 7)
    assert len(result.scores) == 2 and result.deals >= 2
    assert all(t for t in result.times.values())
    report = run_arena(KOZEL, "medium", "medium", 12, seed=4)
    assert report.players == 4 and report.preset == "kozel" and report.games == 24
    assert 0.25 <= report.win_rate <= 0.75
