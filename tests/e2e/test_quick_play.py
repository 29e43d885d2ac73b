"""«Играть сейчас» in two browsers (issue 25): one waits (the rating window shown, the wait
counted), the other waits for another game, cancels, asks for the same one; both are told who
they meet and are seated at one rated hall table."""

# ruff: noqa: E501  (what the page shows reads better unwrapped)

from __future__ import annotations

from typing import Any

from e2e_helpers import DESKTOP, PHONE, Server, screenshot


def open_hall(page: Any, server: Server, name: str) -> None:
    page.goto(server.url + "/#hall")
    page.locator("[data-hall-name]").fill(name)
    page.locator("[data-quick-preset] option").first.wait_for(state="attached")


def choose(page: Any, preset: str, clock_label: str) -> None:
    page.locator("[data-quick-preset]").select_option(preset)
    page.locator("[data-quick-clock]").select_option(label=clock_label)


def test_two_browsers_meet_through_play_now(server: Server, pages: Any) -> None:
    anna, boris = pages.page(PHONE), pages.page(DESKTOP)
    open_hall(anna, server, "Аня")
    open_hall(boris, server, "Боря")
    screenshot(anna, "quick-idle")
    # Боря first asks for another game: he waits on his own, then cancels
    choose(boris, "draw", "5 мин + 3 с")
    boris.locator("[data-hall=quick-play]").click()
    boris.wait_for_selector("[data-quick][data-phase=seeking]")
    assert boris.locator("[data-quick-window]").inner_text() == "Ваш рейтинг 1500 · соперник 1450–\u20601550"
    assert boris.locator("[data-quick-what]").inner_text() == "С добором · 5 мин + 3 с"
    boris.wait_for_function("() => document.querySelector('[data-quick-time]').textContent === '0:02'")
    assert not boris.locator("[data-hall=quick-play]").is_visible()
    screenshot(boris, "quick-waiting")
    boris.locator("[data-hall=quick-cancel]").click()
    boris.wait_for_selector("[data-quick][data-phase=idle]")
    assert boris.locator("[data-quick-msg]").inner_text() == "Поиск отменён"
    assert boris.locator("[data-hall=quick-play]").is_visible()

    choose(anna, "block", "5 мин + 3 с")
    anna.locator("[data-hall=quick-play]").click()
    anna.wait_for_selector("[data-quick][data-phase=seeking]")
    assert anna.locator("[data-quick-status]").inner_text() == "Ищем соперника…"
    screenshot(anna, "quick-waiting")

    choose(boris, "block", "5 мин + 3 с")
    boris.locator("[data-hall=quick-play]").click()
    for page, other in ((anna, "Боря"), (boris, "Аня")):
        # «Соперник найден» shows for a moment before the table: kept on the hall, out of sight
        page.wait_for_selector("[data-quick][data-phase=found]", state="attached")
        assert page.locator("[data-quick-status]").text_content() == f"Соперник найден: {other} (1500)"
        assert page.locator("[data-quick-what]").text_content() == "Без добора · 5 мин + 3 с"
        if page.locator("[data-quick-status]").is_visible():
            screenshot(page, "quick-matched")

    # both are taken to the one rated table, seated, its clock set as chosen
    for page in (anna, boris):
        page.wait_for_selector("[data-screen=table]:not([hidden])")
        page.wait_for_function("() => doublesix.store.state.room?.waiting_for?.length === 0")
    game = anna.evaluate("() => doublesix.store.state.game")
    assert game["game_id"] == boris.evaluate("() => doublesix.store.state.game.game_id")
    assert {game["seat"], boris.evaluate("() => doublesix.store.state.game.seat")} == {0, 1}
    room = boris.evaluate("() => doublesix.store.state.room")
    assert room["hall"]["rated"] is True and room["hall"]["clock"]["minutes"] == 5
    assert room["rules"]["preset"] == "block"
    assert sorted(s["name"] for s in room["seats"]) == ["Аня", "Боря"]
    screenshot(anna, "quick-seated")
    screenshot(boris, "quick-seated")
