"""The fair clock at a hall table, in two browsers (issue 24: «3:11 → 3:05 in 6 s» while the
other player still read the last deal's sheet). Аня and Боря play the first deal of a timed
101 match on 360×740 phones; the one who does not lead the next deal presses «Следующая
сдача», and the leader, whose turn it now is, still has the sheet open: their clock reads the
same on both screens a few seconds later. Once they close the sheet it runs. The server's side
is tests/server/test_hall.py; the rule is docs/protocol.md, "Reading the sheet"."""

# ruff: noqa: E501  (JavaScript run in the page reads better unwrapped)

from __future__ import annotations

import random
import time
from typing import Any

from e2e_helpers import Server, hall_table_of_two, screenshot, table_state, take_turn

CLOCK_JS = "seat => document.querySelector(`[data-hall-bar] [data-clock='${seat}'] [data-clock-time]`)?.textContent ?? null"


def _sit_down(server: Server, pages: Any) -> tuple[Any, Any]:
    return hall_table_of_two(server, pages, preset="101")  # 5 min + 3 s


def _play_first_deal(players: list[Any], rng: random.Random) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if all(table_state(p) == "result" for p in players):
            return
        acted = False
        for page in players:
            if table_state(page) == "mine":
                before = page.evaluate("() => doublesix.store.state.view.version")
                if take_turn(page, rng, touch=True):
                    acted = True
                    page.wait_for_function("v => doublesix.store.state.view?.version !== v || doublesix.store.state.view?.result", arg=before)
        if not acted:
            players[0].wait_for_timeout(40)
    raise AssertionError("the first deal did not end in time")


def _leader_of_next_deal(page: Any) -> int:
    """101 (docs/rules.md): the winner of a deal leads the next; after a fish, the one who made it."""
    return int(page.evaluate("""() => {
      const v = doublesix.store.state.view;
      if (v.result.reason !== 'blocked' && v.result.winner !== null) return v.result.winner;
      return v.history.filter((e) => e.action.startsWith('play')).at(-1).seat;
    }"""))


def test_the_readers_clock_waits_for_their_sheet(server: Server, pages: Any) -> None:
    anna, boris = _sit_down(server, pages)
    _play_first_deal([anna, boris], random.Random(11))
    by_seat = {p.evaluate("() => doublesix.store.state.game.seat"): p for p in (anna, boris)}
    leader = _leader_of_next_deal(anna)
    reader, dealer = by_seat[leader], by_seat[1 - leader]
    dealer.locator("[data-result] [data-action=next-deal]").click()
    for page in (anna, boris):
        page.wait_for_function("() => doublesix.store.state.room?.hall?.clock?.running !== null && !doublesix.store.state.view?.result")
    clock = reader.evaluate("() => doublesix.store.state.room.hall.clock")
    assert clock["running"] == leader, clock  # the next deal is the reader's to lead
    assert leader in clock["reading"] and clock["waits"] > 3, clock
    assert reader.locator("[data-result]").is_visible(), "the reader's sheet stays open"

    before = {name: page.evaluate(CLOCK_JS, leader) for name, page in (("reader", reader), ("dealer", dealer))}
    reader.wait_for_timeout(4000)
    after = {name: page.evaluate(CLOCK_JS, leader) for name, page in (("reader", reader), ("dealer", dealer))}
    assert before == after, f"the reader's clock ran while the sheet was open: {before} → {after}"
    assert before["reader"] == before["dealer"]
    screenshot(reader, "fair-clock-reader-sheet-open")
    screenshot(dealer, "fair-clock-dealer-waits")

    # the sheet closed: the clock runs, on both screens
    reader.locator("[data-result] [data-action=hide-result]").click()
    dealer.wait_for_function("s => !(doublesix.store.state.room.hall.clock.reading ?? []).includes(s)", arg=leader)
    reader.wait_for_timeout(2500)
    for page in (reader, dealer):
        now = page.evaluate(CLOCK_JS, leader)
        assert now != before["reader"], f"the clock did not run once the sheet was closed: {now}"
    screenshot(dealer, "fair-clock-runs")
