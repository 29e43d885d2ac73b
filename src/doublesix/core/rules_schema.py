"""Rule options from a stranger, checked against the schema declared on Ruleset's fields.

Each field of :class:`~doublesix.core.rules.Ruleset` states in its metadata what it accepts
(``choices``, a whole-number ``range``, a tile ``table``, a list of ``pips``); a flag is known
by its default. A room is only ever made of rules that can be played to the end, and each
refusal says what the option must be.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import Field, fields
from typing import Any

from doublesix.core.errors import InvalidSetup
from doublesix.core.presets import PRESETS

#: more keys than every option twice over is a client's mistake, not a ruleset
MAX_KEYS = 32
#: the range of a whole-number option that declares none
DEFAULT_RANGE = (0, 1000)


def _schema() -> dict[str, Field[Any]]:
    from doublesix.core.rules import Ruleset

    return {f.name: f for f in fields(Ruleset) if not f.name.startswith("_")}


def _whole(name: str, value: Any, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidSetup(f"{name!r} must be a whole number from {low} to {high}")


def _table(name: str, value: Any, size: int) -> None:
    # only the documented shape, an object: a list (even an empty one) is a client's mistake
    # that used to pass as "no bonuses" and silently change the rules of the preset
    if not isinstance(value, dict) or len(value) > size:
        raise InvalidSetup(f"{name!r} must map tile names (\"6-6\") to points")
    for tile, points in value.items():
        if not isinstance(tile, str) or len(tile) > 8:
            raise InvalidSetup(f"{name!r} must map tile names (\"6-6\") to points")
        if isinstance(points, bool) or not isinstance(points, int) or not -1000 <= points <= 1000:
            raise InvalidSetup(f"{name!r}: points must be whole numbers from -1000 to 1000")


def _pips(value: Any, size: int) -> bool:
    return isinstance(value, list) and len(value) <= size and all(
        isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 6 for v in value)


def _check(name: str, spec: Field[Any], value: Any) -> None:
    meta = spec.metadata
    if "table" in meta:
        _table(name, value, meta["table"])
    elif "pips" in meta:
        if not _pips(value, meta["pips"]):
            raise InvalidSetup(f"{name!r} must be a list of pip values 0..6")
    elif isinstance(spec.default, bool):
        if not isinstance(value, bool):
            raise InvalidSetup(f"{name!r} must be true or false")
    elif "range" in meta or isinstance(spec.default, int):
        # null too is refused: "no target" is said by leaving the option out, and a null
        # target would turn a match preset (101, kozel) into single deals
        _whole(name, value, *meta.get("range", DEFAULT_RANGE))
    elif isinstance(spec.default, str) and (not isinstance(value, str) or len(value) > 32):
        raise InvalidSetup(f"{name!r} must be one of the names in docs/protocol.md")


def check_options(data: Mapping[str, object]) -> None:
    """Refuse an option whose type or range does not fit its field, or a target the preset
    does not offer. Unknown options and unknown presets are left to the ruleset's own
    refusal, which names them."""
    if len(data) > MAX_KEYS:
        raise InvalidSetup("too many rule options")
    schema = _schema()
    for name, value in data.items():
        spec = schema.get(name)
        if spec is not None:
            _check(name, spec, value)
    key = data.get("preset")
    preset = PRESETS.get(key) if isinstance(key, str) else None
    if preset is not None and "target" in data:
        preset.check_target(data["target"])
