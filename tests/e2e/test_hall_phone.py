"""A hall table on a 360×740 phone (issue 24): with the chat under the hand the felt was about
100 px tall once messages came, too short for the line at a size one can play. The chat now
gives way: a one-line handle beside «Ходы» that counts the messages not yet read and pulls the
chat up as a sheet. The felt keeps its height whatever is said, and the line's tiles are no
smaller than the layout's readable size (layout.js FIT.minUnit: pips over 4 px; DESIGN.md
puts "about the least" at a 24 px short side)."""

# ruff: noqa: E501  (JavaScript run in the page reads better unwrapped)

from __future__ import annotations

from typing import Any

from e2e_helpers import Server, hall_table_of_two, screenshot, wait_state

FELT_JS = "() => Math.round(document.querySelector('[data-board-wrap]').getBoundingClientRect().height)"
# the least felt that holds the longest lines of a deal at 24 px tiles on a 360 px phone
LEAST_FELT = 280


def _table_of_two(server: Server, pages: Any) -> tuple[Any, Any]:
    anna, boris = hall_table_of_two(server, pages)  # 5 min + 3 s: the clocks' bar too
    for page in (anna, boris):
        page.wait_for_selector("[data-screen=table] [data-invite]", state="hidden")
    return anna, boris


def test_the_chat_gives_way_to_the_felt_on_a_phone(server: Server, pages: Any) -> None:
    anna, boris = _table_of_two(server, pages)
    felt = boris.evaluate(FELT_JS)
    assert felt >= LEAST_FELT, f"the felt is {felt} px tall at a hall table with the chat"
    handle = boris.locator("[data-chat-handle]")
    assert handle.is_visible() and handle.inner_text() == "Болтун"
    assert boris.locator("[data-chat-log]").is_hidden()  # in the sheet, which is shut

    # Аня says three things from her sheet; Боря's felt stays as it was, his handle counts them
    anna.locator("[data-chat-handle]").click()
    for text in ("привет", "удачи!", "ну что, поехали"):
        anna.locator("[data-chat-input]").fill(text)
        anna.locator("[data-chat-send]").click()
        anna.wait_for_function("t => document.querySelector('[data-chat-log]').textContent.includes(t)", arg=text)
        anna.wait_for_timeout(2100)  # the chat's flood limit: one a 2 s after the first five
    assert anna.locator("[data-chat-handle]").inner_text() == "Болтун", "her own words are read"
    anna.keyboard.press("Escape")
    boris.wait_for_function("() => document.querySelector('[data-chat-handle]').dataset.unread === '3'")
    assert handle.inner_text() == "Болтун · 3 новых"
    assert boris.evaluate(FELT_JS) == felt
    screenshot(boris, "hall-phone-unread")
    handle.click()
    sheet = boris.locator("[data-chat-sheet]")
    sheet.wait_for(state="visible")
    assert "ну что, поехали" in sheet.locator("[data-chat-log]").inner_text()
    screenshot(boris, "hall-phone-chat-sheet")
    boris.keyboard.press("Escape")
    sheet.wait_for(state="hidden")
    assert handle.inner_text() == "Болтун"

    # the lead is laid: the deal's tile size is a readable one on this felt
    least = boris.evaluate("async () => (await import('./js/layout.js')).FIT.minUnit")
    leader = next(p for p in (anna, boris) if wait_state(p, {"mine", "other"}) == "mine")
    leader.locator("[data-hand] [data-playable]").first.click()
    for page in (anna, boris):
        page.wait_for_function("() => document.querySelector('[data-board] svg.line-svg .line-tile')")
        unit = page.evaluate("() => Number(document.querySelector('[data-board] svg.line-svg').dataset.unit)")
        assert unit >= least, f"tiles of {unit} px on a {felt} px felt"
        assert page.evaluate(FELT_JS) == felt
    screenshot(boris, "hall-phone-table")
