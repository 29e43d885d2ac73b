"""The tutorial, the DOM-free modules in a real browser, and the Telegram Mini App path."""

# ruff: noqa: E501  (JavaScript run in the page reads better unwrapped)

from __future__ import annotations

import hashlib
import hmac
import json
import time
from typing import Any
from urllib.parse import urlencode

from e2e_helpers import PHONE, TELEGRAM_BOT_TOKEN, Server, answer_name, screenshot, wait_state


def test_tutorial_4_4_then_1_4_then_1_1(server: Server, pages: Any) -> None:
    page = pages.page(PHONE)
    page.goto(server.url + "/#tutorial")
    tut = page.locator("[data-screen=tutorial]")
    feedback = tut.locator("[data-tut-feedback]")
    tut.locator("[data-tut-hand] [data-tile='4-4']").click()
    assert "Верно" in feedback.inner_text()
    assert tut.locator("[data-tut-board] .line-tile").count() == 1
    # 1-4 fits both fours: pick the left end
    tut.locator("[data-tut-ends] [data-tut-end=left]").click()
    assert "Верно" in feedback.inner_text()
    assert "1 и 4" in feedback.inner_text()
    # 1-1 does not fit the 4 on the right: told why, then the right answer
    tut.locator("[data-tut-ends] [data-tut-end=right]").click()
    assert "Не подходит" in feedback.inner_text()
    screenshot(page, "tutorial-feedback")
    tut.locator("[data-tut-board] button.end-marker[data-end=left]").click()
    assert "Верно" in feedback.inner_text()
    assert page.evaluate("() => document.querySelector('[data-tut-board] svg').dataset.line") == "1-1 1-4 4-4"
    assert tut.locator("[data-tut-play]").is_visible()
    tut.locator("[data-tut-play]").click()
    wait_state(page, {"mine", "other"})


def test_dom_free_modules(server: Server, pages: Any) -> None:
    page = pages.page(PHONE)
    page.goto(server.url + "/#rules")
    result = page.evaluate("""async () => {
      const layout = await import('./js/layout.js');
      const describe = await import('./js/describe.js');
      const i18n = await import('./js/i18n.js');
      const out = {};
      // a long snake at several widths never overlaps itself and stays within the width
      const line = [[6,2],[2,3],[3,1],[1,4],[4,0],[0,0],[0,1],[1,2],[2,0],[0,5],[5,3],[3,0],[0,6],
        [6,6],[6,4],[4,4],[4,3],[3,3],[3,6],[6,5],[5,2],[2,4],[4,5],[5,5],[5,1],[1,1],[1,6]];
      out.layout = [8, 12, 20, 34].map((cols) => {
        const l = layout.layoutLine(line, 13, cols);
        return [layout.overlaps(l.items), l.box.w <= cols, l.ends.left.value, l.ends.right.value];
      });
      const view = {legal: ['play 0-6 left', 'play 0-6 right', 'play 2-6 right'], history: [
        {seat: 1, action: 'play 6-6'}, {seat: 0, action: 'play 6-2 right'}, {seat: 1, action: 'draw'}]};
      const moves = describe.legalMoves(view);
      out.plays = [...moves.plays.entries()];
      out.action = describe.playAction(view, '6-0', 'right');
      out.lead = describe.leadIndex([{action: 'play 6-6'}, {action: 'play 5-6 left'}, {action: 'play 6-1 right'}]);
      out.keys = Object.keys(i18n._STRINGS.ru).filter((k) => !(k in i18n._STRINGS.en));
      out.keysEn = Object.keys(i18n._STRINGS.en).filter((k) => !(k in i18n._STRINGS.ru));
      return out;
    }""")
    assert result["layout"] == [[None, True, 6, 6]] * 4
    assert result["plays"] == [["0-6", ["left", "right"]], ["2-6", ["right"]]]
    assert result["action"] == "play 0-6 right"
    assert result["lead"] == 1
    assert result["keys"] == [] and result["keysEn"] == []


def init_data(user: dict[str, Any], **extra: str) -> str:
    fields = {"auth_date": str(int(time.time())), "query_id": "AAE-test",
              "user": json.dumps(user, ensure_ascii=False, separators=(",", ":")), **extra}
    check = "\n".join(f"{k}={fields[k]}" for k in sorted(fields))
    secret = hmac.new(b"WebAppData", TELEGRAM_BOT_TOKEN.encode(), hashlib.sha256).digest()
    fields["hash"] = hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()
    return urlencode(fields)


STUB = """(args) => {
  window.__tg = {ready: 0, expanded: 0};
  window.Telegram = {WebApp: {
    initData: args.initData,
    initDataUnsafe: {start_param: args.startParam, user: args.user},
    themeParams: {bg_color: '#20304a', text_color: '#f0f4ff', button_color: '#ff9a1f', button_text_color: '#1a1000'},
    colorScheme: 'dark', viewportHeight: 700, viewportStableHeight: 700,
    ready() { window.__tg.ready += 1; }, expand() { window.__tg.expanded += 1; }, onEvent() {},
  }};
}"""


def test_telegram_mini_app_joins_by_startapp_with_the_users_name(server: Server, pages: Any) -> None:
    host = pages.page(PHONE)
    host.goto(server.url + "/#online")
    host.locator("[data-action=create-room]").click()
    answer_name(host)
    host.locator("[data-invite]").wait_for(state="visible")
    game = host.evaluate("() => doublesix.store.state.game")
    start_param = f"g{len(game['game_id']):x}{game['game_id']}{game['invite']}"
    assert len(game["game_id"]) < 16

    user = {"id": 42, "first_name": "Аня", "language_code": "ru"}
    tg_ctx = pages.context(PHONE)
    tg_ctx.add_init_script(
        f"({STUB})({json.dumps({'initData': init_data(user), 'startParam': start_param, 'user': user})})")
    guest = pages.page(context=tg_ctx)
    with guest.expect_response("**/api/telegram/auth") as auth:
        guest.goto(server.url + "/")
    assert auth.value.status == 200
    wait_state(guest, {"mine", "other"})
    assert guest.evaluate("() => doublesix.store.state.game.seat") == 1
    assert guest.evaluate("() => window.__tg.ready") == 1
    styles = guest.evaluate("""() => {
      const s = getComputedStyle(document.documentElement);
      return [s.getPropertyValue('--tg-bg').trim(), s.getPropertyValue('--app-height').trim()];
    }""")
    assert styles == ["#20304a", "700px"]
    screenshot(guest, "telegram")
    # the host sees the Telegram user's name
    host.locator("[data-opp-name]").filter(has_text="Аня").wait_for()
