"""Tiles of the double-six set, their notation and the bit masks the engine runs on.

Every tile has an index 0..27 (0-0, 0-1, …, 0-6, 1-1, …, 6-6); a set of tiles is an int
whose bit *i* stands for tile *i*, so "which of my tiles fit value v" is one AND.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

MAX_PIP = 6
TILE_COUNT = 28

_PAIRS: tuple[tuple[int, int], ...] = tuple(
    (a, b) for a in range(MAX_PIP + 1) for b in range(a, MAX_PIP + 1)
)
_INDEX: dict[tuple[int, int], int] = {pair: i for i, pair in enumerate(_PAIRS)}
for (a, b), i in list(_INDEX.items()):
    _INDEX[(b, a)] = i

LOW: tuple[int, ...] = tuple(a for a, _ in _PAIRS)
HIGH: tuple[int, ...] = tuple(b for _, b in _PAIRS)
PIPS: tuple[int, ...] = tuple(a + b for a, b in _PAIRS)
#: VALUE_MASK[v]: the tiles that show value v on either half.
VALUE_MASK: tuple[int, ...] = tuple(
    sum(1 << i for i, (a, b) in enumerate(_PAIRS) if v in (a, b)) for v in range(MAX_PIP + 1)
)
DOUBLES_MASK: int = sum(1 << _INDEX[(v, v)] for v in range(MAX_PIP + 1))
FULL_SET: int = (1 << TILE_COUNT) - 1

_NAME = re.compile(r"^\s*([0-6])\s*[-|:]\s*([0-6])\s*$")


def tile_index(a: int, b: int) -> int:
    """The index of the tile with halves *a* and *b*, in either order."""
    try:
        return _INDEX[(a, b)]
    except KeyError:
        raise ValueError(f"no tile {a}-{b} in a double-six set") from None


def other_half(index: int, value: int) -> int:
    """The half of tile *index* that is not *value* (for a double, the same value)."""
    low = LOW[index]
    return HIGH[index] if low == value else low


def mask_of(indices: Iterable[int]) -> int:
    mask = 0
    for i in indices:
        mask |= 1 << i
    return mask


def indices_of(mask: int) -> list[int]:
    """The tile indices in *mask*, lowest first."""
    out = []
    while mask:
        low_bit = mask & -mask
        out.append(low_bit.bit_length() - 1)
        mask ^= low_bit
    return out


def _chunk_pips(chunk: int, bits: int) -> int:
    tiles = range(7 * chunk, min(7 * chunk + 7, TILE_COUNT))
    return sum(PIPS[i] for i in tiles if bits >> (i - 7 * chunk) & 1)


#: _CHUNK_PIPS[c][bits]: the pips of tiles 7c..7c+6 of a mask; scoring runs once per playout
_CHUNK_PIPS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_chunk_pips(c, bits) for bits in range(128)) for c in range(4)
)


def pips_of(mask: int) -> int:
    """The pips of the tiles in *mask*."""
    if not mask:  # a domino winner's hand
        return 0
    t = _CHUNK_PIPS
    return t[0][mask & 127] + t[1][mask >> 7 & 127] + t[2][mask >> 14 & 127] + t[3][mask >> 21]


@dataclass(frozen=True, slots=True, order=True)
class Tile:
    """One domino, always held as (low, high); ``str(Tile(4, 6)) == "4-6"``."""

    low: int
    high: int

    def __post_init__(self) -> None:
        if not (0 <= self.low <= self.high <= MAX_PIP):
            raise ValueError(f"no tile {self.low}-{self.high} in a double-six set")

    @classmethod
    def of(cls, a: int, b: int) -> Tile:
        """The tile with halves *a* and *b* in either order."""
        return ALL_TILES[tile_index(a, b)]

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read "6-4", "4-6" or "4|6"; the seeds write both orders."""
        m = _NAME.match(text) if isinstance(text, str) else None
        if not m:
            raise ValueError(f"{text!r} is not a tile name like 4-6")
        return cls.of(int(m.group(1)), int(m.group(2)))

    @classmethod
    def from_index(cls, index: int) -> Tile:
        return ALL_TILES[index]

    @property
    def index(self) -> int:
        return _INDEX[(self.low, self.high)]

    @property
    def pips(self) -> int:
        return self.low + self.high

    @property
    def is_double(self) -> bool:
        return self.low == self.high

    def has(self, value: int) -> bool:
        return value in (self.low, self.high)

    def __str__(self) -> str:
        return f"{self.low}-{self.high}"

    def __repr__(self) -> str:
        return f"Tile({self.low}, {self.high})"


ALL_TILES: tuple[Tile, ...] = tuple(Tile(a, b) for a, b in _PAIRS)


def tiles_of(mask: int) -> tuple[Tile, ...]:
    return tuple(ALL_TILES[i] for i in indices_of(mask))


def name(index: int) -> str:
    return f"{LOW[index]}-{HIGH[index]}"

