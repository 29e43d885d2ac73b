"""Fit the hard level's leaf evaluation to how deals really end (issue 15, part 3).

Plays medium against medium (fast, and a sound model of "reasonable play" from a leaf on),
records at every decision the leaf features of :meth:`Searcher._evaluate` from both seats'
sides, and fits the weights by least squares to the value the deal finally had for that seat
(a won deal +50 plus its points, a lost one the negative, a tie 0: the search's own terminal
scale). numpy is used here only, offline; the weights are pasted into
``src/doublesix/bots/evaluation.py``.

    python -m bench.fit_eval --games 4000 --seed 1
"""

from __future__ import annotations

import argparse
import json

import numpy as np

from doublesix.bots import make_bot
from doublesix.bots.search import WIN
from doublesix.core.match import Match
from doublesix.core.rules import find_preset
from doublesix.core.tiles import DOUBLES_MASK, PIPS, VALUE_MASK
from doublesix.core.view import PlayerView

FEATURES = ("tiles", "pips", "mobility", "turn", "doubles")


def features(hands: list[int], left: int, right: int, mover: int, me: int,
             other: int) -> list[float]:
    """The leaf features of *me* against *other* (the same as the searcher computes)."""
    mine, theirs = hands[me], hands[other]
    ends = VALUE_MASK[left] | VALUE_MASK[right]
    return [
        theirs.bit_count() - mine.bit_count(),
        sum(PIPS[t] for t in range(28) if theirs >> t & 1) -
        sum(PIPS[t] for t in range(28) if mine >> t & 1),
        (1 if mine & ends else -1) - (1 if theirs & ends else -1),
        (mover == me) - (mover == other),
        (theirs & DOUBLES_MASK).bit_count() - (mine & DOUBLES_MASK).bit_count(),
    ]


def deal_value(game: Match, seat: int) -> float:
    outcome = game.deal.outcome
    assert outcome is not None
    if game.rules.is_match:
        if outcome.loser is None:
            return 0.0
        return (WIN + outcome.points) * (-1 if outcome.loser == seat else 1)
    if outcome.winner is None:
        return 0.0
    return (WIN + outcome.points) * (1 if outcome.winner == seat else -1)


def collect(preset: str, games: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    xs: list[list[float]] = []
    ys: list[float] = []
    rules = find_preset(preset)
    for g in range(games):
        game = Match(rules, seed=seed * 100_000 + g)
        bots = [make_bot("medium", 2 * g), make_bot("medium", 2 * g + 1)]
        rows: list[list[float]] = []
        while not game.deal_over:
            seat = game.to_move
            assert seat is not None
            deal = game.deal
            if deal.ends is not None:
                left, right = deal.ends
                for me in (0, 1):
                    rows.append([me, *features(list(deal.hands), left, right, seat, me,
                                               1 - me)])
            game.apply(bots[seat].choose(PlayerView.of(game, seat)), seat)
        finals = (deal_value(game, 0), deal_value(game, 1))
        for row in rows:
            xs.append(row[1:])
            ys.append(finals[int(row[0])])
    return np.array(xs), np.array(ys)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--presets", default="draw,block,101")
    args = parser.parse_args()
    out = {}
    for preset in args.presets.split(","):
        x, y = collect(preset, args.games, args.seed)
        w, *_ = np.linalg.lstsq(x, y, rcond=None)
        r2 = 1 - ((y - x @ w) ** 2).sum() / ((y - y.mean()) ** 2).sum()
        out[preset] = {"weights": dict(zip(FEATURES, np.round(w, 3).tolist(), strict=True)),
                       "r2": round(float(r2), 3), "rows": len(y)}
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
