"""The line of play: placing tiles turned to join, two open ends, rebuilding from data."""

from __future__ import annotations

import pytest

from doublesix.core.actions import End
from doublesix.core.errors import InvalidSetup
from doublesix.core.line import Line
from doublesix.core.tiles import Tile


def test_tiles_are_turned_to_join_either_end() -> None:
    line = Line()
    assert line.ends is None
    line.place(Tile(6, 6).index, None)
    assert line.ends == (6, 6)
    assert line.place(Tile(0, 6).index, End.LEFT) == (0, 6)
    assert line.place(Tile(1, 6).index, End.RIGHT) == (6, 1)
    assert line.ends == (0, 1)
    assert line.to_list() == [[0, 6], [6, 6], [6, 1]]
    assert len(line) == 3
    assert line.mask == sum(1 << Tile.parse(t).index for t in ("6-6", "0-6", "1-6"))


def test_copy_is_independent() -> None:
    line = Line.from_placed([[1, 2], [2, 2]])
    other = line.copy()
    other.place(Tile(2, 5).index, End.RIGHT)
    assert line.ends == (1, 2) and other.ends == (1, 5)


@pytest.mark.parametrize("placed", [
    [[1, 2], [3, 4]],          # broken
    [[1, 2], [2, 1]],          # the same tile twice
    [[1, 7]],                  # no such tile
    [[1, 2, 3]],               # not a pair
])
def test_bad_lines_are_refused(placed: list[list[int]]) -> None:
    with pytest.raises(InvalidSetup):
        Line.from_placed(placed)
