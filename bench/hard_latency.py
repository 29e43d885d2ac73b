"""The hard level's time per decision: every decision, and those with a real choice.

    .venv/bin/python bench/hard_latency.py [--preset kozel] [--games 20] [--ms 180] \
        [--options bal=4,pool=16]

The even seats are the hard level (in kozel: one pair), the odd seats medium; the first deal
of each seeded game is played. Prints one JSON object: counts, p50 / p95 / max in ms (wall
clock, as a player waits it), the worlds searched per decision with a choice (p10, p50),
and the load average, since the machine is shared.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import time

from doublesix.bots import make_bot
from doublesix.bots.hard import HardBot
from doublesix.bots.knowledge import Knowledge
from doublesix.core.actions import Action
from doublesix.core.match import Match
from doublesix.core.rules import find_preset
from doublesix.core.view import PlayerView


def pct(values: list[float], q: int) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, math.ceil(q / 100 * len(ordered)) - 1))
    return round(ordered[k], 1)


class _Counting(HardBot):
    """The hard level, noting how many worlds each decision searched."""

    def __init__(self, seed: int, **options: float | None) -> None:
        super().__init__(seed, **options)  # type: ignore[arg-type]
        self.worlds: list[int] = []

    def _search(self, view: PlayerView, know: Knowledge, plays: list[Action],
                rng: random.Random, deadline: float | None) -> tuple[dict[Action, float], int]:
        totals, worlds = super()._search(view, know, plays, rng, deadline)
        self.worlds.append(worlds)
        return totals, worlds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--preset", default="kozel")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--ms", type=float, default=None, help="hard's budget (default 180)")
    parser.add_argument("--options", default="",
                        help="other hard options as in an arena spec, e.g. bal=4,pool=16")
    args = parser.parse_args()
    rules = find_preset(args.preset, players=args.players)
    options = {k: float(v) for k, _, v in
               (item.partition("=") for item in filter(None, args.options.split(",")))}
    hard = _Counting(1, ms=args.ms, **options)
    every: list[float] = []
    choices: list[float] = []
    for seed in range(args.games):
        game = Match(rules, seed=seed)
        others = [make_bot("medium", s) for s in range(rules.players)]
        while not game.deal_over:
            seat = game.to_move
            assert seat is not None
            view = PlayerView.of(game, seat)
            if seat % 2 == 0:
                start = time.perf_counter()
                action = hard.choose(view)
                ms = (time.perf_counter() - start) * 1000
                every.append(ms)
                if len(view.legal) > 1:
                    choices.append(ms)
            else:
                action = others[seat].choose(view)
            game.apply(action, seat)
    print(json.dumps({
        "preset": rules.preset, "players": rules.players, "budget_ms": hard.ms,
        "decisions": len(every), "p50_ms": pct(every, 50), "p95_ms": pct(every, 95),
        "with_a_choice": len(choices), "choice_p50_ms": pct(choices, 50),
        "choice_p95_ms": pct(choices, 95), "max_ms": round(max(every), 1),
        "worlds_p10": pct([float(w) for w in hard.worlds or [0]], 10),
        "worlds_p50": pct([float(w) for w in hard.worlds or [0]], 50),
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
