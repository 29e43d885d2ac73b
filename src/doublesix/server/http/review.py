"""HTTP routes of «Разбор» and «Подсказка»: parse, call :mod:`review`, render."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import TypeVar

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from doublesix.core.jsonvalue import JSONObject
from doublesix.server.http import clients
from doublesix.server.http.api import _body, _error, _optional_str, _service
from doublesix.server.review.service import Reviews
from doublesix.server.wire.errors import ErrorCode, ServiceError

T = TypeVar("T")


def _reviews(request: Request) -> Reviews:
    reviews: Reviews = request.app.state.reviews
    return reviews


def _client(request: Request) -> str:
    # the same client as every per-client limit counts (a trusted proxy's X-Forwarded-For,
    # an IPv6 /64), not the bare peer: behind nginx every peer is the proxy
    found = clients.address(request.scope, _service(request).settings.trusted_proxies)
    return found if found is not None else "?"


def _optional_int(data: JSONObject, key: str) -> int | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 10_000:
        raise ServiceError(ErrorCode.BAD_REQUEST, f"{key!r} must be a small whole number")
    return value


async def _while_connected(request: Request, work: Awaitable[T]) -> T | None:
    """*work*'s result, or None once the client has hung up: the work is cancelled then,
    which stops the engine's job (review.Engine) — its CPU and its place in the queue go to
    the next honest request instead of to nobody."""
    job = asyncio.ensure_future(work)
    gone = asyncio.ensure_future(_hung_up(request))
    try:
        await asyncio.wait({job, gone}, return_when=asyncio.FIRST_COMPLETED)
    finally:  # this request cancelled too (the server stopping): neither outlives it
        for task in (job, gone):
            task.cancel()
    if not job.done() or job.cancelled():
        await asyncio.gather(job, return_exceptions=True)  # its worker is stopped by now
        return None
    return job.result()


async def _hung_up(request: Request) -> None:
    """Returns when the client has closed the connection (the body is read by then, so the
    next message the server has for us is the disconnect)."""
    while (await request.receive())["type"] != "http.disconnect":
        pass


async def review(request: Request) -> Response:
    try:
        data = await _body(request)
        room = await _service(request).rooms.get(request.path_params["game_id"])
        result = await _while_connected(request, _reviews(request).review(
            room, _client(request), _optional_str(data, "token", 100),
            _optional_int(data, "seat"), _optional_int(data, "deal")))
    except ServiceError as exc:
        return _error(exc)
    return Response(status_code=204) if result is None else JSONResponse(result)


async def hint(request: Request) -> Response:
    try:
        data = await _body(request)
        room = await _service(request).rooms.get(request.path_params["game_id"])
        result = await _while_connected(request, _reviews(request).hint(
            room, _client(request), _optional_str(data, "token", 100)))
    except ServiceError as exc:
        return _error(exc)
    # nobody reads an answer to a client that hung up: an empty one, which uvicorn drops
    return Response(status_code=204) if result is None else JSONResponse(result)
