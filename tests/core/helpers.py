"""Small builders for hand-made positions in the core tests."""

from __future__ import annotations

from collections.abc import Sequence

from doublesix.core.match import Match
from doublesix.core.positions import match_from_deals, match_from_position
from doublesix.core.rules import find_preset
from doublesix.core.tiles import ALL_TILES


def rest(*groups: Sequence[str]) -> list[str]:
    """Every tile not named in *groups*, in index order."""
    used = {str(_canon(t)) for g in groups for t in g}
    return [str(t) for t in ALL_TILES if str(t) not in used]


def _canon(name: str) -> str:
    a, b = sorted(int(x) for x in name.split("-"))
    return f"{a}-{b}"


def position(
    preset: str,
    line: list[list[int]],
    hands: list[list[str]],
    to_move: int,
    *,
    boneyard: list[str] | None = None,
    players: int | None = None,
    **extra: object,
) -> Match:
    rules = find_preset(preset, **({"players": players} if players else {}))
    placed = [_canon(f"{a}-{b}") for a, b in line]
    data: dict[str, object] = {
        "line": line, "hands": hands, "to_move": to_move,
        "boneyard": boneyard if boneyard is not None else rest(placed, *hands),
    }
    data.update(extra)
    return match_from_position(rules, data)


def dealt(
    preset: str, hands: list[list[str]], players: int | None = None, first: Sequence[str] = ()
) -> Match:
    """A game dealt *hands*; the boneyard draws the tiles *first*, then the rest in order."""
    rules = find_preset(preset, **({"players": players} if players else {}))
    boneyard = list(first) + rest(*hands, first)
    return match_from_deals(rules, [{"hands": hands, "boneyard": boneyard}])
