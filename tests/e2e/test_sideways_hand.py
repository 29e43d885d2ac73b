"""A phone held sideways (issue 24): at 740×360 the hand's second row was cut in half in a
box with nothing to say it scrolls, a playable tile among the hidden. Whole deals against the
computer at 740×360, 844×390 and Telegram's 740×300: at each of my turns every tile of the
hand is whole inside the hand's box and the window (a raised tile included) or, in a hand too
long for the box even at the least size, in a whole row scrolled out of it; no tile is smaller
than a finger's target (views/hand_fit.js HAND_FIT.least), and every button is on screen and
not covered. A hand of fourteen, set on the page, is whole at 740×360 with nothing to scroll."""

# ruff: noqa: E501  (JavaScript run in the page reads better unwrapped)

from __future__ import annotations

import random
from typing import Any

import pytest
from e2e_helpers import Server, play_deal, screenshot, wait_state
from test_calm_table import REACH_JS

# the hand's tiles that are not whole inside its box (as it clips them) or inside the window
WHOLE_JS = """() => {
  const hand = document.querySelector('[data-hand]');
  const box = hand.getBoundingClientRect();
  const bad = [];
  let least = Infinity;
  for (const tile of hand.querySelectorAll('.hand-tile')) {
    const r = tile.getBoundingClientRect();
    least = Math.min(least, r.width);
    // a row scrolled out of the box altogether is whole, to be scrolled to; a tile across the
    // box's edge is cut
    const away = r.bottom <= box.top + 0.5 || r.top >= box.bottom - 0.5;
    const inside = r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5 && r.left >= box.left - 0.5 && r.right <= box.right + 0.5
      && r.top >= -0.5 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5;
    if (!inside && !away) bad.push(`${tile.dataset.tile} at ${JSON.stringify([r.left, r.top, r.right, r.bottom].map(Math.round))} in ${JSON.stringify([box.left, box.top, box.right, box.bottom].map(Math.round))}`);
  }
  return { n: hand.childElementCount, bad, least, scrolls: hand.scrollHeight > hand.clientHeight + 1 };
}"""

SIDEWAYS = [{"width": 740, "height": 360}, {"width": 844, "height": 390}, {"width": 740, "height": 300}]


def _least(page: Any) -> int:
    return int(page.evaluate("async () => (await import('./js/views/hand_fit.js')).HAND_FIT.least"))


@pytest.mark.parametrize("viewport", SIDEWAYS, ids=lambda v: f"{v['width']}x{v['height']}")
def test_every_tile_of_the_hand_is_whole_held_sideways(server: Server, pages: Any, viewport: dict[str, int]) -> None:
    page = pages.page(viewport, has_touch=True)
    page.goto(server.url + "/#computer")
    wait_state(page, {"mine", "other"})
    least = _least(page)
    seen: dict[str, Any] = {"turns": 0, "most": 0}

    def on_turn(p: Any, _moves: int) -> None:
        out = p.evaluate(WHOLE_JS)
        assert out["bad"] == [], f"{viewport}: {out['n']} tiles, cut: {out['bad']}"
        assert out["least"] >= least - 0.5, f"{viewport}: tiles of {out['least']} px"
        reach = p.evaluate(REACH_JS)
        assert reach["bad"] == [], f"{viewport}: {reach['bad']}"
        seen["turns"] += 1
        if out["n"] > seen["most"]:
            seen["most"] = out["n"]
            screenshot(p, "sideways-hand-most")

    rng = random.Random(viewport["width"] * 3 + viewport["height"])
    for _ in range(2):
        play_deal(page, rng, on_turn=on_turn)
        page.locator("[data-result] [data-action=new-game]").click()
        wait_state(page, {"mine", "other"})
    assert seen["turns"] >= 6 and seen["most"] >= 7


def _my_turn(server: Server, pages: Any, viewport: dict[str, int]) -> Any:
    """A game against the computer at my turn, «Автоход» off: nothing moves until I do, so a
    view set on the page stays (the computer's move, or a forced one made by itself, would
    bring the server's view back)."""
    page = pages.page(viewport, has_touch=True)
    page.goto(server.url + "/")
    page.evaluate("() => localStorage.setItem('doublesix.v1.auto.local', 'false')")
    page.goto(server.url + "/#computer")
    wait_state(page, {"mine"})
    return page


