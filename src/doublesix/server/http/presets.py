"""``GET /api/presets``: the game types and the computer's levels, from the core's registry.

The browser client builds its choices from this answer, so a preset registered in
core/presets.py is offered by every screen with no JavaScript to change (its translated name
aside).
"""

from __future__ import annotations

from typing import TypedDict

from starlette.requests import Request
from starlette.responses import JSONResponse

from doublesix.bots import DEFAULT_LEVEL, LEVELS
from doublesix.core.jsonvalue import JSONObject, at
from doublesix.core.presets import PRESETS, PresetJson
from doublesix.server.ratings.model import RATED_PRESETS


class PresetsJson(TypedDict):
    presets: list[PresetJson]
    levels: list[str]
    default_level: str
    #: the game types rated at rated hall tables, each with its leaderboard (issue 25)
    rated: list[str]


def presets_json() -> PresetsJson:
    return {"presets": [p.to_json() for p in PRESETS.values()], "levels": list(LEVELS),
            "default_level": DEFAULT_LEVEL, "rated": list(RATED_PRESETS)}


async def presets(request: Request) -> JSONResponse:
    # the same for everyone and changed only by a new release: a browser may keep it an hour
    return JSONResponse(presets_json(), headers={"Cache-Control": "public, max-age=3600"})


def add_presets(spec: JSONObject) -> None:
    """The endpoint and its answer in the OpenAPI document."""
    at(spec, "paths")["/api/presets"] = {"get": {
        "summary": "The game types (presets) and the computer's levels",
        "operationId": "presets",
        "responses": {"200": {
            "description": "every preset of the rules core, in the order to offer them",
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Presets"}}},
        }},
    }}
    at(spec, "components", "schemas")["Presets"] = {
        "type": "object", "required": ["presets", "levels", "default_level"],
        "properties": {
            "presets": {"type": "array", "items": {
                "type": "object",
                "required": ["key", "players", "default_players", "targets", "only_targets",
                             "teams"],
                "properties": {
                    "key": {"type": "string", "description": "the rules' `preset`"},
                    "players": {"type": "array", "items": {"type": "integer"},
                                "description": "the player counts it can be played with"},
                    "default_players": {"type": "integer"},
                    "targets": {"type": "array", "items": {"type": "integer"},
                                "description": "match targets offered, the default first;"
                                               " empty: single deals"},
                    "only_targets": {"type": "boolean",
                                     "description": "true: any other target is refused"},
                    "teams": {"type": "boolean", "description": "two pairs (kozel)"},
                },
            }},
            "levels": {"type": "array", "items": {"type": "string"},
                       "description": "the computer's levels, weakest first"},
            "default_level": {"type": "string"},
            "rated": {"type": "array", "items": {"type": "string"},
                      "description": "the presets rated at rated hall tables, each with its"
                                     " leaderboard (GET /api/ratings/{rating})"},
        },
    }
