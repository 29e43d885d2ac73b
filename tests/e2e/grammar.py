"""Number–noun agreement, checked independently of the page's Intl.PluralRules: the CLDR
rules for Russian and English written out, and the nouns the UI counts."""

from __future__ import annotations

import re

# noun forms by plural category: nominative (очко, костяшка, ход, минута) and accusative
RU_NOUNS: list[dict[str, str]] = [
    {"one": "очко", "few": "очка", "many": "очков"},
    {"one": "костяшка", "few": "костяшки", "many": "костяшек"},
    {"one": "костяшку", "few": "костяшки", "many": "костяшек"},
    {"one": "кость", "few": "кости", "many": "костей"},
    {"one": "ход", "few": "хода", "many": "ходов"},
    {"one": "минута", "few": "минуты", "many": "минут"},
    {"one": "секунда", "few": "секунды", "many": "секунд"},
]
EN_NOUNS: list[dict[str, str]] = [
    {"one": "point", "other": "points"},
    {"one": "tile", "other": "tiles"},
    {"one": "pip", "other": "pips"},
    {"one": "move", "other": "moves"},
    {"one": "minute", "other": "minutes"},
]


def ru_category(n: int) -> str:
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "many"


def en_category(n: int) -> str:
    return "one" if n == 1 else "other"


def agreement_problems(text: str, lang: str) -> list[str]:
    """Every "<number> <counted noun>" in *text* whose noun is in the wrong form."""
    nouns = RU_NOUNS if lang == "ru" else EN_NOUNS
    category = ru_category if lang == "ru" else en_category
    problems = []
    for m in re.finditer(r"(?<![\d:.,])(\d+)\s+([A-Za-zА-Яа-яЁё]+)", text):
        n, word = int(m.group(1)), m.group(2).lower()
        for forms in nouns:
            if word in forms.values():
                if forms[category(n)] != word:
                    problems.append(f"{m.group(0)!r} in {text!r}")
                break
    return problems
