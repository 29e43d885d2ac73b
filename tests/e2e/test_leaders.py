"""The leaderboards and the profile's ratings in a real browser over a real server (issue 25),
at 360×740 and 1280×800, in Russian and English.

Some 700 rated games are there before the server starts: real games of random players, kept
in history and rated by the real rating code (tests/support/rated_games.py). «Вика», whose
profile key this browser keeps, lost every one of hers, so she stands below the top 50 of
«без добора»; «Лёша» has had five games, so his rating is still provisional («?»). The pages
must show what the server's answers say: the top in order, Вика's own place under it, Лёша how
many games he still needs; the profile's ratings with their graphs, and its games replay."""

# ruff: noqa: E501  (JavaScript run in the page reads better unwrapped)

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import DESKTOP, PHONE, Server, api, screenshot, seeded_server
from tests.support.rated_games import Seeder

from doublesix.server.ratings.model import RATED_PRESETS
from doublesix.server.ratings.service import BOARD_GAMES, WEEK_GAMES, week_start
from doublesix.server.storage import open_storage
from doublesix.server.storage.profiles import ProfileId

ME_KEY = "vika-" + "k" * 40
NEW_KEY = "lyosha-" + "n" * 40
FIRST = ["Аня", "Борис", "Вера", "Глеб", "Дина", "Егор", "Жанна", "Зоя", "Илья", "Катя", "Лев", "Маша", "Нина", "Олег"]
LAST = ["К.", "М.", "С.", "Т."]
ROUNDS = 24  # block games of each of the 57: over BOARD_GAMES, so all are on the board


async def seed(db: Path) -> None:
    storage = open_storage(f"sqlite:///{db}")
    await storage.open()
    try:
        now = time.time()
        monday = week_start(now)
        s = Seeder(storage, now=monday - 3 * 86400)  # last week: on the all-time board only
        others = [await s.profile(f"{a} {b}", f"key-{a}-{b}") for a, b in itertools.product(FIRST, LAST)]
        me = await s.profile("Вика", ME_KEY)
        new = await s.profile("Лёша", NEW_KEY)
        for _ in range(ROUNDS):
            seats: list[ProfileId] = [*others, me]
            s.rng.shuffle(seats)
            for a, b in zip(seats[::2], seats[1::2], strict=False):
                await s.game("block", [a, b], loser=me if me in (a, b) else None)
        for n in range(6):  # three-player deals «с добором»: a rating of their own, provisional
            await s.game("draw", [me, others[n], others[n + 6]])
        s.now = monday + (now - monday) / 2  # this week
        for a, b in itertools.chain.from_iterable(itertools.repeat(list(zip(others[:10:2], others[1:10:2], strict=True)), WEEK_GAMES + 1)):
            await s.game("block", [a, b])
        await s.game("block", [me, others[20]], loser=me)
        for n in range(5):
            await s.game("block", [new, others[30 + n]])
    finally:
        await storage.close()


@pytest.fixture(scope="module")
def rated_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = seeded_server(tmp_path_factory.mktemp("leaders") / "e2e.db", seed)
    yield srv
    srv.stop()


def as_person(page: Any, server: Server, lang: str, key: str | None) -> None:
    page.goto(server.url + "/")
    page.evaluate("([lang, key]) => { localStorage.setItem('doublesix.v1.lang', JSON.stringify(lang)); if (key) localStorage.setItem('doublesix.v1.profile.key', JSON.stringify(key)); }", [lang, key])
    page.reload()  # the language is read as the page starts


# what a person would notice on a page that scrolls down: text cut off, or out at the sides
CUT_JS = """() => {
  const problems = [];
  const screen = document.querySelector('[data-screen]:not([hidden])');
  for (const el of screen.querySelectorAll('h2, h3, p, a, button, li, span, strong')) {
    const r = el.getBoundingClientRect();
    const text = (el.textContent || '').trim();
    if (!text || r.width === 0 || el.closest('[hidden]')) continue;
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow !== 'visible') problems.push(`cut: ${text.slice(0, 40)}`);
    if (r.left < -1 || r.right > innerWidth + 1) problems.push(`out at the side: ${text.slice(0, 40)} ${r.left}..${r.right}`);
  }
  return problems;
}"""


def looks_right(page: Any, name: str) -> None:
    assert not page.evaluate("() => document.documentElement.scrollWidth > innerWidth"), "sideways scroll"
    problems = page.evaluate(CUT_JS)
    assert not problems, f"{name}: {problems}"
    screenshot(page, name)


def board_loaded(page: Any, choice: str) -> None:
    """Wait for the board *choice* ("block.week") to be drawn."""
    rating, period = choice.split(".")
    page.wait_for_function("([r, p]) => document.querySelector(`[data-leaders-type='${r}'][aria-current=page]`) && document.querySelector(`[data-leaders-period='${p}'][aria-current=page]`) && !document.querySelector('[data-leaders-status]')", arg=[rating, period])


