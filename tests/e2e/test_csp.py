"""The client works under the server's strict Content-Security-Policy (issue 12): every screen,
a game against the computer with a drag, and the hall's live list, with no CSP violation."""

from __future__ import annotations

import random
from typing import Any

from e2e_helpers import Server, take_turn, wait_state

WATCH_JS = """() => {
  window.__csp = [];
  document.addEventListener('securitypolicyviolation',
    (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.lineNumber}`));
}"""


def test_every_screen_runs_under_the_csp(server: Server, pages: Any) -> None:
    page = pages.page()
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text) if "Content Security" in m.text else None)
    page.add_init_script(f"({WATCH_JS})()")
    response = page.goto(server.url + "/")
    assert response is not None
    csp = response.headers["content-security-policy"]
    assert "default-src 'self'" in csp and "unsafe-inline" not in csp
    for hash_ in ("#rules", "#tips", "#tutorial", "#hall", "#online"):
        page.goto(server.url + "/" + hash_)
        page.wait_for_timeout(200)
    page.goto(server.url + "/")
    page.locator("[data-action=start-computer]").first.click()
    rng = random.Random(3)
    for _ in range(4):
        state = wait_state(page, {"mine", "result", "cover"})
        if state != "mine":
            break
        take_turn(page, rng)
        page.wait_for_timeout(100)
    page.goto(server.url + "/#hall")
    page.locator("[data-hall-name]").fill("Аня 😀")
    page.locator("[data-hall=hall-create]").click()
    page.wait_for_timeout(300)
    violations = page.evaluate("() => window.__csp")
    assert violations == [] and console == [], (violations, console)
    assert pages.errors == []
