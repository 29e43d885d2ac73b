"""Browser tests: the real server in a subprocess, driven through Debian's Chromium.

One browser per session, one server per session (plus any a module starts with its own
settings). Without /usr/bin/chromium these tests skip, except when DOUBLESIX_REQUIRE_BROWSER is
set (CI's .ci/run sets it): then a missing browser is a failure, never a silent skip.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import CHROMIUM, CHROMIUM_ARGS, Pages, Server


def _browser_missing() -> str | None:
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        return f"Chromium not found at {CHROMIUM}"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed"
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # Browser tests run last: Playwright's sync API keeps an event loop running in this thread
    # while the session's browser is open, which asyncio tests that came after would trip on.
    e2e = [item for item in items if "e2e" in item.path.parts]
    items[:] = [item for item in items if "e2e" not in item.path.parts] + e2e
    problem = _browser_missing()
    if problem is None:
        return
    if os.environ.get("DOUBLESIX_REQUIRE_BROWSER"):
        raise pytest.UsageError(f"browser tests are required here but cannot run: {problem}")
    skip = pytest.mark.skip(reason=problem)
    for item in e2e:
        item.add_marker(skip)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("server") / "e2e.db", DOUBLESIX_COMPUTER_DELAY="0.05")
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def pages(browser: Any) -> Iterator[Pages]:
    p = Pages(browser)
    yield p
    p.close()
    assert not p.errors, f"errors in the page: {p.errors}"



@pytest.fixture(scope="session")
def slow_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose computer thinks for a while: time enough to reload during its turn."""
    srv = Server(tmp_path_factory.mktemp("slow") / "e2e.db", DOUBLESIX_COMPUTER_DELAY="3")
    yield srv
    srv.stop()