def number(label: str) -> int:
    return int(label.replace("?", "").replace("−", "-").replace("+", ""))


def test_the_boards_show_the_top_and_my_own_place_outside_it(rated_server: Server, pages: Any) -> None:
    board = api(rated_server, "/api/ratings/block", ME_KEY)
    assert len(board["top"]) == 50 and board["me"]["place"] > 50  # the seeding did what it says
    week = api(rated_server, "/api/ratings/block?period=week", ME_KEY)
    assert week["me"] is None and week["mine"]["week_games"] == 1 and len(week["top"]) == 10
    for viewport, lang in ((PHONE, "ru"), (DESKTOP, "en")):
        page = pages.page(viewport)
        as_person(page, rated_server, lang, ME_KEY)
        page.goto(rated_server.url + "/#hall")
        page.locator("[data-hall-leaders]").click()  # the hall's way to the boards
        board_loaded(page, "draw.all")
        assert page.url.endswith("#leaders")
        choices = page.locator("[data-screen=leaders] [data-leaders-type]")
        assert choices.evaluate_all("els => els.map((e) => e.dataset.leadersType)") == list(RATED_PRESETS)
        # «с добором»: six three-player games each, nobody is on it; Вика is told how far she is
        assert page.locator("[data-leaders-empty]").is_visible()
        mine = api(rated_server, "/api/ratings/draw", ME_KEY)["mine"]
        off = page.locator("[data-leaders-off]").inner_text()
        to_go = BOARD_GAMES - mine["games"]
        assert mine["label"] in off and mine["label"].endswith("?") and str(to_go) in off, off
        assert (f"ещё {to_go} рейтинговых партий" if lang == "ru" else f"{to_go} more rated games") in off, off
        assert ("втроём и вчетвером" if lang == "ru" else "Three- and four-player") in page.locator("[data-screen=leaders]").inner_text()
        looks_right(page, f"leaders-draw-{lang}")

        # to «без добора» by the keyboard: Tab to it, Enter; the focus stays on the choice
        page.locator("[data-leaders-type=draw]").focus()
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement?.dataset.leadersType") == "block"
        page.keyboard.press("Enter")
        board_loaded(page, "block.all")
        assert page.url.endswith("#leaders=block")
        assert page.evaluate("() => document.activeElement?.dataset.leadersType") == "block"
        rows = page.locator("[data-leaders-top] [data-standing]")
        assert rows.count() == 50
        shown = rows.evaluate_all("els => els.map((e) => [e.dataset.standing, Number(e.dataset.place), e.querySelector('[data-leaders-value]').textContent])")
        assert [(s["profile"], s["place"], s["label"]) for s in board["top"]] == [tuple(r) for r in shown]
        values = [number(v) for _, _, v in shown]
        assert values == sorted(values, reverse=True) and not any(v.endswith("?") for _, _, v in shown)
        # her own place, below the top, in sight without scrolling down the fifty
        own = page.locator("[data-leaders-me] [data-standing]")
        assert own.get_attribute("data-place") == str(board["me"]["place"])
        assert "Вика" in own.inner_text() and board["me"]["label"] in own.inner_text()
        box = own.bounding_box()
        assert box is not None and box["y"] + box["height"] <= viewport["height"] + 1, box
        looks_right(page, f"leaders-block-{lang}")

        # this week: the points won since Monday; she has one game of the three it takes
        page.locator("[data-leaders-period=week]").click()
        board_loaded(page, "block.week")
        assert page.url.endswith("#leaders=block.week")
        shown = page.locator("[data-leaders-top] [data-standing]").evaluate_all("els => els.map((e) => [e.dataset.standing, e.querySelector('[data-leaders-value]').textContent])")
        assert [(s["profile"], ("+" if s["gain"] > 0 else "−" if s["gain"] < 0 else "±") + str(abs(s["gain"]))) for s in week["top"]] == [tuple(r) for r in shown]
        off = page.locator("[data-leaders-off]").inner_text()
        assert (f"ещё {WEEK_GAMES - 1} рейтинговые партии на этой неделе" if lang == "ru" else f"{WEEK_GAMES - 1} more rated games this week") in off, off
        looks_right(page, f"leaders-week-{lang}")


def test_a_provisional_player_and_a_link_without_a_profile(rated_server: Server, pages: Any) -> None:
    page = pages.page(DESKTOP)
    as_person(page, rated_server, "en", NEW_KEY)
    page.goto(rated_server.url + "/#leaders=block")
    board_loaded(page, "block.all")
    mine = api(rated_server, "/api/ratings/block", NEW_KEY)["mine"]
    assert mine["games"] == 5 and mine["provisional"]
    off = page.locator("[data-leaders-off]").inner_text()
    assert off == f"Your rating is {mine['label']} — {BOARD_GAMES - 5} more rated games to go on the board.", off
    assert "«?»: the rating is still provisional." in page.locator("[data-screen=leaders]").inner_text()
    # a link opened in a browser with no profile: the board, and no profile made for it
    stranger = pages.page(PHONE)
    stranger.goto(rated_server.url + "/#leaders=block.week")
    board_loaded(stranger, "block.week")
    assert stranger.locator("[data-leaders-top] [data-standing]").count() == 10
    assert "нет рейтинга" in stranger.locator("[data-leaders-off]").inner_text()
    assert stranger.evaluate("() => localStorage.getItem('doublesix.v1.profile.key')") is None
    stranger.goto(rated_server.url + "/#leaders=chess")
    stranger.locator("[data-leaders-status]").wait_for()
    stranger.wait_for_function("() => document.querySelector('[data-leaders-status]').textContent === 'Такой таблицы нет.'")


