"""The review and hint endpoints in the OpenAPI description (docs/protocol.md)."""

from __future__ import annotations

from doublesix.core.jsonvalue import JSONObject, JSONValue, at


def _error(description: str) -> JSONObject:
    return {"description": description,
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}


_GAME: list[JSONValue] = [{"name": "game_id", "in": "path", "required": True,
                           "schema": {"type": "string"}}]
_OBJECT: JSONObject = {"application/json": {"schema": {"type": "object"}}}


def add_review(spec: JSONObject) -> None:
    paths = at(spec, "paths")
    paths["/api/games/{game_id}/review"] = {"post": {
        "summary": "The engine's review («Разбор») of a finished deal, for one of the"
                   " token's own seats",
        "operationId": "reviewDeal",
        "parameters": _GAME,
        "requestBody": {"required": False, "content": {"application/json": {"schema": {
            "type": "object", "properties": {
                "token": {"type": "string"}, "seat": {"type": "integer"},
                "deal": {"type": "integer"}}}}}},
        "responses": {
            "200": {"description": "the review", "content": _OBJECT},
            "400": _error("bad_json or bad_request"),
            "403": _error("not_your_seat"),
            "404": _error("not_found"),
            "409": _error("deal_in_progress"),
            "429": _error("rate_limited"),
            "503": _error("busy"),
        },
    }}
    paths["/api/games/{game_id}/hint"] = {"post": {
        "summary": "The engine's move («Подсказка») for the seat to move (computer, hot-seat)",
        "operationId": "hint",
        "parameters": _GAME,
        "requestBody": {"required": True, "content": {"application/json": {"schema": {
            "type": "object", "properties": {"token": {"type": "string"}}}}}},
        "responses": {
            "200": {"description": "the move and its reason", "content": _OBJECT},
            "403": _error("no_hints or not_your_seat"),
            "404": _error("not_found"),
            "409": _error("not_your_turn"),
            "429": _error("rate_limited"),
            "503": _error("busy"),
        },
    }}
