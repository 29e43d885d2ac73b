"""A saved seat whose token the server refuses (`bad_token`, the socket left open) is
forgotten: a local game starts afresh, an online one goes back to the lobby."""

# ruff: noqa: E501  (JavaScript run in the page reads better unwrapped)

from __future__ import annotations

from typing import Any

from e2e_helpers import DESKTOP, Server, wait_state

FORGE = """([key, token]) => {
  const k = 'doublesix.v1.' + key;
  const record = JSON.parse(localStorage.getItem(k));
  localStorage.setItem(k, JSON.stringify({ ...record, token }));
  return record.game_id;
}"""


def test_a_forged_saved_token_is_forgotten(server: Server, pages: Any) -> None:
    page = pages.page(DESKTOP)
    page.goto(server.url + "/")
    page.locator("[data-screen=home] [data-action=start-computer]").click()
    wait_state(page, {"mine", "other"})
    old = page.evaluate(FORGE, ["game.computer", "A" * 43])
    page.reload()
    page.wait_for_function("old => doublesix.store.state.game?.game_id && doublesix.store.state.game.game_id !== old && doublesix.store.state.conn === 'open'", arg=old)
    wait_state(page, {"mine", "other"})
    assert page.evaluate("() => JSON.parse(localStorage.getItem('doublesix.v1.game.computer')).token") != "A" * 43

    page.goto(server.url + "/#online")
    page.evaluate("() => localStorage.setItem('doublesix.v1.name.skipped', 'true')")
    page.locator("[data-action=create-room]").click()
    page.locator("[data-invite]").wait_for(state="visible")
    game_id = page.evaluate(FORGE, [f"online.{page.evaluate('() => doublesix.store.state.game.game_id')}", "B" * 43])
    # one load only: leaving "#online" for "/" loads the page anew, and it meets the forged
    # token and forgets the seat; a second load (a reload) would find nothing left to refuse
    page.goto(server.url + "/")
    page.locator("[data-lobby-msg]").filter(has_text="Комната не найдена").wait_for()
    assert page.evaluate(f"() => localStorage.getItem('doublesix.v1.online.{game_id}')") is None
