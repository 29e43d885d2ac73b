"""Tables of three and four in a real browser: a «Козёл» match against three computers on a
phone (a 4-player block game while the kozel preset is not in the rules core), a 3-player
block game in hot-seat with the cover between every turn, an online 4-player game in four
browser contexts with a reload, a second tab and a rematch, and a hall table for four with
two people, two computers and a spectator who never receives a hand."""

# ruff: noqa: E501  (JavaScript run in the page reads better unwrapped)

from __future__ import annotations

import json
import random
import re
import time
import urllib.error
import urllib.request
from typing import Any

from e2e_helpers import (
    DESKTOP,
    PHONE,
    Server,
    answer_name,
    save_settings,
    screenshot,
    table_state,
    take_turn,
    wait_state,
)

BUSY = {"mine", "other", "result", "over"}


def kozel_available(server: Server) -> bool:
    """Whether this server's rules core has the kozel preset (RULES.md §9)."""
    body = json.dumps({"mode": "hotseat", "rules": {"preset": "kozel"}}).encode()
    req = urllib.request.Request(server.url + "/api/games", data=body,
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=5) as r:
            return bool(r.status == 201)
    except urllib.error.HTTPError:
        return False


def four_rules(server: Server) -> dict[str, Any]:
    return {"preset": "kozel"} if kozel_available(server) else {"preset": "block", "players": 4}


def choose_rules(page: Any, rules: dict[str, Any], prefix: str) -> None:
    """Tick the game type (and the number of players) in a settings-like form."""
    page.locator(f"input[name={prefix}-preset][value='{rules['preset']}']").check()
    if "players" in rules:
        page.locator(f"input[name={prefix}-players][value='{rules['players']}']").check()


def chips(page: Any) -> list[dict[str, Any]]:
    return list(page.evaluate("""() => [...document.querySelectorAll('[data-seats] .seat-chip')].map(c => ({
      seat: Number(c.dataset.seat), place: c.dataset.place, turn: c.classList.contains('is-turn'),
      knock: c.classList.contains('is-knock'), text: c.innerText, partner: c.classList.contains('is-partner'),
      width: c.getBoundingClientRect().width }))"""))


def check_seats(page: Any, players: int, *, teams: bool) -> None:
    """The others sit left (next clockwise), opposite, right; my partner opposite in kozel;
    the chip of the player to move says so."""
    me = page.evaluate("() => doublesix.store.state.view.seat")
    found = chips(page)
    places = {c["place"]: c["seat"] for c in found}
    if players == 4:
        assert places == {"left": (me + 1) % 4, "top": (me + 2) % 4, "right": (me + 3) % 4}
    else:
        assert places == {"left": (me + 1) % 3, "right": (me + 2) % 3}
    if teams:
        assert [c["seat"] for c in found if c["partner"]] == [(me + 2) % 4]
    to_move = page.evaluate("() => doublesix.store.state.view.to_move")
    result = page.evaluate("() => Boolean(doublesix.store.state.view.result)")
    if not result:
        assert [c["seat"] for c in found if c["turn"]] == ([] if to_move == me else [to_move])
    for c in found:
        assert re.search(r"\d+ (кость|кости|костей)\b", c["text"]), c["text"]  # a whole word, in agreement
        if c["knock"]:
            assert "стучит" in c["text"]


def finish_match(page: Any, rng: random.Random, *, on_turn: Any = None, limit: float = 300) -> int:
    """Play my turns and deal on until the game (single deal or match) is over; returns deals."""
    deals = 0
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        state = wait_state(page, {"mine", "result", "cover"}, timeout=60)
        if state == "cover":
            page.locator("[data-cover] [data-action=ready]").click()
            continue
        if state == "result":
            deals += 1
            nxt = page.locator("[data-result] [data-action=next-deal]")
            if not nxt.is_visible():
                return deals
            if on_turn is not None:
                on_turn(page, "result")
            deal = page.evaluate("() => doublesix.store.state.view.match.deal")
            nxt.click()
            page.wait_for_function("d => doublesix.store.state.view?.match?.deal !== d", arg=deal)
            continue
        if on_turn is not None:
            on_turn(page, "mine")
        before = page.evaluate("() => doublesix.store.state.view?.version")
        if take_turn(page, rng):
            page.wait_for_function("v => doublesix.store.state.view?.version !== v || doublesix.store.state.view?.result", arg=before)
    raise AssertionError("the game did not end in time")


