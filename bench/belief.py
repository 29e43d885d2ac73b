"""How good is hard's belief about the opponent's hidden hand? No search, only the worlds.

Collects the positions where hard (``--collector``, a small fixed budget) has a choice in
games against medium and the opponent has already made plays that carry evidence, then,
for every variant of hard's options, draws the worlds hard would search there
(``HardBot._worlds``, the number of them that ``samples=`` says) and compares them with the
true deal:

* ``brier`` / ``logloss``: per unseen tile, the share of the worlds in which the opponent
  holds it against whether it truly does (log-loss with the share smoothed by half a world);
* ``distinct``: how many different opponent hands the worlds are;
* ``consistent``: the share of the worlds in which every observed choice of the opponent was
  medium's own best play (the true world nearly always is; origins of tiles ignored);
* ``ms``: the time to draw them (sampling and likelihood), per decision and per world.

    nice -n 10 .venv/bin/python bench/belief.py --preset block --deals 60 \\
        samples=16 samples=16,infer=0 samples=16,eps=0.01,tmin=0.1 samples=16,mcmc=4
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time

from doublesix.bots.arena import make_any
from doublesix.bots.hard import HardBot
from doublesix.bots.inference import observed_choices
from doublesix.bots.knowledge import infer
from doublesix.bots.likelihood import Likelihood
from doublesix.bots.sampling import sample_world
from doublesix.bots.seeding import decision_rng
from doublesix.core.actions import ActionKind
from doublesix.core.match import Match
from doublesix.core.rules import find_preset
from doublesix.core.tiles import indices_of
from doublesix.core.view import PlayerView


def positions(preset: str, deals: int, seed: int, collector: str
              ) -> list[tuple[PlayerView, int]]:
    """(view, the opponent's true hand) at every decision of hard with a choice between
    plays and with evidence, in *deals* deals against medium (hard in both seats)."""
    rules = find_preset(preset)
    out = []
    for n in range(deals):
        game = Match(rules, seed=seed + n)
        hard_seat = n % 2
        bots = [make_any(collector, n), make_any("medium", n)]
        if hard_seat:
            bots.reverse()
        while not game.deal_over:
            seat = game.to_move
            assert seat is not None
            view = PlayerView.of(game, seat)
            plays = [a for a in view.legal if a.kind is ActionKind.PLAY]
            if seat == hard_seat and len(plays) > 1 and observed_choices(view):
                out.append((view, game.deal.hands[1 - seat]))
            bot = bots[seat]
            assert isinstance(bot, HardBot) or hasattr(bot, "choose")
            game.apply(bot.choose(view), seat)  # type: ignore[union-attr]
    return out


def measure(spec: str, cases: list[tuple[PlayerView, int]]) -> dict[str, float]:
    opts: dict[str, float] = {}
    for item in filter(None, spec.split(",")):
        key, _, value = item.partition("=")
        opts[key] = float(value)
    bot = HardBot(7, **opts)
    count = bot.samples or 16
    brier: list[float] = []
    logloss: list[float] = []
    distinct: list[float] = []
    consistent: list[float] = []
    true_ok: list[float] = []
    ms: list[float] = []
    for view, truth in cases:
        know = infer(view)
        rng = decision_rng(7, view)
        opp = 1 - view.seat
        t = time.perf_counter()
        source = bot._worlds(view, know, rng, [])
        worlds = [next(source) for _ in range(count)]
        ms.append(1000 * (time.perf_counter() - t))
        lik = Likelihood(observed_choices(view), 0.05, False)
        consistent.append(statistics.fmean(
            1.0 if lik.consistent(h, None) else 0.0 for h, _ in worlds))
        truth_hands = [0, 0]
        truth_hands[opp] = truth
        true_ok.append(1.0 if lik.consistent(truth_hands, None) else 0.0)
        distinct.append(len({h[opp] for h, _ in worlds}))
        unseen = indices_of(know.unknown)
        for u in unseen:
            held = sum(h[opp] >> u & 1 for h, _ in worlds)
            y = truth >> u & 1
            p = held / count
            brier.append((p - y) ** 2)
            q = (held + 0.5) / (count + 1)
            logloss.append(-math.log(q if y else 1 - q))
    return {"brier": statistics.fmean(brier), "logloss": statistics.fmean(logloss),
            "distinct": statistics.fmean(distinct), "consistent": statistics.fmean(consistent),
            "true_consistent": statistics.fmean(true_ok),
            "ms_decision": statistics.fmean(ms), "ms_world": statistics.fmean(ms) / count,
            "positions": len(cases)}


def floor(cases: list[tuple[PlayerView, int]], size: int, temperature: float) -> dict[str, float]:
    """The Brier score of the belief itself, without the noise of a few worlds: every unseen
    tile's probability from *size* weighted candidates (temperature 0: unweighted, i.e. the
    uniform law over the worlds the hard constraints allow)."""
    brier: list[float] = []
    for view, truth in cases:
        know = infer(view)
        rng = random.Random(11)
        opp = 1 - view.seat
        lik = Likelihood(observed_choices(view), 0.05, True)
        pool = []
        for _ in range(size):
            o: dict[int, int] = {}
            h, _ = sample_world(know, rng, 0.0, o)
            pool.append((h, o))
        if temperature:
            logs = [lik.log(h, o, temperature) for h, o in pool]
            top = max(logs)
            weights = [math.exp(x - top) for x in logs]
        else:
            weights = [1.0] * size
        total = sum(weights)
        for u in indices_of(know.unknown):
            p = sum(w for w, (h, _) in zip(weights, pool, strict=True) if h[opp] >> u & 1)
            brier.append((p / total - (truth >> u & 1)) ** 2)
    return {"brier": statistics.fmean(brier), "positions": len(cases)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("variants", nargs="+", help="hard options, e.g. samples=16,eps=0.01")
    parser.add_argument("--preset", default="block")
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--collector", default="hard:samples=8")
    parser.add_argument("--floor", type=int, default=0,
                        help="also the belief's own Brier score from this many candidates")
    args = parser.parse_args()
    t = time.perf_counter()
    cases = positions(args.preset, args.deals, args.seed, args.collector)
    print(f"{len(cases)} positions in {time.perf_counter() - t:.0f} s", file=sys.stderr,
          flush=True)
    if args.floor:
        for temperature in (0.0, 4.0, 1.5, 0.5, 0.1):
            row = floor(cases, args.floor, temperature)
            print(json.dumps({"floor": args.floor, "temperature": temperature, **{
                k: round(v, 4) for k, v in row.items()}}), flush=True)
    for spec in args.variants:
        row = measure(spec, cases)
        print(json.dumps({"spec": spec, **{k: round(v, 4) for k, v in row.items()}}),
              flush=True)


if __name__ == "__main__":
    main()
