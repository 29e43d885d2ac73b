"""The table of issue 24 in a real browser, as a player sees it: whole deals against the
computer upright on a phone, sideways and on a desktop, where no tile already down moves when
the next one comes (their boxes on the page compared turn after turn) and every pip is 4 px
wide or more; held sideways, every button on screen and not covered (elementFromPoint); at a
hall «Козёл» table with clocks, the chips of a player (three) and of a spectator (four) side by
side without overlapping and with names that read."""

# ruff: noqa: E501  (JavaScript run in the page reads better unwrapped)

from __future__ import annotations

import random
from typing import Any

import pytest
from e2e_helpers import (
    Server,
    answer_name,
    play_deal,
    screenshot,
    table_state,
    take_turn,
    wait_state,
)

# every tile on the line: its name, its box on the page; the line's size step; the pips' size
LINE_JS = """() => {
  const svg = document.querySelector('[data-board] svg.line-svg');
  if (!svg) return null;
  const names = (svg.dataset.line || '').split(' ');
  const tiles = {};
  // a tile still sliding in (its animation moves it) is measured once it has landed
  for (const g of svg.querySelectorAll('.line-tile:not(.is-new)')) {
    const r = g.querySelector('.tile-body').getBoundingClientRect();
    tiles[names[Number(g.dataset.lineIndex)]] = [r.x, r.y, r.width, r.height].map((v) => Math.round(v * 2) / 2);
  }
  // a pip's width as drawn: its radius in the tile's 100-unit half, at this tile size
  const pips = [...svg.querySelectorAll('circle.pip')].map((c) => 2 * Number(c.getAttribute('r')) * Number(svg.dataset.unit) / 100);
  return { tiles, steps: svg.dataset.steps, unit: Number(svg.dataset.unit), pip: pips.length ? Math.min(...pips) : null };
}"""

# every visible control of the table: on screen, and the element at its middle is itself
REACH_JS = """() => {
  const screen = document.querySelector('[data-screen=table]');
  const controls = [...document.querySelectorAll('.topbar button'), ...screen.querySelectorAll('button, input')];
  const bad = [];
  for (const el of controls) {
    if (!el.getClientRects().length || getComputedStyle(el).visibility === 'hidden') continue;
    el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const name = el.dataset.action || el.dataset.tile || el.className || el.tagName;
    if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5) { bad.push(`${name} off screen ${JSON.stringify([r.left, r.top, r.right, r.bottom].map(Math.round))}`); continue; }
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(hit === el || el.contains(hit))) bad.push(`${name} covered by ${hit?.className || hit?.tagName}`);
  }
  return { bad, page: [document.scrollingElement.scrollWidth <= innerWidth, document.scrollingElement.scrollHeight <= innerHeight] };
}"""


def _checker(viewport: dict[str, int], seen: dict[str, Any], reach: bool) -> Any:
    def on_turn(page: Any, _moves: int) -> None:
        now = page.evaluate(LINE_JS)
        if now is None:
            return
        if now["pip"] is not None:
            assert now["pip"] >= 4 - 0.05, f"pips of {now['pip']:.2f} px at {now['unit']} px tiles, {viewport}"
        if seen.get("steps") == now["steps"]:
            for name, box in seen["tiles"].items():
                # within a pixel: text lines above the felt may round its top differently
                moved = max(abs(a - b) for a, b in zip(now["tiles"].get(name, box), box, strict=True))
                assert moved <= 1, f"{name} moved from {box} to {now['tiles'].get(name)} ({viewport})"
        else:
            seen["shrinks"] = seen.get("shrinks", -1) + 1
        seen.update(now)
        seen["turns"] = seen.get("turns", 0) + 1
        if reach:
            out = page.evaluate(REACH_JS)
            assert out["bad"] == [], f"{viewport}: {out['bad']}"
            assert out["page"] == [True, True], "the page itself never scrolls"
    return on_turn


@pytest.mark.parametrize("viewport", [
    {"width": 360, "height": 740}, {"width": 740, "height": 360}, {"width": 844, "height": 390},
    {"width": 740, "height": 300}, {"width": 1280, "height": 800},
], ids=lambda v: f"{v['width']}x{v['height']}")
def test_whole_deals_keep_the_line_calm(server: Server, pages: Any, viewport: dict[str, int]) -> None:
    """740×300 is a phone held sideways inside Telegram (its own bar above the page)."""
    sideways = viewport["width"] > viewport["height"] and viewport["height"] < 500
    page = pages.page(viewport, has_touch=viewport["width"] < 900)
    page.goto(server.url + "/")
    page.goto(server.url + "/#computer")
    rng = random.Random(viewport["width"] + viewport["height"])
    for deal in range(2):
        seen: dict[str, Any] = {}
        play_deal(page, rng, on_turn=_checker(viewport, seen, sideways))
        assert seen["turns"] >= 3
        assert seen.get("shrinks", 0) <= 2
        if deal == 0:
            page.locator("[data-result] [data-action=hide-result]").click()
            screenshot(page, f"calm-line-end-{'sideways' if sideways else 'upright'}")
            page.locator("[data-action=show-result]").click()
        page.locator("[data-result] [data-action=new-game]").click()
        wait_state(page, {"mine", "other"})


