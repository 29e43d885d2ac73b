"""The result sheet's words and sums for every kind of ending (DOM-free result_summary.js, run in
the page): the terms with their + and − always make the points the rules core reported."""

# ruff: noqa: E501  (JavaScript run in the page reads better unwrapped)

from __future__ import annotations

from typing import Any

import pytest
from e2e_helpers import PHONE, Server, shown
from grammar import agreement_problems

# results as the server sends them (doublesix.core.outcome.Outcome.to_dict)
CASES: dict[str, dict[str, Any]] = {
    "domino, single deal": {"rules": {"preset": "draw"}, "result": {"winner": 0, "reason": "domino", "points": 38, "pips": [0, 38], "loser": None, "bonuses": [], "hanging": 0}},
    "fish, difference": {"rules": {"preset": "block", "blocked_points": "difference"}, "result": {"winner": 1, "reason": "blocked", "points": 22, "pips": [38, 16], "loser": None, "bonuses": [], "hanging": 0}},
    "fish, tie": {"rules": {"preset": "block"}, "result": {"winner": None, "reason": "blocked", "points": 0, "pips": [12, 12], "loser": None, "bonuses": [], "hanging": 0}},
    "101, bonuses and hanging": {"rules": {"preset": "101"}, "match": {"scores": [10, 96], "target": 101, "over": False, "winner": None, "deal": 3, "hanging": 0},
                                 "result": {"winner": 0, "reason": "domino", "points": 86, "pips": [0, 12], "loser": 1, "bonuses": [{"kind": "lead", "tile": "6-6", "points": 50}, {"kind": "hanging", "tile": None, "points": 24}], "hanging": 0}},
    "101, lone double": {"rules": {"preset": "101"}, "match": {"scores": [0, 50], "target": 101, "over": False, "winner": None, "deal": 1, "hanging": 0},
                         "result": {"winner": 0, "reason": "domino", "points": 50, "pips": [0, 10], "loser": 1, "bonuses": [{"kind": "lone_double", "tile": "5-5", "points": 50}], "hanging": 0}},
    "101, fish that hangs": {"rules": {"preset": "101"}, "match": {"scores": [10, 20], "target": 101, "over": False, "winner": None, "deal": 2, "hanging": 24},
                             "result": {"winner": None, "reason": "blocked", "points": 0, "pips": [12, 12], "loser": None, "bonuses": [], "hanging": 24}},
}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_ending_reads_and_adds_up(server: Server, pages: Any, lang: str) -> None:
    page = pages.page(PHONE)
    page.goto(server.url + "/#rules")
    out = page.evaluate("""async ([cases, lang]) => {
      const i18n = await import('./js/i18n.js');
      const d = await import('./js/result_summary.js');
      i18n.setLanguage(lang);
      const names = lang === 'ru' ? ['Вы', 'Компьютер'] : ['You', 'Computer'];
      const out = {};
      for (const [name, c] of Object.entries(cases)) {
        for (const seat of [0, 1]) {
          const view = { ...c, seat };
          out[`${name} / seat ${seat}`] = d.resultSummary(view, { mySeat: seat, nameOf: (s) => (s === seat ? names[0] : names[1]) });
        }
      }
      i18n.setLanguage('ru');
      return out;
    }""", [CASES, lang])
    for name, s in out.items():
        case = CASES[name.split(" / ")[0]]
        r = case["result"]
        seat = int(name[-1])
        text = " ".join([s["headline"], s["verdict"], s["calc"]["caption"] or "", *[t["label"] for t in s["calc"]["terms"]]])
        assert not agreement_problems(text, lang), (name, text)
        assert "{" not in text, (name, text)
        if r["winner"] is None:
            assert s["tone"] == "draw", name
        else:
            assert s["tone"] == ("win" if r["winner"] == seat else "loss"), name
            value = 0
            for term in s["calc"]["terms"]:
                value = value - term["value"] if term["op"] == "−" else value + term["value"]
            assert value == r["points"] == s["calc"]["total"], (name, s["calc"])
        if r["hanging"]:
            assert sum(t["value"] for t in s["calc"]["terms"]) == r["hanging"], (name, s["calc"])


@pytest.mark.parametrize(("lang", "words"), [
    ("ru", [f"заход с {shown('6-6')}", "повисшие очки", f"одинокий дубль {shown('5-5')}"]),
    ("en", [f"led with {shown('6-6')}", "hanging points", f"lone double {shown('5-5')}"]),
])
def test_bonus_labels_come_from_the_kind_and_the_tile(server: Server, pages: Any, lang: str,
                                                      words: list[str]) -> None:
    # protocol 2 sends a bonus as {kind, tile, points}: the page words it, parsing no label
    page = pages.page(PHONE)
    page.goto(server.url + "/#rules")
    labels = page.evaluate("""async ([cases, lang]) => {
      const i18n = await import('./js/i18n.js');
      const d = await import('./js/result_summary.js');
      i18n.setLanguage(lang);
      const out = [];
      for (const name of ['101, bonuses and hanging', '101, lone double']) {
        const s = d.resultSummary({ ...cases[name], seat: 0 }, { mySeat: 0, nameOf: () => 'X' });
        out.push(...s.calc.terms.map((t) => t.label), ...s.bonuses.map((b) => b.text));
      }
      out.push(d.bonusName({ kind: 'finish', tile: '1-1', points: 50 }));
      i18n.setLanguage('ru');
      return out;
    }""", [CASES, lang])
    for word in words:
        assert word in labels, (word, labels)
    assert any(shown("1-1") in label for label in labels)
