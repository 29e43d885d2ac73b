"""The profile page and a past game's page in a real browser (issue 25), phone first: a game
played against the computer is in the profile's history after a reload, reopens on its own
page with a move-by-move replay and its «Разбор», and a stranger is refused it."""

# ruff: noqa: E501  (JavaScript run in the page reads better unwrapped)

from __future__ import annotations

import random
import shutil
from pathlib import Path
from typing import Any

from e2e_helpers import DESKTOP, PHONE, Server, play_deal, screenshot, wait_state

#: where the issue's screenshots are gathered to be looked at (outside the repository)
SHOTS_FOR_ISSUE = Path("/work/shots/25-profile")


def shot(page: Any, name: str) -> None:
    path = screenshot(page, name)
    if SHOTS_FOR_ISSUE.parent.is_dir():
        SHOTS_FOR_ISSUE.mkdir(exist_ok=True)
        shutil.copy(path, SHOTS_FOR_ISSUE / path.name)


def play_a_computer_game(page: Any, server: Server, lang: str, seed: int) -> None:
    page.goto(server.url + "/")
    page.evaluate("lang => localStorage.setItem('doublesix.v1.lang', JSON.stringify(lang))", lang)
    page.reload()
    page.locator("[data-screen=home] [data-action=start-computer]").click()
    wait_state(page, {"mine", "other", "result", "over"})
    play_deal(page, random.Random(seed))


def no_sideways_scroll(page: Any) -> None:
    assert not page.evaluate("() => document.documentElement.scrollWidth > innerWidth")


def test_a_played_game_is_in_the_profile_and_replays_with_its_review(server: Server, pages: Any) -> None:
    for viewport, lang, seed in ((PHONE, "ru", 3), (DESKTOP, "en", 4)):
        page = pages.page(viewport)
        play_a_computer_game(page, server, lang, seed)
        page.goto(server.url + "/#profile")
        page.reload()  # the profile is the browser's: it survives a reload (its key is kept)
        line = page.locator("[data-profile-games] [data-past]").first
        line.wait_for()
        assert page.locator("[data-profile-games] [data-past]").count() == 1
        text = line.inner_text()
        assert ("Компьютер" if lang == "ru" else "Computer") in text, text
        assert line.get_attribute("data-outcome") in ("won", "lost", "drawn")
        stats = page.locator("[data-profile-stats] [data-stat=draw]").inner_text()
        assert ("сыграно 1" if lang == "ru" else "played 1") in stats, stats
        ratings = page.locator("[data-profile-ratings]").inner_text()
        assert ("Рейтинг" if lang == "ru" else "Rating") in ratings
        no_sideways_scroll(page)
        shot(page, f"profile-{lang}")
        line.scroll_into_view_if_needed()
        shot(page, f"profile-history-{lang}")

        line.click()
        board = page.locator("[data-past-board]")
        board.wait_for()
        assert "#game=" in page.url
        step = page.locator("[data-past-step]")
        assert step.get_attribute("data-past-step") == "0"
        assert page.locator("[data-past-hand] svg").count() == 7  # my hand as dealt
        for n in range(1, 4):
            page.locator("[data-action=past-next]").click()
            page.wait_for_function("n => document.querySelector('[data-past-step]')?.dataset.pastStep === String(n)", arg=n)
        assert board.locator("[data-line]").count() == 1  # the line, drawn as on the table
        page.keyboard.press("End")
        page.wait_for_function("() => document.querySelector('[data-action=past-next]').disabled")
        moves = page.locator("[data-action=past-goto]").count()
        assert moves >= 4
        page.locator("[data-action=past-goto]").nth(1).click()
        page.wait_for_function("() => document.querySelector('[data-past-step]')?.dataset.pastStep === '2'")
        no_sideways_scroll(page)
        page.evaluate("() => document.querySelector('[data-screen=past]').scrollTo(0, 0)")
        shot(page, f"past-game-{lang}")

        page.locator("[data-action=past-review]").click()
        review = page.locator("[data-review]")
        review.wait_for(state="visible")
        page.wait_for_function("() => document.querySelector('[data-review]')?.dataset.state !== 'loading'", timeout=90_000)
        assert review.get_attribute("data-state") == "ready", review.inner_text()
        assert page.locator("[data-review-svg] .graph-move").count() >= 1
        shot(page, f"past-review-{lang}")
        key = page.url.split("#game=")[1]

        # somebody else's browser (in Russian, the default): the game is private
        stranger = pages.page(viewport)
        stranger.goto(f"{server.url}/#game={key}")
        status = stranger.locator("[data-past-status]")
        status.wait_for()
        stranger.wait_for_function("() => !document.querySelector('[data-past-status]').textContent.includes('…')")
        assert "только её игроки" in status.inner_text()


def test_renaming_and_deleting_a_profile(server: Server, pages: Any) -> None:
    page = pages.page(PHONE)
    page.goto(server.url + "/#profile")
    name = page.locator("[data-profile-name]")
    name.wait_for()
    page.locator("[data-action=profile-rename-open]").click()
    field = page.locator("[data-profile-input]")
    field.fill("Тётя Валя")
    field.press("Enter")
    page.wait_for_function("() => document.querySelector('[data-profile-name]')?.textContent === 'Тётя Валя'")
    page.reload()
    page.locator("[data-profile-name]").wait_for()
    assert page.locator("[data-profile-name]").inner_text() == "Тётя Валя"
    key = page.evaluate("() => JSON.parse(localStorage.getItem('doublesix.v1.profile.key'))")
    assert isinstance(key, str) and len(key) >= 40
    page.locator("[data-action=profile-delete]").click()
    page.locator("[data-confirm] [data-action=confirm-yes]").click()
    page.wait_for_function("() => document.querySelector('[data-profile-status]')?.textContent.length > 0")
    assert page.evaluate("() => localStorage.getItem('doublesix.v1.profile.key')") is None