CHIPS_JS = """() => {
  const chips = [...document.querySelectorAll('[data-seats] .seat-chip')];
  const box = (el) => el.getBoundingClientRect();
  const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
  const bad = [];
  chips.forEach((c, i) => chips.slice(i + 1).forEach((d) => { if (overlap(box(c), box(d))) bad.push(`chips ${c.dataset.seat} and ${d.dataset.seat} overlap`); }));
  const canvas = document.createElement('canvas').getContext('2d');
  for (const c of chips) {
    const cb = box(c);
    const parts = [...c.querySelectorAll('.seat-name, .seat-count, .seat-mark, .seat-clock')].filter((p) => p.textContent.trim() && p.getClientRects().length);
    parts.forEach((p, i) => {
      const pb = box(p);
      if (pb.left < cb.left - 0.5 || pb.right > cb.right + 0.5 || pb.top < cb.top - 0.5 || pb.bottom > cb.bottom + 0.5) bad.push(`${p.className} of chip ${c.dataset.seat} leaves it`);
      parts.slice(i + 1).forEach((q) => { if (overlap(pb, box(q))) bad.push(`${p.className} and ${q.className} of chip ${c.dataset.seat} overlap`); });
    });
    // a name cut short keeps at least five letters before its «…»
    const name = c.querySelector('.seat-name');
    if (name.scrollWidth > name.clientWidth + 1) {
      canvas.font = getComputedStyle(name).font;
      const five = canvas.measureText(name.textContent.slice(0, 5) + '…').width;
      if (name.clientWidth < five) bad.push(`name «${name.textContent}» cut to under five letters (${name.clientWidth} px)`);
    }
    if (!c.querySelector('.seat-clock')) bad.push(`chip ${c.dataset.seat} has no clock`);
  }
  return { n: chips.length, bad };
}"""


def test_four_chips_with_clocks_fit_a_phone(server: Server, pages: Any) -> None:
    """A hall «Козёл» table with clocks: two people (with a long name), two computers and a
    spectator, all on 360×740 phones."""
    phone = {"width": 360, "height": 740}
    anna = pages.page(phone)
    anna.goto(server.url + "/#hall")
    anna.locator("[data-hall-name]").fill("Анастасия")
    presets = anna.locator("[data-hall-presets]")
    presets.locator("input[name=hall-preset][value='kozel']").check()
    presets.locator("[data-computers] input[value='1']").check()
    presets.locator("[data-computers] input[value='3']").check()
    clock = anna.locator("[data-hall-clock] option").last.get_attribute("value")
    anna.locator("[data-hall-clock]").select_option(clock)
    anna.locator("[data-hall=hall-create]").click()
    anna.wait_for_selector("[data-screen=table]:not([hidden]) [data-invite]:not([hidden])")
    game_id = anna.evaluate("() => doublesix.store.state.game.game_id")
    boris = pages.page(phone)
    boris.goto(server.url + "/#hall")
    boris.locator("[data-hall-name]").fill("Борис Петрович")
    row = boris.locator(f".hall-table[data-game='{game_id}']")
    row.wait_for()
    row.locator("[data-hall=hall-sit][data-seat='2']").click()
    if boris.locator("[data-name-ask]").is_visible():
        answer_name(boris, "Борис Петрович")
    boris.wait_for_function("() => doublesix.store.state.room?.waiting_for?.length === 0")
    viewer = pages.page(phone)
    viewer.goto(server.url + "/#hall")
    watch = viewer.locator(f".hall-table[data-game='{game_id}']")
    watch.wait_for()
    watch.locator("[data-hall=hall-watch]").click()
    viewer.wait_for_function("() => document.querySelectorAll('[data-seats] .seat-chip .seat-clock').length === 4")
    rng = random.Random(24)
    checked = 0
    for _ in range(400):
        for page in (anna, boris):
            if table_state(page) == "mine":
                before = page.evaluate("() => doublesix.store.state.view.version")
                if take_turn(page, rng):
                    page.wait_for_function("v => doublesix.store.state.view?.version !== v || doublesix.store.state.view?.result", arg=before)
        if anna.evaluate("() => (doublesix.store.state.view?.line?.length ?? 0) >= 3"):
            for who, page, n in (("player", anna, 3), ("spectator", viewer, 4)):
                out = page.evaluate(CHIPS_JS)
                assert out["n"] == n
                assert out["bad"] == [], f"{who}: {out['bad']}"
            checked += 1
            if checked == 1:
                screenshot(anna, "calm-seats-player")
                screenshot(viewer, "calm-seats-spectator")
            if checked >= 6 or table_state(anna) == "result":
                break
        anna.wait_for_timeout(40)
    assert checked >= 1
