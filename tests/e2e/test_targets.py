"""The match target of 101 (seed 003: to 101, 301 or 501) is chosen wherever a game is created,
offered only for 101, and shown at the table and in the hall."""

from __future__ import annotations

from typing import Any

from e2e_helpers import DESKTOP, Server, answer_name, save_settings, wait_state


def test_a_301_game_against_the_computer_shows_its_target(server: Server, pages: Any) -> None:
    page = pages.page(DESKTOP)
    page.goto(server.url + "/")
    page.locator("[data-screen=home] [data-action=start-computer]").click()
    wait_state(page, {"mine", "other"})
    page.locator("[data-action=settings]").click()
    dialog = page.locator("[data-settings]")
    targets = dialog.locator("[data-targets]")
    assert not targets.is_visible()  # the game is "draw": a single deal, no target
    dialog.locator("input[name=settings-preset][value='101']").check()
    assert targets.is_visible()
    targets.locator("input[value='301']").check()
    save_settings(page)
    page.wait_for_function("() => doublesix.store.state.view?.match?.target === 301")
    assert page.locator("[data-screen=table]").get_attribute("data-preset") == "101"
    assert "до 301" in page.locator("[data-score]").inner_text()
    # the choice is kept for the next time the dialog opens
    page.locator("[data-action=settings]").click()
    assert targets.locator("input[value='301']").is_checked()
    dialog.locator("[data-action=settings-cancel]").click()


def test_an_invite_room_and_a_hall_table_to_301(server: Server, pages: Any) -> None:
    page = pages.page(DESKTOP)
    page.goto(server.url + "/#online")
    box = page.locator("[data-lobby-presets]")
    box.locator("input[data-preset][value='101']").check()
    box.locator("[data-targets] input[value='501']").check()
    page.locator("[data-action=create-room]").click()
    answer_name(page)
    page.wait_for_function("() => doublesix.store.state.view?.match?.target === 501")
    assert "до 501" in page.locator("[data-score]").inner_text()

    page.goto(server.url + "/#hall")
    page.locator("[data-hall-name]").fill("Аня")
    presets = page.locator("[data-hall-presets]")
    presets.locator("input[data-preset][value='draw']").check()
    assert not presets.locator("[data-targets]").is_visible()
    presets.locator("input[data-preset][value='101']").check()
    presets.locator("[data-targets] input[value='301']").check()
    page.locator("[data-hall=hall-create]").click()
    page.wait_for_function("() => doublesix.store.state.view?.match?.target === 301")
    game_id = page.evaluate("() => doublesix.store.state.game.game_id")
    # a second person sees the table listed with its target
    other = pages.page(DESKTOP)
    other.goto(server.url + "/#hall")
    row = other.locator(f"[data-hall-tables] li[data-game='{game_id}']")
    assert "до 301" in row.inner_text()
