"""«Ещё раз с ним» in two browsers (issue 25): after a hall game one player invites the other to
a new table; the other sees the offer, declines it once, then accepts the next; both are taken
to one new table of the same game and clock, seated with the tokens they already held."""

from __future__ import annotations

# ruff: noqa: E501  (what the page shows reads better unwrapped)
from typing import Any

from e2e_helpers import DESKTOP, PHONE, Server, hall_table_of_two, screenshot, wait_state


def sheet_of(page: Any) -> Any:
    sheet = page.locator("[data-result]")
    sheet.wait_for(state="visible")
    return sheet


def test_play_them_again_after_a_hall_game(server: Server, pages: Any) -> None:
    anna, boris = hall_table_of_two(server, pages, preset="block", clock="1",  # 3 min + 2 s
                                    sizes=(PHONE, DESKTOP), touch=False)
    first = anna.evaluate("() => doublesix.store.state.game.game_id")
    # the game ends: Аня resigns it
    wait_state(anna, {"mine", "other"})
    anna.locator("[data-action=menu]").click()
    anna.locator("[data-menu] [data-action=resign]").click()
    anna.locator("[data-confirm] [data-confirm-yes]").click()
    a_sheet, b_sheet = sheet_of(anna), sheet_of(boris)
    offer = b_sheet.locator("[data-action=again-offer]")
    assert offer.inner_text() == "Ещё раз с ним"
    offer.click()
    b_sheet.locator("[data-result-again]").filter(has_text="ждём").wait_for()
    assert b_sheet.locator("[data-result-again]").inner_text() == "Приглашение отправлено — ждём, что ответит Аня"
    assert b_sheet.locator("[data-action=again-decline]").inner_text() == "Отозвать приглашение"
    a_sheet.locator("[data-action=again-accept]").wait_for()
    assert a_sheet.locator("[data-result-again]").inner_text() == "Боря зовёт сыграть ещё раз — за новым столом, те же правила и часы"
    assert a_sheet.locator("[data-action=again-decline]").inner_text() == "Отказаться"
    assert not a_sheet.locator("[data-action=again-offer]").is_visible()
    screenshot(anna, "again-invited")
    screenshot(boris, "again-waiting")

    a_sheet.locator("[data-action=again-decline]").click()
    b_sheet.locator("[data-result-again]").filter(has_text="не принимает").wait_for()
    assert b_sheet.locator("[data-result-again]").inner_text() == "Аня не принимает приглашение"
    a_sheet.locator("[data-action=again-offer]").wait_for()  # either may offer again
    offer.click()
    a_sheet.locator("[data-action=again-accept]").click()

    # both go to the new table, seated: the same game and clock, Боря its creator
    for page in (anna, boris):
        page.wait_for_function("id => doublesix.store.state.game?.game_id && doublesix.store.state.game.game_id !== id", arg=first)
        page.wait_for_function("() => doublesix.store.state.room?.waiting_for?.length === 0")
    second = anna.evaluate("() => doublesix.store.state.game.game_id")
    assert boris.evaluate("() => doublesix.store.state.game.game_id") == second
    assert (anna.evaluate("() => doublesix.store.state.game.seat"), boris.evaluate("() => doublesix.store.state.game.seat")) == (1, 0)
    room = anna.evaluate("() => doublesix.store.state.room")
    assert room["rules"]["preset"] == "block" and room["hall"]["clock"]["minutes"] == 3
    assert [s["name"] for s in room["seats"]] == ["Боря", "Аня"]
    assert anna.evaluate(f"() => location.hash.includes('{second}')")
    screenshot(anna, "again-new-table")
