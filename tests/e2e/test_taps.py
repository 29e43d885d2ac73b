"""Issue 24 in a real browser on a 360×740 phone: «Автоход» makes a forced draw with no tap (and
a tap cancels it), ⚙ holds the new switches at every table, and a quick reaction shows by its
sender's seat on the other screen, unless that player muted reactions."""

# ruff: noqa: E501  (JavaScript run in the page reads better unwrapped)

from __future__ import annotations

import random
from typing import Any

from e2e_helpers import PHONE, Server, answer_name, take_turn, wait_state
from e2e_helpers import SHOTS as ARTIFACTS

SHOTS = ARTIFACTS / "24-taps"


def shot(page: Any, name: str) -> None:
    """A screenshot for the issue (outside the repository, as the project asks)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


VERSION = "() => doublesix.store.state.view?.version"
NOW_JS = """() => { const v = doublesix.store.state.view;
  return { legal: v?.legal ?? [], version: v?.version, seat: v?.seat, to_move: v?.to_move, n: v?.history?.length ?? 0 }; }"""
# a lit auto-move's note and the view it waits on, or None when none is waiting
LIT_JS = """() => document.querySelector('.auto-pending')
  ? { note: document.querySelector('[data-auto-note]').textContent, version: doublesix.store.state.view.version } : null"""
# a touch on the felt while an auto-move waits: the view it was cancelled on, else None
CANCEL_JS = """() => {
  if (!document.querySelector('.auto-pending')) return null;
  document.querySelector('[data-board]').dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerType: 'touch' }));
  return doublesix.store.state.view.version;
}"""


def test_autoplay_makes_a_forced_draw_without_a_tap_and_a_tap_cancels_it(server: Server, pages: Any) -> None:
    rng = random.Random(24)
    page = pages.page(PHONE, has_touch=True, is_mobile=True)
    page.goto(server.url + "/")
    page.locator("[data-screen=home] [data-action=start-computer]").tap()
    drawn = cancelled = lit = 0
    for _ in range(2000):
        state = wait_state(page, {"mine", "result"}, timeout=30)
        if state == "result":
            page.locator("[data-result] [data-action=new-game]").tap()
            page.wait_for_function("() => !doublesix.store.state.view?.result")
            continue
        # one look at the page: on a loaded machine the auto-moves run on between two looks
        now = page.evaluate(NOW_JS)
        before = now["version"]
        if now["legal"] != ["draw"] or now["to_move"] != now["seat"]:
            if len(now["legal"]) == 1:  # a single play or pass: it makes itself too
                page.wait_for_function("v => doublesix.store.state.view?.version !== v", arg=before, timeout=10_000)
            elif take_turn(page, rng, touch=True):
                page.wait_for_function("v => doublesix.store.state.view?.version !== v || doublesix.store.state.view?.result", arg=before)
            continue
        # a forced draw: the button lights up and says so, then the draw comes with no tap
        page.wait_for_function("v => document.querySelector('[data-actions] [data-action=draw].auto-pending') || doublesix.store.state.view?.version !== v", arg=before)
        lit_now = page.evaluate(LIT_JS)
        if lit_now is not None and lit_now["version"] == before:
            assert "Автоход" in lit_now["note"], lit_now
            if cancelled == 0 and lit >= 1:
                # a touch on the felt stops it: the turn stays the player's, and the button too.
                # The touch is dispatched in the page while the light is on (a tap from here can
                # come after the pause on a loaded machine); the same listener hears it.
                at = page.evaluate(CANCEL_JS)
                if at is not None:
                    page.wait_for_timeout(2000)
                    assert page.evaluate(VERSION) == at, "a cancelled auto-move was made anyway"
                    button = page.locator("[data-actions] [data-action=draw]")
                    assert "auto-pending" not in (button.get_attribute("class") or "")
                    assert page.locator("[data-auto-note]").inner_text() == ""
                    button.tap()
                    page.wait_for_function("v => doublesix.store.state.view?.version !== v", arg=at)
                    cancelled += 1
                    continue
            else:
                if lit == 0:
                    shot(page, "autoplay-pause-360x740")
                lit += 1
        # nobody touched the page: the move after this view is the player's draw, made by itself
        page.wait_for_function("n => doublesix.store.state.view?.history?.length > n", arg=now["n"], timeout=10_000)
        mine = page.evaluate("n => doublesix.store.state.view.history[n]", now["n"])
        assert mine == {**mine, "seat": now["seat"], "action": "draw"}, mine
        drawn += 1
        if drawn >= 2 and lit >= 1 and cancelled:
            break
    assert drawn >= 2 and lit >= 1 and cancelled == 1, (drawn, lit, cancelled)


def test_settings_hold_the_switches_at_every_table(server: Server, pages: Any) -> None:
    page = pages.page(PHONE)
    page.goto(server.url + "/")
    page.locator("[data-screen=home] [data-action=start-computer]").click()
    wait_state(page, {"mine", "other"})
    page.locator("[data-action=settings]").click()
    box = page.locator("[data-settings] [data-taps-settings]")
    box.wait_for(state="visible")
    assert page.locator("[data-taps-switch=auto] input").is_checked()  # on against the computer
    assert page.locator("[data-taps-switch=sound] input").is_checked()
    assert page.locator("[data-taps-switch=reactions]").is_hidden()  # nobody to react here
    page.locator("[data-taps-switch=pace] input[value=slow]").check()
    assert page.evaluate("() => localStorage.getItem('doublesix.v1.pace')") == '"slow"'
    box.scroll_into_view_if_needed()
    shot(page, "settings-computer-360x740")
    page.locator("[data-taps-switch=auto] input").uncheck()
    assert page.evaluate("() => localStorage.getItem('doublesix.v1.auto.local')") == "false"
    page.locator("[data-action=settings-cancel]").click()
    # online (another browser): the same switches, «Автоход» off until chosen, and no game
    # type to change
    page = pages.page(PHONE)
    box = page.locator("[data-settings] [data-taps-settings]")
    page.goto(server.url + "/")
    page.locator("[data-screen=home] [data-action=start-online]").click()
    page.locator("[data-action=create-room]").click()
    answer_name(page)
    page.locator("[data-invite]").wait_for(state="visible")
    page.locator("[data-action=settings]").click()
    box.wait_for(state="visible")
    assert page.locator("[data-settings-presets]").is_hidden()
    assert not page.locator("[data-taps-switch=auto] input").is_checked()
    assert page.locator("[data-taps-switch=reactions] input").is_checked()
    shot(page, "settings-online-360x740")
    page.locator("[data-action=settings-save]").click()
    assert page.locator("[data-settings]").is_hidden()


BUBBLE_JS = """() => {
  const b = document.querySelector("[data-reaction-bubble=fish][data-seat='0']");
  if (!b) return null;
  const r = b.getBoundingClientRect(), o = document.querySelector('[data-opponent]').getBoundingClientRect();
  return { text: b.textContent, label: b.getAttribute('aria-label'), y: r.top + r.height / 2, top: o.top, bottom: o.bottom };
}"""


def test_a_reaction_shows_by_the_senders_seat_and_can_be_muted(server: Server, pages: Any) -> None:
    anna = pages.page(PHONE)
    anna.goto(server.url + "/")
    anna.locator("[data-screen=home] [data-action=start-online]").click()
    anna.locator("[data-action=create-room]").click()
    answer_name(anna, "Аня")
    anna.locator("[data-invite]").wait_for(state="visible")
    link = anna.locator("[data-invite-link]").input_value()
    boris = pages.page(PHONE)
    boris.goto(link)
    answer_name(boris, "Боря")
    wait_state(boris, {"mine", "other"})
    wait_state(anna, {"mine", "other"})

    anna.locator("[data-action=react-toggle]").click()
    assert anna.locator("[data-react-list]").is_visible()
    anna.locator("[data-reaction=fish]").click()
    bubble = boris.locator("[data-reaction-bubble=fish][data-seat='0']")
    # read in the page while it shows (a reaction shows for three seconds only)
    seen = boris.wait_for_function(BUBBLE_JS).json_value()
    assert seen["text"] == "Рыба!" and "Аня" in seen["label"], seen
    # by the sender: over the opponent's band on Боря's screen, not over his own hand
    assert seen["top"] - 10 <= seen["y"] <= seen["bottom"] + 10, seen
    shot(boris, "reaction-shown-360x740")
    bubble.wait_for(state="detached", timeout=10_000)  # shown briefly

    # Боря mutes reactions in ⚙: the next one is not shown to him
    boris.locator("[data-action=settings]").click()
    boris.locator("[data-taps-switch=reactions] input").uncheck()
    boris.locator("[data-action=settings-cancel]").click()
    heard = boris.evaluate("() => doublesix.connection().lastEvent")
    anna.locator("[data-action=react-toggle]").click()
    anna.locator("[data-reaction=thumbs_up]").click()
    boris.wait_for_function("n => doublesix.connection().lastEvent > n", arg=heard)  # it came …
    boris.wait_for_timeout(300)
    assert boris.locator("[data-reaction-bubble]").count() == 0  # … and was not shown
