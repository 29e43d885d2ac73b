"""A server restart mid-game (SIGTERM, close 1012): both players see only «Переподключаемся…»
for a moment and play on in the same page, without a reload."""

# ruff: noqa: E501  (JavaScript run in the page reads better unwrapped)

from __future__ import annotations

import random
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import DESKTOP, PHONE, Server, answer_name, screenshot, wait_state
from test_two_players import _play_some

# every text the status line shows, kept by the page itself (a poll could miss a short one)
WATCH_STATUS = """() => {
  window.__statuses = [];
  window.__notReloaded = true;
  const line = document.querySelector('[data-screen=table] [data-status]');
  new MutationObserver(() => window.__statuses.push(line.textContent)).observe(line, { childList: true, characterData: true, subtree: true });
}"""


@pytest.fixture
def restartable(tmp_path: Path) -> Iterator[Server]:
    srv = Server(tmp_path / "restart.db", DOUBLESIX_SHUTDOWN_TIMEOUT="5")
    yield srv
    srv.stop()


def test_a_restart_shows_only_reconnecting_and_play_goes_on(restartable: Server, pages: Any) -> None:
    rng = random.Random(12)
    anna = pages.page(DESKTOP)
    anna.goto(restartable.url + "/")
    anna.locator("[data-screen=home] [data-action=start-online]").click()
    anna.locator("[data-lobby-presets] input[value=draw]").check()
    anna.locator("[data-action=create-room]").click()
    answer_name(anna)
    anna.locator("[data-invite]").wait_for(state="visible")
    link = anna.locator("[data-invite-link]").input_value()
    boris = pages.page(context=pages.context(PHONE))
    boris.goto(link)
    answer_name(boris)
    players = [anna, boris]
    for page in players:
        wait_state(page, {"mine", "other"})
    assert not _play_some(players, rng, 2)
    for page in players:
        page.evaluate(WATCH_STATUS)
    before = anna.evaluate("() => doublesix.store.state.view.version")

    assert restartable.proc is not None
    restartable.proc.send_signal(signal.SIGTERM)
    restartable.proc.wait(10)
    for page in players:
        page.wait_for_function("() => doublesix.store.state.conn === 'restarting'")
    assert anna.locator("[data-screen=table] [data-status]").inner_text() == "Переподключаемся…"
    screenshot(boris, "restart-reconnecting")
    # while our own socket is down the opponent's presence is unknown: no stale «в сети»
    for page in players:
        assert page.locator("[data-opp-presence]").inner_text().strip() == ""
    began = time.monotonic()
    restartable.start(timeout=20)  # the same port: the restarted process takes the seats back
    for page in players:
        page.wait_for_function("() => doublesix.store.state.conn === 'open'", timeout=15000)
    back = time.monotonic() - began
    print(f"both pages back {back:.2f} s after the restarted server was up")

    for page in players:
        seen = page.evaluate("() => window.__statuses")
        assert "Переподключаемся…" in seen, seen
        assert not any("Связь потеряна" in s for s in seen), seen
        assert page.evaluate("() => window.__notReloaded === true")  # the same page, no reload
        assert not page.evaluate("() => doublesix.store.state.errorText")
    assert anna.evaluate("() => doublesix.store.state.view.version") >= before
    assert not _play_some(players, rng, 2)  # and the game goes on
    assert anna.locator("[data-opp-presence]").inner_text() == "Соперник в сети"
    screenshot(boris, "restart-back")
