"""``doublesix serve --workers N``: uvicorn starts N processes, each building its own app.

uvicorn needs an import string for that, so the settings travel in ``DOUBLESIX_*`` variables.
Several processes must share their state: PostgreSQL storage and Redis, never one SQLite file
per process.
"""

from __future__ import annotations

import os

from starlette.applications import Starlette

from doublesix.server.config import Settings


def factory_for_workers(settings: Settings) -> str:
    """Check *settings* fit several processes, hand them down; the factory's import string."""
    if not settings.db_url.startswith(("postgresql://", "postgres://")) or not settings.redis_url:
        raise SystemExit("--workers above 1 needs --db postgresql://… and --redis redis://…")
    os.environ["DOUBLESIX_DB"] = settings.db_url
    os.environ["DOUBLESIX_REDIS"] = settings.redis_url
    if settings.telegram_bot_token:
        os.environ["DOUBLESIX_TELEGRAM_BOT_TOKEN"] = settings.telegram_bot_token
    return "doublesix.server.workers:create_worker_app"


def create_worker_app() -> Starlette:
    from doublesix.server.app import create_app

    return create_app(Settings.from_env())
