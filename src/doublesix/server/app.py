"""The ASGI application: routes, static client, and the service's life cycle."""

from __future__ import annotations

import contextlib
import mimetypes
import time
from collections.abc import AsyncIterator, Callable

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from doublesix.server import compose
from doublesix.server.config import Settings
from doublesix.server.http import api as http_api
from doublesix.server.http import hall as hall_http
from doublesix.server.http import presets as presets_http
from doublesix.server.http import profiles as profiles_http
from doublesix.server.http import ratings as ratings_http
from doublesix.server.http import review as review_http
from doublesix.server.http.headers import SecurityHeaders
from doublesix.server.http.limits import CloseUnreadBodies
from doublesix.server.http.ws import websocket_endpoint
from doublesix.server.ops import gc_tuning, metrics_http
from doublesix.server.profiles.service import Profiles
from doublesix.server.review.service import Reviews
from doublesix.server.storage import Storage, open_storage

# the web app manifest (installable on a phone's home screen) under its registered type
mimetypes.add_type("application/manifest+json", ".webmanifest")


def create_app(
    settings: Settings | None = None,
    *,
    storage: Storage | None = None,
    clock: Callable[[], float] = time.time,
) -> Starlette:
    """The server app; *storage* and *clock* are injectable for tests."""
    settings = settings or Settings.from_env()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        collector = gc_tuning.Tuning(settings.gc_mode)
        store = storage if storage is not None else open_storage(settings.db_url)
        await store.open()
        app.state.reviews = Reviews(hint_every=settings.hint_every,
                                    review_burst=settings.review_burst)
        app.state.profiles = Profiles(store, clock)
        try:
            async with compose.running(store, settings, clock) as parts:
                app.state.service = parts.service
                app.state.hall = parts.hall
                app.state.ratings = parts.ratings
                app.state.matchmaker = parts.matchmaker
                app.state.again = parts.again
                app.state.observe = parts.observe
                collector.apply()
                yield
        finally:
            collector.undo()
            app.state.reviews.close()
            await store.close()

    static = StaticFiles(directory=settings.static_dir, html=True, check_dir=False)
    routes = [
        Route("/api/games", http_api.create_game, methods=["POST"]),
        Route("/api/games/{game_id}/join", http_api.join_game, methods=["POST"]),
        Route("/api/health", http_api.health, methods=["GET"]),
        Route("/api/presets", presets_http.presets, methods=["GET"]),
        Route("/api/games/{game_id}/review", review_http.review, methods=["POST"]),
        Route("/api/games/{game_id}/hint", review_http.hint, methods=["POST"]),
        Route("/api/telegram/auth", http_api.telegram_auth, methods=["POST"]),
        Route("/api/openapi.json", http_api.openapi, methods=["GET"]),
        Route("/api/hall/tables", hall_http.list_tables, methods=["GET"]),
        Route("/api/hall/tables/{game_id}/sit", hall_http.sit, methods=["POST"]),
        Route("/api/profiles", profiles_http.create, methods=["POST"]),
        Route("/api/profiles/me", profiles_http.me, methods=["GET", "POST", "DELETE"]),
        Route("/api/profiles/telegram", profiles_http.telegram_sign_in, methods=["POST"]),
        Route("/api/profiles/{profile_id}", profiles_http.page, methods=["GET"]),
        Route("/api/profiles/{profile_id}/ratings", ratings_http.of_profile, methods=["GET"]),
        Route("/api/ratings/{rating}", ratings_http.leaderboard, methods=["GET"]),
        Route("/api/games/{game_id}/ratings/{game_no}", ratings_http.of_game, methods=["GET"]),
        Route("/api/history/{key}", profiles_http.game, methods=["GET"]),
        Route("/api/history/{key}/review", profiles_http.review, methods=["POST"]),
        WebSocketRoute("/ws", websocket_endpoint),
        Route("/metrics", metrics_http.metrics, methods=["GET"]),
        Mount("/static", app=static, name="static"),
        Mount("/", app=static, name="client"),
    ]
    return Starlette(routes=routes, lifespan=lifespan,
                     middleware=[Middleware(CloseUnreadBodies), Middleware(SecurityHeaders)])
