"""Calibrate the review's labels: how much the engine's review says each level loses.

Plays deals between a reviewed level (seat 0) and medium (seat 1), reviews seat 0, and prints
the distribution of the losses of its judged decisions, the share of each label, the noise of
the review (the same decisions reviewed with another seed) and the time per deal.

    nice -n 10 .venv/bin/python bench/analysis_calibrate.py --preset draw --deals 40
"""

from __future__ import annotations

import argparse
import statistics
import time

from doublesix.bots import make_bot
from doublesix.bots.analysis import Label, analyse
from doublesix.core import Match, PlayerView, Ruleset
from doublesix.core.dealing import SeededDealer


def play(preset: str, level: str, seed: int) -> tuple[Match, list]:
    rules = Ruleset.from_dict({"preset": preset})
    game = Match(rules, SeededDealer(seed))
    start = Match(rules, SeededDealer(seed))
    bots = [make_bot(level, seed), make_bot("medium", seed + 1)]
    steps = []
    while not game.deal.is_over:
        seat = game.to_move
        assert seat is not None
        action = bots[seat].choose(PlayerView.of(game, seat))
        game.apply(action, seat)
        steps.append((seat, action))
    return start, steps


def pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--preset", default="draw")
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--worlds", type=int, default=24)
    parser.add_argument("--levels", default="random,easy,medium,hard")
    parser.add_argument("--ms", type=float, default=0.0,
                        help="time budget per decision (0: none, every world searched)")
    parser.add_argument("--no-noise", action="store_true",
                        help="skip the second review that measures the noise")
    args = parser.parse_args()
    for level in args.levels.split(","):
        losses: list[float] = []
        noise: list[float] = []
        labels: dict[str, int] = {}
        seconds: list[float] = []
        for n in range(args.deals):
            start, steps = play(args.preset, level, 1000 + n)
            t = time.perf_counter()
            a = analyse(start, steps, 0, worlds=args.worlds, ms=args.ms or None, seed=1)
            seconds.append(time.perf_counter() - t)
            b = a
            if not args.no_noise:
                start2, _ = play(args.preset, level, 1000 + n)
                b = analyse(start2, steps, 0, worlds=args.worlds, ms=args.ms or None, seed=2)
            for d, e in zip(a.decisions, b.decisions, strict=True):
                labels[d.label.value] = labels.get(d.label.value, 0) + 1
                if d.label is not Label.FORCED:
                    losses.append(d.loss)
                    noise.append(abs(d.loss - e.loss))
        judged = len(losses)
        share = {k: f"{100 * v / max(1, judged):.0f}%" for k, v in labels.items() if k != "forced"}
        print(f"{args.preset} {level}: {judged} judged decisions in {args.deals} deals; "
              f"loss p50 {pct(losses, .5):.1f} p75 {pct(losses, .75):.1f} "
              f"p90 {pct(losses, .9):.1f} mean {statistics.fmean(losses or [0]):.1f}; "
              f"noise p50 {pct(noise, .5):.1f} p90 {pct(noise, .9):.1f} "
              f"p99 {pct(noise, .99):.1f}; labels of judged {share}; "
              f"seconds per deal p50 {pct(seconds, .5):.2f} p90 {pct(seconds, .9):.2f} "
              f"max {max(seconds):.2f}")


if __name__ == "__main__":
    main()
