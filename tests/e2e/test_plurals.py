"""Every count the UI shows is grammatical in Russian and English, for every number 0–200:
the page's plural forms (Intl.PluralRules) checked against the CLDR rules written out here."""

# ruff: noqa: E501  (JavaScript run in the page reads better unwrapped)

from __future__ import annotations

from typing import Any

from e2e_helpers import PHONE, ROOT, Server
from grammar import agreement_problems, en_category, ru_category

# every module of words (*_i18n.js), as test_i18n_keys.py finds them: a new one is never left out
WORDS = sorted(path.stem for path in (ROOT / "src" / "doublesix" / "server" / "static" / "js").glob("*_i18n.js"))
RENDER_ALL_JS = """async (modules) => {
  const i18n = await import('./js/i18n.js');
  for (const m of modules) await import(`./js/${m}.js`);
  const out = { keys: i18n.pluralKeys(), texts: {}, forms: {}, plain: {} };
  for (const lang of ['ru', 'en']) {
    i18n.setLanguage(lang);
    out.texts[lang] = {};
    out.forms[lang] = {};
    for (const key of out.keys) {
      out.forms[lang][key] = i18n._STRINGS[lang][key];
      out.texts[lang][key] = Array.from({ length: 201 }, (_, n) => i18n.t(key, { n, name: 'Маша', result: '+5' }));
    }
    // strings that are not plural objects, with a count placeholder in them
    out.plain[lang] = Object.entries(i18n._STRINGS[lang])
      .filter(([, v]) => typeof v === 'string' && v.includes('{n}')).map(([k, v]) => [k, v]);
  }
  i18n.setLanguage('ru');
  return out;
}"""


def test_every_count_is_grammatical_from_0_to_200(server: Server, pages: Any) -> None:
    page = pages.page(PHONE)
    page.goto(server.url + "/#rules")
    assert {"hall_i18n", "profile_i18n", "leaders_i18n"} <= set(WORDS), WORDS
    out = page.evaluate(RENDER_ALL_JS, WORDS)
    keys = out["keys"]
    # the counts the issue names, and the hall's, are all plural-aware
    for key in ("result.youWin", "result.youLose101", "result.oppLose101", "result.playerWins",
                "result.pips", "result.hangs", "opp.backs", "yourTurn.canPlay", "announce.draws",
                "tilesCount", "timeout.pointsYou", "timeout.points"):
        assert key in keys, key
    for lang, category in (("ru", ru_category), ("en", en_category)):
        for key in keys:
            forms = out["forms"][lang][key]
            assert set(forms) >= ({"one", "few", "many", "other"} if lang == "ru" else {"one", "other"}), (lang, key)
            for n, text in enumerate(out["texts"][lang][key]):
                assert "{" not in text, (lang, key, text)
                assert str(n) in text, (lang, key, text)
                assert text == forms[category(n)].replace("{n}", str(n)).replace("{name}", "Маша").replace("{result}", "+5"), (lang, key, n, text)
                assert not agreement_problems(text, lang), (lang, key, text)
        # a count left in a plain string must not be followed by a counted noun
        for key, text in out["plain"][lang]:
            for n in range(201):
                filled = text.replace("{n}", str(n))
                assert not agreement_problems(filled, lang), (lang, key, filled)


def test_the_checker_catches_the_reported_mistakes() -> None:
    assert agreement_problems("Вы выиграли 22 очков", "ru")
    assert agreement_problems("Вам записано 2 очков", "ru")
    assert agreement_problems("You won 1 points", "en")
    assert not agreement_problems("Вы выиграли 22 очка", "ru")
    assert not agreement_problems("Вы выиграли 11 очков, 21 очко, 112 очков", "ru")
    assert not agreement_problems("You won 1 point", "en")
