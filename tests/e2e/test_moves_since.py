"""Every move since your turn at tables of three and four that are not hot-seat: against three
computers (moving 0.05 s apart here) the player reads all three moves when the turn comes back
(«С вашего хода: Слева: 0-5 к 0 · Напротив: 4-5 к 5 · Справа: 4-4 к 4»), the tiles are ringed,
a reload brings the same words back, and a spectator of a hall table reads the round up to the
player to move. On a phone the history is a sheet pulled up from the table.

The words are worked out here from the history the server sent, independently of the page."""

# ruff: noqa: E501  (JavaScript run in the page reads better unwrapped)

from __future__ import annotations

import random
import time
from typing import Any

from e2e_helpers import DESKTOP, PHONE, Server, shown, table_state, take_turn, wait_state
from e2e_helpers import SHOTS as ARTIFACTS

SHOTS = ARTIFACTS / "24-moves"

LOOK_JS = """() => {
  const announce = document.querySelector('[data-screen=table] [data-announce]');
  const svg = document.querySelector('[data-board] svg');
  const line = svg ? svg.dataset.line.split(' ') : [];
  const ringed = (cls) => [...document.querySelectorAll(`[data-board] .line-tile.${cls}`)].map((g) => line[Number(g.dataset.lineIndex)]);
  const view = doublesix.store.state.view;
  return { since: announce.dataset.since ?? null, text: announce.textContent, live: announce.getAttribute('aria-live'),
    overflows: announce.scrollHeight > announce.clientHeight + 1, history: view.history, seat: view.seat,
    toMove: view.to_move, ringed: ringed('is-since').concat(ringed('is-last')), result: Boolean(view.result) };
}"""

PLACES = {1: "Слева", 2: "Напротив", 3: "Справа"}


def canonical(tile: str) -> str:
    a, b = sorted(int(x) for x in tile.split("-"))
    return f"{a}-{b}"


def act_words(events: list[dict[str, Any]]) -> list[str]:
    """One player's run of actions in words: draws in a row counted once, a play by the end's number."""
    out: list[str] = []
    draws = 0
    for event in events + [{"action": "end"}]:
        words = event["action"].split()
        if words[0] == "draw":
            draws += 1
            continue
        if draws:
            out.append("добор" if draws == 1 else f"добор\u00a0×{draws}")
            draws = 0
        if words[0] == "play":
            if len(words) == 2:
                out.append(f"заход {shown(canonical(words[1]))}")
            else:
                value = event["ends_before"][0 if words[2] == "left" else 1]
                out.append(f"{shown(canonical(words[1]))} к\u00a0{value}")  # «к» never ends a line
        elif words[0] == "pass":
            out.append("пас")
    return out


def summary(events: list[dict[str, Any]], name: Any) -> tuple[str, list[str]]:
    """The words for *events* (grouped by runs of one seat) and the tiles they laid."""
    runs: list[tuple[int, list[dict[str, Any]]]] = []
    for event in events:
        if not runs or runs[-1][0] != event["seat"]:
            runs.append((event["seat"], []))
        runs[-1][1].append(event)
    text = " · ".join(f"{name(seat)}: {', '.join(act_words(run))}" for seat, run in runs)
    tiles = [canonical(e["action"].split()[1]) for e in events if e["action"].startswith("play")]
    return text, tiles


