"""A whole game against the computer with the keyboard only: Tab, arrows, Enter, Space."""

from __future__ import annotations

from typing import Any

from e2e_helpers import DESKTOP, Server, screenshot, wait_state

FOCUSED_JS = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return {kind: 'none'};
  return {
    kind: el.matches('[data-hand] [data-playable]') ? 'tile'
        : el.matches('[data-choose] button, .end-marker') ? 'end'
        : el.matches('[data-actions] .btn') ? 'action'
        : el.matches('.sheet .btn') ? 'sheet' : 'other',
    action: el.dataset.action || null,
    tile: el.dataset.tile || null,
    label: el.getAttribute('aria-label') || el.textContent,
    outline: getComputedStyle(el).outlineStyle,
  };
}"""


def focused(page: Any) -> dict[str, Any]:
    return dict(page.evaluate(FOCUSED_JS))


def tab_to(page: Any, kinds: set[str], limit: int = 40) -> dict[str, Any]:
    for _ in range(limit):
        now = focused(page)
        if now["kind"] in kinds:
            return now
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {kinds}; focus is on {focused(page)}")


def tab_to_action(page: Any, action: str, limit: int) -> None:
    """Tab (at most *limit* times) until the button of *action* has the focus, or fail: Enter
    on whatever else had it would go on with another test than this one."""
    for _ in range(limit):
        if page.evaluate("() => document.activeElement.dataset.action") == action:
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {action!r}; focus is on {focused(page)}")


def test_whole_game_by_keyboard(server: Server, pages: Any) -> None:
    page = pages.page(DESKTOP)
    page.goto(server.url + "/")
    # Tab only once the home screen is drawn: a key pressed before lands on what the page
    # showed while it started, and Enter would then press something else
    page.locator("[data-screen=home] [data-action=start-computer]").wait_for()
    page.keyboard.press("Tab")
    tab_to_action(page, "start-computer", limit=10)
    page.keyboard.press("Enter")
    wait_state(page, {"mine", "other"})

    checked_tab_order = False
    moves = 0
    for _ in range(300):
        state = wait_state(page, {"mine", "result"})
        if state == "result":
            break
        if not checked_tab_order:
            # every playable tile is reachable with Tab, in the hand's order
            playable = page.locator("[data-hand] [data-playable]").count()
            page.locator("[data-action=menu]").focus()
            reached = set()
            for _ in range(60):
                page.keyboard.press("Tab")
                now = focused(page)
                if now["kind"] == "tile":
                    reached.add(now["tile"])
                    assert now["outline"] != "none"  # visible focus
                if now["kind"] in ("action", "other") and reached:
                    break
            assert len(reached) == playable
            checked_tab_order = True
            page.locator("[data-action=menu]").focus()
        now = tab_to(page, {"tile", "action"})
        if now["kind"] == "tile":
            # arrows move along the hand (onto any tile), then back
            page.keyboard.press("ArrowRight")
            page.keyboard.press("ArrowLeft")
            if focused(page)["tile"] != now["tile"]:
                now = tab_to(page, {"tile"})
            assert "можно сыграть" in now["label"] or "обязательный" in now["label"]
            before = page.evaluate("() => doublesix.store.state.view.version")
            page.keyboard.press("Enter")
            # the tile is either sent at once or waits for an end: let the page settle on
            # which before looking for the end buttons (they render on the next frame)
            page.wait_for_function(
                "(v) => { const s = doublesix.store.state;"
                " return s.pending || s.selected || s.view?.version !== v; }", arg=before)
            if page.evaluate("() => !!doublesix.store.state.selected"):
                page.locator("[data-choose]").wait_for()
                assert focused(page)["kind"] == "end"
                if moves % 2:
                    page.keyboard.press("Escape")  # cancel, then choose again
                    assert not page.locator("[data-choose]").is_visible()
                    page.wait_for_function(
                        "() => document.activeElement?.matches('[data-hand] [data-playable]')")
                    page.keyboard.press("Enter")
                    page.locator("[data-choose]").wait_for()
                    page.keyboard.press("Tab")  # to the right end
                page.keyboard.press("Space")
        else:
            page.keyboard.press("Space")
        moves += 1
        page.wait_for_function("() => !doublesix.store.state.pending")
    else:
        raise AssertionError("the game did not end")
    assert moves > 0
    page.wait_for_function("() => document.activeElement?.matches('.sheet .btn')")
    screenshot(page, "keyboard-result")
    tab_to_action(page, "new-game", limit=6)
    page.keyboard.press("Enter")
    wait_state(page, {"mine", "other"})

    # focus comes back to the table (a tile, a button or the status line), not to the page
    page.wait_for_function(
        "() => Boolean(document.activeElement?.closest?.('[data-screen=table]'))")
