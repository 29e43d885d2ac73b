"""Online players outside Telegram have names: the hall's one stored name, asked for once
before the first invite game, is what the opponent sees."""

from __future__ import annotations

from typing import Any

from e2e_helpers import DESKTOP, PHONE, Server, answer_name, wait_state


def test_two_people_with_names_see_each_others_name(server: Server, pages: Any) -> None:
    anna = pages.page(DESKTOP)
    anna.goto(server.url + "/#online")
    anna.locator("[data-action=create-room]").click()
    # a bad name is refused in the dialog, which stays open
    dialog = anna.locator("[data-name-ask]")
    dialog.wait_for(state="visible")
    dialog.locator("[data-name-input]").fill("<b>")
    dialog.locator("button[value=save]").click()
    assert dialog.is_visible()
    assert dialog.locator("[data-name-msg]").inner_text() == "Имя: 1–24 буквы, цифры, пробелы"
    answer_name(anna, "Аня")
    anna.locator("[data-invite]").wait_for(state="visible")
    link = anna.locator("[data-invite-link]").input_value()

    boris = pages.page(PHONE)
    boris.goto(link)
    answer_name(boris, "Боря")
    wait_state(boris, {"mine", "other"})
    anna.locator("[data-opp-name]").filter(has_text="Боря").wait_for()
    boris.locator("[data-opp-name]").filter(has_text="Аня").wait_for()

    # the same stored name: the hall's form shows it, and the next room does not ask again
    anna.goto(server.url + "/#hall")
    assert anna.locator("[data-hall-name]").input_value() == "Аня"
    anna.goto(server.url + "/#online")
    anna.locator("[data-action=create-room]").click()
    anna.locator("[data-invite]").wait_for(state="visible")
    assert not anna.locator("[data-name-ask]").is_visible()
    assert anna.evaluate("() => doublesix.store.state.room.seats[0].name") == "Аня"
