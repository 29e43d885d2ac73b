"""Fixtures and markers shared by every test folder.

Markers (registered in pyproject.toml), so that ``make check`` can leave out what needs more
than Python and a minute:

- ``browser``: every test under tests/e2e/ (Chromium through Playwright), set here;
- ``services``: every test that asks for the ``pg_url`` or ``redis_url`` fixture, directly or
  through another fixture, set here (a test that reaches them only through
  ``request.getfixturevalue`` marks its case by hand);
- ``slow``: the campaigns, real server processes killed or restarted, pytest run in a copied
  clone, ISMCTS games and statistical tests: marked where they are written.

Hypothesis profiles: ``full`` (the default: hypothesis's own settings, what ``make test`` and CI
run) and ``fast`` (``--hypothesis-profile=fast``, ``make check``): a property runs a tenth of its
examples there (tests.support.examples), so it is still exercised rather than left out.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from tests.scale.services import PG_VAR, REDIS_VAR, drop_database, fresh_database, required_url

settings.register_profile("full", settings())
settings.register_profile("fast", max_examples=10)

E2E = Path(__file__).resolve().parent / "e2e"
SERVICE_FIXTURES = {"pg_url", "redis_url"}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if E2E in item.path.parents:
            item.add_marker(pytest.mark.browser)
        if SERVICE_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.services)


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
