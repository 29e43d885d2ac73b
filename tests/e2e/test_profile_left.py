"""The profile's count of rated games left (issue 26) in a real browser, on a phone: the line
«Ушёл из рейтинговых партий: 2» when the page says so, nothing when it is 0. The count itself
is the server's (tests/server/ratings/test_rated_leavers.py); here the page's answer is
changed on its way to the browser, so no rated game needs to be left first."""

from __future__ import annotations

import json
from typing import Any

from e2e_helpers import PHONE, Server, screenshot


def open_profile(page: Any, server: Server, lang: str, left: int | None) -> None:
    def with_count(route: Any) -> None:
        answer = route.fetch()
        body = answer.json()
        assert body["left_rated"] == 0  # a new guest left nothing
        if left is not None:
            body["left_rated"] = left
        route.fulfill(response=answer, body=json.dumps(body))

    page.goto(server.url + "/")
    page.evaluate("lang => localStorage.setItem('doublesix.v1.lang', JSON.stringify(lang))", lang)
    page.route("**/api/profiles/me", with_count)
    page.goto(server.url + "/#profile")
    page.reload()
    page.locator("[data-profile-name]").wait_for()


def test_the_profile_shows_the_rated_games_left_only_when_there_are_any(
        server: Server, pages: Any) -> None:
    page = pages.page(PHONE)
    open_profile(page, server, "ru", None)
    assert page.locator("[data-profile-left]").count() == 0
    page.unroute("**/api/profiles/me")
    open_profile(page, server, "ru", 2)
    assert page.locator("[data-profile-left]").inner_text() == "Ушёл из рейтинговых партий: 2"
    assert not page.evaluate("() => document.documentElement.scrollWidth > innerWidth")
    screenshot(page, "profile-left-ru")
    page.unroute("**/api/profiles/me")
    open_profile(page, server, "en", 1)
    assert page.locator("[data-profile-left]").inner_text() == "Rated games left: 1"
