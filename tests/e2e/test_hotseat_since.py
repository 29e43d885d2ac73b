"""Hot-seat tables of three and four (and «Козёл»): when the cover lifts, the player holding the
device reads what the others did since their own last turn («Игрок 2: 5-5 слева · Игрок 3:
пас · Игрок 4: добор ×2, 1-3 к 3»), the tiles laid meanwhile are ringed on the line,
and on a desktop the same moves are marked in the history; the line of play and the hand stay
where they were. Two-player hot-seat keeps the last move alone.

The deals are the server's (random): each check compares the page with the history the server
sent, worded here independently of the page's code."""

# ruff: noqa: E501  (JavaScript run in the page reads better unwrapped)

from __future__ import annotations

import random
from typing import Any

import pytest
from e2e_helpers import DESKTOP, PHONE, Server, screenshot, shown, take_turn, wait_state
from test_hotseat_phone import start_hotseat

WORDS = {
    "ru": {"player": "Игрок {n}", "partner": "{name} (партнёр)", "play": "{tile} {side}", "playTo": "{tile} к\u00a0{v}", "first": "заход {tile}",
           "draw": "добор", "draws": "добор\u00a0×{n}", "pass": "пас", "redeal": "пересдача",
           "left": "слева", "right": "справа", "lead": "С вашего хода:"},
    "en": {"player": "Player {n}", "partner": "{name} (partner)", "play": "{tile} {side}", "playTo": "{tile} on\u00a0{v}", "first": "led {tile}",
           "draw": "drew from the boneyard", "draws": "drew {n} from the boneyard", "pass": "passed",
           "redeal": "asked for a redeal", "left": "left", "right": "right", "lead": "Since your turn:"},
}

# what the page shows at the moment the cover has just been lifted
LOOK_JS = """() => {
  const box = (sel) => { const r = document.querySelector(sel).getBoundingClientRect(); return [r.left, r.top, r.width, r.height].map(Math.round); };
  const announce = document.querySelector('[data-screen=table] [data-announce]');
  const svg = document.querySelector('[data-board] svg');
  const line = svg ? svg.dataset.line.split(' ') : [];
  const ringed = (cls) => [...document.querySelectorAll(`[data-board] .line-tile.${cls}`)].map((g) => line[Number(g.dataset.lineIndex)]);
  const view = doublesix.store.state.view;
  return {
    since: announce.dataset.since ?? null, text: announce.textContent, live: announce.getAttribute('aria-live'),
    long: announce.classList.contains('is-long'), overflows: announce.scrollHeight > announce.clientHeight + 1,
    history: view.history, seat: view.seat, line,
    last: ringed('is-last'), ringed: ringed('is-since'),
    marked: [...document.querySelectorAll('[data-history] li.is-since')].map((li) => li.textContent),
    board: box('[data-board-wrap]'), hand: box('.hand-wrap'), prompt: box('.prompt'),
    status: document.querySelector('[data-screen=table] [data-status]').textContent,
  };
}"""


def canonical(tile: str) -> str:
    a, b = sorted(int(x) for x in tile.split("-"))
    return f"{a}-{b}"


