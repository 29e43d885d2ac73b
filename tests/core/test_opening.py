"""Who leads, with what (RULES.md §4)."""

from __future__ import annotations

from doublesix.core.opening import first_deal_opening, obliged_opening
from doublesix.core.rules import find_preset
from doublesix.core.tiles import Tile, mask_of, tiles_of


def hand(*names: str) -> int:
    return mask_of(Tile.parse(n).index for n in names)


def test_highest_double_leads() -> None:
    rules = find_preset("draw")
    opening = first_deal_opening(rules, [hand("1-1", "4-4", "0-3"), hand("5-5", "2-3")])
    assert opening is not None
    assert opening.leader == 1 and tiles_of(opening.lead_mask) == (Tile(5, 5),)


def test_without_doubles_the_heaviest_tile_then_the_higher_half() -> None:
    rules = find_preset("draw", players=3)
    opening = first_deal_opening(rules, [hand("4-5", "0-1"), hand("3-6", "0-2"), hand("2-5")])
    assert opening is not None
    assert opening.leader == 1 and tiles_of(opening.lead_mask) == (Tile(3, 6),)


def test_lowest_double_from_1_1_then_0_0_last() -> None:
    rules = find_preset("101")
    opening = first_deal_opening(rules, [hand("6-6", "2-2"), hand("3-3", "1-1")])
    assert opening is not None and opening.leader == 1
    assert tiles_of(opening.lead_mask) == (Tile(1, 1),)
    opening = first_deal_opening(rules, [hand("0-0", "1-2"), hand("6-6", "2-3")])
    assert opening is not None and opening.leader == 1
    assert first_deal_opening(rules, [hand("0-1"), hand("2-3")]) is None  # redeal


def test_lead_obligations_of_later_deals() -> None:
    rules = find_preset("101")
    one = obliged_opening(rules, 0, hand("3-3", "0-1", "2-4"))
    assert tiles_of(one.lead_mask) == (Tile(3, 3),) and not one.may_redeal
    for free in ("0-0", "6-6"):
        h = hand(free, "0-1", "2-4")
        assert obliged_opening(rules, 0, h).lead_mask == h
    assert obliged_opening(rules, 1, hand("0-1", "2-4")).lead_mask == hand("0-1", "2-4")
    two = obliged_opening(rules, 1, hand("2-2", "6-6", "0-1"))
    assert two.lead_mask == hand("2-2", "6-6") and not two.may_redeal and two.leader == 1
    three = obliged_opening(rules, 0, hand("2-2", "6-6", "0-0", "0-1"))
    assert three.lead_mask == hand("2-2", "6-6", "0-0") and not three.may_redeal
    four = obliged_opening(rules, 0, hand("1-1", "2-2", "4-4", "5-5", "0-3"))
    assert four.lead_mask == hand("1-1", "2-2", "4-4", "5-5") and four.may_redeal
