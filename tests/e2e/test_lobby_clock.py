"""An invite room with a move clock (issue 26, item 2: "a move timer is available for invite
rooms as in the hall"): «Игра по сети» offers the hall's clocks; a room with one is a private
table of the hall, so its seats need names and the clocks run on both screens."""

# ruff: noqa: E501  (JavaScript run in the page reads better unwrapped)

from __future__ import annotations

from typing import Any

from e2e_helpers import PHONE, Server, answer_name, screenshot, wait_state


def test_an_invite_room_with_a_clock_asks_for_a_name_and_runs_the_clocks(server: Server, pages: Any) -> None:
    anna = pages.page(PHONE)
    anna.goto(server.url + "/")
    anna.locator("[data-screen=home] [data-action=start-online]").click()
    anna.locator("[data-lobby-presets] input[value=draw]").check()
    clock = anna.locator("[data-lobby-clock]")
    assert clock.locator("option").all_inner_texts() == ["без часов", "3 мин + 2 с", "5 мин + 3 с", "10 мин + 5 с"]
    assert clock.input_value() == "0"  # no clock until one is chosen, as before
    clock.select_option("1")
    screenshot(anna, "lobby-clock")
    anna.locator("[data-action=create-room]").click()
    # skipped once, and asked again at once: the seats of a table with a clock show names
    anna.locator("[data-name-ask] [data-name-skip]").click()
    answer_name(anna, "Аня")
    invite = anna.locator("[data-invite]")
    invite.wait_for(state="visible")
    link = anna.locator("[data-invite-link]").input_value()
    assert anna.evaluate("() => doublesix.store.state.room.hall") == {
        "public": False, "rated": False, "over": None,
        "clock": anna.evaluate("() => doublesix.store.state.room.hall.clock")}
    clock_state = anna.evaluate("() => doublesix.store.state.room.hall.clock")
    assert clock_state["minutes"] == 3 and clock_state["increment"] == 2

    boris = pages.page(context=pages.context(PHONE))
    boris.goto(link)
    answer_name(boris, "Боря")
    for page in (anna, boris):
        wait_state(page, {"mine", "other"})
        page.wait_for_selector("[data-clock] .clock-time")
        page.wait_for_function("() => document.querySelectorAll('.clock.is-running').length === 1")
    assert anna.locator("[data-opp-name]").inner_text() == "Боря"
    screenshot(boris, "lobby-clock-table")

    # the choice is kept for the next room
    anna.goto(server.url + "/#online")
    assert anna.locator("[data-lobby-clock]").input_value() == "1"
