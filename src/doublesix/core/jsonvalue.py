"""The type of free-form JSON, for data whose shape is not ours to fix (a document read from a
file or a client before it is checked, an OpenAPI schema). Data with a known shape has its own
TypedDict next to the code that writes it."""

from __future__ import annotations

from typing import TypeAlias

#: any value ``json.loads`` can return
JSONValue: TypeAlias = "None | bool | int | float | str | list[JSONValue] | dict[str, JSONValue]"
#: a JSON object
JSONObject: TypeAlias = "dict[str, JSONValue]"


def at(data: JSONObject, *keys: str) -> JSONObject:
    """The object at *keys* inside *data* (``at(spec, "components", "schemas")``), for code
    that edits a document it built itself; a step that is not an object is a bug: TypeError."""
    for key in keys:
        inner = data[key]
        if not isinstance(inner, dict):
            raise TypeError(f"{key!r} is not a JSON object here")
        data = inner
    return data
