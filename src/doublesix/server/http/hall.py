"""Hall HTTP routes: the table list (also pushed over the socket) and sitting down."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse

from doublesix.server.hall.service import Hall
from doublesix.server.http.api import (
    _body,
    _error,
    held_back,
    holders,
    name_or_profile,
    optional_seat,
    profile_of,
)
from doublesix.server.wire.errors import ServiceError


def _hall(request: Request) -> Hall:
    hall: Hall = request.app.state.hall
    return hall


async def list_tables(request: Request) -> JSONResponse:
    frame = _hall(request).lobby_frame()
    return JSONResponse({"tables": frame["tables"]})


async def sit(request: Request) -> JSONResponse:
    try:
        data = await _body(request)
        profile = await profile_of(request)
        await held_back(request, profile, game_id=request.path_params["game_id"])
        result = await _hall(request).sit(
            request.path_params["game_id"], name_or_profile(data, profile), optional_seat(data),
            holders(request, data, profile), profile.profile_id if profile is not None else None)
    except ServiceError as exc:
        return _error(exc)
    return JSONResponse(result)
