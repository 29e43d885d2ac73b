"""`doublesix arena BOT_A BOT_B --preset draw --games N --seed S [--json]`."""

from __future__ import annotations

import argparse
import difflib
import json
import sys
import textwrap

from doublesix.cli.errors import UsageError, choose_one
from doublesix.core.errors import InvalidSetup
from doublesix.core.rules import PRESETS, find_preset

#: the bots that take options, each with its own list of them
TUNABLE = ("hard", "omniscient")
BOTS_HELP = (
    "random, easy, medium, hard or omniscient (it sees every hand: a yardstick, never an "
    "opponent); hard and omniscient take options, e.g. hard:ms=50 or hard:samples=24,depth=6 "
    "(every option is listed below)"
)


def bot_options(name: str) -> dict[str, str]:
    """The options *name* takes and what each does, from the bot's own module."""
    if name == "hard":
        from doublesix.bots.hard import OPTIONS
    else:
        from doublesix.bots.omniscient import OPTIONS
    return OPTIONS


def options_help() -> str:
    """Every option of every bot that takes one, one a line (``doublesix arena --help``)."""
    lines = ["Bot options, as BOT:NAME=NUMBER,NAME=NUMBER:"]
    for name in TUNABLE:
        options = bot_options(name)
        width = max(map(len, options))
        lines += ["", f"{name}:"]
        for key, text in options.items():
            lines += textwrap.wrap(f"  {key:<{width}}  {text}", 79,
                                   subsequent_indent=" " * (width + 4))
    return "\n".join(lines)


def positive_int(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number above 0: give 1 or more")
    return int(text)


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("arena", help="duplicate-deal matches between two bots",
                       description=textwrap.fill(
                           "Duplicate-deal matches between two bots: each deal is played twice "
                           "with the seats swapped. Prints win rate, points per deal and move "
                           "times.", 79),
                       # the list of bot options below keeps its lines
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.epilog_from = options_help
    p.add_argument("bot_a", metavar="BOT_A", help=BOTS_HELP)
    p.add_argument("bot_b", metavar="BOT_B", help="the opponent, as BOT_A")
    p.add_argument("--preset", choices=PRESETS, default="draw",
                   help="the ruleset (default: %(default)s)")
    p.add_argument("--players", type=int, default=None,
                   help="2, 3 or 4; kozel always 4 (default: 2; kozel: 4)")
    p.add_argument("--games", type=positive_int, default=100,
                   help="deal pairs: each deal is played twice with the seats swapped"
                   " (default: %(default)s)")
    p.add_argument("--seed", type=int, default=1, help="the first deal's seed (default: 1)")
    p.add_argument("--workers", type=int, default=1, choices=(1, 2),
                   help="processes to play in (default: %(default)s)")
    p.add_argument("--first-lead", default=None,
                   help="override the preset's first_lead (highest_double,"
                   " lowest_double_from_1_1, any; default: the preset's)")
    p.add_argument("--blocked-points", default=None,
                   help="override the preset's blocked_points (difference, others_sum, penalty;"
                   " default: the preset's)")
    p.add_argument("--json", action="store_true", help="print one JSON object only")
    p.set_defaults(func=main)


def check_spec(spec: str) -> None:
    """A bot spec as make_any reads it, or a UsageError that says what to write instead."""
    from doublesix.bots import bot_names

    name, _, opts = spec.partition(":")
    known = [*bot_names(), "omniscient"]
    if name not in known:
        raise choose_one("bot", name, known)
    if not opts:
        return
    if name not in TUNABLE:
        raise UsageError(f"{spec!r}: only {' and '.join(TUNABLE)} take options, not {name}")
    takes = list(bot_options(name))
    for item in opts.split(","):
        key, equals, value = item.partition("=")
        if key.strip() not in takes:
            # one short line: `doublesix arena --help` lists them all, with what each does
            listed = ", ".join(takes) if len(takes) <= 12 else \
                f"{', '.join(takes[:10])} and {len(takes) - 10} more"
            close = difflib.get_close_matches(key.strip(), takes, n=1)
            hint = f"did you mean {close[0]}? " if close else ""
            raise UsageError(f"{spec!r}: {name} takes no option {key.strip()!r}; {hint}it takes "
                             f"{listed} (`doublesix arena --help` says what each does)")
        try:
            float(value)
        except ValueError:
            raise UsageError(f"{spec!r}: {key.strip()} needs a number, e.g. "
                             f"{name}:{key.strip()}=50") from None
        if not equals:
            raise UsageError(f"{spec!r}: write {name}:{key.strip()}=NUMBER")


def main(args: argparse.Namespace) -> int:
    from doublesix.bots.arena import run_arena

    options = {"players": args.players}
    if args.first_lead:
        options["first_lead"] = args.first_lead
    if args.blocked_points:
        options["blocked_points"] = args.blocked_points
    try:
        rules = find_preset(args.preset, **options)
    except InvalidSetup as exc:
        raise UsageError(str(exc)) from None
    check_spec(args.bot_a)
    check_spec(args.bot_b)

    def progress(done: int, total: int) -> None:
        width = 30
        filled = width * done // total
        if done != total and filled == width * (done - 1) // total:
            return  # redraw only when the bar grows
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} pairs")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    report = run_arena(rules, args.bot_a, args.bot_b, args.games, args.seed, args.workers,
                       progress=progress if sys.stderr.isatty() else None)
    data = report.to_dict()
    if args.json:
        print(json.dumps(data))
        return 0
    a, b = args.bot_a, args.bot_b
    print(f"{a} vs {b}: preset {report.preset}, {report.players} players, "
          f"{report.pairs} deal pairs ({report.games} games, {report.deals} deals)")
    if rules.teams:
        print(f"  pairs: {a}+{a} against {b}+{b}, each deal sequence played again with the "
              f"pairs' seats rotated")
    print(f"  {a}: {counted(report.wins, 'win')}, {counted(report.draws, 'draw')}, "
          f"{counted(report.losses, 'loss', 'losses')}")
    print(f"  win rate {report.win_rate:.1%}  (95% CI {report.ci95[0]:.1%} – {report.ci95[1]:.1%})")
    print(f"  points per deal ({a} minus {b}): {report.points_per_deal:+.2f}")
    for spec in (a, b):
        print(f"  {spec}: move time p50 {report.ms_p50[spec]:.2f} ms, "
              f"p95 {report.ms_p95[spec]:.2f} ms")
    print(f"  played in {report.seconds:.0f} s")
    return 0


def counted(n: int, one: str, many: str = "") -> str:
    """``1 draw``, ``2 draws``: *many* when the plural is not *one* + s."""
    return f"{n} {one if n == 1 else many or one + 's'}"
