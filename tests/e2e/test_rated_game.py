"""A rated hall game in two browsers over a real server, to its end (issue 25, done-when 2).

Аня (a 360×740 phone) and Боря (a 1280×800 desktop), each with a guest profile of their own,
play a clocked «рейтинговая» «без добора» table made in the hall as a player makes one. Both
result sheets show the rating change the server made (+N / −N, «?» while provisional), both
profiles show the new rating and the game in their history, and a third browser's leaderboard
shows them moved. The board lists only profiles with BOARD_GAMES rated games, so the two have
rated games seeded before the server starts (tests/support/rated_games.py, as
tests/e2e/test_leaders.py does): Аня one short of the board, so this game puts her on it; Боря
on it already, so his line's rating moves. A game of one profile against itself is not rated, and
its sheet says so (a private table's invite opened by a second browser with its key: an
open table seats a person once, and two tabs of one browser share one seat record)."""

# ruff: noqa: E501  (JavaScript run in the page reads better unwrapped)

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import (
    DESKTOP,
    PHONE,
    Server,
    answer_name,
    api,
    screenshot,
    seeded_server,
    table_state,
    take_turn,
)
from tests.support.rated_games import Seeder

from doublesix.server.ratings.service import BOARD_GAMES
from doublesix.server.storage import open_storage
from doublesix.server.storage.profiles import ProfileId, game_key

ANNA_KEY = "anna-" + "a" * 40
BORIS_KEY = "boris-" + "b" * 40
VIEWER_KEY = "vera-" + "v" * 40
OTHERS = ["Гена", "Дима", "Ева", "Жора", "Зина", "Ира"]


async def seed(db: Path) -> None:
    storage = open_storage(f"sqlite:///{db}")
    await storage.open()
    try:
        s = Seeder(storage, now=time.time() - 86400)
        others = [await s.profile(name, f"key-{name}") for name in OTHERS]
        anna = await s.profile("Аня", ANNA_KEY)
        boris = await s.profile("Боря", BORIS_KEY)
        await s.profile("Вера", VIEWER_KEY)
        for n in range(BORIS_GAMES):
            games: list[tuple[ProfileId, ProfileId]] = [(boris, others[n % len(others)])]
            if n < BOARD_GAMES - 1:
                games.append((anna, others[(n + 1) % len(others)]))
            for a, b in games:
                await s.game("block", [a, b])
        for n in range(BOARD_GAMES):  # the others on the board too: a board of several lines
            await s.game("block", [others[n % 3], others[3 + n % 3]])
    finally:
        await storage.close()


BORIS_GAMES = BOARD_GAMES + 4


@pytest.fixture(scope="module")
def rated_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = seeded_server(tmp_path_factory.mktemp("rated") / "e2e.db", seed, DOUBLESIX_COMPUTER_DELAY="0.05")
    yield srv
    srv.stop()


def as_person(page: Any, server: Server, key: str | None, lang: str = "ru") -> None:
    page.goto(server.url + "/")
    page.evaluate("([lang, key]) => { localStorage.setItem('doublesix.v1.lang', JSON.stringify(lang)); if (key) localStorage.setItem('doublesix.v1.profile.key', JSON.stringify(key)); }", [lang, key])
    page.reload()


def make_rated_table(page: Any, server: Server, name: str) -> str:
    """In the hall, as a player does: a name, «без добора», a clock, «рейтинговая»; the table's id."""
    if not page.url.endswith("#hall"):
        page.goto(server.url + "/#hall")
    page.locator("[data-hall-name]").fill(name)
    page.locator("[data-hall-presets] input[name=hall-preset][value=block]").check()
    page.locator("[data-hall-clock]").select_option("2")  # 5 min + 3 s
    page.locator("[data-hall-rated]").check()
    page.locator("[data-hall=hall-create]").click()
    page.wait_for_selector("[data-screen=table]:not([hidden]) [data-invite]:not([hidden])")
    return str(page.evaluate("() => doublesix.store.state.game.game_id"))


def sit_at(page: Any, server: Server, name: str, game_id: str) -> None:
    page.goto(server.url + "/#hall")
    page.locator("[data-hall-name]").fill(name)
    row = page.locator(f"[data-hall-tables] li.hall-table[data-game='{game_id}']")
    assert ("рейтинг" if page.evaluate("() => document.documentElement.lang") == "ru" else "rated") in row.inner_text().lower()
    row.locator("[data-hall=hall-sit]").click()
    page.wait_for_selector("[data-screen=table]:not([hidden])")