def test_four_players_against_three_computers_on_a_phone(server: Server, pages: Any) -> None:
    rules = four_rules(server)
    teams = rules["preset"] == "kozel"
    rng = random.Random(13)
    page = pages.page(PHONE, has_touch=True, is_mobile=True)
    page.goto(server.url + "/")
    page.locator("[data-screen=home] [data-action=start-computer]").click()
    wait_state(page, BUSY)
    # the number of players and «Козёл» sit beside the game type in the settings
    page.locator("[data-action=settings]").click()
    dialog = page.locator("[data-settings]")
    dialog.locator("input[name=settings-preset][value='block']").check()
    assert dialog.locator("[data-players-box]").is_visible()
    dialog.locator("input[name=settings-preset][value='kozel']").check()
    assert dialog.locator("[data-players-box]").is_hidden()
    assert "вчетвером" in dialog.locator("[data-players-note]").inner_text()
    choose_rules(dialog, rules, "settings")
    save_settings(page)
    page.wait_for_function("() => doublesix.store.state.view?.rules?.players === 4")
    # saved like the others: a reload brings back the same kind of game
    page.reload()
    wait_state(page, BUSY)
    assert page.evaluate("() => doublesix.store.state.view.rules.players") == 4
    assert page.evaluate("() => doublesix.store.state.view.rules.preset") == rules["preset"]
    assert page.locator("[data-opponent]").is_hidden()

    shots = {"table": False, "knock": False}

    def look(p: Any, when: str) -> None:
        if when != "mine":
            return
        check_seats(p, 4, teams=teams)
        # three compact chips share the phone's width; the line keeps the room it needs
        widths = [c["width"] for c in chips(p)]
        assert len(widths) == 3 and sum(widths) <= 360
        board = p.locator("[data-board]").bounding_box()
        assert board and board["height"] >= 250
        if not shots["table"] and p.evaluate("() => doublesix.store.state.view.line.length") >= 5:
            screenshot(p, "seats-4p-phone")
            shots["table"] = True
        if not shots["knock"] and any(c["knock"] for c in chips(p)):
            screenshot(p, "seats-4p-knock-phone")
            shots["knock"] = True

    deals = finish_match(page, rng, on_turn=look, limit=400)
    sheet = page.locator("[data-result]")
    assert sheet.is_visible()
    assert sheet.locator(".result-hand").count() == 4  # every hand
    if teams:
        assert deals >= 1
        assert sheet.locator(".result-pair").count() == 2
        assert sheet.locator("[data-result-pairs] table").is_visible()
        title = sheet.locator("[data-result-title]").inner_text()
        # «Козлы!» for the pair that lost the match, «Матч ваш!» for the pair that won it
        winner = page.evaluate("() => doublesix.store.state.view.match.winner")
        assert title in (("Матч ваш!",) if winner == 0 else ("Козлы!", "Сухой козёл!")), title
        assert "козлы" in sheet.locator("[data-result-match]").inner_text()
    # the final sheet opens at its top: the headline, not its buttons at the bottom
    assert page.evaluate("() => document.querySelector('[data-result] .sheet').scrollTop") == 0
    screenshot(page, "seats-4p-result-phone")
    assert shots["table"]


def test_four_player_table_on_a_desktop(server: Server, pages: Any) -> None:
    rules = four_rules(server)
    page = pages.page(DESKTOP)
    page.goto(server.url + "/")
    page.evaluate(f"() => {{ localStorage.setItem('doublesix.v1.preset.computer', JSON.stringify('{rules['preset']}')); localStorage.setItem('doublesix.v1.players.computer', '4'); }}")
    page.locator("[data-screen=home] [data-action=start-computer]").click()
    page.wait_for_function("() => doublesix.store.state.view?.rules?.players === 4")
    rng = random.Random(5)
    for _ in range(3):
        if wait_state(page, {"mine", "result"}, timeout=30) == "result":
            break
        before = page.evaluate("() => doublesix.store.state.view.version")
        take_turn(page, rng)
        page.wait_for_function("v => doublesix.store.state.view?.version !== v", arg=before)
    if wait_state(page, {"mine", "result"}, timeout=30) == "mine":
        check_seats(page, 4, teams=rules["preset"] == "kozel")
        assert page.locator("[data-seats] .seat-backs").first.is_visible()  # backs on a desktop
        screenshot(page, "seats-4p-desktop")
    finish_match(page, rng)
    screenshot(page, "seats-4p-result-desktop")


