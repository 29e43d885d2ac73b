"""Hall HTTP routes: the table list (also pushed over the socket) and sitting down."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse

from doublesix.server.errors import ServiceError
from doublesix.server.http_api import _body, _error, _service, optional_seat


async def list_tables(request: Request) -> JSONResponse:
    frame = _service(request).hall._lobby_frame()
    return JSONResponse({"tables": frame["tables"]})


async def sit(request: Request) -> JSONResponse:
    try:
        data = await _body(request)
        result = await _service(request).hall.sit(request.path_params["game_id"],
                                                  data.get("name"), optional_seat(data))
    except ServiceError as exc:
        return _error(exc)
    return JSONResponse(result)
