"""Leaf weights fitted to how deals end (issue 15, part 3), one set per preset.

``python -m bench.fit_eval --games 4000 --seed 1`` played 4,000 deals (101: deals of
matches) of medium against medium per preset and fitted, by least squares over every
decision point from both sides, the leaf features of :meth:`Searcher._evaluate` to the value
the deal finally had (a won deal 50 plus its points; the search's own terminal scale). The
fit is rough (R² 0.17 draw, 0.22 block, 0.09 in 101: a deal is mostly luck from the middle),
but it puts the leaves on the same scale as the terminals they are compared with.
"""

from __future__ import annotations

from doublesix.bots.search import EvalWeights
from doublesix.core.rules import Ruleset

LEARNED: dict[str, EvalWeights] = {
    "draw": EvalWeights(tiles=1.485, pips=0.606, mobility=6.669, turn=0.102, doubles=8.226),
    "block": EvalWeights(tiles=9.676, pips=1.857, mobility=8.858, turn=7.547, doubles=5.699),
    "101": EvalWeights(tiles=3.157, pips=0.734, mobility=6.714, turn=1.582, doubles=8.645),
}


def learned_weights(rules: Ruleset) -> EvalWeights | None:
    """The fitted weights for *rules*' preset, or None (the hand-set ones) for others."""
    return LEARNED.get(rules.preset) if rules.players == 2 else None
