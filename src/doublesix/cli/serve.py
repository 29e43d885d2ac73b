"""``doublesix serve``: run the server with uvicorn (flags override DOUBLESIX_* variables).

Everything that can be wrong is checked before uvicorn starts (see preflight): a bad flag or
variable, a port in use, a storage that cannot be opened each end in one line.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import socket
from typing import Any

LOG_LEVELS = ("critical", "error", "warning", "info", "debug", "trace")


def port_number(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port: use 1 to 65535")
    return int(text)


def worker_count(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of processes (1 or more)")
    return int(text)


def seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value < 3600:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds from 0 to 3600")
    return value


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("serve", help="run the game server (HTTP + WebSocket)",
                       description="The game server: the browser client at /, the API under "
                       "/api/, the game WebSocket at /ws. A flag overrides its variable.")
    p.add_argument("--host", default=None, help="address to bind (default: 127.0.0.1,"
                   " env DOUBLESIX_HOST)")
    p.add_argument("--port", type=port_number, default=None,
                   help="port (default: 8000, env DOUBLESIX_PORT)")
    p.add_argument("--db", default=None, help="storage URL (default: sqlite:///data/doublesix.db"
                   " under the working directory, env DOUBLESIX_DB); sqlite:////abs/path.db,"
                   " postgresql://user:password@host/db, or memory:// which keeps nothing")
    p.add_argument("--redis", default=None, help="Redis URL for events between processes sharing"
                   " a postgresql:// database (default: none, env DOUBLESIX_REDIS)")
    p.add_argument("--workers", type=worker_count, default=1,
                   help="worker processes on one port; more than 1 needs postgresql:// storage"
                   " and --redis (default: %(default)s)")
    p.add_argument("--telegram-bot-token", default=None,
                   help="bot token for Telegram Mini App sign-in"
                   " (default: off, env DOUBLESIX_TELEGRAM_BOT_TOKEN)")
    p.add_argument("--shutdown-timeout", type=seconds, default=None, metavar="SECONDS",
                   help="on SIGTERM: seconds to send sockets away (close 1012) and finish"
                   " writes before exiting (default: 10, env DOUBLESIX_SHUTDOWN_TIMEOUT)")
    p.add_argument("--log-level", choices=LOG_LEVELS, default="info",
                   help="how much uvicorn and the server log (default: %(default)s)")
    p.add_argument("--log-format", choices=("text", "json"), default=None,
                   help="log lines as readable text or one JSON object per line"
                   " (default: text, env DOUBLESIX_LOG_FORMAT)")
    p.add_argument("--metrics-port", type=port_number, default=None,
                   help="serve Prometheus /metrics on this port of 127.0.0.1 only (default:"
                   " none, env DOUBLESIX_METRICS_PORT; DOUBLESIX_METRICS_TOKEN also serves it"
                   " on --port to that bearer token)")
    p.set_defaults(func=run)


def run(args: Any) -> int:
    from doublesix.server.ops import preflight

    settings = preflight.settings(os.environ, host=args.host, port=args.port, db_url=args.db,
                                  redis_url=args.redis,
                                  telegram_bot_token=args.telegram_bot_token,
                                  log_format=args.log_format, metrics_port=args.metrics_port,
                                  shutdown_timeout=args.shutdown_timeout)
    preflight.check_workers(settings, args.workers)
    preflight.check_url(settings)
    sock = preflight.bind(settings.host, settings.port)
    preflight.check_metrics_port(settings, sock)
    try:
        preflight.check_storage(settings.db_url)
        clean = serve(settings, args, sock)
    finally:
        sock.close()
    # a stop on SIGTERM or Ctrl+C is the normal end: 0, unless it failed (past its bound)
    return 0 if clean else 1


def serve(settings: Any, args: Any, sock: Any) -> bool:
    """Run until stopped; whether the stop was clean."""
    import uvicorn

    from doublesix.server.ops.shutdown import GracefulServer, run_workers

    class _Server(GracefulServer):
        """uvicorn names its address only for sockets it bound itself: name ours, too."""

        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets)
            if self.started and sockets:
                host, port = sockets[0].getsockname()[:2]
                shown = f"[{host}]" if ":" in host else host
                logging.getLogger("uvicorn.error").info(
                    "Uvicorn running on http://%s:%d (Press CTRL+C to quit)", shown, port)

    from doublesix.server.app import create_app
    from doublesix.server.http.limits import ServeOptions, uvicorn_options
    from doublesix.server.ops import logs

    options: ServeOptions = {
        "host": settings.host,
        "port": settings.port,
        "log_level": args.log_level,
        "log_config": logs.config(settings.log_format, args.log_level),
        **uvicorn_options(settings),  # header size and time limits, no untrusted proxies
    }
    if args.workers > 1:
        from doublesix.server.workers import factory_for_workers

        # uvicorn starts the workers from an import string (each builds its own app) and
        # binds the port itself: hand it back
        sock.close()
        config = uvicorn.Config(factory_for_workers(settings), workers=args.workers,
                                factory=True, **options)
        return run_workers(config, config.bind_socket(), settings.shutdown_timeout)
    server = _Server(uvicorn.Config(create_app(settings), **options), settings.shutdown_timeout)
    # GracefulServer does not raise the signal again (uvicorn would): a second Ctrl+C still may
    with contextlib.suppress(KeyboardInterrupt):
        server.run(sockets=[sock])
    return not server.failed
