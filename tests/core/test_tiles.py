"""Tiles: the set, notation round trips, indices and masks."""

from __future__ import annotations

import pytest

from doublesix.core.tiles import (
    ALL_TILES,
    DOUBLES_MASK,
    FULL_SET,
    PIPS,
    TILE_COUNT,
    VALUE_MASK,
    Tile,
    indices_of,
    mask_of,
    name,
    other_half,
    pips_of,
    tile_index,
    tiles_of,
)


def test_the_set_has_28_distinct_tiles_in_index_order() -> None:
    assert len(ALL_TILES) == TILE_COUNT == 28
    assert len(set(ALL_TILES)) == 28
    assert [t.index for t in ALL_TILES] == list(range(28))
    assert ALL_TILES[0] == Tile(0, 0) and ALL_TILES[-1] == Tile(6, 6)
    assert sum(t.pips for t in ALL_TILES) == 168


def test_notation_round_trips_and_accepts_either_order() -> None:
    for tile in ALL_TILES:
        assert Tile.parse(str(tile)) == tile
        assert eval(repr(tile)) == tile  # noqa: S307 - repr reads back as code
    assert Tile.parse("6-4") == Tile(4, 6) == Tile.parse("4|6") == Tile.parse(" 4 - 6 ")
    assert str(Tile.parse("1-0")) == "0-1"


@pytest.mark.parametrize("text", ["7-1", "a-b", "", "1-", "12", "1-2-3"])
def test_bad_names_are_refused(text: str) -> None:
    with pytest.raises(ValueError, match="not a tile"):
        Tile.parse(text)


def test_invalid_tiles_cannot_be_built() -> None:
    with pytest.raises(ValueError):
        Tile(4, 2)
    with pytest.raises(ValueError):
        tile_index(7, 0)


def test_values_masks_and_pips() -> None:
    for v in range(7):
        assert {t for t in tiles_of(VALUE_MASK[v])} == {t for t in ALL_TILES if t.has(v)}
        assert VALUE_MASK[v].bit_count() == 7
    assert tiles_of(DOUBLES_MASK) == tuple(Tile(v, v) for v in range(7))
    assert pips_of(FULL_SET) == 168 and pips_of(0) == 0
    mask = mask_of([Tile(4, 4).index, Tile(0, 6).index, Tile(2, 3).index])
    assert pips_of(mask) == 8 + 6 + 5
    assert indices_of(mask) == sorted([Tile(4, 4).index, Tile(0, 6).index, Tile(2, 3).index])
    assert all(PIPS[t.index] == t.pips for t in ALL_TILES)


def test_other_half_and_names() -> None:
    assert other_half(Tile(2, 5).index, 5) == 2
    assert other_half(Tile(2, 5).index, 2) == 5
    assert other_half(Tile(3, 3).index, 3) == 3
    assert name(Tile(0, 6).index) == "0-6"
    assert Tile(3, 3).is_double and not Tile(3, 4).is_double
