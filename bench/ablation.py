"""Paired ablations: several hard variants on the same duplicate deals, each against one
opponent, with the difference to a baseline variant measured pair by pair.

Two variants played on the same deals share most of their luck, so the CI of their
*difference* (paired by deal) is much narrower than either arena CI: a few hundred pairs
are enough to rank pieces that differ by 2-3 points of win rate.

    python -m bench.ablation --preset block --pairs 300 --seed 31 --opponent medium \\
        hard:samples=16,infer=0 hard:samples=16
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time

from doublesix.bots.arena import play_pair
from doublesix.core.rules import find_preset


def _ci(values: list[float]) -> tuple[float, float, float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 1.0
    return mean, mean - half, mean + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("variants", nargs="+", help="bot specs; the first is the baseline")
    parser.add_argument("--opponent", default="medium")
    parser.add_argument("--preset", default="draw")
    parser.add_argument("--pairs", type=int, default=200)
    parser.add_argument("--seed", type=int, default=31)
    args = parser.parse_args()
    rules = find_preset(args.preset)
    rng = random.Random(args.seed)
    seeds = [rng.randrange(2**31) for _ in range(args.pairs)]
    means: dict[str, list[float]] = {}
    times: dict[str, list[float]] = {}
    start = time.perf_counter()
    for spec in args.variants:
        means[spec] = []
        times[spec] = []
        for s in seeds:
            result = play_pair(rules, spec, args.opponent, s)
            means[spec].append(sum(result.scores) / 2)
            times[spec] += result.times["a"]
        # each variant as it ends, so a run cut short by its time limit still says something
        rate, lo, hi = _ci(means[spec])
        print(f"{spec}: {rate:.4f} ({lo:.4f}-{hi:.4f}) after {time.perf_counter() - start:.0f} s",
              file=sys.stderr, flush=True)
    base = args.variants[0]
    out = {"preset": args.preset, "opponent": args.opponent, "pairs": args.pairs,
           "seed": args.seed, "seconds": round(time.perf_counter() - start), "variants": {}}
    for spec in args.variants:
        rate, lo, hi = _ci(means[spec])
        diff = [a - b for a, b in zip(means[spec], means[base], strict=True)]
        d, dlo, dhi = _ci(diff)
        ordered = sorted(times[spec])
        p95 = ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]
        out["variants"][spec] = {
            "win_rate": round(rate, 4), "ci95": [round(lo, 4), round(hi, 4)],
            "vs_baseline": round(d, 4), "vs_ci95": [round(dlo, 4), round(dhi, 4)],
            "ms_p95": round(p95, 1),
        }
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
