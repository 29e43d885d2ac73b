"""PostgreSQL and Redis for tests: their URLs come from .ci/services.sh.

Locally a test that needs them is skipped when the URL is unset; in CI (CI=true) it fails, so
a green CI never hides the multi-process tests.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import shutil
import threading
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.procs import ServerProcess

PG_VAR = "DOUBLESIX_TEST_PG_URL"
REDIS_VAR = "DOUBLESIX_TEST_REDIS_URL"
#: test clients play at machine speed, and the computer does not wait
FAST = {"DOUBLESIX_WS_RATE": "10000", "DOUBLESIX_WS_BURST": "10000",
        "DOUBLESIX_COMPUTER_DELAY": "0"}


def required_url(var: str) -> str:
    url = os.environ.get(var)
    if url:
        return url
    message = f"{var} is not set: run `eval \"$(.ci/services.sh start)\"` first"
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(message)
    pytest.skip(message)


def required_program(name: str) -> str:
    """The path of a program the test drives (e.g. nginx): skipped locally, failed in CI."""
    # Debian puts nginx in /usr/sbin, which is not on every user's PATH
    path = shutil.which(name, path=os.environ.get("PATH", "") + ":/usr/sbin:/sbin")
    if path:
        return path
    message = f"{name} is not installed (Debian: apt-get install --no-install-recommends {name})"
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(message)
    pytest.skip(message)


def run_sync(coro: Coroutine[Any, Any, None]) -> None:
    """Run *coro* to the end on its own loop, even when called under a running loop."""
    errors: list[BaseException] = []

    def main() -> None:
        try:
            asyncio.run(coro)
        except BaseException as exc:  # handed to the caller below
            errors.append(exc)

    thread = threading.Thread(target=main)
    thread.start()
    thread.join(60)
    if errors:
        raise errors[0]


def fresh_database(url: str) -> tuple[str, str]:
    """A new empty database beside the one *url* names: (its URL, its name)."""
    import asyncpg

    name = "ds_test_" + secrets.token_hex(6)

    async def create() -> None:
        db = await asyncpg.connect(url)
        try:
            await db.execute(f"CREATE DATABASE {name}")
        finally:
            await db.close()

    run_sync(create())
    return url.rsplit("/", 1)[0] + "/" + name, name


def drop_database(url: str, name: str) -> None:
    import asyncpg

    async def drop() -> None:
        db = await asyncpg.connect(url)
        try:
            await db.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        finally:
            await db.close()

    run_sync(drop())


@contextlib.contextmanager
def two_processes(pg_url: str, redis_url: str, logs: Path
                  ) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    """Two `doublesix serve` processes on one PostgreSQL and one Redis; their logs must hold
    no traceback when they stop."""
    one = ServerProcess(pg_url, redis=redis_url, env=FAST, log=logs / "one.log").start()
    two = ServerProcess(pg_url, redis=redis_url, env=FAST, log=logs / "two.log").start()
    try:
        yield one, two
    finally:
        one.stop()
        two.stop()
    for log in (logs / "one.log", logs / "two.log"):
        assert "Traceback" not in log.read_text(), log.read_text()
