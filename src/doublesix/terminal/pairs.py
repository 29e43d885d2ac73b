"""What `doublesix play --preset kozel` says beyond a game for one: the pairs (RULES.md §9).

The human sits at seat 0 with the computer at seat 2 as partner, against seats 1 and 3. Kept
apart from :mod:`doublesix.terminal` so that the words of a pairs game live in one place.
"""

from __future__ import annotations

from doublesix.core.outcome import MatchStatus, Outcome
from doublesix.core.rules import Ruleset

PAIR_TEXTS: dict[str, dict[str, str]] = {
    "ru": {
        "mode.kozel": "«Козёл»: пары, до {target} очков",
        "pairs.seats": "Вы играете в паре с компьютером {partner} (он напротив); "
                       "соперники — компьютеры {a} и {b}.",
        "partner.n": "Партнёр (компьютер {n})",
        "opponent.n": "Соперник (компьютер {n})",
        "pairs.score": "Счёт пар: мы {us}, они {them}; до {target}.",
        "pairs.counts": "На руках у пар: мы {us}, они {them}.",
        "pairs.penalty.us": "Нашей паре записано +{points}.",
        "pairs.penalty.them": "Паре соперников записано +{points}.",
        "pairs.won": "Козлы! Матч окончен: мы победили, козлы — соперники.",
        "pairs.lost": "Козлы! Матч окончен: козлы — мы, победили соперники.",
        "pairs.dry": "Сухой козёл!",
    },
    "en": {
        "mode.kozel": "«Kozel» (the goat): pairs, to {target} points",
        "pairs.seats": "You play in a pair with computer {partner} (sitting opposite); "
                       "your opponents are computers {a} and {b}.",
        "partner.n": "Partner (computer {n})",
        "opponent.n": "Opponent (computer {n})",
        "pairs.score": "Pairs' score: us {us}, them {them}; target {target}.",
        "pairs.counts": "Pips held by the pairs: us {us}, them {them}.",
        "pairs.penalty.us": "Our pair adds {points}.",
        "pairs.penalty.them": "The other pair adds {points}.",
        "pairs.won": "Goats! The match is over: we win, they are the goats.",
        "pairs.lost": "Goats! The match is over: we are the goats, they win.",
        "pairs.dry": "A dry goat (сухой козёл)!",
    },
}


def seat_name(rules: Ruleset, human: int, seat: int, texts: dict[str, str]) -> str | None:
    """A computer seat's name in a pairs game ("Партнёр (компьютер 2)"), else None."""
    if not rules.teams:
        return None
    key = "partner.n" if rules.side_of(seat) == rules.side_of(human) else "opponent.n"
    return texts[key].format(n=seat)


def seats_line(rules: Ruleset, human: int, texts: dict[str, str]) -> str:
    partner = rules.partner_of(human)
    a, b = (s for s in range(rules.players) if rules.side_of(s) != rules.side_of(human))
    return texts["pairs.seats"].format(partner=partner, a=a, b=b)


def score_line(status: MatchStatus, rules: Ruleset, human: int, texts: dict[str, str]) -> str:
    us = rules.side_of(human)
    return texts["pairs.score"].format(us=status.scores[us], them=status.scores[1 - us],
                                       target=status.target)


def result_lines(outcome: Outcome, rules: Ruleset, human: int,
                 texts: dict[str, str]) -> list[str]:
    """The pairs' counts and who adds what after a deal (the hanging line is the caller's)."""
    us = rules.side_of(human)
    lines = []
    if outcome.counts:
        lines.append(texts["pairs.counts"].format(us=outcome.counts[us],
                                                  them=outcome.counts[1 - us]))
    if outcome.loser is not None:
        key = "pairs.penalty.us" if outcome.loser == us else "pairs.penalty.them"
        lines.append(texts[key].format(points=outcome.points))
    return lines


def match_end_lines(status: MatchStatus, rules: Ruleset, human: int,
                    texts: dict[str, str]) -> list[str]:
    """«Козлы!», and «Сухой козёл!» when the winners finished on 0."""
    lines = [texts["pairs.won" if status.winner == rules.side_of(human) else "pairs.lost"]]
    if status.dry:
        lines.append(texts["pairs.dry"])
    return lines
