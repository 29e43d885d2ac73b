"""Server settings: defaults, overridden by environment variables, overridden by CLI flags."""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

DEFAULT_DB = "sqlite:///data/doublesix.db"
STATIC_DIR = Path(__file__).parent / "static"
DAY = 24 * 3600.0


def _addresses(text: str) -> tuple[str, ...]:
    return tuple(a.strip() for a in text.split(",") if a.strip())


def _origins(text: str) -> tuple[str, ...]:
    """Web origins as a browser writes them (scheme, host, port if not the default)."""
    origins = tuple(o.strip().rstrip("/").lower() for o in text.split(",") if o.strip())
    for origin in origins:
        scheme, _, rest = origin.partition("://")
        if scheme not in ("http", "https") or not rest or "/" in rest or "@" in rest:
            raise ValueError(origin)
    return origins


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
    #: a guest's seat at an untimed public table, away while someone else there waits, is
    #: freed after this many seconds (hall/service.py; docs/protocol.md "Away seats")
    seat_grace: float = 120.0
    #: a person away from an online game in play this long (half as long at a timed table,
    #: whose clock already runs) is a leaver: the others are offered the computer for that
    #: seat, or with two players the game (rooms/leavers.py; docs/protocol.md "Leavers")
    leave_grace: float = 60.0
    #: a hall clock waits this long at most for a player whose result sheet of the deal that
    #: just ended is still open (rooms/clocks.py; docs/protocol.md "Clocks")
    sheet_grace: float = 15.0
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
    #: seats one client address may hold at one public hall table (a browser: one, always)
    seats_per_client: int = 1
    #: open WebSockets per client address
    sockets_per_client: int = 64
    #: new WebSockets one client address may open: a burst, then this many per minute (a
    #: socket the server closed for flooding costs ten: a client that floods and reconnects
    #: runs out, one that reconnects after a network loss does not notice)
    #: (the burst is above sockets_per_client: an address may open all it may hold at once)
    socket_burst: int = 100
    socket_per_minute: float = 60.0
    #: frames one address may send over all its sockets, in sockets at the per-socket limit
    frame_sockets_per_client: int = 5
    #: proxies whose X-Forwarded-For names the client (nobody's by default)
    trusted_proxies: tuple[str, ...] = ()
    #: web origins besides the server's own whose pages may call the JSON endpoints (a
    #: browser's ``Origin``: ``https://example.com``); any other site's page is refused
    allowed_origins: tuple[str, ...] = ()
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
    #: after a burst of hints (review/service.py HINT_BURST), one per this many seconds per
    #: client; a test sets it high so that no hint comes back while slow requests go by
    hint_every: float = 2.0
    #: reviews one client may start at once (review/service.py), then one per 15 s; every
    #: test client is 127.0.0.1, so the test servers lift it as they lift the room budgets
    review_burst: int = 4
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
        """Settings from ``DOUBLESIX_*`` variables, then *overrides* that are not None.

        A variable that is not of its kind or outside its range is a ValueError that names it
        and says what it takes: a flag is checked by its parser, so a variable must be too
        (``DOUBLESIX_SOCKETS_PER_CLIENT=0`` would start a server on which no game can start).
        """
        env = os.environ if env is None else env
        values: dict[str, Any] = {}
        defaults = cls()
        for var, (name, kind) in VARIABLES.items():
            text = env.get(var)
            if not text:
                continue
            parse = kind.parse if isinstance(kind, Number) else kind
            try:
                values[name] = parse(text)
            except ValueError:
                raise ValueError(f"{var}={text!r} is not {_kind_name(kind)}") from None
            if isinstance(kind, Number) and values[name] not in kind:
                raise ValueError(f"{var} {text} is not {kind.noun}: use {kind} (default: "
                                 f"{_shown(getattr(defaults, name))})")
        values.update({k: v for k, v in overrides.items() if v is not None})
        return replace(defaults, **values)


@dataclass(frozen=True)
class Number:
    """What a numeric variable takes: its kind and its range (None: no bound that side).

    The bounds are those of the matching flag where there is one (``--port``,
    ``--shutdown-timeout``), else the least that leaves a server on which games can be played.
    """

    kind: type[int] | type[float]
    low: float | None = None
    high: float | None = None
    #: whether *low* itself is refused (a time of 0 s, a rate of 0 per second)
    above: bool = False
    #: whether *high* itself is refused
    below: bool = False
    #: what a value out of range is not, in "DOUBLESIX_PORT 70000 is not a port"
    noun: str = "in range"
    #: the range in words when the bounds alone would mislead (0 is any free port)
    words: str = ""

    def parse(self, text: str) -> float:
        value = self.kind(text)
        if not math.isfinite(value):  # float() reads "nan" and "inf"; no setting means them
            raise ValueError(text)
        return value

    def __contains__(self, value: object) -> bool:
        if not isinstance(value, int | float):
            return False
        if self.low is not None and (value < self.low or (self.above and value == self.low)):
            return False
        return self.high is None or (value < self.high or (not self.below and value == self.high))

    def __str__(self) -> str:
        if self.words:
            return self.words
        what = "a whole number" if self.kind is int else "a number"
        low, high = _shown(self.low), _shown(self.high)
        if self.high is None:
            return f"{what} above {low}" if self.above else f"{what} of {low} or more"
        if self.low is None:
            return f"{what} below {high}" if self.below else f"{what} of {high} or less"
        start = f"above {low} and" if self.above else f"from {low}"
        end = f"below {high}" if self.below else f"{'up ' if self.above else ''}to {high}"
        return f"{what} {start} {end}"


