"""Every screen at 360×740 and 1280×800: saved as screenshots, and checked for what a person
would notice — tiles on view, the hand clear of the line, no text cut off or pushed out."""

# ruff: noqa: E501  (JavaScript run in the page reads better unwrapped)

from __future__ import annotations

import random
from typing import Any

import pytest
from e2e_helpers import (
    DESKTOP,
    PHONE,
    Server,
    answer_name,
    play_deal,
    screenshot,
    take_turn,
    wait_state,
)

# Problems a person would see: visible text that is cut (ellipsis or overflow), buttons
# outside the window, the line's board running into the hand.
PROBLEMS_JS = """(scope) => {
  const problems = [];
  const W = innerWidth, H = innerHeight;
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none';
  };
  const root = document.querySelector(scope) || document.body;
  for (const el of root.querySelectorAll('h1, h2, h3, p, button, label, li, span, legend')) {
    if (!visible(el) || el.closest('[data-hand]') || el.closest('.end-marker') || el.matches('.end-marker')) continue;
    if (el.closest('[hidden]')) continue;
    const r = el.getBoundingClientRect();
    const text = (el.textContent || '').trim();
    if (!text) continue;
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow !== 'visible') {
      problems.push(`cut: "${text.slice(0, 40)}" (${el.scrollWidth} > ${el.clientWidth})`);
    }
    if (el.closest('.history, .screen.page, .sheet, dialog, .screen.home, .screen.lobby')) continue;
    if (r.left < -1 || r.right > W + 1 || r.top < -1 || r.bottom > H + 1) {
      problems.push(`outside the window: "${text.slice(0, 40)}" ${JSON.stringify([r.left, r.top, r.right, r.bottom])}`);
    }
  }
  const board = document.querySelector('[data-screen=table]:not([hidden]) .board-wrap');
  const hand = document.querySelector('[data-screen=table]:not([hidden]) [data-hand]');
  if (board && hand) {
    const b = board.getBoundingClientRect(), h = hand.getBoundingClientRect();
    if (b.bottom > h.top + 1) problems.push(`the line's board overlaps the hand (${b.bottom} > ${h.top})`);
    for (const tile of board.querySelectorAll('.line-tile')) {
      const r = tile.getBoundingClientRect();
      if (r.top < b.top - 1 || r.bottom > b.bottom + 1 || r.left < b.left - 1 || r.right > b.right + 1) {
        problems.push('a tile of the line lies outside the board');
        break;
      }
    }
    const tiles = [...hand.querySelectorAll('.hand-tile')];
    if (tiles.length && !tiles.some((t) => { const r = t.getBoundingClientRect(); return r.bottom <= H && r.top >= 0 && r.right <= W; })) {
      problems.push('no tile of the hand is fully on screen');
    }
  }
  return problems;
}"""


def check(page: Any, name: str, scope: str = "body") -> None:
    screenshot(page, name)
    problems = page.evaluate(PROBLEMS_JS, scope)
    assert not problems, f"{name} at {page.viewport_size}: {problems}"


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_every_screen(server: Server, pages: Any, viewport: dict[str, int]) -> None:
    rng = random.Random(5)
    page = pages.page(viewport)
    page.goto(server.url + "/")
    check(page, "home")

    page.locator("[data-action=menu]").click()
    check(page, "menu", "[data-menu]")
    page.locator("[data-menu] [data-action=open-rules]").click()
    assert page.locator("[data-page=rules] .tile-svg").count() >= 4
    check(page, "rules")
    page.locator("[data-action=menu]").click()
    page.locator("[data-menu] [data-action=open-tips]").click()
    check(page, "tips")
    page.locator("[data-action=menu]").click()
    page.locator("[data-menu] [data-action=open-tutorial]").click()
    check(page, "tutorial")

    page.locator("[data-action=menu]").click()
    page.locator("[data-menu] [data-action=start-computer]").click()
    wait_state(page, {"mine", "other"})
    for _ in range(6):  # a few moves, so the line has tiles on it
        if wait_state(page, {"mine", "result"}) == "result":
            break
        before = page.evaluate("() => doublesix.store.state.view.version")
        take_turn(page, rng)
        page.wait_for_function("v => doublesix.store.state.view?.version !== v", arg=before)
    wait_state(page, {"mine", "result"})
    if page.locator("[data-result]").is_visible():
        page.locator("[data-result] [data-action=new-game]").click()
        wait_state(page, {"mine"})
    assert page.locator("[data-hand] .hand-tile").count() > 0
    assert page.locator("[data-hand] [data-playable]").count() + page.locator(
        "[data-actions] .btn:visible").count() > 0
    check(page, "table")
    if page.locator("[data-board] .line-tile").count():
        box = page.locator("[data-board] .line-tile").first.bounding_box()
        assert box and box["width"] >= 10 and box["height"] >= 10

    page.locator("[data-action=settings]").click()
    check(page, "settings", "[data-settings]")
    page.locator("[data-settings] [data-action=settings-cancel]").click()

    # the end of the deal: the result sheet, both hands shown
    play_deal(page, rng)
    check(page, "result")
    page.locator("[data-result] [data-action=new-game]").click()
    wait_state(page, {"mine", "other"})

    # English
    page.locator("[data-action=menu]").click()
    page.locator("[data-menu] input[value=en]").check()
    page.locator("[data-menu] [data-action=close-dialog]").click()
    assert "Dominoes" in page.locator("[data-title]").inner_text()
    check(page, "table-en")
    page.locator("[data-action=menu]").click()
    page.locator("[data-menu] input[value=ru]").check()
    page.locator("[data-menu] [data-action=close-dialog]").click()

    page.locator("[data-action=menu]").click()
    page.locator("[data-menu] [data-action=start-online]").click()
    check(page, "lobby")
    page.locator("[data-action=create-room]").click()
    answer_name(page)
    page.locator("[data-invite]").wait_for(state="visible")
    check(page, "invite")

    page.locator("[data-action=menu]").click()
    page.locator("[data-menu] [data-action=start-hotseat]").click()
    page.locator("[data-cover]").wait_for(state="visible")
    check(page, "cover")


def test_the_table_on_a_small_phone(server: Server, pages: Any) -> None:
    """360×640, the smallest phone the issue names: the table still fits without overlaps."""
    rng = random.Random(6)
    page = pages.page({"width": 360, "height": 640})
    page.goto(server.url + "/#computer")
    for _ in range(8):
        if wait_state(page, {"mine", "result"}) == "result":
            page.locator("[data-result] [data-action=new-game]").click()
            continue
        before = page.evaluate("() => doublesix.store.state.view.version")
        take_turn(page, rng)
        page.wait_for_function("v => doublesix.store.state.view?.version !== v", arg=before)
    if wait_state(page, {"mine", "result"}) == "result":
        check(page, "result-small")
        page.locator("[data-result] [data-action=new-game]").click()
        wait_state(page, {"mine"})
    check(page, "table-small")
