"""Each thing said once on a screen (issue 24): a guest at an online table of three saw
«Ждём игроков» twice (the invite panel and the status line), and the player whose opponent
left saw «Соперник отключился — ждём» twice (the opponent's band and the status line). The
status line keeps the words; the other place says something of its own."""

# ruff: noqa: E501  (JavaScript run in the page reads better unwrapped)

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from e2e_helpers import PHONE, Server, answer_name, screenshot
from websockets.sync.client import connect


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("once") / "e2e.db", DOUBLESIX_COMPUTER_DELAY="0.05",
                 DOUBLESIX_LEAVE_GRACE="1")
    yield srv
    srv.stop()


def _said(page: Any, words: str) -> int:
    """How many times *words* are on the table screen as a person sees it."""
    return int(page.locator("[data-screen=table]").inner_text().count(words))


def test_a_guest_at_a_table_of_three_hears_wait_for_players_once(quick: Server, pages: Any) -> None:
    anna = pages.page(PHONE)
    anna.goto(quick.url + "/")
    anna.locator("[data-screen=home] [data-action=start-online]").click()
    anna.locator("[data-lobby-presets] input[value=draw]").check()
    anna.locator("[data-lobby-presets] input[name=lobby-players][value='3']").check()
    anna.locator("[data-action=create-room]").click()
    answer_name(anna, "Аня")
    anna.locator("[data-invite]").wait_for(state="visible")
    link = anna.locator("[data-invite-link]").input_value()
    boris = pages.page(PHONE)
    boris.goto(link)
    answer_name(boris, "Боря")
    boris.locator("[data-invite]").wait_for(state="visible")
    boris.wait_for_function("() => document.querySelector('[data-status]').textContent === 'Ждём игроков'")
    assert _said(boris, "Ждём игроков") == 1
    assert boris.locator("[data-invite-text]").inner_text() == "Партия начнётся, когда займут все места"
    screenshot(boris, "once-guest-of-three")


def test_the_leaver_screen_says_the_opponent_is_away_once(quick: Server, pages: Any) -> None:
    game = httpx.post(quick.http + "/api/games", json={"mode": "online", "name": "Аня",
                                                       "rules": {"preset": "draw"}}).json()
    with connect(quick.ws_url) as ws:  # Аня said hello and closed the tab
        ws.send(json.dumps({"type": "hello", "game_id": game["game_id"], "token": game["token"]}))
        ws.recv()
    boris = pages.page(PHONE)
    boris.goto(f"{quick.http}{game['invite_url']}")
    answer_name(boris, "Борис")
    boris.locator("[data-leaver-offer]").wait_for(state="visible", timeout=20_000)
    assert _said(boris, "Соперник отключился — ждём") == 1
    assert boris.locator("[data-opp-presence]").inner_text() == "Соперник не в сети"
    screenshot(boris, "once-leaver")
