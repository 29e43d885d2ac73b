"""The hall's HTTP endpoints in the OpenAPI description (docs/protocol.md, "The hall")."""

from __future__ import annotations

from doublesix.core.jsonvalue import JSONObject, at


def _ref(name: str) -> JSONObject:
    return {"application/json": {"schema": {"$ref": f"#/components/schemas/{name}"}}}


def _error(description: str) -> JSONObject:
    return {"description": description, "content": _ref("Error")}


#: the id a browser keeps and sends when it takes a seat (docs/protocol.md, "The hall")
_BROWSER: JSONObject = {"type": "string", "pattern": "^[A-Za-z0-9_-]{16,64}$",
            "description": "this browser's random id, kept in localStorage: one seat per"
                           " person at a public table"}


def add_hall(spec: JSONObject) -> None:
    """Add the table list, sitting down and the create body's ``hall`` to *spec*."""
    paths = at(spec, "paths")
    paths["/api/hall/tables"] = {"get": {
        "summary": "Public hall tables (also pushed to lobby sockets)",
        "operationId": "hallTables",
        "responses": {"200": {"description": "the tables, oldest first",
                              "content": _ref("HallTables")}},
    }}
    paths["/api/hall/tables/{game_id}/sit"] = {"post": {
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
            "409": _error("room_full: someone sat down first; seat_taken; already_seated: this"
                          " client or browser holds a seat of the table already"),
            "429": _error("leave_wait: a rated table, and this profile left rated games often"
                          " (Retry-After: the seconds left)"),
        },
    }}
    schemas = at(spec, "components", "schemas")
    at(schemas, "CreateGame", "properties")["hall"] = {
        "type": "object", "description": "a hall table (online, two players; name required)",
        "properties": {
            "public": {"type": "boolean", "default": True},
            "clock": {"type": ["object", "null"], "properties": {
                "minutes": {"type": "integer", "enum": [1, 3, 5, 10, 15, 30]},
                "increment": {"type": "integer", "minimum": 0, "maximum": 30}}},
            "rated": {"type": "boolean", "default": False,
                      "description": "the games change the players' ratings: only with a"
                                     " clock, never with computer seats"},
        },
    }
    schemas["HallSit"] = {"type": "object", "required": ["name"],
                          "properties": {"name": {"type": "string", "maxLength": 24},
                                         "seat": {"type": "integer", "minimum": 0,
                                                  "maximum": 3},
                                         "browser": _BROWSER}}
    # one seat per person at a public table (hall/holders.py): the creator's and the
    # invited's seats count as well
    at(schemas, "CreateGame", "properties")["browser"] = _BROWSER
    at(schemas, "JoinGame", "properties")["browser"] = _BROWSER
    join = at(spec, "paths", "/api/games/{game_id}/join", "post", "responses")
    join["409"] = _error(f"{at(join, '409')['description']}; already_seated: at a public"
                         " table, this client or browser holds a seat already")
    schemas["HallTables"] = {"type": "object", "properties": {"tables": {
        "type": "array", "items": {"type": "object", "description": "see docs/protocol.md"}}}}
