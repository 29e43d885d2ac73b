"""How many examples a hypothesis property runs under the loaded profile (tests/conftest.py)."""

from __future__ import annotations

from hypothesis import settings

#: hypothesis's own max_examples, which the ``full`` profile keeps
FULL = 100
#: the fewest a property runs in the fast loop: enough to walk a few whole games
FLOOR = 5


def examples(full: int) -> int:
    """*full* examples under the ``full`` profile (``make test``, CI); under ``fast``
    (``make check``) the same share of them as that profile's max_examples is of hypothesis's
    default, a tenth, never fewer than FLOOR (nor more than *full*)."""
    share = settings().max_examples / FULL
    return min(full, max(FLOOR, round(full * share)))
