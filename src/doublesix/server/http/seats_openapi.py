"""The OpenAPI fields of rooms for three and four seats (docs/protocol.md, "Three and four
seats"): computer seats at creation, a chosen seat when joining or sitting down."""

from __future__ import annotations

from doublesix.core.jsonvalue import JSONObject, at

_SEAT: JSONObject = {"type": "integer", "minimum": 0, "maximum": 3,
         "description": "a free seat to take; without it, the first free seat"}


def add_seats(spec: JSONObject) -> None:
    schemas = at(spec, "components", "schemas")
    create = at(schemas, "CreateGame", "properties")
    create["computers"] = {
        "type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 3},
        "description": "online rooms: seats the computer takes (one at least left for a guest)",
    }
    at(create, "rules", "properties")["players"] = {"type": "integer", "minimum": 2, "maximum": 4}
    at(schemas, "JoinGame", "properties")["seat"] = _SEAT
    if "HallSit" in schemas:
        at(schemas, "HallSit", "properties")["seat"] = _SEAT