def test_a_hand_of_fourteen_is_whole_at_740x360(server: Server, pages: Any) -> None:
    page = _my_turn(server, pages, {"width": 740, "height": 360})
    # the page's own view, with a hand of fourteen of which two can be played
    page.evaluate("""() => {
      const view = doublesix.store.state.view;
      const hand = ['0-0', '0-1', '0-2', '0-3', '0-4', '0-5', '0-6', '1-1', '1-2', '1-3', '1-4', '1-5', '1-6', '2-2'];
      doublesix.store.update({ view: { ...view, hand, line: [[5, 6]], ends: [5, 6], to_move: view.seat,
        legal: ['play 0-5 left', 'play 0-6 right'], lead_options: [], result: null, version: view.version + 100 } });
    }""")
    page.wait_for_function("() => document.querySelectorAll('[data-hand] .hand-tile').length === 14")
    page.wait_for_timeout(100)
    out = page.evaluate(WHOLE_JS)
    assert out["bad"] == [] and not out["scrolls"], out
    assert out["least"] >= _least(page) - 0.5, out
    screenshot(page, "sideways-hand-14")


def test_a_row_scrolled_away_shows_nothing_of_its_playable_tiles_at_740x300(server: Server, pages: Any) -> None:
    """Telegram's 740×300 has room for one row: a playable tile rises by the gap between rows,
    and the hand's bottom padding showed the tops of the next row's playable tiles (clean-clone
    CI: '2-5 at [608,194,634,250] in [510,130,732,202]', twelve tiles)."""
    page = _my_turn(server, pages, {"width": 740, "height": 300})
    # twelve tiles, playable ones in the first row and in the second
    page.evaluate("""() => {
      const view = doublesix.store.state.view;
      const hand = ['0-0', '0-1', '0-2', '0-3', '0-4', '0-5', '0-6', '1-1', '1-2', '1-3', '1-4', '1-5'];
      doublesix.store.update({ view: { ...view, hand, line: [[5, 6]], ends: [5, 6], to_move: view.seat,
        legal: ['play 0-5 left', 'play 0-6 right', 'play 1-5 left'], lead_options: [], result: null,
        version: view.version + 100 } });
    }""")
    page.wait_for_function("() => document.querySelectorAll('[data-hand] .hand-tile').length === 12")
    page.wait_for_timeout(100)
    out = page.evaluate(WHOLE_JS)
    assert out["scrolls"] and out["bad"] == [], out
    screenshot(page, "sideways-hand-300-first-row")
    # the second row, scrolled to: the first row's tiles are as whole or as gone
    page.evaluate("() => document.querySelector('[data-hand]').scrollTo({ top: 10000, behavior: 'instant' })")
    page.wait_for_timeout(100)
    out = page.evaluate(WHOLE_JS)
    assert out["bad"] == [], out
    screenshot(page, "sideways-hand-300-second-row")


def test_a_second_row_of_raised_tiles_only_is_scrolled_to_whole_at_740x300(server: Server, pages: Any) -> None:
    """A lone clone's make test: eight tiles, the eighth (alone in the second row) playable,
    and the first row's bottoms showed 8 px into the box ('0-0 at [521,82,547,138] in
    [510,130,732,194]'): a raised tile's snap area rises with it, so the hand snapped 8 px short
    of that row."""
    page = _my_turn(server, pages, {"width": 740, "height": 300})
    page.evaluate("""() => {
      const view = doublesix.store.state.view;
      const hand = ['0-0', '0-3', '0-4', '0-6', '1-6', '3-3', '4-4', '2-5'];
      doublesix.store.update({ view: { ...view, hand, line: [[5, 6]], ends: [5, 6], to_move: view.seat,
        legal: ['play 2-5 left'], lead_options: [], result: null, version: view.version + 100 } });
    }""")
    page.wait_for_function("() => document.querySelectorAll('[data-hand] .hand-tile').length === 8")
    page.wait_for_timeout(100)
    page.evaluate("() => document.querySelector('[data-hand]').scrollTo({ top: 10000, behavior: 'instant' })")
    page.wait_for_timeout(150)
    out = page.evaluate(WHOLE_JS)
    assert out["scrolls"] and out["bad"] == [], out
    screenshot(page, "sideways-hand-300-raised-row")
