"""HTTP routes of profiles and history (issue 25; docs/protocol.md, "Profiles and history"):
parse, call :class:`~doublesix.server.profiles.service.Profiles`, render."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from doublesix.server.hall.names import fit_name
from doublesix.server.http import clients, telegram
from doublesix.server.http.api import _body, _error, _service, profile_of, profiles
from doublesix.server.http.review import _client as review_client
from doublesix.server.http.review import _optional_int, _while_connected
from doublesix.server.profiles.service import Profiles, profile_json
from doublesix.server.review.service import Reviews
from doublesix.server.wire.errors import ErrorCode, ServiceError


def _client(request: Request) -> str | None:
    return clients.address(request.scope, _service(request).settings.trusted_proxies)


async def create(request: Request) -> JSONResponse:
    """``POST /api/profiles``: a guest profile bound to this browser."""
    try:
        data = await _body(request)
        _service(request).budgets.create(_client(request), "profile")
        profile, key = await profiles(request).new_guest(data.get("name"))
    except ServiceError as exc:
        return _error(exc)
    return JSONResponse({"profile": profile_json(profile), "key": key}, status_code=201)


async def me(request: Request) -> Response:
    """``GET /api/profiles/me``: your page; ``POST``: rename; ``DELETE``: delete it all."""
    try:
        found = Profiles.required(await profile_of(request))
        service = profiles(request)
        if request.method == "DELETE":
            await service.delete(found)
            return Response(status_code=204)
        if request.method == "POST":
            data = await _body(request)
            renamed = await service.rename(found, data.get("name"))
            return JSONResponse({"profile": profile_json(renamed)})
        return JSONResponse(await service.page(found.profile_id, found))
    except ServiceError as exc:
        return _error(exc)


async def page(request: Request) -> JSONResponse:
    """``GET /api/profiles/{profile_id}``: anyone's page (a stranger sees its public games)."""
    try:
        viewer = await profile_of(request)
        return JSONResponse(await profiles(request).page(request.path_params["profile_id"],
                                                         viewer))
    except ServiceError as exc:
        return _error(exc)


async def telegram_sign_in(request: Request) -> JSONResponse:
    """``POST /api/profiles/telegram``: the profile of a verified Telegram user (a guest's
    key in the header attaches or merges the guest: profiles/service.py)."""
    service = _service(request)
    settings = service.settings
    try:
        data = await _body(request)
        guest = await profile_of(request)
        init_data = data.get("init_data")
        if not isinstance(init_data, str) or not init_data:
            raise ServiceError(ErrorCode.BAD_REQUEST,
                               "'init_data' must be Telegram.WebApp.initData")
        if not settings.telegram_bot_token:
            raise ServiceError(ErrorCode.TELEGRAM_DISABLED, "Telegram sign-in is not configured",
                               status=503)
        try:
            user = telegram.verify(init_data, settings.telegram_bot_token, now=service.clock(),
                                   max_age=settings.telegram_max_age)
        except telegram.TelegramAuthError as exc:
            raise ServiceError(exc.code, str(exc), status=401) from None
        profile, key, how = await profiles(request).telegram(
            user.user["id"], fit_name(user.display_name), guest)
    except ServiceError as exc:
        return _error(exc)
    return JSONResponse({"profile": profile_json(profile), "key": key, "how": how})


def _seat_param(request: Request) -> int | None:
    text = request.query_params.get("seat")
    if text is None:
        return None
    if not text.isdigit() or int(text) > 3:
        raise ServiceError(ErrorCode.BAD_REQUEST, "'seat' must be a seat number 0 to 3")
    return int(text)


async def game(request: Request) -> JSONResponse:
    """``GET /api/history/{key}``: a finished game with its replay, for a player of it or,
    a public hall game, anyone."""
    try:
        viewer = await profile_of(request)
        return JSONResponse(await profiles(request).replay(
            request.path_params["key"], viewer, _seat_param(request)))
    except ServiceError as exc:
        return _error(exc)


async def review(request: Request) -> Response:
    """``POST /api/history/{key}/review``: «Разбор» of one deal, for a seat of the viewer's."""
    try:
        data = await _body(request)
        viewer = Profiles.required(await profile_of(request))
        service = profiles(request)
        finished, mine = await service.finished(request.path_params["key"], viewer)
        reviews: Reviews = request.app.state.reviews
        result = await _while_connected(request, reviews.review_for(
            service.room_of(finished), review_client(request), mine,
            _optional_int(data, "seat"), _optional_int(data, "deal")))
    except ServiceError as exc:
        return _error(exc)
    return Response(status_code=204) if result is None else JSONResponse(result)