def play_to_the_end(players: list[Any], rng: random.Random) -> None:
    """Each player takes their turns until both result sheets are up."""
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        if all(table_state(p) == "result" for p in players):
            return
        acted = False
        for page in players:
            if table_state(page) != "mine":
                continue
            before = page.evaluate("() => doublesix.store.state.view?.version")
            if take_turn(page, rng):
                acted = True
                page.wait_for_function("v => doublesix.store.state.view?.version !== v || doublesix.store.state.view?.result", arg=before)
        if not acted:
            players[0].wait_for_timeout(30)
    raise AssertionError("the game did not end in time")


def rating_line(page: Any) -> str:
    """The sheet's rating line, once the server has rated the game."""
    page.wait_for_function("() => { const b = document.querySelector('[data-result-rating]'); return b && !b.hidden && b.textContent && !b.textContent.includes('…'); }", timeout=20_000)
    return str(page.locator("[data-result-rating]").inner_text())


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "±0"


def standings(server: Server) -> dict[str, tuple[int, str]]:
    """The all-time «без добора» board: profile → (place, label)."""
    return {s["profile"]: (s["place"], s["label"]) for s in api(server, "/api/ratings/block")["top"]}


def test_two_browsers_play_a_rated_game_and_see_their_ratings_move(rated_server: Server, pages: Any) -> None:
    anna_id = api(rated_server, "/api/profiles/me", ANNA_KEY)["profile"]["id"]
    boris_id = api(rated_server, "/api/profiles/me", BORIS_KEY)["profile"]["id"]
    before = {p: api(rated_server, f"/api/profiles/{p}/ratings")["ratings"]["block"] for p in (anna_id, boris_id)}
    assert before[anna_id]["games"] == BOARD_GAMES - 1 and before[anna_id]["label"].endswith("?")
    board_before = standings(rated_server)
    assert anna_id not in board_before and boris_id in board_before  # the seeding did what it says

    # the third browser has the board open before the game
    vera = pages.page(DESKTOP)
    as_person(vera, rated_server, VIEWER_KEY, "en")
    vera.goto(rated_server.url + "/#leaders=block")
    vera.wait_for_selector("[data-leaders-top] [data-standing]")
    assert vera.locator(f"[data-leaders-top] [data-standing='{anna_id}']").count() == 0

    anna, boris = pages.page(PHONE), pages.page(DESKTOP)
    as_person(anna, rated_server, ANNA_KEY)
    as_person(boris, rated_server, BORIS_KEY)
    game_id = make_rated_table(anna, rated_server, "Аня")
    sit_at(boris, rated_server, "Боря", game_id)
    for page in (anna, boris):
        page.wait_for_function("() => doublesix.store.state.room?.waiting_for?.length === 0")
        assert page.evaluate("() => doublesix.store.state.room.hall.rated") is True
    play_to_the_end([anna, boris], random.Random(25))

    answer = api(rated_server, f"/api/games/{game_id}/ratings/1")
    assert answer["outcome"] == "rated" and len(answer["changes"]) == 2
    seat_of = {p: anna.evaluate("() => doublesix.store.state.game.seat") if p == anna_id else boris.evaluate("() => doublesix.store.state.game.seat") for p in (anna_id, boris_id)}
    by_seat = {c["seat"]: c for c in answer["changes"]}
    for page, me, size in ((anna, anna_id, "phone"), (boris, boris_id, "desktop")):
        line = rating_line(page)
        assert line.startswith("Рейтинг: "), line
        for pid, name in ((anna_id, "Аня"), (boris_id, "Боря")):
            change = by_seat[seat_of[pid]]
            name = "Вы" if pid == me else name  # the sheet calls its own player «Вы»
            assert f"{name}\u00a0{change['after']['label']}\u00a0({signed(change['delta'])})" in line.replace(" ", "\u00a0"), line
        page.locator("[data-result-rating]").scroll_into_view_if_needed()
        screenshot(page, f"rated-sheet-{size}")
    # this game made Аня's rating settled: its «?» is gone; Боря's was settled already
    assert not by_seat[seat_of[anna_id]]["after"]["label"].endswith("?")
    assert by_seat[seat_of[anna_id]]["delta"] != 0 or by_seat[seat_of[boris_id]]["delta"] != 0

    # both profiles: the new rating, one game more, and this game on top of the history
    for page, pid in ((anna, anna_id), (boris, boris_id)):
        after = by_seat[seat_of[pid]]["after"]
        page.goto(rated_server.url + "/#profile")
        line = page.locator("[data-profile-ratings] [data-rating=block]")
        line.wait_for()
        assert line.locator("[data-rating-label]").inner_text() == after["label"]
        assert str(before[pid]["games"] + 1) in line.inner_text()
        newest = page.locator("[data-profile-games] [data-past]").first
        newest.wait_for()
        assert ("Боря" if pid == anna_id else "Аня") in newest.inner_text()
        assert newest.get_attribute("data-past") == game_key(game_id, 1)

    # the third browser's board: Аня is on it now, Боря's line shows his new rating
    board_after = standings(rated_server)
    assert anna_id in board_after and board_after[boris_id][1] == by_seat[seat_of[boris_id]]["after"]["label"]
    vera.reload()
    vera.wait_for_selector(f"[data-leaders-top] [data-standing='{anna_id}']")
    for pid in (anna_id, boris_id):
        row = vera.locator(f"[data-leaders-top] [data-standing='{pid}']")
        assert row.get_attribute("data-place") == str(board_after[pid][0])
        assert row.locator("[data-leaders-value]").inner_text() == board_after[pid][1]
    assert board_after[boris_id] != board_before[boris_id]


