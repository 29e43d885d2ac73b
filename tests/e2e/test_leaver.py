"""The leaver offer and a resignation in the browser (issue 26), on a 360×740 phone: Борис's
opponent closes her tab, and after the (shortened) grace Борис is offered the computer for
her seat or the game; he lets the computer play, and the seat reads «Компьютер за игрока …»;
in another room he claims the game, and the sheet says who gave it up. Screenshots go to
SHOTS_26 as well, for the issue."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from e2e_helpers import PHONE, Server, answer_name, screenshot, wait_state
from websockets.sync.client import connect

SHOTS_26 = Path(os.environ.get("DOUBLESIX_SHOTS_26", "/work/shots/26-leave"))


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("leaver") / "e2e.db", DOUBLESIX_COMPUTER_DELAY="0.05",
                 DOUBLESIX_LEAVE_GRACE="1")
    yield srv
    srv.stop()


def shot(page: Any, name: str) -> None:
    path = screenshot(page, name)
    if SHOTS_26.parent.exists():
        SHOTS_26.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, SHOTS_26 / path.name)


def anya_opens_and_leaves(server: Server) -> str:
    """Аня creates an online room and holds her seat on a socket; the invite link."""
    game = httpx.post(server.http + "/api/games", json={"mode": "online", "name": "Аня",
                                                        "rules": {"preset": "draw"}}).json()
    with connect(server.ws_url) as ws:  # she said hello, and closed the tab
        ws.send(json.dumps({"type": "hello", "game_id": game["game_id"],
                            "token": game["token"]}))
        ws.recv()
    return f"{server.http}{game['invite_url']}"


def test_the_leaver_offer_lets_the_computer_play_or_claims(quick: Server, pages: Any) -> None:
    link = anya_opens_and_leaves(quick)
    boris = pages.page(PHONE)
    boris.goto(link)
    answer_name(boris, "Борис")
    offer = boris.locator("[data-leaver-offer]")
    offer.wait_for(state="visible", timeout=20_000)
    assert "Аня" in offer.inner_text()
    assert offer.locator("[data-action=stand-in]").inner_text() == "Пусть играет компьютер"
    assert offer.locator("[data-action=claim]").inner_text() == "Забрать сдачу"
    shot(boris, "26-leaver-offer")
    offer.locator("[data-action=stand-in]").click()
    boris.wait_for_function("() => doublesix.store.state.room.seats[0].stand_in === true")
    offer.wait_for(state="hidden")
    boris.wait_for_function(
        "() => document.querySelector('[data-opp-name]').textContent.includes('Компьютер за')")
    wait_state(boris, {"mine", "result"})
    shot(boris, "26-computer-for-anya")

    # another room: this time Борис claims the game
    link = anya_opens_and_leaves(quick)
    boris.goto(link)
    offer.wait_for(state="visible", timeout=20_000)
    offer.locator("[data-action=claim]").click()
    sheet = boris.locator("[data-result]")
    sheet.wait_for(state="visible")
    # issue 24: a finished result in words with no tense or gender
    assert sheet.locator("[data-result-title]").inner_text() == "Аня: партия сдана"
    assert sheet.locator(".sheet").get_attribute("data-tone") == "win"
    shot(boris, "26-claimed")


def test_a_resignation_shows_the_servers_result(quick: Server, pages: Any) -> None:
    page = pages.page(PHONE)
    page.goto(quick.url + "/#computer")
    wait_state(page, {"mine", "other"})
    page.locator("[data-action=menu]").click()
    page.locator("[data-menu] [data-action=resign]").click()
    page.locator("[data-confirm] [data-confirm-yes]").click()
    sheet = page.locator("[data-result]")
    sheet.wait_for(state="visible")
    assert sheet.locator("[data-result-title]").inner_text() == "Вы сдались"
    assert sheet.locator("[data-result-reason]").text_content() == "Партия сдана"
    shot(page, "26-resigned")
