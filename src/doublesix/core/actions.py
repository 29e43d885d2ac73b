"""Actions a player takes, with their text notation ("play 0-6 left", "draw", "pass")."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from doublesix.core.tiles import ALL_TILES, TILE_COUNT, Tile


class ActionKind(StrEnum):
    PLAY = "play"
    DRAW = "draw"
    PASS = "pass"
    REDEAL = "redeal"


class End(StrEnum):
    LEFT = "left"
    RIGHT = "right"


@dataclass(frozen=True, slots=True)
class Action:
    """One action. A play names its tile, and its end unless it is the deal's first tile."""

    kind: ActionKind
    tile: Tile | None = None
    end: End | None = None

    def __post_init__(self) -> None:
        if (self.kind is ActionKind.PLAY) != (self.tile is not None):
            raise ValueError("a play names a tile, and only a play does")
        if self.end is not None and self.kind is not ActionKind.PLAY:
            raise ValueError("only a play names an end")

    @classmethod
    def play(cls, tile: Tile | str, end: End | str | None = None) -> Action:
        t = tile if isinstance(tile, Tile) else Tile.parse(tile)
        e = None if end is None else _parse_end(end)
        return PLAYS[(t.index, e)]

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read the notation of :meth:`__str__`; tile halves may come in either order."""
        if not isinstance(text, str):
            raise ValueError("an action is text like 'play 0-6 left', 'draw' or 'pass'")
        words = text.split()
        if len(words) == 1 and words[0] in SIMPLE:
            return SIMPLE[words[0]]
        if words and words[0] == "play" and len(words) in (2, 3):
            return cls.play(words[1], words[2] if len(words) == 3 else None)
        raise ValueError(f"{text!r} is not an action: try 'play 0-6 left', 'draw' or 'pass'")

    def __str__(self) -> str:
        if self.kind is ActionKind.PLAY:
            return f"play {self.tile}" + (f" {self.end.value}" if self.end else "")
        return self.kind.value

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


def _parse_end(end: End | str) -> End:
    try:
        return end if isinstance(end, End) else End(end)
    except ValueError:
        raise ValueError(f"{end!r} is not an end: say left or right") from None


DRAW = Action(ActionKind.DRAW)
PASS = Action(ActionKind.PASS)
REDEAL = Action(ActionKind.REDEAL)
SIMPLE = {"draw": DRAW, "pass": PASS, "redeal": REDEAL}
PLAYS: dict[tuple[int, End | None], Action] = {
    (i, e): Action(ActionKind.PLAY, ALL_TILES[i], e)
    for i in range(TILE_COUNT)
    for e in (None, End.LEFT, End.RIGHT)
}
