"""The ratings' HTTP endpoints in the OpenAPI description (docs/protocol.md, "Ratings")."""

from __future__ import annotations

from doublesix.core.jsonvalue import JSONObject, at
from doublesix.server.ratings.model import RATED_PRESETS


def _ref(name: str) -> JSONObject:
    return {"application/json": {"schema": {"$ref": f"#/components/schemas/{name}"}}}


def _error(description: str) -> JSONObject:
    return {"description": description, "content": _ref("Error")}


def add_ratings(spec: JSONObject) -> None:
    """Add the leaderboards, a profile's ratings and a finished game's changes to *spec*."""
    paths = at(spec, "paths")
    paths["/api/ratings/{rating}"] = {"get": {
        "summary": "A leaderboard: all-time or this week, with the viewer's own place",
        "operationId": "leaderboard",
        "parameters": [
            {"name": "rating", "in": "path", "required": True,
             "schema": {"type": "string", "enum": list(RATED_PRESETS)}},
            {"name": "period", "in": "query", "schema": {"type": "string",
                                                         "enum": ["all", "week"]}}],
        "responses": {"200": {"description": "the board", "content": _ref("Leaderboard")},
                      "400": _error("bad_request: an unknown period"),
                      "401": _error("bad_profile_key"),
                      "404": _error("not_found: no such rating")},
    }}
    paths["/api/profiles/{profile_id}/ratings"] = {"get": {
        "summary": "A profile's ratings per game type, each with its recent history",
        "operationId": "profileRatings",
        "parameters": [{"name": "profile_id", "in": "path", "required": True,
                        "schema": {"type": "string"}}],
        "responses": {"200": {"description": "{\"ratings\": {rating: Rating + history}}",
                              "content": {"application/json": {"schema": {"type": "object"}}}},
                      "404": _error("not_found: no such profile")},
    }}
    paths["/api/games/{game_id}/ratings/{game_no}"] = {"get": {
        "summary": "The rating changes of a room's finished game (the result sheet's +12 / −8)",
        "operationId": "gameRatings",
        "parameters": [{"name": "game_id", "in": "path", "required": True,
                        "schema": {"type": "string"}},
                       {"name": "game_no", "in": "path", "required": True,
                        "schema": {"type": "integer", "minimum": 1}}],
        "responses": {"200": {"description": "outcome null: not rated yet",
                              "content": _ref("GameRatings")},
                      "400": _error("bad_request: not a game number"),
                      "404": _error("not_found: no such finished game")},
    }}
    schemas = at(spec, "components", "schemas")
    schemas["Rating"] = {"type": "object", "properties": {
        "rating": {"type": "integer"}, "deviation": {"type": "integer"},
        "games": {"type": "integer"}, "provisional": {"type": "boolean"},
        "label": {"type": "string", "description": "1534, or 1534? while provisional"}}}
    standing: JSONObject = {"allOf": [{"$ref": "#/components/schemas/Rating"}, {
        "type": "object", "properties": {
            "place": {"type": "integer"}, "profile": {"type": "string"},
            "name": {"type": "string"}, "gain": {"type": "integer"},
            "week_games": {"type": "integer"}}}]}
    schemas["Leaderboard"] = {"type": "object", "properties": {
        "rating": {"type": "string"}, "period": {"type": "string"},
        "min_games": {"type": "integer"}, "week_games": {"type": ["integer", "null"]},
        "top": {"type": "array", "items": standing},
        "me": {"oneOf": [standing, {"type": "null"}]},
        "mine": {"description": "the viewer's own rating of this type, on the board or not"
                                " (week_games: this week's, for period=week)",
                 "oneOf": [{"allOf": [{"$ref": "#/components/schemas/Rating"}, {
                     "type": "object", "properties": {"week_games": {"type": "integer"}}}]},
                     {"type": "null"}]}}}
    schemas["GameRatings"] = {"type": "object", "properties": {
        "rated": {"type": "boolean"},
        "outcome": {"type": ["string", "null"],
                    "enum": ["rated", "computer", "no_profile", "self_game", "unrated_type",
                             None]},
        "rating": {"type": "string"},
        "changes": {"type": "array", "items": {"type": "object", "properties": {
            "seat": {"type": "integer"}, "profile": {"type": "string"},
            "before": {"$ref": "#/components/schemas/Rating"},
            "after": {"$ref": "#/components/schemas/Rating"},
            "delta": {"type": "integer"}}}}}}
