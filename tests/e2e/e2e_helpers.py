"""Support for the browser tests: the server process, screenshots, and driving the page like
a person (look at what is on the table, tap what is offered)."""

# ruff: noqa: E501  (JavaScript run in the page reads better unwrapped)

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import random
import time
from pathlib import Path
from typing import Any

import httpx
from tests.support.procs import ServerProcess

CHROMIUM = os.environ.get("DOUBLESIX_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "screenshots"
TELEGRAM_BOT_TOKEN = "123456:TEST-token-for-browser-tests"
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}


class Server(ServerProcess):
    """`doublesix serve` on a free port with its own SQLite file, started at once."""

    def __init__(self, db: Path, **env: str) -> None:
        super().__init__(
            f"sqlite:///{db}",
            env={"DOUBLESIX_TELEGRAM_BOT_TOKEN": TELEGRAM_BOT_TOKEN, **env},
            log=db.with_suffix(".log"),
            cwd=ROOT,
        )
        self.url = self.http
        self.start(timeout=20)


class Pages:
    """Opens browser contexts (one per "person"), checks none of them logged a page error."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.contexts: list[Any] = []
        self.errors: list[str] = []

    def context(self, viewport: dict[str, int] | None = None, *, pace: str | None = "fast",
                **kw: Any) -> Any:
        """A new "person". Their computer opponents move at *pace* (js/pace.js) until the page
        chooses another: «Быстро» unless a test asks for the player's default (None). At the
        default «Обычно» every computer move waits 0.7 s on the page, which is most of the
        time a whole deal against the computer takes here; tests/e2e/test_taps.py and
        tests/js/pace.test.js test the pace itself."""
        ctx = self.browser.new_context(viewport=viewport or DESKTOP, **kw)
        ctx.set_default_timeout(15_000)
        if pace is not None:
            # on every navigation, before the page's scripts; only while nothing was chosen
            # (about:blank has no storage, hence the try)
            ctx.add_init_script(
                "try { if (localStorage.getItem('doublesix.v1.pace') === null)"
                f" localStorage.setItem('doublesix.v1.pace', JSON.stringify({pace!r})); }}"
                " catch (e) {}")
        self.contexts.append(ctx)
        return ctx

    def page(self, viewport: dict[str, int] | None = None, context: Any = None, **kw: Any) -> Any:
        ctx = context or self.context(viewport, **kw)
        page = ctx.new_page()
        page.on("pageerror", lambda e: self.errors.append(f"{page.url}: {e}"))
        return page

    def close(self) -> None:
        for ctx in self.contexts:
            ctx.close()


def shown(tile: str) -> str:
    """A tile's name as the page writes it in words: «1‑4», joined by a non-breaking hyphen
    (U+2011) so that a line never wraps between its halves (issue 24, js/i18n.js)."""
    return tile.replace("-", "\u2011")


def screenshot(page: Any, name: str) -> Path:
    """Save a screenshot under artifacts/screenshots (git-ignored): NAME-WxH.png."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    path = SHOTS / f"{name}-{size['width']}x{size['height']}.png"
    page.screenshot(path=str(path), animations="disabled")
    return path


# What the page is waiting for, as one word: my turn, a sheet to read, a cover to lift…
STATE_JS = """() => {
  const vis = (sel) => { const el = document.querySelector(sel); return el && !el.hidden; };
  if (vis('[data-replaced]')) return 'replaced';
  if (vis('[data-cover]')) return 'cover';
  if (vis('[data-result]')) return 'result';
  const table = document.querySelector('[data-screen=table]');
  if (!table || table.hidden) return 'none';
  if (table.dataset.pending === 'yes') return 'pending';
  return table.dataset.turn;
}"""


def table_state(page: Any) -> str:
    return str(page.evaluate(STATE_JS))


def wait_state(page: Any, wanted: set[str], timeout: float = 20.0) -> str:
    """Wait until the page is in one of the *wanted* states; returns it."""
    deadline = time.monotonic() + timeout
    while True:
        state = table_state(page)
        if state in wanted:
            return state
        if time.monotonic() > deadline:
            raise AssertionError(f"page stuck in state {state!r}, wanted {sorted(wanted)}")
        page.wait_for_timeout(40)


def take_turn(page: Any, rng: random.Random, *, touch: bool = False) -> str:
    """One action of mine, chosen among what the page offers: a tile (and an end), draw, pass.

    With *touch* the page is tapped (a touch screen) instead of clicked.
    """
    def presser(timeout: float) -> Any:
        def press(locator: Any) -> None:
            if touch:
                locator.tap(timeout=timeout)
            else:
                locator.click(timeout=timeout)
        return press

    before = page.evaluate("() => doublesix.store.state.view?.version")
    # «Автоход» may make a single move by itself meanwhile (issue 24): then the tile or button
    # is gone, and the short timeout hands the turn back; a machine that is only slow gets a
    # second, longer try at the same turn
    for timeout in (3000, 12_000):
        try:
            return _take_turn(page, rng, presser(timeout))
        except Exception as exc:  # Playwright's TimeoutError (imported lazily)
            if type(exc).__name__ != "TimeoutError":
                raise
            if moved_since(page, before):
                return "auto"
    return ""


