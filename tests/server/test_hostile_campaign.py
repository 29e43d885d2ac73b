"""Small runs of the hostile-player campaign (bench/hostile.py) against a real server process:
the figures of the full runs are in docs/campaigns.md."""

from __future__ import annotations

import pytest

from tests.scale.test_campaigns import campaign

# campaigns: real server processes under load for seconds each, so make test only
pytestmark = pytest.mark.slow


def test_headers_campaign_keeps_memory_and_sockets_bounded() -> None:
    r = campaign("hostile.py", "headers", "--huge", "4", "--header-mib", "8", "--slow", "50",
                 "--sockets", "80", "--seconds", "3", "--budgets",
                 "--env", "DOUBLESIX_HEADER_TIMEOUT=1")
    assert r["rss_mib_peak"] < r["rss_mib_before"] + 40, r
    assert r["slow_still_open"] == 0, r
    assert r["lobby_sockets_held"] == 64, r


def test_lobby_campaign_sends_changes_only() -> None:
    r = campaign("hostile.py", "lobby", "--creators", "4", "--tables", "40", "--subscribers",
                 "10", "--seconds", "4", "--baseline", "1")
    assert r["tables_created"] == 40 and r["errors"] == 0, r
    # a snapshot and at most 4 changes a second for each subscriber, never the whole list
    assert r["lobby_frames"] <= 10 * (1 + 4 * 4 + 2), r
    assert r["probe_during"]["n"] > 0, r


def test_computer_campaign_runs() -> None:
    r = campaign("hostile.py", "computer", "--clients", "6", "--seconds", "4", "--baseline", "1")
    assert r["errors"] == 0 and r["moves"] > 0, r
    assert r["probe_alone"]["n"] > 0 and r["probe_during"]["n"] > 0, r
