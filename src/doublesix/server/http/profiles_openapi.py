"""Profiles and history in the OpenAPI description (docs/protocol.md, "Profiles and history")."""

from __future__ import annotations

from doublesix.core.jsonvalue import JSONObject, JSONValue, at


def _ref(name: str) -> JSONObject:
    return {"application/json": {"schema": {"$ref": f"#/components/schemas/{name}"}}}


def _error(description: str) -> JSONObject:
    return {"description": description, "content": _ref("Error")}


_KEY_401 = _error("bad_profile_key: the Authorization header is malformed, or its key opens"
                  " no profile (forget it)")
_NEEDS_401 = _error("profile_required: no Authorization header; bad_profile_key")
_PATH_KEY: JSONObject = {"name": "key", "in": "path", "required": True,
                         "schema": {"type": "string"}, "description": "a finished game's key"}


def add_profiles(spec: JSONObject) -> None:
    """Add the profile and history endpoints, and the profile key's security scheme."""
    components = at(spec, "components")
    components["securitySchemes"] = {"profileKey": {
        "type": "http", "scheme": "bearer",
        "description": "the profile key the browser was given (POST /api/profiles or"
                       " /api/profiles/telegram), kept in localStorage; the server keeps its"
                       " SHA-256 only"}}
    optional: list[JSONValue] = [{}, {"profileKey": []}]
    required: list[JSONValue] = [{"profileKey": []}]
    paths = at(spec, "paths")
    paths["/api/profiles"] = {"post": {
        "summary": "Make a guest profile bound to this browser", "operationId": "newProfile",
        "requestBody": {"required": True, "content": _ref("ProfileName")},
        "responses": {"201": {"description": "the profile and its key (shown once)",
                              "content": _ref("ProfileKey")},
                      "400": _error("bad_json, bad_request or bad_name"),
                      "429": _error("too_many_rooms: too many new profiles from this address")},
    }}
    paths["/api/profiles/me"] = {
        "get": {"summary": "Your profile page (every game of yours)", "operationId": "myProfile",
                "security": required,
                "responses": {"200": {"description": "the page", "content": _ref("ProfilePage")},
                              "401": _NEEDS_401}},
        "post": {"summary": "Change your display name", "operationId": "renameProfile",
                 "security": required,
                 "requestBody": {"required": True, "content": _ref("ProfileName")},
                 "responses": {"200": {"description": "the profile",
                                       "content": _ref("ProfileOnly")},
                               "400": _error("bad_name"), "401": _NEEDS_401}},
        "delete": {"summary": "Delete your profile and its personal data (its games stay,"
                              " shown as a deleted player)", "operationId": "deleteProfile",
                   "security": required,
                   "responses": {"204": {"description": "deleted"}, "401": _NEEDS_401}},
    }
    paths["/api/profiles/telegram"] = {"post": {
        "summary": "The profile of a verified Telegram user (a guest key in the header"
                   " attaches or merges that guest)", "operationId": "telegramProfile",
        "security": optional,
        "requestBody": {"required": True, "content": _ref("TelegramAuth")},
        "responses": {"200": {"description": "the profile, a new key of it, and what happened",
                              "content": _ref("ProfileKey")},
                      "400": _error("bad_request: no init_data"),
                      "401": _error("bad_init_data, init_data_expired or bad_profile_key"),
                      "503": _error("telegram_disabled")},
    }}
    paths["/api/profiles/{profile_id}"] = {"get": {
        "summary": "A profile's page (a stranger sees its public hall games only)",
        "operationId": "profilePage", "security": optional,
        "parameters": [{"name": "profile_id", "in": "path", "required": True,
                        "schema": {"type": "string"}}],
        "responses": {"200": {"description": "the page", "content": _ref("ProfilePage")},
                      "401": _KEY_401, "404": _error("not_found: no such profile")},
    }}
    paths["/api/history/{key}"] = {"get": {
        "summary": "A finished game with its move-by-move replay", "operationId": "pastGame",
        "security": optional,
        "parameters": [_PATH_KEY, {"name": "seat", "in": "query", "required": False,
                                   "schema": {"type": "integer", "minimum": 0, "maximum": 3},
                                   "description": "whose eyes: one of your seats"}],
        "responses": {"200": {"description": "the game and its deals, step by step",
                              "content": _ref("PastGame")},
                      "400": _error("bad_request: a bad seat"), "401": _KEY_401,
                      "403": _error("not_your_seat: a private game of others, or a seat"
                                    " not yours"),
                      "404": _error("not_found: no such game")},
    }}
    paths["/api/history/{key}/review"] = {"post": {
        "summary": "«Разбор» of a deal of a finished game, for one of your seats",
        "operationId": "pastReview", "security": required, "parameters": [_PATH_KEY],
        "requestBody": {"required": True, "content": {"application/json": {"schema": {
            "type": "object", "properties": {"seat": {"type": "integer"},
                                             "deal": {"type": "integer"}}}}}},
        "responses": {"200": {"description": "the review, as POST /api/games/{game_id}/review"
                                             " answers", "content": {"application/json": {
                                                 "schema": {"type": "object"}}}},
                      "400": _error("bad_request: no such deal"), "401": _NEEDS_401,
                      "403": _error("not_your_seat"), "404": _error("not_found"),
                      "409": _error("deal_in_progress"), "429": _error("rate_limited")},
    }}
    schemas = at(components, "schemas")
    schemas["ProfileName"] = {"type": "object", "required": ["name"],
                              "properties": {"name": {"type": "string", "maxLength": 24}}}
    schemas["Profile"] = {"type": "object", "properties": {
        "id": {"type": "string", "description": "public and random (never a Telegram id)"},
        "name": {"type": "string"}, "member_since": {"type": "number"},
        "telegram": {"type": "boolean"}}}
    schemas["ProfileOnly"] = {"type": "object", "properties": {
        "profile": {"$ref": "#/components/schemas/Profile"}}}
    schemas["ProfileKey"] = {"type": "object", "properties": {
        "profile": {"$ref": "#/components/schemas/Profile"},
        "key": {"type": "string", "description": "send as Authorization: Bearer <key>"},
        "how": {"type": "string", "enum": ["created", "attached", "merged", "signed_in"]}}}
    schemas["PastGameSummary"] = {"type": "object", "description": "see docs/protocol.md"}
    schemas["ProfilePage"] = {"type": "object", "properties": {
        "profile": {"$ref": "#/components/schemas/Profile"}, "own": {"type": "boolean"},
        "left_rated": {"type": "integer", "minimum": 0,
                       "description": "rated games the profile left (issue 26)"},
        "stats": {"type": "object", "additionalProperties": {
            "type": "object", "properties": {"played": {"type": "integer"},
                                             "won": {"type": "integer"}}}},
        "opponents": {"type": "array", "items": {"type": "object"}},
        "games": {"type": "array",
                  "items": {"$ref": "#/components/schemas/PastGameSummary"}}}}
    schemas["PastGame"] = {"type": "object", "properties": {
        "game": {"$ref": "#/components/schemas/PastGameSummary"},
        "seat": {"type": ["integer", "null"]},
        "deals": {"type": "array", "items": {"type": "object",
                                             "description": "see docs/protocol.md"}}}}
