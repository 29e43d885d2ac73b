"""Who leads a deal and with which tiles (RULES.md §4)."""

from __future__ import annotations

from dataclasses import dataclass

from doublesix.core.rules import Ruleset
from doublesix.core.tiles import DOUBLES_MASK, HIGH, PIPS, indices_of, tile_index


@dataclass(frozen=True, slots=True)
class Opening:
    """The leader, the tiles they may lead with (a mask), and whether they may ask for a redeal."""

    leader: int
    lead_mask: int
    may_redeal: bool = False
    #: a short reason for the UI's hint, e.g. "the highest double leads"
    why: str = ""


def first_deal_opening(rules: Ruleset, hands: list[int]) -> Opening | None:
    """The opening of a first deal, or None when nobody can lead and the deal must be redone."""
    if rules.first_lead == "any":
        return Opening(0, hands[0], why="seat 0 leads with any tile")
    if rules.first_lead == "lowest_double_from_1_1":
        for value in rules.lead_double_order:
            found = _holder(hands, tile_index(value, value))
            if found is not None:
                return Opening(found[0], found[1], why="the lowest double from 1-1 leads")
        return None
    dealt = 0
    for hand in hands:
        dealt |= hand
    doubles = dealt & DOUBLES_MASK
    if doubles:
        # a double's index grows with its value, so the highest bit is the highest double
        found = _holder(hands, doubles.bit_length() - 1)
        assert found is not None
        return Opening(found[0], found[1], why="the highest double leads")
    best: tuple[int, int, int, int] | None = None
    for seat, hand in enumerate(hands):
        for index in indices_of(hand):
            key = (PIPS[index], HIGH[index], seat, index)
            if best is None or key[:2] > best[:2]:
                best = key
    if best is None:
        return None
    return Opening(best[2], 1 << best[3], why="no doubles: the heaviest tile leads")


def later_opening(rules: Ruleset, leader: int, hand: int) -> Opening:
    """A later deal of a match: *leader* (the last winner or fisherman) leads, under seed 003's
    obligations in 101, with any tile in kozel (RULES.md §9 [choice])."""
    if rules.lead_obligations:
        return obliged_opening(rules, leader, hand)
    return Opening(leader, hand, why="the last winner or fisherman leads with any tile")


def obliged_opening(rules: Ruleset, leader: int, hand: int) -> Opening:
    """Seed 003's lead obligations for a later deal of a match, checked on the leader's hand."""
    doubles = hand & DOUBLES_MASK
    count = doubles.bit_count()
    if count == 0:
        return Opening(leader, hand, why="no doubles: any tile")
    if count == 1:
        index = indices_of(doubles)[0]
        if index in (tile_index(0, 0), tile_index(6, 6)):
            return Opening(leader, hand, why="0-0 or 6-6 need not lead")
        return Opening(leader, doubles, why="a single double must lead")
    return Opening(
        leader,
        doubles,
        may_redeal=count >= rules.redeal_doubles,
        why="with several doubles one of them must lead",
    )


def _holder(hands: list[int], index: int) -> tuple[int, int] | None:
    bit = 1 << index
    for seat, hand in enumerate(hands):
        if hand & bit:
            return seat, bit
    return None
