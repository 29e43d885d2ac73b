"""The type of free-form JSON, for data whose shape is not ours to fix (a document read from a
file or a client before it is checked, an OpenAPI schema). Data with a known shape has its own
TypedDict next to the code that writes it."""

from __future__ import annotations

from typing import TypeAlias

#: any value ``json.loads`` can return
JSONValue: TypeAlias = "None | bool | int | float | str | list[JSONValue] | dict[str, JSONValue]"
#: a JSON object
JSONObject: TypeAlias = "dict[str, JSONValue]"