def test_a_game_of_one_profile_in_two_browsers_is_not_rated(rated_server: Server, pages: Any) -> None:
    # an open table gives a person one seat (hall/holders.py), and two tabs of one browser
    # share its seat record: a private rated table's invite, opened in a second browser that
    # has the first one's profile key, is how a profile plays itself
    first = pages.page(PHONE)
    as_person(first, rated_server, None)
    first.goto(rated_server.url + "/#hall")
    first.locator("[data-hall-public]").uncheck()
    game_id = make_rated_table(first, rated_server, "Сам")
    link = first.locator("[data-invite-link]").input_value()
    me = first.evaluate("() => JSON.parse(localStorage.getItem('doublesix.v1.profile.key'))")
    assert me and f"#join={game_id}." in link
    second = pages.page(DESKTOP)
    as_person(second, rated_server, me)
    second.goto(link)
    answer_name(second, "Сам")
    play_to_the_end([first, second], random.Random(7))
    for page in (first, second):
        assert rating_line(page) == "Не в рейтинг: оба места за одним профилем"
        # nobody else to invite again (room.hall.one_person)
        assert page.locator("[data-result] [data-action=again-offer]").is_hidden()
    screenshot(first, "rated-self-game")
    mine = api(rated_server, "/api/profiles/me", me)["profile"]["id"]
    assert api(rated_server, f"/api/profiles/{mine}/ratings")["ratings"] == {}


def test_a_provisional_rating_is_marked_on_the_sheet(rated_server: Server, pages: Any) -> None:
    """Вера's first rated game (a profile with none: provisional, «?» like lichess's) against
    Боря (settled): her sheet writes her new rating with its «?», his without."""
    vera, boris = pages.page(PHONE), pages.page(DESKTOP)
    as_person(vera, rated_server, VIEWER_KEY)
    as_person(boris, rated_server, BORIS_KEY)
    game_id = make_rated_table(vera, rated_server, "Вера")
    sit_at(boris, rated_server, "Боря", game_id)
    vera.wait_for_function("() => doublesix.store.state.room?.waiting_for?.length === 0")
    play_to_the_end([vera, boris], random.Random(31))
    answer = api(rated_server, f"/api/games/{game_id}/ratings/1")
    assert answer["outcome"] == "rated", answer
    vera_seat = vera.evaluate("() => doublesix.store.state.game.seat")
    labels = {c["seat"]: c["after"]["label"] for c in answer["changes"]}
    assert labels[vera_seat].endswith("?") and not labels[1 - vera_seat].endswith("?"), labels
    line = rating_line(vera).replace(" ", "\u00a0")
    assert f"Вы\u00a0{labels[vera_seat]}\u00a0(" in line and f"Боря\u00a0{labels[1 - vera_seat]}\u00a0(" in line, line
    vera.locator("[data-result-rating]").scroll_into_view_if_needed()
    screenshot(vera, "rated-sheet-provisional")
