"""Whole deals on a 360×740 phone and a 1280×800 desktop, judged as a player would: the line
reads like a table, the side to move is lit, the opponent's tile slides in and stays marked,
draws come from the boneyard, result sheets are coloured, grammatical and add up; resign and
restart ask first; the hot-seat cover names the next player and opens the menu; the app is
installable; no screen logs an error. Screenshots under artifacts/screenshots/."""

# ruff: noqa: E501  (JavaScript run in the page reads better unwrapped)

from __future__ import annotations

import json
import random
import re
import urllib.request
from typing import Any

import pytest
from e2e_helpers import (
    DESKTOP,
    PHONE,
    SHOTS,
    Server,
    moved_since,
    save_settings,
    screenshot,
    wait_state,
)
from grammar import agreement_problems
from table_points import check_sheet, line_problems

# set through the CSSOM: the page's Content-Security-Policy refuses an injected <style>
SLOW = "document.documentElement.style.setProperty('--motion', '2400ms', 'important')"


# Each copy of a drawn tile that starts flying, as it is added to the page (set before a draw).
WATCH_FLIGHTS = """() => {
  window.flightWatch?.disconnect();
  window.flights = [];
  window.flightWatch = new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) {
      if (n.classList?.contains('flying-tile')) {
        window.flights.push({ animation: getComputedStyle(n).animationName, fromY: n.style.getPropertyValue('--from-y') });
      }
    }
  });
  window.flightWatch.observe(document.body, { childList: true });
}"""


