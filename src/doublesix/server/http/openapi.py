"""The OpenAPI 3.1 description of the HTTP endpoints (the WebSocket part is docs/protocol.md)."""

from __future__ import annotations

from doublesix import __version__
from doublesix.bots import GAME_LEVELS
from doublesix.core.jsonvalue import JSONObject, at
from doublesix.core.presets import PRESETS
from doublesix.server.http.hall_openapi import add_hall
from doublesix.server.http.presets import add_presets
from doublesix.server.http.profiles_openapi import add_profiles
from doublesix.server.http.ratings_openapi import add_ratings
from doublesix.server.http.review_openapi import add_review
from doublesix.server.http.seats_openapi import add_seats


def _error(description: str) -> JSONObject:
    return {"description": description,
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}


def _json(ref: str, description: str) -> JSONObject:
    return {"description": description,
            "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{ref}"}}}}


def _body(ref: str) -> JSONObject:
    return {"required": True,
            "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{ref}"}}}}


_NAME: JSONObject = {"type": "string", "maxLength": 40, "description": "display name"}
_SEATS: JSONObject = {"type": "array", "items": {"type": "integer"},
                      "description": "seats the token controls"}
_MODE: JSONObject = {"type": "string", "enum": ["computer", "hotseat", "online"]}

OPENAPI: JSONObject = {
    "openapi": "3.1.0",
    "info": {
        "title": "doublesix game server",
        "version": __version__,
        "description": "Rooms for double-six dominoes. Play happens over the WebSocket /ws,"
                       " described in docs/protocol.md.",
    },
    "paths": {
        "/api/games": {"post": {
            "summary": "Create a room",
            "operationId": "createGame",
            "requestBody": _body("CreateGame"),
            "responses": {
                "201": _json("Created", "the room, the creator's seat token and the invite"),
                "400": _error("bad_json, bad_request, bad_name or invalid_rules"),
                "408": _error("body_timeout"),
                "413": _error("too_large"),
                "429": _error("too_many_rooms or too_many_tables (per client address);"
                              " leave_wait: a rated table, and this profile left rated games"
                              " often (Retry-After)"),
            },
        }},
        "/api/games/{game_id}/join": {"post": {
            "summary": "Take a free seat of an online room by invite",
            "operationId": "joinGame",
            "parameters": [{"name": "game_id", "in": "path", "required": True,
                            "schema": {"type": "string"}}],
            "requestBody": _body("JoinGame"),
            "responses": {
                "200": _json("Joined", "the guest's seat token"),
                "400": _error("bad_json, bad_request or bad_name"),
                "403": _error("bad_invite"),
                "404": _error("not_found: no such room, or it expired"),
                "409": _error("room_full"),
                "429": _error("leave_wait: a rated table, and this profile left rated games"
                              " often (Retry-After)"),
            },
        }},
        "/api/health": {"get": {
            "summary": "Liveness",
            "operationId": "health",
            "responses": {"200": _json("Health", "the server is up")},
        }},
        "/api/telegram/auth": {"post": {
            "summary": "Verify Telegram Mini App initData",
            "operationId": "telegramAuth",
            "requestBody": _body("TelegramAuth"),
            "responses": {
                "200": _json("TelegramUser", "the verified user"),
                "400": _error("bad_json or bad_request"),
                "401": _error("bad_init_data or init_data_expired"),
                "503": _error("telegram_disabled"),
            },
        }},
    },
    "components": {"schemas": {
        "Error": {
            "type": "object", "required": ["error"],
            "properties": {"error": {
                "type": "object", "required": ["code", "message"],
                "properties": {"code": {"type": "string"}, "message": {"type": "string"},
                               "retry_after": {"type": "integer", "description":
                                               "leave_wait: seconds until it is lifted"}},
            }},
        },
        "CreateGame": {
            "type": "object", "required": ["mode"],
            "properties": {
                "mode": _MODE,
                "rules": {"type": "object",
                          "description": "{preset, ...options}: GET /api/presets lists them",
                          "properties": {"preset": {"type": "string", "enum": list(PRESETS)}},
                          "additionalProperties": True},
                "level": {"type": "string", "enum": list(GAME_LEVELS)},
                "name": _NAME,
            },
        },
        "Created": {
            "type": "object", "required": ["game_id", "seat", "seats", "token", "mode"],
            "properties": {
                "game_id": {"type": "string"}, "seat": {"type": "integer"}, "seats": _SEATS,
                "token": {"type": "string", "description": "the seat token: keep it secret"},
                "mode": _MODE,
                "invite": {"type": "string", "description": "online rooms only"},
                "invite_url": {"type": "string", "description": "/#join=GAME_ID.INVITE"},
            },
        },
        "JoinGame": {
            "type": "object", "required": ["invite"],
            "properties": {"invite": {"type": "string"}, "name": _NAME},
        },
        "Joined": {
            "type": "object", "required": ["game_id", "seat", "seats", "token", "mode"],
            "properties": {"game_id": {"type": "string"}, "seat": {"type": "integer"},
                           "seats": _SEATS, "token": {"type": "string"}, "mode": _MODE},
        },
        "Health": {
            "type": "object",
            "properties": {"status": {"type": "string", "const": "ok"},
                           "storage": {"type": "string"}, "version": {"type": "string"}},
        },
        "TelegramAuth": {
            "type": "object", "required": ["init_data"],
            "properties": {"init_data": {"type": "string"}},
        },
        "TelegramUser": {
            "type": "object", "required": ["user", "display_name", "auth_date"],
            "properties": {"user": {"type": "object", "description": "Telegram's user object"},
                           "display_name": {"type": "string"},
                           "auth_date": {"type": "integer"}},
        },
    }},
}

add_hall(OPENAPI)
add_review(OPENAPI)
add_seats(OPENAPI)
add_presets(OPENAPI)
add_profiles(OPENAPI)
add_ratings(OPENAPI)


def _refuse_cross_site(spec: JSONObject) -> None:
    """Every JSON POST refuses another site's page and a body not declared JSON (issue 21)."""
    paths = at(spec, "paths")
    for path in paths:
        if "post" not in at(paths, path):
            continue
        responses = at(paths, path, "post", "responses")
        forbidden = at(responses, "403")["description"] if "403" in responses else None
        responses["403"] = _error("bad_origin: the request names another site as its Origin"
                                  + (f"; or {forbidden}" if forbidden else ""))
        responses["415"] = _error("bad_content_type: the body is not sent as"
                                  " Content-Type: application/json")


_refuse_cross_site(OPENAPI)
