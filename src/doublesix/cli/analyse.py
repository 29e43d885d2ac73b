"""`doublesix analyse RECORD.json --seat 0`: the engine's review of one seat in a finished deal.

A readable table (move, your choice, the best one, the loss, a label) with a progress bar on
stderr, or ``--json`` for the whole review. Records come from ``doublesix play --save FILE``.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from doublesix.bots.analysis import (
    DEFAULT_MS,
    DEFAULT_WORLDS,
    THRESHOLDS,
    Analysis,
    Label,
    NotFinished,
    analyse_record,
)
from doublesix.core.actions import Action, ActionKind, End
from doublesix.core.errors import InvalidSetup

WORDS = {
    "ru": {
        "head": ("ход", "ваш выбор", "лучше", "потеря", "оценка"),
        Label.BEST: "точно", Label.INACCURACY: "неточность", Label.MISTAKE: "ошибка",
        Label.BLUNDER: "грубая ошибка", Label.FORCED: "без выбора",
        "summary": "Итог сдачи для вас: {result:+.0f}. Оценки: {counts}. Разбор занял {s:.1f} с.",
        "units": "Потеря — в очках сдачи (победа считается как +50 сверх очков); пороги: {t}.",
        "bar": "Разбор",
        # the moves as the terminal game names them (terminal.py): a tile and its end
        ActionKind.DRAW: "добор", ActionKind.PASS: "пас", ActionKind.REDEAL: "пересдача",
        End.LEFT: "слева", End.RIGHT: "справа",
    },
    "en": {
        "head": ("ply", "your choice", "better", "loss", "label"),
        Label.BEST: "best", Label.INACCURACY: "inaccuracy", Label.MISTAKE: "mistake",
        Label.BLUNDER: "blunder", Label.FORCED: "forced",
        "summary": "The deal's result for you: {result:+.0f}. Labels: {counts}. "
                   "The review took {s:.1f} s.",
        "units": "Losses are in deal points (a win counts +50 on top of its points); "
                 "thresholds: {t}.",
        "bar": "Reviewing",
        ActionKind.DRAW: "draw", ActionKind.PASS: "pass", ActionKind.REDEAL: "redeal",
        End.LEFT: "left", End.RIGHT: "right",
    },
}


def at_least(kind: type[int] | type[float], low: int) -> argparse._ActionType:
    """A number of *kind* not below *low*: ``--worlds 0`` used to be taken for 1 and
    ``--ms -1`` for no budget at all, silently; the command line is refused instead."""
    number = "whole number" if kind is int else "number"
    wanted = f"give a {number} of at least {low}"

    def parse(text: str) -> int | float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a {number}: {wanted}") from None
        if value != value:  # NaN: below nothing and above nothing
            raise argparse.ArgumentTypeError(f"{text!r} is not a number: {wanted}")
        if value < low:
            raise argparse.ArgumentTypeError(f"{text!r} is below {low}: {wanted}")
        return value

    parse.__name__ = kind.__name__  # argparse names the type in its messages
    return parse


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("analyse", aliases=["analyze"],
                       help="the engine's review of a finished deal from a saved record",
                       description="«Разбор»: for every decision of one seat in a finished deal, "
                       "the value of each option from what that seat knew then, the loss of the "
                       "choice made and a label. Records come from doublesix play --save FILE.")
    p.add_argument("record", help="a game record (doublesix play --save FILE)")
    p.add_argument("--seat", type=int, default=0,
                   help="whose decisions to review (default: %(default)s)")
    p.add_argument("--deal", type=int, default=None,
                   help="which deal of a 101 match (default: the last)")
    p.add_argument("--worlds", type=at_least(int, 1), default=DEFAULT_WORLDS,
                   help="sampled worlds per decision (default: %(default)s)")
    p.add_argument("--ms", type=at_least(float, 0), default=DEFAULT_MS,
                   help="time budget per decision in ms, 0 for none (default: %(default)s)")
    p.add_argument("--seed", type=int, default=0,
                   help="the seed of the sampled worlds (default: %(default)s)")
    p.add_argument("--lang", choices=("ru", "en"), default="ru",
                   help="the language of the table (default: %(default)s)")
    p.add_argument("--json", action="store_true", help="print the review as JSON")
    p.set_defaults(func=main)


def main(args: argparse.Namespace, out: TextIO | None = None,
         err: TextIO | None = None) -> int:
    out = out if out is not None else sys.stdout
    err = err if err is not None else sys.stderr
    try:
        with open(args.record, encoding="utf-8") as fh:
            record: Any = json.load(fh)
    except (OSError, ValueError) as exc:
        err.write(f"doublesix analyse: cannot read {args.record}: {exc}\n")
        return 2
    words = WORDS[args.lang]
    bar = ProgressBar(err, str(words["bar"]))
    try:
        review = analyse_record(record, args.seat, args.deal, worlds=args.worlds,
                                ms=args.ms or None, seed=args.seed, progress=bar)
    except (InvalidSetup, NotFinished, ValueError) as exc:
        bar.close()
        err.write(f"doublesix analyse: {exc}\n")
        return 2
    bar.close()
    if args.json:
        out.write(json.dumps(review.to_dict(), ensure_ascii=False) + "\n")
    else:
        out.write(table(review, args.lang))
    return 0


class ProgressBar:
    """A one-line bar on a terminal, rewritten in place; nothing when not a terminal."""

    def __init__(self, stream: TextIO, title: str, width: int = 30) -> None:
        self.stream = stream
        self.title = title
        self.width = width
        self.live = stream.isatty()
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        if not self.live or total <= 0:
            return
        filled = self.width * done // total
        self.stream.write(f"\r{self.title} [{'#' * filled}{'.' * (self.width - filled)}]"
                          f" {done}/{total}")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            self.stream.write("\n")
            self.shown = False


def table(review: Analysis, lang: str = "ru") -> str:
    words = WORDS[lang]
    head = words["head"]
    rows = [tuple(str(h) for h in head)]
    for d in review.decisions:
        better = "" if d.best == d.chosen else move(d.best, lang)
        loss = "" if d.label is Label.FORCED else f"{d.loss:.1f}"
        rows.append((str(d.ply), move(d.chosen, lang), better, loss, str(words[d.label])))
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=True)).rstrip()
             for r in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    counts: dict[str, int] = {}
    for d in review.decisions:
        if d.label is not Label.FORCED:
            key = str(words[d.label])
            counts[key] = counts.get(key, 0) + 1
    summary = str(words["summary"]).format(
        result=review.result, s=review.seconds,
        counts=", ".join(f"{k} {v}" for k, v in counts.items()) or "-")
    limits = ", ".join(f"{words[label]} ≥ {floor:g}" for label, floor in reversed(THRESHOLDS))
    return "\n".join([*lines, "", summary, str(words["units"]).format(t=limits)]) + "\n"


def move(action: Action, lang: str = "ru") -> str:
    """*action* in the table's language: ``0-6 слева``, ``добор`` (``0-6 left``, ``draw``)."""
    words = WORDS[lang]
    if action.kind is not ActionKind.PLAY:
        return str(words[action.kind])
    return f"{action.tile} {words[action.end]}" if action.end else str(action.tile)