def moving_shot(page: Any, name: str) -> None:
    """A screenshot with animations left running (mid-slide), named like screenshot()'s."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    page.screenshot(path=str(SHOTS / f"{name}-{size['width']}x{size['height']}.png"), animations="allow")


def watch_console(page: Any) -> list[str]:
    """Console errors and failed requests (a missing favicon included) of *page*."""
    seen: list[str] = []
    page.on("console", lambda m: seen.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    page.on("response", lambda r: seen.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    return seen


def my_turn(page: Any, rng: random.Random, on_choice: Any = None) -> bool:
    """One action of mine (tap a tile, an end if asked; else draw or pass). False if none."""
    tiles = page.locator("[data-hand] [data-playable]")
    n = tiles.count()
    if n:
        tiles.nth(rng.randrange(n)).click()
        if page.locator("[data-choose]").is_visible():
            if on_choice:
                on_choice(page)
            side = rng.choice(["left", "right"])
            page.locator(f"[data-board] button.end-marker[data-end={side}]").click()
        return True
    for action in ("draw", "pass", "redeal"):
        button = page.locator(f"[data-actions] [data-action={action}]")
        if button.is_visible():
            before = page.evaluate("() => doublesix.store.state.view?.version")
            try:
                button.click(timeout=3000)
            except Exception as exc:  # Playwright's TimeoutError (imported lazily)
                if type(exc).__name__ != "TimeoutError":
                    raise
                if not moved_since(page, before):  # not «Автоход»: only a slow machine
                    button.click()
            return True
    return False


def play_out(page: Any, rng: random.Random, each_turn: Any = None, on_choice: Any = None) -> None:
    """Play until the result sheet shows, checking the table before each of my moves."""
    for _ in range(400):
        state = wait_state(page, {"mine", "result"})
        if state == "result":
            return
        if each_turn:
            each_turn(page)
        before = page.evaluate("() => doublesix.store.state.view?.version")
        if my_turn(page, rng, on_choice):
            page.wait_for_function("v => doublesix.store.state.view?.version !== v || doublesix.store.state.view?.result", arg=before)
    raise AssertionError("the deal did not end")


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_whole_deals_read_like_a_table(server: Server, pages: Any, viewport: dict[str, int]) -> None:
    phone = viewport is PHONE
    page = pages.page(viewport)
    errors = watch_console(page)
    page.goto(server.url + "/")
    # «Автоход» off (test_taps.py is where it is tested): every turn of mine is looked at
    # before it is taken, and on a busy machine a forced draw that made itself after 1.1 s
    # ended the turn in the middle of the look («.hand-wrap.is-turn»: 0 in CI)
    page.evaluate("() => localStorage.setItem('doublesix.v1.auto.local', 'false')")
    page.goto(server.url + "/#computer")
    wait_state(page, {"mine", "other", "result"})
    rng = random.Random(10 if phone else 11)
    shots = {"start": False, "long": False, "choice": False}
    longest = 0
    board_box: dict[str, float] = {}

    def each_turn(p: Any) -> None:
        nonlocal longest, board_box
        board_box = p.locator("[data-board]").bounding_box() or {}
        problems = line_problems(p, first_row=phone)
        assert not problems, problems
        # the side to move is lit: my hand, not the opponent's band
        assert p.locator(".hand-wrap.is-turn").count() == 1
        assert p.locator("[data-opponent].is-turn").count() == 0
        status = p.locator("[data-status]").inner_text()
        assert not agreement_problems(status, "ru"), status
        # every one of the opponent's tiles is shown
        count = p.evaluate("() => doublesix.store.state.view.hand_sizes[1]")
        assert p.locator("[data-opp-hand] svg").count() == count
        size = p.evaluate("() => doublesix.store.state.view.line.length")
        longest = max(longest, size)
        if not shots["start"]:
            screenshot(p, "polish-start")
            shots["start"] = True
        if size >= 12 and not shots["long"]:
            screenshot(p, "polish-mid-game-long-line")
            shots["long"] = True

    def on_choice(p: Any) -> None:
        # the chooser covers the prompt lines: the board keeps its size
        assert p.locator("[data-board] button.end-marker.is-choosing").count() == 2
        ends = p.evaluate("() => doublesix.store.state.view.ends")
        assert ends[0] != ends[1], "no question when both ends are the same"
        assert p.locator("[data-board]").bounding_box() == board_box, "the board does not jump"
        if not shots["choice"]:
            screenshot(p, "polish-both-ends-choice")
            shots["choice"] = True

    for deal in range(3):
        play_out(page, rng, each_turn, on_choice)
        summary = check_sheet(page)
        screenshot(page, f"polish-result-{summary['result']['reason']}-{deal}")
        page.locator("[data-result] [data-action=new-game]").click()
        wait_state(page, {"mine", "other"})
        # a new deal starts clean: no last-move line left from the one before
        moves, said = page.evaluate("() => [doublesix.store.state.view.history.length, document.querySelector('[data-announce]').textContent]")
        if moves == 0:
            assert said == ""
    assert longest >= 8
    assert errors == []


def test_the_opponents_tile_slides_in_and_draws_come_from_the_boneyard(server: Server, pages: Any) -> None:
    page = pages.page(PHONE)
    errors = watch_console(page)
    page.goto(server.url + "/#computer")
    page.evaluate(SLOW)
    rng = random.Random(4)
    slid = drawn = False
    for _ in range(300):
        state = wait_state(page, {"mine", "result"})
        if state == "result":
            page.locator("[data-result] [data-action=new-game]").click()
            continue
        hist = page.evaluate("() => doublesix.store.state.view.history")
        if not slid and hist and hist[-1]["seat"] == 1 and hist[-1]["action"].startswith("play") and len(hist) > 3:
            # read in one go: the tile is marked new for a moment only, and a second look
            # (count, then evaluate) waits forever when that moment ends in between
            anim = page.evaluate("() => { const g = document.querySelectorAll('[data-board] .line-tile.is-new.slides'); return g.length === 1 ? [getComputedStyle(g[0]).animationName, g[0].style.getPropertyValue('--from-y')] : null; }")
            if anim:
                assert anim[0] == "slide-in"
                assert int(anim[1].removesuffix("px")) < 0, "it comes from the opponent's side, above"
                moving_shot(page, "polish-opponent-mid-slide")
                slid = True
        if page.locator("[data-actions] [data-action=draw]").is_visible():
            # the drawn tile flies from the boneyard's label to its place in the hand. The page
            # notes each flying copy as it appears: the flight lasts a moment, and on a loaded
            # machine this process may look only after it has landed (and a copy still flying
            # from an earlier draw must not count for this one)
            page.evaluate(WATCH_FLIGHTS)
            page.locator("[data-actions] [data-action=draw]").click()
            page.wait_for_function("() => window.flights.length > 0")
            flight = page.evaluate("() => window.flights[0]")
            assert flight["animation"] == "drawn-from-yard", flight
            assert flight["fromY"] != "", "it starts at the boneyard's label"
            moving_shot(page, "polish-draw")
            drawn = True
            page.wait_for_function("() => doublesix.store.state.pending === false")
            continue
        if slid and drawn:
            break
        before = page.evaluate("() => doublesix.store.state.view?.version")
        my_turn(page, rng)
        page.wait_for_function("v => doublesix.store.state.view?.version !== v || doublesix.store.state.view?.result", arg=before)
    assert slid and drawn
    assert errors == []


def test_no_motion_when_the_player_asks_for_none(server: Server, pages: Any) -> None:
    page = pages.page(PHONE, reduced_motion="reduce")
    page.goto(server.url + "/#computer")
    rng = random.Random(8)
    for _ in range(60):
        state = wait_state(page, {"mine", "result"})
        if state == "result":
            break
        if page.locator("[data-board] .line-tile.is-new").count():
            duration = page.locator("[data-board] .line-tile.is-new").first.evaluate("(g) => getComputedStyle(g).animationDuration")
            assert duration in ("0s", "0ms"), duration
            return
        before = page.evaluate("() => doublesix.store.state.view?.version")
        my_turn(page, rng)
        page.wait_for_function("v => doublesix.store.state.view?.version !== v || doublesix.store.state.view?.result", arg=before)
    raise AssertionError("no tile was played by the computer")


def fake_match_end(page: Any, winner: int) -> None:
    """The finished deal on screen, as the last deal of a 101 match won by *winner* (the
    hands swapped when the real deal went the other way, so the sheet stays consistent)."""
    page.evaluate("""(winner) => {
      const s = doublesix.store.state;
      const v = s.view;
      const swap = v.result.winner !== winner;
      const flip = (a) => (swap ? [a[1], a[0]] : a);
      const loser = 1 - winner;
      const pips = flip(v.result.pips);
      // the loser passes 101 with this deal's points
      const before = Math.min(101, 102 - pips[loser]);
      const third = loser === 0 ? [before, 57] : [57, before];
      const scores = loser === 0 ? [before + pips[0], 57] : [57, before + pips[1]];
      const match = { scores, hanging: 0, deal: 4, leader: null, over: true, winner, target: 101 };
      const deals = [{ deal: 1, scores: [0, 23] }, { deal: 2, scores: [31, 23] }, { deal: 3, scores: third }, { deal: 4, scores }];
      const result = { ...v.result, winner, loser, pips, bonuses: [], hanging: 0, points: pips[loser] };
      const view = { ...v, match, result, revealed_hands: flip(v.revealed_hands), hand_sizes: flip(v.hand_sizes), rules: { ...v.rules, preset: '101' } };
      doublesix.store.update({ view, deals, resultHidden: false });
    }""", winner)


def test_result_sheets_for_a_match(server: Server, pages: Any) -> None:
    """Match win and loss: a real finished deal, shown as the last of a 101 match."""
    page = pages.page(PHONE)
    page.goto(server.url + "/#computer")
    play_out(page, random.Random(2))
    page.locator("[data-result] [data-action=hide-result]").click()
    fake_match_end(page, 0)
    s = check_sheet(page)
    assert s["tone"] == "win" and s["title"] == "Матч ваш!"
    assert "меньше" in s["text"]  # penalty points: lower is better
    assert page.locator("[data-celebrate] .confetti").count() > 0  # a short celebration
    page.wait_for_timeout(600)
    moving_shot(page, "polish-result-match-win")
    page.locator("[data-result] [data-action=hide-result]").click()
    fake_match_end(page, 1)
    s = check_sheet(page)
    assert s["tone"] == "loss" and s["title"] == "Матч проигран"
    assert page.locator("[data-celebrate] .confetti").count() == 0
    screenshot(page, "polish-result-match-loss")


def test_resign_and_restart_ask_first(server: Server, pages: Any) -> None:
    page = pages.page(PHONE)
    errors = watch_console(page)
    page.goto(server.url + "/#computer")
    wait_state(page, {"mine", "other"})
    game = page.evaluate("() => doublesix.store.state.game.game_id")
    # «Заново», answered «Нет»: nothing changes
    page.locator("[data-action=menu]").click()
    page.locator("[data-menu] [data-action=restart]").click()
    confirm = page.locator("[data-confirm]")
    assert confirm.is_visible() and "заново" in confirm.inner_text().lower()
    confirm.locator("[data-confirm-no]").click()
    assert not confirm.is_visible()
    # «Сдаться», answered «Да»: the server scores the resignation and the sheet says so
    rng = random.Random(1)
    if wait_state(page, {"mine", "other"}) == "mine":
        my_turn(page, rng)
    page.locator("[data-action=menu]").click()
    page.locator("[data-menu] [data-action=resign]").click()
    confirm.locator("[data-confirm-yes]").click()
    sheet = page.locator("[data-result]")
    sheet.wait_for(state="visible")
    assert sheet.locator("[data-result-title]").inner_text() == "Вы сдались"
    assert sheet.locator(".sheet").get_attribute("data-tone") == "loss"
    assert page.evaluate("() => doublesix.store.state.view.result.reason") == "resigned"
    assert page.evaluate("() => doublesix.store.state.view.result.resigned") == 0
    sheet.locator("[data-action=new-game]").click()
    page.wait_for_function("() => !doublesix.store.state.view.result")
    wait_state(page, {"mine", "other"})
    assert page.evaluate("() => doublesix.store.state.game.game_id") == game  # the same room
    # «Заново», «Да»: a new deal
    page.locator("[data-action=menu]").click()
    page.locator("[data-menu] [data-action=restart]").click()
    confirm.locator("[data-confirm-yes]").click()
    wait_state(page, {"mine", "other"})
    assert errors == []


def test_hot_seat_cover_names_the_next_player_and_opens_the_menu(server: Server, pages: Any) -> None:
    page = pages.page(PHONE)
    errors = watch_console(page)
    page.goto(server.url + "/#hotseat")
    cover = page.locator("[data-cover]")
    cover.wait_for(state="visible")
    page.wait_for_function("() => doublesix.store.state.view")
    to_move = page.evaluate("() => doublesix.store.state.view.to_move")
    assert f"Игрок {to_move + 1}" in cover.locator("[data-cover-next]").inner_text()
    screenshot(page, "polish-hotseat-cover")
    cover.locator("[data-action=cover-menu]").click()
    menu = page.locator("[data-menu]")
    assert menu.is_visible()
    assert menu.locator("[data-action=resign]").is_visible()  # the game's own actions are here too
    menu.locator("[data-action=close-dialog]").click()
    cover.locator("[data-action=ready]").click()
    status = page.locator("[data-status]").inner_text()
    assert status.startswith(f"Игрок {to_move + 1}:"), status
    assert errors == []


def test_installable_and_quiet_on_every_screen(server: Server, pages: Any) -> None:
    with urllib.request.urlopen(server.url + "/favicon.ico") as r:
        assert r.status == 200 and r.read(4) == b"\x00\x00\x01\x00"
    with urllib.request.urlopen(server.url + "/manifest.webmanifest") as r:
        assert r.headers["content-type"].startswith("application/manifest+json")
        manifest = json.loads(r.read())
    assert manifest["name"] == "Домино" and manifest["theme_color"]
    for icon in manifest["icons"]:
        with urllib.request.urlopen(f"{server.url}/{icon['src']}") as r:
            assert r.status == 200
    assert {"192x192", "512x512"} <= {i["sizes"] for i in manifest["icons"]}
    for viewport in (PHONE, DESKTOP):
        page = pages.page(viewport)
        errors = watch_console(page)
        page.goto(server.url + "/")
        assert page.locator("link[rel=manifest]").count() == 1
        for hash_ in ("#rules", "#tips", "#tutorial", "#online", "#hall", "#hotseat", "#computer", "#home"):
            page.goto(server.url + "/" + hash_)
            page.wait_for_timeout(250)
        if viewport is PHONE:
            # someone waits at a table of the hall; the phone sees it at the top of the list
            host = pages.page(DESKTOP)
            host.goto(server.url + "/#hall")
            # a name no other test gives: tables left by earlier tests (some without a clock)
            # must not be the one measured
            host.locator("[data-hall-name]").fill("Нина")
            host.locator("[data-hall=hall-create]").click()
            page.goto(server.url + "/#hall")
            page.locator("[data-screen=hall]").wait_for(state="visible")
            table = page.locator("[data-hall-tables] li.hall-table", has_text="Нина").first
            table.wait_for()
            chip = table.locator(".hall-clock").first
            chip.wait_for()
            # read in one look inside the page: between two of Playwright's steps a lobby frame
            # may replace the row when its table changes (the host's socket connects)
            clock = page.evaluate("""() => {
              const row = [...document.querySelectorAll('[data-hall-tables] li.hall-table')].find((li) => li.textContent.includes('Нина'));
              const box = row?.querySelector('.hall-clock')?.getBoundingClientRect();
              return box ? { x: box.x, y: box.y, width: box.width, height: box.height } : null;
            }""")
            assert clock and clock["height"] < 30, "the clock chip stays on one line"
            screenshot(page, "polish-hall")
            # the list of tables comes before the form to set one up
            order = page.evaluate("() => { const t = document.querySelector('[data-hall-tables]').getBoundingClientRect().top; const f = document.querySelector('.hall-create').getBoundingClientRect().top; return [t, f]; }")
            assert order[0] < order[1]
        assert errors == [], errors


def test_a_fish_sheet_shows_the_difference(server: Server, pages: Any) -> None:
    """Blocked deals (без добора) against the computer until one ends in a fish."""
    page = pages.page(PHONE)
    errors = watch_console(page)
    page.goto(server.url + "/#computer")
    wait_state(page, {"mine", "other"})
    page.locator("[data-action=settings]").click()
    page.locator("[data-settings] input[name=settings-preset][value=block]").check()
    save_settings(page)
    page.wait_for_function("() => doublesix.store.state.view?.rules?.preset === 'block'")
    rng = random.Random(21)
    for _ in range(25):
        play_out(page, rng)
        s = check_sheet(page)
        if s["result"]["reason"] == "blocked":
            assert s["title"].startswith("Рыба")
            if s["result"]["winner"] is not None:
                # lower total wins the difference: larger − smaller = points
                assert s["ops"][-2:] == ["−", "="] and s["terms"][-1] == s["result"]["points"]
            screenshot(page, "polish-result-fish")
            break
        page.locator("[data-result] [data-action=new-game]").click()
        wait_state(page, {"mine", "other"})
    else:
        raise AssertionError("25 blocked deals without a fish")
    assert errors == []


def _online_pair(pages: Any, server: Server, preset: str) -> tuple[Any, Any]:
    from e2e_helpers import answer_name

    anna = pages.page(PHONE)
    anna.goto(server.url + "/#online")
    anna.locator(f"[data-lobby-presets] input[data-preset][value='{preset}']").check()
    anna.locator("[data-action=create-room]").click()
    answer_name(anna, "Анна")
    anna.locator("[data-invite]").wait_for(state="visible")
    link = anna.locator("[data-invite-link]").input_value()
    boris = pages.page(PHONE)
    boris.goto(link)
    answer_name(boris, "Борис")
    wait_state(boris, {"mine", "other"})
    wait_state(anna, {"mine", "other"})
    return anna, boris


def test_online_sheets_stay_and_offers_can_be_withdrawn(server: Server, pages: Any) -> None:
    from test_two_players import _play_some

    rng = random.Random(6)
    # 101: when one player starts the next deal, the other still reads the last one's sheet
    anna, boris = _online_pair(pages, server, "101")
    assert _play_some([anna, boris], rng, 400)
    wait_state(anna, {"result"})
    wait_state(boris, {"result"})
    if anna.locator("[data-result] [data-action=next-deal]").is_visible():
        anna.locator("[data-result] [data-action=next-deal]").click()
        wait_state(anna, {"mine", "other"})
        boris.wait_for_function("() => !doublesix.store.state.view.result")
        assert boris.locator("[data-result]").is_visible(), "Boris's sheet stays until he closes it"
        check_sheet(boris)
        boris.locator("[data-result] [data-action=next-deal]").click()
        wait_state(boris, {"mine", "other"})

    # a draw game: an offer of a new game can be taken back
    anna, boris = _online_pair(pages, server, "draw")
    assert _play_some([anna, boris], rng, 400)
    wait_state(anna, {"result"})
    wait_state(boris, {"result"})
    anna.locator("[data-result] [data-action=new-game]").click()
    boris.locator("[data-result-note]").filter(has_text="предлагает").wait_for()
    withdraw = anna.locator("[data-result] [data-action=rematch-cancel]")
    withdraw.wait_for()  # Anna's own echo of the offer may come after Boris's
    withdraw.click()
    boris.wait_for_function("() => !(doublesix.store.state.room.rematch ?? []).length")
    assert "предлагает" not in boris.locator("[data-result]").inner_text()
    # Boris may hear of the withdrawal before Anna's own echo redraws her sheet
    anna.locator("[data-result] [data-action=new-game]").wait_for(state="visible", timeout=5000)


def test_in_english_every_word_on_the_table_is_english(server: Server, pages: Any) -> None:
    page = pages.page(PHONE)
    errors = watch_console(page)
    page.goto(server.url + "/")
    page.locator("[data-screen=home] [data-action=toggle-lang]").click()
    page.locator("[data-screen=home] [data-action=start-computer]").click()
    rng = random.Random(12)

    def english(p: Any) -> None:
        text = p.locator("[data-app]").inner_text()
        assert not re.search("[А-Яа-яЁё]", text), text
        assert not agreement_problems(text, "en"), text

    play_out(page, rng, english)
    sheet = page.locator("[data-result]").inner_text()
    assert not re.search("[А-Яа-яЁё]", sheet), sheet
    check_sheet(page, "en")
    screenshot(page, "polish-result-english")
    assert errors == []
