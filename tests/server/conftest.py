from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.server.harness import ServerThread


@pytest.fixture(scope="session")
def server() -> Iterator[ServerThread]:
    """A shared server on memory storage; tests that need other settings start their own."""
    s = ServerThread().start()
    yield s
    s.stop()
