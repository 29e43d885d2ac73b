"""The hall («Двор») through a server restart (SIGTERM, close 1012) when the one server process
is down for a while: the hall keeps saying «Переподключаемся…» and retrying as a table does
(~15 s), comes back by itself with the live list, and says «Нет связи с залом» only when the
server truly stays away."""

# ruff: noqa: E501  (JavaScript run in the page reads better unwrapped)

from __future__ import annotations

import json
import signal
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import DESKTOP, PHONE, Server, screenshot

RESTARTING = "Переподключаемся…"
OFFLINE = "Нет связи с залом"

# every text the hall's connection line (above the list) shows, kept by the page itself (a poll could miss one)
WATCH_MSG = """() => {
  window.__hallConn = [];
  window.__notReloaded = true;
  const line = document.querySelector('[data-hall-conn]');
  new MutationObserver(() => window.__hallConn.push(line.textContent)).observe(line, { childList: true, characterData: true, subtree: true });
}"""


@pytest.fixture
def restartable(tmp_path: Path) -> Iterator[Server]:
    srv = Server(tmp_path / "hall-restart.db", DOUBLESIX_SHUTDOWN_TIMEOUT="5")
    yield srv
    srv.stop()


def open_table(server: Server, name: str) -> str:
    """A public hall table set up by someone else (over HTTP); its room id."""
    body = json.dumps({"mode": "online", "rules": {"preset": "101"}, "name": name,
                       "hall": {"public": True, "clock": None}}).encode()
    req = urllib.request.Request(server.url + "/api/games", data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return str(json.loads(r.read())["game_id"])


def enter_hall(page: Any, server: Server, table: str) -> None:
    page.goto(server.url + "/#hall")
    page.locator(f"[data-hall-tables] li[data-game='{table}']").wait_for()
    page.evaluate(WATCH_MSG)


def stop(server: Server) -> None:
    assert server.proc is not None
    server.proc.send_signal(signal.SIGTERM)
    assert server.proc.wait(10) == 0  # a clean graceful stop


def msg(page: Any) -> str:
    return str(page.locator("[data-hall-conn]").inner_text())


def test_the_hall_keeps_reconnecting_while_the_restarted_server_is_down(restartable: Server, pages: Any) -> None:
    phone = pages.page(PHONE, has_touch=True, is_mobile=True)
    desk = pages.page(DESKTOP)
    table = open_table(restartable, "Аня")
    for page in (phone, desk):
        enter_hall(page, restartable, table)

    stop(restartable)
    for page in (phone, desk):
        page.wait_for_function("t => document.querySelector('[data-hall-conn]').textContent === t", arg=RESTARTING)
    # the one process is down for 4 s: every early retry is refused, as while it starts again
    phone.wait_for_timeout(2000)
    screenshot(phone, "hall-restarting")
    screenshot(desk, "hall-restarting")
    phone.wait_for_timeout(2000)
    for page in (phone, desk):
        assert msg(page) == RESTARTING
        # said where the player looks, above the list (the form to set up a table is longer
        # than a phone's screen), and the list is dimmed: it may be out of date
        box = page.locator("[data-hall-conn]").bounding_box()
        assert box and box["y"] + box["height"] <= page.viewport_size["height"], box
        assert page.locator("[data-hall-tables]").get_attribute("aria-busy") == "true"
    restartable.start(timeout=20)  # the same port
    began = time.monotonic()
    for page in (phone, desk):
        page.wait_for_function("() => document.querySelector('[data-hall-conn]').textContent === ''", timeout=10000)
    back = time.monotonic() - began
    # the list is live again: a table set up now shows at once
    fresh = open_table(restartable, "Боря")
    for page in (phone, desk):
        page.locator(f"[data-hall-tables] li[data-game='{fresh}']").wait_for(timeout=5000)
        seen = page.evaluate("() => window.__hallConn")
        assert RESTARTING in seen, seen
        assert not any(OFFLINE in s for s in seen), seen
        assert page.evaluate("() => window.__notReloaded === true")  # the same page, no reload
        assert page.locator("[data-hall-tables]").get_attribute("aria-busy") == "false"
    assert back < 5, back  # the retries go on every ≤ 2 s
    screenshot(phone, "hall-back")
    screenshot(desk, "hall-back")


def test_the_hall_says_it_is_offline_only_when_the_server_stays_away(restartable: Server, pages: Any) -> None:
    page = pages.page(PHONE, has_touch=True, is_mobile=True)
    table = open_table(restartable, "Аня")
    enter_hall(page, restartable, table)
    stop(restartable)
    began = time.monotonic()
    page.wait_for_function("t => document.querySelector('[data-hall-conn]').textContent.startsWith(t)", arg=OFFLINE, timeout=30000)
    gave_up = time.monotonic() - began
    assert 10 < gave_up < 25, gave_up  # as long as a table keeps «Переподключаемся…» (~15 s)
    screenshot(page, "hall-offline")
    # and it keeps trying: the server back, the hall is back without a reload
    restartable.start(timeout=20)
    page.wait_for_function("() => document.querySelector('[data-hall-conn]').textContent === ''", timeout=15000)
    seen = page.evaluate("() => window.__hallConn")
    assert seen[0] == RESTARTING, seen
    assert page.evaluate("() => window.__notReloaded === true")
