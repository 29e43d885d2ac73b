"""«Разбор» after a deal and «Подсказка» during one, in a real browser, on a phone and a desktop."""

# ruff: noqa: E501  (JavaScript run in the page reads better unwrapped)

from __future__ import annotations

import random
from typing import Any

from e2e_helpers import DESKTOP, PHONE, Server, play_deal, screenshot, shown, wait_state

BUSY = {"mine", "other", "result", "over"}


def start_computer_game(page: Any, server: Server, lang: str) -> None:
    page.goto(server.url + "/")
    page.evaluate("lang => localStorage.setItem('doublesix.v1.lang', JSON.stringify(lang))", lang)
    page.reload()
    page.locator("[data-screen=home] [data-action=start-computer]").click()
    wait_state(page, BUSY)


def ask_hint(page: Any) -> str:
    wait_state(page, {"mine", "cover"})
    button = page.locator("[data-hint-button]")
    button.wait_for(state="visible")
    button.click()
    text = page.locator("[data-hint-text]")
    page.wait_for_function("() => document.querySelector('[data-hint-text]')?.textContent.length > 0",
                           timeout=20_000)
    return str(text.inner_text())


def open_review(page: Any) -> dict[str, Any]:
    sheet = page.locator("[data-result]")
    sheet.locator("[data-review-open]").click()
    review = page.locator("[data-review]")
    review.wait_for(state="visible")
    page.wait_for_function("() => document.querySelector('[data-review]')?.dataset.state !== 'loading'",
                           timeout=90_000)
    assert review.get_attribute("data-state") == "ready", review.inner_text()
    return dict(page.evaluate("""() => {
      const r = document.querySelector('[data-review]');
      const svg = r.querySelector('[data-review-svg]');
      const box = svg.getBoundingClientRect();
      return {
        line: svg.querySelector('[data-review-line]')?.getAttribute('d') ?? '',
        moves: [...svg.querySelectorAll('.graph-move')].map(c => c.dataset.label),
        label: svg.getAttribute('aria-label'),
        items: [...r.querySelectorAll('[data-review-list] li')].map(li => li.textContent),
        better: [...r.querySelectorAll('[data-review-better]')].map(p => p.textContent),
        counts: r.querySelector('[data-review-counts]').textContent,
        title: r.querySelector('[data-review-title]').textContent,
        width: box.width, viewport: innerWidth,
        scrolls: document.documentElement.scrollWidth > innerWidth,
      };
    }"""))


def check_review(seen: dict[str, Any], my_moves: int, lang: str) -> None:
    assert seen["title"] == ("Разбор партии" if lang == "ru" else "Deal review")
    assert seen["line"].startswith("M") and seen["line"].count("L") >= 2
    # each of my actions is a marked point (forced ones included)
    assert len(seen["moves"]) == my_moves, seen
    assert set(seen["moves"]) <= {"best", "inaccuracy", "mistake", "blunder", "forced"}
    assert seen["items"], "the list of mistakes (or that there are none) is shown"
    judged = [m for m in seen["moves"] if m in ("inaccuracy", "mistake", "blunder")]
    assert len(seen["better"]) == min(3, len(judged))
    assert ("Точно" if lang == "ru" else "Best") in seen["counts"]
    assert seen["width"] <= seen["viewport"] and not seen["scrolls"]


def test_review_after_a_deal_with_a_hint_on_a_phone_and_a_desktop(server: Server,
                                                                  pages: Any) -> None:
    for viewport, lang, seed in ((PHONE, "ru", 1), (DESKTOP, "en", 2)):
        page = pages.page(viewport)
        start_computer_game(page, server, lang)
        hint = ask_hint(page)
        assert hint.startswith("Подсказка:" if lang == "ru" else "Hint:"), hint
        screenshot(page, f"hint-{lang}")
        moves = play_deal(page, random.Random(seed))
        note = page.locator("[data-result] [data-result-hints]")
        assert note.is_visible()
        seen = open_review(page)
        check_review(seen, moves, lang)
        screenshot(page, f"review-{lang}")
        page.locator("[data-review] [data-review-list]").scroll_into_view_if_needed()
        screenshot(page, f"review-list-{lang}")
        page.locator("[data-review-close]").click()
        assert page.locator("[data-review]").is_hidden()
        assert page.locator("[data-result]").is_visible()


def test_hints_can_be_turned_off_and_the_tutorial_has_one(server: Server, pages: Any) -> None:
    page = pages.page(PHONE)
    start_computer_game(page, server, "ru")
    wait_state(page, {"mine"})
    assert page.locator("[data-hint-button]").is_visible()
    page.locator("[data-action=settings]").click()
    page.locator("[data-hints-toggle]").uncheck()
    page.locator("[data-action=settings-save]").click()
    assert page.locator("[data-hint-button]").is_hidden()
    page.reload()
    wait_state(page, {"mine"})
    assert page.locator("[data-hint-button]").is_hidden()
    page.evaluate("() => localStorage.setItem('doublesix.v1.hints.on', 'true')")
    page.locator("[data-action=menu]").click()
    page.locator("[data-menu] [data-action=open-tutorial]").click()
    page.locator("[data-tut-hint]").click()
    assert shown("4-4") in page.locator("[data-tut-hint-text]").inner_text()


def test_hot_seat_reviews_either_player(server: Server, pages: Any) -> None:
    page = pages.page(PHONE)
    page.goto(server.url + "/")
    page.locator("[data-screen=home] [data-action=start-hotseat]").click()
    wait_state(page, BUSY | {"cover"})
    play_deal(page, random.Random(4))
    open_review(page)
    seats = page.locator("[data-review-seats] [data-review-seat]")
    assert seats.count() == 2
    seat = page.evaluate("() => doublesix.store.state.view.seat")
    assert seats.nth(seat).get_attribute("aria-pressed") == "true"
    seats.nth(1 - seat).click()
    page.wait_for_function("() => document.querySelector('[data-review]')?.dataset.state === 'ready'"
                           " && document.querySelector('[data-review-seat][aria-pressed=true]')?.dataset.reviewSeat"
                           f" === '{1 - seat}'", timeout=90_000)
    assert page.locator("[data-review-svg] .graph-move").count() >= 1
    screenshot(page, "review-hotseat")