def test_the_profile_shows_its_ratings_with_graphs_and_its_games_replay(rated_server: Server, pages: Any) -> None:
    mine = api(rated_server, "/api/profiles/me", ME_KEY)
    me = mine["profile"]["id"]
    ratings = api(rated_server, f"/api/profiles/{me}/ratings")["ratings"]
    assert set(ratings) == {"block", "draw"}
    for viewport, lang in ((PHONE, "ru"), (DESKTOP, "en")):
        page = pages.page(viewport)
        as_person(page, rated_server, lang, ME_KEY)
        page.goto(rated_server.url + "/#profile")
        section = page.locator("[data-profile-ratings]")
        page.wait_for_function("() => document.querySelectorAll('[data-profile-ratings] [data-rating]').length === 2")
        assert section.locator("[data-rating]").evaluate_all("els => els.map((e) => e.dataset.rating)") == ["draw", "block"]
        for key, r in ratings.items():
            line = section.locator(f"[data-rating={key}]")
            assert line.locator("[data-rating-label]").inner_text() == r["label"]
            assert line.get_attribute("data-provisional") == ("yes" if r["provisional"] else "no")
            assert str(r["games"]) in line.inner_text()
            assert line.locator("svg[data-graph]").get_attribute("data-graph") == str(len(r["history"]))
            assert line.locator("svg[data-graph]").get_attribute("aria-label").endswith(str(r["history"][-1]))
        assert ratings["draw"]["provisional"] and not ratings["block"]["provisional"]
        assert ("предварительный" if lang == "ru" else "provisional") in section.locator("[data-rating=draw]").inner_text()
        looks_right(page, f"leaders-profile-{lang}")
        games = page.locator("[data-profile-games] [data-past]")
        assert games.count() == len(mine["games"]) == ratings["block"]["games"] + ratings["draw"]["games"]
        games.first.scroll_into_view_if_needed()
        screenshot(page, f"leaders-history-{lang}")

        # the newest game replays on its own page, move by move
        games.first.click()
        page.locator("[data-past-board]").wait_for()
        for n in range(1, 4):
            page.locator("[data-action=past-next]").click()
            page.wait_for_function("n => document.querySelector('[data-past-step]')?.dataset.pastStep === String(n)", arg=n)
        assert page.locator("[data-past-board] [data-line]").count() == 1
        page.evaluate("() => document.querySelector('[data-screen=past]').scrollTo(0, 0)")
        looks_right(page, f"leaders-past-{lang}")

        # the profile's rating opens its board
        page.goto(rated_server.url + "/#profile")
        # back on the profile, the page answers (a line of its games was once taken for an
        # open result sheet, and the whole app made inert)
        page.locator("[data-profile-board=block]").wait_for()
        assert not page.evaluate("() => document.querySelector('[data-app]').inert")
        page.locator("[data-profile-board=block]").click()
        board_loaded(page, "block.all")
        assert page.url.endswith("#leaders=block")
        page.go_back()  # and the boards' own link, under the ratings
        page.locator("[data-profile-boards]").click()
        page.locator("[data-screen=leaders] [data-leaders-type][aria-current=page]").wait_for()
        assert page.url.endswith("#leaders")


def test_a_provisional_rating_on_a_board_shows_its_question_mark(rated_server: Server, pages: Any) -> None:
    """Who is settled enough for a board is the server's rule (today: no «?» on it at all);
    a line the server marks provisional is shown with its «?», and the page says what it
    means. The answer is changed on its way to the browser to have one."""
    page = pages.page(PHONE)
    as_person(page, rated_server, "ru", ME_KEY)

    def provisional_first(route: Any) -> None:
        answer = route.fetch()
        body = answer.json()
        body["top"][0] = {**body["top"][0], "label": f"{body['top'][0]['rating']}?", "provisional": True}
        route.fulfill(response=answer, body=json.dumps(body))

    page.route("**/api/ratings/block", provisional_first)
    page.goto(rated_server.url + "/#leaders=block")
    board_loaded(page, "block.all")
    first = page.locator("[data-leaders-top] [data-standing]").first
    assert first.locator("[data-leaders-value]").inner_text().endswith("?")
    assert "«?» — рейтинг ещё предварительный." in page.locator("[data-screen=leaders]").inner_text()
