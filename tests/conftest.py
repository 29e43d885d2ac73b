"""Fixtures shared by every test folder: PostgreSQL and Redis of .ci/services.sh."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.scale.services import PG_VAR, REDIS_VAR, drop_database, fresh_database, required_url


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    """A database of its own for this test session, dropped at the end."""
    base = required_url(PG_VAR)
    url, name = fresh_database(base)
    yield url
    drop_database(base, name)


@pytest.fixture(scope="session")
def redis_url() -> str:
    return required_url(REDIS_VAR)
