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

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, **overrides: Any) -> Settings:
        """Settings from ``DOUBLESIX_*`` variables, then *overrides* that are not None."""
        env = os.environ if env is None else env
        values: dict[str, Any] = {}
        names = {
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
        }
        for var, (name, kind) in names.items():
            if env.get(var):
                try:
                    values[name] = kind(env[var])
                except ValueError:
                    raise ValueError(f"{var}={env[var]!r} is not {_KIND_NAMES[kind]}") from None
        values.update({k: v for k, v in overrides.items() if v is not None})
        return replace(cls(), **values)
