"""The line of play: one chain with exactly two open ends (doubles never branch)."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator

from doublesix.core.actions import End
from doublesix.core.errors import InvalidSetup
from doublesix.core.tiles import HIGH, LOW, Tile, tile_index

Placed = tuple[int, int]  # a tile as it lies, (left value, right value)


class Line:
    """Tiles as placed, left to right, each turned so that touching halves match."""

    __slots__ = ("_tiles", "left", "right", "mask")

    def __init__(self) -> None:
        self._tiles: deque[Placed] = deque()
        self.left = -1  # -1: the table is empty
        self.right = -1
        self.mask = 0  # the tiles on the line, as a tile bit mask

    @classmethod
    def from_placed(cls, placed: Iterable[Iterable[int]]) -> Line:
        """Rebuild a line from ``[[6, 6], [6, 0], …]``; refuses a broken or repeated chain."""
        line = cls()
        for item in placed:
            pair = tuple(item)
            if len(pair) != 2 or not all(isinstance(v, int) and 0 <= v <= 6 for v in pair):
                raise InvalidSetup(f"{list(pair)} is not a tile on the line")
            a, b = pair
            index = tile_index(a, b)
            if line.mask >> index & 1:
                raise InvalidSetup(f"{Tile.from_index(index)} lies on the line twice")
            if line._tiles and line.right != a:
                raise InvalidSetup(
                    f"the line is broken: {line.right} is followed by {a}-{b}"
                )
            line._tiles.append((a, b))
            line.mask |= 1 << index
            if line.left < 0:
                line.left = a
            line.right = b
        return line

    def copy(self) -> Line:
        other = Line()
        other._tiles = self._tiles.copy()
        other.left, other.right, other.mask = self.left, self.right, self.mask
        return other

    @property
    def ends(self) -> tuple[int, int] | None:
        return None if self.left < 0 else (self.left, self.right)

    def place(self, index: int, end: End | None) -> Placed:
        """Lay tile *index* at *end*, turned so it joins; the caller has checked it fits."""
        low, high = LOW[index], HIGH[index]
        if self.left < 0:
            placed = (low, high)
            self._tiles.append(placed)
            self.left, self.right = low, high
        elif end is End.LEFT:
            placed = (high, low) if low == self.left else (low, high)
            self._tiles.appendleft(placed)
            self.left = placed[0]
        else:
            placed = (low, high) if low == self.right else (high, low)
            self._tiles.append(placed)
            self.right = placed[1]
        self.mask |= 1 << index
        return placed

    def __len__(self) -> int:
        return len(self._tiles)

    def __iter__(self) -> Iterator[Placed]:
        return iter(self._tiles)

    def to_list(self) -> list[list[int]]:
        return [[a, b] for a, b in self._tiles]
