"""What `doublesix serve` checks before it starts, each failure a one-line CommandError.

The order matters: the settings and the storage URL first (nothing touched yet), then the
port (a port in use must not cost a database file or a connection), then the storage opened
once and closed again, so that a path or a server that cannot work is named at once instead
of in a traceback after "Application startup complete".
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import importlib.util
import socket
import sqlite3
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from doublesix.errors import CommandError, UsageError
from doublesix.server.config import Settings
from doublesix.server.ops import gc_tuning
from doublesix.server.storage import open_storage
from doublesix.server.storage.migrations import SchemaTooNew

#: the variables behind each flag, to name the one that holds a bad value
FLAG_VARIABLES = {"--port": "DOUBLESIX_PORT", "--db": "DOUBLESIX_DB"}


def settings(env: Mapping[str, str], **flags: Any) -> Settings:
    """Settings from the environment and the flags, or a UsageError naming the bad value."""
    try:
        result = Settings.from_env(env, **flags)
    except ValueError as exc:
        raise UsageError(f"{exc}; fix or unset it") from None
    if not 0 <= result.port <= 65535:
        where = "--port" if flags.get("port") is not None else FLAG_VARIABLES["--port"]
        raise UsageError(f"{where} {result.port} is not a port: use 1 to 65535")
    if result.log_format not in ("text", "json"):
        raise UsageError(f"DOUBLESIX_LOG_FORMAT={result.log_format!r} is not a log format:"
                         " use text or json")
    if result.metrics_port is not None and not 0 <= result.metrics_port <= 65535:
        raise UsageError(f"DOUBLESIX_METRICS_PORT {result.metrics_port} is not a port:"
                         " use 1 to 65535")
    try:
        gc_tuning.thresholds(result.gc_mode)
    except ValueError as exc:
        raise UsageError(f"{exc}; fix or unset it") from None
    return result


def check_metrics_port(settings: Settings, main: socket.socket) -> None:
    """The operator port is free (checked like --port, before the storage is touched)."""
    port = settings.metrics_port
    if port is None:
        return
    if port != 0 and port == main.getsockname()[1]:
        raise UsageError(f"--metrics-port {port} is the public --port: give it a port of its"
                         " own")
    try:
        bind("127.0.0.1", port).close()
    except CommandError:
        raise CommandError(f"cannot listen on 127.0.0.1:{port} for --metrics-port (in use?):"
                           " choose another --metrics-port") from None


def check_workers(settings: Settings, workers: int) -> None:
    if workers > 1 and not (settings.db_url.startswith(("postgresql://", "postgres://"))
                            and settings.redis_url):
        raise UsageError(f"--workers {workers} needs --db postgresql://… and --redis redis://…"
                         " (processes cannot share a SQLite file)")
    if workers > 1 and settings.metrics_port is not None:
        raise UsageError(f"--workers {workers} cannot share one --metrics-port: run one"
                         " `doublesix serve` per port, each with its own --metrics-port")


def check_url(settings: Settings) -> None:
    """The storage URL's form and the extras it needs, before anything is opened."""
    if any(importlib.util.find_spec(m) is None for m in ("starlette", "uvicorn", "openskill")):
        raise CommandError(f"the server needs the server extra: {install_hint('server')}"
                           " (make run installs it)")
    try:
        open_storage(settings.db_url)
    except ValueError as exc:
        raise UsageError(f"--db {settings.db_url!r}: {exc}") from None
    if settings.db_url.startswith("postgres") and importlib.util.find_spec("asyncpg") is None:
        raise CommandError("postgresql:// storage needs the postgres extra: "
                           f"{install_hint('server,postgres')}")
    if settings.redis_url and importlib.util.find_spec("redis") is None:
        raise CommandError(f"--redis needs the redis extra: {install_hint('server,redis')}")


