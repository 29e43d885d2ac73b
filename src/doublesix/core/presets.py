"""The preset registry: every game type is one entry of data, as python-chess's variants are.

A preset names the options it changes from :class:`~doublesix.core.rules.Ruleset`'s defaults,
the player counts it can be played with, the match targets it offers (the first is its
default) and whether it refuses any other. The core, the server (``GET /api/presets``), the
browser client, the terminal and the arena all read this one table, so a new game type is one
:func:`register` call here plus its translated name in the client's words.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TypedDict

from doublesix.core.errors import InvalidSetup

TileTable = tuple[tuple[str, int], ...]
#: an option's value as a preset states it: a name, a number, a flag or a table of tiles
OptionValue = str | int | bool | TileTable

#: RULES.md §7: bonuses to the loser of a 101 deal; [choice] entries are the seed's guesses.
LEAD_BONUS_101: TileTable = (("0-0", 25), ("6-6", 50))
FINISH_BONUS_101: TileTable = (
    ("0-0", 50), ("1-1", 50), ("2-2", 50), ("3-3", 25), ("4-4", 25), ("5-5", 50), ("6-6", 50),
)
LONE_DOUBLE_101: TileTable = (
    ("0-0", 25), ("1-1", 2), ("2-2", 4), ("3-3", 6), ("4-4", 8), ("5-5", 50), ("6-6", 50),
)
#: RULES.md §9 [choice]: in «Козёл» a lone 0-0 counts 25, every other tile its pips
LONE_DOUBLE_KOZEL: TileTable = (("0-0", 25),)


class PresetJson(TypedDict):
    """One preset as ``GET /api/presets`` sends it (docs/protocol.md, "Presets")."""

    key: str
    players: list[int]
    default_players: int
    targets: list[int]
    only_targets: bool
    teams: bool


@dataclass(frozen=True, slots=True)
class Preset:
    """A game type: the options it sets, who can play it and to what it is played."""

    key: str
    #: options over Ruleset's defaults (``draw_rule="none"``, ``target=101``, …)
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    #: the player counts it can be played with; the first is its own count
    players: tuple[int, ...] = (2, 3, 4)
    #: the match targets it offers, its default first; empty for single deals
    targets: tuple[int, ...] = ()
    #: True: a target it does not offer is refused (RULES.md §9: «Козёл» to 101, 201 or 301)
    only_targets: bool = False
    #: the refusal of another target, read by people creating a game (both languages)
    targets_message: str = ""

    @property
    def teams(self) -> bool:
        return bool(self.options.get("teams", False))

    def to_json(self) -> PresetJson:
        return {"key": self.key, "players": list(self.players),
                "default_players": self.players[0], "targets": list(self.targets),
                "only_targets": self.only_targets, "teams": self.teams}

    def check_target(self, target: object) -> None:
        """Refuse a target this preset does not offer, where it offers only its own."""
        if self.only_targets and (isinstance(target, bool) or target not in self.targets):
            raise InvalidSetup(self.targets_message.format(value=target))


_REGISTRY: dict[str, Preset] = {}
#: every preset by key, in the order they were registered (a live, read-only view)
PRESETS: Mapping[str, Preset] = MappingProxyType(_REGISTRY)


def register(preset: Preset) -> Preset:
    """Add (or replace) a game type; it is then offered everywhere presets are listed."""
    if not preset.players or not preset.key:
        raise InvalidSetup("a preset needs a key and at least one player count")
    _REGISTRY[preset.key] = preset
    return preset


def unregister(key: str) -> None:
    """Remove a game type (for tests that register one of their own)."""
    _REGISTRY.pop(key, None)


def get_preset(key: str) -> Preset:
    try:
        return _REGISTRY[key]
    except KeyError:
        raise InvalidSetup(
            f"unknown preset {key!r}: choose one of {', '.join(_REGISTRY)}") from None


register(Preset("draw", {"draw_rule": "until_playable"}))
register(Preset("block", {"draw_rule": "none"}))
register(Preset(
    "101",
    {"draw_rule": "one_then_pass", "first_lead": "lowest_double_from_1_1",
     "blocked_points": "penalty", "target": 101, "dead_board_fish": True,
     "lead_obligations": True, "lead_bonus": LEAD_BONUS_101,
     "finish_bonus": FINISH_BONUS_101, "lone_double_value": LONE_DOUBLE_101},
    players=(2,), targets=(101, 301, 501),
))
register(Preset(
    "kozel",
    {"players": 4, "teams": True, "draw_rule": "none", "first_lead": "lowest_double_from_1_1",
     "blocked_points": "penalty", "target": 101, "lone_double_value": LONE_DOUBLE_KOZEL,
     "lone_double_in_fish": True},
    players=(4,), targets=(101, 201, 301), only_targets=True,
    targets_message="«Козёл» (kozel) is played to 101, 201 or 301 points, not {value}"
                    " / «Козёл» играют до 101, 201 или 301 очка",
))
