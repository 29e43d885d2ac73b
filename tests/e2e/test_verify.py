"""The browser checks the deal itself (static/js/verify.js): the menu shows the deal's
commitment, and once the deal is over the result sheet says «Раздача проверена ✓», after the
page recomputed the hands and the boneyard from the revealed secret; a deal that does not
agree with what the page saw gets a warning, never silence."""

from __future__ import annotations

import hashlib
import random
from typing import Any

from e2e_helpers import PHONE, Server, play_deal, screenshot, wait_state


def test_a_deal_played_to_the_end_is_verified_by_the_page(server: Server, pages: Any) -> None:
    rng = random.Random(26)
    page = pages.page(PHONE)
    page.goto(server.url + "/")
    page.locator("[data-screen=home] [data-action=start-computer]").click()
    wait_state(page, {"mine", "other"})
    commitment = page.evaluate("() => doublesix.store.state.view.commitment")
    assert isinstance(commitment, str) and len(commitment) == 64
    assert page.evaluate("() => doublesix.store.state.view.secret") is None

    # the commitment, short, in the menu; the whole value is its title and what Copy copies
    page.locator("[data-action=menu]").first.click()
    code = page.locator("[data-menu] [data-menu-commitment]")
    assert code.is_visible()
    assert code.inner_text() == f"{commitment[:8]}…{commitment[-8:]}"
    assert code.get_attribute("title") == commitment
    screenshot(page, "verify-commitment-menu")
    page.keyboard.press("Escape")

    play_deal(page, rng)
    mark = page.locator("[data-result] [data-result-verified]")
    page.wait_for_selector("[data-result-verified][data-verified=ok]")
    assert mark.inner_text() == "Раздача проверена ✓"
    secret = page.evaluate("() => doublesix.store.state.view.secret")
    assert hashlib.sha256(bytes.fromhex(secret)).hexdigest() == commitment
    screenshot(page, "verify-result-verified")

    # the same check, told that this seat was dealt other tiles: a warning on the sheet
    page.evaluate("""async () => {
      const { checkDeal } = await import('./js/deal_check.js');
      const state = doublesix.store.state;
      const hand = ['0-0', '0-1', '0-2', '0-3', '0-4', '0-5', '0-6'];
      const dealt = JSON.stringify(state.witness.dealt[0]?.slice().sort()) === JSON.stringify(hand)
        ? ['1-1', '1-2', '1-3', '1-4', '1-5', '1-6', '2-2'] : hand;
      checkDeal({ ...state, verified: null, witness: { ...state.witness, dealt: { 0: dealt } } });
    }""")
    page.wait_for_selector("[data-result-verified][data-verified=failed]")
    assert mark.inner_text().startswith("⚠ Раздача не сходится: кости при раздаче другие")
    assert mark.get_attribute("role") == "alert"
    screenshot(page, "verify-result-warning")
    assert not pages.errors