def moved_since(page: Any, version: Any) -> bool:
    """Whether the table moved on from *version*: «Автоход» (issue 24) made the forced move
    while a slow machine was still aiming the tap at it, so the button or tile went away."""
    return bool(page.evaluate("v => doublesix.store.state.view?.version !== v", version))


def _take_turn(page: Any, rng: random.Random, press: Any) -> str:
    tiles = page.locator("[data-hand] [data-playable]")
    n = tiles.count()
    if n:
        tile = tiles.nth(rng.randrange(n))
        name = tile.get_attribute("data-tile")
        press(tile)
        choose = page.locator("[data-choose]")
        if choose.is_visible():
            # both ends fit: tap an end on the table or one of the two buttons
            if rng.random() < 0.5:
                press(page.locator("[data-board] button.end-marker").nth(rng.randrange(2)))
            else:
                press(page.locator(f"[data-choose] [data-action=end-{rng.choice(['left', 'right'])}]"))
        return f"play {name}"
    for action in ("draw", "pass", "redeal"):
        button = page.locator(f"[data-actions] [data-action={action}]")
        if button.is_visible():
            press(button)
            return action
    return ""


def play_deal(page: Any, rng: random.Random, *, max_moves: int = 200, on_turn: Any = None) -> int:
    """Play until the result sheet shows; returns how many actions I took."""
    moves = 0
    for _ in range(max_moves * 3):
        state = wait_state(page, {"mine", "result", "cover"})
        if state == "result":
            return moves
        if state == "cover":
            page.locator("[data-cover] [data-action=ready]").click()
            continue
        if on_turn is not None:
            on_turn(page, moves)
        before = page.evaluate("() => doublesix.store.state.view?.version")
        if take_turn(page, rng):
            moves += 1
            # the move is answered by a new view (or the auto-draw of 101 took the turn)
            page.wait_for_function(
                "v => doublesix.store.state.view?.version !== v || doublesix.store.state.view?.result",
                arg=before,
            )
        else:
            page.wait_for_timeout(50)
    raise AssertionError("the deal did not end")


def save_settings(page: Any) -> None:
    """«Сохранить» in ⚙, and «Да» to the question a new game type asks while a deal is under
    way (dialogs/settings.js): the question opens in the click's own handler, or never."""
    page.locator("[data-settings] [data-action=settings-save]").click()
    confirm = page.locator("[data-confirm]")
    if confirm.is_visible():
        confirm.locator("[data-confirm-yes]").click()
        confirm.wait_for(state="hidden")


def answer_name(page: Any, name: str | None = None) -> None:
    """Answer the one-time "what should we call you" of an online game: a name, or skip."""
    dialog = page.locator("[data-name-ask]")
    dialog.wait_for(state="visible")
    if name is None:
        dialog.locator("[data-name-skip]").click()
    else:
        dialog.locator("[data-name-input]").fill(name)
        dialog.locator("button[value=save]").click()
    dialog.wait_for(state="hidden")


def hall_table_of_two(server: Any, pages: Pages, *, preset: str | None = None,
                      clock: str = "2", sizes: tuple[dict[str, int], dict[str, int]] | None = None,
                      touch: bool = True) -> tuple[Any, Any]:
    """Аня makes a clocked hall table (the hall's clock choice *clock*: "2" is 5 min + 3 s) and
    Боря sits at it from the hall; both pages once every seat is taken."""
    first, second = sizes or (PHONE, PHONE)
    anna = pages.page(first, has_touch=touch)
    anna.goto(server.url + "/#hall")
    anna.locator("[data-hall-name]").fill("Аня")
    if preset is not None:
        anna.locator(f"[data-hall-presets] input[name=hall-preset][value='{preset}']").check()
    anna.locator("[data-hall-clock]").select_option(clock)
    anna.locator("[data-hall=hall-create]").click()
    anna.wait_for_selector("[data-screen=table]:not([hidden]) [data-invite]:not([hidden])")
    game_id = anna.evaluate("() => doublesix.store.state.game.game_id")
    boris = pages.page(second, has_touch=touch)
    boris.goto(server.url + "/#hall")
    boris.locator("[data-hall-name]").fill("Боря")
    row = boris.locator(f".hall-table[data-game='{game_id}']")
    row.wait_for()
    row.locator("[data-hall=hall-sit]").click()
    for page in (anna, boris):
        page.wait_for_function("() => doublesix.store.state.room?.waiting_for?.length === 0")
    return anna, boris


def seeded_server(db: Path, seed: Any, **env: str) -> Server:
    """A server on *db* after ``seed(db)`` (a coroutine function) has written into it, run in a
    thread of its own: Playwright's sync API keeps an event loop running in this one."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, seed(db)).result()
    return Server(db, **env)


def api(server: Server, path: str, key: str | None = None) -> Any:
    """GET *path* as the profile of *key* (or nobody): its JSON, once it answered 200."""
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    answer = httpx.get(server.url + path, headers=headers, timeout=10)
    assert answer.status_code == 200, answer.text
    return answer.json()
