"""Hot-seat tables of three and four (and «Козёл») on a 360 px phone: the status line names
the player holding the device on one line, and neither the line of play nor the hand moves
from one turn to the next; a status too long for one line shrinks into two lines of the same
room instead of pushing the table."""

# ruff: noqa: E501  (JavaScript run in the page reads better unwrapped)

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from e2e_helpers import DESKTOP, PHONE, Server, screenshot, take_turn, wait_state

# where the parts of the table are, and whether the status fits its line
LAYOUT_JS = """() => {
  const box = (sel) => { const r = document.querySelector(sel).getBoundingClientRect(); return [r.left, r.top, r.width, r.height].map(Math.round); };
  const status = document.querySelector('[data-screen=table] [data-status]');
  const style = getComputedStyle(status);
  return {
    text: status.textContent, long: status.classList.contains('is-long'),
    lines: Math.round(status.getBoundingClientRect().height / parseFloat(style.lineHeight === 'normal' ? parseFloat(style.fontSize) * 1.2 : style.lineHeight)),
    overflows: status.scrollWidth > status.clientWidth + 1, height: status.getBoundingClientRect().height,
    fontSize: parseFloat(style.fontSize),
    board: box('[data-board-wrap]'), hand: box('.hand-wrap'), seats: box('[data-seats]'), prompt: box('.prompt'),
  };
}"""

TABLES = {
    "3p": {"preset": "block", "players": 3},
    "4p": {"preset": "draw", "players": 4},
    "kozel": {"preset": "kozel"},
}


def start_hotseat(page: Any, server: Server, rules: dict[str, Any]) -> None:
    page.goto(server.url + "/")
    js = f"localStorage.setItem('doublesix.v1.preset.hotseat', JSON.stringify('{rules['preset']}'));"
    if "players" in rules:
        js += f"localStorage.setItem('doublesix.v1.players.hotseat', '{rules['players']}');"
    page.evaluate("() => {" + js + "}")
    page.locator("[data-screen=home] [data-action=start-hotseat]").click()


def play_turns(page: Any, turns: int, rng: random.Random, on_turn: Any) -> int:
    """Lift the cover and play, *turns* times (fewer if the deal ends); returns turns played."""
    played = 0
    for _ in range(turns * 3):
        state = wait_state(page, {"cover", "mine", "result"})
        if state == "result":
            break
        if state == "cover":
            page.locator("[data-cover] [data-action=ready]").click()
            continue
        on_turn(played)
        before = page.evaluate("() => doublesix.store.state.view.version")
        assert take_turn(page, rng)
        page.wait_for_function("v => doublesix.store.state.view?.version !== v", arg=before)
        played += 1
        if played >= turns:
            break
    return played


@pytest.mark.parametrize("table", list(TABLES))
def test_hot_seat_status_fits_one_line_and_the_table_stays_put_on_a_phone(server: Server, pages: Any, table: str) -> None:
    page = pages.page(PHONE, has_touch=True, is_mobile=True)
    start_hotseat(page, server, TABLES[table])
    seen: list[dict[str, Any]] = []

    def look(turn: int) -> None:
        layout = page.evaluate(LAYOUT_JS)
        seen.append(layout)
        if table == "kozel":
            # the pairs are numbered on a shared screen: «Пара 1: 0 · Пара 2: 0», never two
            # numbers side by side («Пара 1 0 : 0» reads as «Пара 10»)
            score = page.locator("[data-score]").inner_text()
            assert score.startswith("Пара 1: ") and not re.search(r"\d \d", score), score
        if turn == 3:
            screenshot(page, f"hotseat-{table}-phone")

    played = play_turns(page, 10, random.Random(11), look)
    assert played >= 6
    for layout in seen:
        # «Игрок 3: подходят 4 костяшки»: the player's name, then what they can do, one line
        assert layout["text"].startswith("Игрок "), layout
        assert "Ваш ход" not in layout["text"], layout  # the name says whose turn it is
        assert not layout["long"] and not layout["overflows"] and layout["lines"] == 1, layout
    # nothing jumps: the line of play, the hand and the chips keep their place turn after turn
    for part in ("board", "hand", "seats", "prompt"):
        places = {tuple(layout[part]) for layout in seen}
        assert len(places) == 1, (part, places)
    assert seen[0]["board"][3] >= 300, seen[0]  # and the line keeps most of the phone


