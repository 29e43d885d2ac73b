"""HTTP routes of ratings (issue 25; docs/protocol.md, "Ratings"): parse, call
:class:`~doublesix.server.ratings.service.Ratings`, render."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse

from doublesix.server.http.api import _error, profile_of, profiles
from doublesix.server.ratings.model import RATED_PRESETS
from doublesix.server.ratings.service import Ratings
from doublesix.server.storage.profiles import game_key
from doublesix.server.wire.errors import ErrorCode, ServiceError

PERIODS = ("all", "week")


def _ratings(request: Request) -> Ratings:
    found: Ratings = request.app.state.ratings
    return found


async def leaderboard(request: Request) -> JSONResponse:
    """``GET /api/ratings/{rating}?period=all|week``: the board, with the viewer's own line
    (``Authorization: Bearer``) wherever it stands."""
    try:
        key = request.path_params["rating"]
        if key not in RATED_PRESETS:
            raise ServiceError(ErrorCode.NOT_FOUND, f"no rating {key!r}: the ratings are "
                               + ", ".join(RATED_PRESETS), status=404)
        period = request.query_params.get("period", "all")
        if period not in PERIODS:
            raise ServiceError(ErrorCode.BAD_REQUEST, "'period' must be all or week")
        viewer = await profile_of(request)
        return JSONResponse(await _ratings(request).leaderboard(
            key, period, viewer.profile_id if viewer else None))
    except ServiceError as exc:
        return _error(exc)


async def of_profile(request: Request) -> JSONResponse:
    """``GET /api/profiles/{profile_id}/ratings``: a profile's ratings with their history."""
    try:
        profile_id = request.path_params["profile_id"]
        if await profiles(request).store.get(profile_id) is None:
            raise ServiceError(ErrorCode.NOT_FOUND, "no such profile", status=404)
        return JSONResponse({"ratings": await _ratings(request).of_profile(profile_id)})
    except ServiceError as exc:
        return _error(exc)


async def of_game(request: Request) -> JSONResponse:
    """``GET /api/games/{game_id}/ratings/{game_no}``: the rating changes of a room's finished
    game, for its result sheet (``outcome`` null: not rated yet, ask again)."""
    try:
        text = request.path_params["game_no"]
        if not text.isdigit() or not 0 < int(text) < 2**31:
            raise ServiceError(ErrorCode.BAD_REQUEST, "'game_no' must be a game number")
        game = await profiles(request).store.game(
            game_key(request.path_params["game_id"], int(text)))
        if game is None:
            raise ServiceError(ErrorCode.NOT_FOUND, "no such finished game", status=404)
        return JSONResponse(await _ratings(request).game(game))
    except ServiceError as exc:
        return _error(exc)
