"""`doublesix arena BOT_A BOT_B --preset draw --games N --seed S [--json]`."""

from __future__ import annotations

import argparse
import json
import sys

from doublesix.core.rules import PRESETS, find_preset

BOTS_HELP = (
    "random, easy, medium, hard, omniscient; hard and omniscient take options, "
    "e.g. hard:ms=50 (time budget per decision) or hard:samples=24 (fixed, deterministic); "
    "hard's pieces by name: infer=0 (no inference from the opponent's plays), iters=N or "
    "ismcts=1 (information-set MCTS instead of alpha-beta), model=1 (ISMCTS: the opponent "
    "plays the fitted model), learned=1 (fitted leaf weights), equity=0 (101 by points, "
    "not match equity)"
)


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("arena", help="duplicate-deal matches between two bots")
    p.add_argument("bot_a", help=BOTS_HELP)
    p.add_argument("bot_b", help=BOTS_HELP)
    p.add_argument("--preset", choices=PRESETS, default="draw")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--games", type=int, default=100,
                   help="deal pairs: each deal is played twice with the seats swapped")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=1, choices=(1, 2))
    p.add_argument("--first-lead", default=None, help="override the preset's first_lead")
    p.add_argument("--blocked-points", default=None,
                   help="override the preset's blocked_points")
    p.add_argument("--json", action="store_true", help="print one JSON object only")
    p.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    from doublesix.bots.arena import run_arena

    options = {"players": args.players}
    if args.first_lead:
        options["first_lead"] = args.first_lead
    if args.blocked_points:
        options["blocked_points"] = args.blocked_points
    rules = find_preset(args.preset, **options)

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
    print(f"  {a}: {report.wins} wins, {report.draws} draws, {report.losses} losses")
    print(f"  win rate {report.win_rate:.1%}  (95% CI {report.ci95[0]:.1%} – {report.ci95[1]:.1%})")
    print(f"  points per deal ({a} minus {b}): {report.points_per_deal:+.2f}")
    for spec in (a, b):
        print(f"  {spec}: move time p50 {report.ms_p50[spec]:.2f} ms, "
              f"p95 {report.ms_p95[spec]:.2f} ms")
    print(f"  {report.seconds:.0f} s")
    return 0
