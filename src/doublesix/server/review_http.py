"""HTTP routes of «Разбор» and «Подсказка»: parse, call :mod:`review`, render."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse

from doublesix.server import clients
from doublesix.server.errors import ErrorCode, ServiceError
from doublesix.server.http_api import _body, _error, _optional_str, _service
from doublesix.server.review import Reviews


def _reviews(request: Request) -> Reviews:
    reviews: Reviews = request.app.state.reviews
    return reviews


def _client(request: Request) -> str:
    # the same client as every per-client limit counts (a trusted proxy's X-Forwarded-For,
    # an IPv6 /64), not the bare peer: behind nginx every peer is the proxy
    found = clients.address(request.scope, _service(request).settings.trusted_proxies)
    return found if found is not None else "?"


def _optional_int(data: dict[str, Any], key: str) -> int | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 10_000:
        raise ServiceError(ErrorCode.BAD_REQUEST, f"{key!r} must be a small whole number")
    return value


async def review(request: Request) -> JSONResponse:
    try:
        data = await _body(request)
        room = await _service(request).rooms.get(request.path_params["game_id"])
        result = await _reviews(request).review(
            room, _client(request), _optional_str(data, "token", 100),
            _optional_int(data, "seat"), _optional_int(data, "deal"))
    except ServiceError as exc:
        return _error(exc)
    return JSONResponse(result)


async def hint(request: Request) -> JSONResponse:
    try:
        data = await _body(request)
        room = await _service(request).rooms.get(request.path_params["game_id"])
        result = await _reviews(request).hint(room, _client(request),
                                              _optional_str(data, "token", 100))
    except ServiceError as exc:
        return _error(exc)
    return JSONResponse(result)
