"""Our bot against OpenSpiel's ISMCTS on identical deals, seats swapped (duplicate pairs).

    python -m bench.peers.vs_openspiel --bot hard:ms=100 --simulations 1000 --pairs 200

Needs the bench extra (``pip install -e ".[bench]"``). Prints the arena figures as JSON.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import sys
import time

from bench.peers.ismcts_bot import ISMCTSPeer
from bench.peers.openspiel_rules import openspiel_rules
from doublesix.bots.arena import PairResult, make_any, play_game, summarize


def play_pairs(spec: str, simulations: int, pairs: int, seed: int, uct_c: float,
               out: list[PairResult]) -> None:
    rules = openspiel_rules()
    rng = random.Random(seed)
    for k in range(pairs):
        deal_seed = rng.randrange(2**31)
        games = []
        for swap in (False, True):
            ours = make_any(spec, deal_seed * 4 + int(swap))
            theirs = ISMCTSPeer(deal_seed * 4 + 2 + int(swap), simulations, uct_c)
            seats = [theirs, ours] if swap else [ours, theirs]
            a_seats = {1} if swap else {0}
            games.append(play_game(rules, deal_seed, seats, a_seats, ["a", "b"]))  # type: ignore[list-item]
        out.append(PairResult(
            (games[0].score, games[1].score), (games[0].points, games[1].points),
            games[0].deals + games[1].deals,
            {k2: games[0].times[k2] + games[1].times[k2] for k2 in ("a", "b")},
        ))
        sys.stderr.write(f"\r{k + 1}/{pairs} pairs")
        sys.stderr.flush()
    sys.stderr.write("\n")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bot", default="hard:ms=100")
    parser.add_argument("--simulations", type=int, default=1000)
    parser.add_argument("--uct-c", type=float, default=4.0)
    parser.add_argument("--pairs", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = time.perf_counter()
    results: list[PairResult] = []
    with contextlib.suppress(KeyboardInterrupt):  # an interrupted run reports what it played
        play_pairs(args.bot, args.simulations, args.pairs, args.seed, args.uct_c, results)
    report = summarize(openspiel_rules(), args.bot, f"ismcts-{args.simulations}", results,
                       time.perf_counter() - start)
    data = report.to_dict()
    data["uct_c"] = args.uct_c
    print(json.dumps(data))
    return 0


if __name__ == "__main__":
    sys.exit(main())