def since_my_turn(history: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    """On my turn: the others' events since my previous action (my draws of this turn left out)."""
    end = len(history)
    while end and history[end - 1]["seat"] == seat:
        end -= 1
    mine = [i for i, e in enumerate(history[:end]) if e["seat"] == seat]
    return history[mine[-1] + 1:end] if mine else history[:end]


def start_computer(page: Any, server: Server, preset: str, players: int) -> None:
    page.goto(server.url + "/")
    page.evaluate(f"() => {{ localStorage.setItem('doublesix.v1.preset.computer', JSON.stringify('{preset}')); localStorage.setItem('doublesix.v1.players.computer', '{players}'); }}")
    # «Автоход» off: these tests take every turn of mine themselves, and a forced move that made
    # itself between a look and a tap (or right after a reload) left them with nothing to do
    page.evaluate("() => localStorage.setItem('doublesix.v1.auto.local', 'false')")
    page.reload()
    page.locator("[data-screen=home] [data-action=start-computer]").click()


def check_my_turn(page: Any, *, teams: bool) -> dict[str, Any]:
    page.wait_for_function("() => { const a = document.querySelector('[data-screen=table] [data-announce]'); return a.dataset.since !== undefined; }")
    look = dict(page.evaluate(LOOK_JS))
    seat = look["seat"]

    def name(s: int) -> str:
        k = (s - seat) % 4
        return "Партнёр" if teams and k == 2 else PLACES[k]

    events = since_my_turn(look["history"], seat)
    text, tiles = summary(events, name)
    assert look["since"] == text, (look["since"], text, look["history"])
    if text:
        assert look["text"] == f"С вашего хода: {text}", look["text"]
    assert look["live"] == "polite"
    assert not look["overflows"], look
    # every tile laid since (and the last one by its own ring) is ringed on the line
    ringed = [canonical(x) for x in look["ringed"]]
    assert set(tiles) <= set(ringed) and len(ringed) <= len(tiles) + 1, (ringed, tiles)  # +1: the last tile's ring
    look["events"] = events
    return look


def test_four_players_against_the_computer_see_all_three_moves_since_their_turn(server: Server, pages: Any) -> None:
    for preset, teams in (("block", False), ("kozel", True)):
        page = pages.page(PHONE, has_touch=True, is_mobile=True)
        start_computer(page, server, preset, 4)
        rng = random.Random(21)
        full_rounds = 0
        reloaded = False
        for _ in range(40):
            state = wait_state(page, {"mine", "result"})
            if state == "result":
                break
            look = check_my_turn(page, teams=teams)
            if any(e["seat"] == look["seat"] for e in look["history"]):
                # past my first move: the three others are all named, none of their moves lost
                assert {e["seat"] for e in look["events"]} == {(look["seat"] + k) % 4 for k in (1, 2, 3)}, look
                full_rounds += 1
                if full_rounds == 2:
                    page.screenshot(path=f"{SHOTS}/since-4p-{preset}-360x740.png")
                if full_rounds == 3 and not reloaded:
                    # a reload: the same words again, from the view's history of the deal
                    said = look["since"]
                    page.reload()
                    wait_state(page, {"mine"})
                    assert check_my_turn(page, teams=teams)["since"] == said
                    reloaded = True
            before = page.evaluate("() => doublesix.store.state.view.version")
            assert take_turn(page, rng, touch=True)
            page.wait_for_function("v => doublesix.store.state.view?.version !== v", arg=before)
            # just after my own move nothing is news yet: the line does not repeat the last round
            # (both read in one go: the computers move 0.05 s apart)
            mine, said = page.evaluate("() => { const v = doublesix.store.state.view; return [v.history.at(-1)?.seat === v.seat, document.querySelector('[data-screen=table] [data-announce]').dataset.since]; }")
            if mine:
                assert said == "", said
        assert full_rounds >= 3, full_rounds
        assert reloaded


def test_a_spectator_reads_the_round_up_to_the_player_to_move(server: Server, pages: Any) -> None:
    anna = pages.page(DESKTOP)
    anna.goto(server.url + "/#hall")
    anna.locator("[data-hall-name]").fill("Аня")
    presets = anna.locator("[data-hall-presets]")
    presets.locator("input[name=hall-preset][value='block']").check()
    presets.locator("input[name=hall-players][value='4']").check()
    for seat in ("1", "2"):
        presets.locator(f"[data-computers] input[value='{seat}']").check()
    anna.locator("[data-hall=hall-create]").click()
    anna.wait_for_selector("[data-screen=table]:not([hidden]) [data-invite]:not([hidden])")
    game_id = anna.evaluate("() => doublesix.store.state.game.game_id")

    boris = pages.page(DESKTOP)
    boris.goto(server.url + "/#hall")
    boris.locator("[data-hall-name]").fill("Боря")
    row = boris.locator(f".hall-table[data-game='{game_id}']")
    row.wait_for()
    row.locator("[data-hall=hall-sit][data-seat='3']").click()
    boris.wait_for_function("() => doublesix.store.state.room?.waiting_for?.length === 0")

    viewer = pages.page(PHONE, has_touch=True, is_mobile=True)
    viewer.goto(server.url + "/#hall")
    row = viewer.locator(f".hall-table[data-game='{game_id}']")
    row.wait_for()
    row.locator("[data-hall=hall-watch]").click()
    viewer.wait_for_selector("[data-watch-label]:not([hidden])")

    def name(seat: int) -> str:
        return {0: "Аня", 3: "Боря"}.get(seat, f"Компьютер {seat + 1}")

    rng = random.Random(5)
    checked = 0
    deadline = time.monotonic() + 180
    while checked < 4 and time.monotonic() < deadline:
        if table_state(anna) == "result" or table_state(boris) == "result":
            break
        for page, seat in ((anna, 0), (boris, 3)):
            if table_state(page) != "mine":
                continue
            # the spectator has caught up with this player's view: its turn there too
            version = page.evaluate("() => doublesix.store.state.view.version")
            viewer.wait_for_function("v => doublesix.store.state.view?.version >= v", arg=version)
            look = dict(viewer.evaluate(LOOK_JS))
            if look["toMove"] == seat:
                history = look["history"]
                assert look["seat"] is None
                events = since_my_turn(history, seat)  # a block game: nobody draws in this turn
                text, _ = summary(events, name)
                assert look["since"] == text, (look["since"], text, history)
                if text:
                    assert look["text"] == f"За круг: {text}", look["text"]
                assert not look["overflows"], look
                if any(e["seat"] == seat for e in history):
                    assert {e["seat"] for e in events} == {0, 1, 2, 3} - {seat}, (events, history)
                    checked += 1
                    if checked == 2:
                        viewer.screenshot(path=f"{SHOTS}/since-spectator-360x740.png")
            before = page.evaluate("() => doublesix.store.state.view.version")
            if take_turn(page, rng):
                page.wait_for_function("v => doublesix.store.state.view?.version !== v", arg=before)
        anna.wait_for_timeout(20)
    assert checked >= 2, checked


SHEET_JS = """() => {
  const box = document.querySelector('[data-history-sheet]');
  const rect = box.getBoundingClientRect();
  return { open: box.open, items: [...box.querySelectorAll('[data-history-sheet-list] li')].map((li) => li.textContent),
    marked: box.querySelectorAll('[data-history-sheet-list] li.is-since').length,
    side: [...document.querySelectorAll('[data-history] li')].map((li) => li.textContent),
    focus: document.activeElement?.matches('[data-history-close]') ? 'close' : document.activeElement?.matches('[data-history-handle]') ? 'handle' : document.activeElement?.tagName,
    top: Math.round(rect.top), bottom: Math.round(rect.bottom), height: innerHeight };
}"""


def test_the_history_sheet_pulls_up_on_a_phone(server: Server, pages: Any) -> None:
    page = pages.page(PHONE)
    start_computer(page, server, "block", 4)
    rng = random.Random(8)
    for _ in range(3):
        wait_state(page, {"mine"})
        before = page.evaluate("() => doublesix.store.state.view.version")
        take_turn(page, rng)
        page.wait_for_function("v => doublesix.store.state.view?.version !== v", arg=before)
    wait_state(page, {"mine"})
    handle = page.locator("[data-history-handle]")
    assert handle.is_visible()
    box = handle.bounding_box()
    assert box and box["height"] >= 30 and box["y"] + box["height"] <= PHONE["height"] + 1, box  # on screen, big enough to hit
    # a tap opens it: the deal's history (the side panel's very entries), the news since my turn
    # marked, focus inside; Escape closes it and focus comes back to the handle
    handle.click()
    page.wait_for_function("() => document.querySelector('[data-history-sheet]').getAnimations().length === 0")  # slid up
    look = page.evaluate(SHEET_JS)
    assert look["open"] and look["items"] == look["side"] and len(look["items"]) >= 12, look
    assert look["marked"] == 3, look  # the three computers' moves since my turn
    assert look["bottom"] == look["height"] and look["top"] > 0, look  # a sheet along the bottom
    assert look["focus"] == "close"
    page.screenshot(path=f"{SHOTS}/history-sheet-360x740.png")
    page.keyboard.press("Escape")
    look = page.evaluate(SHEET_JS)
    assert not look["open"] and look["focus"] == "handle", look
    # the keyboard reaches it too: Enter on the handle, Escape again
    page.keyboard.press("Enter")
    assert page.evaluate(SHEET_JS)["open"]
    page.keyboard.press("Escape")
    # a swipe up on the handle opens it, a swipe down on its head closes it
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x, y - 20)
    page.mouse.move(x, y - 60)
    page.mouse.up()
    assert page.evaluate(SHEET_JS)["open"]
    page.wait_for_function("() => document.querySelector('[data-history-sheet]').getAnimations().length === 0")  # in place
    head = page.locator("[data-history-grip]").bounding_box()
    assert head
    page.mouse.move(head["x"] + 60, head["y"] + 8)
    page.mouse.down()
    page.mouse.move(head["x"] + 60, head["y"] + 30)
    page.mouse.move(head["x"] + 60, head["y"] + 80)
    page.mouse.up()
    assert not page.evaluate(SHEET_JS)["open"]
    # a desktop keeps the side panel: no handle there
    desk = pages.page(DESKTOP)
    start_computer(desk, server, "block", 4)
    wait_state(desk, {"mine", "other"})
    assert desk.locator("[data-history-handle]").is_hidden()
    assert desk.locator("[data-side]").is_visible()
