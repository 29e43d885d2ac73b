"""Rule options from a client, checked by type and range before a room is made of them.

The core's ``Ruleset`` trusts its caller's types (``redeal_doubles="x"`` builds, then fails in
the middle of a later deal), so the server checks every option here, once, at creation: a
room is only ever made of rules that can be played to the end.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from doublesix.core import Ruleset
from doublesix.server.wire.errors import ErrorCode, ServiceError

#: whole-number options and their ranges; any other whole-number option gets DEFAULT_RANGE
RANGES = {"players": (2, 4), "hand_size": (1, 14), "redeal_doubles": (2, 8),
          "target": (1, 1001)}
DEFAULT_RANGE = (0, 1000)
TABLES = ("lead_bonus", "finish_bonus", "lone_double_value")
MAX_KEYS = 32
#: the match targets a preset offers, where it names them (RULES.md §9: «Козёл» to 101, 201
#: or 301); the refusal is read by people creating a game, so it is in Russian and English
PRESET_TARGETS = {"kozel": ((101, 201, 301), "«Козёл» (kozel) is played to 101, 201 or 301"
                            " points, not {value} / «Козёл» играют до 101, 201 или 301 очка")}


def _refuse(message: str) -> ServiceError:
    return ServiceError(ErrorCode.INVALID_RULES, message)


def _whole(name: str, value: Any) -> None:
    low, high = RANGES.get(name, DEFAULT_RANGE)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _refuse(f"{name!r} must be a whole number from {low} to {high}")


def _table(name: str, value: Any) -> None:
    # only the documented shape, an object: a list (even an empty one) is a client's mistake
    # that used to pass as "no bonuses" and silently change the rules of the preset
    if not isinstance(value, dict) or len(value) > 28:
        raise _refuse(f"{name!r} must map tile names (\"6-6\") to points")
    for tile, points in value.items():
        if not isinstance(tile, str) or len(tile) > 8:
            raise _refuse(f"{name!r} must map tile names (\"6-6\") to points")
        if isinstance(points, bool) or not isinstance(points, int) or not -1000 <= points <= 1000:
            raise _refuse(f"{name!r}: points must be whole numbers from -1000 to 1000")


def _pips(value: Any) -> bool:
    return isinstance(value, list) and len(value) <= 16 and all(
        isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 6 for v in value)


def check_rules(data: Any) -> None:
    """Refuse (``invalid_rules``) an option whose type or range does not fit its field."""
    if not isinstance(data, dict):
        return  # the caller says what shape is expected
    if len(data) > MAX_KEYS:
        raise _refuse("too many rule options")
    defaults = Ruleset()
    known = {f.name: getattr(defaults, f.name) for f in fields(Ruleset)
             if not f.name.startswith("_")}
    for name, value in data.items():
        if name not in known:
            continue  # the core names unknown options in its own refusal
        default = known[name]
        if name in TABLES:
            _table(name, value)
        elif isinstance(default, bool):
            if not isinstance(value, bool):
                raise _refuse(f"{name!r} must be true or false")
        elif isinstance(default, int) or (default is None and name in RANGES):
            # null too is refused: "no target" is said by leaving the option out, and a null
            # target would turn a match preset (101, kozel) into single deals
            _whole(name, value)
        elif isinstance(default, str):
            if not isinstance(value, str) or len(value) > 32:
                raise _refuse(f"{name!r} must be one of the names in docs/protocol.md")
        elif isinstance(default, tuple) and not _pips(value):
            raise _refuse(f"{name!r} must be a list of pip values 0..6")
    _preset_target(data)


def _preset_target(data: Mapping[str, object]) -> None:
    preset = data.get("preset")
    offered = PRESET_TARGETS.get(preset) if isinstance(preset, str) else None
    if offered is None or "target" not in data:
        return  # no target: the preset's own (101)
    targets, message = offered
    value = data["target"]
    if isinstance(value, bool) or value not in targets:
        raise _refuse(message.format(value=value))
