"""HTTP routes: parse the body, call the service, render JSON. No game logic here."""

from __future__ import annotations

import asyncio

from starlette.requests import Request
from starlette.responses import JSONResponse

from doublesix import __version__
from doublesix.core.jsonvalue import JSONObject
from doublesix.server.hall.holders import identities
from doublesix.server.hall.names import clean_name, fit_name, optional_name
from doublesix.server.http import clients, telegram
from doublesix.server.http.openapi import OPENAPI
from doublesix.server.profiles.service import Profiles
from doublesix.server.rooms.service import RoomsService
from doublesix.server.storage.profiles import Profile
from doublesix.server.wire.edge import parse_json
from doublesix.server.wire.errors import ErrorCode, ServiceError, leave_wait


def _service(request: Request) -> RoomsService:
    service: RoomsService = request.app.state.service
    return service


def profiles(request: Request) -> Profiles:
    found: Profiles = request.app.state.profiles
    return found


async def profile_of(request: Request) -> Profile | None:
    """The profile the request's ``Authorization: Bearer <key>`` opens (profiles/service.py);
    None without one; ``401 bad_profile_key`` for a malformed header or a key that opens no
    profile (deleted, or made by another server): the client forgets that key."""
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, key = header.strip().partition(" ")
    key = key.strip()
    if scheme.lower() != "bearer" or not key or len(key) > 128:
        raise ServiceError(ErrorCode.BAD_PROFILE_KEY, "send the profile key as"
                           " 'Authorization: Bearer <key>'", status=401)
    return await profiles(request).from_key(key)


async def held_back(request: Request, profile: Profile | None, *, hall: object = None,
                    game_id: str | None = None) -> None:
    """Refuse a rated table to a profile held back for leaving rated games (issue 26;
    docs/protocol.md, "Leaving rated games"): creating one (*hall*, the create body's) or
    taking a seat at one (*game_id*). Unrated tables and invite rooms never hold anyone back.
    The room is read only for a profile that waits: a table's ``rated`` never changes."""
    if profile is None or (game_id is None and not (isinstance(hall, dict)
                                                    and hall.get("rated") is True)):
        return
    wait = await request.app.state.ratings.hold(profile.profile_id)
    if wait <= 0:
        return
    if game_id is not None:
        row = await _service(request).storage.load(game_id)
        if row is None or not (row.hall and row.hall.get("rated")):
            return  # no such room (the join says so), or a table that is not rated
    raise leave_wait(wait)


def _error(exc: ServiceError) -> JSONResponse:
    headers = {"Retry-After": str(exc.retry_after)} if exc.retry_after is not None else None
    return JSONResponse(exc.body(), status_code=exc.status, headers=headers)


def _sender(request: Request, allowed: tuple[str, ...]) -> None:
    """Refuse what another site's page could make a visitor's browser send (issue 21).

    A page of any site may POST a form (urlencoded, multipart) or ``text/plain`` anywhere
    without asking: those are refused, whatever they hold. ``application/json`` from another
    site needs a CORS preflight that this server never grants; a request that still names a
    foreign ``Origin`` is refused as well, so no future CORS setting or browser quirk opens
    it. No ``Origin`` at all is not a cross-site browser request (browsers send one with every
    POST of a page): curl, bots and servers are served. The Telegram Mini App is this site
    opened inside Telegram, so its origin is the server's own.
    """
    origin = request.headers.get("origin")
    if origin is not None and not same_site(origin, request.headers.get("host", ""), allowed):
        raise ServiceError(ErrorCode.BAD_ORIGIN, "this request comes from a page of another site:"
                           " only this site's pages may send it", status=403)
    media = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if media != "application/json":
        raise ServiceError(ErrorCode.BAD_CONTENT_TYPE, "send the body as JSON, with the header"
                           " Content-Type: application/json", status=415)


def same_site(origin: str, host: str, allowed: tuple[str, ...] = ()) -> bool:
    """*origin* (a browser's ``Origin`` header) is the site at *host* (the request's ``Host``,
    as README's nginx passes it on) or one of *allowed*. The scheme is not compared: behind a
    proxy that ends TLS the page is https while the server hears http."""
    origin = origin.strip().lower()
    if origin in allowed:
        return True
    scheme, _, netloc = origin.partition("://")
    if scheme not in ("http", "https") or not netloc or "/" in netloc or "@" in netloc:
        return False  # "null" (a sandboxed frame, a file), or not an origin at all
    return _without_default_port(netloc) == _without_default_port(host.strip().lower())


def _without_default_port(netloc: str) -> str:
    for port in (":80", ":443"):
        if netloc.endswith(port):
            return netloc[: -len(port)]
    return netloc


