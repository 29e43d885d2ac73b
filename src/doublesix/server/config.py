"""Server settings: defaults, overridden by environment variables, overridden by CLI flags."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

DEFAULT_DB = "sqlite:///data/doublesix.db"
STATIC_DIR = Path(__file__).parent / "static"
DAY = 24 * 3600.0
_KIND_NAMES = {int: "a whole number", float: "a number", str: "text"}


def _addresses(text: str) -> tuple[str, ...]:
    return tuple(a.strip() for a in text.split(",") if a.strip())


@dataclass(frozen=True)
class Settings:
    db_url: str = DEFAULT_DB
    #: Redis pub/sub between the processes sharing one PostgreSQL database (None: one process)
    redis_url: str | None = None
    host: str = "127.0.0.1"
    port: int = 8000
    telegram_bot_token: str | None = None
    #: how old a Telegram initData may be, in seconds
    telegram_max_age: int = 86400
    #: rooms without a stored event for this long are deleted (seed 001: seven days)
    room_ttl: float = 7 * DAY
    expiry_interval: float = 3600.0
    #: a short pause before the computer moves, so a person can follow the game
    computer_delay: float = 0.3
    #: several processes: a computer turn claimed by a process that died is taken over after
    #: the delay plus this many seconds
    computer_claim_ttl: float = 30.0
    hello_timeout: float = 10.0
    #: frames per second a socket may send on average, and the burst it may send at once
    rate_per_second: float = 20.0
    rate_burst: int = 40
    #: failed hellos (bad tokens) a socket may send before it is closed with 4001: a client
    #: may try another saved token, but not guess tokens on one socket for ever
    max_bad_hellos: int = 5
    max_frame: int = 8192
    max_body: int = 16384
    #: how many missed events a reconnecting client is sent before it gets only a snapshot
    max_missed: int = 500
    static_dir: Path = field(default=STATIC_DIR)
    #: a hall table whose creator left stays listed this long (seconds) for them to return
    hall_grace: float = 60.0
    #: how often running clocks are checked for a flag, and the lobby for closed tables
    hall_tick: float = 0.5
    # -- hostile players (issue 12; docs/protocol.md, "Limits") ------------------------------
    #: worker processes for computer decisions (0: a thread of the server process) and how
    #: many decisions may wait or run at once
    bot_workers: int = 2
    bot_queue: int = 64
    #: rooms one client address may create: a burst, then this many per minute
    create_burst: int = 100
    create_per_minute: float = 60.0
    #: of which rooms against the computer (they cost CPU on every turn)
    computer_burst: int = 30
    computer_per_minute: float = 20.0
    #: public hall tables one client address may have listed at once
    tables_per_client: int = 5
    #: open WebSockets per client address
    sockets_per_client: int = 64
    #: new WebSockets one client address may open: a burst, then this many per minute (a
    #: socket the server closed for flooding costs ten: a client that floods and reconnects
    #: runs out, one that reconnects after a network loss does not notice)
    socket_burst: int = 60
    socket_per_minute: float = 60.0
    #: proxies whose X-Forwarded-For names the client (nobody's by default)
    trusted_proxies: tuple[str, ...] = ()
    #: seconds a client may take to send its request headers, and then its body
    header_timeout: float = 10.0
    body_timeout: float = 10.0
    #: bytes of request line plus headers
    max_header: int = 16384
    #: bytes a socket's unsent output may reach (its client does not read) before it is cut
    max_unsent: int = 1 << 20
    #: seconds a socket's output may stay blocked (its client stopped reading) before it is cut
    stall_timeout: float = 30.0
    #: a room nobody is connected to leaves memory after this many seconds (storage keeps it)
    room_idle: float = 300.0
    #: lobby changes are sent at most this often (seconds) to each lobby socket
    lobby_interval: float = 0.25
    # -- operators (README "Running in production") -------------------------------------------
    #: /metrics on its own port of 127.0.0.1 (None: no such port; 0: any free port)
    metrics_port: int | None = None
    #: /metrics on the public port for ``Authorization: Bearer <this>`` (None: 404 there)
    metrics_token: str | None = None
    #: log lines as readable text, or one JSON object per line
    log_format: str = "text"
    #: seconds from SIGTERM to exit: sockets told to reconnect, writes in flight finished
    shutdown_timeout: float = 10.0
    #: the collector: "tuned" (frozen start-up, higher thresholds: server/gc_tuning.py),
    #: "default" (as Python sets it) or "G0,G1,G2"
    gc_mode: str = "tuned"

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, **overrides: Any) -> Settings:
        """Settings from ``DOUBLESIX_*`` variables, then *overrides* that are not None."""
        env = os.environ if env is None else env
        values: dict[str, Any] = {}
        names: dict[str, tuple[str, Any]] = {
            "DOUBLESIX_DB": ("db_url", str),
            "DOUBLESIX_REDIS": ("redis_url", str),
            "DOUBLESIX_HOST": ("host", str),
            "DOUBLESIX_PORT": ("port", int),
            "DOUBLESIX_TELEGRAM_BOT_TOKEN": ("telegram_bot_token", str),
            "DOUBLESIX_TELEGRAM_MAX_AGE": ("telegram_max_age", int),
            "DOUBLESIX_ROOM_TTL": ("room_ttl", float),
            "DOUBLESIX_COMPUTER_DELAY": ("computer_delay", float),
            "DOUBLESIX_COMPUTER_CLAIM_TTL": ("computer_claim_ttl", float),
            "DOUBLESIX_WS_RATE": ("rate_per_second", float),
            "DOUBLESIX_WS_BURST": ("rate_burst", int),
            "DOUBLESIX_BOT_WORKERS": ("bot_workers", int),
            "DOUBLESIX_BOT_QUEUE": ("bot_queue", int),
            "DOUBLESIX_CREATE_BURST": ("create_burst", int),
            "DOUBLESIX_CREATE_RATE": ("create_per_minute", float),
            "DOUBLESIX_COMPUTER_BURST": ("computer_burst", int),
            "DOUBLESIX_COMPUTER_RATE": ("computer_per_minute", float),
            "DOUBLESIX_TABLES_PER_CLIENT": ("tables_per_client", int),
            "DOUBLESIX_SOCKETS_PER_CLIENT": ("sockets_per_client", int),
            "DOUBLESIX_SOCKET_BURST": ("socket_burst", int),
            "DOUBLESIX_SOCKET_RATE": ("socket_per_minute", float),
            "DOUBLESIX_TRUSTED_PROXIES": ("trusted_proxies", _addresses),
            "DOUBLESIX_HEADER_TIMEOUT": ("header_timeout", float),
            "DOUBLESIX_BODY_TIMEOUT": ("body_timeout", float),
            "DOUBLESIX_MAX_HEADER": ("max_header", int),
            "DOUBLESIX_MAX_UNSENT": ("max_unsent", int),
            "DOUBLESIX_STALL_TIMEOUT": ("stall_timeout", float),
            "DOUBLESIX_ROOM_IDLE": ("room_idle", float),
            "DOUBLESIX_LOBBY_INTERVAL": ("lobby_interval", float),
            "DOUBLESIX_METRICS_PORT": ("metrics_port", int),
            "DOUBLESIX_METRICS_TOKEN": ("metrics_token", str),
            "DOUBLESIX_LOG_FORMAT": ("log_format", str),
            "DOUBLESIX_SHUTDOWN_TIMEOUT": ("shutdown_timeout", float),
            "DOUBLESIX_GC": ("gc_mode", str),
        }
        for var, (name, kind) in names.items():
            if env.get(var):
                try:
                    values[name] = kind(env[var])
                except ValueError:
                    raise ValueError(f"{var}={env[var]!r} is not {_KIND_NAMES[kind]}") from None
        values.update({k: v for k, v in overrides.items() if v is not None})
        return replace(cls(), **values)
