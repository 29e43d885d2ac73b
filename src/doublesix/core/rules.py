"""Rulesets as data: the presets `draw`, `block`, `101`, `kozel` and every option of RULES.md §3.

Each rule choice the seeds leave open is an option here, so the engine never branches on a
preset's name, only on these fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any, TypedDict

from doublesix.core.errors import InvalidSetup
from doublesix.core.presets import (
    FINISH_BONUS_101,
    LEAD_BONUS_101,
    LONE_DOUBLE_101,
    LONE_DOUBLE_KOZEL,
    PRESETS,
    TileTable,
    get_preset,
)
from doublesix.core.tiles import TILE_COUNT, Tile

DRAW_RULES = ("until_playable", "none", "one_then_pass")
FIRST_LEADS = ("highest_double", "lowest_double_from_1_1", "any")
BLOCKED_POINTS = ("difference", "others_sum", "penalty")

#: RULES.md §9: the pairs of a 4-player team game, partners opposite each other
PAIRS: tuple[tuple[int, ...], ...] = ((0, 2), (1, 3))


class RulesJSON(TypedDict):
    """``Ruleset.to_dict()``: the rules as every view and room carries them."""

    preset: str
    players: int
    hand_size: int
    draw_rule: str
    first_lead: str
    lead_double_order: list[int]
    blocked_points: str
    target: int | None
    dead_board_fish: bool
    lead_obligations: bool
    redeal_doubles: int
    lead_bonus: dict[str, int]
    finish_bonus: dict[str, int]
    lone_double_value: dict[str, int]
    fish_bonuses: bool
    lone_double_in_fish: bool
    teams: bool


def _names(choices: tuple[str, ...]) -> dict[str, object]:
    return {"choices": choices}


def _whole(low: int, high: int) -> dict[str, object]:
    return {"range": (low, high)}


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Every rule choice of a game. Build one with :func:`find_preset` or :meth:`from_dict`."""

    # Each field's metadata is its schema for untrusted input (``choices``, a whole-number
    # ``range``): check_options() reads it, so a new option is declared in one place.
    preset: str = "draw"
    players: int = field(default=2, metadata=_whole(2, 4))
    hand_size: int = field(default=7, metadata=_whole(1, 14))
    draw_rule: str = field(default="until_playable", metadata=_names(DRAW_RULES))
    first_lead: str = field(default="highest_double", metadata=_names(FIRST_LEADS))
    #: the doubles in the order they are looked for under ``lowest_double_from_1_1``
    lead_double_order: tuple[int, ...] = field(default=(1, 2, 3, 4, 5, 6, 0),
                                               metadata={"pips": 16})
    blocked_points: str = field(default="difference", metadata=_names(BLOCKED_POINTS))
    #: None: a single deal; otherwise a match to this many penalty points (101 / 301 / 501)
    target: int | None = field(default=None, metadata=_whole(1, 1001))
    dead_board_fish: bool = False
    #: in a match, the leader of a later deal follows seed 003's lead obligations
    lead_obligations: bool = False
    #: with four or more doubles the leader may ask for a new shuffle
    redeal_doubles: int = field(default=4, metadata=_whole(2, 8))
    lead_bonus: TileTable = field(default=(), metadata={"table": 28})
    finish_bonus: TileTable = field(default=(), metadata={"table": 28})
    lone_double_value: TileTable = field(default=(), metadata={"table": 28})
    #: 101 bonuses are counted on a domino only (RULES.md §7); True adds the lead bonus on a fish
    fish_bonuses: bool = False
    #: a lone double counts by lone_double_value in a blocked deal's comparison too (kozel),
    #: not only in the loser's hand after a domino (101)
    lone_double_in_fish: bool = False
    #: RULES.md §9: seats 0+2 and 1+3 play as pairs; a match then scores by pair
    teams: bool = False
    _lookups: dict[str, dict[int, int]] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )
    #: to_dict()'s result, built once: the server sends the rules in every view it sends
    _json: list[RulesJSON] = field(default_factory=list, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        self.validate()
        for name in ("lead_bonus", "finish_bonus", "lone_double_value"):
            table = {Tile.parse(t).index: int(v) for t, v in getattr(self, name)}
            self._lookups[name] = table

    # -- validation -----------------------------------------------------------------------
    def validate(self) -> None:
        for spec in fields(self):
            choices = spec.metadata.get("choices")
            if choices and getattr(self, spec.name) not in choices:
                raise InvalidSetup(f"{spec.name} must be one of {', '.join(choices)}")
        if not isinstance(self.players, int) or not 2 <= self.players <= 4:
            raise InvalidSetup("players must be 2, 3 or 4")
        if not isinstance(self.hand_size, int) or self.hand_size < 1:
            raise InvalidSetup("hand_size must be a positive whole number")
        if self.players * self.hand_size > TILE_COUNT:
            raise InvalidSetup(
                f"{self.players} hands of {self.hand_size} need more than {TILE_COUNT} tiles"
            )
        if not isinstance(self.teams, bool):
            raise InvalidSetup("teams must be true or false")
        if self.teams and self.players != 4:
            raise InvalidSetup("pairs (teams) need exactly 4 players")
        if self.teams and self.target is None:
            raise InvalidSetup("pairs (teams) play a match to a target, as in kozel")
        if self.target is not None:
            if not isinstance(self.target, int) or self.target < 1:
                raise InvalidSetup("target must be a positive whole number of points")
            if len(self.sides) != 2:
                raise InvalidSetup("a match to a target is for 2 players or 2 pairs: set players"
                                   " to 2 (pairs: kozel), or play draw or block with 3 or 4")
        if self.blocked_points == "penalty" and self.target is None:
            raise InvalidSetup("penalty scoring of a blocked deal needs a match target")
        if sorted(self.lead_double_order) != list(range(7)):
            raise InvalidSetup("lead_double_order must list each value 0..6 once")

    # -- lookups used by the engine -------------------------------------------------------
    @property
    def is_match(self) -> bool:
        return self.target is not None

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """Who scores together: the pairs with ``teams``, else every seat on its own."""
        if self.teams:
            return PAIRS
        return tuple((s,) for s in range(self.players))

    def side_of(self, seat: int) -> int:
        """The index in :attr:`sides` (and in a match's scores) of *seat*."""
        return seat % 2 if self.teams else seat

    def partner_of(self, seat: int) -> int | None:
        """*seat*'s partner in a team game, else None."""
        return (seat + 2) % 4 if self.teams else None

    def lead_bonus_for(self, tile_index: int) -> int:
        return self._lookups["lead_bonus"].get(tile_index, 0)

    def finish_bonus_for(self, tile_index: int) -> int:
        return self._lookups["finish_bonus"].get(tile_index, 0)

    def lone_double_for(self, tile_index: int) -> int | None:
        return self._lookups["lone_double_value"].get(tile_index)

    # -- data round trip ------------------------------------------------------------------
    def to_dict(self) -> RulesJSON:
        if not self._json:
            self._json.append({
                "preset": self.preset, "players": self.players, "hand_size": self.hand_size,
                "draw_rule": self.draw_rule, "first_lead": self.first_lead,
                "lead_double_order": list(self.lead_double_order),
                "blocked_points": self.blocked_points, "target": self.target,
                "dead_board_fish": self.dead_board_fish,
                "lead_obligations": self.lead_obligations,
                "redeal_doubles": self.redeal_doubles, "lead_bonus": dict(self.lead_bonus),
                "finish_bonus": dict(self.finish_bonus),
                "lone_double_value": dict(self.lone_double_value),
                "fish_bonuses": self.fish_bonuses, "lone_double_in_fish": self.lone_double_in_fish,
                "teams": self.teams,
            })
        data = self._json[0]
        # a copy of each container, so a caller that edits its dict cannot change ours
        return {**data, "lead_double_order": list(data["lead_double_order"]),
                "lead_bonus": dict(data["lead_bonus"]), "finish_bonus": dict(data["finish_bonus"]),
                "lone_double_value": dict(data["lone_double_value"])}

    @classmethod
    def from_dict(cls, data: object) -> Ruleset:
        """A preset (``data["preset"]``, default ``draw``) with any options of RULES.md §3."""
        if not isinstance(data, dict):
            raise InvalidSetup("rules must be an object like {\"preset\": \"draw\"}")
        options = dict(data)
        preset = options.pop("preset", "draw")
        return find_preset(str(preset), **options)

    @classmethod
    def from_untrusted(cls, data: object) -> Ruleset:
        """:meth:`from_dict` for options from a stranger: each checked by its field's schema
        first, since the engine trusts its caller's types (``redeal_doubles="x"`` would build,
        then fail in the middle of a later deal)."""
        if isinstance(data, dict):
            from doublesix.core.rules_schema import check_options

            check_options(data)
        return cls.from_dict(data)  # which refuses a non-object

    def with_options(self, **options: Any) -> Ruleset:
        """A copy with *options* changed (validated like a new ruleset)."""
        unknown = set(options) - _FIELDS
        if unknown:
            raise InvalidSetup(f"unknown rule option(s): {', '.join(sorted(unknown))}")
        return replace(self, **options)


_FIELDS = {f.name for f in fields(Ruleset) if not f.name.startswith("_")} - {"preset"}


def _table(value: Any, name: str) -> TileTable:
    items = value.items() if isinstance(value, dict) else value
    try:
        return tuple(sorted((str(Tile.parse(str(t))), int(v)) for t, v in items))
    except (TypeError, ValueError) as exc:
        raise InvalidSetup(f"{name} must map tile names to points") from exc


def _build(preset: str, options: Mapping[str, object]) -> Ruleset:
    unknown = set(options) - _FIELDS
    if unknown:
        raise InvalidSetup(f"unknown rule option(s): {', '.join(sorted(unknown))}")
    # the one place unchecked option values meet the constructor, whose validate() checks them
    values: dict[str, Any] = {**get_preset(preset).options, **options}
    players = values.get("players", 2)
    if "blocked_points" not in values:
        values["blocked_points"] = "difference" if players == 2 else "others_sum"
    for name in ("lead_bonus", "finish_bonus", "lone_double_value"):
        if name in values:
            values[name] = _table(values[name], name)
    if "lead_double_order" in values:
        values["lead_double_order"] = tuple(values["lead_double_order"])
    return Ruleset(preset=preset, **values)


def find_preset(name: str = "draw", **options: Any) -> Ruleset:
    """Preset *name* with *options* changed, e.g. ``find_preset("block", players=3)``.

    ``players=None`` keeps the preset's own count (2; kozel 4), for command lines whose
    ``--players`` was not given.
    """
    if options.get("players", 0) is None:
        del options["players"]
    return _build(name, options)


__all__ = [
    "BLOCKED_POINTS",
    "DRAW_RULES",
    "FINISH_BONUS_101",
    "FIRST_LEADS",
    "LEAD_BONUS_101",
    "LONE_DOUBLE_101",
    "LONE_DOUBLE_KOZEL",
    "PAIRS",
    "PRESETS",
    "Ruleset",
    "TileTable",
    "find_preset",
]