async def _body(request: Request) -> JSONObject:
    settings = _service(request).settings
    _sender(request, settings.allowed_origins)
    limit = settings.max_body
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise ServiceError(ErrorCode.TOO_LARGE, f"the body is over {limit} bytes", status=413)
    try:
        raw = await asyncio.wait_for(_read(request, limit), settings.body_timeout)
    except TimeoutError:
        raise ServiceError(ErrorCode.BODY_TIMEOUT,
                           f"the body took over {settings.body_timeout:g} s",
                           status=408) from None
    data = parse_json(raw or b"{}")
    if not isinstance(data, dict):
        raise ServiceError(ErrorCode.BAD_REQUEST, "the body must be a JSON object")
    return data


async def _read(request: Request, limit: int) -> bytes:
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > limit:
            raise ServiceError(ErrorCode.TOO_LARGE, f"the body is over {limit} bytes", status=413)
    return raw


def _optional_str(data: JSONObject, key: str, limit: int) -> str | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > limit:
        raise ServiceError(ErrorCode.BAD_REQUEST,
                           f"{key!r} must be a string of at most {limit} characters")
    return value.strip() or None


def holders(request: Request, data: JSONObject, profile: Profile | None = None
            ) -> tuple[str, ...]:
    """Who is taking a seat (hall/holders.py): the client, the ``browser`` id it sent, and
    its profile."""
    client = clients.address(request.scope, _service(request).settings.trusted_proxies)
    return identities(client, data.get("browser"),
                      profile.profile_id if profile is not None else None)


def name_or_profile(data: JSONObject, profile: Profile | None) -> object:
    """The ``name`` sent, or else the profile's: a person with a profile need not type it.
    An empty name is sent, not missing: the player declined to give one, and a guest profile's
    stand-in name («Гость») must not speak for them."""
    name = data.get("name")
    return profile.name if name is None and profile is not None else name


def optional_seat(data: JSONObject) -> int | None:
    """The ``seat`` a guest chose to sit at, if any (else the first free one)."""
    seat = data.get("seat")
    if seat is None:
        return None
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
        raise ServiceError(ErrorCode.BAD_REQUEST, "'seat' must be a seat number 0 to 3")
    return seat


async def create_game(request: Request) -> JSONResponse:
    try:
        data = await _body(request)
        profile = await profile_of(request)
        mode = data.get("mode")
        if not isinstance(mode, str):
            raise ServiceError(ErrorCode.BAD_REQUEST, "'mode' must be computer, hotseat or online")
        rules = data.get("rules")
        if rules is not None and not isinstance(rules, dict):
            raise ServiceError(ErrorCode.BAD_REQUEST,
                               "'rules' must be an object like {\"preset\": \"draw\"}")
        hall = data.get("hall")
        await held_back(request, profile, hall=hall)
        # a hall table needs a name (strangers see it); elsewhere it may be left out
        given = name_or_profile(data, profile)
        name = clean_name(given) if hall is not None else optional_name(given)
        service = _service(request)
        client = clients.address(request.scope, service.settings.trusted_proxies)
        result = await service.create(mode, rules, _optional_str(data, "level", 16), name, hall,
                                      client, data.get("computers"),
                                      holders(request, data, profile),
                                      profile.profile_id if profile is not None else None)
    except ServiceError as exc:
        return _error(exc)
    return JSONResponse(result, status_code=201)


async def join_game(request: Request) -> JSONResponse:
    try:
        data = await _body(request)
        profile = await profile_of(request)
        invite = _optional_str(data, "invite", 64)
        if invite is None:
            raise ServiceError(ErrorCode.BAD_REQUEST, "'invite' is required")
        service = _service(request)
        await held_back(request, profile, game_id=request.path_params["game_id"])
        result = await service.join(
            request.path_params["game_id"], invite, optional_name(name_or_profile(data, profile)),
            seat=optional_seat(data), holders=holders(request, data, profile),
            profile=profile.profile_id if profile is not None else None,
        )
    except ServiceError as exc:
        return _error(exc)
    return JSONResponse(result)


async def health(request: Request) -> JSONResponse:
    kind = _service(request).storage.kind
    return JSONResponse({"status": "ok", "storage": kind, "version": __version__})


async def telegram_auth(request: Request) -> JSONResponse:
    service = _service(request)
    settings = service.settings
    try:
        data = await _body(request)
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
    except ServiceError as exc:
        return _error(exc)
    return JSONResponse({"user": user.user, "display_name": fit_name(user.display_name),
                         "auth_date": user.auth_date})


async def openapi(request: Request) -> JSONResponse:
    return JSONResponse(OPENAPI)