def test_three_player_block_game_in_hot_seat(server: Server, pages: Any) -> None:
    rng = random.Random(7)
    page = pages.page(PHONE, has_touch=True, is_mobile=True)
    page.goto(server.url + "/")
    page.evaluate("() => { localStorage.setItem('doublesix.v1.preset.hotseat', JSON.stringify('block')); localStorage.setItem('doublesix.v1.players.hotseat', '3'); }")
    page.locator("[data-screen=home] [data-action=start-hotseat]").tap()
    covers, turns, seats = 0, 0, []
    for _ in range(300):
        state = wait_state(page, {"cover", "mine", "result"})
        if state == "result":
            break
        if state == "cover":
            page.wait_for_function("() => doublesix.store.state.view")  # the cover is up from the start
            to_move = page.evaluate("() => doublesix.store.state.view.to_move")
            assert f"Игрок {to_move + 1}" in page.locator("[data-cover]").inner_text()
            covers += 1
            page.locator("[data-cover] [data-action=ready]").tap()
            continue
        seat = page.evaluate("() => doublesix.store.state.view.seat")
        assert seats[-1:] != [seat], "two turns in a row without the cover"
        seats.append(seat)
        check_seats(page, 3, teams=False)
        if turns == 2:
            screenshot(page, "seats-3p-hotseat-phone")
        before = page.evaluate("() => doublesix.store.state.view.version")
        assert take_turn(page, rng, touch=True)
        turns += 1
        page.wait_for_function("v => doublesix.store.state.view?.version !== v", arg=before)
    else:
        raise AssertionError("the hot-seat game did not end")
    assert page.evaluate("() => doublesix.store.state.view.rules.players") == 3
    assert set(seats) == {0, 1, 2} and covers == turns  # the cover before every turn
    sheet = page.locator("[data-result]")
    assert sheet.locator(".result-hand").count() == 3
    screenshot(page, "seats-3p-hotseat-result")


def _wait_seated(page: Any) -> None:
    page.wait_for_function("() => doublesix.store.state.view && doublesix.store.state.room")


def _play_round(players: list[Any], rng: random.Random, moves: int) -> bool:
    """Whoever is to move moves, *moves* times in all; True when the game ended first."""
    done = 0
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        states = [table_state(p) for p in players]
        if "result" in states:
            return True
        movers = [p for p, s in zip(players, states, strict=True) if s == "mine"]
        if not movers:
            players[0].wait_for_timeout(40)
            continue
        mover = movers[0]
        before = mover.evaluate("() => doublesix.store.state.view.version")
        if not take_turn(mover, rng):
            mover.wait_for_timeout(40)
            continue
        mover.wait_for_function("v => doublesix.store.state.view?.version !== v", arg=before)
        done += 1
        if done >= moves:
            return False
    raise AssertionError("nobody could move")


