"""Match equity: symmetric, falls with one's own points, and a deal that ends the match is
worth more to the search than its points."""

from __future__ import annotations

import pytest

from doublesix.bots.matchvalue import match_equity
from doublesix.bots.search import MatchContext, Searcher
from doublesix.core.rules import find_preset
from doublesix.core.tiles import tile_index


@pytest.mark.parametrize("target", [101, 301])
def test_equity_is_a_chance_that_falls_with_ones_own_points(target: int) -> None:
    assert match_equity(0, 0, target) == pytest.approx(0.5, abs=1e-9)
    for mine, theirs in [(10, 60), (40, 90), (95, 20)]:
        assert match_equity(mine, theirs, target) + match_equity(theirs, mine, target) == \
            pytest.approx(1.0, abs=1e-9)
    row = [match_equity(p, 50, target) for p in range(0, target + 1, 10)]
    assert all(a >= b for a, b in zip(row, row[1:], strict=False))
    assert match_equity(target + 1, 0, target) == 0.0
    assert match_equity(0, target + 1, target) == 1.0


def test_the_same_deal_is_worth_more_when_it_ends_the_match() -> None:
    rules = find_preset("101")
    hands = [0, 1 << tile_index(6, 6) | 1 << tile_index(5, 6)]  # seat 0 went out
    values = []
    for theirs in (0, 90):
        searcher = Searcher(rules, 0, MatchContext((0, theirs), 101, -1, 0), equity=True)
        values.append(searcher.terminal(hands, 0, 0, tile_index(1, 2)))
    assert values[0] > 0 and values[1] > values[0]