def _shown(value: object) -> str:
    if value is None:
        return "none"
    return f"{value:g}" if isinstance(value, float) else str(value)


def _kind_name(kind: object) -> str:
    if isinstance(kind, Number):
        return "a whole number" if kind.kind is int else "a number"
    if kind is _origins:
        return "a comma list of origins such as https://example.com"
    return "text"


_PORT = Number(int, 0, 65535, noun="a port", words="1 to 65535, or 0 for any free port")
#: times, rates: 0 would mean never, or always
_POSITIVE = Number(float, 0, above=True)
_COUNT = Number(int, 1)

#: every ``DOUBLESIX_*`` variable: the setting it fills and what it takes. Text settings with
#: a fixed set of values (log format, gc) are checked where they are read (preflight).
VARIABLES: dict[str, tuple[str, Number | Callable[[str], Any]]] = {
    "DOUBLESIX_DB": ("db_url", str),
    "DOUBLESIX_REDIS": ("redis_url", str),
    "DOUBLESIX_HOST": ("host", str),
    "DOUBLESIX_PORT": ("port", _PORT),
    "DOUBLESIX_TELEGRAM_BOT_TOKEN": ("telegram_bot_token", str),
    "DOUBLESIX_TELEGRAM_MAX_AGE": ("telegram_max_age", _COUNT),
    "DOUBLESIX_ROOM_TTL": ("room_ttl", _POSITIVE),
    # 0: the computer answers at once (the tests' setting)
    "DOUBLESIX_COMPUTER_DELAY": ("computer_delay", Number(float, 0, 3600)),
    "DOUBLESIX_COMPUTER_CLAIM_TTL": ("computer_claim_ttl", _POSITIVE),
    "DOUBLESIX_WS_RATE": ("rate_per_second", _POSITIVE),
    "DOUBLESIX_WS_BURST": ("rate_burst", _COUNT),
    # 0 workers: decisions in a thread of the server process
    "DOUBLESIX_BOT_WORKERS": ("bot_workers", Number(int, 0)),
    "DOUBLESIX_BOT_QUEUE": ("bot_queue", _COUNT),
    "DOUBLESIX_CREATE_BURST": ("create_burst", _COUNT),
    "DOUBLESIX_CREATE_RATE": ("create_per_minute", _POSITIVE),
    "DOUBLESIX_COMPUTER_BURST": ("computer_burst", _COUNT),
    "DOUBLESIX_COMPUTER_RATE": ("computer_per_minute", _POSITIVE),
    "DOUBLESIX_TABLES_PER_CLIENT": ("tables_per_client", _COUNT),
    "DOUBLESIX_SOCKETS_PER_CLIENT": ("sockets_per_client", _COUNT),
    "DOUBLESIX_SOCKET_BURST": ("socket_burst", _COUNT),
    "DOUBLESIX_SOCKET_RATE": ("socket_per_minute", _POSITIVE),
    "DOUBLESIX_FRAME_SOCKETS": ("frame_sockets_per_client", _COUNT),
    "DOUBLESIX_REVIEW_BURST": ("review_burst", _COUNT),
    # a table has at most 4 seats: 4 lets one address fill a table, more would mean nothing
    "DOUBLESIX_SEATS_PER_CLIENT": ("seats_per_client", Number(int, 1, 4)),
    # under half a minute a reload or a phone changing networks could cost a seat; over a day
    # is a table waiting for good
    "DOUBLESIX_SEAT_GRACE": ("seat_grace", Number(float, 30, 86400)),
    # a network blip is not leaving; past an hour nobody waits that long at a table
    "DOUBLESIX_LEAVE_GRACE": ("leave_grace", Number(float, 1, 3600)),
    # 0 turns the wait off; over two minutes a player could idle away a timed game's point
    "DOUBLESIX_SHEET_GRACE": ("sheet_grace", Number(float, 0, 120)),
    "DOUBLESIX_TRUSTED_PROXIES": ("trusted_proxies", _addresses),
    "DOUBLESIX_ORIGINS": ("allowed_origins", _origins),
    "DOUBLESIX_HEADER_TIMEOUT": ("header_timeout", _POSITIVE),
    "DOUBLESIX_BODY_TIMEOUT": ("body_timeout", _POSITIVE),
    # below this not even a browser's request line and cookies fit
    "DOUBLESIX_MAX_HEADER": ("max_header", Number(int, 1024)),
    # below the transport's high-water mark (64 KiB) plus a frame, honest sockets would be cut
    "DOUBLESIX_MAX_UNSENT": ("max_unsent", Number(int, 256 * 1024)),
    "DOUBLESIX_STALL_TIMEOUT": ("stall_timeout", _POSITIVE),
    "DOUBLESIX_ROOM_IDLE": ("room_idle", _POSITIVE),
    "DOUBLESIX_LOBBY_INTERVAL": ("lobby_interval", _POSITIVE),
    "DOUBLESIX_METRICS_PORT": ("metrics_port", _PORT),
    "DOUBLESIX_METRICS_TOKEN": ("metrics_token", str),
    "DOUBLESIX_LOG_FORMAT": ("log_format", str),
    # as --shutdown-timeout
    "DOUBLESIX_SHUTDOWN_TIMEOUT": ("shutdown_timeout", Number(float, 0, 3600, True, True)),
    "DOUBLESIX_GC": ("gc_mode", str),
}
