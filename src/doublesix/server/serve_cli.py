"""``doublesix serve``: run the server with uvicorn (flags override DOUBLESIX_* variables)."""

from __future__ import annotations

import argparse
import logging
from typing import Any


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("serve", help="run the game server (HTTP + WebSocket)")
    p.add_argument("--host", default=None, help="address to bind (default 127.0.0.1,"
                   " env DOUBLESIX_HOST)")
    p.add_argument("--port", type=int, default=None, help="port (default 8000, env DOUBLESIX_PORT)")
    p.add_argument("--db", default=None, help="storage URL (default sqlite:///data/doublesix.db,"
                   " env DOUBLESIX_DB); memory:// keeps nothing")
    p.add_argument("--redis", default=None, help="Redis URL for events between processes sharing"
                   " a postgresql:// database (env DOUBLESIX_REDIS)")
    p.add_argument("--workers", type=int, default=1, help="worker processes on one port"
                   " (more than 1 needs postgresql:// storage and --redis)")
    p.add_argument("--telegram-bot-token", default=None,
                   help="bot token for Telegram Mini App sign-in"
                   " (env DOUBLESIX_TELEGRAM_BOT_TOKEN)")
    p.add_argument("--log-level", default="info")
    p.set_defaults(func=run)


def run(args: Any) -> int:
    import uvicorn

    from doublesix.server.app import create_app
    from doublesix.server.config import Settings
    from doublesix.server.limits import uvicorn_options

    settings = Settings.from_env(host=args.host, port=args.port, db_url=args.db,
                                 redis_url=args.redis, telegram_bot_token=args.telegram_bot_token)
    logging.basicConfig(level=args.log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
    workers = max(1, args.workers)
    app: Any = create_app(settings)
    if workers > 1:
        from doublesix.server.workers import factory_for_workers

        # uvicorn starts the workers from an import string; each builds its own app
        app = factory_for_workers(settings)
    uvicorn.run(
        app,
        workers=workers,
        factory=workers > 1,
        host=settings.host,
        port=settings.port,
        log_level=args.log_level,
        **uvicorn_options(settings),  # header size and time limits, no untrusted proxies
    )
    return 0
