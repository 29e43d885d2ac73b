"""Dealers: seeded shuffles and fixed lists."""

from __future__ import annotations

import random

import pytest

from doublesix.core.dealing import ListDealer, SeededDealer, shuffle_deal
from doublesix.core.errors import InvalidSetup
from doublesix.core.rules import find_preset
from doublesix.core.tiles import FULL_SET


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_shuffle_deals_every_tile_once(players: int) -> None:
    rules = find_preset("draw", players=players)
    hands, boneyard = shuffle_deal(rules, random.Random(players))
    assert [h.bit_count() for h in hands] == [7] * players
    assert len(boneyard) == 28 - 7 * players
    union = sum(1 << i for i in boneyard)
    for h in hands:
        assert not union & h
        union |= h
    assert union == FULL_SET


def test_seeded_dealer_replays() -> None:
    rules = find_preset("draw")
    assert SeededDealer(4).next_deal(rules) == SeededDealer(4).next_deal(rules)


def test_list_dealer_runs_out_and_checks_sizes() -> None:
    rules = find_preset("draw")
    deal = shuffle_deal(rules, random.Random(1))
    dealer = ListDealer([deal])
    assert dealer.next_deal(rules) == deal
    with pytest.raises(InvalidSetup, match="no further deal"):
        dealer.next_deal(rules)
    with pytest.raises(InvalidSetup):
        ListDealer([deal]).next_deal(find_preset("draw", players=3))