def test_online_game_for_four_with_a_reload_a_second_tab_and_a_rematch(server: Server, pages: Any) -> None:
    rng = random.Random(21)
    anna = pages.page(DESKTOP)
    anna.goto(server.url + "/#online")
    box = anna.locator("[data-lobby-presets]")
    box.locator("input[name=lobby-preset][value='block']").check()
    box.locator("input[name=lobby-players][value='4']").check()
    anna.locator("[data-action=create-room]").click()
    answer_name(anna, "Аня")
    anna.wait_for_selector("[data-invite]:not([hidden])")
    link = anna.locator("[data-invite-link]").input_value()
    assert "Свободных мест — 3" in anna.locator("[data-invite-text]").inner_text()
    # the creator may give a free seat to the computer (not used here: four people play)
    assert anna.locator("[data-give-seats] [data-action=seat-computer]").count() == 3
    players = [anna]
    for name in ("Боря", "Вера", "Гена"):
        page = pages.page(PHONE)
        page.goto(link)
        answer_name(page, name)
        _wait_seated(page)
        players.append(page)
    for page in players:
        page.wait_for_function("() => doublesix.store.state.room?.waiting_for?.length === 0")
    assert [p.evaluate("() => doublesix.store.state.game.seat") for p in players] == [0, 1, 2, 3]
    check_seats(players[2], 4, teams=False)
    names = players[2].locator("[data-seats]").inner_text()
    assert "Гена" in names and "Боря" in names and "Аня" in names
    screenshot(players[2], "seats-online-4p-phone")
    assert not _play_round(players, rng, 4)

    # Вера reloads: she comes back to her seat, and everybody sees her away and back
    players[2].reload()
    _wait_seated(players[2])
    assert players[2].evaluate("() => doublesix.store.state.game.seat") == 2
    for page in players:
        page.wait_for_function("() => doublesix.store.state.room?.waiting_for?.length === 0")
    # Боря opens the game in a second tab: the first says so, the second plays on
    second = pages.page(context=players[1].context)
    second.goto(server.url + "/")
    _wait_seated(second)
    players[1].wait_for_selector("[data-replaced]:not([hidden])")
    assert second.evaluate("() => doublesix.store.state.game.seat") == 1
    players[1] = second
    for page in players:
        page.wait_for_function("() => doublesix.store.state.room?.waiting_for?.length === 0")
    while not _play_round(players, rng, 50):
        pass
    for page in players:
        wait_state(page, {"result"})
        assert page.locator("[data-result] .result-hand").count() == 4
    screenshot(players[0], "seats-online-4p-result")
    # a rematch needs all four: three agree, the game waits; the fourth starts it
    game_no = anna.evaluate("() => doublesix.store.state.room.game_no")
    for page in players[:3]:
        page.locator("[data-result] [data-action=new-game]").click()
    players[3].wait_for_function("() => doublesix.store.state.room.rematch.length === 3")
    assert "Аня" in players[3].locator("[data-result-note]").inner_text()
    assert "3 из 4" in anna.locator("[data-result-note]").inner_text()
    players[3].locator("[data-result] [data-action=new-game]").click()
    for page in players:
        page.wait_for_function("g => doublesix.store.state.room.game_no === g + 1 && !doublesix.store.state.view.result", arg=game_no)


def test_hall_table_for_four_two_people_two_computers_and_a_spectator(server: Server, pages: Any) -> None:
    rules = four_rules(server)
    anna = pages.page(DESKTOP)
    anna.goto(server.url + "/#hall")
    anna.locator("[data-hall-name]").fill("Аня")
    presets = anna.locator("[data-hall-presets]")
    choose_rules(presets, rules, "hall")
    # the computer takes seats 2 and 4: the creator's partner in kozel is seat 3, a person
    presets.locator("[data-computers] input[value='1']").check()
    presets.locator("[data-computers] input[value='3']").check()
    anna.locator("[data-hall=hall-create]").click()
    anna.wait_for_selector("[data-screen=table]:not([hidden]) [data-invite]:not([hidden])")
    game_id = anna.evaluate("() => doublesix.store.state.game.game_id")

    boris = pages.page(PHONE)
    boris.goto(server.url + "/#hall")
    boris.locator("[data-hall-name]").fill("Боря")
    row = boris.locator(f".hall-table[data-game='{game_id}']")
    row.wait_for()
    text = row.inner_text()
    assert "Компьютер" in text and "Свободно" in text
    if rules["preset"] == "kozel":
        assert "пары" in text
    assert row.locator("[data-hall=hall-sit]").count() == 1  # one free seat: seat 3
    screenshot(boris, "seats-hall-list")
    row.locator("[data-hall=hall-sit][data-seat='2']").click()
    boris.wait_for_function("() => doublesix.store.state.room?.waiting_for?.length === 0")
    assert boris.evaluate("() => doublesix.store.state.game.seat") == 2

    # a spectator: every frame it receives is recorded, and none may carry a hand
    viewer = pages.page(DESKTOP)
    frames: list[str] = []
    viewer.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(str(payload))))
    viewer.goto(server.url + "/#hall")
    watch_row = viewer.locator(f".hall-table[data-game='{game_id}']")
    watch_row.wait_for()
    watch_row.locator("[data-hall=hall-watch]").click()
    viewer.wait_for_selector("[data-watch-label]:not([hidden])")
    # every seat as a chip (the spectator has no hand of its own at the bottom)
    viewer.wait_for_function("() => document.querySelectorAll('[data-seats] .seat-chip').length === 4")

    rng = random.Random(9)
    shot = False
    deadline = time.monotonic() + 400
    while time.monotonic() < deadline:
        over = anna.evaluate("() => { const v = doublesix.store.state.view; return Boolean(v?.result) && (!v.match || v.match.over); }")
        if over:
            break
        for page in (anna, boris):
            state = table_state(page)
            if state == "result":
                nxt = page.locator("[data-result] [data-action=next-deal]")
                if nxt.is_visible():
                    try:
                        nxt.click(timeout=1500)
                    except Exception as exc:
                        if type(exc).__name__ != "TimeoutError":
                            raise
            elif state == "mine":
                if not shot and page is boris and page.evaluate("() => doublesix.store.state.view.line.length") >= 4:
                    check_seats(boris, 4, teams=rules["preset"] == "kozel")
                    assert boris.locator("[data-seats] .seat-clock").count() == 3  # everyone's clock
                    screenshot(boris, "seats-hall-4p-phone")
                    screenshot(anna, "seats-hall-4p-desktop")
                    shot = True
                before = page.evaluate("() => doublesix.store.state.view.version")
                if take_turn(page, rng):
                    page.wait_for_function("v => doublesix.store.state.view?.version !== v || doublesix.store.state.view?.result", arg=before)
        anna.wait_for_timeout(20)
    else:
        raise AssertionError("the hall game did not end")
    assert shot
    viewer.wait_for_function("() => Boolean(doublesix.store.state.view?.result)")
    screenshot(viewer, "seats-hall-watch")
    assert viewer.locator("[data-hand] .hand-tile").count() == 0
    views = [json.loads(f) for f in frames if f.startswith("{")]
    seen = [f for f in views if f.get("view")]
    assert len(seen) >= 5
    for frame in seen:
        assert frame["view"]["seat"] is None
        assert not {"hand", "legal", "revealed_hands"} & set(frame["view"]), frame["type"]
    assert pages.errors == []


