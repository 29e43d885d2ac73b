"""The hall's HTTP endpoints in the OpenAPI description (docs/protocol.md, "The hall")."""

from __future__ import annotations

from typing import Any


def _ref(name: str) -> dict[str, Any]:
    return {"application/json": {"schema": {"$ref": f"#/components/schemas/{name}"}}}


def _error(description: str) -> dict[str, Any]:
    return {"description": description, "content": _ref("Error")}


def add_hall(spec: dict[str, Any]) -> None:
    """Add the table list, sitting down and the create body's ``hall`` to *spec*."""
    spec["paths"]["/api/hall/tables"] = {"get": {
        "summary": "Public hall tables (also pushed to lobby sockets)",
        "operationId": "hallTables",
        "responses": {"200": {"description": "the tables, oldest first",
                              "content": _ref("HallTables")}},
    }}
    spec["paths"]["/api/hall/tables/{game_id}/sit"] = {"post": {
        "summary": "Sit down at an open public table",
        "operationId": "hallSit",
        "parameters": [{"name": "game_id", "in": "path", "required": True,
                        "schema": {"type": "string"}}],
        "requestBody": {"required": True, "content": _ref("HallSit")},
        "responses": {
            "200": {"description": "the seat token", "content": _ref("Joined")},
            "400": _error("bad_json, bad_request or bad_name"),
            "403": _error("bad_invite: the table is private"),
            "404": _error("not_found: no such room, or the table was closed"),
            "409": _error("room_full: someone sat down first"),
        },
    }}
    schemas = spec["components"]["schemas"]
    schemas["CreateGame"]["properties"]["hall"] = {
        "type": "object", "description": "a hall table (online, two players; name required)",
        "properties": {
            "public": {"type": "boolean", "default": True},
            "clock": {"type": ["object", "null"], "properties": {
                "minutes": {"type": "integer", "enum": [1, 3, 5, 10, 15, 30]},
                "increment": {"type": "integer", "minimum": 0, "maximum": 30}}},
        },
    }
    schemas["HallSit"] = {"type": "object", "required": ["name"],
                          "properties": {"name": {"type": "string", "maxLength": 24}}}
    schemas["HallTables"] = {"type": "object", "properties": {"tables": {
        "type": "array", "items": {"type": "object", "description": "see docs/protocol.md"}}}}
