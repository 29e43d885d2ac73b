"""One seat per person in a real browser (issue 21 item 3): the client keeps a random id in
localStorage and sends it when it creates a table or sits down, so a second tab of the same
browser cannot take the other seat of its own public table, and is told why. Every test
person here is 127.0.0.1 (the e2e server allows 4 seats per address), so only the browser's
id can tell Аня's tabs from Боря's browser."""

from __future__ import annotations

from typing import Any

from e2e_helpers import DESKTOP, PHONE, Server

SIT = """async gameId => {
  const net = await import('./js/net.js');
  try { await net.sitDown(gameId, 'Аня два'); return 'seated'; } catch (e) { return e.code; }
}"""


def test_a_second_tab_cannot_take_the_other_seat_of_its_table(server: Server, pages: Any) -> None:
    anna = pages.page(DESKTOP)
    anna.goto(server.url + "/#hall")
    anna.locator("[data-hall-name]").fill("Аня")
    anna.locator("[data-hall=hall-create]").click()
    anna.wait_for_selector("[data-screen=table]:not([hidden]) [data-invite]:not([hidden])")
    game_id = anna.evaluate("() => doublesix.store.state.game.game_id")

    # the same browser (one context: one localStorage), another tab: the hall does not offer
    # her own table's free seat, and the server refuses it even when asked straight out
    second = pages.page(context=pages.contexts[0])
    second.goto(server.url + "/#hall")
    second.locator(f".hall-table[data-game='{game_id}']").wait_for()
    code = second.evaluate(SIT, game_id)
    assert code == "already_seated"
    sent = second.evaluate("() => localStorage.getItem('doublesix.v1.browser')")
    assert sent and sent == anna.evaluate("() => localStorage.getItem('doublesix.v1.browser')")

    # someone else's browser sits down
    boris = pages.page(PHONE)
    boris.goto(server.url + "/#hall")
    boris.locator("[data-hall-name]").fill("Боря")
    row = boris.locator(f".hall-table[data-game='{game_id}']")
    row.wait_for()
    row.locator("[data-hall=hall-sit]").click()
    boris.wait_for_function("() => doublesix.store.state.room?.waiting_for?.length === 0")
    assert boris.evaluate("() => doublesix.store.state.game.seat") == 1
