"""Every word the client asks for by a literal key (`t("result.winner")`, `t(a ? "x" : "y")`)
exists in Russian and in English, so no screen ever shows a bare key such as
«result.domino» (the three-seat result sheet did, after its words were dropped as unused)."""

# ruff: noqa: E501  (JavaScript run in the page reads better unwrapped)

from __future__ import annotations

import re
from typing import Any

from e2e_helpers import PHONE, ROOT, Server

JS = ROOT / "src" / "doublesix" / "server" / "static" / "js"
# t("key"), t('key'), t(`key`) and t(cond ? "key" : "key"); keys built with ${…} are not literal
CALL = re.compile(r"""\bt\(\s*(?:[^()"'`;]*\?\s*)?(["'`])([\w.]+)\1(?:\s*:\s*(["'`])([\w.]+)\3)?""")

# every module of words (*_i18n.js), found as the keys are, so that a new one is never left out
WORDS = sorted(path.stem for path in JS.glob("*_i18n.js"))
LOAD_ALL_JS = """async (modules) => {
  const i18n = await import('./js/i18n.js');
  for (const m of modules) await import(`./js/${m}.js`);
  return { ru: Object.keys(i18n._STRINGS.ru), en: Object.keys(i18n._STRINGS.en) };
}"""


def literal_keys() -> dict[str, set[str]]:
    """Each literal key and the files that ask for it."""
    found: dict[str, set[str]] = {}
    for path in sorted(JS.rglob("*.js")):
        for m in CALL.finditer(path.read_text(encoding="utf-8")):
            for key in (m.group(2), m.group(4)):
                if key:
                    found.setdefault(key, set()).add(path.relative_to(JS).as_posix())
    return found


def test_every_literal_key_has_russian_and_english_words(server: Server, pages: Any) -> None:
    keys = literal_keys()
    assert len(keys) > 150, len(keys)  # the scan does see the client's words
    assert "result.winner" in keys and "online.restarting" in keys and "hall.offline" in keys
    page = pages.page(PHONE)
    page.goto(server.url + "/#rules")
    assert {"hall_i18n", "since_i18n", "rating_i18n"} <= set(WORDS), WORDS
    known = page.evaluate(LOAD_ALL_JS, WORDS)
    for lang in ("ru", "en"):
        missing = {key: sorted(files) for key, files in keys.items() if key not in set(known[lang])}
        assert not missing, (lang, missing)