def install_hint(extras: str) -> str:
    """A command that installs *extras* into the Python running us.

    doublesix is not on a package index: ``pip install "doublesix[server]"`` finds nothing.
    Run from a clone (an editable install, as ``make`` makes), the command names the clone;
    otherwise the reader installs from the copy they installed doublesix from.
    """
    import doublesix

    root = Path(doublesix.__file__).resolve().parents[2]  # src/doublesix/__init__.py
    python = sys.executable
    if not (root / "pyproject.toml").is_file():
        return (f'`{python} -m pip install "PATH[{extras}]"`, PATH the doublesix source you'
                " installed from")
    where = str(root)
    if root == Path.cwd().resolve():  # in the clone: the short form README uses
        where = "."
        with contextlib.suppress(ValueError):
            python = str(Path(python).relative_to(Path.cwd()))
    return f'`{python} -m pip install -e "{where}[{extras}]"`'


def bind(host: str, port: int) -> socket.socket:
    """The listening socket, bound before the storage is touched."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise UsageError(f"--host {host!r} is not an address of this machine ({exc.strerror})"
                         ) from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise CommandError(f"port {port} on {host} is already in use: stop the program "
                               "that holds it or choose another --port") from None
        if exc.errno == errno.EACCES:
            raise CommandError(f"no permission to listen on port {port}: choose a port "
                               "above 1023") from None
        raise CommandError(f"cannot listen on {host}:{port}: {exc.strerror}") from None
    sock.set_inheritable(True)
    return sock


def where(url: str) -> str:
    """A storage URL as people may see it: without its password."""
    if url.startswith("postgres"):
        parts = urlsplit(url)
        port = f":{parts.port}" if parts.port else ""
        return f"PostgreSQL at {parts.hostname or 'localhost'}{port}{parts.path}"
    return url


def check_storage(url: str) -> None:
    """Open the storage once and close it, or say in one line why it cannot be used."""
    try:
        asyncio.run(_open_and_close(url))
    except SchemaTooNew as exc:  # a downgrade: said before anything starts, nothing changed
        raise CommandError(f"cannot use {where(url)}: {exc}") from None
    except sqlite3.DatabaseError as exc:
        path = url.partition(":///")[2]
        if "not a database" in str(exc):
            reason = "that file is not a SQLite database; give another --db path"
        elif Path(path).is_dir():
            reason = (f"it is a folder, not a file; name a file in it, e.g. --db "
                      f"sqlite:///{path.rstrip('/')}/doublesix.db")
        else:
            reason = f"{exc} (is its folder writable?); give another --db path"
        raise CommandError(f"cannot open {path}: {reason}") from None
    except (NotADirectoryError, FileExistsError) as exc:
        raise CommandError(f"cannot create the folder for --db {url!r}: {exc.filename} is a "
                           "file, not a folder") from None
    except PermissionError as exc:
        raise CommandError(f"cannot create {exc.filename} for --db {url!r}: permission denied"
                           ) from None
    except OSError as exc:
        if not url.startswith("sqlite"):
            raise _unreachable(url, exc) from None
        # a local file: nothing to be "running", the path itself is the trouble
        reason = (exc.strerror or str(exc) or type(exc).__name__).lower()
        raise CommandError(f"cannot create {exc.filename or url} for --db {url!r}: {reason};"
                           " give another --db path") from None
    except Exception as exc:
        if type(exc).__module__.startswith("asyncpg"):  # e.g. a wrong password, no database
            raise CommandError(f"{where(url)} refused us: {exc}; check --db") from None
        raise


def _unreachable(url: str, exc: OSError) -> CommandError:
    """A storage server that cannot be reached, named without its password."""
    if isinstance(exc, ConnectionRefusedError):
        return CommandError(f"cannot reach {where(url)}: connection refused; is it running? "
                            "check --db")
    reason = exc.strerror or str(exc) or type(exc).__name__  # TimeoutError has neither
    return CommandError(f"cannot reach {where(url)}: {reason}; is it running? check --db")


async def _open_and_close(url: str) -> None:
    storage = open_storage(url)
    try:
        await asyncio.wait_for(storage.open(), timeout=30)
    finally:
        await storage.close()