def since_events(history: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    """The others' events since *seat*'s previous turn in this deal (all of them if it had none),
    leaving out what it did in this turn already (draws)."""
    end = len(history)
    while end and history[end - 1]["seat"] == seat:
        end -= 1
    mine = [i for i, event in enumerate(history[:end]) if event["seat"] == seat]
    return history[mine[-1] + 1:end] if mine else history[:end]


def expected_summary(history: list[dict[str, Any]], seat: int, lang: str, *, pairs: bool) -> tuple[str, list[str]]:
    """The summary the player at *seat* should read, and the tiles laid meanwhile."""
    w = WORDS[lang]
    groups: list[tuple[int, list[list[Any]]]] = []
    tiles = []
    for event in since_events(history, seat):
        if not groups or groups[-1][0] != event["seat"]:
            groups.append((event["seat"], []))
        acts = groups[-1][1]
        words = event["action"].split()
        if words[0] == "draw" and acts and acts[-1][0] == "draw":
            acts[-1][1] += 1
        else:
            acts.append([words[0], 1, words[1:], event.get("ends_before")])
        if words[0] == "play":
            tiles.append(canonical(words[1]))
    parts = []
    for who, acts in groups:
        name = w["player"].format(n=who + 1)
        if pairs and who == (seat + 2) % 4:
            name = w["partner"].format(name=name)
        said = []
        for kind, n, rest, ends in acts:
            if kind == "play" and len(rest) > 1:
                # the end by its number (the value it showed before the play)
                said.append(w["playTo"].format(tile=shown(canonical(rest[0])), v=ends[0 if rest[1] == "left" else 1]) if ends else w["play"].format(tile=shown(canonical(rest[0])), side=w[rest[1]]))
            elif kind == "play":
                said.append(w["first"].format(tile=shown(canonical(rest[0]))))
            elif kind == "draw":
                said.append(w["draws"].format(n=n) if n > 1 else w["draw"])
            else:
                said.append(w[kind])
        parts.append(f"{name}: {', '.join(said)}")
    return " · ".join(parts), tiles


def set_language(page: Any, lang: str) -> None:
    page.evaluate(f"() => localStorage.setItem('doublesix.v1.lang', JSON.stringify('{lang}'))")


def lift_and_look(page: Any) -> dict[str, Any]:
    """The table once the cover is lifted and the words are in."""
    page.wait_for_function("() => doublesix.store.state.view")  # the cover waits for the first view
    page.locator("[data-cover] [data-action=ready]").click()
    wait_state(page, {"mine"})
    page.wait_for_function("() => { const a = document.querySelector('[data-screen=table] [data-announce]'); return a.dataset.since !== undefined && a.textContent.length >= a.dataset.since.length; }")
    return dict(page.evaluate(LOOK_JS))


# summaries checked again after their reader drew from the boneyard (set by play_and_check)
drew_and_kept: list[str] = []


def play_and_check(page: Any, *, lang: str, pairs: bool, turns: int, rng: random.Random, shots: dict[int, str] | None = None,
                   until: Any = None, deals: int = 1) -> list[dict[str, Any]]:
    """Play through the cover for *turns* lifts, or with *until* (a test of what was seen) until
    it holds, over at most *deals* deals; at every lift check the summary and the rings on the
    line. Returns what was seen at each lift."""
    seen: list[dict[str, Any]] = []
    drew_and_kept.clear()
    dealt = 1
    for _ in range(turns * 3 * deals):
        state = wait_state(page, {"cover", "mine", "result"})
        if state == "result":
            if dealt >= deals or (until is not None and until(seen)):
                break
            dealt += 1
            sheet = page.locator("[data-result]")
            next_deal = sheet.locator("[data-action=next-deal]")
            (next_deal if next_deal.is_visible() else sheet.locator("[data-action=new-game]")).click()
            # the cover comes only when the device changes hands: when the next deal's leader is
            # the player who lifted it last, their hand is open at once
            wait_state(page, {"cover", "mine"})
            continue
        if state == "cover":
            look = lift_and_look(page)
            text, tiles = expected_summary(look["history"], look["seat"], lang, pairs=pairs)
            # exactly the moves since this player's last turn, in words of the page's language
            assert look["since"] == text, (look["since"], text, look["history"], look["seat"])
            if text:
                assert look["text"] == f"{WORDS[lang]['lead']} {text}", look["text"]  # the lead-in is read out too
            assert look["live"] == "polite"
            assert not look["overflows"], look
            # the tiles laid meanwhile are ringed on the line (the very last one by its own ring)
            assert sorted(map(canonical, look["ringed"] + look["last"])) == sorted(tiles) or (not tiles and not look["ringed"]), (look["ringed"], look["last"], tiles)
            seen.append(look)
            if shots and len(seen) in shots:
                screenshot(page, shots[len(seen)])
            if shots and look["long"] and not any(x["long"] for x in seen[:-1]):
                screenshot(page, f"{shots[min(shots)]}-two-lines")  # the first summary of two lines
            if shots and "draw" in kinds_seen(seen[-1:]) and "draw" not in kinds_seen(seen[:-1]):
                screenshot(page, f"{shots[min(shots)]}-draw")  # the first summary with a draw
            continue
        before = page.evaluate("() => doublesix.store.state.view.version")
        action = take_turn(page, rng)
        assert action
        page.wait_for_function("v => doublesix.store.state.view?.version !== v", arg=before)
        if action == "draw" and wait_state(page, {"cover", "mine", "result"}) == "mine" and seen:
            # still this player's turn: the summary stays while they draw (their draws are not news)
            page.wait_for_timeout(50)
            look = page.evaluate(LOOK_JS)
            assert look["since"] == seen[-1]["since"], (look["since"], seen[-1]["since"])
            assert look["since"] == expected_summary(look["history"], look["seat"], lang, pairs=pairs)[0]
            drew_and_kept.append(look["since"])
        if len(seen) >= turns and (until is None or until(seen)):
            break
    return seen


def assert_nothing_moves(seen: list[dict[str, Any]]) -> None:
    """The line of play, the prompt and the hand sit in one place at every lift, whether the
    summary was empty (the lead of a deal), one line or two."""
    for part in ("board", "hand", "prompt"):
        places = {tuple(look[part]) for look in seen}
        assert len(places) == 1, (part, places)
    assert any(not look["since"] for look in seen) and any(look["since"] for look in seen)


def kinds_seen(seen: list[dict[str, Any]]) -> set[str]:
    out = set()
    for look in seen:
        for event in since_events(look["history"], look["seat"]):
            out.add(event["action"].split()[0])
    return out


@pytest.mark.parametrize(("table", "lang"), [("3p-draw", "ru"), ("3p-draw", "en"), ("kozel", "ru"), ("kozel", "en"), ("4p-block", "ru")])
def test_the_cover_lifts_on_what_happened_since_your_turn_on_a_phone(server: Server, pages: Any, table: str, lang: str) -> None:
    rules = {"3p-draw": {"preset": "draw", "players": 3}, "kozel": {"preset": "kozel"}, "4p-block": {"preset": "block", "players": 4}}[table]
    page = pages.page(PHONE, has_touch=True, is_mobile=True)
    page.goto(server.url + "/")
    set_language(page, lang)
    start_hotseat(page, server, rules)
    shots = {4: f"hotseat-since-{table}-{lang}"} if lang == "ru" or table == "kozel" else None
    # a deal with a boneyard shows draws, one without it passes: play deals until one did
    wanted = {"play", "draw"} if table == "3p-draw" else {"play", "pass"}
    seen = play_and_check(page, lang=lang, pairs=table == "kozel", turns=12, rng=random.Random(7), shots=shots,
                          until=lambda seen: wanted <= kinds_seen(seen), deals=4)
    assert len(seen) >= 12
    assert wanted <= kinds_seen(seen), kinds_seen(seen)  # each of them was checked word for word
    if table == "3p-draw":
        assert drew_and_kept  # and a player who drew still read what had happened before
    assert_nothing_moves(seen)
    # past the first round every lift has something to say, and names every other player once
    players = 3 if table.startswith("3p") else 4
    for look in seen:
        if not any(event["seat"] == look["seat"] for event in look["history"]):
            continue  # the first round of a deal: only those before this player have moved
        named = {event["seat"] for event in since_events(look["history"], look["seat"])}
        assert look["since"] and len(named) == players - 1, look
    if table == "kozel":
        # the partner is named as such: the play a «Козёл» player reads first
        partner = WORDS[lang]["partner"].format(name=WORDS[lang]["player"].format(n=(seen[-1]["seat"] + 2) % 4 + 1))
        assert partner in seen[-1]["since"], seen[-1]["since"]


def test_the_desktop_marks_the_same_moves_in_the_history(server: Server, pages: Any) -> None:
    page = pages.page(DESKTOP)
    page.goto(server.url + "/")
    set_language(page, "ru")
    start_hotseat(page, server, {"preset": "kozel"})
    seen = play_and_check(page, lang="ru", pairs=True, turns=9, rng=random.Random(3), shots={6: "hotseat-since-kozel-desktop"})
    for look in seen:
        # one marked history entry per action since the turn (a run of draws is one entry)
        events = since_events(look["history"], look["seat"])
        assert len(look["marked"]) == len(events), (look["marked"], events)
        assert not look["long"]  # a desktop has room for the whole summary on one line


def test_two_player_hot_seat_keeps_the_last_move_alone(server: Server, pages: Any) -> None:
    page = pages.page(PHONE, has_touch=True, is_mobile=True)
    start_hotseat(page, server, {"preset": "block", "players": 2})
    rng = random.Random(4)
    for _ in range(6):
        state = wait_state(page, {"cover", "mine"})
        if state == "cover":
            page.locator("[data-cover] [data-action=ready]").click()
            continue
        before = page.evaluate("() => doublesix.store.state.view.version")
        take_turn(page, rng)
        page.wait_for_function("v => doublesix.store.state.view?.version !== v", arg=before)
    wait_state(page, {"cover", "mine"})
    if table_covered(page):
        page.locator("[data-cover] [data-action=ready]").click()
        wait_state(page, {"mine"})
    look = page.evaluate(LOOK_JS)
    assert look["since"] is None and not look["ringed"], look
    assert page.evaluate("() => !document.querySelector('[data-screen=table]').hasAttribute('data-since')")
    # the other player's last move alone, as before («Игрок 2 ставит 1-3 слева»)
    assert look["text"].startswith("Игрок ") and " · " not in look["text"] and "С вашего хода" not in look["text"], look["text"]
    assert any(word in look["text"] for word in (" ставит ", " заходит с ", ": пас", " берёт ")), look["text"]

    # (a table of three or four against the computer, online or in the hall says all the moves
    # since one's turn as well: test_moves_since.py)


def table_covered(page: Any) -> bool:
    return bool(page.evaluate("() => !document.querySelector('[data-cover]').hidden"))