def test_rules_and_tips_pages_have_a_kozel_section(server: Server, pages: Any) -> None:
    page = pages.page(PHONE)
    page.goto(server.url + "/#rules")
    rules = page.locator("[data-page=rules]")
    rules.locator("h3", has_text="Козёл").wait_for()
    assert "сухой козёл" in rules.inner_text() and "Втроём и вчетвером" in rules.inner_text()
    page.goto(server.url + "/#tips")
    assert "играйте за пару" in page.locator("[data-page=tips]").inner_text()
    page.goto(server.url + "/#home")
    page.locator("[data-action=toggle-lang]").click()
    page.goto(server.url + "/#rules")
    assert "Kozel" in page.locator("[data-page=rules]").inner_text()


def test_kozel_for_four_people_on_one_device(server: Server, pages: Any) -> None:
    """Hot-seat «Козёл»: the cover between every turn, the pairs named by number on the
    shared screen, and the deal's sheet by pair."""
    if not kozel_available(server):
        import pytest

        pytest.skip("the rules core has no kozel")
    rng = random.Random(4)
    page = pages.page(PHONE, has_touch=True, is_mobile=True)
    page.goto(server.url + "/")
    page.evaluate("() => localStorage.setItem('doublesix.v1.preset.hotseat', JSON.stringify('kozel'))")
    page.locator("[data-screen=home] [data-action=start-hotseat]").tap()
    turns = covers = 0
    for _ in range(200):
        state = wait_state(page, {"cover", "mine", "result"})
        if state == "result":
            break
        if state == "cover":
            covers += 1
            page.locator("[data-cover] [data-action=ready]").tap()
            continue
        assert "Пара 1: 0 · Пара 2: 0" in page.locator("[data-score]").inner_text()
        tags = sorted(page.locator("[data-seats] .seat-tag").all_inner_texts())
        assert tags in (["①", "②", "②"], ["①", "①", "②"])  # each chip's pair, short on a phone
        if turns == 5:
            screenshot(page, "seats-kozel-hotseat-phone")
        before = page.evaluate("() => doublesix.store.state.view.version")
        assert take_turn(page, rng, touch=True)
        turns += 1
        page.wait_for_function("v => doublesix.store.state.view?.version !== v", arg=before)
    assert covers == turns and turns >= 8
    sheet = page.locator("[data-result]")
    assert sheet.locator(".result-pair").count() == 2
    assert "Игрок 1 + Игрок 3" in sheet.inner_text()
    screenshot(page, "seats-kozel-hotseat-result")