def test_a_status_too_long_for_one_line_takes_two_smaller_lines_in_the_same_room(server: Server, pages: Any) -> None:
    page = pages.page(PHONE, has_touch=True, is_mobile=True)
    start_hotseat(page, server, TABLES["4p"])
    wait_state(page, {"cover"})
    page.locator("[data-cover] [data-action=ready]").click()
    wait_state(page, {"mine"})
    short = page.evaluate(LAYOUT_JS)
    assert not short["long"] and short["lines"] == 1
    # the longest words the table says (a server that cannot be reached, in a long language)
    page.evaluate("() => doublesix.store.update({ errorText: 'Сервер недоступен уже довольно долго. Повторяем попытку снова и снова…' })")
    page.wait_for_function("() => document.querySelector('[data-screen=table] [data-status]').classList.contains('is-long')")
    long = page.evaluate(LAYOUT_JS)
    assert long["lines"] == 2 and not long["overflows"], long
    assert long["fontSize"] < short["fontSize"]
    for part in ("board", "hand", "prompt"):
        assert long[part] == short[part], (part, short[part], long[part])
    screenshot(page, "hotseat-long-status-phone")
    page.evaluate("() => doublesix.store.update({ errorText: '' })")
    page.wait_for_function("() => !document.querySelector('[data-screen=table] [data-status]').classList.contains('is-long')")


def test_hot_seat_table_of_three_on_a_desktop(server: Server, pages: Any) -> None:
    page = pages.page(DESKTOP)
    start_hotseat(page, server, TABLES["3p"])
    seen: list[dict[str, Any]] = []

    def look(turn: int) -> None:
        seen.append(page.evaluate(LAYOUT_JS))
        if turn == 2:
            screenshot(page, "hotseat-3p-desktop")

    assert play_turns(page, 4, random.Random(5), look) >= 3
    assert all(layout["lines"] == 1 and not layout["long"] for layout in seen), seen
    assert len({tuple(layout["board"]) for layout in seen}) == 1


def test_the_hot_seat_result_sheet_of_three_names_the_winner(server: Server, pages: Any) -> None:
    page = pages.page(PHONE, has_touch=True, is_mobile=True)
    start_hotseat(page, server, TABLES["3p"])
    play_turns(page, 200, random.Random(2), lambda turn: None)
    wait_state(page, {"result"})
    sheet = page.locator("[data-result]")
    title = sheet.locator("[data-result-title]").inner_text()
    winner = page.evaluate("() => doublesix.store.state.view.result.winner")
    # a word, never a bare key («result.domino»): who won, by name, on the shared screen
    assert "result." not in sheet.inner_text()
    if winner is None:
        assert title in ("Рыба — ничья", "Ничья"), title
    else:
        assert title in (f"Победа: Игрок {winner + 1}!", f"Рыба — победа: Игрок {winner + 1}"), title
    screenshot(page, "hotseat-3p-result-phone")


def test_the_hot_seat_kozel_deal_sheet_names_the_winning_pair(server: Server, pages: Any) -> None:
    page = pages.page(PHONE, has_touch=True, is_mobile=True)
    start_hotseat(page, server, TABLES["kozel"])
    play_turns(page, 200, random.Random(6), lambda turn: None)
    wait_state(page, {"result"})
    sheet = page.locator("[data-result]")
    title = sheet.locator("[data-result-title]").inner_text()
    winner = page.evaluate("() => doublesix.store.state.view.result.winner")
    assert "result." not in sheet.inner_text()
    expected = "Рыба — ничья" if winner is None else f"Победа: Пара {winner + 1}!"
    assert title in (expected, "Пара 1 — козлы!", "Пара 2 — козлы!", "Пара 1 — сухие козлы!", "Пара 2 — сухие козлы!"), title
    screenshot(page, "hotseat-kozel-result-phone")
